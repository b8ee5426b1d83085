// Where counter values come from: perf_event_open in production, recorded readings in tests and
// benchmarks. Both feed the same scaling and formula code (MetricDeriver).
#pragma once

#include "OpenFailure.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace runlens::collect::pmu {

struct CounterGroupSpec {
    std::string name;                   // "hw0", "hw1", "software": the multiplexing instance
    std::vector<perf_event_attr> events; // the first is the leader
};

// One read of a group on one CPU: cumulative since open (never reset).
struct GroupReading {
    std::uint64_t enabled = 0; // ns the group was enabled
    std::uint64_t running = 0; // ns it was really on the counters
    std::span<std::uint64_t> values; // one per event, sized by the caller
};

class CounterSource
{
public:
    virtual ~CounterSource() = default;

    // Opens the group on one CPU, enables it for a moment where the source can, and closes it:
    // used at setup to find which events this host counts and how many fit in one group.
    // fullyCounted is set to whether the group was on the counters the whole time.
    virtual OpenFailure probe(std::span<const perf_event_attr> group, int cpu, bool& fullyCounted) = 0;

    // Opens every group on every CPU and starts counting. Returns one result per group; a group
    // that failed on any CPU is closed on all, so every open group covers the same CPUs.
    virtual std::vector<OpenFailure> open(const std::vector<CounterGroupSpec>& groups, std::span<const int> cpus) = 0;

    // Reads group × cpuIndex (index into the cpus given to open). False when it is not open or the
    // read failed (a CPU went offline). Must not allocate.
    virtual bool read(std::size_t group, std::size_t cpuIndex, GroupReading& reading) = 0;

    virtual void close() = 0;
};

} // namespace runlens::collect::pmu
