// Counter readings recorded elsewhere (a fixture, a benchmark's synthetic host) played back
// through the CounterSource interface, so tests exercise the production scaling and formulas.
#pragma once

#include "CounterSource.h"

#include <nlohmann/json_fwd.hpp>

#include <set>
#include <utility>

namespace runlens::collect::pmu {

class ReplayCounterSource final : public CounterSource
{
public:
    // budget: how many events a probe group may hold; unsupported: (type, config) pairs whose
    // probe fails as unsupported, as on a host that lacks them.
    explicit ReplayCounterSource(std::size_t budget = 6) : m_budget(budget) {}

    void setUnsupported(std::uint32_t type, std::uint64_t config) { m_unsupported.insert({type, config}); }
    void setPermissionDenied(bool denied) { m_denied = denied; }

    // Cumulative readings, appended per step: step × group × cpu. Each read() of a (group, cpu)
    // returns the current step's values; nextStep() advances all at once.
    void addReading(std::size_t step, std::size_t group, std::size_t cpuIndex, std::uint64_t enabled,
                    std::uint64_t running, std::vector<std::uint64_t> values);
    void nextStep() { ++m_step; }
    std::size_t step() const { return m_step; }

    // What open() was asked for, for tests to check the grouping.
    const std::vector<CounterGroupSpec>& openedGroups() const { return m_specs; }

    OpenFailure probe(std::span<const perf_event_attr> group, int cpu, bool& fullyCounted) override;
    std::vector<OpenFailure> open(const std::vector<CounterGroupSpec>& groups, std::span<const int> cpus) override;
    bool read(std::size_t group, std::size_t cpuIndex, GroupReading& reading) override;
    void close() override { m_specs.clear(); }

private:
    struct Reading {
        bool present = false;
        std::uint64_t enabled = 0;
        std::uint64_t running = 0;
        std::vector<std::uint64_t> values;
    };
    std::size_t m_budget;
    bool m_denied = false;
    std::set<std::pair<std::uint32_t, std::uint64_t>> m_unsupported;
    std::vector<CounterGroupSpec> m_specs;
    std::size_t m_cpus = 0;
    static constexpr std::size_t kMaxGroups = 16; // fixed stride: sparse in tests, simple to index
    std::size_t m_step = 0;
    std::vector<std::vector<Reading>> m_steps; // [step][cpu * kMaxGroups + group]
};

} // namespace runlens::collect::pmu
