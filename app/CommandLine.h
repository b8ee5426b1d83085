// What the user asked for on the command line: `runlens [--demo] [FILE...]`, plus --help/--version.
#pragma once

#include <QStringList>

class QCoreApplication;

struct CommandLine {
    enum class Outcome { Run, ExitOk, ExitError };

    Outcome outcome = Outcome::Run;
    QString message;    // help, version or error text when outcome is not Run
    QStringList files;  // run archives to open
    bool openDemo = false;

    static CommandLine parse(const QStringList& arguments);
};
