#include "RunFactory.h"
#include "RunLoader.h"
#include "summary/FindingRules.h"
#include "summary/SummaryBuilder.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using runlens::format::BetterDirection;

namespace {

QByteArray shippedRules()
{
    QFile file(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/findings.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read findings.json");
    return file.readAll();
}

std::vector<SummaryRunInput> inputs(std::initializer_list<RunPtr> runs)
{
    std::vector<SummaryRunInput> result;
    for (const RunPtr& run : runs)
        result.push_back({run, run->name(), std::nullopt, {}});
    return result;
}

RunPtr pmuRun(const std::string& name, double idle, double ipc, double frontend, double backend, double multiplexed)
{
    const auto constant = [](double v) { return [v](std::size_t, std::size_t) { return v; }; };
    return makeRun(QString::fromStdString("/" + name), name, 30, 1.0,
                   {{"cpu.idle", "%", {"all"}, constant(idle)},
                    {"pmu.ipc", "ratio", {"all"}, [ipc](std::size_t r, std::size_t) { return ipc + 0.01 * double(r % 3); },
                     BetterDirection::Higher},
                    {"pmu.stall_frontend_pkc", "/kcycle", {"all"}, constant(frontend)},
                    {"pmu.stall_backend_pkc", "/kcycle", {"all"}, constant(backend)},
                    // Two counter groups, one of them multiplexed; no aggregate.
                    {"pmu.multiplex_pct", "%", {"core", "cache"},
                     [multiplexed](std::size_t, std::size_t i) { return i == 0 ? 100.0 : multiplexed; }}});
}

// A run whose host had the given configuration: manifest host facts, a sysctl snapshot and a
// kernel config, as the recorder writes them; TLB walks and faults as given.
RunPtr hostRun(const std::string& name, const nlohmann::json& host, const std::string& sysctl = {},
               const std::string& kernelConfig = {}, double dtlbWalks = 0.2, double itlbWalks = 0.1)
{
    const auto constant = [](double v) { return [v](std::size_t, std::size_t) { return v; }; };
    return makeRun(QString::fromStdString("/" + name), name, 30, 1.0,
                   {{"cpu.user", "%", {"all", "cpu0", "cpu1"}, constant(40)},
                    {"pmu.dtlb_walk_pki", "/kinstr", {"all"}, constant(dtlbWalks)},
                    {"pmu.itlb_walk_pki", "/kinstr", {"all"}, constant(itlbWalks)},
                    {"mem.vm.pgminorfault", "/s", {""}, constant(1000)}},
                   1'700'000'000'000LL, [&](runlens::format::RunArchive& archive) {
                       archive.manifest["host"] = host;
                       if (!sysctl.empty())
                           archive.attachments["host/sysctl.json"] = sysctl;
                       if (!kernelConfig.empty())
                           archive.attachments["host/kernel-config.txt"] = kernelConfig;
                   });
}

std::vector<Finding> findingsOf(const FindingRules& rules, std::initializer_list<RunPtr> runs)
{
    const auto in = inputs(runs);
    return rules.evaluate(in, 0, SummaryBuilder::build(in, 0, {}));
}

const Finding* findingOf(const std::vector<Finding>& findings, const QString& ruleId, int run)
{
    for (const Finding& finding : findings) {
        if (finding.ruleId == ruleId && finding.run == run)
            return &finding;
    }
    return nullptr;
}

std::vector<QString> ruleIds(const std::vector<Finding>& findings, int run)
{
    std::vector<QString> ids;
    for (const Finding& finding : findings) {
        if (finding.run == run)
            ids.push_back(finding.ruleId);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

} // namespace

class TestFindingRules : public QObject
{
    Q_OBJECT

private slots:
    void shippedRulesLoad()
    {
        FindingRules rules;
        QString error;
        QVERIFY2(rules.load(shippedRules(), &error), qPrintable(error));
        QVERIFY(rules.count() >= 25);
    }

    void badRulesAreRejectedWithTheRuleNamed()
    {
        FindingRules rules;
        QString error;
        QVERIFY(!rules.load("{\"rules\": [{\"id\": \"x\", \"severity\": \"bad\", \"scope\": \"run\", \"metric\": \"m\", "
                            "\"op\": \">\", \"threshold\": 1, \"sentence\": \"s\"}]}",
                            &error));
        QVERIFY2(error.contains(QLatin1String("rule x")) && error.contains(QLatin1String("bad")), qPrintable(error));
        QVERIFY(!rules.load("[]", &error));
        QVERIFY(!rules.load("{\"rules\": [{\"id\": \"y\", \"severity\": \"info\", \"scope\": \"run\", \"metric\": \"m\", "
                            "\"stat\": \"p42\", \"op\": \">\", \"threshold\": 1, \"sentence\": \"s\"}]}",
                            &error));
        QVERIFY(error.contains(QLatin1String("p42")));
    }

    void runRules()
    {
        FindingRules rules;
        QVERIFY(rules.load(shippedRules(), nullptr));
        // Idle above half, front-end stalls 1.5x the back-end ones, one counter group counted 60 % of the time.
        const RunPtr run = pmuRun("idle", 70, 1.0, 300, 200, 60);
        const auto runs = inputs({run});
        const SummaryReport report = SummaryBuilder::build(runs, 0, {});
        const std::vector<Finding> findings = rules.evaluate(runs, 0, report);
        QCOMPARE(ruleIds(findings, 0), (std::vector<QString>{QStringLiteral("cpu-underutilised"), QStringLiteral("frontend-bound"),
                                                             QStringLiteral("multiplexed-counters")}));
        for (const Finding& finding : findings) {
            if (finding.ruleId == QLatin1String("cpu-underutilised")) {
                QCOMPARE(finding.metricId, QStringLiteral("cpu.idle"));
                QCOMPARE(finding.severity, FindingSeverity::Warning);
                QVERIFY2(finding.sentence.startsWith(QLatin1String("CPUs were idle 70 % of the time in idle")),
                         qPrintable(finding.sentence));
            }
            if (finding.ruleId == QLatin1String("frontend-bound"))
                QVERIFY2(finding.sentence.contains(QStringLiteral("1.50×")), qPrintable(finding.sentence));
            if (finding.ruleId == QLatin1String("multiplexed-counters"))
                QVERIFY2(finding.sentence.contains(QLatin1String("group cache was counted only 60 %")), qPrintable(finding.sentence));
        }
        // Busy, back-end bound, fully counted.
        const RunPtr busy = pmuRun("busy", 10, 1.0, 100, 200, 100);
        const auto busyRuns = inputs({busy});
        QCOMPARE(ruleIds(rules.evaluate(busyRuns, 0, SummaryBuilder::build(busyRuns, 0, {})), 0),
                 (std::vector<QString>{QStringLiteral("backend-bound")}));
    }

    void comparisonRulesNeedARealChange()
    {
        FindingRules rules;
        QVERIFY(rules.load(shippedRules(), nullptr));
        const auto runs = inputs({pmuRun("baseline", 10, 1.0, 100, 200, 100), pmuRun("tuned", 10, 0.8, 100, 200, 100)});
        const SummaryReport report = SummaryBuilder::build(runs, 0, {});
        const std::vector<Finding> findings = rules.evaluate(runs, 0, report);
        QCOMPARE(ruleIds(findings, 1), (std::vector<QString>{QStringLiteral("backend-bound"), QStringLiteral("ipc-reduced")}));
        for (const Finding& finding : findings) {
            if (finding.ruleId == QLatin1String("ipc-reduced"))
                QVERIFY2(finding.sentence.startsWith(QLatin1String("Instructions per cycle fell -19.8 % in tuned (1.01 to 0.81)")),
                         qPrintable(finding.sentence));
        }
        // Warnings come before information.
        QCOMPARE(findings.front().severity, FindingSeverity::Warning);
    }

    // THP "never" with many page walks: the specific advice; THP on (or walks low): not.
    void hostSettingsTransparentHugePages()
    {
        FindingRules rules;
        QVERIFY(rules.load(shippedRules(), nullptr));
        const nlohmann::json never = {{"hostname", "h"}, {"thp_enabled", "never"}, {"thp_defrag", "madvise"}};
        const nlohmann::json madvise = {{"hostname", "h"}, {"thp_enabled", "madvise"}, {"thp_defrag", "madvise"}};
        std::vector<Finding> findings = findingsOf(rules, {hostRun("off", never, {}, {}, 2.5, 0.8), hostRun("on", madvise, {}, {}, 2.5, 0.8),
                                                          hostRun("off-few-walks", never, {}, {}, 0.5, 0.1)});
        QCOMPARE(ruleIds(findings, 0), (std::vector<QString>{QStringLiteral("dtlb-walks"), QStringLiteral("itlb-walks"),
                                                             QStringLiteral("thp-off-dtlb-walks"), QStringLiteral("thp-off-itlb-walks")}));
        QCOMPARE(ruleIds(findings, 1), (std::vector<QString>{QStringLiteral("dtlb-walks"), QStringLiteral("itlb-walks")}));
        QCOMPARE(ruleIds(findings, 2), std::vector<QString>{});
        const Finding* dtlb = findingOf(findings, QStringLiteral("thp-off-dtlb-walks"), 0);
        QVERIFY(dtlb);
        QCOMPARE(dtlb->metricId, QStringLiteral("pmu.dtlb_walk_pki"));
        QCOMPARE(dtlb->severity, FindingSeverity::Warning);
        QVERIFY2(dtlb->sentence.startsWith(QLatin1String("Transparent huge pages are off (enabled = never) in off while data page "
                                                         "walks reach 2.5 /kinstr per 1000 instructions: enable transparent huge pages")),
                 qPrintable(dtlb->sentence));
        // A kernel without THP at all: said from the kernel configuration.
        findings = findingsOf(rules, {hostRun("nothp", {{"hostname", "h"}}, {}, "CONFIG_SMP=y\n# CONFIG_TRANSPARENT_HUGEPAGE is not set\n", 3.0)});
        QCOMPARE(ruleIds(findings, 0), (std::vector<QString>{QStringLiteral("dtlb-walks"), QStringLiteral("thp-not-built-tlb-walks")}));
        QVERIFY(findingOf(findings, QStringLiteral("thp-not-built-tlb-walks"), 0)->sentence.contains(QLatin1String("CONFIG_TRANSPARENT_HUGEPAGE=n")));
        // defrag "always": latency spikes from compaction, whatever the walks.
        findings = findingsOf(rules, {hostRun("defrag", {{"thp_enabled", "always"}, {"thp_defrag", "always"}})});
        QCOMPARE(ruleIds(findings, 0), std::vector<QString>{QStringLiteral("thp-defrag-always")});
        QCOMPARE(findingOf(findings, QStringLiteral("thp-defrag-always"), 0)->metricId, QString());
        QCOMPARE(findingOf(findings, QStringLiteral("thp-defrag-always"), 0)->severity, FindingSeverity::Info);
    }

    void hostSettingsGovernorNumaAndClock()
    {
        FindingRules rules;
        QVERIFY(rules.load(shippedRules(), nullptr));
        const std::string balancing = R"({"kernel.numa_balancing": "1", "vm.swappiness": "60"})";
        const std::string notBalancing = R"({"kernel.numa_balancing": "0"})";
        const std::vector<Finding> findings = findingsOf(
            rules, {hostRun("powersave", {{"cpu_governor", "powersave"}, {"numa_nodes", 2}, {"clocksource", "tsc"}}, balancing),
                    hostRun("schedutil", {{"cpu_governor", "schedutil"}, {"numa_nodes", 1}, {"clocksource", "xen"}}, balancing),
                    hostRun("performance", {{"cpu_governor", "performance"}, {"numa_nodes", 2}}, notBalancing),
                    // No cpufreq in a VM: the governor is unavailable, no claim about it.
                    hostRun("vm", {{"numa_nodes", 2}})});
        QCOMPARE(ruleIds(findings, 0), (std::vector<QString>{QStringLiteral("cpufreq-powersave"), QStringLiteral("numa-balancing")}));
        QCOMPARE(ruleIds(findings, 1), (std::vector<QString>{QStringLiteral("cpufreq-dynamic"), QStringLiteral("slow-clocksource")}));
        QCOMPARE(ruleIds(findings, 2), std::vector<QString>{});
        QCOMPARE(ruleIds(findings, 3), std::vector<QString>{});
        const Finding* governor = findingOf(findings, QStringLiteral("cpufreq-powersave"), 0);
        QCOMPARE(governor->severity, FindingSeverity::Warning);
        QCOMPARE(governor->metricId, QStringLiteral("cpu.user"));
        QCOMPARE(governor->sentence, QStringLiteral("The CPU frequency governor is powersave in powersave: the CPUs may run below their "
                                                    "rated clock, which makes the run slower and noisier. Set the performance governor "
                                                    "(cpupower frequency-set -g performance) for benchmarks."));
        const Finding* numa = findingOf(findings, QStringLiteral("numa-balancing"), 0);
        QCOMPARE(numa->metricId, QStringLiteral("mem.vm.pgminorfault"));
        QVERIFY2(numa->sentence.startsWith(QLatin1String("Automatic NUMA balancing is on (kernel.numa_balancing = 1) in powersave")),
                 qPrintable(numa->sentence));
        QVERIFY(findingOf(findings, QStringLiteral("slow-clocksource"), 1)->sentence.startsWith(QLatin1String("The clock source is xen in schedutil")));
    }

    void hostConditionsInRuleFiles()
    {
        FindingRules rules;
        QString error;
        // A comparison rule that only applies where the compared run's host has THP off.
        QVERIFY2(rules.load(R"({"rules": [{"id": "c", "severity": "info", "scope": "comparison", "metric": "pmu.dtlb_walk_pki",
                               "op": ">=", "threshold": 50, "significant": false,
                               "host": [{"section": "Host", "key": "thp_enabled", "not_in": ["always", "madvise"]}],
                               "sentence": "{change} with THP {fact}"}]})",
                            &error),
                 qPrintable(error));
        const std::vector<Finding> findings = findingsOf(rules, {hostRun("a", {{"thp_enabled", "madvise"}}, {}, {}, 1.0),
                                                                 hostRun("b", {{"thp_enabled", "never"}}, {}, {}, 2.0),
                                                                 hostRun("c", {{"thp_enabled", "madvise"}}, {}, {}, 2.0)});
        QCOMPARE(findings.size(), std::size_t(1));
        QCOMPARE(findings.front().run, 1);
        QCOMPARE(findings.front().sentence, QStringLiteral("+100.0 % with THP never"));
        // Bad host conditions name the rule.
        QVERIFY(!rules.load(R"({"rules": [{"id": "h", "severity": "info", "scope": "run", "host": [{"section": "Host"}], "sentence": "s"}]})", &error));
        QVERIFY2(error.contains(QLatin1String("rule h")), qPrintable(error));
        QVERIFY(!rules.load(R"({"rules": [{"id": "k", "severity": "info", "scope": "run", "host": [{"section": "Host", "key": "x"}], "sentence": "s"}]})", &error));
        QVERIFY2(error.contains(QLatin1String("rule k")), qPrintable(error));
        QVERIFY(!rules.load(R"({"rules": [{"id": "s", "severity": "info", "scope": "comparison", "host": [{"section": "Host", "key": "x", "in": ["y"]}], "sentence": "s"}]})", &error));
        QVERIFY2(error.contains(QLatin1String("scope run")), qPrintable(error));
        QVERIFY(!rules.load(R"({"rules": [{"id": "m", "severity": "info", "scope": "run", "sentence": "s"}]})", &error));
    }

    void everyRuleSaysWhereItsThresholdComesFrom()
    {
        const QJsonArray rules = QJsonDocument::fromJson(shippedRules()).object().value(QStringLiteral("rules")).toArray();
        QVERIFY(rules.size() >= 40);
        for (const QJsonValue& rule : rules) {
            const QString id = rule.toObject().value(QStringLiteral("id")).toString();
            QVERIFY2(rule.toObject().value(QStringLiteral("source")).toString().size() > 20, qPrintable(id));
        }
    }

    void everyThresholdRuleFiresAboveItAndNotBelow_data()
    {
        QTest::addColumn<QJsonObject>("rule");
        for (const QJsonValue& value : QJsonDocument::fromJson(shippedRules()).object().value(QStringLiteral("rules")).toArray()) {
            const QJsonObject rule = value.toObject();
            // Rules on the host configuration are tested with hosts above; these are the metric thresholds.
            if (rule.contains(QStringLiteral("host")) || !rule.contains(QStringLiteral("metric")))
                continue;
            QTest::newRow(qPrintable(rule.value(QStringLiteral("id")).toString())) << rule;
        }
    }
    void everyThresholdRuleFiresAboveItAndNotBelow()
    {
        // For each rule: runs whose metric sits well past the threshold (it must fire) and well
        // short of it (it must not), as a constant series so that every statistic is that value.
        QFETCH(QJsonObject, rule);
        const QString id = rule.value(QStringLiteral("id")).toString();
        const std::string metric = rule.value(QStringLiteral("metric")).toString().toStdString();
        const std::string ratioTo = rule.value(QStringLiteral("ratio_to")).toString().toStdString();
        const bool anyInstance = rule.value(QStringLiteral("instances")).toString() == QLatin1String("any");
        const bool comparison = rule.value(QStringLiteral("scope")).toString() == QLatin1String("comparison");
        const QString op = rule.value(QStringLiteral("op")).toString();
        const double threshold = rule.value(QStringLiteral("threshold")).toDouble();
        const bool upward = op.startsWith(QLatin1Char('>'));
        const double margin = std::max(1.0, std::fabs(threshold) * 0.5);
        // Run scope: the statistic itself (or its ratio to ratio_to's, which is 100). Comparison
        // scope: the change in percent against a baseline of 100.
        const double fire = upward ? threshold + margin : threshold - margin;
        const double quiet = upward ? threshold - margin : threshold + std::min(margin, 1.0);
        const auto makeFor = [&](const std::string& name, double value) {
            std::vector<MetricSpec> metrics;
            const std::vector<std::string> instances = anyInstance ? std::vector<std::string>{"x0", "x1"} : std::vector<std::string>{"all"};
            // With "any", one instance carries the value and the other sits at the quiet side.
            const double other = anyInstance ? quiet : value;
            metrics.push_back({metric, "", instances, [value, other](std::size_t, std::size_t i) { return i == 0 ? other : value; }});
            if (!ratioTo.empty())
                metrics.push_back({ratioTo, "", {"all"}, [](std::size_t, std::size_t) { return 100.0; }});
            return makeRun(QString::fromStdString("/" + name), name, 30, 1.0, metrics);
        };
        FindingRules rules;
        QString error;
        QVERIFY2(rules.load(shippedRules(), &error), qPrintable(error));
        const auto fires = [&](double value) {
            std::vector<SummaryRunInput> runs;
            if (comparison) {
                runs = inputs({makeFor("baseline", 100.0), makeFor("other", 100.0 * (1.0 + value / 100.0))});
            } else {
                const double scaled = ratioTo.empty() ? value : value * 100.0;
                runs = inputs({makeFor("run", scaled)});
            }
            const SummaryReport report = SummaryBuilder::build(runs, 0, {});
            for (const Finding& finding : rules.evaluate(runs, 0, report)) {
                if (finding.ruleId == id)
                    return true;
            }
            return false;
        };
        QVERIFY2(fires(fire), qPrintable(QStringLiteral("%1 does not fire at %2").arg(id).arg(fire)));
        QVERIFY2(!fires(quiet), qPrintable(QStringLiteral("%1 fires at %2").arg(id).arg(quiet)));
    }

    void demoRuns()
    {
        FindingRules rules;
        QVERIFY(rules.load(shippedRules(), nullptr));
        const RunPtr baseline = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz"));
        const RunPtr tuned = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz"));
        const auto runs = inputs({baseline, tuned});
        SummaryBuilder::Options options;
        options.rules = &rules;
        const SummaryReport report = SummaryBuilder::build(runs, 0, options);
        QStringList found;
        for (const Finding& finding : report.findings) {
            found.append(QStringLiteral("%1:%2:%3").arg(finding.run).arg(finding.ruleId, finding.metricId));
            QVERIFY(report.row(finding.metricId) || baseline->hasMetric(finding.metricId));
        }
        qInfo("%s", qPrintable(found.join(QLatin1Char(' '))));
        // The demo's host is healthy: its one major fault a second used to raise a warning.
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char(' '))));
        double majorFaults = 0;
        for (const double v : tuned->series(QStringLiteral("mem.vm.pgmajfault"), QString()).values)
            majorFaults = std::isnan(v) ? majorFaults : std::max(majorFaults, v);
        QVERIFY(majorFaults > 0); // they are there, below the calibrated threshold
    }
};

QTEST_GUILESS_MAIN(TestFindingRules)
#include "tst_findingrules.moc"
