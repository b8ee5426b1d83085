// The per-interval hot path shared by production and replay: cumulative group readings in,
// scaled deltas (Δvalue × Δenabled / Δrunning) per CPU and summed over CPUs, formulas evaluated
// per CPU and on the sums (a ratio of sums, not a mean of ratios), multiplexing shares out.
// Everything is sized at construction; an interval allocates nothing.
#pragma once

#include "CounterSource.h"
#include "ExpressionEvaluator.h"

#include <cstdint>
#include <span>
#include <vector>

namespace runlens::collect::pmu {

using format::ExpressionEvaluator;

class MetricDeriver
{
public:
    // How a value that is not a counter (interval length, busy time, slots per cycle) combines
    // into the host-wide row.
    enum class Combine { Sum, Same };

    // Values seen by formulas: the events of all groups in order (group 0's first), then the
    // extra values. Formulas must be compiled against that numbering.
    MetricDeriver(std::vector<std::size_t> groupSizes, std::size_t cpuCount, std::vector<Combine> extras,
                  std::vector<ExpressionEvaluator> formulas);

    void beginInterval();
    // The buffer for reading group on cpu: pass it to CounterSource::read, then to update().
    GroupReading& scratch(std::size_t group) { return m_scratch[group]; }
    // reading == nullptr: the group could not be read on that CPU this interval.
    void update(std::size_t group, std::size_t cpu, const GroupReading* reading);
    void setExtra(std::size_t cpu, std::size_t extra, double value);
    void finish();

    std::size_t cpuCount() const { return m_cpus; }
    std::size_t aggregateRow() const { return m_cpus; }
    std::size_t metricCount() const { return m_formulas.size(); }
    // row: a CPU index, or aggregateRow().
    double metric(std::size_t row, std::size_t index) const { return m_results[row * m_formulas.size() + index]; }
    double value(std::size_t row, std::size_t index) const { return m_values[row * m_width + index]; }
    // Percent of the interval the group was really on the counters, over all CPUs.
    double multiplexPercent(std::size_t group) const { return m_multiplex[group]; }

private:
    struct Previous {
        bool valid = false;
        std::uint64_t enabled = 0;
        std::uint64_t running = 0;
    };

    std::vector<std::size_t> m_sizes;
    std::vector<std::size_t> m_offsets; // first event index of each group
    std::size_t m_events = 0;
    std::size_t m_cpus = 0;
    std::size_t m_width = 0;            // events + extras
    std::vector<Combine> m_extras;
    std::vector<ExpressionEvaluator> m_formulas;

    std::vector<GroupReading> m_scratch;
    std::vector<std::uint64_t> m_scratchValues;
    std::vector<Previous> m_previous;            // [cpu * groups + group]
    std::vector<std::uint64_t> m_previousValues; // [cpu * events + event]
    std::vector<double> m_values;                // [(cpus + 1) * width]
    std::vector<double> m_results;               // [(cpus + 1) * formulas]
    std::vector<double> m_enabledSum;
    std::vector<double> m_runningSum;
    std::vector<double> m_multiplex;
};

} // namespace runlens::collect::pmu
