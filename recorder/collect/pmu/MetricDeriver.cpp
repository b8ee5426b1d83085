#include "MetricDeriver.h"

#include <cmath>
#include <limits>

namespace runlens::collect::pmu {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

MetricDeriver::MetricDeriver(std::vector<std::size_t> groupSizes, std::size_t cpuCount, std::vector<Combine> extras,
                             std::vector<ExpressionEvaluator> formulas)
    : m_sizes(std::move(groupSizes))
    , m_cpus(cpuCount)
    , m_extras(std::move(extras))
    , m_formulas(std::move(formulas))
{
    std::size_t largest = 0;
    for (std::size_t size : m_sizes) {
        m_offsets.push_back(m_events);
        m_events += size;
        largest = std::max(largest, size);
    }
    m_width = m_events + m_extras.size();
    m_scratchValues.assign(m_events, 0);
    m_scratch.resize(m_sizes.size());
    for (std::size_t g = 0; g < m_sizes.size(); ++g)
        m_scratch[g].values = std::span<std::uint64_t>(m_scratchValues.data() + m_offsets[g], m_sizes[g]);
    m_previous.assign(m_cpus * m_sizes.size(), Previous{});
    m_previousValues.assign(m_cpus * m_events, 0);
    m_values.assign((m_cpus + 1) * m_width, kNaN);
    m_results.assign((m_cpus + 1) * m_formulas.size(), kNaN);
    m_enabledSum.assign(m_sizes.size(), 0);
    m_runningSum.assign(m_sizes.size(), 0);
    m_multiplex.assign(m_sizes.size(), kNaN);
}

void MetricDeriver::beginInterval()
{
    std::fill(m_values.begin(), m_values.end(), kNaN);
    std::fill(m_enabledSum.begin(), m_enabledSum.end(), 0.0);
    std::fill(m_runningSum.begin(), m_runningSum.end(), 0.0);
}

void MetricDeriver::update(std::size_t group, std::size_t cpu, const GroupReading* reading)
{
    Previous& previous = m_previous[cpu * m_sizes.size() + group];
    std::uint64_t* previousValues = m_previousValues.data() + cpu * m_events + m_offsets[group];
    double* values = m_values.data() + cpu * m_width + m_offsets[group];
    const std::size_t size = m_sizes[group];
    if (!reading) {
        previous.valid = false; // the next good reading starts a new baseline
        return;
    }
    // Counters are never reset (a reset is another IPI per CPU); a decrease means the group was
    // re-created, which leaves this interval unknown.
    if (previous.valid && reading->enabled >= previous.enabled && reading->running >= previous.running) {
        const double enabled = double(reading->enabled - previous.enabled);
        const double running = double(reading->running - previous.running);
        m_enabledSum[group] += enabled;
        m_runningSum[group] += running;
        // Not on the counters at all this interval: nothing to scale from.
        const double scale = running > 0 ? enabled / running : kNaN;
        for (std::size_t i = 0; i < size; ++i) {
            const std::uint64_t now = reading->values[i];
            values[i] = now >= previousValues[i] ? double(now - previousValues[i]) * scale : kNaN;
        }
    }
    previous.valid = true;
    previous.enabled = reading->enabled;
    previous.running = reading->running;
    for (std::size_t i = 0; i < size; ++i)
        previousValues[i] = reading->values[i];
}

void MetricDeriver::setExtra(std::size_t cpu, std::size_t extra, double value)
{
    m_values[cpu * m_width + m_events + extra] = value;
}

void MetricDeriver::finish()
{
    double* aggregate = m_values.data() + m_cpus * m_width;
    // A CPU without a value for an event (offline, unreadable) is left out of that event's sum.
    for (std::size_t e = 0; e < m_width; ++e) {
        const bool same = e >= m_events && m_extras[e - m_events] == Combine::Same;
        double sum = 0;
        bool any = false;
        for (std::size_t cpu = 0; cpu < m_cpus; ++cpu) {
            const double v = m_values[cpu * m_width + e];
            if (std::isnan(v))
                continue;
            if (same) {
                sum = v;
                any = true;
                break;
            }
            sum += v;
            any = true;
        }
        aggregate[e] = any ? sum : kNaN;
    }
    for (std::size_t row = 0; row <= m_cpus; ++row) {
        const std::span<const double> values(m_values.data() + row * m_width, m_width);
        double* results = m_results.data() + row * m_formulas.size();
        for (std::size_t m = 0; m < m_formulas.size(); ++m)
            results[m] = m_formulas[m].evaluate(values);
    }
    for (std::size_t g = 0; g < m_sizes.size(); ++g)
        m_multiplex[g] = m_enabledSum[g] > 0 ? 100.0 * m_runningSum[g] / m_enabledSum[g] : kNaN;
}

} // namespace runlens::collect::pmu
