// Busy seconds per CPU from /proc/stat, for effective GHz (unhalted cycles over time spent not
// idle). Reads cpuN lines only, allocation-free after the first read.
#pragma once

#include "HostPaths.h"
#include "ProcFile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace runlens::collect::pmu {

class BusyTimeReader
{
public:
    // Returns "" or why /proc/stat cannot be read.
    std::string open(const HostPaths& paths);
    // Reads the file; after this, busySeconds() gives the change since the previous read().
    bool read();
    // NaN before the second read or for a CPU not listed in both reads.
    double busySeconds(int cpu) const;

private:
    ProcFile m_file;
    double m_secondsPerTick = 0.01;
    std::vector<std::uint64_t> m_previous; // busy ticks by CPU number (UINT64_MAX = unknown)
    std::vector<std::uint64_t> m_current;
};

} // namespace runlens::collect::pmu
