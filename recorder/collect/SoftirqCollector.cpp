#include "SoftirqCollector.h"

#include "CounterDelta.h"

#include <cmath>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricDescriptor;
using format::MetricKind;

constexpr const char* kTypeRate = "softirq.rate";
constexpr const char* kCpuRate = "softirq.cpu_rate";

// What each type does, for the manifest: the type names alone mean little to most users.
struct TypeMeaning {
    const char* name;
    const char* meaning;
};
constexpr TypeMeaning kMeanings[] = {
    {"HI", "high-priority tasklets (some sound and serial drivers)"},
    {"TIMER", "expired timers of the timer wheel (timeouts, delayed work)"},
    {"NET_TX", "freeing sent network packets and restarting transmit queues"},
    {"NET_RX", "processing received network packets"},
    {"BLOCK", "completing block I/O requests"},
    {"IRQ_POLL", "polled completion handling of some storage drivers"},
    {"TASKLET", "tasklets, deferred halves of device interrupt handlers"},
    {"SCHED", "scheduler load balancing between CPUs"},
    {"HRTIMER", "high-resolution timers deferred to softirq context"},
    {"RCU", "RCU callbacks: memory freed after a grace period"},
};

} // namespace

std::string_view SoftirqCollector::summary() const
{
    return "Software interrupts per type and per CPU (/proc/softirqs)";
}

std::string SoftirqCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    if (!m_file.open(paths.proc("softirqs")))
        return m_file.error();
    catalog.add(MetricDescriptor{kTypeRate, "Softirqs by type", "/s", MetricKind::Rate, BetterDirection::Neutral,
                                 "softirq", "Interrupts",
                                 "Deferred kernel work items run per second of one kind (NET_RX network receive, "
                                 "TIMER, BLOCK I/O completion, RCU ...), summed over all CPUs."});
    catalog.add(MetricDescriptor{kCpuRate, "Softirqs per CPU", "/s", MetricKind::Rate, BetterDirection::Neutral,
                                 "cpu", "Interrupts",
                                 "Deferred kernel work items run per second on one CPU, all kinds together; 'all' "
                                 "is the whole host. One CPU far above the others often handles all network traffic."});
    return {};
}

void SoftirqCollector::columnsChanged(MetricGroup& group)
{
    // The kernel lists every possible CPU, so this happens only on hosts that hot-add CPUs.
    for (const int id : m_table.columnCpus()) {
        if (std::size_t(id) >= m_cpus.size())
            m_cpus.resize(std::size_t(id) + 1);
        Cpu& cpu = m_cpus[std::size_t(id)];
        if (cpu.rateColumn < 0)
            cpu.rateColumn = group.column(kCpuRate, "cpu" + std::to_string(id));
    }
    m_deltas.resize(m_table.columnCpus().size());
}

SoftirqCollector::Type& SoftirqCollector::typeAt(std::size_t position, std::string_view name, MetricGroup& group)
{
    if (position < m_types.size() && m_types[position].name == name)
        return m_types[position];
    for (Type& type : m_types) {
        if (type.name == name)
            return type;
    }
    Type type;
    type.name.assign(name);
    type.rateColumn = group.column(kTypeRate, name);
    m_types.push_back(std::move(type));
    return m_types.back();
}

void SoftirqCollector::sample(SampleContext& context, MetricGroup& group)
{
    const std::string_view text = m_file.read();
    if (text.empty()) {
        if (!m_file.error().empty())
            throw CollectorError(m_file.error());
        throw CollectorError(m_file.path() + ": the file is empty");
    }
    ++m_reads;
    if (m_allRateColumn < 0)
        m_allRateColumn = group.column(kCpuRate, format::kAggregateInstance);

    if (m_table.start(text))
        columnsChanged(group);
    const std::vector<int>& columnCpu = m_table.columnCpus();
    if (columnCpu.empty())
        throw CollectorError(m_file.path() + ": the first line lists no CPU columns");
    for (const int id : columnCpu) {
        Cpu& cpu = m_cpus[std::size_t(id)];
        cpu.comparable = cpu.lastRead != 0 && cpu.lastRead + 1 == m_reads;
        cpu.lastRead = m_reads;
        cpu.total = 0;
    }

    const double seconds = context.elapsedSeconds;
    const bool rates = seconds > 0;
    std::size_t position = 0;
    PerCpuTable::Row row;
    while (m_table.next(row)) {
        const std::size_t count = row.values.size();
        Type& type = typeAt(position++, row.label, group);
        const bool comparable = type.lastRead != 0 && type.lastRead + 1 == m_reads;
        type.lastRead = m_reads;
        if (type.perCpu.size() < m_cpus.size())
            type.perCpu.resize(m_cpus.size(), 0);

        double sum = 0;
        for (std::size_t column = 0; column < count; ++column) {
            const std::size_t id = std::size_t(columnCpu[column]);
            if (comparable && m_cpus[id].comparable) {
                m_deltas[column] = counterDelta(type.perCpu[id], row.values[column]);
                sum += m_deltas[column];
            } else {
                m_deltas[column] = kNoValue; // the CPU was not listed last time: no interval to compare
            }
            type.perCpu[id] = row.values[column];
        }
        if (!comparable || !rates)
            continue;
        group.set(type.rateColumn, sum / seconds);
        // A counter that went down (a reset) blanks its type's rate but not the per-CPU totals.
        if (std::isnan(sum))
            continue;
        for (std::size_t column = 0; column < count; ++column) {
            if (!std::isnan(m_deltas[column]))
                m_cpus[std::size_t(columnCpu[column])].total += m_deltas[column];
        }
    }

    if (!rates)
        return;
    double total = 0;
    bool any = false;
    for (const int id : columnCpu) {
        const Cpu& cpu = m_cpus[std::size_t(id)];
        if (!cpu.comparable)
            continue;
        any = true;
        group.set(cpu.rateColumn, cpu.total / seconds);
        total += cpu.total;
    }
    if (any)
        group.set(m_allRateColumn, total / seconds);
}

nlohmann::json SoftirqCollector::details() const
{
    nlohmann::json types = nlohmann::json::object();
    for (const Type& type : m_types) {
        std::string meaning = "kernel softirq type " + type.name;
        for (const TypeMeaning& known : kMeanings) {
            if (type.name == known.name)
                meaning = known.meaning;
        }
        types[type.name] = meaning;
    }
    nlohmann::json details = nlohmann::json::object();
    details["cpus"] = m_table.columnCpus().size();
    details["types"] = std::move(types);
    return details;
}

} // namespace runlens::collect
