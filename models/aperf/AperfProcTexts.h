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
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace aperf {

// One group of series and the descriptors of its metrics.
struct ImportedGroup {
    runlens::format::SeriesTable table;
    std::vector<runlens::format::MetricDescriptor> metrics;
};

// Turns the records of one APerf data file, given in order as they are decoded, into a group of
// series. Lines it cannot read are skipped.
class SourceParser
{
public:
    virtual ~SourceParser() = default;
    // About how many records will come (from the file's size), to make room for them once.
    virtual void expectRecords(std::size_t count) = 0;
    virtual void add(const TimedText& record) = 0;
    // The series with times counted from `zeroNs` (the run's start, Unix ns), and their metrics.
    virtual ImportedGroup take(std::int64_t zeroNs) = 0;
};

std::unique_ptr<SourceParser> procStatParser();
std::unique_ptr<SourceParser> meminfoParser();
std::unique_ptr<SourceParser> vmstatParser();
std::unique_ptr<SourceParser> interruptsParser();
std::unique_ptr<SourceParser> diskstatsParser();
std::unique_ptr<SourceParser> netstatParser();
std::unique_ptr<SourceParser> numastatParser();
// processes: the busiest processes of each interval, as runlens-rec's process collector shows them.
std::unique_ptr<SourceParser> processesParser();
// memalloc (APerf ≥ 1.2.2): free blocks per order of the buddy allocator, slab cache sizes.
std::unique_ptr<SourceParser> memallocParser();
// ena_stat and efa_stat (APerf ≥ 1.2.2): the ENA driver's and EFA device's counters per second,
// under `prefix` ("ena", "efa").
std::unique_ptr<SourceParser> componentCountersParser(std::string prefix);

} // namespace aperf
