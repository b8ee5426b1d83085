// Turns the kernel text APerf stored with each sample (/proc/stat, /proc/meminfo, /proc/vmstat,
// /proc/interrupts, /proc/diskstats, /proc/net/netstat, its PMU lines) into Runlens series, under
// the metric ids, units and rules of runlens-rec's own collectors, so that an APerf run and a
// Runlens run overlay in one chart and compare in one summary:
//   - rates are the change over the exact time between two samples of the same file, stamped at
//     the later one; the first sample has none (APerf shows a made-up 0), a decrease gives none;
//   - CPU states are shares of the 8 states' sum per CPU and for the "cpu " line ("all");
//     cpu.busy is 100 - idle - iowait (APerf's "total" counts iowait as busy);
//   - memory in bytes, vmstat's nr_* levels as counts and its counters per second;
// What Runlens has no collector for (numastat) gets ids of its own. The PMU lines are AperfPmu's.
#pragma once

#include "AperfBincode.h"
#include "MetricDescriptor.h"
#include "SeriesTable.h"

#include <cstdint>
#include <vector>

namespace aperf {

// One group of series and the descriptors of its metrics.
struct ImportedGroup {
    runlens::format::SeriesTable table;
    std::vector<runlens::format::MetricDescriptor> metrics;
};

// `zeroNs` is the run's start (Unix ns): series times count from it. Each takes the records of one
// APerf data file; lines it cannot read are skipped (counted in `skippedLines` when given).
ImportedGroup cpuFromProcStat(const std::vector<TimedText>& samples, std::int64_t zeroNs);
ImportedGroup memoryFromMeminfo(const std::vector<TimedText>& samples, std::int64_t zeroNs);
ImportedGroup memoryFromVmstat(const std::vector<TimedText>& samples, std::int64_t zeroNs);
ImportedGroup interruptsFromProcInterrupts(const std::vector<TimedText>& samples, std::int64_t zeroNs);
ImportedGroup disksFromDiskstats(const std::vector<TimedText>& samples, std::int64_t zeroNs);
ImportedGroup networkFromNetstat(const std::vector<TimedText>& samples, std::int64_t zeroNs);
ImportedGroup numaFromNumastat(const std::vector<TimedText>& samples, std::int64_t zeroNs);

} // namespace aperf
