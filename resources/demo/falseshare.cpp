// The demo workload behind the bundled demo runs: threads that each increment their own counter.
//
//   falseshare shared SECONDS   counters side by side: every increment invalidates the cache line
//                               in the other cores' caches (false sharing), so cores stall
//   falseshare padded SECONDS   each counter on its own 64-byte cache line: the same work, no
//                               contention
//
// The two variants do identical work; only the memory layout differs. That is the kind of change a
// baseline/tuned comparison in Runlens should make visible (IPC, cache misses, CPU time per op).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

using Counter = std::atomic<unsigned long>;

// One layout per variant; the code that runs on them is the same, so both variants' stacks name
// the same functions and the differential flame graph compares like with like.
struct SharedCounters {
    Counter value[8];
};

struct alignas(64) PaddedCounter {
    Counter value;
};

std::atomic<bool> g_stop{false};

// noinline: the hot loop keeps its own frame, by the same name, in both variants.
__attribute__((noinline)) void incrementCounter(Counter* counter)
{
    while (!g_stop.load(std::memory_order_relaxed)) {
        for (int i = 0; i < 4096; ++i)
            counter->fetch_add(1, std::memory_order_relaxed);
    }
}

__attribute__((noinline)) unsigned long sum(const std::vector<Counter*>& counters)
{
    unsigned long total = 0;
    for (const Counter* counter : counters)
        total += counter->load(std::memory_order_relaxed);
    return total;
}

// Runs the threads for the given time and prints the increments per second of every report
// interval, the figure a benchmark reports and Runlens records as the workload's throughput.
unsigned long run(const std::vector<Counter*>& counters, double seconds, double reportEvery)
{
    std::vector<std::thread> workers;
    for (Counter* counter : counters)
        workers.emplace_back(incrementCounter, counter);
    const auto start = std::chrono::steady_clock::now();
    auto last = start;
    unsigned long lastTotal = 0;
    for (int report = 1;; ++report) {
        const auto due = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(report * reportEvery));
        const auto end = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
        std::this_thread::sleep_until(std::min(due, end));
        const auto now = std::chrono::steady_clock::now();
        const unsigned long total = sum(counters);
        const double elapsed = std::chrono::duration<double>(now - last).count();
        std::printf("[ %5.1f s ] %.0f increments/s\n", std::chrono::duration<double>(now - start).count(), double(total - lastTotal) / elapsed);
        std::fflush(stdout);
        last = now;
        lastTotal = total;
        if (now >= end)
            break;
    }
    g_stop = true;
    for (auto& worker : workers)
        worker.join();
    return sum(counters);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3 || (std::strcmp(argv[1], "shared") != 0 && std::strcmp(argv[1], "padded") != 0)) {
        std::fprintf(stderr, "usage: falseshare shared|padded SECONDS\n");
        return 2;
    }
    const double seconds = std::atof(argv[2]);
    const int threads = int(std::min(8u, std::max(2u, std::thread::hardware_concurrency())));
    static SharedCounters shared{};
    static PaddedCounter padded[8]{};
    std::vector<Counter*> counters;
    for (int t = 0; t < threads; ++t)
        counters.push_back(std::strcmp(argv[1], "shared") == 0 ? &shared.value[t] : &padded[t].value);
    const unsigned long total = run(counters, seconds, 0.5);
    std::printf("%s: %d threads, %.0f s, %.1f M increments/s\n", argv[1], threads, seconds, double(total) / seconds / 1e6);
    return 0;
}
