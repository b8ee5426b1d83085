#include "PmuCollector.h"

#include "CpuList.h"
#include "EventSetCatalog.h"
#include "PerfEventCounterSource.h"
#include "PfmEventEncoder.h"
#include "PmuDetector.h"
#include "PmuMetricDescriptors.h"
#include "ProcFile.h"
#include "SeriesTable.h"
#include "SysfsEventEncoder.h"

#include <sys/resource.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace runlens::collect::pmu {

namespace {

// The counters every Linux kernel has, PMU or not. task-clock leads: it is always schedulable.
struct SoftwareEvent {
    const char* name;
    std::uint64_t config;
    const char* metric;
    const char* formula;
};
constexpr SoftwareEvent kSoftwareEvents[] = {
    {"TaskClock", PERF_COUNT_SW_TASK_CLOCK, "pmu.task_clock", "TaskClock / INTERVAL_SECONDS / 1000000"},
    {"ContextSwitches", PERF_COUNT_SW_CONTEXT_SWITCHES, "pmu.context_switches", "ContextSwitches / INTERVAL_SECONDS"},
    {"CpuMigrations", PERF_COUNT_SW_CPU_MIGRATIONS, "pmu.cpu_migrations", "CpuMigrations / INTERVAL_SECONDS"},
    {"PageFaults", PERF_COUNT_SW_PAGE_FAULTS, "pmu.page_faults", "PageFaults / INTERVAL_SECONDS"},
};

// Values formulas may use besides events.
constexpr const char* kExtraNames[] = {"INTERVAL_SECONDS", "BUSY_SECONDS", "SLOTS"};

std::string hex(std::uint64_t value)
{
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

} // namespace

PmuCollector::PmuCollector(PmuSettings settings, std::unique_ptr<CounterSource> source)
    : m_settings(std::move(settings))
    , m_source(std::move(source))
    , m_perfEventSource(!m_source)
{
}

PmuCollector::~PmuCollector() = default;

std::string_view PmuCollector::summary() const
{
    return "CPU counters per CPU and in total: IPC, cache/TLB misses per 1000 instructions, stalls, top-down, "
           "effective GHz (hardware PMU, perf_event_open), task-clock, context switches, migrations, page faults "
           "(software counters)";
}

void PmuCollector::raiseFileLimit(std::size_t needed)
{
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= needed)
        return;
    limit.rlim_cur = std::min<rlim_t>(limit.rlim_max, std::max<rlim_t>(needed, limit.rlim_cur));
    setrlimit(RLIMIT_NOFILE, &limit);
}

std::size_t PmuCollector::probeBudget(const EncodedEvent& event, int cpu)
{
    // Open ever larger groups of one event until the kernel refuses or the group no longer runs
    // the whole time: what the host (or hypervisor) really grants, fixed counters aside.
    std::size_t budget = 0;
    std::vector<perf_event_attr> group;
    for (std::size_t size = 1; size <= kMaxGroupSize; ++size) {
        group.push_back(event.attr);
        bool fullyCounted = false;
        const OpenFailure failure = m_source->probe(group, cpu, fullyCounted);
        if (!failure.ok() || !fullyCounted)
            break;
        budget = size;
    }
    return budget;
}

std::string PmuCollector::setUpHardware(const HostPaths& paths, const EventSet* userSet,
                                        std::vector<EncodedEvent>& events)
{
    if (!m_host.hasHardwarePmu()) {
        // Still say which set this CPU would get, so the reader knows what a PMU would bring.
        if (const EventSet* wouldBe = EventSetCatalog::select(m_host)) {
            m_eventSetName = wouldBe->name;
            m_eventSetTitle = wouldBe->title + "; not used: no hardware PMU";
        }
        return m_host.missingReason;
    }

    EventSet set;
    if (const EventSet* builtIn = EventSetCatalog::select(m_host)) {
        set = *builtIn;
    } else if (const EventSet* generic = EventSetCatalog::find("generic"); generic && !userSet) {
        // A CPU without a tuned set still gets IPC and branch misses through the kernel's
        // generic hardware events, labelled as such.
        set = *generic;
    }
    if (userSet)
        set.merge(*userSet);
    m_activeSet = set;
    m_eventSetName = set.name.empty() ? std::string("user") : set.name;
    m_eventSetTitle = set.title;
    if (set.events.empty())
        return "no event set for " + m_host.cpuDescription() + "; pass --pmu-events FILE.json";

    // Encode: libpfm4 by name first (its tables know constraints and umasks), else the raw code
    // through the kernel's format/ files (newer CPUs, Arm on x86 builds).
    const SysfsEventEncoder sysfs(paths, m_host.device);
    const bool pfmKnowsPmu = !set.libpfmPmu.empty() && PfmEventEncoder::knows(set.libpfmPmu);
    for (const EventDefinition& definition : set.events) {
        EncodedEvent event;
        event.name = definition.name;
        std::string pfmProblem;
        if (!definition.pfm.empty() && (pfmKnowsPmu || set.libpfmPmu.empty())) {
            const std::string full =
                set.libpfmPmu.empty() ? definition.pfm : set.libpfmPmu + "::" + definition.pfm;
            pfmProblem = PfmEventEncoder::encode(full, event.attr);
            if (pfmProblem.empty()) {
                event.encoding = "libpfm4 " + full;
                events.push_back(std::move(event));
                continue;
            }
        }
        if (!definition.raw.empty()) {
            event.attr = perf_event_attr{};
            const std::string rawProblem = sysfs.encode(definition.raw, event.attr);
            if (rawProblem.empty()) {
                event.encoding = "sysfs " + definition.raw;
                events.push_back(std::move(event));
                continue;
            }
            pfmProblem += (pfmProblem.empty() ? "" : "; ") + rawProblem;
        }
        m_droppedEvents.push_back({definition.name, pfmProblem.empty() ? "no encoding for this host" : pfmProblem});
    }

    // Which of them this host really counts: each alone on the first CPU.
    const int cpu = m_cpus.front();
    std::vector<EncodedEvent> supported;
    std::string firstRefusal;
    for (EncodedEvent& event : events) {
        bool fullyCounted = false;
        const OpenFailure failure = m_source->probe(std::span<const perf_event_attr>(&event.attr, 1), cpu, fullyCounted);
        if (failure.kind == OpenFailure::Kind::Permission)
            return failure.message; // no point trying the others
        if (!failure.ok()) {
            if (firstRefusal.empty())
                firstRefusal = failure.message;
            m_droppedEvents.push_back({event.name, std::string(OpenFailure::toString(failure.kind)) + ": " + failure.message});
            continue;
        }
        supported.push_back(std::move(event));
    }
    events = std::move(supported);
    if (events.empty())
        return "the kernel lists the PMU \"" + m_host.device + "\" but refused every event of the set " + m_eventSetName
             + (firstRefusal.empty() ? std::string() : ": " + firstRefusal);

    m_budget = probeBudget(events.front(), cpu);
    if (m_budget == 0)
        return "the PMU \"" + m_host.device + "\" opened single events but cannot count even one in a group ("
             + "other perf users or the NMI watchdog may hold every counter)";
    return {};
}

std::string PmuCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    // The perf_event_open source is made here, where the host's paths are known: it explains a
    // refused open with that host's perf_event_paranoid.
    if (m_perfEventSource)
        m_source = std::make_unique<PerfEventCounterSource>(paths);
    else
        m_source->close();
    m_deriver.reset();
    m_hardwareMissing.clear();
    m_activeSet = EventSet{};
    m_eventSetName.clear();
    m_eventSetTitle.clear();
    m_budget = 0;
    m_groups.clear();
    m_groupEvents.clear();
    m_hardwareEvents.clear();
    m_droppedEvents.clear();
    m_notDerived.clear();
    m_metricIds.clear();
    m_metricFormulas.clear();
    m_columns.clear();
    m_multiplexColumns.clear();

    m_cpus = onlineCpus(paths);

    std::optional<EventSet> userSet;
    if (!m_settings.userEventsFile.empty()) {
        std::string text;
        std::string error;
        if (!readWholeFile(m_settings.userEventsFile, text, &error))
            return "--pmu-events: " + error;
        try {
            userSet = EventSet::parse(text, m_settings.userEventsFile);
        } catch (const EventSetError& problem) {
            return std::string("--pmu-events: ") + problem.what();
        }
    }

    m_host = PmuDetector::detect(paths);
    std::vector<EncodedEvent> hardware;
    m_hardwareMissing = setUpHardware(paths, userSet ? &*userSet : nullptr, hardware);
    if (!m_hardwareMissing.empty())
        hardware.clear();

    // Groups: hardware events packed into groups the size of the budget, in the set's order
    // (so the events one formula divides sit together where they fit), then the software group.
    for (std::size_t first = 0; first < hardware.size(); first += m_budget) {
        CounterGroupSpec spec;
        spec.name = "hw" + std::to_string(m_groups.size());
        std::vector<std::string> names;
        for (std::size_t i = first; i < std::min(hardware.size(), first + m_budget); ++i) {
            spec.events.push_back(hardware[i].attr);
            names.push_back(hardware[i].name);
        }
        m_groups.push_back(std::move(spec));
        m_groupEvents.push_back(std::move(names));
    }
    {
        CounterGroupSpec spec;
        spec.name = "software";
        std::vector<std::string> names;
        for (const SoftwareEvent& event : kSoftwareEvents) {
            perf_event_attr attr{};
            attr.type = PERF_TYPE_SOFTWARE;
            attr.config = event.config;
            spec.events.push_back(attr);
            names.emplace_back(event.name);
        }
        m_groups.push_back(std::move(spec));
        m_groupEvents.push_back(std::move(names));
    }

    std::size_t totalEvents = 0;
    for (const CounterGroupSpec& spec : m_groups)
        totalEvents += spec.events.size();
    raiseFileLimit(64 + totalEvents * m_cpus.size() + 16);

    const std::vector<OpenFailure> opened = m_source->open(m_groups, m_cpus);
    if (!opened.back().ok())
        return "software counters: " + opened.back().message;
    for (std::size_t g = 0; g + 1 < opened.size(); ++g) {
        if (!opened[g].ok()) {
            // Every hardware group or none: formulas mix events of different groups.
            m_hardwareMissing = "counter group " + m_groups[g].name + ": " + opened[g].message;
            break;
        }
    }
    if (!m_hardwareMissing.empty() && m_groups.size() > 1) {
        m_groups.erase(m_groups.begin(), m_groups.end() - 1);
        m_groupEvents.erase(m_groupEvents.begin(), m_groupEvents.end() - 1);
        hardware.clear();
        const std::vector<OpenFailure> again = m_source->open(m_groups, m_cpus);
        if (!again.back().ok())
            return "software counters: " + again.back().message;
    }
    m_hardwareEvents = std::move(hardware);

    // Formulas: the set's (or nothing without hardware), then the software rates.
    std::vector<std::string> valueNames;
    for (const auto& names : m_groupEvents)
        valueNames.insert(valueNames.end(), names.begin(), names.end());
    const std::size_t eventCount = valueNames.size();
    for (const char* extra : kExtraNames)
        valueNames.emplace_back(extra);
    m_intervalExtra = 0;
    m_busyExtra = 1;
    m_slotsExtra = 2;

    std::vector<MetricDefinition> definitions;
    if (m_hardwareMissing.empty()) {
        definitions = m_activeSet.metrics;
    } else if (userSet) {
        // The user asked for these: say why they are not in the recording.
        for (const MetricDefinition& metric : userSet->metrics)
            m_notDerived.push_back({metric.id, "no hardware counters: " + m_hardwareMissing});
    }
    for (const SoftwareEvent& event : kSoftwareEvents)
        definitions.push_back({event.metric, event.formula});

    std::vector<ExpressionEvaluator> formulas;
    m_useBusy = false;
    for (const MetricDefinition& definition : definitions) {
        std::string error;
        std::string missing;
        auto expression = ExpressionEvaluator::compile(
            definition.formula,
            [&](std::string_view name) -> std::optional<std::size_t> {
                for (std::size_t i = 0; i < valueNames.size(); ++i) {
                    if (valueNames[i] == name) {
                        if (i == eventCount + m_slotsExtra && !(m_host.slotsPerCycle > 0)) {
                            missing = "the PMU does not report its slots per cycle (caps/slots)";
                            return std::nullopt;
                        }
                        return i;
                    }
                }
                for (const Skipped& dropped : m_droppedEvents) {
                    if (dropped.what == name)
                        missing = "needs " + dropped.what + " (" + dropped.reason + ")";
                }
                return std::nullopt;
            },
            error);
        if (!expression) {
            m_notDerived.push_back({definition.id, missing.empty() ? error : missing});
            continue;
        }
        for (std::size_t input : expression->inputs())
            m_useBusy = m_useBusy || input == eventCount + m_busyExtra;
        m_metricIds.push_back(definition.id);
        m_metricFormulas.push_back(definition.formula);
        formulas.push_back(std::move(*expression));
    }

    if (m_useBusy) {
        if (std::string problem = m_busy.open(paths); !problem.empty()) {
            m_useBusy = false;
            m_notDerived.push_back({"pmu.effective_ghz", problem});
        } else {
            m_busy.read();
        }
    }

    std::vector<std::size_t> sizes;
    for (const CounterGroupSpec& spec : m_groups)
        sizes.push_back(spec.events.size());
    m_deriver.emplace(std::move(sizes), m_cpus.size(),
                      std::vector<MetricDeriver::Combine>{MetricDeriver::Combine::Same, MetricDeriver::Combine::Sum,
                                                          MetricDeriver::Combine::Same},
                      std::move(formulas));
    m_readFailed.assign(m_cpus.size() * m_groups.size(), 0);

    for (std::size_t m = 0; m < m_metricIds.size(); ++m)
        catalog.add(PmuMetricDescriptors::describe(m_metricIds[m], m_metricFormulas[m]));
    catalog.add(PmuMetricDescriptors::describe(kMultiplexMetric, {}));
    return {};
}

void PmuCollector::sample(SampleContext& context, MetricGroup& group)
{
    MetricDeriver& deriver = *m_deriver;
    const std::size_t metrics = deriver.metricCount();
    const std::size_t rows = m_cpus.size() + 1;
    if (m_columns.empty()) {
        m_columns.resize(rows * metrics);
        for (std::size_t row = 0; row < rows; ++row) {
            const std::string instance =
                row + 1 == rows ? std::string(format::kAggregateInstance) : "cpu" + std::to_string(m_cpus[row]);
            for (std::size_t m = 0; m < metrics; ++m)
                m_columns[row * metrics + m] = group.column(m_metricIds[m], instance);
        }
        for (const CounterGroupSpec& spec : m_groups)
            m_multiplexColumns.push_back(group.column(kMultiplexMetric, spec.name));
    }

    deriver.beginInterval();
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        GroupReading& reading = deriver.scratch(g);
        for (std::size_t c = 0; c < m_cpus.size(); ++c) {
            const bool ok = m_source->read(g, c, reading);
            deriver.update(g, c, ok ? &reading : nullptr);
            char& failed = m_readFailed[c * m_groups.size() + g];
            if (!ok && !failed)
                context.warnings.add("cannot read counter group " + m_groups[g].name + " on cpu"
                                     + std::to_string(m_cpus[c]) + " (offline, or the group could not be scheduled)");
            failed = ok ? 0 : 1;
        }
    }

    const double seconds = context.elapsedSeconds > 0 ? context.elapsedSeconds : std::nan("");
    const bool busyRead = m_useBusy && m_busy.read();
    for (std::size_t c = 0; c < m_cpus.size(); ++c) {
        deriver.setExtra(c, m_intervalExtra, seconds);
        deriver.setExtra(c, m_busyExtra, busyRead ? m_busy.busySeconds(m_cpus[c]) : std::nan(""));
        deriver.setExtra(c, m_slotsExtra, m_host.slotsPerCycle > 0 ? m_host.slotsPerCycle : std::nan(""));
    }
    deriver.finish();

    for (std::size_t row = 0; row < rows; ++row) {
        for (std::size_t m = 0; m < metrics; ++m)
            group.set(m_columns[row * metrics + m], deriver.metric(row, m));
    }
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        group.set(m_multiplexColumns[g], deriver.multiplexPercent(g));
}

nlohmann::json PmuCollector::details() const
{
    nlohmann::json json = nlohmann::json::object();
    nlohmann::json pmu = nlohmann::json::object();
    pmu["device"] = m_host.device.empty() ? nlohmann::json() : nlohmann::json(m_host.device);
    if (!m_host.kernelName.empty())
        pmu["kernel_name"] = m_host.kernelName;
    if (m_host.slotsPerCycle > 0)
        pmu["slots_per_cycle"] = m_host.slotsPerCycle;
    pmu["cpu"] = m_host.cpuDescription();
    pmu["libpfm_api"] = PfmEventEncoder::version();
    pmu["libpfm_detected"] = m_host.libpfmPmus;
    json["pmu"] = std::move(pmu);
    json["hardware_counters"] = m_hardwareMissing.empty() ? "available" : "missing";
    if (!m_hardwareMissing.empty())
        json["hardware_missing_reason"] = m_hardwareMissing;
    if (!m_eventSetName.empty())
        json["event_set"] = m_eventSetTitle.empty() ? m_eventSetName : m_eventSetName + " (" + m_eventSetTitle + ")";
    if (!m_settings.userEventsFile.empty())
        json["user_events_file"] = m_settings.userEventsFile;
    if (m_budget > 0)
        json["counter_budget"] = m_budget;
    json["cpus"] = m_cpus.size();
    nlohmann::json groups = nlohmann::json::array();
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        groups.push_back({{"name", m_groups[g].name}, {"events", m_groupEvents[g]}});
    json["groups"] = std::move(groups);
    nlohmann::json events = nlohmann::json::array();
    for (const EncodedEvent& event : m_hardwareEvents) {
        events.push_back({{"name", event.name}, {"encoding", event.encoding}, {"type", event.attr.type},
                          {"config", hex(event.attr.config)}});
    }
    if (!events.empty())
        json["hardware_events"] = std::move(events);
    json["metrics"] = m_metricIds;
    const auto skippedList = [](const std::vector<Skipped>& list) {
        nlohmann::json array = nlohmann::json::array();
        for (const Skipped& skipped : list)
            array.push_back({{"name", skipped.what}, {"reason", skipped.reason}});
        return array;
    };
    if (!m_droppedEvents.empty())
        json["events_not_counted"] = skippedList(m_droppedEvents);
    if (!m_notDerived.empty())
        json["metrics_not_derived"] = skippedList(m_notDerived);
    return json;
}

} // namespace runlens::collect::pmu
