// The archives that runlens-rec recorded against the Graviton-shaped fixture hosts (graviton2, 3,
// 4: 64 CPUs, Neoverse N1, V1, V2; see CMakeLists.txt, which records them first). Read back with
// the format library: the PMU collector chose the Neoverse event set of the CPU part even where
// the kernel (here: qemu, or this VM) refuses the counters, and the IPIs are recorded per CPU.
#include "ArchiveReader.h"

#include <QTest>

class TestGravitonArchives : public QObject
{
    Q_OBJECT

private slots:
    void recordedLikeAGravitonHost_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("eventSet");
        QTest::newRow("Graviton2") << "graviton2" << "arm-neoverse-n1";
        QTest::newRow("Graviton3") << "graviton3" << "arm-neoverse-v1";
        QTest::newRow("Graviton4") << "graviton4" << "arm-neoverse-v2";
    }
    void recordedLikeAGravitonHost()
    {
        QFETCH(QString, host);
        QFETCH(QString, eventSet);
        const std::string path = std::string(RUNLENS_GRAVITON_ARCHIVES "/") + host.toStdString() + ".tar.gz";
        const runlens::format::RunArchive run = runlens::format::readRunArchive(path);

        const nlohmann::json* pmu = nullptr;
        for (const nlohmann::json& collector : run.manifest.at("collectors")) {
            if (collector.value("name", "") == "pmu")
                pmu = &collector;
        }
        QVERIFY(pmu);
        const std::string chosen = pmu->value("details", nlohmann::json::object()).value("event_set", "");
        QVERIFY2(QString::fromStdString(chosen).startsWith(eventSet), chosen.c_str());

        const runlens::format::SeriesTable* irq = nullptr;
        for (const auto& table : run.series) {
            if (table.group == "irq")
                irq = &table;
        }
        QVERIFY(irq);
        QVERIFY(irq->rowCount() >= 5); // 3 s at 500 ms
        for (int cpu = 0; cpu < 64; ++cpu) {
            const std::string instance = "cpu" + std::to_string(cpu);
            QVERIFY2(irq->find("irq.ipi_cpu_rate", instance) >= 0, instance.c_str());
        }
        QVERIFY(irq->find("irq.ipi_cpu_rate", "cpu64") < 0);
        QVERIFY(irq->find("irq.ipi_rate", "") >= 0 || irq->find("irq.ipi_rate", "all") >= 0);
    }
};

QTEST_GUILESS_MAIN(TestGravitonArchives)
#include "tst_gravitonarchives.moc"
