#include "CommandLine.h"
#include "cli/HeadlessCommands.h"

#include <QCommandLineParser>
#include <QCoreApplication>

CommandLine CommandLine::parse(const QStringList& arguments)
{
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
