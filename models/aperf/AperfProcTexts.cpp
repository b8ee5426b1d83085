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

ImportedGroup cpuFromProcStat(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
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
    GroupBuilder group("cpu");
    std::map<std::string, std::array<double, 10>> previous;
    Rates rates;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        group.beginRow(samples[i].timeNs - zeroNs);
        const double seconds = secondsSince(samples, i);
        for (const std::string_view line : lines(samples[i].text)) {
            const std::vector<std::string_view> fields = words(line);
            if (fields.size() < 2)
                continue;
            if (fields[0].starts_with("cpu")) {
                const std::string instance = fields[0] == "cpu" ? std::string(kAggregateInstance) : std::string(fields[0]);
                std::array<double, 10> now{};
                bool complete = fields.size() >= 9;
                for (std::size_t k = 0; k < now.size() && k + 1 < fields.size(); ++k) {
                    const auto value = number(fields[k + 1]);
                    complete = complete && value;
                    now[k] = value.value_or(0);
                }
                if (!complete)
                    continue;
                const auto last = previous.find(instance);
                if (last != previous.end()) {
                    std::array<double, 10> delta{};
                    double whole = 0;
                    bool decreased = false;
                    for (std::size_t k = 0; k < now.size(); ++k) {
                        delta[k] = now[k] - last->second[k];
                        decreased = decreased || delta[k] < 0;
                        if (k < 8)
                            whole += delta[k];
                    }
                    if (!decreased && whole > 0) {
                        for (std::size_t k = 0; k < kStates.size(); ++k)
                            group.set(kStates[k].id, instance, delta[k] / whole * 100.0);
                        group.set("cpu.busy", instance, 100.0 - (delta[3] + delta[4]) / whole * 100.0);
                    }
                }
                previous[instance] = now;
            } else if (fields[0] == "ctxt" || fields[0] == "processes") {
                const std::string id = fields[0] == "ctxt" ? "cpu.context_switches" : "cpu.forks";
                if (const auto value = number(fields[1]))
                    if (const auto rate = rates.rate(id, *value, seconds))
                        group.set(id, "", *rate);
            } else if (fields[0] == "procs_running" || fields[0] == "procs_blocked") {
                if (const auto value = number(fields[1]))
                    group.set(fields[0] == "procs_running" ? "cpu.procs_running" : "cpu.procs_blocked", "", *value);
            }
        }
    }
    for (const State& state : kStates) {
        group.describe(descriptor(state.id, state.title, "%", MetricKind::Percent, state.better, "cpu", "CPU",
                                  std::string("Share of CPU time in this state (/proc/stat); 'all' is the whole host.")));
    }
    group.describe(descriptor("cpu.busy", "Busy CPU", "%", MetricKind::Percent, BetterDirection::Neutral, "cpu", "CPU",
                              "Share of CPU time not idle and not waiting for I/O; 'all' is the whole host."));
    group.describe(descriptor("cpu.context_switches", "Context switches", "/s", MetricKind::Rate, BetterDirection::Lower, "",
                              "CPU", "Context switches per second, all CPUs."));
    group.describe(descriptor("cpu.forks", "Forks", "/s", MetricKind::Rate, BetterDirection::Neutral, "", "CPU",
                              "Processes and threads created per second."));
    group.describe(descriptor("cpu.procs_running", "Running tasks", "tasks", MetricKind::Gauge, BetterDirection::Neutral, "",
                              "CPU", "Tasks running or ready to run at the sample time."));
    group.describe(descriptor("cpu.procs_blocked", "Blocked tasks", "tasks", MetricKind::Gauge, BetterDirection::Lower, "",
                              "CPU", "Tasks waiting for I/O at the sample time."));
    return group.take();
}

ImportedGroup memoryFromMeminfo(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
    GroupBuilder group("mem");
    for (const TimedText& sample : samples) {
        group.beginRow(sample.timeNs - zeroNs);
        std::optional<double> total;
        std::optional<double> available;
        for (const std::string_view line : lines(sample.text)) {
            const std::size_t colon = line.find(':');
            if (colon == std::string_view::npos)
                continue;
            std::string_view key = line.substr(0, colon);
            const std::vector<std::string_view> fields = words(line.substr(colon + 1));
            if (fields.empty())
                continue;
            const auto value = number(fields[0]);
            if (!value)
                continue;
            const bool kilobytes = fields.size() > 1 && fields[1] == "kB";
            const double converted = kilobytes ? *value * 1024.0 : *value;
            if (key == "MemTotal")
                total = converted;
            if (key == "MemAvailable")
                available = converted;
            // runlens-rec: "MemTotal" is mem.total, the group already says "mem".
            if (key.starts_with("Mem") && key.size() > 3)
                key.remove_prefix(3);
            const std::string id = sanitisedId("mem.", key);
            group.set(id, "", converted);
            if (!group.described(id)) {
                const std::string field(line.substr(0, colon));
                const FieldTitle* known = fieldTitle(field);
                group.describe(descriptor(id, known ? known->title : field, kilobytes ? "bytes" : "count", MetricKind::Gauge,
                                          known ? known->better : BetterDirection::Neutral,
                                          "", "Memory",
                                          "The kernel's " + field + " figure from /proc/meminfo"
                                              + (kilobytes ? ", in bytes." : " (a count).")));
            }
        }
        if (total && available)
            group.set("mem.used", "", *total - *available);
    }
    group.describe(descriptor("mem.used", "Used memory", "bytes", MetricKind::Gauge, BetterDirection::Lower, "", "Memory",
                              "Memory in use: total minus available (MemTotal - MemAvailable)."));
    return group.take();
}

ImportedGroup memoryFromVmstat(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
    // nr_* fields are levels, except these, which only ever grow; workingset_nodes is a level.
    static constexpr std::array<std::string_view, 7> kCumulativeNr{
        "nr_dirtied", "nr_written", "nr_throttled_written", "nr_vmscan_write", "nr_vmscan_immediate_reclaim",
        "nr_foll_pin_acquired", "nr_foll_pin_released",
    };
    const auto isCounter = [](std::string_view key) {
        if (key.starts_with("nr_"))
            return std::find(kCumulativeNr.begin(), kCumulativeNr.end(), key) != kCumulativeNr.end() || key.starts_with("nr_tlb_");
        return key != "workingset_nodes";
    };
    GroupBuilder group("mem.vm");
    Rates rates;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        group.beginRow(samples[i].timeNs - zeroNs);
        const double seconds = secondsSince(samples, i);
        std::optional<double> faults;
        std::optional<double> majorFaults;
        for (const std::string_view line : lines(samples[i].text)) {
            const std::vector<std::string_view> fields = words(line);
            if (fields.size() != 2)
                continue;
            const auto value = number(fields[1]);
            if (!value)
                continue;
            const std::string id = sanitisedId("mem.vm.", fields[0]);
            const bool counter = isCounter(fields[0]);
            if (counter) {
                const auto rate = rates.rate(id, *value, seconds);
                if (rate)
                    group.set(id, "", *rate);
                if (fields[0] == "pgfault")
                    faults = rate;
                if (fields[0] == "pgmajfault")
                    majorFaults = rate;
            } else {
                group.set(id, "", *value);
            }
            if (!group.described(id)) {
                const std::string key(fields[0]);
                const FieldTitle* known = fieldTitle(key);
                group.describe(descriptor(id, known ? known->title : key, counter ? "/s" : "count",
                                          counter ? MetricKind::Rate : MetricKind::Gauge,
                                          known ? known->better : BetterDirection::Neutral, "", "Memory",
                                          "The kernel's " + key + " from /proc/vmstat" + (counter ? ", per second." : ".")));
            }
        }
        if (faults && majorFaults)
            group.set("mem.vm.pgminorfault", "", std::max(0.0, *faults - *majorFaults));
    }
    group.describe(descriptor("mem.vm.pgminorfault", "Minor page faults", "/s", MetricKind::Rate, BetterDirection::Lower, "",
                              "Memory", "Page faults per second resolved without disk I/O (first touch of new memory, "
                                        "copy-on-write, cached files)."));
    return group.take();
}

ImportedGroup interruptsFromProcInterrupts(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
    GroupBuilder group("irq");
    // Each line's per-CPU counts last seen: one lookup per line, not one per CPU and line (a host
    // of 192 CPUs has some ten thousand counts per sample).
    std::unordered_map<std::string, std::vector<double>> lastCounts;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        group.beginRow(samples[i].timeNs - zeroNs);
        const double seconds = secondsSince(samples, i);
        const std::vector<std::string_view> text = lines(samples[i].text);
        if (text.empty())
            continue;
        // The header names the online CPUs: "CPU0 CPU1 ...".
        std::vector<std::string> cpus;
        for (const std::string_view name : words(text.front())) {
            if (name.starts_with("CPU"))
                cpus.push_back("cpu" + std::string(name.substr(3)));
        }
        std::vector<double> perCpu(cpus.size(), 0.0);
        std::vector<double> ipiPerCpu(cpus.size(), 0.0);
        bool anyRate = false;
        double ipiTotal = 0;
        for (std::size_t l = 1; l < text.size(); ++l) {
            const std::string_view line = text[l];
            const std::size_t colon = line.find(':');
            if (colon == std::string_view::npos)
                continue;
            const std::vector<std::string_view> label = words(line.substr(0, colon));
            if (label.size() != 1)
                continue;
            const std::vector<std::string_view> fields = words(line.substr(colon + 1));
            std::vector<double> counts;
            std::size_t k = 0;
            for (; k < fields.size() && counts.size() < cpus.size(); ++k) {
                const auto value = number(fields[k]);
                if (!value)
                    break;
                counts.push_back(*value);
            }
            if (counts.empty())
                continue;
            const std::string name(label.front());
            // ERR and MIS (x86), Err (arm): system-wide counts of spurious interrupts, no CPU's.
            const bool global = name == "ERR" || name == "MIS" || name == "Err" || (counts.size() == 1 && cpus.size() > 1);
            const bool countsForCpu = !global && name != "RTR" && name != "MCP";
            const bool numberedIpi = name.size() > 3 && name.starts_with("IPI")
                                  && std::all_of(name.begin() + 3, name.end(), [](char c) { return c >= '0' && c <= '9'; });
            // An IRQ-work IPI is a CPU interrupting itself to run deferred work, not a message between CPUs.
            const auto isIrqWork = [&] {
                for (std::size_t d = k; d + 1 < fields.size(); ++d) {
                    if (fields[d] == "IRQ" && fields[d + 1] == "work")
                        return true;
                }
                return false;
            };
            const bool ipi = numberedIpi ? !isIrqWork() : name == "RES" || name == "CAL";
            double lineRate = 0;
            bool lineHasRate = false;
            std::vector<double>& last = lastCounts[name];
            // A counter that went down (a reset) or a CPU that came or went: no rate this time.
            if (last.size() == counts.size() && seconds > 0) {
                for (std::size_t c = 0; c < counts.size(); ++c) {
                    if (counts[c] < last[c])
                        continue;
                    const double rate = (counts[c] - last[c]) / seconds;
                    lineRate += rate;
                    lineHasRate = true;
                    if (countsForCpu && c < perCpu.size()) {
                        perCpu[c] += rate;
                        anyRate = true;
                        if (ipi)
                            ipiPerCpu[c] += rate;
                    }
                }
            }
            last = std::move(counts);
            if (lineHasRate) {
                group.set("irq.rate", name, lineRate);
                if (ipi)
                    ipiTotal += lineRate;
            }
        }
        if (anyRate) {
            double all = 0;
            for (std::size_t c = 0; c < cpus.size(); ++c) {
                group.set("irq.cpu_rate", cpus[c], perCpu[c]);
                group.set("irq.ipi_cpu_rate", cpus[c], ipiPerCpu[c]);
                all += perCpu[c];
            }
            group.set("irq.cpu_rate", kAggregateInstance, all);
            group.set("irq.ipi_rate", "", ipiTotal);
        }
    }
    group.describe(descriptor("irq.rate", "Interrupts per line", "/s", MetricKind::Rate, BetterDirection::Neutral, "irq",
                              "Interrupts", "Interrupts per second of one line of /proc/interrupts, all CPUs together."));
    group.describe(descriptor("irq.cpu_rate", "Interrupts per CPU", "/s", MetricKind::Rate, BetterDirection::Lower, "cpu",
                              "Interrupts", "Interrupts per second handled by one CPU, all lines together; 'all' is the whole host."));
    group.describe(descriptor("irq.ipi_rate", "Inter-processor interrupts", "/s", MetricKind::Rate, BetterDirection::Lower, "",
                              "Interrupts", "Interrupts per second that one CPU sent another (wake-ups, function calls, TLB shootdowns)."));
    group.describe(descriptor("irq.ipi_cpu_rate", "Inter-processor interrupts per CPU", "/s", MetricKind::Rate,
                              BetterDirection::Lower, "cpu", "Interrupts", "Inter-processor interrupts per second received by one CPU."));
    return group.take();
}

ImportedGroup disksFromDiskstats(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
    GroupBuilder group("disk");
    std::map<std::string, std::vector<double>> previous;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        group.beginRow(samples[i].timeNs - zeroNs);
        const double seconds = secondsSince(samples, i);
        std::map<std::string, std::vector<double>> now;
        for (const std::string_view line : lines(samples[i].text)) {
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
            const auto last = previous.find(name);
            if (last != previous.end() && seconds > 0) {
                std::vector<double> d(17);
                bool decreased = false;
                for (std::size_t k = 0; k < 17; ++k) {
                    d[k] = values[k] - last->second[k];
                    decreased = decreased || (k != 8 && d[k] < 0);
                }
                if (!decreased) {
                    const auto ratio = [](double a, double b) { return b > 0 ? a / b : kNoValue; };
                    group.set("disk.read_iops", name, d[0] / seconds);
                    group.set("disk.read_merges", name, d[1] / seconds);
                    group.set("disk.read_bytes", name, d[2] * 512.0 / seconds);
                    group.set("disk.write_iops", name, d[4] / seconds);
                    group.set("disk.write_merges", name, d[5] / seconds);
                    group.set("disk.write_bytes", name, d[6] * 512.0 / seconds);
                    group.set("disk.read_await", name, ratio(d[3], d[0]));
                    group.set("disk.write_await", name, ratio(d[7], d[4]));
                    group.set("disk.await", name, ratio(d[3] + d[7], d[0] + d[4]));
                    const double util = std::min(100.0, d[9] / (seconds * 1000.0) * 100.0);
                    group.set("disk.util", name, util);
                    group.set("disk.queue_depth", name, d[10] / (seconds * 1000.0));
                    group.set("disk.discard_iops", name, d[11] / seconds);
                    group.set("disk.discard_bytes", name, d[13] * 512.0 / seconds);
                    group.set("disk.discard_await", name, ratio(d[14], d[11]));
                    group.set("disk.flush_iops", name, d[15] / seconds);
                    group.set("disk.flush_await", name, ratio(d[16], d[15]));
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
            group.set("disk.in_flight", name, values[8]);
        }
        if (any) {
            group.set("disk.read_iops", kAggregateInstance, totals[0]);
            group.set("disk.write_iops", kAggregateInstance, totals[1]);
            group.set("disk.read_bytes", kAggregateInstance, totals[2]);
            group.set("disk.write_bytes", kAggregateInstance, totals[3]);
            group.set("disk.discard_iops", kAggregateInstance, totals[4]);
            group.set("disk.flush_iops", kAggregateInstance, totals[5]);
            group.set("disk.util", kAggregateInstance, busiest);
        }
        previous = std::move(now);
    }
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
        group.describe(descriptor(info.id, info.title, info.unit, info.kind, info.better, "disk", "Disk",
                                  std::string(info.title) + " per device (/proc/diskstats); 'all' sums the disks."));
    return group.take();
}

ImportedGroup networkFromNetstat(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
    GroupBuilder group("net");
    Rates rates;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        group.beginRow(samples[i].timeNs - zeroNs);
        const double seconds = secondsSince(samples, i);
        const std::vector<std::string_view> text = lines(samples[i].text);
        // Pairs of lines: "TcpExt: Name1 Name2 ..." then "TcpExt: 1 2 ...".
        for (std::size_t l = 0; l + 1 < text.size(); l += 2) {
            const std::vector<std::string_view> names = words(text[l]);
            const std::vector<std::string_view> values = words(text[l + 1]);
            if (names.empty() || values.size() != names.size() || names[0] != values[0] || !names[0].ends_with(':'))
                continue;
            const std::string prefix = lowered(names[0].substr(0, names[0].size() - 1));
            for (std::size_t k = 1; k < names.size(); ++k) {
                const auto value = number(values[k]);
                if (!value)
                    continue;
                const std::string id = "net." + prefix + "." + lowered(names[k]);
                const bool level = names[0] == "MPTcpExt:" && names[k] == "MPCurrEstab";
                if (level) {
                    group.set(id, "", *value);
                } else if (const auto rate = rates.rate(id, *value, seconds)) {
                    group.set(id, "", *rate);
                }
                if (!group.described(id)) {
                    const std::string name = std::string(names[0].substr(0, names[0].size() - 1)) + "." + std::string(names[k]);
                    group.describe(descriptor(id, name, level ? "count" : names[k].ends_with("Octets") ? "bytes/s" : "/s",
                                              level ? MetricKind::Gauge : MetricKind::Rate, BetterDirection::Neutral, "",
                                              "Network", "The kernel's " + name + " counter from /proc/net/netstat"
                                                             + (level ? "." : ", per second.")));
                }
            }
        }
    }
    return group.take();
}

ImportedGroup numaFromNumastat(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
    GroupBuilder group("numa");
    Rates rates;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        group.beginRow(samples[i].timeNs - zeroNs);
        const double seconds = secondsSince(samples, i);
        std::string node;
        for (const std::string_view line : lines(samples[i].text)) {
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
            if (const auto rate = rates.rate(id + '\0' + node, *value, seconds))
                group.set(id, node, *rate);
            if (!group.described(id))
                group.describe(descriptor(id, std::string(fields[0]), "/s", MetricKind::Rate, BetterDirection::Neutral, "node",
                                          "Memory", "NUMA allocation counter " + std::string(fields[0])
                                                        + " per node, pages per second (APerf's numastat)."));
        }
    }
    return group.take();
}

} // namespace aperf
