// Block devices from /proc/diskstats: throughput, latency, queue depth and utilisation per disk
// and for the host ("all").
#pragma once

#include "Collector.h"
#include "ProcFile.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

class DiskCollector final : public Collector
{
public:
    struct Options {
        // Partitions repeat their disk's I/O; by default only whole devices are recorded.
        bool includePartitions = false;
    };

    DiskCollector() = default;
    explicit DiskCollector(Options options)
        : m_options(options)
    {
    }

    std::string_view name() const override { return "disk"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

    // Whether a device name is a partition when /sys cannot say: sda1, vdb2, xvda1, nvme0n1p1,
    // mmcblk0p1, loop0p1; not sda, nvme0n1, mmcblk0, dm-0, md0, sr0.
    static bool looksLikePartition(std::string_view name);

    // The fields of a /proc/diskstats line after major, minor and name
    // (Documentation/admin-guide/iostats.rst): 11 always, 4 discard fields since 4.18, 2 flush since 5.5.
    enum Field : std::size_t {
        ReadsCompleted, ReadsMerged, SectorsRead, ReadTicks,
        WritesCompleted, WritesMerged, SectorsWritten, WriteTicks,
        InFlight, IoTicks, WeightedTicks,
        DiscardsCompleted, DiscardsMerged, SectorsDiscarded, DiscardTicks,
        FlushesCompleted, FlushTicks,
        FieldCount
    };

private:
    enum Metric : std::size_t {
        ReadIops, WriteIops, ReadBytes, WriteBytes, ReadMerges, WriteMerges,
        ReadAwait, WriteAwait, Await, QueueDepth, Utilisation, InFlightGauge,
        DiscardIops, DiscardBytes, DiscardAwait, FlushIops, FlushAwait,
        MetricCount
    };

    using Fields = std::array<std::uint64_t, FieldCount>;
    using Columns = std::array<int, MetricCount>;

    enum class Role {
        Recorded,       // a whole device: recorded and part of "all"
        RecordedAlone,  // recorded, left out of "all" (stacked, loop, RAM-backed, or a partition when included)
        WaitingForUse,  // loop/ram/zram never used so far: recorded from its first I/O on
        Skipped,        // a partition
    };

    struct Device {
        std::string name;
        Role role = Role::Recorded;
        bool inAggregate = false;
        std::uint64_t lastRead = 0; // m_reads of the read that last listed it
        std::size_t fieldCount = 0;
        Fields previous{};
        Columns columns{};
    };

    // The interval's sums over the devices of "all".
    struct Totals {
        std::array<double, FieldCount> deltas{};
        double inFlight = 0;
        double busiestUtilisation = 0;
        bool anyDelta = false;
        bool anyInFlight = false;
        bool discards = false;
        bool flushes = false;
    };

    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };

    Device& deviceAt(std::size_t position, std::string_view name);
    void classify(Device& device) const;
    void internColumns(Columns& columns, std::string_view instance, std::size_t fieldCount, MetricGroup& group);
    void setValues(const Columns& columns, const std::array<double, FieldCount>& deltas, double seconds,
                   double utilisation, MetricGroup& group) const;

    Options m_options;
    ProcFile m_file;
    std::string m_sysBlock; // /sys/class/block, or empty when /sys does not show it
    std::vector<Device> m_devices;
    std::unordered_map<std::string, std::size_t, Hash, std::equal_to<>> m_deviceIndex;
    std::vector<std::size_t> m_order; // device index at each line of the last read
    Columns m_allColumns{};
    Fields m_current{};
    std::uint64_t m_reads = 0;
};

} // namespace runlens::collect
