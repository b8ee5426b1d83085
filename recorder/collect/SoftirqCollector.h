// Software interrupts (deferred kernel work: network receive, timers, block completions, RCU)
// from /proc/softirqs, per type and per CPU.
#pragma once

#include "Collector.h"
#include "PerCpuTable.h"
#include "ProcFile.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::collect {

class SoftirqCollector final : public Collector
{
public:
    std::string_view name() const override { return "softirq"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

private:
    struct Type {
        std::string name;
        std::uint64_t lastRead = 0; // m_reads of the read that last showed the type
        std::vector<std::uint64_t> perCpu; // indexed by CPU id
        int rateColumn = -1;
    };

    struct Cpu {
        std::uint64_t lastRead = 0;
        bool comparable = false; // listed in this read and the previous one
        int rateColumn = -1;
        double total = 0;
    };

    void columnsChanged(MetricGroup& group);
    Type& typeAt(std::size_t position, std::string_view name, MetricGroup& group);

    ProcFile m_file;
    PerCpuTable m_table;
    std::vector<Cpu> m_cpus; // indexed by CPU id
    std::vector<double> m_deltas; // one per column
    std::vector<Type> m_types; // in file order; a handful, so found by position or a short scan
    int m_allRateColumn = -1;
    std::uint64_t m_reads = 0;
};

} // namespace runlens::collect
