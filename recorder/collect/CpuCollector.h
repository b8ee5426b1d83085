// CPU time shares per CPU and for the whole host (/proc/stat), the scheduler's counters and the
// load averages (/proc/loadavg).
#pragma once

#include "Collector.h"
#include "ProcFile.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace runlens::collect {

class CpuCollector final : public Collector
{
public:
    // The time fields of a "cpu" line of /proc/stat, in the kernel's order.
    static constexpr std::size_t kTimeFields = 10;

    std::string_view name() const override { return "cpu"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

private:
    using Times = std::array<std::uint64_t, kTimeFields>;

    struct CpuState {
        std::string instance;                    // "cpu3" or "all"
        std::array<int, kTimeFields + 1> columns{}; // the time fields, then cpu.busy; interned on first sight
        bool interned = false;
        Times previous{};
        std::size_t previousCount = 0;           // fields in previous; 0 = no usable previous sample
        bool online = false;                     // present in the latest sample
        std::uint64_t seenAt = 0;                // the sample number it was last present in
    };

    // A cumulative scalar (ctxt, processes) turned into a per-second rate.
    struct ScalarCounter {
        int column = -1;
        std::uint64_t previous = 0;
        bool hasPrevious = false;
        std::uint64_t seenAt = 0;
    };

    void internColumns(CpuState& state, MetricGroup& group);
    static void setShares(CpuState& state, const Times& now, std::size_t count, bool usable, MetricGroup& group);
    void setCounter(ScalarCounter& counter, const char* metric, std::uint64_t value, double seconds, MetricGroup& group);
    void setGauge(int& column, const char* metric, double value, MetricGroup& group);
    void sampleLoadAverage(MetricGroup& group);

    ProcFile m_stat;
    ProcFile m_loadavg;
    std::string m_loadavgProblem; // why /proc/loadavg is not collected, empty when it is

    std::uint64_t m_sampleNumber = 0;
    CpuState m_aggregate;
    std::vector<CpuState> m_cpus; // indexed by CPU number; grows when a higher-numbered CPU appears
    std::size_t m_onlineCount = 0;

    ScalarCounter m_contextSwitches;
    ScalarCounter m_forks;
    int m_procsRunningColumn = -1;
    int m_procsBlockedColumn = -1;
    std::array<int, 5> m_loadColumns{-1, -1, -1, -1, -1}; // load1, load5, load15, runnable, entities
};

} // namespace runlens::collect
