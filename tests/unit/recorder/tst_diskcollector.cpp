// The disk collector on this machine's /proc/diskstats and on hand-written two-sample inputs with
// known IOPS, throughput, latency, queue depth and utilisation.
#include "CollectorHarness.h"
#include "DiskCollector.h"

#include <QTest>

#include <array>
#include <cstdlib>
#include <new>

using runlens::collect::DiskCollector;

#include "AllocationCounter.h"

namespace {

struct Disk {
    int major;
    int minor;
    const char* name;
    std::vector<std::uint64_t> fields; // 11, 15 or 17 of them
};

QByteArray diskstats(const std::vector<Disk>& disks)
{
    QByteArray text;
    for (const Disk& disk : disks) {
        text += QByteArray::number(disk.major).rightJustified(4) + ' ' + QByteArray::number(disk.minor).rightJustified(7)
              + ' ' + disk.name;
        for (const std::uint64_t field : disk.fields)
            text += ' ' + QByteArray::number(qulonglong(field));
        text += '\n';
    }
    return text;
}

// reads, merged, sectors, ms | writes, merged, sectors, ms | in flight, io ms, weighted ms |
// discards, merged, sectors, ms | flushes, ms
const std::vector<std::uint64_t> kSdaFirst = {100, 10, 2000, 500, 50, 5, 1000, 250, 2, 1000, 3000, 0, 0, 0, 0, 10, 20};
const std::vector<std::uint64_t> kSdaSecond = {300, 30, 6000, 1500, 150, 5, 3000, 1250, 4, 2000, 7000, 10, 0, 80, 30, 20, 60};
const std::vector<std::uint64_t> kNvmeFirst = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
const std::vector<std::uint64_t> kNvmeSecond = {100, 0, 800, 100, 0, 0, 0, 0, 1, 2000, 200};
const std::vector<std::uint64_t> kDmFirst = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
const std::vector<std::uint64_t> kDmSecond = {1000, 0, 8000, 1000, 0, 0, 0, 0, 0, 100, 100};

std::vector<std::uint64_t> idle(std::size_t count)
{
    return std::vector<std::uint64_t>(count, 0);
}

} // namespace

class TestDiskCollector : public QObject
{
    Q_OBJECT

private:
    // Two samples 2 s apart over sda (with partition sda1), nvme0n1 (an older 11-field line) and
    // dm-0 stacked on sda.
    void twoSamples(CollectorHarness& harness, DiskCollector& collector)
    {
        harness.write(QStringLiteral("proc/diskstats"),
                      diskstats({{8, 0, "sda", kSdaFirst}, {8, 1, "sda1", kSdaFirst}, {259, 0, "nvme0n1", kNvmeFirst},
                                 {253, 0, "dm-0", kDmFirst}}));
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QCOMPARE(harness.value("disk.in_flight", "sda"), 2.0);
        QVERIFY(std::isnan(harness.value("disk.read_iops", "sda")));
        harness.write(QStringLiteral("proc/diskstats"),
                      diskstats({{8, 0, "sda", kSdaSecond}, {8, 1, "sda1", kSdaSecond}, {259, 0, "nvme0n1", kNvmeSecond},
                                 {253, 0, "dm-0", kDmSecond}}));
        harness.sample(collector, 2);
    }

    void checkRates(CollectorHarness& harness)
    {
        COMPARE_NEAR(harness.value("disk.read_iops", "sda"), 100, 1e-9);
        COMPARE_NEAR(harness.value("disk.write_iops", "sda"), 50, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_bytes", "sda"), 4000 * 512 / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.write_bytes", "sda"), 2000 * 512 / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_merges", "sda"), 10, 1e-9);
        COMPARE_NEAR(harness.value("disk.write_merges", "sda"), 0, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_await", "sda"), 1000 / 200.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.write_await", "sda"), 1000 / 100.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.await", "sda"), 2000 / 300.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.queue_depth", "sda"), 4000 / 2000.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.util", "sda"), 50, 1e-9);
        COMPARE_NEAR(harness.value("disk.in_flight", "sda"), 4, 1e-9);
        COMPARE_NEAR(harness.value("disk.discard_iops", "sda"), 5, 1e-9);
        COMPARE_NEAR(harness.value("disk.discard_bytes", "sda"), 80 * 512 / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.discard_await", "sda"), 3, 1e-9);
        COMPARE_NEAR(harness.value("disk.flush_iops", "sda"), 5, 1e-9);
        COMPARE_NEAR(harness.value("disk.flush_await", "sda"), 4, 1e-9);

        // The 11-field line has no discard or flush columns; no write completed: no write latency.
        COMPARE_NEAR(harness.value("disk.read_iops", "nvme0n1"), 50, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_await", "nvme0n1"), 1, 1e-9);
        QVERIFY(std::isnan(harness.value("disk.write_await", "nvme0n1")));
        COMPARE_NEAR(harness.value("disk.util", "nvme0n1"), 100, 1e-9);
        COMPARE_NEAR(harness.value("disk.queue_depth", "nvme0n1"), 0.1, 1e-9);
        QVERIFY(!harness.has("disk.discard_iops", "nvme0n1"));
        QVERIFY(!harness.has("disk.flush_iops", "nvme0n1"));

        // dm-0 is recorded but its I/O already reached sda: not in "all".
        COMPARE_NEAR(harness.value("disk.read_iops", "dm-0"), 500, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_iops", "all"), (200 + 100) / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_bytes", "all"), (4000 + 800) * 512 / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_await", "all"), (1000 + 100) / 300.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.await", "all"), (2000 + 100) / 400.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.queue_depth", "all"), (4000 + 200) / 2000.0, 1e-9);
        COMPARE_NEAR(harness.value("disk.util", "all"), 100, 1e-9); // the busiest device
        COMPARE_NEAR(harness.value("disk.in_flight", "all"), 4 + 1, 1e-9);
        COMPARE_NEAR(harness.value("disk.discard_iops", "all"), 5, 1e-9);
        COMPARE_NEAR(harness.value("disk.flush_await", "all"), 4, 1e-9);
    }

private slots:
    void missingFileGivesReason()
    {
        CollectorHarness harness;
        DiskCollector collector;
        const std::string reason = harness.open(collector);
        QVERIFY2(reason.find("diskstats") != std::string::npos, reason.c_str());
    }

    void parsesThisHost()
    {
        CollectorHarness harness;
        harness.copyFixture(QStringLiteral("proc/this-host/diskstats"), QStringLiteral("proc/diskstats"));
        DiskCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        QVERIFY(harness.catalog.contains("disk.read_await"));
        harness.sample(collector, 0);
        harness.sample(collector, 1);

        // This VM: vda (17 fields), eight idle loop devices and an idle zram0.
        QCOMPARE(harness.value("disk.read_iops", "vda"), 0.0);
        QCOMPARE(harness.value("disk.write_bytes", "vda"), 0.0);
        QCOMPARE(harness.value("disk.util", "vda"), 0.0);
        QVERIFY(std::isnan(harness.value("disk.read_await", "vda"))); // no read completed
        QCOMPARE(harness.value("disk.in_flight", "vda"), 0.0);
        QVERIFY(harness.has("disk.flush_iops", "vda"));
        QCOMPARE(harness.value("disk.read_iops", "all"), 0.0);
        QVERIFY(!harness.has("disk.read_iops", "loop0"));
        QVERIFY(!harness.has("disk.read_iops", "zram0"));
        const nlohmann::json details = collector.details();
        QCOMPARE(details["devices"].dump(), nlohmann::json::array({"vda"}).dump());
        QCOMPARE(details["unused_virtual_devices"].size(), std::size_t(9));
    }

    void exactRatesWithSysfs()
    {
        CollectorHarness harness;
        for (const char* device : {"sda", "nvme0n1", "dm-0"})
            QDir(harness.root()).mkpath(QStringLiteral("sys/class/block/%1").arg(QLatin1String(device)));
        harness.write(QStringLiteral("sys/class/block/sda1/partition"), "1\n");
        harness.write(QStringLiteral("sys/class/block/dm-0/slaves/sda"), "");
        DiskCollector collector;
        twoSamples(harness, collector);
        checkRates(harness);
        QVERIFY(!harness.has("disk.read_iops", "sda1"));
        const nlohmann::json details = collector.details();
        QCOMPARE(details["skipped_partitions"].dump(), nlohmann::json::array({"sda1"}).dump());
        QCOMPARE(details["all_sums"].dump(), nlohmann::json::array({"sda", "nvme0n1"}).dump());
        QCOMPARE(details["partition_detection"].get<std::string>(), std::string("/sys/class/block/NAME/partition"));

        // Known devices: sampling allocates nothing.
        harness.write(QStringLiteral("proc/diskstats"),
                      diskstats({{8, 0, "sda", kSdaSecond}, {8, 1, "sda1", kSdaSecond}, {259, 0, "nvme0n1", kNvmeSecond},
                                 {253, 0, "dm-0", kDmSecond}}));
        g_allocations = 0;
        g_countAllocations = true;
        harness.sample(collector, 1);
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        QCOMPARE(harness.value("disk.read_iops", "all"), 0.0);
    }

    void exactRatesFromNamesWithoutSysfs()
    {
        CollectorHarness harness; // its /sys has no class/block: partitions are told by name
        DiskCollector collector;
        twoSamples(harness, collector);
        checkRates(harness);
        QVERIFY(!harness.has("disk.read_iops", "sda1"));
        QCOMPARE(collector.details()["partition_detection"].get<std::string>(),
                 std::string("device names (no /sys/class/block)"));
    }

    void partitionNames()
    {
        for (const char* name : {"sda1", "sdab12", "vda2", "xvda1", "hdb3", "nvme0n1p1", "nvme12n3p15", "mmcblk0p2",
                                 "loop0p1", "md127p1", "nbd0p1"})
            QVERIFY2(DiskCollector::looksLikePartition(name), name);
        for (const char* name : {"sda", "vdb", "xvdf", "nvme0n1", "mmcblk0", "dm-0", "md0", "md127", "sr0", "zram0",
                                 "loop7", "ram15", "nbd0", "mmcblk0boot0", "", "1"})
            QVERIFY2(!DiskCollector::looksLikePartition(name), name);
    }

    void partitionsOnRequest()
    {
        CollectorHarness harness;
        DiskCollector collector(DiskCollector::Options{true});
        twoSamples(harness, collector);
        // Recorded, but never summed into "all": their disk already counts the same I/O.
        COMPARE_NEAR(harness.value("disk.read_iops", "sda1"), 100, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_iops", "all"), 150, 1e-9);
    }

    void diskAppearsAndDisappears()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", kSdaFirst}}));
        DiskCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QVERIFY(!harness.has("disk.read_iops", "sdb"));

        std::vector<std::uint64_t> sdb = idle(17);
        sdb[0] = 40;
        sdb[8] = 3;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", kSdaSecond}, {8, 16, "sdb", sdb}}));
        harness.sample(collector, 2);
        QVERIFY(harness.has("disk.read_iops", "sdb"));
        QVERIFY(std::isnan(harness.value("disk.read_iops", "sdb"))); // no previous read to compare with
        QCOMPARE(harness.value("disk.in_flight", "sdb"), 3.0);
        COMPARE_NEAR(harness.value("disk.read_iops", "all"), 100, 1e-9);
        COMPARE_NEAR(harness.value("disk.in_flight", "all"), 4 + 3, 1e-9);

        sdb[0] = 60;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", kSdaSecond}, {8, 16, "sdb", sdb}}));
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("disk.read_iops", "sdb"), 20, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_iops", "all"), 20, 1e-9);

        // Unplugged: its columns stay, empty.
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", kSdaSecond}}));
        harness.sample(collector, 1);
        QVERIFY(std::isnan(harness.value("disk.read_iops", "sdb")));
        QVERIFY(std::isnan(harness.value("disk.in_flight", "sdb")));
        COMPARE_NEAR(harness.value("disk.read_iops", "all"), 0, 1e-9);

        // Plugged back with fresh counters: one interval without rates, then rates again.
        sdb[0] = 5;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", kSdaSecond}, {8, 16, "sdb", sdb}}));
        harness.sample(collector, 1);
        QVERIFY(std::isnan(harness.value("disk.read_iops", "sdb")));
        sdb[0] = 9;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", kSdaSecond}, {8, 16, "sdb", sdb}}));
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("disk.read_iops", "sdb"), 4, 1e-9);
    }

    void resetAndWrap()
    {
        std::vector<std::uint64_t> sda = idle(11);
        std::vector<std::uint64_t> sdb = idle(11);
        sda[0] = 1000;
        sda[3] = 4294967290u; // ms reading, an unsigned int on older kernels
        sdb[0] = 500;
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", sda}, {8, 16, "sdb", sdb}}));
        DiskCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        sda[0] = 1004;
        sda[3] = 10;
        sdb[0] = 7; // the device was re-created: counters restarted
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{8, 0, "sda", sda}, {8, 16, "sdb", sdb}}));
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("disk.read_iops", "sda"), 4, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_await", "sda"), 16 / 4.0, 1e-9);
        QVERIFY(std::isnan(harness.value("disk.read_iops", "sdb")));
        // "all" leaves the reset device out rather than going blank.
        COMPARE_NEAR(harness.value("disk.read_iops", "all"), 4, 1e-9);
    }

    void loopDevicesFromFirstUse()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{7, 0, "loop0", idle(17)}, {8, 0, "sda", idle(17)}}));
        DiskCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QVERIFY(!harness.has("disk.read_iops", "loop0"));
        std::vector<std::uint64_t> used = idle(17);
        used[0] = 30;
        harness.write(QStringLiteral("proc/diskstats"), diskstats({{7, 0, "loop0", used}, {8, 0, "sda", idle(17)}}));
        harness.sample(collector, 1);
        // The loop device's I/O lands on a file of another disk: recorded, not summed.
        COMPARE_NEAR(harness.value("disk.read_iops", "loop0"), 30, 1e-9);
        COMPARE_NEAR(harness.value("disk.read_iops", "all"), 0, 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestDiskCollector)
#include "tst_diskcollector.moc"
