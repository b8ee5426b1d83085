// --scrape's cost per interval (issue 20's target: scrape and parse of a 1,000-series exposition
// <= 1 ms per interval, no allocation per interval after warm-up), on a synthetic exposition shaped
// like a service's: counters with a few labels, gauges, and latency histograms.
//
//   parse          PrometheusTextParser over the text alone
//   scrape+parse   ScrapeCollector::sample(): the HTTP exchange with a server on 127.0.0.1 (chunked,
//                  as Go's net/http sends it), parsing, rates and percentiles into the row
//   allocations    operator new calls on the recording thread per interval, after three warm-up
//                  intervals (the server thread's own are not counted)
//
// It prints figures and never fails on time (shared, noisy machines); it fails when the collector
// does not make the columns it should or warns.
#include "AllocationCounter.h"
#include "HttpStubServer.h"
#include "PrometheusTextParser.h"
#include "ScrapeCollector.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

namespace {

using namespace runlens::collect;

constexpr int kCounters = 600;
constexpr int kGauges = 288;
constexpr int kHistograms = 8;
constexpr int kBuckets = 12; // with +Inf; plus _sum and _count: 14 series each

// The exposition at interval i: counters and histogram buckets grow, gauges wander.
std::string exposition(int interval)
{
    std::string text;
    text.reserve(96 * 1024);
    const char* methods[] = {"GET", "POST", "PUT", "DELETE"};
    text += "# HELP http_requests_total Requests handled, by handler, method and code.\n# TYPE http_requests_total counter\n";
    for (int i = 0; i < kCounters; ++i) {
        text += "http_requests_total{handler=\"/api/v1/resource" + std::to_string(i / 20) + "\",method=\"" + methods[i % 4]
              + "\",code=\"" + std::to_string(200 + (i % 5) * 100) + "\"} "
              + std::to_string(1000000 + i * 37 + interval * (i % 13 + 1)) + "\n";
    }
    text += "# HELP queue_depth Items waiting, by queue.\n# TYPE queue_depth gauge\n";
    for (int i = 0; i < kGauges; ++i)
        text += "queue_depth{queue=\"q" + std::to_string(i) + "\",shard=\"" + std::to_string(i % 7) + "\"} "
              + std::to_string((i * 17 + interval * 3) % 1000) + "\n";
    text += "# HELP request_duration_seconds Request latency.\n# TYPE request_duration_seconds histogram\n";
    const double bounds[kBuckets - 1] = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5};
    for (int h = 0; h < kHistograms; ++h) {
        const std::string labels = "handler=\"/api/v1/resource" + std::to_string(h) + "\"";
        long cumulative = 0;
        for (int b = 0; b < kBuckets; ++b) {
            cumulative += 1000 + (b * 7 + h) * (interval + 1);
            char le[32];
            std::snprintf(le, sizeof le, "%g", b + 1 < kBuckets ? bounds[b] : 0.0);
            text += "request_duration_seconds_bucket{" + labels + ",le=\"" + (b + 1 < kBuckets ? std::string(le) : "+Inf")
                  + "\"} " + std::to_string(cumulative) + "\n";
        }
        text += "request_duration_seconds_sum{" + labels + "} " + std::to_string(double(cumulative) * 0.042) + "\n";
        text += "request_duration_seconds_count{" + labels + "} " + std::to_string(cumulative) + "\n";
    }
    return text;
}

double threadCpuMicroseconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e6 + double(now.tv_nsec) / 1e3;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

double percentile(std::vector<double> values, double q)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[std::min(values.size() - 1, std::size_t(q * double(values.size())))];
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Cost of --scrape per interval for a 1,000-series exposition"};
    int intervals = 200;
    app.add_option("--intervals", intervals, "Intervals to measure")->check(CLI::Range(10, 100000));
    CLI11_PARSE(app, argc, argv);

    // Served bodies are made up front so that the server thread does little while the recorder
    // side is timed (the machine has few cores).
    const int warmup = 3;
    std::vector<std::string> bodies;
    for (int i = 0; i < warmup + intervals; ++i)
        bodies.push_back(HttpStubServer::chunkedAnswer(exposition(i), 4096));
    const std::string text = exposition(0);
    const int series = kCounters + kGauges + kHistograms * (kBuckets + 2);

    // Parsing alone.
    PrometheusTextParser parser;
    PrometheusSample sample;
    std::vector<double> parseTimes;
    std::size_t parsed = 0;
    for (int i = 0; i < warmup + intervals; ++i) {
        const auto start = std::chrono::steady_clock::now();
        parser.reset(text);
        parsed = 0;
        while (parser.next(sample))
            ++parsed;
        if (i >= warmup)
            parseTimes.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
    }

    // The collector against a local server.
    std::atomic<int> served{0};
    HttpStubServer server([&](const std::string&) {
        const int index = served.fetch_add(1);
        return HttpStubServer::Reply{bodies[std::size_t(std::min<int>(index, int(bodies.size()) - 1))]};
    });
    ScrapeCollector collector(ScrapeSettings{{server.url()}, std::chrono::seconds(1)});
    MetricCatalog catalog;
    Warnings warnings;
    MetricGroup group("scrape");
    if (const std::string why = collector.open(HostPaths{}, catalog); !why.empty()) {
        std::fprintf(stderr, "bench_scrape: %s\n", why.c_str());
        return 1;
    }
    std::vector<double> wallTimes;
    std::vector<double> cpuTimes;
    std::size_t allocations = 0;
    for (int i = 0; i < warmup + intervals; ++i) {
        SampleContext context{std::int64_t(i) * 1'000'000'000, i == 0 ? 0.0 : 1.0, catalog, warnings};
        const bool measured = i >= warmup;
        g_allocations = 0;
        g_countAllocations = measured;
        const double cpuStart = threadCpuMicroseconds();
        const auto start = std::chrono::steady_clock::now();
        group.startRow();
        collector.sample(context, group);
        const auto end = std::chrono::steady_clock::now();
        const double cpuEnd = threadCpuMicroseconds();
        g_countAllocations = false;
        if (measured) {
            allocations += g_allocations;
            wallTimes.push_back(std::chrono::duration<double, std::micro>(end - start).count());
            cpuTimes.push_back(cpuEnd - cpuStart);
        }
    }

    const std::size_t expectedColumns = std::size_t(kCounters + kGauges + kHistograms * 5);
    std::printf("bench_scrape: %d series (%d counters, %d gauges, %d histograms of %d buckets + sum + count), "
                "%.1f kB of text, %d intervals\n",
                series, kCounters, kGauges, kHistograms, kBuckets, double(text.size()) / 1e3, intervals);
    std::printf("  parse only            %8.1f us per interval (median; p90 %.1f)\n", median(parseTimes),
                percentile(parseTimes, 0.9));
    std::printf("  scrape + parse        %8.1f us wall, %.1f us CPU per interval (median; wall p90 %.1f)   target <= 1000 us\n",
                median(wallTimes), median(cpuTimes), percentile(wallTimes, 0.9));
    std::printf("  allocations           %8.2f per interval after warm-up (%zu in %d intervals)   target 0\n",
                double(allocations) / intervals, allocations, intervals);
    std::printf("  columns               %zu (%zu metrics)\n", group.columnCount(), catalog.size());

    bool ok = true;
    if (parsed != std::size_t(series)) {
        std::fprintf(stderr, "bench_scrape: parsed %zu samples, expected %d\n", parsed, series);
        ok = false;
    }
    if (group.columnCount() != expectedColumns) {
        std::fprintf(stderr, "bench_scrape: %zu columns, expected %zu\n", group.columnCount(), expectedColumns);
        ok = false;
    }
    for (const std::string& warning : warnings.messages()) {
        std::fprintf(stderr, "bench_scrape: warning: %s\n", warning.c_str());
        ok = false;
    }
    return ok ? 0 : 1;
}
