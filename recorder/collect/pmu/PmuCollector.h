// Hardware performance counters (IPC, cache and TLB misses, stalls, top-down, effective GHz)
// and the always-available software counters, per CPU and for the whole host.
//
// Hardware counters need a PMU the kernel exposes; when there is none (most small VMs), the
// software counters are still recorded and details() says why the hardware ones are missing.
#pragma once

#include "BusyTimeReader.h"
#include "Collector.h"
#include "CounterSource.h"
#include "EventSet.h"
#include "HostPmu.h"
#include "MetricDeriver.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace runlens::collect::pmu {

struct PmuSettings {
    std::string userEventsFile; // --pmu-events FILE.json: events and formulas added to the built-in set
};

class PmuCollector final : public Collector
{
public:
    // source: nullptr = perf_event_open (production); tests pass a ReplayCounterSource.
    explicit PmuCollector(PmuSettings settings = {}, std::unique_ptr<CounterSource> source = nullptr);
    ~PmuCollector() override;

    std::string_view name() const override { return "pmu"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

    const HostPmu& host() const { return m_host; }
    bool hasHardwareCounters() const { return m_hardwareMissing.empty(); }
    const std::string& hardwareMissingReason() const { return m_hardwareMissing; }

    // The most hardware events one group gets, even on a host granting more: the budget probe
    // stops here.
    static constexpr std::size_t kMaxGroupSize = 8;

private:
    struct EncodedEvent {
        std::string name;
        std::string encoding; // "libpfm4 skx::INST_RETIRED:ANY_P" or "sysfs cpu/event=0xc0/"
        perf_event_attr attr{};
    };
    struct Skipped {
        std::string what;
        std::string reason;
    };

    std::string setUpHardware(const HostPaths& paths, const EventSet* userSet, std::vector<EncodedEvent>& events);
    std::size_t probeBudget(const EncodedEvent& event, int cpu);
    void raiseFileLimit(std::size_t needed);

    PmuSettings m_settings;
    std::unique_ptr<CounterSource> m_source; // null until open() when it is perf_event_open's
    bool m_perfEventSource = false;           // no source was given: open() makes a PerfEventCounterSource

    HostPmu m_host;
    std::string m_hardwareMissing;
    EventSet m_activeSet; // the built-in set for this CPU merged with the user's
    std::string m_eventSetName;
    std::string m_eventSetTitle;
    std::size_t m_budget = 0;
    std::vector<int> m_cpus;
    std::vector<CounterGroupSpec> m_groups;
    std::vector<std::vector<std::string>> m_groupEvents; // names per group, for details()
    std::vector<EncodedEvent> m_hardwareEvents;
    std::vector<Skipped> m_droppedEvents;
    std::vector<Skipped> m_notDerived;
    std::vector<std::string> m_metricIds;
    std::vector<std::string> m_metricFormulas;

    std::optional<MetricDeriver> m_deriver;
    BusyTimeReader m_busy;
    bool m_useBusy = false;
    std::size_t m_intervalExtra = 0;
    std::size_t m_busyExtra = 1;
    std::size_t m_slotsExtra = 2;

    // Columns, interned at the first sample: [row][metric] (row = CPU index, last = "all"), then
    // one multiplexing column per group.
    std::vector<int> m_columns;
    std::vector<int> m_multiplexColumns;
    std::vector<char> m_readFailed; // [cpu * groups + group], to warn once per failure streak
};

} // namespace runlens::collect::pmu
