// The irq collector on this machine's /proc/interrupts, on hand-written x86 and arm64 files with
// known rates, and on a synthetic 192-CPU file that raises its cadence.
#include "CollectorHarness.h"
#include "InterruptsCollector.h"

#include <QTest>

#include <cstdlib>
#include <new>

using runlens::collect::InterruptsCollector;

#include "AllocationCounter.h"

namespace {

struct Line {
    const char* label;
    std::vector<unsigned> counts;
    const char* description;
};

// Formats lines the way arch/x86/kernel/irq.c does: right-aligned label, "%10u " per CPU.
QByteArray interruptsFile(int cpus, const std::vector<Line>& lines)
{
    QByteArray text = "          ";
    for (int cpu = 0; cpu < cpus; ++cpu)
        text += QByteArray("CPU") + QByteArray::number(cpu) + "       ";
    text += '\n';
    for (const Line& line : lines) {
        text += QByteArray(line.label).rightJustified(3) + ": ";
        for (const unsigned count : line.counts)
            text += QByteArray::number(count).rightJustified(10) + ' ';
        text += QByteArray("  ") + line.description + '\n';
    }
    return text;
}

std::vector<Line> x86First()
{
    return {
        {"0", {10, 20}, "IO-APIC   2-edge      timer"},
        {"24", {100, 200}, "PCI-MSI 327680-edge      xhci_hcd"},
        {"NMI", {0, 0}, "Non-maskable interrupts"},
        {"LOC", {1000, 2000}, "Local timer interrupts"},
        {"IWI", {5, 5}, "IRQ work interrupts"},
        {"RTR", {0, 0}, "APIC ICR read retries"},
        {"RES", {50, 60}, "Rescheduling interrupts"},
        {"CAL", {70, 80}, "Function call interrupts"},
        {"TLB", {30, 40}, "TLB shootdowns"},
        {"ERR", {3}, ""},
        {"MIS", {0}, ""},
    };
}

std::vector<Line> x86Second()
{
    return {
        {"0", {10, 20}, "IO-APIC   2-edge      timer"},
        {"24", {300, 200}, "PCI-MSI 327680-edge      xhci_hcd"},
        {"NMI", {0, 0}, "Non-maskable interrupts"},
        {"LOC", {1400, 2600}, "Local timer interrupts"},
        {"IWI", {9, 5}, "IRQ work interrupts"},
        {"RTR", {10, 0}, "APIC ICR read retries"},
        {"RES", {70, 100}, "Rescheduling interrupts"},
        {"CAL", {110, 90}, "Function call interrupts"},
        {"TLB", {50, 40}, "TLB shootdowns"},
        {"ERR", {7}, ""},
        {"MIS", {0}, ""},
    };
}

QStringList jsonStrings(const nlohmann::json& array)
{
    QStringList result;
    for (const auto& item : array)
        result << QString::fromStdString(item.get<std::string>());
    return result;
}

} // namespace

class TestInterruptsCollector : public QObject
{
    Q_OBJECT

private slots:
    void missingFileGivesReason()
    {
        CollectorHarness harness;
        InterruptsCollector collector;
        const std::string reason = harness.open(collector);
        QVERIFY2(reason.find("interrupts") != std::string::npos, reason.c_str());
        QVERIFY(reason.find("No such file") != std::string::npos);
    }

    void parsesThisHost()
    {
        CollectorHarness harness;
        harness.copyFixture(QStringLiteral("proc/this-host/interrupts"), QStringLiteral("proc/interrupts"));
        InterruptsCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        QVERIFY(harness.catalog.contains("irq.rate"));
        QVERIFY(harness.catalog.contains("irq.ipi_rate"));

        harness.sample(collector, 0);
        QVERIFY(std::isnan(harness.value("irq.rate", "LOC")));
        QVERIFY(std::isnan(harness.value("irq.cpu_rate", "cpu0")));
        QVERIFY(std::isnan(harness.value("irq.ipi_rate")));
        harness.sample(collector, 1);

        // Every line of the capture is a column; the same content twice means no interrupts.
        QFile file(QStringLiteral(RUNLENS_FIXTURES "/proc/this-host/interrupts"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        int labelled = 0;
        for (const QByteArray& line : lines.mid(1)) {
            const int colon = line.indexOf(':');
            if (colon < 0)
                continue;
            ++labelled;
            const std::string label = line.left(colon).trimmed().toStdString();
            QCOMPARE(harness.value("irq.rate", label.c_str()), 0.0);
        }
        QVERIFY(labelled > 10);
        const nlohmann::json details = collector.details();
        QCOMPARE(details["lines"].get<int>(), labelled);
        QCOMPARE(details["cpus"].get<int>(), int(lines.first().count("CPU")));
        for (int cpu = 0; cpu < details["cpus"].get<int>(); ++cpu)
            QCOMPARE(harness.value("irq.cpu_rate", ("cpu" + std::to_string(cpu)).c_str()), 0.0);
        QCOMPARE(harness.value("irq.cpu_rate", "all"), 0.0);
        QCOMPARE(harness.value("irq.ipi_rate"), 0.0);
        QCOMPARE(details["cadence"].get<int>(), 1);
        QCOMPARE(collector.cadence(), 1);
        QCOMPARE(jsonStrings(details["ipi_lines"]), (QStringList{QStringLiteral("RES"), QStringLiteral("CAL")}));
        // The descriptive part of a numbered line, blanks collapsed.
        QCOMPARE(QString::fromStdString(details["descriptions"]["36"].get<std::string>()),
                 QStringLiteral("PCI-MSIX-0000:00:02.0 1-edge virtio1-req.0"));
        QCOMPARE(QString::fromStdString(details["descriptions"]["LOC"].get<std::string>()),
                 QStringLiteral("Local timer interrupts"));
    }

    void readsTheLiveFile()
    {
        runlens::collect::HostPaths paths;
        runlens::collect::MetricCatalog catalog;
        runlens::collect::Warnings warnings;
        runlens::collect::MetricGroup group("irq");
        InterruptsCollector collector;
        QCOMPARE(collector.open(paths, catalog), std::string());
        runlens::collect::SampleContext first{0, 0, catalog, warnings};
        group.startRow();
        collector.sample(first, group);
        QTest::qWait(50);
        runlens::collect::SampleContext second{50'000'000, 0.05, catalog, warnings};
        group.startRow();
        collector.sample(second, group);
        const int all = group.column("irq.cpu_rate", "all");
        QVERIFY(std::isfinite(group.value(all)));
        QVERIFY(group.value(all) >= 0);
        QVERIFY(group.value(group.column("irq.ipi_rate")) >= 0);
    }

    void exactRatesOnX86()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, x86First()));
        InterruptsCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, x86Second()));
        harness.sample(collector, 2);

        COMPARE_NEAR(harness.value("irq.rate", "0"), 0, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "24"), 100, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "LOC"), 500, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "IWI"), 2, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "RTR"), 5, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "RES"), 30, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "CAL"), 25, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "TLB"), 10, 1e-9);
        // ERR and MIS are single system-wide counts.
        COMPARE_NEAR(harness.value("irq.rate", "ERR"), 2, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "MIS"), 0, 1e-9);

        // Per CPU: every line but RTR (not an interrupt) and ERR/MIS (no CPU).
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu0"), (200 + 400 + 4 + 20 + 40 + 20) / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu1"), (600 + 40 + 10) / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "all"), (684 + 650) / 2.0, 1e-9);

        // IPIs: RES and CAL; TLB shootdowns already travel inside CAL, IWI is a self-interrupt.
        COMPARE_NEAR(harness.value("irq.ipi_cpu_rate", "cpu0"), (20 + 40) / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("irq.ipi_cpu_rate", "cpu1"), (40 + 10) / 2.0, 1e-9);
        COMPARE_NEAR(harness.value("irq.ipi_rate"), 55, 1e-9);
        QCOMPARE(jsonStrings(collector.details()["ipi_lines"]), (QStringList{QStringLiteral("RES"), QStringLiteral("CAL")}));
        QCOMPARE(QString::fromStdString(collector.details()["descriptions"]["24"].get<std::string>()),
                 QStringLiteral("PCI-MSI 327680-edge xhci_hcd"));
    }

    void oldKernelAddsTlbShootdowns()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/sys/kernel/osrelease"), "4.4.0-21-generic\n");
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, x86First()));
        InterruptsCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, x86Second()));
        harness.sample(collector, 2);
        // Before 4.8, CAL was printed without the shootdowns, so TLB is added.
        COMPARE_NEAR(harness.value("irq.ipi_rate"), 55 + 10, 1e-9);
        QCOMPARE(jsonStrings(collector.details()["ipi_lines"]),
                 (QStringList{QStringLiteral("RES"), QStringLiteral("CAL"), QStringLiteral("TLB")}));
        QCOMPARE(QString::fromStdString(collector.details()["kernel_release"].get<std::string>()),
                 QStringLiteral("4.4.0-21-generic"));
    }

    void arm64IpiLines()
    {
        CollectorHarness harness;
        harness.copyFixture(QStringLiteral("proc/arm64/interrupts"), QStringLiteral("proc/interrupts"));
        InterruptsCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);

        QFile fixture(QStringLiteral(RUNLENS_FIXTURES "/proc/arm64/interrupts"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QByteArray next = fixture.readAll();
        const auto replace = [&](const char* from, const char* to) {
            QVERIFY2(next.contains(from), from);
            next.replace(from, to);
        };
        replace("IPI0:       1000       2000       3000       4000", "IPI0:       1100       2200       3300       4400");
        replace("IPI5:         50         60         70         80", "IPI5:         60         70         80         90");
        replace(" 11:      12345      11234", " 11:      12445      11234");
        replace("Err:          0", "Err:          3");
        harness.write(QStringLiteral("proc/interrupts"), next);
        harness.sample(collector, 0.5);

        COMPARE_NEAR(harness.value("irq.rate", "IPI0"), 1000 / 0.5, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "IPI5"), 40 / 0.5, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "11"), 100 / 0.5, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "Err"), 3 / 0.5, 1e-9);
        // The IRQ-work IPI is a CPU interrupting itself: an interrupt, not an IPI.
        COMPARE_NEAR(harness.value("irq.ipi_rate"), 1000 / 0.5, 1e-9);
        COMPARE_NEAR(harness.value("irq.ipi_cpu_rate", "cpu3"), 400 / 0.5, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu0"), (100 + 100 + 10) / 0.5, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "all"), (1000 + 40 + 100) / 0.5, 1e-9);

        const nlohmann::json details = collector.details();
        QCOMPARE(jsonStrings(details["ipi_lines"]),
                 (QStringList{QStringLiteral("IPI0"), QStringLiteral("IPI1"), QStringLiteral("IPI2"),
                              QStringLiteral("IPI3"), QStringLiteral("IPI4"), QStringLiteral("IPI6")}));
        QCOMPARE(details["cpus"].get<int>(), 4);
        QCOMPARE(QString::fromStdString(details["descriptions"]["IPI1"].get<std::string>()),
                 QStringLiteral("Function call interrupts"));
        QCOMPARE(QString::fromStdString(details["descriptions"]["47"].get<std::string>()),
                 QStringLiteral("ITS-MSI 524288 Edge nvme0q0"));
    }

    void cadenceForSizes()
    {
        QCOMPARE(InterruptsCollector::cadenceForSize(2000), 1);
        QCOMPARE(InterruptsCollector::cadenceForSize(64 * 1024), 1);
        QCOMPARE(InterruptsCollector::cadenceForSize(64 * 1024 + 1), 2);
        QCOMPARE(InterruptsCollector::cadenceForSize(200 * 1024), 4);
        QCOMPARE(InterruptsCollector::cadenceForSize(100 * 1024 * 1024), InterruptsCollector::kMaxCadence);
    }

    void bigHostRaisesCadence()
    {
        // 300 lines x 192 CPUs, as on a large EC2 instance.
        constexpr int cpus = 192;
        constexpr int lineCount = 300;
        const auto generate = [&](int round) {
            // Line i of CPU c counts 1000 * (i + c) + round * (i + 1).
            std::vector<std::string> labels(lineCount);
            std::vector<Line> lines;
            for (int i = 0; i < lineCount; ++i) {
                labels[std::size_t(i)] = std::to_string(i);
                std::vector<unsigned> counts(cpus);
                for (int cpu = 0; cpu < cpus; ++cpu)
                    counts[std::size_t(cpu)] = unsigned(1000 * (i + cpu) + round * (i + 1));
                lines.push_back({labels[std::size_t(i)].c_str(), std::move(counts), "PCI-MSI 524288-edge      nvme0q1"});
            }
            return interruptsFile(cpus, lines);
        };
        CollectorHarness harness;
        const QByteArray first = generate(0);
        QVERIFY(first.size() > 600 * 1024);
        harness.write(QStringLiteral("proc/interrupts"), first);
        InterruptsCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        QCOMPARE(collector.cadence(), 1);
        harness.sample(collector, 0);
        QCOMPARE(collector.cadence(), 10);
        const nlohmann::json details = collector.details();
        QCOMPARE(details["cadence"].get<int>(), 10);
        QCOMPARE(details["lines"].get<int>(), lineCount);
        QCOMPARE(details["cpus"].get<int>(), cpus);
        const std::string reason = details["cadence_reason"].get<std::string>();
        QVERIFY2(reason.find("every 10 intervals") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("300 lines x 192 CPUs") != std::string::npos, reason.c_str());

        // The recorder comes back ten 1-second intervals later: rates are over those 10 s.
        harness.write(QStringLiteral("proc/interrupts"), generate(10));
        harness.sample(collector, 10);
        COMPARE_NEAR(harness.value("irq.rate", "0"), cpus * 1 * 10 / 10.0, 1e-9);
        COMPARE_NEAR(harness.value("irq.rate", "299"), cpus * 300 * 10 / 10.0, 1e-9);
        // Each CPU got sum(i + 1 for i < 300) * 10 interrupts in 10 s.
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu0"), 45150, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu191"), 45150, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "all"), 45150.0 * cpus, 1e-6);
        QCOMPARE(collector.cadence(), 10);

        // Known lines and CPUs: sampling allocates nothing.
        harness.write(QStringLiteral("proc/interrupts"), generate(20));
        g_allocations = 0;
        g_countAllocations = true;
        {
            int* volatile probe = new int(1); // the counter itself works
            delete probe;
        }
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(1));
        g_allocations = 0;
        g_countAllocations = true;
        harness.sample(collector, 10);
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu5"), 45150, 1e-9);
    }

    void resetAndWrap()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, {
            {"24", {4294967000u, 10}, "PCI-MSI 1-edge eth0"},
            {"25", {500, 600}, "PCI-MSI 2-edge eth1"},
            {"LOC", {100, 100}, "Local timer interrupts"},
        }));
        InterruptsCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, {
            {"24", {200, 20}, "PCI-MSI 1-edge eth0"},
            {"25", {5, 600}, "PCI-MSI 2-edge eth1"}, // freed and requested again: went back
            {"LOC", {110, 120}, "Local timer interrupts"},
        }));
        harness.sample(collector, 1);
        // The per-CPU counts are 32-bit: 4294967000 -> 200 is 496 more.
        COMPARE_NEAR(harness.value("irq.rate", "24"), 496 + 10, 1e-9);
        QVERIFY(std::isnan(harness.value("irq.rate", "25")));
        // The reset line sits out of the totals instead of blanking them.
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu0"), 496 + 10, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu1"), 10 + 20, 1e-9);
    }

    void linesAndCpusComingAndGoing()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, {
            {"24", {10, 10}, "PCI-MSI 1-edge eth0"},
            {"LOC", {100, 100}, "Local timer interrupts"},
        }));
        InterruptsCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);

        // A new IRQ line appears; its first interval has no rate.
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, {
            {"24", {20, 10}, "PCI-MSI 1-edge eth0"},
            {"30", {7, 7}, "PCI-MSI 3-edge nvme0q1"},
            {"LOC", {110, 110}, "Local timer interrupts"},
        }));
        harness.sample(collector, 1);
        QVERIFY(harness.has("irq.rate", "30"));
        QVERIFY(std::isnan(harness.value("irq.rate", "30")));
        COMPARE_NEAR(harness.value("irq.rate", "24"), 10, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu0"), 20, 1e-9);

        // CPU1 goes offline: only CPU0's column is printed; line 24 is re-bound to another driver.
        QByteArray offline = "           CPU0       \n"
                             " 24:         30   PCI-MSI 1-edge      mlx5_comp0\n"
                             " 30:         17   PCI-MSI 3-edge nvme0q1\n"
                             "LOC:        120   Local timer interrupts\n";
        harness.write(QStringLiteral("proc/interrupts"), offline);
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("irq.rate", "30"), 10, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu0"), 10 + 10 + 10, 1e-9);
        QVERIFY(std::isnan(harness.value("irq.cpu_rate", "cpu1")));
        QCOMPARE(QString::fromStdString(collector.details()["descriptions"]["24"].get<std::string>()),
                 QStringLiteral("PCI-MSI 1-edge mlx5_comp0"));

        // It comes back: no interval to compare for it yet, then rates again.
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, {
            {"24", {40, 50}, "PCI-MSI 1-edge mlx5_comp0"},
            {"30", {17, 7}, "PCI-MSI 3-edge nvme0q1"},
            {"LOC", {130, 200}, "Local timer interrupts"},
        }));
        harness.sample(collector, 1);
        QVERIFY(std::isnan(harness.value("irq.cpu_rate", "cpu1")));
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu0"), 20, 1e-9);
        harness.write(QStringLiteral("proc/interrupts"), interruptsFile(2, {
            {"24", {40, 55}, "PCI-MSI 1-edge mlx5_comp0"},
            {"30", {17, 7}, "PCI-MSI 3-edge nvme0q1"},
            {"LOC", {130, 210}, "Local timer interrupts"},
        }));
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "cpu1"), 15, 1e-9);
        COMPARE_NEAR(harness.value("irq.cpu_rate", "all"), 15, 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestInterruptsCollector)
#include "tst_interruptscollector.moc"
