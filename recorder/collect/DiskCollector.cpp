#include "DiskCollector.h"

#include "CounterDelta.h"
#include "TextCursor.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricDescriptor;
using format::MetricKind;

// /proc/diskstats counts 512-byte sectors whatever the device's own sector size.
constexpr double kSectorBytes = 512;

constexpr std::size_t kBaseFields = 11;
constexpr std::size_t kWithDiscard = 15;
constexpr std::size_t kWithFlush = 17;

struct MetricInfo {
    const char* id;
    const char* title;
    const char* unit;
    MetricKind kind;
    BetterDirection better;
    const char* description;
};

// In the order of DiskCollector::Metric.
constexpr MetricInfo kMetrics[] = {
    {"disk.read_iops", "Disk reads", "/s", MetricKind::Rate, BetterDirection::Neutral,
     "Read requests completed per second (after merging adjacent requests)."},
    {"disk.write_iops", "Disk writes", "/s", MetricKind::Rate, BetterDirection::Neutral,
     "Write requests completed per second (after merging adjacent requests)."},
    {"disk.read_bytes", "Disk read throughput", "bytes/s", MetricKind::Rate, BetterDirection::Neutral,
     "Bytes read from the device per second."},
    {"disk.write_bytes", "Disk write throughput", "bytes/s", MetricKind::Rate, BetterDirection::Neutral,
     "Bytes written to the device per second."},
    {"disk.read_merges", "Merged reads", "/s", MetricKind::Rate, BetterDirection::Neutral,
     "Read requests per second merged into a neighbouring request before reaching the device."},
    {"disk.write_merges", "Merged writes", "/s", MetricKind::Rate, BetterDirection::Neutral,
     "Write requests per second merged into a neighbouring request before reaching the device."},
    {"disk.read_await", "Read latency", "ms", MetricKind::Gauge, BetterDirection::Lower,
     "Average time a read took over the interval, queueing included; empty when no read completed."},
    {"disk.write_await", "Write latency", "ms", MetricKind::Gauge, BetterDirection::Lower,
     "Average time a write took over the interval, queueing included; empty when no write completed."},
    {"disk.await", "I/O latency", "ms", MetricKind::Gauge, BetterDirection::Lower,
     "Average time a read or write took over the interval, queueing included; empty when none completed."},
    {"disk.queue_depth", "Queue depth", "count", MetricKind::Gauge, BetterDirection::Lower,
     "Average number of requests waiting or being served over the interval; it grows when the device "
     "cannot keep up."},
    {"disk.util", "Disk utilisation", "%", MetricKind::Percent, BetterDirection::Lower,
     "Share of the interval the device had at least one request in progress; 'all' shows the busiest disk. "
     "Devices that serve requests in parallel (SSD, NVMe) can take more at 100%."},
    {"disk.in_flight", "Requests in flight", "count", MetricKind::Gauge, BetterDirection::Lower,
     "Requests issued to the device and not yet completed, at the sample time."},
    {"disk.discard_iops", "Discards", "/s", MetricKind::Rate, BetterDirection::Neutral,
     "Discard (TRIM) requests completed per second: the file system telling the device blocks are free."},
    {"disk.discard_bytes", "Discard throughput", "bytes/s", MetricKind::Rate, BetterDirection::Neutral,
     "Bytes discarded (trimmed) per second."},
    {"disk.discard_await", "Discard latency", "ms", MetricKind::Gauge, BetterDirection::Lower,
     "Average time a discard took over the interval; empty when none completed."},
    {"disk.flush_iops", "Cache flushes", "/s", MetricKind::Rate, BetterDirection::Neutral,
     "Requests per second to write the device's volatile cache to stable storage (fsync, journal commits)."},
    {"disk.flush_await", "Flush latency", "ms", MetricKind::Gauge, BetterDirection::Lower,
     "Average time a cache flush took over the interval; empty when none completed."},
};
static_assert(std::size(kMetrics) == 17);

// Devices whose I/O lands on another disk (loop: a file) or in memory (ram, zram): on many hosts
// they exist by the dozen and never see I/O.
bool isVirtualStore(std::string_view name)
{
    return name.starts_with("loop") || name.starts_with("ram") || name.starts_with("zram");
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

double ratio(double numerator, double denominator)
{
    return denominator > 0 ? numerator / denominator : kNoValue;
}

} // namespace

std::string_view DiskCollector::summary() const
{
    return "Disk throughput, latency, queue depth and utilisation per device (/proc/diskstats)";
}

bool DiskCollector::looksLikePartition(std::string_view name)
{
    std::size_t end = name.size();
    while (end > 0 && isDigit(name[end - 1]))
        --end;
    if (end == name.size() || end == 0)
        return false;
    const std::string_view stem = name.substr(0, end);
    // nvme0n1p1, mmcblk0p1, loop0p1, md0p1, nbd0p1: "p" and the number after a name ending in a digit.
    if (stem.size() >= 2 && stem.back() == 'p' && isDigit(stem[stem.size() - 2]))
        return true;
    // sda1, hdb2, vda1, xvda1: the classic letter-named disks.
    for (const std::string_view prefix : {"sd", "hd", "vd", "xvd"}) {
        if (stem.size() > prefix.size() && stem.starts_with(prefix)
            && std::all_of(stem.begin() + std::ptrdiff_t(prefix.size()), stem.end(),
                           [](char c) { return c >= 'a' && c <= 'z'; }))
            return true;
    }
    return false;
}

std::string DiskCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    if (!m_file.open(paths.proc("diskstats")))
        return m_file.error();
    std::error_code error;
    const std::string sysBlock = paths.sys("class/block");
    m_sysBlock = std::filesystem::is_directory(sysBlock, error) ? sysBlock : std::string();
    m_allColumns.fill(-1);
    for (const MetricInfo& info : kMetrics) {
        catalog.add(MetricDescriptor{info.id, info.title, info.unit, info.kind, info.better, "disk", "Disk",
                                     info.description});
    }
    return {};
}

void DiskCollector::classify(Device& device) const
{
    bool partition = false;
    bool stacked = false;
    if (!m_sysBlock.empty()) {
        // sysfs spells a '/' in a device name ("cciss/c0d0") as '!'.
        std::string sysName = device.name;
        std::replace(sysName.begin(), sysName.end(), '/', '!');
        const std::filesystem::path directory = std::filesystem::path(m_sysBlock) / sysName;
        std::error_code error;
        partition = std::filesystem::exists(directory / "partition", error);
        // A device built on others (device-mapper, md RAID) repeats their I/O.
        std::filesystem::directory_iterator slaves(directory / "slaves", error);
        stacked = !error && slaves != std::filesystem::directory_iterator();
    } else {
        partition = looksLikePartition(device.name);
        stacked = device.name.starts_with("dm-") || device.name.starts_with("md");
    }
    if (partition && !m_options.includePartitions)
        device.role = Role::Skipped;
    else if (isVirtualStore(device.name))
        device.role = Role::WaitingForUse;
    else if (partition || stacked)
        device.role = Role::RecordedAlone;
    else
        device.role = Role::Recorded;
    device.inAggregate = device.role == Role::Recorded;
}

DiskCollector::Device& DiskCollector::deviceAt(std::size_t position, std::string_view name)
{
    if (position < m_order.size() && m_devices[m_order[position]].name == name)
        return m_devices[m_order[position]];
    std::size_t index = 0;
    if (const auto it = m_deviceIndex.find(name); it != m_deviceIndex.end()) {
        index = it->second;
    } else {
        index = m_devices.size();
        Device device;
        device.name.assign(name);
        device.columns.fill(-1);
        classify(device);
        m_devices.push_back(std::move(device));
        m_deviceIndex.emplace(std::string(name), index);
    }
    if (position < m_order.size())
        m_order[position] = index;
    else
        m_order.push_back(index);
    return m_devices[index];
}

void DiskCollector::internColumns(Columns& columns, std::string_view instance, std::size_t fieldCount,
                                  MetricGroup& group)
{
    const std::size_t metrics = fieldCount >= kWithFlush ? std::size_t(MetricCount)
                                : fieldCount >= kWithDiscard ? std::size_t(FlushIops)
                                                             : std::size_t(DiscardIops);
    for (std::size_t metric = 0; metric < metrics; ++metric) {
        if (columns[metric] < 0)
            columns[metric] = group.column(kMetrics[metric].id, instance);
    }
}

void DiskCollector::setValues(const Columns& columns, const std::array<double, FieldCount>& d, double seconds,
                              double utilisation, MetricGroup& group) const
{
    const auto set = [&](Metric metric, double value) {
        if (columns[metric] >= 0)
            group.set(columns[metric], value);
    };
    set(ReadIops, d[ReadsCompleted] / seconds);
    set(WriteIops, d[WritesCompleted] / seconds);
    set(ReadBytes, d[SectorsRead] * kSectorBytes / seconds);
    set(WriteBytes, d[SectorsWritten] * kSectorBytes / seconds);
    set(ReadMerges, d[ReadsMerged] / seconds);
    set(WriteMerges, d[WritesMerged] / seconds);
    set(ReadAwait, ratio(d[ReadTicks], d[ReadsCompleted]));
    set(WriteAwait, ratio(d[WriteTicks], d[WritesCompleted]));
    set(Await, ratio(d[ReadTicks] + d[WriteTicks], d[ReadsCompleted] + d[WritesCompleted]));
    // Weighted time grows by the number of requests in flight for every millisecond.
    set(QueueDepth, d[WeightedTicks] / (seconds * 1000));
    set(Utilisation, utilisation);
    set(DiscardIops, d[DiscardsCompleted] / seconds);
    set(DiscardBytes, d[SectorsDiscarded] * kSectorBytes / seconds);
    set(DiscardAwait, ratio(d[DiscardTicks], d[DiscardsCompleted]));
    set(FlushIops, d[FlushesCompleted] / seconds);
    set(FlushAwait, ratio(d[FlushTicks], d[FlushesCompleted]));
}

void DiskCollector::sample(SampleContext& context, MetricGroup& group)
{
    const std::string_view text = m_file.read();
    if (!m_file.error().empty())
        throw CollectorError(m_file.error());
    ++m_reads;
    if (m_allColumns[ReadIops] < 0)
        internColumns(m_allColumns, format::kAggregateInstance, kBaseFields, group);

    const double seconds = context.elapsedSeconds;
    const bool rates = seconds > 0;
    Totals totals;
    std::array<double, FieldCount> deltas{};
    TextCursor cursor(text);
    std::size_t position = 0;
    for (; !cursor.atEnd(); cursor.nextLine()) {
        std::uint64_t major = 0;
        std::uint64_t minor = 0;
        if (!cursor.u64(major) || !cursor.u64(minor))
            continue;
        const std::string_view name = cursor.word();
        if (name.empty())
            continue;
        std::size_t count = 0;
        while (count < FieldCount && cursor.u64(m_current[count]))
            ++count;
        if (count < kBaseFields)
            continue; // the 4-field partition lines of kernels before 2.6.25

        Device& device = deviceAt(position++, name);
        const bool comparable = device.lastRead != 0 && device.lastRead + 1 == m_reads && device.fieldCount == count;
        device.lastRead = m_reads;
        device.fieldCount = count;
        const Fields previous = device.previous;
        std::copy_n(m_current.begin(), count, device.previous.begin());
        if (device.role == Role::Skipped)
            continue;
        if (device.role == Role::WaitingForUse) {
            if (m_current[ReadsCompleted] == 0 && m_current[WritesCompleted] == 0)
                continue;
            device.role = Role::RecordedAlone;
        }
        // New devices, and the discard/flush columns the first time a device shows them.
        if (device.columns[count >= kWithFlush ? FlushAwait : count >= kWithDiscard ? DiscardAwait : InFlightGauge] < 0)
            internColumns(device.columns, device.name, count, group);

        group.set(device.columns[InFlightGauge], double(m_current[InFlight]));
        if (device.inAggregate) {
            totals.inFlight += double(m_current[InFlight]);
            totals.anyInFlight = true;
        }
        if (!comparable || !rates)
            continue;

        bool reset = false;
        for (std::size_t field = 0; field < FieldCount; ++field) {
            if (field == InFlight || field >= count) {
                deltas[field] = 0; // a level, not a counter; or a field this kernel does not have
                continue;
            }
            deltas[field] = counterDelta(previous[field], m_current[field]);
            reset = reset || std::isnan(deltas[field]);
        }
        // io_ticks can run a little ahead of the wall clock between two reads; 100% is the ceiling.
        const double busy = deltas[IoTicks] / (seconds * 1000) * 100;
        const double utilisation = busy > 100 ? 100.0 : busy; // NaN stays NaN
        setValues(device.columns, deltas, seconds, utilisation, group);

        // A device whose counters went back (re-created) is left out of this interval's "all".
        if (!device.inAggregate || reset)
            continue;
        for (std::size_t field = 0; field < FieldCount; ++field)
            totals.deltas[field] += deltas[field];
        totals.busiestUtilisation = std::max(totals.busiestUtilisation, utilisation);
        totals.anyDelta = true;
        totals.discards = totals.discards || count >= kWithDiscard;
        totals.flushes = totals.flushes || count >= kWithFlush;
    }

    if (totals.anyInFlight)
        group.set(m_allColumns[InFlightGauge], totals.inFlight);
    if (!totals.anyDelta)
        return;
    if (totals.flushes || totals.discards)
        internColumns(m_allColumns, format::kAggregateInstance, totals.flushes ? kWithFlush : kWithDiscard, group);
    setValues(m_allColumns, totals.deltas, seconds, totals.busiestUtilisation, group);
}

nlohmann::json DiskCollector::details() const
{
    nlohmann::json recorded = nlohmann::json::array();
    nlohmann::json aggregate = nlohmann::json::array();
    nlohmann::json skipped = nlohmann::json::array();
    nlohmann::json unused = nlohmann::json::array();
    for (const Device& device : m_devices) {
        switch (device.role) {
        case Role::Recorded:
        case Role::RecordedAlone:
            recorded.push_back(device.name);
            if (device.inAggregate)
                aggregate.push_back(device.name);
            break;
        case Role::Skipped:
            skipped.push_back(device.name);
            break;
        case Role::WaitingForUse:
            unused.push_back(device.name);
            break;
        }
    }
    nlohmann::json details = nlohmann::json::object();
    details["devices"] = std::move(recorded);
    details["all_sums"] = std::move(aggregate);
    details["skipped_partitions"] = std::move(skipped);
    details["unused_virtual_devices"] = std::move(unused);
    details["partition_detection"] = m_sysBlock.empty() ? "device names (no /sys/class/block)"
                                                        : "/sys/class/block/NAME/partition";
    details["rules"] = "Partitions are skipped (their disk has the same I/O). loop, ram and zram devices are "
                       "recorded from their first I/O on. 'all' sums whole physical devices only: not "
                       "partitions, not devices stacked on others (dm-*, md*: their I/O reaches the disks "
                       "below), not loop/ram/zram; its utilisation is the busiest device's.";
    return details;
}

} // namespace runlens::collect
