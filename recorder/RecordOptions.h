// Everything `runlens-rec record` was asked to do.
#pragma once

#include "HostPaths.h"
#include "ProfileOptions.h"
#include "WorkloadOptions.h"

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace runlens::recorder {

struct RecordOptions {
    std::string name;                                  // validated run name; empty = default
    std::optional<std::chrono::nanoseconds> duration;  // none = until SIGINT/SIGTERM
    std::chrono::nanoseconds interval = std::chrono::seconds(1);
    std::string outDirectory = ".";
    std::vector<std::string> collect;                  // only these collectors (empty = all)
    std::vector<std::string> skip;                     // all but these
    std::string note;
    std::vector<std::pair<std::string, std::string>> tags;
    collect::HostPaths paths;
    std::string imdsEndpoint = "169.254.169.254:80";   // "off" skips the EC2 lookup
    bool quiet = false;
    bool keepSpool = false;                            // leave NAME.spool/ after packing (debugging, tests)
    std::vector<std::string> commandLine;              // recorded in the manifest
    std::string pmuEventsFile;                         // --pmu-events: extra PMU events and formulas (JSON)
    profile::ProfileOptions profile;                   // --profile, --profile-hz, --profile-backend
    workload::WorkloadOptions workload;                // -- COMMAND, --follow, --workload-metric ...
    std::vector<std::string> scrapeUrls;               // --scrape: Prometheus endpoints read every interval
};

} // namespace runlens::recorder
