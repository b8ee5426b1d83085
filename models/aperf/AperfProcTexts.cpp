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

// "Active(anon)" -> "active_anon", as runlens-rec names meminfo and vmstat fields.
std::string sanitisedId(std::string_view prefix, std::string_view key)
{
    std::string id(prefix);
    for (const char c : key) {
        if (c >= 'A' && c <= 'Z')
            id += char(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')
            id += c;
        else if (c != ')')
            id += '_';
    }
    return id;
}

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
                m_group.describe(descriptor(field.id, known ? known->title : name, field.counter ? "/s" : "count",
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

} // namespace

std::unique_ptr<SourceParser> procStatParser() { return std::make_unique<ProcStatParser>(); }
std::unique_ptr<SourceParser> meminfoParser() { return std::make_unique<MeminfoParser>(); }
std::unique_ptr<SourceParser> vmstatParser() { return std::make_unique<VmstatParser>(); }
std::unique_ptr<SourceParser> interruptsParser() { return std::make_unique<InterruptsParser>(); }
std::unique_ptr<SourceParser> diskstatsParser() { return std::make_unique<DiskstatsParser>(); }
std::unique_ptr<SourceParser> netstatParser() { return std::make_unique<NetstatParser>(); }
std::unique_ptr<SourceParser> numastatParser() { return std::make_unique<NumastatParser>(); }

} // namespace aperf
