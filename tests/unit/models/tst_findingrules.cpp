#include "RunFactory.h"
#include "RunLoader.h"
#include "summary/FindingRules.h"
#include "summary/SummaryBuilder.h"

#include <QFile>
#include <QTest>

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
        QCOMPARE(found, QStringList{QStringLiteral("1:major-faults:mem.vm.pgmajfault")});
    }
};

QTEST_GUILESS_MAIN(TestFindingRules)
#include "tst_findingrules.moc"
