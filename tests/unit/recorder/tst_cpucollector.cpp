// CpuCollector against the /proc/stat and /proc/loadavg captured from the build machine, against
// hand-written samples with exact expected shares, and through counter wraps, resets and CPU hotplug.
#include "CollectorHarness.h"
#include "CpuCollector.h"

#include <QThread>

#include <atomic>
#include <cstdlib>
#include <new>

#include "AllocationCounter.h"

using runlens::collect::CpuCollector;

namespace {

const char* const kTimeMetrics[] = {"cpu.user", "cpu.nice",  "cpu.system", "cpu.idle",  "cpu.iowait",
                                    "cpu.irq",  "cpu.softirq", "cpu.steal", "cpu.guest", "cpu.guest_nice"};

// A /proc/stat with the given cpu lines ("cpu  1 2 3 ...", "cpu0 ..."), the long lines the parser
// must skip, and the scheduler counters.
QByteArray statFile(const QList<QByteArray>& cpuLines, quint64 ctxt, quint64 processes, int running = 2,
                    int blocked = 1)
{
    QByteArray text;
    for (const QByteArray& line : cpuLines)
        text += line + '\n';
    text += "intr 123456 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n";
    text += "ctxt " + QByteArray::number(ctxt) + '\n';
    text += "btime 1700000000\n";
    text += "processes " + QByteArray::number(processes) + '\n';
    text += "procs_running " + QByteArray::number(running) + '\n';
    text += "procs_blocked " + QByteArray::number(blocked) + '\n';
    text += "softirq 5000 1 2 3 4 5 6 7 8 9 10\n";
    return text;
}

// Halves every number on the cpu, ctxt and processes lines: an "earlier" snapshot of a captured
// file, so that the captured file itself can be the second sample.
QByteArray halveCounters(const QByteArray& captured)
{
    QByteArray result;
    for (const QByteArray& line : captured.split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> words = line.split(' ');
        if (!words[0].startsWith("cpu") && words[0] != "ctxt" && words[0] != "processes") {
            result += line + '\n';
            continue;
        }
        QByteArray halved = words[0];
        for (qsizetype i = 1; i < words.size(); ++i) {
            if (!words[i].isEmpty())
                halved += ' ' + QByteArray::number(words[i].toULongLong() / 2);
        }
        result += halved + '\n';
    }
    return result;
}

double shareSum(CollectorHarness& harness, const char* instance)
{
    double sum = 0;
    for (int i = 0; i < 8; ++i)
        sum += harness.value(kTimeMetrics[i], instance);
    return sum;
}

// Qt Test cannot print the format's enums; their archive spelling says more anyway.
std::string kindOf(const runlens::format::MetricDescriptor* d)
{
    return std::string(runlens::format::toString(d->kind));
}
std::string betterOf(const runlens::format::MetricDescriptor* d)
{
    return std::string(runlens::format::toString(d->better));
}

const runlens::format::MetricDescriptor* descriptor(const CollectorHarness& harness, const char* id)
{
    for (const auto& d : harness.catalog.descriptors()) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

} // namespace

class TestCpuCollector : public QObject
{
    Q_OBJECT

private slots:
    void capturedFilesOfThisHost();
    void realProcOfThisHost();
    void exactSharesAndRates();
    void firstSampleHasNoShares();
    void descriptors();
    void thirtyTwoBitWrap();
    void counterResetGivesNaNOnce();
    void idleGoingBackwardsIsNotAReset();
    void cpuGoesOfflineAndComesBack();
    void cpuAppearsMidRun();
    void olderKernelWithFewerFields();
    void missingStatIsUnavailable();
    void missingLoadavgStillCollectsCpu();
    void noAllocationsAfterWarmup();
};

void TestCpuCollector::capturedFilesOfThisHost()
{
    QFile file(QStringLiteral(RUNLENS_FIXTURES "/proc/this-host/stat"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray captured = file.readAll();
    QStringList cpus;
    for (const QByteArray& line : captured.split('\n')) {
        if (line.startsWith("cpu") && !line.startsWith("cpu "))
            cpus << QString::fromLatin1(line.left(line.indexOf(' ')));
    }
    QVERIFY(!cpus.isEmpty());

    CollectorHarness harness;
    CpuCollector collector;
    harness.write(QStringLiteral("proc/stat"), halveCounters(captured));
    harness.copyFixture(QStringLiteral("proc/this-host/loadavg"), QStringLiteral("proc/loadavg"));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.copyFixture(QStringLiteral("proc/this-host/stat"), QStringLiteral("proc/stat"));
    harness.sample(collector, 1.0);

    QStringList instances = cpus;
    instances << QStringLiteral("all");
    for (const QString& cpu : std::as_const(instances)) {
        const QByteArray instance = cpu.toLatin1();
        for (const char* metric : kTimeMetrics) {
            const double share = harness.value(metric, instance.constData());
            QVERIFY2(share >= 0 && share <= 100, qPrintable(QStringLiteral("%1 %2 = %3").arg(QLatin1String(metric), cpu).arg(share)));
        }
        COMPARE_NEAR(shareSum(harness, instance.constData()), 100.0, 1e-9);
        COMPARE_NEAR(harness.value("cpu.busy", instance.constData()),
                     100.0 - harness.value("cpu.idle", instance.constData()) - harness.value("cpu.iowait", instance.constData()),
                     1e-9);
    }
    QVERIFY(!harness.has("cpu.user", "cpu9999"));
    // Exactly one column per metric and instance: 11 per CPU and aggregate, plus the scalars.
    QCOMPARE(harness.group.columnCount(), std::size_t(11 * instances.size() + 4 + 5));

    QVERIFY(harness.value("cpu.context_switches") > 0);
    QVERIFY(harness.value("cpu.forks") > 0);
    const double running = harness.value("cpu.procs_running");
    QVERIFY(running >= 1 && running < 1e6); // the process that read the file was running
    QVERIFY(harness.value("cpu.procs_blocked") >= 0);
    for (const char* load : {"cpu.load1", "cpu.load5", "cpu.load15"}) {
        const double value = harness.value(load);
        QVERIFY(value >= 0 && value < 1e5);
    }
    const double runnable = harness.value("cpu.runnable_entities");
    const double entities = harness.value("cpu.scheduling_entities");
    QVERIFY(runnable >= 1);
    QVERIFY(entities >= runnable);
    QVERIFY(harness.warnings.messages().empty());
    QCOMPARE(collector.details().value("cpus_online", 0), cpus.size());
}

// The live /proc of the build machine: the format has not drifted from what the parser expects.
void TestCpuCollector::realProcOfThisHost()
{
    CollectorHarness harness;
    harness.paths = runlens::collect::HostPaths{};
    CpuCollector collector;
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    QThread::msleep(300);
    harness.sample(collector, 0.3);
    const double sum = shareSum(harness, "all");
    if (!std::isnan(sum)) // NaN only if no tick elapsed at all, which 300 ms rules out on any sane host
        COMPARE_NEAR(sum, 100.0, 1e-6);
    else
        QFAIL("no CPU ticks in 300 ms");
    QVERIFY(harness.value("cpu.context_switches") > 0);
    QVERIFY(harness.value("cpu.load1") >= 0);
}

void TestCpuCollector::exactSharesAndRates()
{
    CollectorHarness harness;
    CpuCollector collector;
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  1000 100 500 8000 200 50 50 100 0 0",
                                                         "cpu0 500 50 250 4000 100 25 25 50 0 0",
                                                         "cpu1 500 50 250 4000 100 25 25 50 0 0"},
                                                        10000, 500));
    harness.write(QStringLiteral("proc/loadavg"), "0.50 0.40 0.30 1/100 4242\n");
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);

    // cpu0: +60 user (30 of it guest), +20 system, +100 idle, +10 iowait, +2 irq, +3 softirq, +5 steal = 200 ticks.
    // cpu1: +150 user, +30 system, +20 idle = 200 ticks. Aggregate: the sum, 400 ticks.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  1210 100 550 8120 210 52 53 105 30 0",
                                                         "cpu0 560 50 270 4100 110 27 28 55 30 0",
                                                         "cpu1 650 50 280 4020 100 25 25 50 0 0"},
                                                        10600, 510, 4, 0));
    harness.write(QStringLiteral("proc/loadavg"), "1.50 0.75 0.25 3/120 4300\n");
    harness.sample(collector, 2.0);

    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 30.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.nice", "cpu0"), 0.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.system", "cpu0"), 10.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu0"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.iowait", "cpu0"), 5.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.irq", "cpu0"), 1.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.softirq", "cpu0"), 1.5, 1e-9);
    COMPARE_NEAR(harness.value("cpu.steal", "cpu0"), 2.5, 1e-9);
    COMPARE_NEAR(harness.value("cpu.guest", "cpu0"), 15.0, 1e-9); // against the 8-field total, not added to it
    COMPARE_NEAR(harness.value("cpu.guest_nice", "cpu0"), 0.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.busy", "cpu0"), 45.0, 1e-9);

    COMPARE_NEAR(harness.value("cpu.user", "cpu1"), 75.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.system", "cpu1"), 15.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu1"), 10.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.busy", "cpu1"), 90.0, 1e-9);

    COMPARE_NEAR(harness.value("cpu.user", "all"), 52.5, 1e-9);
    COMPARE_NEAR(harness.value("cpu.system", "all"), 12.5, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "all"), 30.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.iowait", "all"), 2.5, 1e-9);
    COMPARE_NEAR(harness.value("cpu.irq", "all"), 0.5, 1e-9);
    COMPARE_NEAR(harness.value("cpu.softirq", "all"), 0.75, 1e-9);
    COMPARE_NEAR(harness.value("cpu.steal", "all"), 1.25, 1e-9);
    COMPARE_NEAR(harness.value("cpu.guest", "all"), 7.5, 1e-9);
    COMPARE_NEAR(harness.value("cpu.busy", "all"), 67.5, 1e-9);

    COMPARE_NEAR(harness.value("cpu.context_switches"), 300.0, 1e-9); // 600 in 2 s
    COMPARE_NEAR(harness.value("cpu.forks"), 5.0, 1e-9);
    QCOMPARE(harness.value("cpu.procs_running"), 4.0);
    QCOMPARE(harness.value("cpu.procs_blocked"), 0.0);
    QCOMPARE(harness.value("cpu.load1"), 1.5);
    QCOMPARE(harness.value("cpu.load5"), 0.75);
    QCOMPARE(harness.value("cpu.load15"), 0.25);
    QCOMPARE(harness.value("cpu.runnable_entities"), 3.0);
    QCOMPARE(harness.value("cpu.scheduling_entities"), 120.0);
}

void TestCpuCollector::firstSampleHasNoShares()
{
    CollectorHarness harness;
    CpuCollector collector;
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  10 0 10 80 0 0 0 0 0 0", "cpu0 10 0 10 80 0 0 0 0 0 0"}, 5, 5));
    harness.write(QStringLiteral("proc/loadavg"), "0.50 0.40 0.30 1/100 4242\n");
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    for (const char* metric : kTimeMetrics) {
        QVERIFY(std::isnan(harness.value(metric, "cpu0")));
        QVERIFY(std::isnan(harness.value(metric, "all")));
    }
    QVERIFY(std::isnan(harness.value("cpu.busy", "all")));
    QVERIFY(std::isnan(harness.value("cpu.context_switches")));
    QVERIFY(std::isnan(harness.value("cpu.forks")));
    // Gauges need no previous sample.
    QCOMPARE(harness.value("cpu.procs_running"), 2.0);
    QCOMPARE(harness.value("cpu.load1"), 0.5);

    // An unchanged file a second later: no tick elapsed, so no share can be computed (not 0/0 garbage).
    harness.sample(collector, 1.0);
    QVERIFY(std::isnan(harness.value("cpu.user", "cpu0")));
    QCOMPARE(harness.value("cpu.context_switches"), 0.0);
}

void TestCpuCollector::descriptors()
{
    CollectorHarness harness;
    CpuCollector collector;
    harness.copyFixture(QStringLiteral("proc/this-host/stat"), QStringLiteral("proc/stat"));
    QCOMPARE(harness.open(collector), std::string());

    for (const char* id : kTimeMetrics) {
        const auto* d = descriptor(harness, id);
        QVERIFY2(d, id);
        QCOMPARE(d->unit, std::string("%"));
        QCOMPARE(kindOf(d), std::string("percent"));
        QCOMPARE(d->dimension, std::string("cpu"));
        QCOMPARE(d->category, std::string("CPU"));
        QVERIFY(!d->title.empty());
        QVERIFY(!d->description.empty());
    }
    QCOMPARE(kindOf(descriptor(harness, "cpu.busy")), std::string("percent"));
    QCOMPARE(betterOf(descriptor(harness, "cpu.idle")), std::string("neutral"));
    QCOMPARE(betterOf(descriptor(harness, "cpu.user")), std::string("neutral"));
    QCOMPARE(betterOf(descriptor(harness, "cpu.steal")), std::string("lower"));
    QCOMPARE(betterOf(descriptor(harness, "cpu.iowait")), std::string("lower"));
    QCOMPARE(betterOf(descriptor(harness, "cpu.system")), std::string("lower"));

    const auto* switches = descriptor(harness, "cpu.context_switches");
    QVERIFY(switches);
    QCOMPARE(kindOf(switches), std::string("rate"));
    QCOMPARE(switches->unit, std::string("/s"));
    QCOMPARE(switches->dimension, std::string());
    QCOMPARE(descriptor(harness, "cpu.forks")->unit, std::string("/s"));
    for (const char* id : {"cpu.procs_running", "cpu.procs_blocked", "cpu.load1", "cpu.load5", "cpu.load15",
                           "cpu.runnable_entities", "cpu.scheduling_entities"}) {
        const auto* d = descriptor(harness, id);
        QVERIFY2(d, id);
        QCOMPARE(kindOf(d), std::string("gauge"));
        QCOMPARE(d->unit, std::string("tasks"));
    }
    QCOMPARE(betterOf(descriptor(harness, "cpu.procs_blocked")), std::string("lower"));
    QCOMPARE(harness.catalog.size(), std::size_t(11 + 2 + 2 + 5));
}

void TestCpuCollector::thirtyTwoBitWrap()
{
    CollectorHarness harness;
    CpuCollector collector;
    // A 32-bit kernel's user counter and ctxt just below 2^32.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  4294967000 0 100 1000 0 0 0 0 0 0",
                                                         "cpu0 4294967000 0 100 1000 0 0 0 0 0 0"},
                                                        4294967290ull, 100));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    // user +496 across the wrap (296 to 2^32, then 200), system +4, idle +500: total 1000.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  200 0 104 1500 0 0 0 0 0 0",
                                                         "cpu0 200 0 104 1500 0 0 0 0 0 0"},
                                                        10, 100));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 49.6, 1e-9);
    COMPARE_NEAR(harness.value("cpu.system", "cpu0"), 0.4, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu0"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.user", "all"), 49.6, 1e-9);
    COMPARE_NEAR(harness.value("cpu.context_switches"), 16.0, 1e-9); // 6 to 2^32, then 10
    COMPARE_NEAR(harness.value("cpu.forks"), 0.0, 1e-9);
}

void TestCpuCollector::counterResetGivesNaNOnce()
{
    CollectorHarness harness;
    CpuCollector collector;
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  10000 0 1000 20000 0 0 0 0 0 0",
                                                         "cpu0 5000 0 500 10000 0 0 0 0 0 0",
                                                         "cpu1 5000 0 500 10000 0 0 0 0 0 0"},
                                                        100000, 1000));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    // cpu0's user counter went back (not a 32-bit wrap): that interval of cpu0 is unknown, the
    // other CPU is unaffected. ctxt went back too.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  5150 0 1010 20065 0 0 0 0 0 0",
                                                         "cpu0 100 0 505 10020 0 0 0 0 0 0",
                                                         "cpu1 5050 0 505 10045 0 0 0 0 0 0"},
                                                        50, 1010));
    harness.sample(collector, 1.0);
    for (const char* metric : kTimeMetrics)
        QVERIFY2(std::isnan(harness.value(metric, "cpu0")), metric);
    QVERIFY(std::isnan(harness.value("cpu.busy", "cpu0")));
    COMPARE_NEAR(harness.value("cpu.user", "cpu1"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.system", "cpu1"), 5.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu1"), 45.0, 1e-9);
    QVERIFY(std::isnan(harness.value("cpu.user", "all")));
    QVERIFY(std::isnan(harness.value("cpu.context_switches")));
    COMPARE_NEAR(harness.value("cpu.forks"), 10.0, 1e-9);

    // The next interval counts from the new base again.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  5250 0 1010 20165 0 0 0 0 0 0",
                                                         "cpu0 150 0 505 10070 0 0 0 0 0 0",
                                                         "cpu1 5100 0 505 10095 0 0 0 0 0 0"},
                                                        250, 1010));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu0"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.user", "all"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.context_switches"), 200.0, 1e-9);
}

void TestCpuCollector::idleGoingBackwardsIsNotAReset()
{
    CollectorHarness harness;
    CpuCollector collector;
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  1000 0 0 5000 300 0 0 0 0 0",
                                                         "cpu0 1000 0 0 5000 300 0 0 0 0 0"},
                                                        1, 1));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    // iowait goes back by 2 ticks, as the kernel documents it may: counted as no I/O wait, and
    // the rest of the interval (80 user, 20 idle) is still reported.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  1080 0 0 5020 298 0 0 0 0 0",
                                                         "cpu0 1080 0 0 5020 298 0 0 0 0 0"},
                                                        1, 1));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 80.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu0"), 20.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.iowait", "cpu0"), 0.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.busy", "cpu0"), 80.0, 1e-9);
}

void TestCpuCollector::cpuGoesOfflineAndComesBack()
{
    CollectorHarness harness;
    CpuCollector collector;
    const auto write = [&](quint64 base, bool withCpu1, quint64 cpu1Base) {
        QList<QByteArray> lines;
        lines << "cpu  " + QByteArray::number(base * 3) + " 0 0 " + QByteArray::number(base * 3) + " 0 0 0 0 0 0";
        lines << "cpu0 " + QByteArray::number(base) + " 0 0 " + QByteArray::number(base) + " 0 0 0 0 0 0";
        if (withCpu1)
            lines << "cpu1 " + QByteArray::number(cpu1Base) + " 0 0 " + QByteArray::number(cpu1Base * 3) + " 0 0 0 0 0 0";
        lines << "cpu2 " + QByteArray::number(base) + " 0 0 " + QByteArray::number(base) + " 0 0 0 0 0 0";
        harness.write(QStringLiteral("proc/stat"), statFile(lines, base, 1));
    };
    write(100, true, 100);
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    write(200, true, 200);
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("cpu.user", "cpu1"), 25.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.user", "all"), 50.0, 1e-9);
    QCOMPARE(collector.details().value("cpus_online", 0), 3);

    // cpu1 goes offline: it disappears from /proc/stat.
    write(300, false, 0);
    harness.sample(collector, 1.0);
    QVERIFY(harness.has("cpu.user", "cpu1"));
    QVERIFY(std::isnan(harness.value("cpu.user", "cpu1")));
    QVERIFY(std::isnan(harness.value("cpu.busy", "cpu1")));
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 50.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.user", "cpu2"), 50.0, 1e-9);
    QVERIFY(std::isnan(harness.value("cpu.user", "all"))); // the CPU set changed in this interval
    QCOMPARE(harness.warnings.messages(), std::vector<std::string>{"cpu1 went offline"});
    QCOMPARE(collector.details().value("cpus_online", 0), 2);

    // Still offline: still NaN, no second warning; the aggregate is back.
    write(400, false, 0);
    harness.sample(collector, 1.0);
    QVERIFY(std::isnan(harness.value("cpu.user", "cpu1")));
    COMPARE_NEAR(harness.value("cpu.user", "all"), 50.0, 1e-9);
    QCOMPARE(harness.warnings.total(), std::uint64_t(1));

    // Back online with counters that moved while it was away: its first interval is unknown.
    write(500, true, 1000);
    harness.sample(collector, 1.0);
    QVERIFY(std::isnan(harness.value("cpu.user", "cpu1")));
    QVERIFY(std::isnan(harness.value("cpu.user", "all")));
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 50.0, 1e-9);
    QCOMPARE(harness.warnings.messages().size(), std::size_t(2));
    QCOMPARE(harness.warnings.messages()[1], std::string("cpu1 came back online"));

    write(600, true, 1100);
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("cpu.user", "cpu1"), 25.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu1"), 75.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.user", "all"), 50.0, 1e-9);
    QCOMPARE(collector.details().value("cpus_online", 0), 3);
}

void TestCpuCollector::cpuAppearsMidRun()
{
    CollectorHarness harness;
    CpuCollector collector;
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  100 0 0 100 0 0 0 0 0 0",
                                                         "cpu0 50 0 0 50 0 0 0 0 0 0",
                                                         "cpu1 50 0 0 50 0 0 0 0 0 0"},
                                                        1, 1));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    const std::size_t columnsBefore = harness.group.columnCount();
    QVERIFY(!harness.has("cpu.user", "cpu4"));

    // cpu4 is hot-added (cpu2 and cpu3 do not exist): new columns, no value for its first interval.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  300 0 0 400 0 0 0 0 0 0",
                                                         "cpu0 100 0 0 100 0 0 0 0 0 0",
                                                         "cpu1 100 0 0 100 0 0 0 0 0 0",
                                                         "cpu4 100 0 0 200 0 0 0 0 0 0"},
                                                        1, 1));
    harness.sample(collector, 1.0);
    QCOMPARE(harness.group.columnCount(), columnsBefore + 11);
    QVERIFY(harness.has("cpu.user", "cpu4"));
    QVERIFY(harness.has("cpu.busy", "cpu4"));
    QVERIFY(!harness.has("cpu.user", "cpu2"));
    QVERIFY(std::isnan(harness.value("cpu.user", "cpu4")));
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 50.0, 1e-9);
    QVERIFY(std::isnan(harness.value("cpu.user", "all")));
    QCOMPARE(harness.warnings.messages(), std::vector<std::string>{"cpu4 appeared during the recording"});

    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  400 0 0 700 0 0 0 0 0 0",
                                                         "cpu0 125 0 0 175 0 0 0 0 0 0",
                                                         "cpu1 125 0 0 175 0 0 0 0 0 0",
                                                         "cpu4 150 0 0 350 0 0 0 0 0 0"},
                                                        1, 1));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("cpu.user", "cpu4"), 25.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 25.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.user", "all"), 25.0, 1e-9);
    QCOMPARE(harness.group.columnCount(), columnsBefore + 11);
    QCOMPARE(collector.details().value("cpus_online", 0), 3);
}

void TestCpuCollector::olderKernelWithFewerFields()
{
    CollectorHarness harness;
    CpuCollector collector;
    // Before Linux 2.6.11 a cpu line stopped after softirq: no steal, guest or guest_nice.
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  100 0 100 100 0 0 0", "cpu0 100 0 100 100 0 0 0"}, 1, 1));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  110 0 120 170 0 0 0", "cpu0 110 0 120 170 0 0 0"}, 1, 1));
    harness.sample(collector, 1.0);
    COMPARE_NEAR(harness.value("cpu.user", "cpu0"), 10.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.system", "cpu0"), 20.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.idle", "cpu0"), 70.0, 1e-9);
    COMPARE_NEAR(harness.value("cpu.busy", "cpu0"), 30.0, 1e-9);
    QVERIFY(std::isnan(harness.value("cpu.steal", "cpu0")));
    QVERIFY(std::isnan(harness.value("cpu.guest", "all")));
}

void TestCpuCollector::missingStatIsUnavailable()
{
    CollectorHarness harness;
    CpuCollector collector;
    const std::string reason = harness.open(collector);
    QVERIFY(!reason.empty());
    QVERIFY2(reason.find("/proc/stat") != std::string::npos, reason.c_str());
    QVERIFY2(reason.find("No such file or directory") != std::string::npos, reason.c_str());

    // A file that is there but is not /proc/stat.
    harness.write(QStringLiteral("proc/stat"), "hello\n");
    const std::string garbage = harness.open(collector);
    QVERIFY2(garbage.find("not a Linux /proc/stat") != std::string::npos, garbage.c_str());
}

void TestCpuCollector::missingLoadavgStillCollectsCpu()
{
    CollectorHarness harness;
    CpuCollector collector;
    harness.write(QStringLiteral("proc/stat"), statFile({"cpu  1 0 1 1 0 0 0 0 0 0", "cpu0 1 0 1 1 0 0 0 0 0 0"}, 1, 1));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    QVERIFY(harness.has("cpu.user", "cpu0"));
    QVERIFY(!harness.has("cpu.load1"));
    const std::string problem = collector.details().value("loadavg", std::string());
    QVERIFY2(problem.find("loadavg: No such file or directory") != std::string::npos, problem.c_str());

    // A stat file that loses its aggregate line mid-run is broken for good.
    harness.write(QStringLiteral("proc/stat"), "cpu0 1 0 1 1 0 0 0 0 0 0\n");
    QVERIFY_THROWS_EXCEPTION(runlens::collect::CollectorError, harness.sample(collector, 1.0));
}

void TestCpuCollector::noAllocationsAfterWarmup()
{
    CollectorHarness harness;
    CpuCollector collector;
    QFile file(QStringLiteral(RUNLENS_FIXTURES "/proc/this-host/stat"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray captured = file.readAll();
    harness.write(QStringLiteral("proc/stat"), halveCounters(captured));
    harness.copyFixture(QStringLiteral("proc/this-host/loadavg"), QStringLiteral("proc/loadavg"));
    QCOMPARE(harness.open(collector), std::string());
    harness.sample(collector, 0);
    harness.write(QStringLiteral("proc/stat"), captured);
    harness.sample(collector, 1.0);

    g_allocations = 0;
    g_countAllocations = true;
    for (int i = 0; i < 10; ++i)
        harness.sample(collector, 1.0);
    g_countAllocations = false;
    QCOMPARE(g_allocations, std::size_t(0));
    QVERIFY(harness.has("cpu.user", "all"));

    // The counter does see allocations: interning a column allocates.
    runlens::collect::MetricGroup probe("probe");
    g_countAllocations = true;
    probe.column("probe.metric", "instance");
    g_countAllocations = false;
    QVERIFY(g_allocations > 0);
}

QTEST_GUILESS_MAIN(TestCpuCollector)
#include "tst_cpucollector.moc"
