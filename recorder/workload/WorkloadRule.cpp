#include "WorkloadRule.h"

#include "CompiledPattern.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace runlens::workload {

namespace {

using format::BetterDirection;
using format::MetricScope;

constexpr std::size_t kMaxNameLength = 64;
constexpr std::size_t kMaxUnitLength = 32;

std::string lowerCase(std::string_view text)
{
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return lower;
}

bool validName(std::string_view name)
{
    return !name.empty() && name.size() <= kMaxNameLength
        && std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

std::string titleFromName(std::string_view name)
{
    std::string title(name);
    std::replace(title.begin(), title.end(), '_', ' ');
    if (!title.empty())
        title[0] = char(std::toupper(static_cast<unsigned char>(title[0])));
    return title;
}

WorkloadRule rule(const char* name, const char* unit, const char* pattern, BetterDirection better, MetricScope scope,
                  const char* title, const char* description)
{
    return WorkloadRule{name, unit, pattern, better, scope, title, description};
}

} // namespace

format::MetricDescriptor WorkloadRule::descriptor() const
{
    format::MetricDescriptor descriptor;
    descriptor.id = metricId();
    descriptor.title = title.empty() ? titleFromName(name) : title;
    descriptor.unit = unit;
    descriptor.kind = format::MetricKind::Gauge;
    descriptor.better = better;
    descriptor.category = "Workload";
    descriptor.description = !description.empty() ? description
                           : scope == MetricScope::Run ? "The workload's own result, from its output: " + pattern
                                                       : "The workload's own figure, from each output line matching " + pattern;
    descriptor.scope = scope;
    return descriptor;
}

BetterDirection defaultDirection(std::string_view unit)
{
    const std::string lower = lowerCase(unit);
    static constexpr std::array kTimes{"ns", "us", "µs", "ms", "s", "sec", "seconds", "min", "h"};
    if (std::find(kTimes.begin(), kTimes.end(), lower) != kTimes.end())
        return BetterDirection::Lower;
    static constexpr std::array kRates{"tps", "qps", "eps", "iops", "ops", "rps", "hz"};
    if (lower.ends_with("/s") || lower.ends_with("/sec") || lower.ends_with("/min")
        || std::find(kRates.begin(), kRates.end(), lower) != kRates.end())
        return BetterDirection::Higher;
    return BetterDirection::Neutral;
}

std::optional<WorkloadRule> parseWorkloadRule(std::string_view text, MetricScope scope, std::string& why)
{
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos) {
        // Appended, not "\"" + std::string(text): GCC 12 at -O3 warns of an overlapping copy in
        // that inserting operator+ (a false -Wrestrict of GCC 12 on std::string).
        why = std::string("\"").append(text).append("\" is not NAME[:UNIT]=REGEX, e.g. 'tps:tx/s=tps: ([0-9.]+)'");
        return std::nullopt;
    }
    WorkloadRule rule;
    rule.scope = scope;
    rule.pattern = std::string(text.substr(equals + 1));
    std::string_view head = text.substr(0, equals);
    std::string_view fields[3];
    int count = 0;
    for (;;) {
        const std::size_t colon = head.find(':');
        if (count == 2 || colon == std::string_view::npos) {
            fields[count++] = head;
            break;
        }
        fields[count++] = head.substr(0, colon);
        head.remove_prefix(colon + 1);
    }
    rule.name = std::string(fields[0]);
    if (!validName(rule.name)) {
        why = "the workload metric name \"" + rule.name + "\" must be 1 to 64 lower-case letters, digits or '_'";
        return std::nullopt;
    }
    rule.unit = std::string(fields[1]);
    if (rule.unit.size() > kMaxUnitLength || rule.unit.find_first_of("\"\\\n") != std::string::npos) {
        why = "the unit of workload metric " + rule.name + " must be at most 32 characters of plain text";
        return std::nullopt;
    }
    rule.better = defaultDirection(rule.unit);
    if (count == 3) {
        const auto direction = format::betterDirectionFromString(fields[2]);
        if (!direction) {
            why = "the direction of workload metric " + rule.name + " is \"" + std::string(fields[2])
                + "\"; it must be higher, lower or neutral";
            return std::nullopt;
        }
        rule.better = *direction;
    }
    if (rule.pattern.empty()) {
        why = "workload metric " + rule.name + " has an empty regular expression";
        return std::nullopt;
    }
    std::string problem;
    const std::optional<CompiledPattern> compiled = CompiledPattern::compile(rule.pattern, false, problem);
    if (!compiled) {
        why = "the regular expression of workload metric " + rule.name + " is not valid (" + problem + ")";
        return std::nullopt;
    }
    if (compiled->captureCount() < 1) {
        why = "the regular expression of workload metric " + rule.name
            + " has no capture group; put the number in parentheses, e.g. 'tps: ([0-9.]+)'";
        return std::nullopt;
    }
    return rule;
}

std::vector<std::string> presetNames()
{
    return {"sysbench", "fio", "pgbench", "wrk"};
}

// Each preset was written against the tool's real output (captured in tests/fixtures/workload/).
// The patterns start with a literal that only the intended lines contain, so that the matcher
// tries each regex only where that literal occurs (see OutputMatcher).
std::vector<WorkloadRule> presetRules(std::string_view preset)
{
    constexpr auto higher = BetterDirection::Higher;
    constexpr auto lower = BetterDirection::Lower;
    constexpr auto series = MetricScope::Series;
    constexpr auto run = MetricScope::Run;
    if (preset == "sysbench") {
        // --report-interval=N prints "[ 10s ] thds: 8 tps: 1234.56 qps: 24691.20 (r/w/o: ...) lat (ms,95%): 2.30 err/s: 0.00
        // reconn/s: 0.00" (OLTP tests) or "[ 1s ] thds: 1 eps: 1054.98 lat (ms,95%): 8.43" (cpu, memory, threads).
        return {
            rule("tps", "tx/s", R"( tps: ([0-9.]+) qps: )", higher, series, "Transactions per second",
                 "sysbench: transactions per second over each report interval."),
            rule("qps", "queries/s", R"( qps: ([0-9.]+) \(r/w/o: )", higher, series, "Queries per second",
                 "sysbench: queries per second over each report interval."),
            rule("eps", "events/s", R"( eps: ([0-9.]+) lat \(ms,)", higher, series, "Events per second",
                 "sysbench: events per second over each report interval."),
            rule("latency", "ms", R"(lat \(ms,[0-9.]+%\): ([0-9.]+))", lower, series, "Latency percentile",
                 "sysbench: the latency percentile of each report interval (the 95th unless --percentile says otherwise)."),
            rule("errors", "errors/s", R"( err/s: ([0-9.]+) reconn/s: )", lower, series, "Errors per second",
                 "sysbench: failed transactions per second over each report interval."),
            rule("final_tps", "tx/s", R"(^ *transactions: +\d+ +\(([0-9.]+) per sec\.\))", higher, run,
                 "Transactions per second (run)", "sysbench: transactions per second over the whole run."),
            rule("final_eps", "events/s", R"(^ *events per second: +([0-9.]+))", higher, run,
                 "Events per second (run)", "sysbench: events per second over the whole run."),
            rule("final_latency", "ms", R"(^ *\d+th percentile: +([0-9.]+))", lower, run, "Latency percentile (run)",
                 "sysbench: the latency percentile over the whole run (the 95th unless --percentile says otherwise)."),
        };
    }
    if (preset == "fio") {
        // --status-interval=N prints the same block as the final report. fio's figures in it are
        // averages since the job started, not over the last interval: the series is a running
        // average that converges to the run's result.
        return {
            rule("read_iops", "IOPS", R"(^ *read: IOPS=([0-9.]+[kMG]?))", higher, series, "Read IOPS (running average)",
                 "fio: read operations per second, averaged from the start of the job to each status report."),
            rule("write_iops", "IOPS", R"(^ *write: IOPS=([0-9.]+[kMG]?))", higher, series, "Write IOPS (running average)",
                 "fio: write operations per second, averaged from the start of the job to each status report."),
            rule("read_bw", "bytes/s", R"(^ *read: IOPS=[^,]*, BW=([0-9.]+[KMGT]?i?B)/s)", higher, series,
                 "Read bandwidth (running average)", "fio: bytes read per second, averaged from the start of the job."),
            rule("write_bw", "bytes/s", R"(^ *write: IOPS=[^,]*, BW=([0-9.]+[KMGT]?i?B)/s)", higher, series,
                 "Write bandwidth (running average)", "fio: bytes written per second, averaged from the start of the job."),
        };
    }
    if (preset == "pgbench") {
        // -P N prints "progress: 5.0 s, 601.2 tps, lat 1.662 ms stddev 0.512, 0 failed" to stderr.
        return {
            rule("tps", "tx/s", R"(^progress: [0-9.]+ s, ([0-9.]+) tps)", higher, series, "Transactions per second",
                 "pgbench: transactions per second over each progress interval."),
            rule("latency", "ms", R"( tps, lat ([0-9.]+) ms stddev )", lower, series, "Latency (mean)",
                 "pgbench: mean transaction latency over each progress interval."),
            rule("latency_stddev", "ms", R"( ms stddev ([0-9.]+))", lower, series, "Latency standard deviation",
                 "pgbench: the standard deviation of transaction latency over each progress interval."),
            rule("failed", "tx", R"( ms stddev [0-9.]+, ([0-9]+) failed)", lower, series, "Failed transactions",
                 "pgbench: transactions that failed in each progress interval."),
            rule("final_tps", "tx/s", R"(^tps = ([0-9.]+) \(without initial connection time\))", higher, run,
                 "Transactions per second (run)", "pgbench: transactions per second over the whole run."),
            rule("final_latency", "ms", R"(^latency average = ([0-9.]+) ms)", lower, run, "Latency (run mean)",
                 "pgbench: mean transaction latency over the whole run."),
        };
    }
    if (preset == "wrk") {
        // wrk prints only a summary at its end: run-level results.
        return {
            rule("requests", "req/s", R"(^Requests/sec: +([0-9.]+))", higher, run, "Requests per second",
                 "wrk: requests per second over the whole run."),
            rule("latency", "ms", R"(^ +Latency +([0-9.]+(?:us|ms|s|m)))", lower, run, "Latency (mean)",
                 "wrk: mean request latency over the whole run."),
            rule("latency_p99", "ms", R"(^ +99% +([0-9.]+(?:us|ms|s|m)))", lower, run, "Latency (99th percentile)",
                 "wrk --latency: the 99th percentile of request latency over the whole run."),
        };
    }
    return {};
}

} // namespace runlens::workload
