// What `runlens-rec record` was asked to do about the workload: run a command (`-- COMMAND`),
// follow a log file (`--follow`), and which lines become metrics.
#pragma once

#include "WorkloadRule.h"

#include <string>
#include <vector>

namespace runlens::workload {

struct WorkloadOptions {
    std::vector<std::string> command;   // everything after `--`; empty = no command
    std::string follow;                 // --follow FILE; empty = none
    std::vector<std::string> presets;   // --workload-preset, in the order given
    std::vector<WorkloadRule> rules;    // the presets' rules, then --workload-metric/--workload-result
    bool passThrough = true;            // copy the command's output to the recorder's stdout/stderr

    bool active() const { return !command.empty() || !follow.empty(); }
};

} // namespace runlens::workload
