// Finds the host's PMU through the kernel (sysfs event_source devices), the CPU model
// (/proc/cpuinfo) and libpfm4. The kernel decides: libpfm4 guesses from CPUID alone, and a VM
// without a virtual PMU must come out as "no PMU" with the reason.
#pragma once

#include "HostPaths.h"
#include "HostPmu.h"

namespace runlens::collect::pmu {

class PmuDetector
{
public:
    static HostPmu detect(const HostPaths& paths);
};

} // namespace runlens::collect::pmu
