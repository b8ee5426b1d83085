#include "CommandLine.h"
#include "cli/HeadlessCommands.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace {

// The options every Qt GUI application takes (QGuiApplication and QApplication read them from
// argv). The command line is parsed before the QApplication exists, so they are still there:
// left in, the parser would refuse `runlens -platform offscreen` as an unknown option.
QStringList withoutQtOptions(const QStringList& arguments)
{
    static const QStringList kWithValue = {
        QStringLiteral("platform"), QStringLiteral("platformpluginpath"), QStringLiteral("platformtheme"),
        QStringLiteral("plugin"), QStringLiteral("qwindowgeometry"), QStringLiteral("qwindowicon"),
        QStringLiteral("qwindowtitle"), QStringLiteral("session"), QStringLiteral("display"),
        QStringLiteral("geometry"), QStringLiteral("name"), QStringLiteral("style"), QStringLiteral("stylesheet"),
        QStringLiteral("qmljsdebugger")};
    static const QStringList kFlags = {QStringLiteral("reverse"), QStringLiteral("widgetcount"), QStringLiteral("nograb"),
                                       QStringLiteral("dograb"), QStringLiteral("sync")};
    QStringList kept;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if (i == 0 || !argument.startsWith(QLatin1Char('-')) || argument == QLatin1String("--")) {
            kept.append(argument);
            continue;
        }
        QString name = argument.mid(argument.startsWith(QLatin1String("--")) ? 2 : 1);
        const qsizetype equals = name.indexOf(QLatin1Char('='));
        const bool valueAttached = equals >= 0;
        if (valueAttached)
            name.truncate(equals);
        if (kWithValue.contains(name)) {
            if (!valueAttached)
                ++i; // and its value
            continue;
        }
        if (kFlags.contains(name) && !valueAttached)
            continue;
        kept.append(argument);
    }
    return kept;
}

} // namespace

CommandLine CommandLine::parse(const QStringList& rawArguments)
{
    const QStringList arguments = withoutQtOptions(rawArguments);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("CommandLine", "Runlens opens performance runs recorded by runlens-rec and "
                                                   "compares them: time-series charts, flame graphs and summary "
                                                   "deltas between a baseline and the other runs."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption demoOption(QStringLiteral("demo"),
                                        QCoreApplication::translate("CommandLine", "Open the bundled demo runs."));
    parser.addOption(demoOption);
    parser.addPositionalArgument(QStringLiteral("files"),
                                 QCoreApplication::translate("CommandLine", "Run archives (.tar.gz) to open."),
                                 QStringLiteral("[FILE...]"));

    CommandLine result;
    // parse() rather than process(): process() would print and exit, which a test cannot observe.
    if (!parser.parse(arguments)) {
        result.outcome = Outcome::ExitError;
        result.message = parser.errorText() + QLatin1Char('\n')
                       + QCoreApplication::translate("CommandLine", "Run 'runlens --help' for the options.");
        return result;
    }
    if (parser.isSet(helpOption)) {
        result.outcome = Outcome::ExitOk;
        result.message = parser.helpText();
        if (!headlessCommands().empty()) {
            result.message += QLatin1Char('\n')
                            + QCoreApplication::translate("CommandLine", "Commands (run 'runlens COMMAND --help'):")
                            + QLatin1Char('\n');
            for (const HeadlessCommand& command : headlessCommands())
                result.message += QStringLiteral("  %1  %2\n")
                                      .arg(QString::fromLatin1(command.name), -10)
                                      .arg(QString::fromUtf8(command.summary));
        }
        return result;
    }
    if (parser.isSet(versionOption)) {
        result.outcome = Outcome::ExitOk;
        result.message = QCoreApplication::applicationName() + QLatin1Char(' ')
                       + QCoreApplication::applicationVersion() + QLatin1Char('\n');
        return result;
    }
    result.files = parser.positionalArguments();
    result.openDemo = parser.isSet(demoOption);
    return result;
}
