#include "InterruptsCollector.h"

#include "CounterDelta.h"
#include "TextCursor.h"

#include <algorithm>
#include <cmath>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricDescriptor;
using format::MetricKind;

constexpr const char* kLineRate = "irq.rate";
constexpr const char* kCpuRate = "irq.cpu_rate";
constexpr const char* kIpiRate = "irq.ipi_rate";
constexpr const char* kIpiCpuRate = "irq.ipi_cpu_rate";

// "IO-APIC   5-edge      ACPI:Ged" -> "IO-APIC 5-edge ACPI:Ged": the kernel pads for columns.
std::string collapseBlanks(std::string_view text)
{
    std::string result;
    result.reserve(text.size());
    bool blank = false;
    for (const char c : text) {
        if (c == ' ' || c == '\t') {
            blank = true;
            continue;
        }
        if (blank && !result.empty())
            result += ' ';
        blank = false;
        result += c;
    }
    return result;
}

// arm, arm64 and riscv print their IPIs as "IPI0:" ... "IPIn:".
bool isNumberedIpiLabel(std::string_view label)
{
    if (label.size() <= 3 || label.substr(0, 3) != "IPI")
        return false;
    return std::all_of(label.begin() + 3, label.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "6.1.0-18-amd64" -> true when older than major.minor.
bool releaseOlderThan(std::string_view release, int major, int minor)
{
    TextCursor cursor(release);
    std::uint64_t releaseMajor = 0;
    std::uint64_t releaseMinor = 0;
    if (!cursor.u64(releaseMajor) || !cursor.consume('.') || !cursor.u64(releaseMinor))
        return false; // unknown: assume a current kernel
    return releaseMajor < std::uint64_t(major) || (releaseMajor == std::uint64_t(major) && releaseMinor < std::uint64_t(minor));
}

MetricDescriptor descriptor(std::string id, std::string title, MetricKind kind, BetterDirection better,
                            std::string dimension, std::string description)
{
    return MetricDescriptor{std::move(id), std::move(title), "/s", kind, better, std::move(dimension), "Interrupts",
                            std::move(description)};
}

} // namespace

std::string_view InterruptsCollector::summary() const
{
    return "Interrupts per line and per CPU, and inter-processor interrupts (/proc/interrupts)";
}

int InterruptsCollector::cadenceForSize(std::size_t bytes)
{
    if (bytes <= kCadenceStepBytes)
        return 1;
    const std::size_t steps = (bytes + kCadenceStepBytes - 1) / kCadenceStepBytes;
    return int(std::min<std::size_t>(steps, std::size_t(kMaxCadence)));
}

std::string InterruptsCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    if (!m_file.open(paths.proc("interrupts")))
        return m_file.error();

    // Which x86 lines are IPIs depends on the kernel: before 4.8 CAL excluded the TLB shootdowns
    // (printed as irq_call_count - irq_tlb_count), since then CAL counts every function-call IPI
    // including those that carried a shootdown, so TLB must not be added on top.
    std::string release;
    if (readWholeFile(paths.proc("sys/kernel/osrelease"), release)) {
        m_kernelRelease = std::string(trimBlanks(std::string_view(release).substr(0, release.find('\n'))));
        m_tlbOutsideCall = releaseOlderThan(m_kernelRelease, 4, 8);
    }

    catalog.add(descriptor(kLineRate, "Interrupts by line", MetricKind::Rate, BetterDirection::Neutral, "irq",
                           "Interrupts per second of one interrupt line (a device queue, the local timer, an "
                           "inter-processor interrupt), summed over all CPUs; the collector's details name each line."));
    catalog.add(descriptor(kCpuRate, "Interrupts per CPU", MetricKind::Rate, BetterDirection::Neutral, "cpu",
                           "Interrupts per second handled by one CPU, all lines together; 'all' is the whole host. "
                           "A CPU far above the others is doing most of the device work."));
    catalog.add(descriptor(kIpiRate, "Inter-processor interrupts", MetricKind::Rate, BetterDirection::Lower, "",
                           "Interrupts per second that one CPU sent another (wake-ups, function calls, TLB "
                           "shootdowns): pure coordination overhead, high with many threads sharing memory."));
    catalog.add(descriptor(kIpiCpuRate, "Inter-processor interrupts per CPU", MetricKind::Rate,
                           BetterDirection::Lower, "cpu",
                           "Inter-processor interrupts per second received by one CPU."));
    return {};
}

void InterruptsCollector::columnsChanged(MetricGroup& group)
{
    // The header lists the online CPUs; it changes only when one goes offline or comes back.
    for (const int id : m_table.columnCpus()) {
        if (std::size_t(id) >= m_cpus.size())
            m_cpus.resize(std::size_t(id) + 1);
        Cpu& cpu = m_cpus[std::size_t(id)];
        if (cpu.rateColumn < 0) {
            const std::string instance = "cpu" + std::to_string(id);
            cpu.rateColumn = group.column(kCpuRate, instance);
            cpu.ipiColumn = group.column(kIpiCpuRate, instance);
        }
    }
    m_deltas.resize(m_table.columnCpus().size());
}

void InterruptsCollector::classify(Line& line, std::size_t valueCount) const
{
    const std::string_view label = line.label;
    // ERR and MIS (x86) and Err (arm) are single system-wide counts of spurious or mis-routed
    // interrupts; they belong to no CPU.
    line.global = label == "ERR" || label == "MIS" || label == "Err" || (valueCount == 1 && m_table.columnCpus().size() > 1);
    // RTR counts retried APIC register reads and MCP timer-driven machine-check polls: neither is
    // an interrupt, so neither goes into the per-CPU totals.
    line.countsForCpu = !line.global && label != "RTR" && label != "MCP";
    if (isNumberedIpiLabel(label)) {
        // An IRQ-work IPI is a CPU interrupting itself to run deferred work, not a message
        // between CPUs.
        line.ipi = line.description.find("IRQ work") == std::string::npos;
    } else {
        // x86: IWI (IRQ work) is a self-interrupt too; PLT, PIN, NPI, PIW are platform and
        // virtualisation vectors, not the kernel's CPU-to-CPU messages.
        line.ipi = label == "RES" || label == "CAL" || (label == "TLB" && m_tlbOutsideCall);
    }
}

InterruptsCollector::Line& InterruptsCollector::lineAt(std::size_t position, std::string_view label,
                                                       std::string_view description, std::size_t valueCount,
                                                       MetricGroup& group)
{
    std::size_t index = 0;
    if (position < m_order.size() && m_lines[m_order[position]].label == label) {
        index = m_order[position];
    } else {
        if (const auto it = m_lineIndex.find(label); it != m_lineIndex.end()) {
            index = it->second;
        } else {
            index = m_lines.size();
            Line line;
            line.label.assign(label);
            line.rawDescription.assign(description);
            line.description = collapseBlanks(description);
            line.rateColumn = group.column(kLineRate, label);
            classify(line, valueCount);
            m_lines.push_back(std::move(line));
            m_lineIndex.emplace(std::string(label), index);
        }
        if (position < m_order.size())
            m_order[position] = index;
        else
            m_order.push_back(index);
    }
    Line& line = m_lines[index];
    if (line.rawDescription != description) {
        // An IRQ number freed and requested again by another driver keeps its label.
        line.rawDescription.assign(description);
        line.description = collapseBlanks(description);
        classify(line, valueCount);
    }
    return line;
}

void InterruptsCollector::sample(SampleContext& context, MetricGroup& group)
{
    const std::string_view text = m_file.read();
    if (text.empty()) {
        if (!m_file.error().empty())
            throw CollectorError(m_file.error());
        throw CollectorError(m_file.path() + ": the file is empty");
    }
    ++m_reads;
    if (m_allRateColumn < 0) {
        m_allRateColumn = group.column(kCpuRate, format::kAggregateInstance);
        m_ipiRateColumn = group.column(kIpiRate);
    }

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
        cpu.ipis = 0;
    }

    // elapsedSeconds spans this collector's previous read, however many base intervals the
    // cadence skipped, so rates stay per second.
    const double seconds = context.elapsedSeconds;
    const bool rates = seconds > 0;
    std::size_t position = 0;
    PerCpuTable::Row row;
    while (m_table.next(row)) {
        const std::size_t count = row.values.size();
        Line& line = lineAt(position++, row.label, row.description, count, group);
        const bool comparable = line.lastRead != 0 && line.lastRead + 1 == m_reads;
        line.lastRead = m_reads;

        if (line.global) {
            if (comparable && rates)
                group.set(line.rateColumn, counterRate(line.globalValue, row.values[0], seconds));
            line.globalValue = row.values[0];
            continue;
        }

        if (line.perCpu.size() < m_cpus.size())
            line.perCpu.resize(m_cpus.size(), 0);
        // A CPU that just came online has no previous count here: it is left out of this
        // interval's sum. A count that went down (the IRQ was freed and requested again) makes
        // the line's rate NaN.
        double sum = 0;
        for (std::size_t column = 0; column < count; ++column) {
            const std::size_t id = std::size_t(columnCpu[column]);
            if (comparable && m_cpus[id].comparable) {
                m_deltas[column] = counterDelta(line.perCpu[id], row.values[column]);
                sum += m_deltas[column];
            } else {
                m_deltas[column] = kNoValue;
            }
            line.perCpu[id] = row.values[column];
        }
        if (!comparable || !rates)
            continue;
        group.set(line.rateColumn, sum / seconds);
        // A line with a reset is left out of the per-CPU totals rather than blanking them.
        if (std::isnan(sum) || !line.countsForCpu)
            continue;
        for (std::size_t column = 0; column < count; ++column) {
            const double delta = m_deltas[column];
            if (std::isnan(delta))
                continue;
            Cpu& cpu = m_cpus[std::size_t(columnCpu[column])];
            cpu.total += delta;
            if (line.ipi)
                cpu.ipis += delta;
        }
    }

    if (m_reads == 1)
        chooseCadence(text.size());
    if (!rates)
        return;
    double total = 0;
    double ipis = 0;
    bool any = false;
    for (const int id : columnCpu) {
        const Cpu& cpu = m_cpus[std::size_t(id)];
        if (!cpu.comparable)
            continue;
        any = true;
        group.set(cpu.rateColumn, cpu.total / seconds);
        group.set(cpu.ipiColumn, cpu.ipis / seconds);
        total += cpu.total;
        ipis += cpu.ipis;
    }
    if (any) {
        group.set(m_allRateColumn, total / seconds);
        group.set(m_ipiRateColumn, ipis / seconds);
    }
}

void InterruptsCollector::chooseCadence(std::size_t bytes)
{
    m_firstReadBytes = bytes;
    m_cadence = cadenceForSize(bytes);
    const std::string size = std::to_string((bytes + 1023) / 1024) + " KiB (" + std::to_string(m_lines.size()) +
                             " lines x " + std::to_string(m_table.columnCpus().size()) + " CPUs)";
    if (m_cadence == 1) {
        m_cadenceReason = m_file.path() + " is " + size + ", within " + std::to_string(kCadenceStepBytes / 1024) +
                          " KiB: read every interval";
    } else {
        m_cadenceReason = m_file.path() + " is " + size + ": read every " + std::to_string(m_cadence) +
                          " intervals (one per started " + std::to_string(kCadenceStepBytes / 1024) +
                          " KiB, at most " + std::to_string(kMaxCadence) +
                          ") because the kernel formats the whole file at each read; rates use the real time "
                          "between reads";
    }
}

nlohmann::json InterruptsCollector::details() const
{
    nlohmann::json details = nlohmann::json::object();
    details["cadence"] = m_cadence;
    details["cadence_reason"] = m_cadenceReason;
    details["file_bytes"] = m_firstReadBytes;
    details["lines"] = m_lines.size();
    details["cpus"] = m_table.columnCpus().size();
    if (!m_kernelRelease.empty())
        details["kernel_release"] = m_kernelRelease;

    nlohmann::json ipiLines = nlohmann::json::array();
    nlohmann::json descriptions = nlohmann::json::object();
    for (const Line& line : m_lines) {
        if (line.ipi)
            ipiLines.push_back(line.label);
        if (!line.description.empty())
            descriptions[line.label] = line.description;
    }
    details["ipi_lines"] = std::move(ipiLines);
    details["ipi_rule"] = m_tlbOutsideCall
        ? "x86 RES + CAL + TLB (this kernel is older than 4.8 and prints CAL without the TLB shootdowns); "
          "IWI is a CPU interrupting itself and is not counted"
        : "x86 RES + CAL (since 4.8 CAL includes the function-call IPIs that carry TLB shootdowns, so TLB is "
          "not added again); arm/arm64/riscv IPIn lines except IRQ work; IRQ work (x86 IWI) is a CPU "
          "interrupting itself and is not counted";
    details["descriptions"] = std::move(descriptions);
    return details;
}

} // namespace runlens::collect
