// PressureCollector against the /proc/pressure files captured from the build machine, against
// hand-written totals with exact expected shares, and with some or all of the files missing.
#include "CollectorHarness.h"
#include "PressureCollector.h"

#include <QThread>

#include <atomic>
#include <cstdlib>
#include <new>

#include "AllocationCounter.h"

using runlens::collect::PressureCollector;

namespace {

// A pressure file as the kernel prints it; full < 0 leaves the full line out (cpu before 5.13).
QByteArray pressureFile(quint64 some, qint64 full)
{
    QByteArray text = "some avg10=1.25 avg60=0.50 avg300=0.10 total=" + QByteArray::number(some) + '\n';
    if (full >= 0)
        text += "full avg10=0.00 avg60=0.00 avg300=0.00 total=" + QByteArray::number(full) + '\n';
    return text;
}

const runlens::format::MetricDescriptor* descriptor(const CollectorHarness& harness, const char* id)
{
    for (const auto& d : harness.catalog.descriptors()) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

const char* const kAllIds[] = {"psi.cpu.some", "psi.cpu.full", "psi.memory.some", "psi.memory.full",
                               "psi.io.some",  "psi.io.full"};

} // namespace

class TestPressureCollector : public QObject
{
    Q_OBJECT

private slots:
    void capturedFilesOfThisHost();
    void realProcOfThisHost();
    void exactShares();
    void descriptors();
    void counterResetAndWrap();
    void stallLongerThanIntervalIsClamped();
    void onlySomeFilesPresent();
    void irqPressureWhenPresent();
    void cpuWithoutFullLine();
    void missingDirectoryIsUnavailable();
    void emptyDirectoryIsUnavailable();
    void noAllocationsAfterWarmup();
};

void TestPressureCollector::capturedFilesOfThisHost()
{
    CollectorHarness harness;
    PressureCollector collector;
    for (const char* resource : {"cpu", "memory", "io"}) {
        harness.copyFixture(QStringLiteral("proc/this-host/pressure/") + QLatin1String(resource),
                            QStringLiteral("proc/pressure/") + QLatin1String(resource));
    }
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    for (const char* id : kAllIds) {
        QVERIFY2(harness.has(id), id);
        QVERIFY2(std::isnan(harness.value(id)), id); // no interval yet
    }
    QVERIFY(!harness.has("psi.irq.full")); // this host's kernel has no irq pressure file

    // The same totals a second later: nothing stalled in between.
    harness.sample(collector, 1.0);
    for (const char* id : kAllIds)
        QCOMPARE(harness.value(id), 0.0);
    QCOMPARE(harness.group.columnCount(), std::size_t(6));

    const nlohmann::json details = collector.details();
    QVERIFY(details["collected"] == nlohmann::json::array({"cpu", "memory", "io"}));
    QVERIFY(details["missing"].contains("irq"));
}

void TestPressureCollector::realProcOfThisHost()
{
    CollectorHarness harness;
    harness.paths = runlens::collect::HostPaths{};
    PressureCollector collector;
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    QThread::msleep(200);
    harness.sample(collector, 0.2);
    for (const char* id : {"psi.cpu.some", "psi.memory.some", "psi.memory.full", "psi.io.some", "psi.io.full"}) {
        const double share = harness.value(id);
        QVERIFY2(share >= 0 && share <= 100, qPrintable(QStringLiteral("%1 = %2").arg(QLatin1String(id)).arg(share)));
    }
}

void TestPressureCollector::exactShares()
{
    CollectorHarness harness;
    PressureCollector collector;
    harness.write(QStringLiteral("proc/pressure/cpu"), pressureFile(1000000, 0));
    harness.write(QStringLiteral("proc/pressure/memory"), pressureFile(500, 200));
    harness.write(QStringLiteral("proc/pressure/io"), pressureFile(7000000, 3000000));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);

    // Over 2 s = 2,000,000 µs: cpu some +250 ms, memory some +20 ms and full +2 ms, io some +1 s, full +0.5 s.
    harness.write(QStringLiteral("proc/pressure/cpu"), pressureFile(1250000, 0));
    harness.write(QStringLiteral("proc/pressure/memory"), pressureFile(20500, 2200));
    harness.write(QStringLiteral("proc/pressure/io"), pressureFile(8000000, 3500000));
    harness.sample(collector, 2.0);
    COMPARE_NEAR(harness.value("psi.cpu.some"), 12.5, 1e-9);
    COMPARE_NEAR(harness.value("psi.cpu.full"), 0.0, 1e-9);
    COMPARE_NEAR(harness.value("psi.memory.some"), 1.0, 1e-9);
    COMPARE_NEAR(harness.value("psi.memory.full"), 0.1, 1e-9);
    COMPARE_NEAR(harness.value("psi.io.some"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("psi.io.full"), 25.0, 1e-9);

    // A shorter interval: shares are of the actual elapsed time.
    harness.write(QStringLiteral("proc/pressure/io"), pressureFile(8100000, 3500000));
    harness.sample(collector, 0.5);
    COMPARE_NEAR(harness.value("psi.io.some"), 20.0, 1e-9);
    COMPARE_NEAR(harness.value("psi.cpu.some"), 0.0, 1e-9);
}

void TestPressureCollector::descriptors()
{
    CollectorHarness harness;
    PressureCollector collector;
    for (const char* resource : {"cpu", "memory", "io"}) {
        harness.copyFixture(QStringLiteral("proc/this-host/pressure/") + QLatin1String(resource),
                            QStringLiteral("proc/pressure/") + QLatin1String(resource));
    }
    QCOMPARE(harness.open(collector), std::string());
    QCOMPARE(harness.catalog.size(), std::size_t(6));
    for (const char* id : kAllIds) {
        const auto* d = descriptor(harness, id);
        QVERIFY2(d, id);
        QCOMPARE(d->unit, std::string("%"));
        QCOMPARE(std::string(toString(d->kind)), std::string("percent"));
        QCOMPARE(std::string(toString(d->better)), std::string("lower"));
        QCOMPARE(d->category, std::string("Pressure"));
        QCOMPARE(d->dimension, std::string());
        QVERIFY(!d->title.empty());
        QVERIFY(!d->description.empty());
    }
}

void TestPressureCollector::counterResetAndWrap()
{
    CollectorHarness harness;
    PressureCollector collector;
    harness.write(QStringLiteral("proc/pressure/memory"), pressureFile(5000000, 4294967000ull));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    // some went back (a reset): unknown for this interval. full wrapped at 32 bits: +296 +704 µs.
    harness.write(QStringLiteral("proc/pressure/memory"), pressureFile(1000, 704));
    harness.sample(collector, 1.0);
    QVERIFY(std::isnan(harness.value("psi.memory.some")));
    COMPARE_NEAR(harness.value("psi.memory.full"), 0.1, 1e-9);
    // The next interval counts from the new base.
    harness.write(QStringLiteral("proc/pressure/memory"), pressureFile(101000, 704));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("psi.memory.some"), 10.0, 1e-9);
    COMPARE_NEAR(harness.value("psi.memory.full"), 0.0, 1e-9);
}

void TestPressureCollector::stallLongerThanIntervalIsClamped()
{
    CollectorHarness harness;
    PressureCollector collector;
    harness.write(QStringLiteral("proc/pressure/io"), pressureFile(0, 0));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.write(QStringLiteral("proc/pressure/io"), pressureFile(1000200, 999000));
    harness.sample(collector, 1.0);
    QCOMPARE(harness.value("psi.io.some"), 100.0);
    COMPARE_NEAR(harness.value("psi.io.full"), 99.9, 1e-9);
}

void TestPressureCollector::onlySomeFilesPresent()
{
    CollectorHarness harness;
    PressureCollector collector;
    harness.write(QStringLiteral("proc/pressure/memory"), pressureFile(100, 50));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.write(QStringLiteral("proc/pressure/memory"), pressureFile(300100, 50));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("psi.memory.some"), 30.0, 1e-9);
    COMPARE_NEAR(harness.value("psi.memory.full"), 0.0, 1e-9);
    QVERIFY(!harness.has("psi.cpu.some"));
    QVERIFY(!harness.has("psi.io.some"));
    QVERIFY(!harness.catalog.contains("psi.cpu.some"));
    QCOMPARE(harness.catalog.size(), std::size_t(2));

    const nlohmann::json details = collector.details();
    QVERIFY(details["collected"] == nlohmann::json::array({"memory"}));
    const std::string cpuProblem = details["missing"].value("cpu", std::string());
    QVERIFY2(cpuProblem.find("pressure/cpu: No such file or directory") != std::string::npos, cpuProblem.c_str());
    QVERIFY(details["missing"].contains("io"));
}

void TestPressureCollector::irqPressureWhenPresent()
{
    CollectorHarness harness;
    PressureCollector collector;
    harness.write(QStringLiteral("proc/pressure/cpu"), pressureFile(0, 0));
    harness.write(QStringLiteral("proc/pressure/irq"), "full avg10=0.00 avg60=0.00 avg300=0.00 total=1000\n");
    QCOMPARE(harness.open(collector), std::string());
    QVERIFY(harness.catalog.contains("psi.irq.full"));
    QVERIFY(!harness.catalog.contains("psi.irq.some")); // the kernel has no "some" line for irq
    harness.sample(collector, 0);
    harness.write(QStringLiteral("proc/pressure/irq"), "full avg10=0.00 avg60=0.00 avg300=0.00 total=41000\n");
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("psi.irq.full"), 4.0, 1e-9);
    QVERIFY(!harness.has("psi.irq.some"));
}

void TestPressureCollector::cpuWithoutFullLine()
{
    CollectorHarness harness;
    PressureCollector collector;
    // Kernels before 5.13 print only the "some" line for cpu.
    harness.write(QStringLiteral("proc/pressure/cpu"), pressureFile(0, -1));
    QCOMPARE(harness.open(collector), std::string());
    QVERIFY(harness.catalog.contains("psi.cpu.some"));
    QVERIFY(!harness.catalog.contains("psi.cpu.full"));
    harness.sample(collector, 0);
    harness.write(QStringLiteral("proc/pressure/cpu"), pressureFile(50000, -1));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("psi.cpu.some"), 5.0, 1e-9);
    QVERIFY(!harness.has("psi.cpu.full"));
}

void TestPressureCollector::missingDirectoryIsUnavailable()
{
    CollectorHarness harness;
    PressureCollector collector;
    const std::string reason = harness.open(collector);
    QVERIFY2(reason.find("/proc/pressure: No such file or directory") != std::string::npos, reason.c_str());
    QVERIFY2(reason.find("CONFIG_PSI") != std::string::npos, reason.c_str());
    QVERIFY2(reason.find("psi=0") != std::string::npos, reason.c_str());
    QCOMPARE(harness.catalog.size(), std::size_t(0));
}

void TestPressureCollector::emptyDirectoryIsUnavailable()
{
    CollectorHarness harness;
    PressureCollector collector;
    QVERIFY(QDir(harness.root()).mkpath(QStringLiteral("proc/pressure")));
    std::string reason = harness.open(collector);
    QVERIFY2(reason.find("pressure/cpu: No such file or directory") != std::string::npos, reason.c_str());
    QVERIFY2(reason.find("pressure/memory") != std::string::npos, reason.c_str());
    QVERIFY2(reason.find("pressure/io") != std::string::npos, reason.c_str());

    // Files that are there but say nothing usable count as missing too.
    harness.write(QStringLiteral("proc/pressure/cpu"), "garbage\n");
    reason = harness.open(collector);
    QVERIFY2(reason.find("no \"some\" or \"full\" line") != std::string::npos, reason.c_str());
}

void TestPressureCollector::noAllocationsAfterWarmup()
{
    CollectorHarness harness;
    PressureCollector collector;
    for (const char* resource : {"cpu", "memory", "io"}) {
        harness.copyFixture(QStringLiteral("proc/this-host/pressure/") + QLatin1String(resource),
                            QStringLiteral("proc/pressure/") + QLatin1String(resource));
    }
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.sample(collector, 1.0);

    g_allocations = 0;
    g_countAllocations = true;
    for (int i = 0; i < 10; ++i)
        harness.sample(collector, 1.0);
    g_countAllocations = false;
    QCOMPARE(g_allocations, std::size_t(0));

    runlens::collect::MetricGroup probe("probe");
    g_countAllocations = true;
    probe.column("probe.metric", "instance");
    g_countAllocations = false;
    QVERIFY(g_allocations > 0);
}

QTEST_GUILESS_MAIN(TestPressureCollector)
#include "tst_pressurecollector.moc"
