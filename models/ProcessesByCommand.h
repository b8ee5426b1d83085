// runlens-rec (and the APerf import) name a process's series after the process: "1234/postgres".
// Two runs of the same workload never share PIDs, so compared that way the same program in two
// runs never overlays and the summary finds nothing to compare. Runs therefore show processes by
// command: the series of every process of one command summed into one ("postgres"), the sum of
// all shown processes as the metric's aggregate ("all"), and the PIDs kept for the tooltip.
// Where the recorder kept the command lines (the proc collector's details, "command_lines"), a
// command is named with its program argument ("java a.jar", "python3 train.py"), so that processes
// sharing a command name are told apart and matched across runs by the program they run; older
// archives and imports without command lines fall back to the command name.
#pragma once

#include "RunArchive.h"

#include <map>
#include <string>
#include <vector>

namespace ProcessesByCommand {

// Per (metric, command) after grouping (command as named, with its program argument): the PIDs whose series it sums, in the order met.
using Pids = std::map<std::pair<std::string, std::string>, std::vector<std::string>>;
// Per (metric, command): the command line of its first process, where the recorder kept one
// ("java -jar /opt/a.jar"), so that the tooltip shows what "java a.jar" stands for.
using CommandLines = std::map<std::pair<std::string, std::string>, std::string>;

struct Grouped {
    Pids pids;
    CommandLines commandLines;
};

// Groups the "pid/command" columns of the run's per-process metrics (descriptor dimension
// "process") in place. Columns of other shapes are left as they are. Returns the PIDs and a
// command line per grouped column.
Grouped group(runlens::format::RunArchive& run);

} // namespace ProcessesByCommand
