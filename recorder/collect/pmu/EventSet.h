// One set of events and the formulas derived from them, for one microarchitecture (a JSON file
// under eventsets/, compiled in) or given by the user with --pmu-events (APerf's format works).
#pragma once

#include "HostPmu.h"

#include <nlohmann/json_fwd.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace runlens::collect::pmu {

class EventSetError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct EventDefinition {
    std::string name; // how formulas refer to it: "Instructions"
    std::string pfm;  // libpfm4 name without the PMU prefix ("INST_RETIRED:ANY_P"); may be empty
    std::string raw;  // "core/event=0xc0,umask=0x0/" or "cpu/..."; used when libpfm4 cannot encode
};

struct MetricDefinition {
    std::string id;      // "pmu.ipc"
    std::string formula; // "Instructions / Cycles"
};

class EventSet
{
public:
    // Reads {"name", "title", "match", "libpfm_pmu", "events", "metrics"}; events map a name to
    // {"pfm", "raw"} or to a raw string; metric names in APerf's spelling ("branch-mpki") become
    // the recorder's ids ("pmu.branch_mpki"). Throws EventSetError naming source and key.
    static EventSet fromJson(const nlohmann::ordered_json& json, const std::string& source);
    // The same, from text; the error names the file.
    static EventSet parse(std::string_view text, const std::string& source);

    // The recorder's id for a metric name: "pmu.*" stays, APerf names map onto the same meaning.
    static std::string metricId(std::string_view name);

    bool matches(const HostPmu& host) const;
    // Adds the other set's events and metrics; a name or id already here is replaced.
    void merge(const EventSet& other);

    std::string name;
    std::string title;
    std::string source;
    std::string libpfmPmu; // "skx", "icx", "spr", "amd64_fam19h_zen3" ...
    std::vector<EventDefinition> events;
    std::vector<MetricDefinition> metrics;

    // Which hosts this set is for (empty = matches nothing; user sets are merged, not matched).
    std::string vendor;
    int family = -1;
    std::vector<std::pair<int, int>> models; // inclusive ranges of x86 model numbers
    int armImplementer = -1;
    std::vector<int> armParts;
};

} // namespace runlens::collect::pmu
