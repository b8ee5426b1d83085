// runlens: the desktop application that opens and compares recorded runs.
#include "CommandLine.h"
#include "MainWindow.h"
#include "RunlensVersion.h"
#include "cli/HeadlessCommands.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace {

void installTranslations(QApplication& app)
{
    // Parented to the application, so they live exactly as long as it does.
    auto* qtTranslator = new QTranslator(&app);
    if (qtTranslator->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                           QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtTranslator);
    auto* appTranslator = new QTranslator(&app);
    if (appTranslator->load(QLocale(), QStringLiteral("runlens"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(appTranslator);
}

void setApplicationIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Runlens"));
    QCoreApplication::setApplicationName(QStringLiteral("runlens"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(runlens::kVersion));
}

// --help and --version must work over SSH and in scripts without a display, so the command line is
// parsed under a QCoreApplication before any window-system connection is made.
CommandLine parseCommandLine(int& argc, char** argv)
{
    QCoreApplication core(argc, argv);
    setApplicationIdentity();
    return CommandLine::parse(QCoreApplication::arguments());
}

} // namespace

int main(int argc, char** argv)
{
    // `runlens convert|summary|export|remote ...` never opens a window.
    if (argc > 1) {
        if (const HeadlessCommand* command = findHeadlessCommand(argv[1]))
            return command->run(argc, argv);
    }

    const CommandLine commandLine = parseCommandLine(argc, argv);
    if (commandLine.outcome != CommandLine::Outcome::Run) {
        const bool ok = commandLine.outcome == CommandLine::Outcome::ExitOk;
        std::fputs(qPrintable(commandLine.message), ok ? stdout : stderr);
        return ok ? 0 : 2;
    }

    QApplication app(argc, argv);
    setApplicationIdentity();
    QApplication::setApplicationDisplayName(QStringLiteral("Runlens"));
    QApplication::setDesktopFileName(QStringLiteral("runlens"));
    installTranslations(app);

    MainWindow window;
    window.show();
    if (commandLine.openDemo)
        window.openDemoRuns();
    if (!commandLine.files.isEmpty())
        window.openRuns(commandLine.files);
    return QApplication::exec();
}
