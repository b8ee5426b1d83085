#include "RunLoader.h"
#include "RunListModel.h"
#include "RunSet.h"
#include "summary/Comparability.h"

#include <QFile>
#include <QTest>

namespace {

QByteArray shippedRules()
{
    QFile file(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/comparability.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read comparability.json");
    return file.readAll();
}

RunPtr hostRun(const std::string& name, const std::string& instanceType, const std::string& cpu, int cpus,
               const std::string& kernel, const std::string& swappiness, const std::string& lastPid, const std::string& thpConfig)
{
    runlens::format::RunArchive archive;
    archive.runName = name;
    archive.manifest = {{"format_version", "1.0"},
                        {"run", {{"name", name}}},
                        {"host",
                         {{"hostname", name + "-host"},
                          {"cpu_model", cpu},
                          {"cpus_online", cpus},
                          {"kernel_release", kernel},
                          {"memory_total_bytes", 16LL << 30},
                          {"numa_node_cpus", {{"0", "0-3"}}},
                          {"unavailable", {{"cpu_governor", "no cpufreq"}}}}},
                        {"ec2", {{"available", true}, {"instance_type", instanceType}, {"instance_id", "i-" + name}}}};
    archive.attachments["host/sysctl.json"] =
        nlohmann::json{{"vm.swappiness", swappiness}, {"kernel.ns_last_pid", lastPid}, {"fs.file-nr", lastPid + "\t0"}}.dump();
    archive.attachments["host/kernel-config.txt"] = "#\n# Memory\nCONFIG_HZ=250\n" + thpConfig + "\n";
    return std::make_shared<const Run>(QString::fromStdString("/" + name), std::move(archive));
}

const HostFactRow* fact(const ComparabilityReport& report, const char* section, const char* key)
{
    for (const HostFactRow& row : report.facts) {
        if (row.section == QLatin1String(section) && row.key == QLatin1String(key))
            return &row;
    }
    return nullptr;
}

} // namespace

class TestComparability : public QObject
{
    Q_OBJECT

private slots:
    void factsOfARun()
    {
        const RunPtr run = hostRun("a", "m7i.large", "Intel Xeon", 2, "6.1.0", "60", "100", "CONFIG_TRANSPARENT_HUGEPAGE=y");
        const Comparability::Facts facts = Comparability::factsOf(*run);
        QCOMPARE(facts.at(QStringLiteral("Host")).at(QStringLiteral("cpu_model")), QStringLiteral("Intel Xeon"));
        QCOMPARE(facts.at(QStringLiteral("Host")).at(QStringLiteral("cpus_online")), QStringLiteral("2"));
        QCOMPARE(facts.at(QStringLiteral("Host")).at(QStringLiteral("numa_node_cpus.0")), QStringLiteral("0-3"));
        QVERIFY(!facts.at(QStringLiteral("Host")).contains(QStringLiteral("unavailable.cpu_governor")));
        QCOMPARE(facts.at(QStringLiteral("EC2")).at(QStringLiteral("instance_type")), QStringLiteral("m7i.large"));
        QCOMPARE(facts.at(QStringLiteral("sysctl")).at(QStringLiteral("vm.swappiness")), QStringLiteral("60"));
        QCOMPARE(facts.at(QStringLiteral("Kernel config")).at(QStringLiteral("CONFIG_HZ")), QStringLiteral("250"));
        QCOMPARE(facts.at(QStringLiteral("Kernel config")).at(QStringLiteral("CONFIG_TRANSPARENT_HUGEPAGE")), QStringLiteral("y"));
    }

    void theRunsNoteAndTagsAreShownNotWarned()
    {
        // runlens-rec record --note ... --tag variant=thp: in the Hosts tab (section "Run") and the
        // run list's tooltip; different notes are expected, so they never raise a warning.
        const auto annotated = [](const std::string& name, const std::string& note, const std::string& variant) {
            runlens::format::RunArchive archive;
            archive.runName = name;
            archive.manifest = {{"format_version", "1.0"},
                                {"run", {{"name", name}, {"note", note}, {"tags", {{"variant", variant}, {"group", "g"}}}}},
                                {"host", {{"hostname", "h"}}}};
            return std::make_shared<const Run>(QString::fromStdString("/" + name), std::move(archive));
        };
        const RunPtr a = annotated("a", "THP off, 4 workers", "baseline");
        const RunPtr b = annotated("b", "THP on, 4 workers", "thp");
        const Comparability::Facts facts = Comparability::factsOf(*a);
        QCOMPARE(facts.at(QStringLiteral("Run")).at(QStringLiteral("note")), QStringLiteral("THP off, 4 workers"));
        QCOMPARE(facts.at(QStringLiteral("Run")).at(QStringLiteral("tag variant")), QStringLiteral("baseline"));
        Comparability comparability;
        QVERIFY(comparability.load(shippedRules(), nullptr));
        const ComparabilityReport report = comparability.compare({facts, Comparability::factsOf(*b)},
                                                                 {QStringLiteral("a"), QStringLiteral("b")});
        QCOMPARE(report.facts.front().section, QStringLiteral("Run")); // first in the Hosts tab
        QVERIFY(fact(report, "Run", "note")->differs);
        QVERIFY(report.warnings.empty());

        RunSet runs;
        runs.add(b);
        RunListModel model(&runs);
        const QString tip = model.data(model.index(0, 0), Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("THP on, 4 workers")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Tags: group=g, variant=thp")), qPrintable(tip));
    }

    void differencesThatMatterAreWarned()
    {
        Comparability comparability;
        QString error;
        QVERIFY2(comparability.load(shippedRules(), &error), qPrintable(error));
        const RunPtr a = hostRun("a", "m7i.large", "Intel Xeon", 2, "6.1.0", "60", "100", "CONFIG_TRANSPARENT_HUGEPAGE=y");
        const RunPtr b = hostRun("b", "m7g.large", "Neoverse-V1", 2, "6.1.0", "10", "200",
                                 "# CONFIG_TRANSPARENT_HUGEPAGE is not set");
        const ComparabilityReport report = comparability.compare({Comparability::factsOf(*a), Comparability::factsOf(*b)},
                                                                 {QStringLiteral("a"), QStringLiteral("b")});
        QStringList warned;
        for (const ComparabilityWarning& warning : report.warnings)
            warned.append(warning.section + QLatin1Char('/') + warning.key);
        QCOMPARE(warned, (QStringList{QStringLiteral("EC2/instance_type"), QStringLiteral("Host/cpu_model"),
                                      QStringLiteral("sysctl/"), QStringLiteral("Kernel config/")}));
        QVERIFY2(report.warnings[0].sentence.contains(QLatin1String("instance type (m7i.large in a, m7g.large in b)")),
                 qPrintable(report.warnings[0].sentence));
        QVERIFY2(report.warnings[2].sentence.startsWith(QLatin1String("1 sysctl value(s) differ: vm.swappiness (60 / 10)")),
                 qPrintable(report.warnings[2].sentence));
        QVERIFY(report.warnings[3].sentence.contains(QLatin1String("CONFIG_TRANSPARENT_HUGEPAGE (y / n)")));

        // Values that change by themselves are shown but never count as differences.
        QVERIFY(fact(report, "sysctl", "kernel.ns_last_pid"));
        QVERIFY(!fact(report, "sysctl", "kernel.ns_last_pid")->differs);
        QVERIFY(!fact(report, "sysctl", "fs.file-nr")->differs);
        QVERIFY(!fact(report, "EC2", "instance_id")->differs);
        QVERIFY(fact(report, "sysctl", "vm.swappiness")->differs);
        QVERIFY(!fact(report, "Host", "cpus_online")->differs);
        QCOMPARE(fact(report, "Host", "cpu_model")->values, (QStringList{QStringLiteral("Intel Xeon"), QStringLiteral("Neoverse-V1")}));
    }

    void identicalHostsHaveNoWarnings()
    {
        Comparability comparability;
        QVERIFY(comparability.load(shippedRules(), nullptr));
        const RunPtr a = hostRun("a", "m7i.large", "Intel Xeon", 2, "6.1.0", "60", "100", "CONFIG_HZ=250");
        const RunPtr b = hostRun("b", "m7i.large", "Intel Xeon", 2, "6.1.0", "60", "999", "CONFIG_HZ=250");
        QVERIFY(comparability.compare({Comparability::factsOf(*a), Comparability::factsOf(*b)},
                                      {QStringLiteral("a"), QStringLiteral("b")})
                    .warnings.empty());
    }

    void demoRunsAreComparable()
    {
        Comparability comparability;
        QVERIFY(comparability.load(shippedRules(), nullptr));
        const RunPtr a = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz"));
        const RunPtr b = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz"));
        const ComparabilityReport report = comparability.compare({Comparability::factsOf(*a), Comparability::factsOf(*b)},
                                                                 {a->name(), b->name()});
        // Same VM, recorded a minute apart: only counters such as the last PID differ, and they are volatile.
        QVERIFY(report.warnings.empty());
        QVERIFY(report.facts.size() > 1000); // sysctl and kernel config are there
        QVERIFY(fact(report, "Kernel config", "CONFIG_SMP"));
    }

    void badFileIsRejected()
    {
        Comparability comparability;
        QString error;
        QVERIFY(!comparability.load("{\"key_facts\": [{\"section\": \"Host\"}]}", &error));
        QVERIFY(error.contains(QLatin1String("section, key and label")));
    }
};

QTEST_GUILESS_MAIN(TestComparability)
#include "tst_comparability.moc"
