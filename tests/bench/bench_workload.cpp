// The workload's output matching (issue 20): CPU time per output line with 10 rules, on real
// sysbench output, for a typical mix and for lines that all match; and heap allocations per
// interval through the whole path (followed file, line assembly, matching, the journal's rows)
// once warmed up. Prints figures; fails when the values read are wrong or an interval allocates.
#include "LineAssembler.h"
#include "MetricGroup.h"
#include "OutputMatcher.h"
#include "WorkloadMonitor.h"
#include "WorkloadRule.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <unistd.h>

#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

namespace {
bool g_counting = false;
std::size_t g_allocations = 0;
} // namespace

void* operator new(std::size_t size)
{
    if (g_counting)
        ++g_allocations;
    if (void* memory = std::malloc(size ? size : 1)) // NOLINT: the replacement allocator itself
        return memory;
    throw std::bad_alloc();
}
void operator delete(void* memory) noexcept
{
    std::free(memory); // NOLINT
}
void operator delete(void* memory, std::size_t) noexcept
{
    std::free(memory); // NOLINT
}

using namespace runlens::workload;

namespace {

double cpuSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

std::int64_t monotonicNs()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

std::vector<WorkloadRule> tenRules()
{
    std::vector<WorkloadRule> rules = presetRules("sysbench"); // 8
    std::string why;
    rules.push_back(*parseWorkloadRule("heap:MiB=heap ([0-9.]+)MiB", runlens::format::MetricScope::Series, why));
    rules.push_back(*parseWorkloadRule("gc:ms=GC pause ([0-9.]+)ms", runlens::format::MetricScope::Series, why));
    return rules;
}

struct LineRate {
    double nsPerLine = 0;
    std::size_t lines = 0;
    std::size_t values = 0;
};

LineRate matchAll(const std::string& text, int repeats)
{
    OutputMatcher matcher(tenRules());
    LineAssembler assembler;
    LineRate rate;
    const std::function<void(std::size_t, double)> onValue = [&rate](std::size_t, double) { ++rate.values; };
    const LineAssembler::LineHandler onLine = [&](std::string_view line) {
        ++rate.lines;
        matcher.match(line, onValue);
    };
    const double start = cpuSeconds();
    for (int i = 0; i < repeats; ++i)
        assembler.feed(text, onLine);
    rate.nsPerLine = (cpuSeconds() - start) * 1e9 / double(rate.lines);
    return rate;
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Workload output matching: time per line with 10 rules, allocations per interval"};
    std::string fixture = RUNLENS_FIXTURES "/workload/sysbench-oltp.txt";
    int repeats = 20000;
    int intervals = 1000;
    app.add_option("--fixture", fixture, "Captured benchmark output")->capture_default_str();
    app.add_option("--repeats", repeats, "Times the output is matched")->capture_default_str();
    app.add_option("--intervals", intervals, "Intervals for the allocation count")->capture_default_str();
    CLI11_PARSE(app, argc, argv);

    std::ifstream in(fixture);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string output = buffer.str();
    std::string matching;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("[ "))
            matching += line + "\n";
    }

    const LineRate mixed = matchAll(output, repeats);
    const LineRate hits = matchAll(matching, repeats);
    std::printf("output matching, 10 rules (sysbench preset + 2):\n");
    std::printf("  real sysbench output (%zu lines, %.1f%% match): %.0f ns per line\n", mixed.lines,
                100.0 * double(hits.lines) / double(repeats) / double(mixed.lines) * double(repeats), mixed.nsPerLine);
    std::printf("  interval lines only (each matches 4 of the rules: tps, qps, latency, errors): %.0f ns per line\n", hits.nsPerLine);
    if (hits.values != hits.lines * 4) {
        std::fprintf(stderr, "bench_workload: expected 4 values per interval line, got %zu for %zu lines\n", hits.values, hits.lines);
        return 1;
    }

    // The whole path: a log file a benchmark appends to, one interval's output at a time.
    char path[] = "/tmp/bench-workload-XXXXXX";
    const int fd = ::mkstemp(path);
    WorkloadOptions options;
    options.follow = path;
    options.rules = tenRules();
    WorkloadMonitor monitor(options);
    monitor.setOrigin(monotonicNs());
    monitor.startFollowing();
    runlens::collect::MetricGroup group("workload");
    sigset_t mask;
    sigemptyset(&mask);
    std::size_t rows = 0;
    const std::function<void(std::int64_t)> onRow = [&rows](std::int64_t) { ++rows; };
    std::size_t warmAllocations = 0;
    const int warmUp = 20;
    for (int interval = 0; interval < warmUp + intervals; ++interval) {
        if (interval == warmUp) {
            g_allocations = 0;
            g_counting = true;
        }
        if (::write(fd, output.data(), output.size()) != ssize_t(output.size()))
            return 1;
        monitor.waitUntil(monotonicNs() + 1'000'000, mask);
        monitor.drain(group, onRow);
        if (interval == warmUp - 1)
            warmAllocations = g_allocations;
    }
    g_counting = false;
    ::close(fd);
    ::unlink(path);
    std::printf("whole path (followed file, %d intervals of %zu bytes after %d to warm up):\n", intervals, output.size(), warmUp);
    std::printf("  heap allocations per interval: %.2f (PCRE2's included: it allocates through operator new)\n",
                double(g_allocations) / intervals);
    std::printf("  rows journalled: %zu\n", rows);
    (void)warmAllocations;
    if (g_allocations != 0) {
        std::fprintf(stderr, "bench_workload: the target is no allocation per interval after warm-up\n");
        return 1;
    }
    return rows >= std::size_t(intervals) * 5 ? 0 : 1; // 5 interval lines per interval
}
