// MemoryCollector against the /proc/meminfo and /proc/vmstat captured from the build machine,
// against hand-written samples with exact expected values and rates, and through counter resets,
// wraps and fields that appear or vanish mid-run.
#include "CollectorHarness.h"
#include "MemoryCollector.h"

#include <QThread>

#include <atomic>
#include <cstdlib>
#include <new>

#include "AllocationCounter.h"

using runlens::collect::MemoryCollector;

namespace {

QByteArray fixture(const char* name)
{
    QFile file(QStringLiteral(RUNLENS_FIXTURES "/proc/this-host/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read fixture %s", name);
    return file.readAll();
}

// The value of "key value" (vmstat) or "Key:   value kB" (meminfo) in a captured file.
quint64 fieldOf(const QByteArray& text, const QByteArray& key)
{
    for (const QByteArray& line : text.split('\n')) {
        const QList<QByteArray> words = line.simplified().split(' ');
        if (words.size() >= 2 && (words[0] == key || words[0] == key + ':'))
            return words[1].toULongLong();
    }
    qFatal("no field %s", key.constData());
    return 0;
}

// The captured vmstat with some counters lowered: an "earlier" snapshot, so that the captured
// file itself can be the second sample with known increases.
QByteArray withCounters(const QByteArray& text, const QList<QPair<QByteArray, qint64>>& changes)
{
    QByteArray result;
    for (const QByteArray& line : text.split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> words = line.split(' ');
        QByteArray changed = line;
        for (const auto& [key, delta] : changes) {
            if (words[0] == key)
                changed = key + ' ' + QByteArray::number(qint64(words[1].toULongLong()) + delta);
        }
        result += changed + '\n';
    }
    return result;
}

const runlens::format::MetricDescriptor* descriptor(const CollectorHarness& harness, const std::string& id)
{
    for (const auto& d : harness.catalog.descriptors()) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

std::string kindOf(const runlens::format::MetricDescriptor* d)
{
    return d ? std::string(runlens::format::toString(d->kind)) : "(no descriptor)";
}
std::string betterOf(const runlens::format::MetricDescriptor* d)
{
    return d ? std::string(runlens::format::toString(d->better)) : "(no descriptor)";
}
std::string unitOf(const runlens::format::MetricDescriptor* d)
{
    return d ? d->unit : "(no descriptor)";
}

const QByteArray kMeminfo1 = "MemTotal:           1000 kB\n"
                             "MemFree:             200 kB\n"
                             "MemAvailable:        600 kB\n"
                             "Active(anon):         50 kB\n"
                             "HugePages_Total:       4\n"
                             "Hugepagesize:       2048 kB\n";
const QByteArray kVmstat1 = "nr_free_pages 50\n"
                            "nr_dirtied 1000\n"
                            "workingset_nodes 7\n"
                            "pgfault 10000\n"
                            "pgmajfault 100\n"
                            "pgscan_kswapd 0\n";

} // namespace

class TestMemoryCollector : public QObject
{
    Q_OBJECT

private slots:
    void capturedFilesOfThisHost();
    void realProcOfThisHost();
    void exactValuesAndRates();
    void metricIds();
    void descriptors();
    void counterResetAndWrap();
    void fieldsAppearAndVanish();
    void missingFiles();
    void noAllocationsAfterWarmup();
};

void TestMemoryCollector::capturedFilesOfThisHost()
{
    const QByteArray meminfo = fixture("meminfo");
    const QByteArray vmstat = fixture("vmstat");
    CollectorHarness harness;
    MemoryCollector collector;
    harness.write(QStringLiteral("proc/meminfo"), meminfo);
    harness.write(QStringLiteral("proc/vmstat"), withCounters(vmstat, {{"pgfault", -1000}, {"pgmajfault", -10}, {"numa_hit", -500}}));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.write(QStringLiteral("proc/vmstat"), vmstat);
    harness.sample(collector, 2.0);

    const qsizetype meminfoLines = meminfo.trimmed().count('\n') + 1;
    const qsizetype vmstatLines = vmstat.trimmed().count('\n') + 1;
    QCOMPARE(qsizetype(harness.group.columnCount()), meminfoLines + vmstatLines + 2);
    QCOMPARE(qsizetype(harness.catalog.size()), meminfoLines + vmstatLines + 2);
    for (const auto& key : harness.group.keys()) {
        QCOMPARE(key.instance, std::string());
        QVERIFY2(key.metric.starts_with("mem."), key.metric.c_str());
    }

    const double total = harness.value("mem.total");
    QCOMPARE(total, double(fieldOf(meminfo, "MemTotal")) * 1024);
    QVERIFY(total > 64.0 * 1024 * 1024); // any machine that builds this has more than 64 MiB
    const double available = harness.value("mem.available");
    QCOMPARE(available, double(fieldOf(meminfo, "MemAvailable")) * 1024);
    QVERIFY(available > 0 && available <= total);
    QVERIFY(harness.value("mem.free") <= total);
    QCOMPARE(harness.value("mem.used"), total - available);
    QCOMPARE(harness.value("mem.active_anon"), double(fieldOf(meminfo, "Active(anon)")) * 1024);
    QCOMPARE(harness.value("mem.hugepages_total"), double(fieldOf(meminfo, "HugePages_Total")));
    const double hugePage = harness.value("mem.hugepagesize");
    QVERIFY(hugePage >= 64 * 1024 && std::fmod(hugePage, 4096) == 0);
    QVERIFY(harness.value("mem.swapfree") <= harness.value("mem.swaptotal"));

    COMPARE_NEAR(harness.value("mem.vm.pgfault"), 500.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgmajfault"), 5.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgminorfault"), 495.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.numa_hit"), 250.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgpgin"), 0.0, 1e-9); // unchanged counters are 0/s
    QCOMPARE(harness.value("mem.vm.nr_free_pages"), double(fieldOf(vmstat, "nr_free_pages")));
    QCOMPARE(harness.value("mem.vm.nr_dirtied"), 0.0); // cumulative despite its nr_ prefix

    // Every value is a number and none is negative.
    for (std::size_t i = 0; i < harness.group.columnCount(); ++i) {
        const double value = harness.group.row()[i];
        QVERIFY2(value >= 0, harness.group.keys()[i].metric.c_str());
    }
    QVERIFY(harness.warnings.messages().empty());
    QCOMPARE(collector.details().value("meminfo_fields", 0), meminfoLines);
    QCOMPARE(collector.details().value("vmstat_fields", 0), vmstatLines);
}

void TestMemoryCollector::realProcOfThisHost()
{
    CollectorHarness harness;
    harness.paths = runlens::collect::HostPaths{};
    MemoryCollector collector;
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    QThread::msleep(100);
    harness.sample(collector, 0.1);
    QVERIFY(harness.value("mem.total") > 0);
    QVERIFY(harness.value("mem.available") <= harness.value("mem.total"));
    QVERIFY(harness.value("mem.vm.pgfault") >= 0);
    QVERIFY(harness.value("mem.vm.pgminorfault") >= 0);
}

void TestMemoryCollector::exactValuesAndRates()
{
    CollectorHarness harness;
    MemoryCollector collector;
    harness.write(QStringLiteral("proc/meminfo"), kMeminfo1);
    harness.write(QStringLiteral("proc/vmstat"), kVmstat1);
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    QCOMPARE(harness.value("mem.total"), 1024000.0);
    QCOMPARE(harness.value("mem.free"), 204800.0);
    QCOMPARE(harness.value("mem.available"), 614400.0);
    QCOMPARE(harness.value("mem.used"), 409600.0);
    QCOMPARE(harness.value("mem.active_anon"), 51200.0);
    QCOMPARE(harness.value("mem.hugepages_total"), 4.0); // a count, not kB
    QCOMPARE(harness.value("mem.hugepagesize"), 2097152.0);
    QCOMPARE(harness.value("mem.vm.nr_free_pages"), 50.0);
    QCOMPARE(harness.value("mem.vm.workingset_nodes"), 7.0);
    for (const char* rate : {"mem.vm.pgfault", "mem.vm.pgmajfault", "mem.vm.pgminorfault", "mem.vm.nr_dirtied",
                             "mem.vm.pgscan_kswapd"})
        QVERIFY2(std::isnan(harness.value(rate)), rate); // no interval at the first sample

    harness.write(QStringLiteral("proc/meminfo"), "MemTotal:           1000 kB\n"
                                                  "MemFree:             100 kB\n"
                                                  "MemAvailable:        500 kB\n"
                                                  "Active(anon):        150 kB\n"
                                                  "HugePages_Total:       4\n"
                                                  "Hugepagesize:       2048 kB\n");
    harness.write(QStringLiteral("proc/vmstat"), "nr_free_pages 40\n"
                                                 "nr_dirtied 1600\n"
                                                 "workingset_nodes 9\n"
                                                 "pgfault 12000\n"
                                                 "pgmajfault 140\n"
                                                 "pgscan_kswapd 500\n");
    harness.sample(collector, 2.0);
    QCOMPARE(harness.value("mem.free"), 102400.0);
    QCOMPARE(harness.value("mem.used"), 512000.0);
    QCOMPARE(harness.value("mem.active_anon"), 153600.0);
    QCOMPARE(harness.value("mem.vm.nr_free_pages"), 40.0);
    QCOMPARE(harness.value("mem.vm.workingset_nodes"), 9.0);
    COMPARE_NEAR(harness.value("mem.vm.pgfault"), 1000.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgmajfault"), 20.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgminorfault"), 980.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.nr_dirtied"), 300.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgscan_kswapd"), 250.0, 1e-9);
}

void TestMemoryCollector::metricIds()
{
    QCOMPARE(MemoryCollector::meminfoMetricId("MemTotal"), std::string("mem.total"));
    QCOMPARE(MemoryCollector::meminfoMetricId("MemAvailable"), std::string("mem.available"));
    QCOMPARE(MemoryCollector::meminfoMetricId("Active(anon)"), std::string("mem.active_anon"));
    QCOMPARE(MemoryCollector::meminfoMetricId("Inactive(file)"), std::string("mem.inactive_file"));
    QCOMPARE(MemoryCollector::meminfoMetricId("NFS_Unstable"), std::string("mem.nfs_unstable"));
    QCOMPARE(MemoryCollector::meminfoMetricId("Committed_AS"), std::string("mem.committed_as"));
    QCOMPARE(MemoryCollector::meminfoMetricId("DirectMap4k"), std::string("mem.directmap4k"));
    QCOMPARE(MemoryCollector::meminfoMetricId("Mlocked"), std::string("mem.mlocked"));
    QCOMPARE(MemoryCollector::vmstatMetricId("pgmajfault"), std::string("mem.vm.pgmajfault"));
    QCOMPARE(MemoryCollector::vmstatMetricId("nr_zone_active_anon"), std::string("mem.vm.nr_zone_active_anon"));
}

void TestMemoryCollector::descriptors()
{
    CollectorHarness harness;
    MemoryCollector collector;
    harness.copyFixture(QStringLiteral("proc/this-host/meminfo"), QStringLiteral("proc/meminfo"));
    harness.copyFixture(QStringLiteral("proc/this-host/vmstat"), QStringLiteral("proc/vmstat"));
    QCOMPARE(harness.open(collector), std::string());

    for (const auto& d : harness.catalog.descriptors()) {
        QCOMPARE(d.category, std::string("Memory"));
        QCOMPARE(d.dimension, std::string());
        QVERIFY2(!d.title.empty(), d.id.c_str());
        QVERIFY2(!d.description.empty(), d.id.c_str());
        if (d.id.starts_with("mem.vm.")) {
            const bool rate = d.kind == runlens::format::MetricKind::Rate;
            // pgpgin and pgpgout count kilobytes; every other counter events or pages.
            const bool kilobytes = d.id == "mem.vm.pgpgin" || d.id == "mem.vm.pgpgout";
            QVERIFY2(rate ? d.unit == (kilobytes ? "KiB/s" : "/s") : d.unit == "count", d.id.c_str());
        } else {
            QVERIFY2(d.kind == runlens::format::MetricKind::Gauge, d.id.c_str());
            QVERIFY2(d.unit == "bytes" || d.unit == "count", d.id.c_str());
        }
    }

    const auto* total = descriptor(harness, "mem.total");
    QCOMPARE(unitOf(total), std::string("bytes"));
    QCOMPARE(kindOf(total), std::string("gauge"));
    QCOMPARE(betterOf(total), std::string("neutral"));
    QCOMPARE(total->title, std::string("Total memory"));
    QCOMPARE(betterOf(descriptor(harness, "mem.available")), std::string("higher"));
    QCOMPARE(betterOf(descriptor(harness, "mem.free")), std::string("neutral"));
    QCOMPARE(betterOf(descriptor(harness, "mem.swapfree")), std::string("higher"));
    QCOMPARE(betterOf(descriptor(harness, "mem.dirty")), std::string("lower"));
    QCOMPARE(unitOf(descriptor(harness, "mem.active_anon")), std::string("bytes"));
    QCOMPARE(unitOf(descriptor(harness, "mem.hugepages_total")), std::string("count"));
    QCOMPARE(unitOf(descriptor(harness, "mem.hugepagesize")), std::string("bytes"));
    QCOMPARE(unitOf(descriptor(harness, "mem.used")), std::string("bytes"));
    QCOMPARE(betterOf(descriptor(harness, "mem.used")), std::string("lower"));

    QCOMPARE(kindOf(descriptor(harness, "mem.vm.nr_free_pages")), std::string("gauge"));
    QCOMPARE(unitOf(descriptor(harness, "mem.vm.nr_free_pages")), std::string("count"));
    QCOMPARE(kindOf(descriptor(harness, "mem.vm.workingset_nodes")), std::string("gauge"));
    QCOMPARE(kindOf(descriptor(harness, "mem.vm.nr_dirtied")), std::string("rate"));
    QCOMPARE(kindOf(descriptor(harness, "mem.vm.nr_written")), std::string("rate"));
    for (const char* id : {"mem.vm.pgfault", "mem.vm.pgmajfault", "mem.vm.pgminorfault", "mem.vm.pswpin",
                           "mem.vm.pswpout", "mem.vm.pgscan_kswapd", "mem.vm.pgscan_direct", "mem.vm.pgsteal_kswapd",
                           "mem.vm.allocstall_normal", "mem.vm.compact_stall", "mem.vm.numa_miss"}) {
        const auto* d = descriptor(harness, id);
        QCOMPARE(kindOf(d), std::string("rate"));
        QCOMPARE(unitOf(d), std::string("/s"));
        QCOMPARE(betterOf(d), std::string("lower"));
    }
    QCOMPARE(kindOf(descriptor(harness, "mem.vm.thp_fault_alloc")), std::string("rate"));
    QCOMPARE(betterOf(descriptor(harness, "mem.vm.numa_hit")), std::string("neutral"));
    QVERIFY(descriptor(harness, "mem.vm.pgscan_kswapd")->description.find("pgscan_kswapd") != std::string::npos);
    // A field without a hand-written description still says where it comes from.
    QVERIFY(descriptor(harness, "mem.directmap4k")->description.find("DirectMap4k") != std::string::npos);
}

void TestMemoryCollector::counterResetAndWrap()
{
    CollectorHarness harness;
    MemoryCollector collector;
    harness.write(QStringLiteral("proc/meminfo"), kMeminfo1);
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 10000\npgmajfault 4294967000\npswpin 5000\n");
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    // pgfault reset, pgmajfault wrapped at 32 bits (+296 +104 = 400), pswpin +100.
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 50\npgmajfault 104\npswpin 5100\n");
    harness.sample(collector, 1.0);
    QVERIFY(std::isnan(harness.value("mem.vm.pgfault")));
    QVERIFY(std::isnan(harness.value("mem.vm.pgminorfault")));
    COMPARE_NEAR(harness.value("mem.vm.pgmajfault"), 400.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pswpin"), 100.0, 1e-9);
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 1050\npgmajfault 204\npswpin 5100\n");
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("mem.vm.pgfault"), 1000.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgminorfault"), 900.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pswpin"), 0.0, 1e-9);
}

void TestMemoryCollector::fieldsAppearAndVanish()
{
    CollectorHarness harness;
    MemoryCollector collector;
    harness.write(QStringLiteral("proc/meminfo"), kMeminfo1);
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 100\npgmajfault 10\npswpin 0\n");
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    QVERIFY(!harness.catalog.contains("mem.vm.zswpin"));

    // A new counter in the middle of the file and a new meminfo field at its end.
    harness.write(QStringLiteral("proc/meminfo"), kMeminfo1 + "Zswap:                 8 kB\n");
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 200\nzswpin 7\npgmajfault 20\npswpin 0\n");
    harness.sample(collector, 1.0);
    QVERIFY(harness.catalog.contains("mem.vm.zswpin"));
    QCOMPARE(kindOf(descriptor(harness, "mem.vm.zswpin")), std::string("rate"));
    QVERIFY(std::isnan(harness.value("mem.vm.zswpin")));
    QCOMPARE(harness.value("mem.zswap"), 8192.0);
    QCOMPARE(unitOf(descriptor(harness, "mem.zswap")), std::string("bytes"));
    COMPARE_NEAR(harness.value("mem.vm.pgfault"), 100.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgmajfault"), 10.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgminorfault"), 90.0, 1e-9);

    // pgmajfault vanishes: it and the minor faults derived from it are unknown.
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 300\nzswpin 17\npswpin 0\n");
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("mem.vm.zswpin"), 10.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgfault"), 100.0, 1e-9);
    QVERIFY(std::isnan(harness.value("mem.vm.pgmajfault")));
    QVERIFY(std::isnan(harness.value("mem.vm.pgminorfault")));

    // Back: its first interval spans two samples, so it has no rate yet; the one after does.
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 400\nzswpin 17\npgmajfault 40\npswpin 0\n");
    harness.sample(collector, 1.0);
    QVERIFY(std::isnan(harness.value("mem.vm.pgmajfault")));
    QVERIFY(std::isnan(harness.value("mem.vm.pgminorfault")));
    harness.write(QStringLiteral("proc/vmstat"), "pgfault 500\nzswpin 17\npgmajfault 45\npswpin 0\n");
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("mem.vm.pgmajfault"), 5.0, 1e-9);
    COMPARE_NEAR(harness.value("mem.vm.pgminorfault"), 95.0, 1e-9);
    QCOMPARE(harness.value("mem.zswap"), 8192.0);
}

void TestMemoryCollector::missingFiles()
{
    {
        CollectorHarness harness;
        MemoryCollector collector;
        const std::string reason = harness.open(collector);
        QVERIFY2(reason.find("/proc/meminfo: No such file or directory") != std::string::npos, reason.c_str());
        harness.write(QStringLiteral("proc/meminfo"), "nothing useful here\n");
        const std::string garbage = harness.open(collector);
        QVERIFY2(garbage.find("not a Linux /proc/meminfo") != std::string::npos, garbage.c_str());
    }
    {
        // Without /proc/vmstat the memory levels are still recorded.
        CollectorHarness harness;
        MemoryCollector collector;
        harness.write(QStringLiteral("proc/meminfo"), kMeminfo1);
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.sample(collector, 1.0);
        QCOMPARE(harness.value("mem.total"), 1024000.0);
        QCOMPARE(harness.value("mem.used"), 409600.0);
        QVERIFY(!harness.has("mem.vm.pgminorfault"));
        QVERIFY(!harness.catalog.contains("mem.vm.pgminorfault"));
        const std::string problem = collector.details().value("vmstat", std::string());
        QVERIFY2(problem.find("/proc/vmstat: No such file or directory") != std::string::npos, problem.c_str());
    }
}

void TestMemoryCollector::noAllocationsAfterWarmup()
{
    CollectorHarness harness;
    MemoryCollector collector;
    harness.copyFixture(QStringLiteral("proc/this-host/meminfo"), QStringLiteral("proc/meminfo"));
    harness.copyFixture(QStringLiteral("proc/this-host/vmstat"), QStringLiteral("proc/vmstat"));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.sample(collector, 1.0);

    g_allocations = 0;
    g_countAllocations = true;
    for (int i = 0; i < 10; ++i)
        harness.sample(collector, 1.0);
    g_countAllocations = false;
    QCOMPARE(g_allocations, std::size_t(0));
    QVERIFY(!std::isnan(harness.value("mem.vm.pgfault")));

    runlens::collect::MetricGroup probe("probe");
    g_countAllocations = true;
    probe.column("probe.metric", "instance");
    g_countAllocations = false;
    QVERIFY(g_allocations > 0);
}

QTEST_GUILESS_MAIN(TestMemoryCollector)
#include "tst_memorycollector.moc"
