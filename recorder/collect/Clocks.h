// The two clocks the recorder reads. Samples, ticks and deadlines use CLOCK_MONOTONIC: it does
// not jump when NTP or an operator sets the wall clock, and perf_event_open stamps samples with it
// too (use_clockid), so both count from the same origin.
//
// Costs use thread CPU time. The recorder reports what each collector and the sampler cost in its
// own CPU time: thread time, unlike wall time, does not grow when a busy host preempts the
// recorder, and unlike process time it leaves out the other threads.
#pragma once

#include <cstdint>

namespace runlens::collect {

// Nanoseconds of CLOCK_MONOTONIC.
std::int64_t monotonicNs();

// Seconds of CPU (user and system) the calling thread has used since it started.
double threadCpuSeconds();

} // namespace runlens::collect
