// Counters through perf_event_open: one group per CPU, PERF_FORMAT_GROUP with time enabled and
// running, counting system-wide (pid -1), never reset (each reset costs another IPI per CPU).
#pragma once

#include "CounterSource.h"
#include "HostPaths.h"

#include <vector>

namespace runlens::collect::pmu {

class PerfEventCounterSource final : public CounterSource
{
public:
    // paths: where perf_event_paranoid is read, to explain refused opens; the default is this host.
    explicit PerfEventCounterSource(const HostPaths& paths = {});
    ~PerfEventCounterSource() override;
    PerfEventCounterSource(const PerfEventCounterSource&) = delete;
    PerfEventCounterSource& operator=(const PerfEventCounterSource&) = delete;

    OpenFailure probe(std::span<const perf_event_attr> group, int cpu, bool& fullyCounted) override;
    std::vector<OpenFailure> open(const std::vector<CounterGroupSpec>& groups, std::span<const int> cpus) override;
    bool read(std::size_t group, std::size_t cpuIndex, GroupReading& reading) override;
    void close() override;

private:
    struct OpenGroup {
        std::size_t size = 0;
        std::vector<int> fds;     // [cpuIndex * size + event]; leader first
    };
    // Opens one group on one CPU into fds (appended); on failure closes what it opened.
    OpenFailure openOne(std::span<const perf_event_attr> group, int cpu, std::vector<int>& fds, bool enabled);

    std::vector<OpenGroup> m_groups;
    std::vector<std::uint64_t> m_buffer; // read() target: nr, enabled, running, values...
    int m_paranoid; // perf_event_paranoid at construction, for the error messages
};

} // namespace runlens::collect::pmu
