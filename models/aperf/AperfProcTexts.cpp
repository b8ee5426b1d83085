#include "AperfProcTexts.h"

#include "AperfSeriesBuilder.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>

using runlens::format::BetterDirection;
using runlens::format::kAggregateInstance;
using runlens::format::MetricDescriptor;
using runlens::format::MetricKind;

namespace aperf {

using namespace detail;

namespace {

// The titles runlens-rec gives the common meminfo and vmstat fields, so that a chart of an APerf
// run and a Runlens run reads the same whichever run comes first.
struct FieldTitle {
    std::string_view key;
    const char* title;
    BetterDirection better;
};
constexpr FieldTitle kFieldTitles[] = {
    {"MemTotal", "Total memory", BetterDirection::Neutral},     {"MemFree", "Free memory", BetterDirection::Neutral},
    {"MemAvailable", "Available memory", BetterDirection::Higher}, {"Cached", "Page cache", BetterDirection::Neutral},
    {"SwapCached", "Swap cache", BetterDirection::Neutral},     {"Active", "Active memory", BetterDirection::Neutral},
    {"Inactive", "Inactive memory", BetterDirection::Neutral},  {"Mlocked", "Locked memory", BetterDirection::Neutral},
    {"SwapTotal", "Total swap", BetterDirection::Neutral},      {"SwapFree", "Free swap", BetterDirection::Neutral},
    {"Dirty", "Dirty memory", BetterDirection::Lower},        {"AnonPages", "Anonymous memory", BetterDirection::Neutral},
    {"Mapped", "Mapped files", BetterDirection::Neutral},       {"Shmem", "Shared memory", BetterDirection::Neutral},
    {"Slab", "Kernel slab", BetterDirection::Neutral},          {"PageTables", "Page tables", BetterDirection::Neutral},
    {"Committed_AS", "Committed memory", BetterDirection::Neutral}, {"AnonHugePages", "Transparent huge pages", BetterDirection::Neutral},
    {"pgfault", "Page faults", BetterDirection::Lower},         {"pgmajfault", "Major page faults", BetterDirection::Lower},
    {"pswpin", "Swap-ins", BetterDirection::Lower},             {"pswpout", "Swap-outs", BetterDirection::Lower},
    {"pgpgin", "Paged in", BetterDirection::Neutral},           {"pgpgout", "Paged out", BetterDirection::Neutral},
};

const FieldTitle* fieldTitle(std::string_view key)
{
    for (const FieldTitle& known : kFieldTitles) {
        if (known.key == key)
            return &known;
    }
    return nullptr;
}

std::string lowered(std::string_view text)
{
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return result;
}

} // namespace

namespace {

// /proc/stat: CPU states per CPU and "all", context switches, forks, running and blocked tasks.
class ProcStatParser final : public GroupParser
{
public:
    ProcStatParser() : GroupParser("cpu") {}

private:
    struct State {
        const char* id;
        const char* title;
        BetterDirection better;
    };
    // The /proc/stat fields in order; the first 8 are the whole (guest time is inside user).
    static constexpr std::array<State, 10> kStates{{
        {"cpu.user", "User CPU", BetterDirection::Neutral},
        {"cpu.nice", "Nice CPU", BetterDirection::Neutral},
        {"cpu.system", "System CPU", BetterDirection::Lower},
        {"cpu.idle", "Idle CPU", BetterDirection::Neutral},
        {"cpu.iowait", "I/O wait", BetterDirection::Lower},
        {"cpu.irq", "Hardware interrupts", BetterDirection::Lower},
        {"cpu.softirq", "Software interrupts", BetterDirection::Lower},
        {"cpu.steal", "Steal", BetterDirection::Lower},
        {"cpu.guest", "Guest CPU", BetterDirection::Neutral},
        {"cpu.guest_nice", "Guest nice CPU", BetterDirection::Neutral},
    }};
    static constexpr std::size_t kBusy = kStates.size(); // cpu.busy's column after the states'

    // A "cpuN" (or "cpu") line: its columns once it has had a rate, its last counts.
    struct CpuLine {
        std::array<std::size_t, kStates.size() + 1> columns{};
        bool hasColumns = false;
        std::array<double, kStates.size()> previous{};
        bool hasPrevious = false;
    };

    void parse(std::int64_t timeNs, double seconds, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::string_view line;
        for (std::size_t index = 0; nextLine(text, line); ++index) {
            std::string_view rest = line;
            std::string_view name;
            std::string_view first;
            if (!nextWord(rest, name))
                continue;
            std::string_view afterName = rest;
            if (!nextWord(afterName, first))
                continue;
            if (name.starts_with("cpu")) {
                cpuLine(index, name, rest);
            } else if (name == "ctxt" || name == "processes") {
                const bool ctxt = name == "ctxt";
                if (const auto value = number(first))
                    if (const auto rate = (ctxt ? m_contextSwitches : m_forks).next(*value, seconds))
                        m_group.set(ctxt ? "cpu.context_switches" : "cpu.forks", "", *rate);
            } else if (name == "procs_running" || name == "procs_blocked") {
                if (const auto value = number(first))
                    m_group.set(name == "procs_running" ? "cpu.procs_running" : "cpu.procs_blocked", "", *value);
            }
        }
    }

    void cpuLine(std::size_t index, std::string_view name, std::string_view counts)
    {
        // Up to 10 counts; a line of fewer than 8, or with one that is not a number, is skipped.
        std::array<double, kStates.size()> now{};
        std::size_t n = 0;
        bool complete = true;
        std::string_view word;
        while (n < now.size() && nextWord(counts, word)) {
            const auto value = number(word);
            complete = complete && value;
            now[n++] = value.value_or(0);
        }
        if (!complete || n < 8)
            return;
        CpuLine& cpu = m_lines.at(index, name);
        if (cpu.hasPrevious) {
            std::array<double, kStates.size()> delta{};
            double whole = 0;
            bool decreased = false;
            for (std::size_t k = 0; k < now.size(); ++k) {
                delta[k] = now[k] - cpu.previous[k];
                decreased = decreased || delta[k] < 0;
                if (k < 8)
                    whole += delta[k];
            }
            if (!decreased && whole > 0) {
                if (!cpu.hasColumns) {
                    const std::string_view instance = name == "cpu" ? std::string_view(kAggregateInstance) : name;
                    for (std::size_t k = 0; k < kStates.size(); ++k)
                        cpu.columns[k] = m_group.column(kStates[k].id, instance);
                    cpu.columns[kBusy] = m_group.column("cpu.busy", instance);
                    cpu.hasColumns = true;
                }
                for (std::size_t k = 0; k < kStates.size(); ++k)
                    m_group.setAt(cpu.columns[k], delta[k] / whole * 100.0);
                m_group.setAt(cpu.columns[kBusy], 100.0 - (delta[3] + delta[4]) / whole * 100.0);
            }
        }
        cpu.previous = now;
        cpu.hasPrevious = true;
    }

    void describe() override
    {
        for (const State& state : kStates) {
            m_group.describe(descriptor(state.id, state.title, "%", MetricKind::Percent, state.better, "cpu", "CPU",
                                        std::string("Share of CPU time in this state (/proc/stat); 'all' is the whole host.")));
        }
        m_group.describe(descriptor("cpu.busy", "Busy CPU", "%", MetricKind::Percent, BetterDirection::Neutral, "cpu", "CPU",
                                    "Share of CPU time not idle and not waiting for I/O; 'all' is the whole host."));
        m_group.describe(descriptor("cpu.context_switches", "Context switches", "/s", MetricKind::Rate, BetterDirection::Lower, "",
                                    "CPU", "Context switches per second, all CPUs."));
        m_group.describe(descriptor("cpu.forks", "Forks", "/s", MetricKind::Rate, BetterDirection::Neutral, "", "CPU",
                                    "Processes and threads created per second."));
        m_group.describe(descriptor("cpu.procs_running", "Running tasks", "tasks", MetricKind::Gauge, BetterDirection::Neutral, "",
                                    "CPU", "Tasks running or ready to run at the sample time."));
        m_group.describe(descriptor("cpu.procs_blocked", "Blocked tasks", "tasks", MetricKind::Gauge, BetterDirection::Lower, "",
                                    "CPU", "Tasks waiting for I/O at the sample time."));
    }

    LineCache<CpuLine> m_lines;
    Rate m_contextSwitches;
    Rate m_forks;
};

// /proc/meminfo: every field, in bytes where the kernel says kB, and mem.used.
class MeminfoParser final : public GroupParser
{
public:
    MeminfoParser() : GroupParser("mem") {}

private:
    struct Field {
        std::size_t column = 0;
        bool hasColumn = false;
    };

    void parse(std::int64_t timeNs, double, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::optional<double> total;
        std::optional<double> available;
        std::string_view line;
        for (std::size_t index = 0; nextLine(text, line); ++index) {
            const std::size_t colon = line.find(':');
            if (colon == std::string_view::npos)
                continue;
            const std::string_view key = line.substr(0, colon);
            std::string_view rest = line.substr(colon + 1);
            std::string_view first;
            std::string_view unit;
            if (!nextWord(rest, first))
                continue;
            const auto value = number(first);
            if (!value)
                continue;
            const bool kilobytes = nextWord(rest, unit) && unit == "kB";
            const double converted = kilobytes ? *value * 1024.0 : *value;
            if (key == "MemTotal")
                total = converted;
            if (key == "MemAvailable")
                available = converted;
            Field& field = m_fields.at(index, key);
            if (!field.hasColumn) {
                field.column = newColumn(key, kilobytes);
                field.hasColumn = true;
            }
            m_group.setAt(field.column, converted);
        }
        if (total && available)
            m_group.set("mem.used", "", *total - *available);
    }

    std::size_t newColumn(std::string_view key, bool kilobytes)
    {
        // runlens-rec: "MemTotal" is mem.total, the group already says "mem".
        std::string_view name = key;
        if (name.starts_with("Mem") && name.size() > 3)
            name.remove_prefix(3);
        const std::string id = sanitisedId("mem.", name);
        if (!m_group.described(id)) {
            const std::string field(key);
            const FieldTitle* known = fieldTitle(field);
            m_group.describe(descriptor(id, known ? known->title : field, kilobytes ? "bytes" : "count", MetricKind::Gauge,
                                        known ? known->better : BetterDirection::Neutral, "", "Memory",
                                        "The kernel's " + field + " figure from /proc/meminfo"
                                            + (kilobytes ? ", in bytes." : " (a count).")));
        }
        return m_group.column(id, "");
    }

    void describe() override
    {
        m_group.describe(descriptor("mem.used", "Used memory", "bytes", MetricKind::Gauge, BetterDirection::Lower, "", "Memory",
                                    "Memory in use: total minus available (MemTotal - MemAvailable)."));
    }

    LineCache<Field> m_fields;
};

// /proc/vmstat: nr_* levels as counts, the counters per second, and minor faults.
class VmstatParser final : public GroupParser
{
public:
    VmstatParser() : GroupParser("mem.vm") {}

private:
    struct Field {
        std::string id;
        bool counter = false;
        std::optional<std::size_t> column;
        Rate rate;
    };

    static bool isCounter(std::string_view key)
    {
        // nr_* fields are levels, except these, which only ever grow; workingset_nodes is a level.
        static constexpr std::array<std::string_view, 7> kCumulativeNr{
            "nr_dirtied", "nr_written", "nr_throttled_written", "nr_vmscan_write", "nr_vmscan_immediate_reclaim",
            "nr_foll_pin_acquired", "nr_foll_pin_released",
        };
        if (key.starts_with("nr_"))
            return std::find(kCumulativeNr.begin(), kCumulativeNr.end(), key) != kCumulativeNr.end() || key.starts_with("nr_tlb_");
        return key != "workingset_nodes";
    }

    void parse(std::int64_t timeNs, double seconds, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::optional<double> faults;
        std::optional<double> majorFaults;
        std::string_view line;
        for (std::size_t index = 0; nextLine(text, line); ++index) {
            std::string_view key;
            std::string_view count;
            std::string_view extra;
            if (!nextWord(line, key) || !nextWord(line, count) || nextWord(line, extra))
                continue;
            const auto value = number(count);
            if (!value)
                continue;
            bool created = false;
            Field& field = m_fields.at(index, key, &created);
            if (created) {
                field.id = sanitisedId("mem.vm.", key);
                field.counter = isCounter(key);
            }
            std::optional<double> shown = *value;
            if (field.counter) {
                shown = field.rate.next(*value, seconds);
                if (key == "pgfault")
                    faults = shown;
                if (key == "pgmajfault")
                    majorFaults = shown;
            }
            if (shown) {
                if (!field.column)
                    field.column = m_group.column(field.id, "");
                m_group.setAt(*field.column, *shown);
            }
            if (created && !m_group.described(field.id)) {
                const std::string name(key);
                const FieldTitle* known = fieldTitle(name);
                // pgpgin and pgpgout count kilobytes, as runlens-rec says.
                const bool kilobytes = key == "pgpgin" || key == "pgpgout";
                m_group.describe(descriptor(field.id, known ? known->title : name,
                                            !field.counter ? "count" : kilobytes ? "KiB/s" : "/s",
                                            field.counter ? MetricKind::Rate : MetricKind::Gauge,
                                            known ? known->better : BetterDirection::Neutral, "", "Memory",
                                            "The kernel's " + name + " from /proc/vmstat" + (field.counter ? ", per second." : ".")));
            }
        }
        if (faults && majorFaults)
            m_group.set("mem.vm.pgminorfault", "", std::max(0.0, *faults - *majorFaults));
    }

    void describe() override
    {
        m_group.describe(descriptor("mem.vm.pgminorfault", "Minor page faults", "/s", MetricKind::Rate, BetterDirection::Lower, "",
                                    "Memory", "Page faults per second resolved without disk I/O (first touch of new memory, "
                                              "copy-on-write, cached files)."));
    }

    LineCache<Field> m_fields;
};

// /proc/interrupts: per line (all CPUs), per CPU (all lines), and the inter-processor ones.
class InterruptsParser final : public GroupParser
{
public:
    InterruptsParser() : GroupParser("irq") {}

private:
    struct Line {
        std::vector<double> last; // the per-CPU counts last seen
        std::optional<std::size_t> column;
        bool numberedIpi = false;
        bool irqWork = false;
        bool named = false; // the flags above are set
    };

    void parse(std::int64_t timeNs, double seconds, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::string_view header;
        if (!nextLine(text, header))
            return;
        // The header names the online CPUs: "CPU0 CPU1 ...". Parsed again only when it changes.
        if (header != m_header) {
            m_header.assign(header);
            m_cpus.clear();
            m_cpuColumns.clear();
            std::string_view name;
            while (nextWord(header, name)) {
                if (name.starts_with("CPU"))
                    m_cpus.push_back("cpu" + std::string(name.substr(3)));
            }
        }
        const std::size_t cpus = m_cpus.size();
        m_perCpu.assign(cpus, 0.0);
        m_ipiPerCpu.assign(cpus, 0.0);
        bool anyRate = false;
        double ipiTotal = 0;
        std::string_view line;
        for (std::size_t index = 0; nextLine(text, line); ++index) {
            const std::size_t colon = line.find(':');
            if (colon == std::string_view::npos)
                continue;
            std::string_view label = line.substr(0, colon);
            std::string_view name;
            std::string_view more;
            if (!nextWord(label, name) || nextWord(label, more))
                continue;
            // The counts, up to one per CPU, until a word that is not a number (the description).
            std::string_view rest = line.substr(colon + 1);
            m_counts.clear();
            std::string_view word;
            std::string_view beforeWord = rest;
            while (m_counts.size() < cpus) {
                beforeWord = rest;
                if (!nextWord(rest, word))
                    break;
                const auto value = number(word);
                if (!value) {
                    rest = beforeWord;
                    break;
                }
                m_counts.push_back(*value);
            }
            if (m_counts.empty())
                continue;
            Line& state = m_lines.at(index, name);
            if (!state.named) {
                state.numberedIpi = name.size() > 3 && name.starts_with("IPI")
                                 && std::all_of(name.begin() + 3, name.end(), [](char c) { return c >= '0' && c <= '9'; });
                // An IRQ-work IPI is a CPU interrupting itself to run deferred work, not a message between CPUs.
                state.irqWork = isIrqWork(rest);
                state.named = true;
            }
            // ERR and MIS (x86), Err (arm): system-wide counts of spurious interrupts, no CPU's.
            const bool global = name == "ERR" || name == "MIS" || name == "Err" || (m_counts.size() == 1 && cpus > 1);
            const bool countsForCpu = !global && name != "RTR" && name != "MCP";
            const bool ipi = state.numberedIpi ? !state.irqWork : name == "RES" || name == "CAL";
            double lineRate = 0;
            bool lineHasRate = false;
            // A counter that went down (a reset) or a CPU that came or went: no rate this time.
            if (state.last.size() == m_counts.size() && seconds > 0) {
                for (std::size_t c = 0; c < m_counts.size(); ++c) {
                    if (m_counts[c] < state.last[c])
                        continue;
                    const double rate = (m_counts[c] - state.last[c]) / seconds;
                    lineRate += rate;
                    lineHasRate = true;
                    if (countsForCpu && c < cpus) {
                        m_perCpu[c] += rate;
                        anyRate = true;
                        if (ipi)
                            m_ipiPerCpu[c] += rate;
                    }
                }
            }
            state.last.swap(m_counts);
            if (lineHasRate) {
                if (!state.column)
                    state.column = m_group.column("irq.rate", name);
                m_group.setAt(*state.column, lineRate);
                if (ipi)
                    ipiTotal += lineRate;
            }
        }
        if (anyRate) {
            if (m_cpuColumns.size() != cpus) {
                for (const std::string& cpu : m_cpus) {
                    const std::size_t rate = m_group.column("irq.cpu_rate", cpu);
                    m_cpuColumns.emplace_back(rate, m_group.column("irq.ipi_cpu_rate", cpu));
                }
            }
            double all = 0;
            for (std::size_t c = 0; c < cpus; ++c) {
                m_group.setAt(m_cpuColumns[c].first, m_perCpu[c]);
                m_group.setAt(m_cpuColumns[c].second, m_ipiPerCpu[c]);
                all += m_perCpu[c];
            }
            m_group.set("irq.cpu_rate", kAggregateInstance, all);
            m_group.set("irq.ipi_rate", "", ipiTotal);
        }
    }

    static bool isIrqWork(std::string_view description)
    {
        std::string_view word;
        std::string_view previous;
        while (nextWord(description, word)) {
            if (previous == "IRQ" && word == "work")
                return true;
            previous = word;
        }
        return false;
    }

    void describe() override
    {
        m_group.describe(descriptor("irq.rate", "Interrupts per line", "/s", MetricKind::Rate, BetterDirection::Neutral, "irq",
                                    "Interrupts", "Interrupts per second of one line of /proc/interrupts, all CPUs together."));
        m_group.describe(descriptor("irq.cpu_rate", "Interrupts per CPU", "/s", MetricKind::Rate, BetterDirection::Lower, "cpu",
                                    "Interrupts", "Interrupts per second handled by one CPU, all lines together; 'all' is the whole host."));
        m_group.describe(descriptor("irq.ipi_rate", "Inter-processor interrupts", "/s", MetricKind::Rate, BetterDirection::Lower, "",
                                    "Interrupts", "Interrupts per second that one CPU sent another (wake-ups, function calls, TLB shootdowns)."));
        m_group.describe(descriptor("irq.ipi_cpu_rate", "Inter-processor interrupts per CPU", "/s", MetricKind::Rate,
                                    BetterDirection::Lower, "cpu", "Interrupts", "Inter-processor interrupts per second received by one CPU."));
    }

    std::string m_header;
    std::vector<std::string> m_cpus;
    std::vector<std::pair<std::size_t, std::size_t>> m_cpuColumns; // irq.cpu_rate, irq.ipi_cpu_rate
    LineCache<Line> m_lines;
    std::vector<double> m_counts; // scratch: one line's counts
    std::vector<double> m_perCpu;
    std::vector<double> m_ipiPerCpu;
};

// /proc/diskstats: per disk (partitions are counted in their disk) and "all".
class DiskstatsParser final : public GroupParser
{
public:
    DiskstatsParser() : GroupParser("disk") {}

private:
    void parse(std::int64_t timeNs, double seconds, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::map<std::string, std::vector<double>> now;
        std::string_view line;
        while (nextLine(text, line)) {
            const std::vector<std::string_view> fields = words(line);
            if (fields.size() < 14)
                continue;
            const std::string name(fields[2]);
            if (name.starts_with("loop") || name.starts_with("ram") || name.starts_with("zram"))
                continue;
            std::vector<double> values;
            for (std::size_t k = 3; k < fields.size(); ++k)
                values.push_back(number(fields[k]).value_or(kNoValue));
            values.resize(17, 0.0);
            now[name] = std::move(values);
        }
        // A partition (nvme0n1p1, sda1) is counted in its disk: shown once, like runlens-rec does.
        const auto isPartition = [&now](const std::string& name) {
            for (const auto& [disk, unused] : now) {
                if (disk.size() < name.size() && name.starts_with(disk)) {
                    std::string_view rest(name);
                    rest.remove_prefix(disk.size());
                    if (rest.starts_with('p'))
                        rest.remove_prefix(1);
                    if (!rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; }))
                        return true;
                }
            }
            return false;
        };
        std::array<double, 6> totals{}; // read/write iops, bytes; discards, flushes
        double busiest = kNoValue;
        bool any = false;
        for (const auto& [name, values] : now) {
            if (isPartition(name))
                continue;
            const auto last = m_previous.find(name);
            if (last != m_previous.end() && seconds > 0) {
                std::vector<double> d(17);
                bool decreased = false;
                for (std::size_t k = 0; k < 17; ++k) {
                    d[k] = values[k] - last->second[k];
                    decreased = decreased || (k != 8 && d[k] < 0);
                }
                if (!decreased) {
                    const auto ratio = [](double a, double b) { return b > 0 ? a / b : kNoValue; };
                    m_group.set("disk.read_iops", name, d[0] / seconds);
                    m_group.set("disk.read_merges", name, d[1] / seconds);
                    m_group.set("disk.read_bytes", name, d[2] * 512.0 / seconds);
                    m_group.set("disk.write_iops", name, d[4] / seconds);
                    m_group.set("disk.write_merges", name, d[5] / seconds);
                    m_group.set("disk.write_bytes", name, d[6] * 512.0 / seconds);
                    m_group.set("disk.read_await", name, ratio(d[3], d[0]));
                    m_group.set("disk.write_await", name, ratio(d[7], d[4]));
                    m_group.set("disk.await", name, ratio(d[3] + d[7], d[0] + d[4]));
                    const double util = std::min(100.0, d[9] / (seconds * 1000.0) * 100.0);
                    m_group.set("disk.util", name, util);
                    m_group.set("disk.queue_depth", name, d[10] / (seconds * 1000.0));
                    m_group.set("disk.discard_iops", name, d[11] / seconds);
                    m_group.set("disk.discard_bytes", name, d[13] * 512.0 / seconds);
                    m_group.set("disk.discard_await", name, ratio(d[14], d[11]));
                    m_group.set("disk.flush_iops", name, d[15] / seconds);
                    m_group.set("disk.flush_await", name, ratio(d[16], d[15]));
                    totals[0] += d[0] / seconds;
                    totals[1] += d[4] / seconds;
                    totals[2] += d[2] * 512.0 / seconds;
                    totals[3] += d[6] * 512.0 / seconds;
                    totals[4] += d[11] / seconds;
                    totals[5] += d[15] / seconds;
                    busiest = std::isnan(busiest) ? util : std::max(busiest, util);
                    any = true;
                }
            }
            m_group.set("disk.in_flight", name, values[8]);
        }
        if (any) {
            m_group.set("disk.read_iops", kAggregateInstance, totals[0]);
            m_group.set("disk.write_iops", kAggregateInstance, totals[1]);
            m_group.set("disk.read_bytes", kAggregateInstance, totals[2]);
            m_group.set("disk.write_bytes", kAggregateInstance, totals[3]);
            m_group.set("disk.discard_iops", kAggregateInstance, totals[4]);
            m_group.set("disk.flush_iops", kAggregateInstance, totals[5]);
            m_group.set("disk.util", kAggregateInstance, busiest);
        }
        m_previous = std::move(now);
    }

    void describe() override
    {
        struct Info {
            const char* id;
            const char* title;
            const char* unit;
            MetricKind kind;
            BetterDirection better;
        };
        static constexpr Info kMetrics[] = {
            {"disk.read_iops", "Disk reads", "/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.write_iops", "Disk writes", "/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.read_bytes", "Disk read throughput", "bytes/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.write_bytes", "Disk write throughput", "bytes/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.read_merges", "Merged reads", "/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.write_merges", "Merged writes", "/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.read_await", "Read latency", "ms", MetricKind::Gauge, BetterDirection::Lower},
            {"disk.write_await", "Write latency", "ms", MetricKind::Gauge, BetterDirection::Lower},
            {"disk.await", "I/O latency", "ms", MetricKind::Gauge, BetterDirection::Lower},
            {"disk.queue_depth", "Queue depth", "count", MetricKind::Gauge, BetterDirection::Lower},
            {"disk.util", "Disk utilisation", "%", MetricKind::Percent, BetterDirection::Lower},
            {"disk.in_flight", "Requests in flight", "count", MetricKind::Gauge, BetterDirection::Lower},
            {"disk.discard_iops", "Discards", "/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.discard_bytes", "Discard throughput", "bytes/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.discard_await", "Discard latency", "ms", MetricKind::Gauge, BetterDirection::Lower},
            {"disk.flush_iops", "Cache flushes", "/s", MetricKind::Rate, BetterDirection::Neutral},
            {"disk.flush_await", "Flush latency", "ms", MetricKind::Gauge, BetterDirection::Lower},
        };
        for (const Info& info : kMetrics)
            m_group.describe(descriptor(info.id, info.title, info.unit, info.kind, info.better, "disk", "Disk",
                                        std::string(info.title) + " per device (/proc/diskstats); 'all' sums the disks."));
    }

    std::map<std::string, std::vector<double>> m_previous;
};

// /proc/net/netstat: pairs of lines, "TcpExt: Name1 Name2 ..." then "TcpExt: 1 2 ...".
class NetstatParser final : public GroupParser
{
public:
    NetstatParser() : GroupParser("net") {}

private:
    struct Counter {
        std::string id;
        bool level = false;
        std::optional<std::size_t> column;
        Rate rate;
    };
    // A names line and what its values mean.
    struct Names {
        std::string first; // "TcpExt:"
        std::vector<Counter> counters;
    };

    void parse(std::int64_t timeNs, double seconds, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::string_view namesLine;
        std::string_view valuesLine;
        for (std::size_t index = 0; nextLine(text, namesLine) && nextLine(text, valuesLine); ++index) {
            bool created = false;
            Names& names = m_lines.at(index, namesLine, &created);
            if (created)
                describeLine(names, namesLine);
            std::string_view first;
            if (names.counters.empty() || !nextWord(valuesLine, first) || first != names.first)
                continue;
            // The values line must have one value per name.
            std::string_view check = valuesLine;
            std::size_t count = 0;
            std::string_view word;
            while (nextWord(check, word))
                ++count;
            if (count != names.counters.size())
                continue;
            for (Counter& counter : names.counters) {
                nextWord(valuesLine, word);
                const auto value = number(word);
                if (!value)
                    continue;
                const std::optional<double> shown = counter.level ? value : counter.rate.next(*value, seconds);
                if (!shown)
                    continue;
                if (!counter.column)
                    counter.column = m_group.column(counter.id, "");
                m_group.setAt(*counter.column, *shown);
            }
        }
    }

    void describeLine(Names& names, std::string_view line)
    {
        const std::vector<std::string_view> fields = words(line);
        if (fields.size() < 2 || !fields[0].ends_with(':'))
            return;
        names.first = std::string(fields[0]);
        const std::string_view section = fields[0].substr(0, fields[0].size() - 1);
        const std::string prefix = lowered(section);
        for (std::size_t k = 1; k < fields.size(); ++k) {
            Counter& counter = names.counters.emplace_back();
            counter.id = "net." + prefix + "." + lowered(fields[k]);
            counter.level = section == "MPTcpExt" && fields[k] == "MPCurrEstab";
            if (m_group.described(counter.id))
                continue;
            const std::string name = std::string(section) + "." + std::string(fields[k]);
            m_group.describe(descriptor(counter.id, name, counter.level ? "count" : fields[k].ends_with("Octets") ? "bytes/s" : "/s",
                                        counter.level ? MetricKind::Gauge : MetricKind::Rate, BetterDirection::Neutral, "",
                                        "Network", "The kernel's " + name + " counter from /proc/net/netstat"
                                                       + (counter.level ? "." : ", per second.")));
        }
    }

    LineCache<Names> m_lines;
};

// APerf's numastat: per-node allocation counters, per second.
class NumastatParser final : public GroupParser
{
public:
    NumastatParser() : GroupParser("numa") {}

private:
    void parse(std::int64_t timeNs, double seconds, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::string node;
        std::string_view line;
        while (nextLine(text, line)) {
            const std::vector<std::string_view> fields = words(line);
            if (fields.size() == 1 && fields[0].ends_with(':')) {
                node = std::string(fields[0].substr(0, fields[0].size() - 1));
                continue;
            }
            if (fields.size() != 2 || node.empty())
                continue;
            const auto value = number(fields[1]);
            if (!value)
                continue;
            const std::string id = "numa." + lowered(fields[0]);
            if (const auto rate = m_rates[id + '\0' + node].next(*value, seconds))
                m_group.set(id, node, *rate);
            if (!m_group.described(id))
                m_group.describe(descriptor(id, std::string(fields[0]), "/s", MetricKind::Rate, BetterDirection::Neutral, "node",
                                            "Memory", "NUMA allocation counter " + std::string(fields[0])
                                                          + " per node, pages per second (APerf's numastat)."));
        }
    }

    std::map<std::string, Rate> m_rates;
};

// APerf's processes: every process's /proc/<pid>/stat line in each record, shown as runlens-rec's
// process collector shows them (same ids, "pid/comm" instances, CPU in % of one CPU): the
// busiest processes of each interval get values, all are counted. RSS assumes 4 KiB pages; the
// import scales it when the kernel config says otherwise.
class ProcessesParser final : public GroupParser
{
public:
    ProcessesParser() : GroupParser("proc") {}

private:
    static constexpr std::size_t kTopCount = 16; // runlens-rec's default (ProcessCollector)
    static constexpr double kAssumedPageBytes = 4096;
    enum Slot { CpuUser, CpuSystem, Cpu, Rss, Threads, SlotCount };

    struct Stat {
        std::uint64_t pid = 0;
        std::string_view comm;
        double utime = 0;
        double stime = 0;
        double threads = 0;
        std::uint64_t startTicks = 0;
        double rssPages = 0;
    };
    struct Process {
        std::uint64_t startTicks = 0;
        std::string comm;
        std::string instance;
        double utime = 0;
        double stime = 0;
        bool known = false; // utime and stime are from the previous record
        std::size_t generation = 0;
        double cpuUser = kNoValue;
        double cpuSystem = kNoValue;
        double rssBytes = 0;
        double threads = 0;
        double rank = 0;
        std::array<std::optional<std::size_t>, SlotCount> columns;
    };

    // "pid (comm) state ppid ... utime(14) stime(15) ... num_threads(20) ... starttime(22) vsize rss(24)";
    // the comm may hold spaces and parentheses: it ends at the last ')'.
    static bool parseStat(std::string_view line, Stat& stat)
    {
        const std::size_t open = line.find('(');
        const std::size_t close = line.rfind(')');
        if (open == std::string_view::npos || close == std::string_view::npos || close < open)
            return false;
        // Ids and tick counts are whole numbers a u64 holds; anything else (a hostile 1e30, a
        // negative) makes the line malformed rather than an undefined conversion.
        const auto count = [](std::optional<double> value) -> std::optional<std::uint64_t> {
            if (!value || !(*value >= 0.0) || !(*value < 18446744073709551616.0))
                return std::nullopt;
            return std::uint64_t(*value);
        };
        std::string_view head = line.substr(0, open);
        std::string_view pid;
        if (!nextWord(head, pid) || !count(number(pid)))
            return false;
        stat.pid = *count(number(pid));
        stat.comm = line.substr(open + 1, close - open - 1);
        std::string_view rest = line.substr(close + 1);
        std::string_view word;
        for (int field = 3; field <= 24 && nextWord(rest, word); ++field) {
            if (field != 14 && field != 15 && field != 20 && field != 22 && field != 24)
                continue;
            // rss may be negative in theory (a signed field): counted as 0.
            const auto value = field == 24 && word.starts_with('-') ? std::optional<double>(0.0) : number(word);
            if (!value)
                return false;
            switch (field) {
            case 14: stat.utime = *value; break;
            case 15: stat.stime = *value; break;
            case 20: stat.threads = *value; break;
            case 22:
                if (!count(value))
                    return false;
                stat.startTicks = *count(value);
                break;
            case 24: stat.rssPages = *value; return true;
            }
        }
        return false;
    }

    static std::string instanceName(std::uint64_t pid, std::string_view comm)
    {
        std::string name = std::to_string(pid) + "/";
        for (const char c : comm)
            name += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
        return name;
    }

    void parseRecord(const TimedText& record, double seconds) override
    {
        m_group.beginRow(record.timeNs);
        ++m_generation;
        m_ranking.clear();
        double count = 0;
        double threadsTotal = 0;
        const double ticksPerSecond = record.ticksPerSecond > 0 ? double(record.ticksPerSecond) : 100.0;
        const double toPercent = seconds > 0 ? 100.0 / (ticksPerSecond * seconds) : kNoValue;
        std::string_view text = record.text;
        std::string_view line;
        Stat stat;
        while (nextLine(text, line)) {
            if (!parseStat(line, stat))
                continue;
            auto [it, isNew] = m_processes.try_emplace(stat.pid);
            Process& process = it->second;
            if (!isNew && process.generation == m_generation)
                continue; // listed twice in one record: counted once
            if (!isNew && process.startTicks != stat.startTicks) {
                // The pid now belongs to another process: its counters start from zero.
                isNew = true;
                process = Process();
            }
            process.generation = m_generation;
            process.startTicks = stat.startTicks;
            if (process.instance.empty() || process.comm != stat.comm) {
                // A new process, or one that exec'd or renamed itself: a new instance, new columns.
                process.comm.assign(stat.comm);
                process.instance = instanceName(stat.pid, stat.comm);
                process.columns = {};
            }
            double user = kNoValue;
            double system = kNoValue;
            if (process.known) {
                user = stat.utime >= process.utime ? stat.utime - process.utime : kNoValue;
                system = stat.stime >= process.stime ? stat.stime - process.stime : kNoValue;
            } else if (isNew && records() > 0) {
                // Not there at the previous record, so it started since: all its CPU time is this interval's.
                user = stat.utime;
                system = stat.stime;
            }
            process.utime = stat.utime;
            process.stime = stat.stime;
            process.known = true;
            process.cpuUser = user * toPercent;
            process.cpuSystem = system * toPercent;
            process.rssBytes = stat.rssPages * kAssumedPageBytes;
            process.threads = stat.threads;
            if (records() > 0 && seconds > 0)
                process.rank = std::isnan(user + system) ? 0 : user + system;
            else
                process.rank = stat.utime + stat.stime; // no interval yet: the most CPU so far
            count += 1;
            threadsTotal += stat.threads;
            m_ranking.push_back(&process);
        }
        // Processes not listed this time have exited.
        std::erase_if(m_processes, [this](const auto& entry) { return entry.second.generation != m_generation; });

        const std::size_t top = std::min(kTopCount, m_ranking.size());
        std::partial_sort(m_ranking.begin(), m_ranking.begin() + std::ptrdiff_t(top), m_ranking.end(),
                          [](const Process* a, const Process* b) { return a->rank > b->rank; });
        for (std::size_t i = 0; i < top; ++i)
            show(*m_ranking[i]);
        if (count > 0) {
            m_group.set("proc.count", "", count);
            m_group.set("proc.threads_total", "", threadsTotal);
        }
    }

    void show(Process& process)
    {
        static constexpr const char* kMetrics[SlotCount] = {"proc.cpu_user", "proc.cpu_system", "proc.cpu", "proc.rss", "proc.threads"};
        const double values[SlotCount] = {process.cpuUser, process.cpuSystem, process.cpuUser + process.cpuSystem,
                                          process.rssBytes, process.threads};
        for (int slot = 0; slot < SlotCount; ++slot) {
            if (!process.columns[std::size_t(slot)])
                process.columns[std::size_t(slot)] = m_group.column(kMetrics[slot], process.instance);
            m_group.setAt(*process.columns[std::size_t(slot)], values[slot]);
        }
    }

    void describe() override
    {
        const auto add = [this](const char* id, const char* title, const char* unit, MetricKind kind, BetterDirection better,
                                const char* dimension, const char* description) {
            m_group.describe(descriptor(id, title, unit, kind, better, dimension, "Processes", description));
        };
        add("proc.cpu_user", "Process user CPU", "%", MetricKind::Percent, BetterDirection::Lower, "process",
            "CPU time the process spent in user mode, as % of one CPU (above 100 when several threads run at once)");
        add("proc.cpu_system", "Process system CPU", "%", MetricKind::Percent, BetterDirection::Lower, "process",
            "CPU time the kernel spent working for the process (system calls, page faults), as % of one CPU");
        add("proc.cpu", "Process CPU", "%", MetricKind::Percent, BetterDirection::Lower, "process",
            "User plus system CPU of the process, as % of one CPU; only the busiest processes of each interval have values");
        add("proc.rss", "Process resident memory", "bytes", MetricKind::Gauge, BetterDirection::Lower, "process",
            "Memory of the process that is in RAM (resident set size)");
        add("proc.threads", "Process threads", "count", MetricKind::Gauge, BetterDirection::Neutral, "process",
            "Number of threads of the process");
        add("proc.count", "Processes", "count", MetricKind::Gauge, BetterDirection::Neutral, "", "Number of processes on the host");
        add("proc.threads_total", "Threads", "count", MetricKind::Gauge, BetterDirection::Neutral, "",
            "Number of threads of all processes on the host");
    }

    std::unordered_map<std::uint64_t, Process> m_processes;
    std::vector<Process*> m_ranking;
    std::size_t m_generation = 0;
};

// APerf's memalloc: /proc/buddyinfo (free blocks per order, per node and zone) and /proc/slabinfo
// (memory per slab cache). /proc/pagetypeinfo is not read.
class MemallocParser final : public GroupParser
{
public:
    MemallocParser() : GroupParser("memalloc") {}

private:
    void parseRecord(const TimedText& record, double) override
    {
        m_group.beginRow(record.timeNs);
        buddyinfo(record.text);
        slabinfo(record.slabinfo);
    }

    // "Node 0, zone   Normal   12   7   3 ..." : the count of free blocks of 2^order pages.
    void buddyinfo(std::string_view text)
    {
        std::string_view line;
        while (nextLine(text, line)) {
            std::string_view word;
            std::string_view node;
            std::string_view zone;
            if (!nextWord(line, word) || word != "Node" || !nextWord(line, node) || !nextWord(line, word) || word != "zone"
                || !nextWord(line, zone))
                continue;
            if (node.ends_with(','))
                node.remove_suffix(1);
            const std::string instance = "node" + std::string(node) + "/" + std::string(zone);
            for (int order = 0; nextWord(line, word); ++order) {
                const auto blocks = number(word);
                if (!blocks)
                    break;
                m_group.set("memalloc.free_blocks.order" + std::to_string(order), instance, *blocks);
                m_maxOrder = std::max(m_maxOrder, order);
            }
        }
    }

    // "name <active_objs> <num_objs> <objsize> <objperslab> <pagesperslab> : tunables ... : slabdata ..."
    void slabinfo(std::string_view text)
    {
        std::string_view line;
        double total = 0;
        bool any = false;
        while (nextLine(text, line)) {
            if (line.starts_with("slabinfo") || line.starts_with('#'))
                continue;
            std::string_view name;
            std::string_view active;
            std::string_view objects;
            std::string_view size;
            if (!nextWord(line, name) || !nextWord(line, active) || !nextWord(line, objects) || !nextWord(line, size))
                continue;
            const auto count = number(objects);
            const auto bytes = number(size);
            if (!count || !bytes)
                continue;
            m_group.set("memalloc.slab_bytes", name, *count * *bytes);
            total += *count * *bytes;
            any = true;
        }
        if (any)
            m_group.set("memalloc.slab_bytes", kAggregateInstance, total);
    }

    void describe() override
    {
        for (int order = 0; order <= m_maxOrder; ++order) {
            const std::string pages = std::to_string(1ull << order);
            m_group.describe(descriptor("memalloc.free_blocks.order" + std::to_string(order),
                                        "Free blocks of " + pages + (order == 0 ? " page" : " pages"), "count",
                                        MetricKind::Gauge, BetterDirection::Neutral, "zone", "Memory",
                                        "Free blocks of 2^" + std::to_string(order) + " contiguous pages per NUMA node and "
                                        "zone (/proc/buddyinfo, APerf's memalloc): few large blocks mean fragmented memory."));
        }
        m_group.describe(descriptor("memalloc.slab_bytes", "Slab cache memory", "bytes", MetricKind::Gauge,
                                    BetterDirection::Lower, "cache", "Memory",
                                    "Memory of each kernel slab cache, objects × object size (/proc/slabinfo, APerf's "
                                    "memalloc); 'all' is every cache."));
    }

    int m_maxOrder = -1;
};

// APerf's ena_stat and efa_stat: "component:" lines, each followed by "counter value" lines; the
// counters only grow, so they are shown per second. An ENA queue's counters ("queue_3_tx_cnt")
// become one metric with a series per queue ("eth0 queue 3"), as APerf shows them.
class ComponentCountersParser final : public GroupParser
{
public:
    explicit ComponentCountersParser(std::string prefix) : GroupParser(prefix), m_prefix(std::move(prefix)) {}

private:
    struct Counter {
        Rate rate;
        std::optional<std::size_t> column;
    };

    void parse(std::int64_t timeNs, double seconds, std::string_view text) override
    {
        m_group.beginRow(timeNs);
        std::string component;
        std::string_view line;
        for (std::size_t index = 0; nextLine(text, line); ++index) {
            if (line.ends_with(':')) {
                component.assign(line.substr(0, line.size() - 1));
                continue;
            }
            std::string_view name;
            std::string_view count;
            if (!nextWord(line, name) || !nextWord(line, count))
                continue;
            const auto value = real(count);
            if (!value)
                continue;
            m_key.assign(component);
            m_key += '\0';
            m_key += name;
            Counter& counter = m_counters.at(index, m_key);
            const auto rate = counter.rate.next(*value, seconds);
            if (!rate)
                continue;
            if (!counter.column)
                counter.column = newColumn(component, name);
            m_group.setAt(*counter.column, *rate);
        }
    }

    std::size_t newColumn(const std::string& component, std::string_view name)
    {
        std::string instance = component;
        // "queue_<n>_<counter>": one metric, a series per queue.
        if (name.starts_with("queue_")) {
            const std::size_t end = name.find('_', 6);
            if (end != std::string_view::npos && end > 6 && number(name.substr(6, end - 6))) {
                instance += " queue " + std::string(name.substr(6, end - 6));
                name.remove_prefix(end + 1);
            }
        }
        const std::string id = m_prefix + "." + sanitisedId("", name);
        if (!m_group.described(id)) {
            const std::string source = m_prefix == "ena" ? "the ENA driver's counter (ethtool -S)" : "the EFA device's hardware counter";
            m_group.describe(descriptor(id, std::string(name), "/s", MetricKind::Rate, isAllowance(name) ? BetterDirection::Lower
                                                                                                        : BetterDirection::Neutral,
                                        "interface", "Network", "Per second: " + source + " " + std::string(name) + " (APerf's "
                                            + m_prefix + "_stat)."));
        }
        return m_group.column(id, instance);
    }

    // The ENA counters of packets dropped or queued for exceeding the instance's allowances.
    static bool isAllowance(std::string_view name) { return name.find("allowance_exceeded") != std::string_view::npos; }

    std::string m_prefix;
    std::string m_key;
    LineCache<Counter> m_counters;
};

} // namespace

std::unique_ptr<SourceParser> processesParser() { return std::make_unique<ProcessesParser>(); }
std::unique_ptr<SourceParser> memallocParser() { return std::make_unique<MemallocParser>(); }
std::unique_ptr<SourceParser> componentCountersParser(std::string prefix)
{
    return std::make_unique<ComponentCountersParser>(std::move(prefix));
}
std::unique_ptr<SourceParser> procStatParser() { return std::make_unique<ProcStatParser>(); }
std::unique_ptr<SourceParser> meminfoParser() { return std::make_unique<MeminfoParser>(); }
std::unique_ptr<SourceParser> vmstatParser() { return std::make_unique<VmstatParser>(); }
std::unique_ptr<SourceParser> interruptsParser() { return std::make_unique<InterruptsParser>(); }
std::unique_ptr<SourceParser> diskstatsParser() { return std::make_unique<DiskstatsParser>(); }
std::unique_ptr<SourceParser> netstatParser() { return std::make_unique<NetstatParser>(); }
std::unique_ptr<SourceParser> numastatParser() { return std::make_unique<NumastatParser>(); }

} // namespace aperf
