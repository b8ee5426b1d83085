// Hardware and architecture interrupts from /proc/interrupts: per line, per CPU and the IPIs.
#pragma once

#include "Collector.h"
#include "PerCpuTable.h"
#include "ProcFile.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

class InterruptsCollector final : public Collector
{
public:
    std::string_view name() const override { return "irq"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    int cadence() const override { return m_cadence; }
    nlohmann::json details() const override;

    // /proc/interrupts costs kernel time in proportion to its size (lines x CPUs, ~3 ms for a
    // 192-CPU host), so a file above one step is read every ceil(size / step) intervals, at most
    // kMaxCadence, keeping the per-interval cost near that of a one-step file.
    static constexpr std::size_t kCadenceStepBytes = 64 * 1024;
    static constexpr int kMaxCadence = 10;
    static int cadenceForSize(std::size_t bytes);

private:
    struct Line {
        std::string label;
        std::string rawDescription; // as printed, compared each read to notice a re-bound IRQ number
        std::string description;    // blanks collapsed, for details()
        bool global = false;        // ERR/MIS: one system-wide count, not per CPU
        bool countsForCpu = true;   // false for lines that count something other than interrupts
        bool ipi = false;
        std::uint64_t lastRead = 0; // m_reads of the read that last showed the line
        std::uint64_t globalValue = 0;
        std::vector<std::uint64_t> perCpu; // indexed by CPU id
        int rateColumn = -1;
    };

    struct Cpu {
        std::uint64_t lastRead = 0; // m_reads of the read whose header last listed the CPU
        bool comparable = false;    // listed in this read and the previous one
        int rateColumn = -1;
        int ipiColumn = -1;
        double total = 0;
        double ipis = 0;
    };

    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };

    void columnsChanged(MetricGroup& group);
    Line& lineAt(std::size_t position, std::string_view label, std::string_view description, std::size_t valueCount,
                 MetricGroup& group);
    void classify(Line& line, std::size_t valueCount) const;
    void chooseCadence(std::size_t bytes);

    ProcFile m_file;
    bool m_tlbOutsideCall = false; // kernels before 4.8 print CAL without the TLB shootdown IPIs
    std::string m_kernelRelease;

    PerCpuTable m_table;
    std::vector<Cpu> m_cpus; // indexed by CPU id
    std::vector<double> m_deltas; // one per column

    std::vector<Line> m_lines;
    std::unordered_map<std::string, std::size_t, Hash, std::equal_to<>> m_lineIndex;
    std::vector<std::size_t> m_order; // line index at each position of the last read: the usual hit

    int m_allRateColumn = -1;
    int m_ipiRateColumn = -1;
    std::uint64_t m_reads = 0;
    int m_cadence = 1;
    std::size_t m_firstReadBytes = 0;
    std::string m_cadenceReason;
};

} // namespace runlens::collect
