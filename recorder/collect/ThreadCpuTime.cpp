#include "ThreadCpuTime.h"

#include <ctime>

namespace runlens::collect {

double threadCpuSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

} // namespace runlens::collect
