// What every benchmark measures the same way: the wall and CPU time of a piece of work, the
// process's memory, and the count of wrong results it exits with. Both times are printed: on a
// shared machine the CPU time is what the code costs, the wall time what it waited.
#pragma once

#include "ProcStatus.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <time.h>

namespace bench {

inline double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

struct Timing {
    double wallMs = 0;
    double cpuMs = 0; // of the calling thread
};

inline Timing timeOnce(const std::function<void()>& work)
{
    QElapsedTimer timer;
    const double cpuStart = threadCpuMs();
    timer.start();
    work();
    return {double(timer.nsecsElapsed()) / 1e6, threadCpuMs() - cpuStart};
}

// The run with the median wall time of `repetitions` runs of work(r), r = 0, 1, …
inline Timing medianOf(int repetitions, const std::function<void(int)>& work)
{
    std::vector<Timing> times;
    for (int r = 0; r < repetitions; ++r)
        times.push_back(timeOnce([&] { work(r); }));
    std::sort(times.begin(), times.end(), [](const Timing& a, const Timing& b) { return a.wallMs < b.wallMs; });
    return times[times.size() / 2];
}

// The run with the best wall time.
inline Timing bestOf(int repetitions, const std::function<void()>& work)
{
    Timing best{1e300, 0};
    for (int r = 0; r < repetitions; ++r) {
        const Timing timing = timeOnce(work);
        if (timing.wallMs < best.wallMs)
            best = timing;
    }
    return best;
}

// A field of /proc/self/status in MiB: "VmRSS:" now, "VmHWM:" the peak.
inline double residentMb(const char* field)
{
    return double(std::max(0L, procStatusKiB(field))) / 1024.0;
}

// Counts wrong results: a bench prints figures and fails only when what it computed is wrong.
class Checks
{
public:
    void operator()(bool ok, const char* what)
    {
        if (!ok) {
            std::fprintf(stderr, "FAILED: %s\n", what);
            ++m_failures;
        }
    }
    int exitCode() const { return m_failures == 0 ? 0 : 1; }

private:
    int m_failures = 0;
};

} // namespace bench
