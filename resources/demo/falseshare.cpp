// The demo workload behind the bundled demo runs: threads that each increment their own counter.
//
//   falseshare shared SECONDS   counters side by side: every increment invalidates the cache line
//                               in the other cores' caches (false sharing), so cores stall
//   falseshare padded SECONDS   each counter on its own 64-byte cache line: the same work, no
//                               contention
//
// The two variants do identical work; only the memory layout differs. That is the kind of change a
// baseline/tuned comparison in Runlens should make visible (IPC, cache misses, CPU time per op).
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

struct SharedCounters {
    std::atomic<unsigned long> value[8];
};

struct alignas(64) PaddedCounter {
    std::atomic<unsigned long> value;
};

template<typename Increment>
unsigned long run(int threads, double seconds, Increment increment)
{
    std::atomic<bool> stop{false};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            while (!stop.load(std::memory_order_relaxed)) {
                for (int i = 0; i < 4096; ++i)
                    increment(t);
            }
        });
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    stop = true;
    for (auto& worker : workers)
        worker.join();
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3 || (std::strcmp(argv[1], "shared") != 0 && std::strcmp(argv[1], "padded") != 0)) {
        std::fprintf(stderr, "usage: falseshare shared|padded SECONDS\n");
        return 2;
    }
    const double seconds = std::atof(argv[2]);
    const int threads = std::max(2u, std::thread::hardware_concurrency());
    unsigned long total = 0;
    if (std::strcmp(argv[1], "shared") == 0) {
        static SharedCounters counters{};
        run(threads, seconds, [](int t) { counters.value[t % 8].fetch_add(1, std::memory_order_relaxed); });
        for (auto& counter : counters.value)
            total += counter.load();
    } else {
        static PaddedCounter counters[8]{};
        run(threads, seconds, [](int t) { counters[t % 8].value.fetch_add(1, std::memory_order_relaxed); });
        for (auto& counter : counters)
            total += counter.value.load();
    }
    std::printf("%s: %d threads, %.0f s, %.1f M increments/s\n", argv[1], threads, seconds, double(total) / seconds / 1e6);
    return 0;
}
