#include "HeadlessCommands.h"

#include <array>
#include <cstring>

// Each command lives in its own file under app/cli/ and is declared here; keep the table sorted.
// (Entries are added as the commands land.)

int runConvertCommand(int argc, char** argv);
int runExportCommand(int argc, char** argv);
int runRemoteCommand(int argc, char** argv);
int runSummaryCommand(int argc, char** argv);

namespace {

constexpr std::array kCommands{
    HeadlessCommand{"convert", "Convert a profile to folded stacks (--to folded FILE) or runs to their series (--to csv|json RUN...)", runConvertCommand},
    HeadlessCommand{"export", "Export charts, flame graphs, heat maps or the summary as PNG, SVG or PDF (--runs A B --metric ID [--window 30s:210s] -o out.svg)", runExportCommand},
    HeadlessCommand{"remote", "Record on a host over SSH and fetch the run (record|fetch|list HOST ...)", runRemoteCommand},
    HeadlessCommand{"summary", "Compare runs with a baseline: deltas beyond noise, findings, host differences (--baseline A B [C…] [--window FROM:TO] [--format md|csv|json])", runSummaryCommand},
};

} // namespace

std::span<const HeadlessCommand> headlessCommands()
{
    return kCommands;
}

const HeadlessCommand* findHeadlessCommand(const char* name)
{
    for (const HeadlessCommand& command : kCommands) {
        if (std::strcmp(command.name, name) == 0)
            return &command;
    }
    return nullptr;
}

QStringList headlessArguments(int argc, char** argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i) {
        if (i != 1) // argv[1] is the command's name
            arguments.append(QString::fromLocal8Bit(argv[i]));
    }
    return arguments;
}
