#include "ReplayCounterSource.h"

#include <cerrno>

namespace runlens::collect::pmu {

void ReplayCounterSource::addReading(std::size_t step, std::size_t group, std::size_t cpuIndex, std::uint64_t enabled,
                                     std::uint64_t running, std::vector<std::uint64_t> values)
{
    if (m_steps.size() <= step)
        m_steps.resize(step + 1);
    std::vector<Reading>& readings = m_steps[step];
    const std::size_t index = cpuIndex * kMaxGroups + group;
    if (readings.size() <= index)
        readings.resize(index + 1);
    readings[index] = Reading{true, enabled, running, std::move(values)};
}

OpenFailure ReplayCounterSource::probe(std::span<const perf_event_attr> group, int cpu, bool& fullyCounted)
{
    fullyCounted = false;
    if (m_denied)
        return OpenFailure::classify(EACCES, "replayed cpu" + std::to_string(cpu), 2);
    for (const perf_event_attr& event : group) {
        if (m_unsupported.contains({event.type, event.config}))
            return OpenFailure::classify(ENOENT, "replayed event", 2);
    }
    if (group.size() > m_budget)
        return OpenFailure::classify(EINVAL, "replayed group too large", 2);
    fullyCounted = true;
    return {};
}

std::vector<OpenFailure> ReplayCounterSource::open(const std::vector<CounterGroupSpec>& groups, std::span<const int> cpus)
{
    m_specs = groups;
    m_cpus = cpus.size();
    std::vector<OpenFailure> results;
    for (const CounterGroupSpec& spec : groups) {
        bool counted = false;
        const bool software = !spec.events.empty() && spec.events.front().type == PERF_TYPE_SOFTWARE;
        if (software) {
            results.emplace_back();
            continue;
        }
        results.push_back(probe(spec.events, cpus.empty() ? 0 : cpus.front(), counted));
    }
    return results;
}

bool ReplayCounterSource::read(std::size_t group, std::size_t cpuIndex, GroupReading& reading)
{
    if (m_step >= m_steps.size())
        return false;
    const std::vector<Reading>& readings = m_steps[m_step];
    const std::size_t index = cpuIndex * kMaxGroups + group;
    if (index >= readings.size() || !readings[index].present)
        return false;
    const Reading& r = readings[index];
    reading.enabled = r.enabled;
    reading.running = r.running;
    for (std::size_t i = 0; i < reading.values.size() && i < r.values.size(); ++i)
        reading.values[i] = r.values[i];
    return true;
}

} // namespace runlens::collect::pmu
