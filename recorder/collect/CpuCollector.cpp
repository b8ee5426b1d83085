#include "CpuCollector.h"

#include "CounterDelta.h"
#include "SeriesTable.h"
#include "TextCursor.h"

#include <charconv>
#include <cmath>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricKind;

// The kernel's field order on a "cpu" line, and the ids they map to.
constexpr std::array<const char*, CpuCollector::kTimeFields> kTimeMetrics = {
    "cpu.user", "cpu.nice", "cpu.system", "cpu.idle", "cpu.iowait",
    "cpu.irq", "cpu.softirq", "cpu.steal", "cpu.guest", "cpu.guest_nice",
};
constexpr const char* kBusyMetric = "cpu.busy";
constexpr std::size_t kIdle = 3;
constexpr std::size_t kIowait = 4;
// guest and guest_nice are already counted inside user and nice, so the interval's total is the
// sum of the first eight fields only; adding them again would count guest time twice.
constexpr std::size_t kTotalFields = 8;

constexpr std::array<const char*, 5> kLoadMetrics = {
    "cpu.load1", "cpu.load5", "cpu.load15", "cpu.runnable_entities", "cpu.scheduling_entities",
};

// Kernel NR_CPUS tops out at 8192; a larger number means a garbled line, not a real CPU, and must
// not make the per-CPU table allocate gigabytes.
constexpr std::uint64_t kMaxCpuNumber = 65536;

format::MetricDescriptor describe(const char* id, const char* title, const char* unit, MetricKind kind,
                                  BetterDirection better, const char* dimension, const char* description)
{
    return {id, title, unit, kind, better, dimension, "CPU", description};
}

void addDescriptors(MetricCatalog& catalog)
{
    constexpr auto percent = MetricKind::Percent;
    constexpr auto neutral = BetterDirection::Neutral;
    constexpr auto lower = BetterDirection::Lower;
    catalog.add(describe("cpu.user", "User CPU", "%", percent, neutral, "cpu",
                         "Share of time the CPU ran application code (includes guest time)."));
    catalog.add(describe("cpu.nice", "Nice CPU", "%", percent, neutral, "cpu",
                         "Share of time the CPU ran low-priority (niced) application code."));
    catalog.add(describe("cpu.system", "System CPU", "%", percent, lower, "cpu",
                         "Share of time the CPU ran kernel code on behalf of programs (system calls, page faults)."));
    catalog.add(describe("cpu.idle", "Idle CPU", "%", percent, neutral, "cpu",
                         "Share of time the CPU had nothing to run."));
    catalog.add(describe("cpu.iowait", "I/O wait", "%", percent, lower, "cpu",
                         "Share of time the CPU was idle while some task waited for disk or other I/O."));
    catalog.add(describe("cpu.irq", "Hardware interrupts", "%", percent, lower, "cpu",
                         "Share of time the CPU spent handling hardware interrupts."));
    catalog.add(describe("cpu.softirq", "Software interrupts", "%", percent, lower, "cpu",
                         "Share of time the CPU spent on deferred interrupt work (network packets, timers, block I/O)."));
    catalog.add(describe("cpu.steal", "Steal", "%", percent, lower, "cpu",
                         "Share of time a virtual CPU wanted to run but the hypervisor ran something else."));
    catalog.add(describe("cpu.guest", "Guest CPU", "%", percent, neutral, "cpu",
                         "Share of time the CPU ran a virtual machine's code (already counted in user)."));
    catalog.add(describe("cpu.guest_nice", "Guest nice CPU", "%", percent, neutral, "cpu",
                         "Share of time the CPU ran a low-priority virtual machine's code (already counted in nice)."));
    catalog.add(describe(kBusyMetric, "Busy CPU", "%", percent, neutral, "cpu",
                         "Share of time the CPU was doing any work: 100 minus idle and I/O wait."));

    catalog.add(describe("cpu.context_switches", "Context switches", "/s", MetricKind::Rate, lower, "",
                         "How often per second the CPUs switched from one task to another; each switch costs time."));
    catalog.add(describe("cpu.forks", "Forks", "/s", MetricKind::Rate, neutral, "",
                         "New processes and threads created per second."));
    catalog.add(describe("cpu.procs_running", "Running tasks", "tasks", MetricKind::Gauge, neutral, "",
                         "Tasks running or ready to run at the sample time."));
    catalog.add(describe("cpu.procs_blocked", "Blocked tasks", "tasks", MetricKind::Gauge, lower, "",
                         "Tasks waiting for disk or other I/O at the sample time."));
    catalog.add(describe("cpu.load1", "Load average (1 min)", "tasks", MetricKind::Gauge, neutral, "",
                         "Average number of tasks running, ready to run or waiting for I/O over the last minute."));
    catalog.add(describe("cpu.load5", "Load average (5 min)", "tasks", MetricKind::Gauge, neutral, "",
                         "Average number of tasks running, ready to run or waiting for I/O over the last 5 minutes."));
    catalog.add(describe("cpu.load15", "Load average (15 min)", "tasks", MetricKind::Gauge, neutral, "",
                         "Average number of tasks running, ready to run or waiting for I/O over the last 15 minutes."));
    catalog.add(describe("cpu.runnable_entities", "Runnable entities", "tasks", MetricKind::Gauge, neutral, "",
                         "Threads currently running or ready to run, as counted by /proc/loadavg."));
    catalog.add(describe("cpu.scheduling_entities", "Scheduling entities", "tasks", MetricKind::Gauge, neutral, "",
                         "Threads that exist on the host, as counted by /proc/loadavg."));
}

// Moves past the current line with memchr: the "intr" line holds one number per IRQ and is the
// longest line of /proc/stat on big hosts, so it is skipped without looking at its digits.
TextCursor skipLine(const TextCursor& cursor)
{
    const std::string_view rest = cursor.rest();
    const std::size_t newline = rest.find('\n');
    return TextCursor(newline == std::string_view::npos ? rest.substr(rest.size()) : rest.substr(newline + 1));
}

} // namespace

std::string_view CpuCollector::summary() const
{
    return "CPU time per CPU and in total, context switches, forks, runnable tasks, load averages (/proc/stat, /proc/loadavg)";
}

std::string CpuCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    m_sampleNumber = 0;
    m_aggregate = CpuState{};
    m_aggregate.instance = format::kAggregateInstance;
    m_cpus.clear();
    m_onlineCount = 0;
    m_contextSwitches = ScalarCounter{};
    m_forks = ScalarCounter{};
    m_procsRunningColumn = m_procsBlockedColumn = -1;
    m_loadColumns.fill(-1);

    if (!m_stat.open(paths.proc("stat")))
        return m_stat.error();
    const std::string_view text = m_stat.read();
    if (!m_stat.error().empty())
        return m_stat.error();
    if (!TextCursor(text).startsWith("cpu "))
        return m_stat.path() + ": does not start with the aggregate \"cpu\" line, so it is not a Linux /proc/stat";

    m_loadavgProblem.clear();
    if (!m_loadavg.open(paths.proc("loadavg")))
        m_loadavgProblem = m_loadavg.error();

    addDescriptors(catalog);
    return {};
}

void CpuCollector::internColumns(CpuState& state, MetricGroup& group)
{
    for (std::size_t i = 0; i < kTimeFields; ++i)
        state.columns[i] = group.column(kTimeMetrics[i], state.instance);
    state.columns[kTimeFields] = group.column(kBusyMetric, state.instance);
    state.interned = true;
}

// Sets the interval's shares from the change since the previous sample, or leaves them NaN when
// there is no usable previous sample; then remembers now as the previous sample.
void CpuCollector::setShares(CpuState& state, const Times& now, std::size_t count, bool usable, MetricGroup& group)
{
    // Old kernels print fewer fields (steal, guest, guest_nice came later); a count that changed
    // between samples means the line cannot be compared.
    if (usable && state.previousCount == count && count > kIdle) {
        std::array<double, kTimeFields> delta{};
        double total = 0;
        bool valid = true;
        for (std::size_t i = 0; i < count; ++i) {
            delta[i] = counterDelta(state.previous[i], now[i]);
            // The kernel documents that idle and iowait can go backwards a little on tickless
            // kernels (they are estimated per CPU and re-based when a CPU idles elsewhere): a
            // small decrease there is no reset, so it counts as no time rather than blanking the CPU.
            if (std::isnan(delta[i]) && (i == kIdle || i == kIowait))
                delta[i] = 0;
            if (std::isnan(delta[i]))
                valid = false;
            else if (i < kTotalFields)
                total += delta[i];
        }
        if (valid && total > 0) {
            for (std::size_t i = 0; i < count; ++i)
                group.set(state.columns[i], 100.0 * delta[i] / total);
            const double waiting = delta[kIdle] + (count > kIowait ? delta[kIowait] : 0.0);
            group.set(state.columns[kTimeFields], 100.0 * (total - waiting) / total);
        }
    }
    state.previous = now;
    state.previousCount = count;
}

void CpuCollector::setCounter(ScalarCounter& counter, const char* metric, std::uint64_t value, double seconds,
                              MetricGroup& group)
{
    if (counter.column < 0)
        counter.column = group.column(metric);
    // A line missing from the previous sample leaves a gap longer than this interval: no rate.
    if (counter.hasPrevious && counter.seenAt + 1 == m_sampleNumber)
        group.set(counter.column, counterRate(counter.previous, value, seconds));
    counter.previous = value;
    counter.hasPrevious = true;
    counter.seenAt = m_sampleNumber;
}

void CpuCollector::setGauge(int& column, const char* metric, double value, MetricGroup& group)
{
    if (column < 0)
        column = group.column(metric);
    group.set(column, value);
}

void CpuCollector::sample(SampleContext& context, MetricGroup& group)
{
    const std::string_view text = m_stat.read();
    if (!m_stat.error().empty())
        throw CollectorError(m_stat.error());
    ++m_sampleNumber;
    const double seconds = context.elapsedSeconds;
    const bool haveInterval = seconds > 0;

    Times aggregateNow{};
    std::size_t aggregateCount = 0;
    bool cpuSetChanged = false;

    TextCursor cursor(text);
    while (!cursor.atEnd()) {
        const std::string_view key = cursor.word();
        if (key.size() >= 3 && key.substr(0, 3) == "cpu") {
            Times now{};
            std::size_t count = 0;
            while (count < kTimeFields && cursor.u64(now[count]))
                ++count;
            cursor.nextLine();
            if (key.size() == 3) {
                aggregateNow = now;
                aggregateCount = count;
                continue;
            }
            std::uint64_t number = 0;
            const auto [end, error] = std::from_chars(key.data() + 3, key.data() + key.size(), number);
            if (error != std::errc() || end != key.data() + key.size() || number >= kMaxCpuNumber)
                continue;
            if (number >= m_cpus.size())
                m_cpus.resize(number + 1); // a CPU with a higher number than any seen: rare, may allocate
            CpuState& cpu = m_cpus[number];
            if (!cpu.interned) {
                cpu.instance = "cpu" + std::to_string(number);
                internColumns(cpu, group);
                cpuSetChanged = true;
                if (m_sampleNumber > 1)
                    context.warnings.add(cpu.instance + " appeared during the recording");
            } else if (!cpu.online) {
                // Back from offline: its counters were not advancing the same way meanwhile, so
                // the first interval after its return is unknown.
                cpu.previousCount = 0;
                cpuSetChanged = true;
                context.warnings.add(cpu.instance + " came back online");
            }
            if (!cpu.online)
                ++m_onlineCount;
            cpu.online = true;
            cpu.seenAt = m_sampleNumber;
            setShares(cpu, now, count, haveInterval, group);
        } else if (key == "intr" || key == "softirq") {
            cursor = skipLine(cursor);
        } else if (key == "ctxt" || key == "processes" || key == "procs_running" || key == "procs_blocked") {
            std::uint64_t value = 0;
            const bool parsed = cursor.u64(value);
            cursor.nextLine();
            if (!parsed)
                continue;
            if (key == "ctxt")
                setCounter(m_contextSwitches, "cpu.context_switches", value, seconds, group);
            else if (key == "processes")
                setCounter(m_forks, "cpu.forks", value, seconds, group);
            else if (key == "procs_running")
                setGauge(m_procsRunningColumn, "cpu.procs_running", double(value), group);
            else
                setGauge(m_procsBlockedColumn, "cpu.procs_blocked", double(value), group);
        } else {
            cursor.nextLine();
        }
    }

    // An offline CPU is simply absent from /proc/stat: its columns stay NaN from now on.
    for (CpuState& cpu : m_cpus) {
        if (cpu.online && cpu.seenAt != m_sampleNumber) {
            cpu.online = false;
            cpu.previousCount = 0;
            --m_onlineCount;
            cpuSetChanged = true;
            context.warnings.add(cpu.instance + " went offline");
        }
    }

    if (aggregateCount == 0)
        throw CollectorError(m_stat.path() + ": the aggregate \"cpu\" line is missing");
    if (!m_aggregate.interned)
        internColumns(m_aggregate, group);
    // The aggregate line sums every possible CPU, and a CPU that goes offline or comes back
    // switches how the kernel counts its idle time, so the interval where the set changed is not
    // comparable with the others.
    setShares(m_aggregate, aggregateNow, aggregateCount, haveInterval && !(cpuSetChanged && m_sampleNumber > 1),
              group);

    sampleLoadAverage(group);
}

void CpuCollector::sampleLoadAverage(MetricGroup& group)
{
    if (!m_loadavg.isOpen())
        return;
    const std::string_view text = m_loadavg.read();
    if (!m_loadavg.error().empty()) {
        // The CPU times are still worth having: keep going and let the manifest say why the
        // load averages have gaps (assigned once, so a persistent error does not allocate).
        if (m_loadavgProblem.empty())
            m_loadavgProblem = m_loadavg.error();
        return;
    }
    // "0.97 0.60 0.31 1/85 7420": three averages, then runnable/total scheduling entities.
    TextCursor cursor(text);
    std::array<double, 5> values{};
    std::uint64_t runnable = 0;
    std::uint64_t entities = 0;
    if (!cursor.number(values[0]) || !cursor.number(values[1]) || !cursor.number(values[2]) || !cursor.u64(runnable)
        || !cursor.consume('/') || !cursor.u64(entities))
        return;
    values[3] = double(runnable);
    values[4] = double(entities);
    for (std::size_t i = 0; i < values.size(); ++i)
        setGauge(m_loadColumns[i], kLoadMetrics[i], values[i], group);
}

nlohmann::json CpuCollector::details() const
{
    nlohmann::json json = nlohmann::json::object();
    json["cpus_online"] = m_onlineCount;
    if (!m_loadavgProblem.empty())
        json["loadavg"] = m_loadavgProblem;
    return json;
}

} // namespace runlens::collect
