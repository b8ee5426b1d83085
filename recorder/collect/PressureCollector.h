// Pressure stall information (/proc/pressure/{cpu,memory,io,irq}): the share of each interval in
// which tasks were stalled waiting for a CPU, for memory or for I/O.
#pragma once

#include "Collector.h"
#include "ProcFile.h"

#include <array>
#include <cstdint>
#include <string>

namespace runlens::collect {

class PressureCollector final : public Collector
{
public:
    std::string_view name() const override { return "psi"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

private:
    // One "some" or "full" line: its cumulative stall time in microseconds.
    struct StallLine {
        bool present = false; // the file had this line when it was opened
        int column = -1;
        std::uint64_t previous = 0;
        std::uint64_t seenAt = 0; // sample number of previous; 0 = none
    };

    struct Resource {
        const char* name = "";          // "cpu", "memory", "io", "irq"
        std::array<const char*, 2> ids{}; // metric ids of the some and full lines
        ProcFile file;
        std::array<StallLine, 2> lines;   // some, full
        std::string problem;              // why the file is not collected, empty when it is
    };

    std::array<Resource, 4> m_resources;
    std::uint64_t m_sampleNumber = 0;
};

} // namespace runlens::collect
