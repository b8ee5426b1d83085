// Subcommands that work without a window, for scripts and CI: `runlens convert|summary|export|remote`.
// Each one creates the application object it needs (QCoreApplication, or QGuiApplication on the
// offscreen platform for rendering) and returns the process exit code.
#pragma once

#include <QStringList>

#include <span>

struct HeadlessCommand {
    const char* name;    // the word after `runlens`
    const char* summary; // one line for `runlens --help`
    // argv[0] is the program, argv[1] the command's name; the command parses the rest itself.
    int (*run)(int argc, char** argv);
};

std::span<const HeadlessCommand> headlessCommands();
const HeadlessCommand* findHeadlessCommand(const char* name);

// The command's arguments for QCommandLineParser::process(): the program, then everything after
// the command's name.
QStringList headlessArguments(int argc, char** argv);
