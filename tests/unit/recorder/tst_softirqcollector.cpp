// The softirq collector on this machine's /proc/softirqs and on hand-written files with known rates.
#include "CollectorHarness.h"
#include "SoftirqCollector.h"

#include <QTest>

#include <cstdlib>
#include <new>

using runlens::collect::SoftirqCollector;

#include "AllocationCounter.h"

namespace {

// Formats the file as kernel/softirq.c does: "%-9s" header padding, "%12s:" names, " %10u" counts.
QByteArray softirqsFile(int cpus, const std::vector<std::pair<const char*, std::vector<unsigned>>>& types)
{
    QByteArray text = "                    ";
    for (int cpu = 0; cpu < cpus; ++cpu)
        text += (QByteArray("CPU") + QByteArray::number(cpu)).leftJustified(11);
    text += '\n';
    for (const auto& [name, counts] : types) {
        text += QByteArray(name).rightJustified(12) + ':';
        for (const unsigned count : counts)
            text += ' ' + QByteArray::number(count).rightJustified(10);
        text += '\n';
    }
    return text;
}

} // namespace

class TestSoftirqCollector : public QObject
{
    Q_OBJECT

private slots:
    void missingFileGivesReason()
    {
        CollectorHarness harness;
        SoftirqCollector collector;
        const std::string reason = harness.open(collector);
        QVERIFY2(reason.find("softirqs") != std::string::npos, reason.c_str());
    }

    void parsesThisHost()
    {
        CollectorHarness harness;
        harness.copyFixture(QStringLiteral("proc/this-host/softirqs"), QStringLiteral("proc/softirqs"));
        SoftirqCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QVERIFY(std::isnan(harness.value("softirq.rate", "NET_RX")));
        harness.sample(collector, 1);
        for (const char* type : {"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU"})
            QCOMPARE(harness.value("softirq.rate", type), 0.0);
        QCOMPARE(harness.value("softirq.cpu_rate", "cpu0"), 0.0);
        QCOMPARE(harness.value("softirq.cpu_rate", "cpu1"), 0.0);
        QCOMPARE(harness.value("softirq.cpu_rate", "all"), 0.0);
        QVERIFY(!harness.has("softirq.cpu_rate", "cpu2"));
        const nlohmann::json details = collector.details();
        QCOMPARE(details["cpus"].get<int>(), 2);
        QCOMPARE(details["types"].size(), std::size_t(10));
        QCOMPARE(QString::fromStdString(details["types"]["NET_RX"].get<std::string>()),
                 QStringLiteral("processing received network packets"));
    }

    void exactRates()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(2, {
            {"HI", {0, 0}}, {"TIMER", {100, 200}}, {"NET_RX", {1000, 10}}, {"RCU", {50, 60}},
        }));
        SoftirqCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(2, {
            {"HI", {0, 0}}, {"TIMER", {150, 260}}, {"NET_RX", {3000, 30}}, {"RCU", {58, 60}},
        }));
        harness.sample(collector, 4);
        COMPARE_NEAR(harness.value("softirq.rate", "HI"), 0, 1e-9);
        COMPARE_NEAR(harness.value("softirq.rate", "TIMER"), (50 + 60) / 4.0, 1e-9);
        COMPARE_NEAR(harness.value("softirq.rate", "NET_RX"), (2000 + 20) / 4.0, 1e-9);
        COMPARE_NEAR(harness.value("softirq.rate", "RCU"), 8 / 4.0, 1e-9);
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "cpu0"), (50 + 2000 + 8) / 4.0, 1e-9);
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "cpu1"), (60 + 20) / 4.0, 1e-9);
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "all"), (2058 + 80) / 4.0, 1e-9);

        // Known types and CPUs: sampling allocates nothing.
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(2, {
            {"HI", {0, 0}}, {"TIMER", {160, 260}}, {"NET_RX", {3000, 30}}, {"RCU", {58, 60}},
        }));
        g_allocations = 0;
        g_countAllocations = true;
        harness.sample(collector, 1);
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "all"), 10, 1e-9);
    }

    void resetAndWrap()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(2, {
            {"TIMER", {4294967290u, 100}}, {"NET_RX", {5000, 5000}},
        }));
        SoftirqCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(2, {
            {"TIMER", {4, 110}}, {"NET_RX", {5010, 3}},
        }));
        harness.sample(collector, 1);
        // unsigned int counters wrap at 2^32: 4294967290 -> 4 is 10 more.
        COMPARE_NEAR(harness.value("softirq.rate", "TIMER"), 10 + 10, 1e-9);
        // A count that went back is a reset: unknown, and left out of the per-CPU totals.
        QVERIFY(std::isnan(harness.value("softirq.rate", "NET_RX")));
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "cpu0"), 10, 1e-9);
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "cpu1"), 10, 1e-9);
    }

    void cpuHotAdded()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(2, {{"TIMER", {100, 100}}, {"SCHED", {10, 10}}}));
        SoftirqCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(3, {{"TIMER", {110, 120, 500}}, {"SCHED", {10, 10, 50}}}));
        harness.sample(collector, 1);
        QVERIFY(harness.has("softirq.cpu_rate", "cpu2"));
        QVERIFY(std::isnan(harness.value("softirq.cpu_rate", "cpu2")));
        COMPARE_NEAR(harness.value("softirq.rate", "TIMER"), 30, 1e-9);
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "all"), 30, 1e-9);
        harness.write(QStringLiteral("proc/softirqs"), softirqsFile(3, {{"TIMER", {110, 120, 600}}, {"SCHED", {10, 10, 55}}}));
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("softirq.cpu_rate", "cpu2"), 105, 1e-9);
        COMPARE_NEAR(harness.value("softirq.rate", "SCHED"), 5, 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestSoftirqCollector)
#include "tst_softirqcollector.moc"
