// The CPU time the calling thread has used. The recorder reports what each collector and the
// sampler cost in its own CPU time: thread time, unlike wall time, does not grow when a busy host
// preempts the recorder, and unlike process time it leaves out the other threads.
#pragma once

namespace runlens::collect {

// Seconds of CPU (user and system) the calling thread has used since it started.
double threadCpuSeconds();

} // namespace runlens::collect
