// Reads the sample rings between the recorder's ticks. The thread waits in poll() on every ring;
// the kernel wakes it when a ring is half full (RingSize.h), and it then calls drain, which reads
// them all. So a ring need not hold a whole interval of samples, and on a host with hundreds of CPUs
// the rings stay within the recorder's memory budget; the tick still drains what stayed below half.
//
// drain runs on this thread: the caller serializes it with its own use of the sampler.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace runlens::profile {

class DrainThread
{
public:
    DrainThread(std::vector<int> ringDescriptors, std::function<void()> drain);
    ~DrainThread();
    DrainThread(const DrainThread&) = delete;
    DrainThread& operator=(const DrainThread&) = delete;

    // Starts waiting. Returns "" or why the thread could not start.
    std::string start();
    // Returns once the thread has ended; no drain runs after that. Safe to call twice.
    void stop();

    // Wake-ups that led to a drain, and the thread's CPU time in seconds (both readable any time).
    std::uint64_t wakeups() const { return m_wakeups.load(std::memory_order_relaxed); }
    double cpuSeconds() const { return m_cpuSeconds.load(std::memory_order_relaxed); }

private:
    void run();

    std::vector<int> m_rings;
    std::function<void()> m_drain;
    int m_stopEvent = -1; // an eventfd: written once to end the wait
    std::thread m_thread;
    std::atomic<std::uint64_t> m_wakeups {0};
    std::atomic<double> m_cpuSeconds {0};
};

} // namespace runlens::profile
