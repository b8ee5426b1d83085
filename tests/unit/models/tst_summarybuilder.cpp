#include "RunFactory.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryExport.h"

#include <QTest>

#include <cmath>
#include <random>
#include <tuple>

using runlens::format::BetterDirection;

namespace {

// Deterministic noise around a level: the same row gives the same value in every run.
double noisy(std::size_t row, double level, double amplitude)
{
    return level + amplitude * std::sin(double(row) * 1.7) * std::cos(double(row) * 0.31);
}

std::vector<SummaryRunInput> inputs(std::initializer_list<RunPtr> runs)
{
    std::vector<SummaryRunInput> result;
    for (const RunPtr& run : runs)
        result.push_back({run, run->name(), std::nullopt, run->repeatGroup()});
    return result;
}

RunPtr makeComparisonRun(const std::string& name, double ipc, double latency, double idle, double zeroBased)
{
    return makeRun(QString::fromStdString("/" + name + ".tar.gz"), name, 60, 1.0,
                   {{"pmu.ipc", "ratio", {"all", "cpu0"}, [=](std::size_t r, std::size_t) { return noisy(r, ipc, 0.02); },
                     BetterDirection::Higher},
                    {"disk.await", "ms", {"all"}, [=](std::size_t r, std::size_t) { return noisy(r, latency, 0.05); },
                     BetterDirection::Lower},
                    {"cpu.idle", "%", {"all", "cpu0", "cpu1"}, [=](std::size_t r, std::size_t) { return noisy(r, idle, 3); },
                     BetterDirection::Neutral},
                    {"mem.vm.pgmajfault", "/s", {""}, [=](std::size_t, std::size_t) { return zeroBased; },
                     BetterDirection::Lower}});
}

const SummaryCell& cell(const SummaryReport& report, const char* metric, int run)
{
    const SummaryRow* row = report.row(QString::fromLatin1(metric));
    if (!row)
        qFatal("no row for %s", metric);
    return row->cells[std::size_t(run)];
}

} // namespace

class TestSummaryBuilder : public QObject
{
    Q_OBJECT

private slots:
    void verdictFollowsBetterDirection()
    {
        // Higher IPC is better, lower latency is better: the tuned run improves one and worsens the other.
        const RunPtr baseline = makeComparisonRun("baseline", 1.0, 2.0, 40, 0);
        const RunPtr tuned = makeComparisonRun("tuned", 1.2, 3.0, 40, 0);
        const SummaryReport report = SummaryBuilder::build(inputs({baseline, tuned}), 0, {});
        QCOMPARE(report.rows.size(), std::size_t(4));
        QCOMPARE(report.rows[0].metricId, QStringLiteral("pmu.ipc"));
        QCOMPARE(report.rows[0].instance, QStringLiteral("all"));
        QCOMPARE(report.rows[3].instance, QString());

        QCOMPARE(cell(report, "pmu.ipc", 0).verdict, Verdict::Baseline);
        const SummaryCell& ipc = cell(report, "pmu.ipc", 1);
        QCOMPARE(ipc.verdict, Verdict::Improvement);
        QVERIFY(std::fabs(ipc.delta - 0.2) < 1e-9);
        QVERIFY(std::fabs(ipc.deltaPercent - 100.0 * ipc.delta / cell(report, "pmu.ipc", 0).stats.mean) < 1e-9);
        QVERIFY(ipc.estimate.low > 0);

        const SummaryCell& latency = cell(report, "disk.await", 1);
        QCOMPARE(latency.verdict, Verdict::Regression);
        QVERIFY(std::fabs(latency.delta - 1.0) < 1e-9);
        QVERIFY(std::fabs(latency.deltaPercent - 50.0) < 1.0);

        // Same samples in both runs: no difference at all.
        QCOMPARE(cell(report, "cpu.idle", 1).verdict, Verdict::Unchanged);
        QCOMPARE(SummaryExport::formatDelta(*report.row(QStringLiteral("pmu.ipc")), ipc), QStringLiteral("+20 %"));
    }

    void lowerIsBetterImprovesWhenItFalls()
    {
        const RunPtr baseline = makeComparisonRun("baseline", 1.0, 3.0, 40, 0);
        const RunPtr tuned = makeComparisonRun("tuned", 0.8, 2.0, 40, 0);
        const SummaryReport report = SummaryBuilder::build(inputs({baseline, tuned}), 0, {});
        QCOMPARE(cell(report, "disk.await", 1).verdict, Verdict::Improvement);
        QCOMPARE(cell(report, "pmu.ipc", 1).verdict, Verdict::Regression);
        // The baseline can be any run: judged from the tuned run's side, everything flips.
        const SummaryReport reversed = SummaryBuilder::build(inputs({baseline, tuned}), 1, {});
        QCOMPARE(cell(reversed, "disk.await", 0).verdict, Verdict::Regression);
        QCOMPARE(cell(reversed, "pmu.ipc", 0).verdict, Verdict::Improvement);
    }

    void neutralMetricsChangeWithoutJudgement()
    {
        const RunPtr baseline = makeComparisonRun("baseline", 1.0, 2.0, 40, 0);
        const RunPtr tuned = makeComparisonRun("tuned", 1.0, 2.0, 60, 0);
        const SummaryReport report = SummaryBuilder::build(inputs({baseline, tuned}), 0, {});
        QCOMPARE(cell(report, "cpu.idle", 1).verdict, Verdict::Changed);
    }

    void noiseIsNotHighlighted()
    {
        std::mt19937_64 random(11);
        std::normal_distribution<double> noise(0, 5);
        std::vector<double> a(80), b(80);
        for (auto& v : a)
            v = 100 + noise(random);
        for (auto& v : b)
            v = 100.5 + noise(random); // 0.5 % apart, 5 % noise
        const auto run = [](const std::string& name, const std::vector<double>& values) {
            return makeRun(QString::fromStdString("/" + name), name, values.size(), 1.0,
                           {{"pmu.ipc", "ratio", {"all"}, [values](std::size_t r, std::size_t) { return values[r]; },
                             BetterDirection::Higher}});
        };
        const SummaryReport report = SummaryBuilder::build(inputs({run("a", a), run("b", b)}), 0, {});
        QCOMPARE(cell(report, "pmu.ipc", 1).verdict, Verdict::WithinNoise);
        QVERIFY(!report.rows[0].hasSignificantChange());
    }

    void aChangeBelowThePracticalFloorIsUnchanged()
    {
        // 0.3 % apart with almost no noise: the test calls it real, but nobody tunes for 0.3 %.
        const auto run = [](const std::string& name, double level) {
            return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                           {{"pmu.ipc", "ratio", {"all"}, [level](std::size_t r, std::size_t) { return noisy(r, level, 0.0001); },
                             BetterDirection::Higher}});
        };
        const auto runs = inputs({run("a", 1.0), run("b", 1.003)});
        const SummaryReport report = SummaryBuilder::build(runs, 0, {});
        QCOMPARE(cell(report, "pmu.ipc", 1).verdict, Verdict::Unchanged);
        QVERIFY(cell(report, "pmu.ipc", 1).estimate.significant);
        QVERIFY(!report.rows[0].hasSignificantChange()); // not under "only real changes"
        // The floor is an option: without it the same change is an improvement.
        SummaryBuilder::Options options;
        options.significance.minimumRelativeChange = 0;
        QCOMPARE(cell(SummaryBuilder::build(runs, 0, options), "pmu.ipc", 1).verdict, Verdict::Improvement);
        // 1.5 % is above it.
        QCOMPARE(cell(SummaryBuilder::build(inputs({run("a", 1.0), run("c", 1.015)}), 0, {}), "pmu.ipc", 1).verdict,
                 Verdict::Improvement);
    }

    void aWindowOfTwoSamplesIsTooFewNotNoise()
    {
        // -85 % over 2 s: not "noise" — there is not enough to tell.
        const auto make = [](const std::string& name, double level) {
            return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                           {{"disk.await", "ms", {"all"}, [level](std::size_t r, std::size_t) { return noisy(r, level, 0.1); },
                             BetterDirection::Lower}});
        };
        std::vector<SummaryRunInput> runs = inputs({make("a", 10.0), make("b", 1.5)});
        runs[0].window = runs[1].window = std::make_pair(10.0, 11.0);
        const SummaryReport report = SummaryBuilder::build(runs, 0, {});
        QCOMPARE(cell(report, "disk.await", 1).stats.count, std::size_t(2));
        QCOMPARE(cell(report, "disk.await", 1).verdict, Verdict::TooFewSamples);
        QCOMPARE(verdictName(Verdict::TooFewSamples), QStringLiteral("too-few-samples"));
        QCOMPARE(SummaryExport::verdictText(Verdict::TooFewSamples), QStringLiteral("too few samples"));
    }

    void zeroBaselineGivesAbsoluteDelta()
    {
        const RunPtr baseline = makeComparisonRun("baseline", 1.0, 2.0, 40, 0);
        const RunPtr tuned = makeComparisonRun("tuned", 1.0, 2.0, 40, 3);
        const SummaryReport report = SummaryBuilder::build(inputs({baseline, tuned}), 0, {});
        const SummaryCell& faults = cell(report, "mem.vm.pgmajfault", 1);
        QVERIFY(std::isnan(faults.deltaPercent));
        QCOMPARE(faults.delta, 3.0);
        QCOMPARE(faults.verdict, Verdict::Regression);
        QCOMPARE(SummaryExport::formatDelta(*report.row(QStringLiteral("mem.vm.pgmajfault")), faults), QStringLiteral("+3 /s"));
    }

    void windowLimitsTheSamples()
    {
        // A step at t = 30 s: before it both runs are equal, after it the tuned one is higher.
        const auto make = [](const std::string& name, double after) {
            return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                           {{"pmu.ipc", "ratio", {"all"}, [after](std::size_t r, std::size_t) { return r < 30 ? 1.0 : after; },
                             BetterDirection::Higher}});
        };
        std::vector<SummaryRunInput> runs = inputs({make("a", 1.0), make("b", 2.0)});
        runs[0].window = runs[1].window = std::make_pair(0.0, 29.0);
        const SummaryReport early = SummaryBuilder::build(runs, 0, {});
        QCOMPARE(cell(early, "pmu.ipc", 1).stats.count, std::size_t(30));
        QCOMPARE(cell(early, "pmu.ipc", 1).verdict, Verdict::Unchanged);
        runs[0].window = runs[1].window = std::make_pair(30.0, 59.0);
        QCOMPARE(cell(SummaryBuilder::build(runs, 0, {}), "pmu.ipc", 1).verdict, Verdict::Improvement);
    }

    void perInstanceRowOnDemand()
    {
        const RunPtr baseline = makeComparisonRun("baseline", 1.0, 2.0, 40, 0);
        const RunPtr tuned = makeComparisonRun("tuned", 1.0, 2.0, 70, 0);
        const SummaryRow row = SummaryBuilder::buildRow(inputs({baseline, tuned}), 0, QStringLiteral("cpu.idle"),
                                                        QStringLiteral("cpu1"), {});
        QCOMPARE(row.instance, QStringLiteral("cpu1"));
        QVERIFY(std::fabs(row.cells[1].delta - 30.0) < 1e-9);
    }

    // --instances / "Show per-instance rows": after the metric's own row one row per CPU, with the
    // statistics of that CPU alone; CPUs only one run has are there too, without a comparison.
    void instanceRowsForChosenMetrics()
    {
        const auto make = [](const std::string& name, std::vector<double> bases) {
            std::vector<std::string> instances{"all"};
            for (std::size_t i = 0; i < bases.size(); ++i)
                instances.push_back("cpu" + std::to_string(i));
            return makeRun(QString::fromStdString("/" + name), name, 10, 1.0,
                           {{"cpu.user", "%", instances,
                             [bases](std::size_t r, std::size_t i) { return i == 0 ? 0.0 : bases[i - 1] + double(r); }},
                            {"mem.used", "B", {""}, [](std::size_t, std::size_t) { return 1.0; }},
                            {"pmu.multiplex_pct", "%", {"core", "cache"}, [](std::size_t, std::size_t i) { return i == 0 ? 100.0 : 50.0; }}});
        };
        // cpu0 10…19 in both runs, cpu1 20…29 against 30…39, cpu2 (5…14) only in the tuned run.
        const auto runs = inputs({make("base", {10, 20}), make("tuned", {10, 30, 5})});

        QStringList names;
        for (const SummaryRow& row : SummaryBuilder::build(runs, 0, {}).rows)
            names.append(row.name());
        QCOMPARE(names, (QStringList{QStringLiteral("cpu.user"), QStringLiteral("mem.used")}));

        SummaryBuilder::Options options;
        options.instanceMetrics = QStringList{QStringLiteral("cpu.user"), QStringLiteral("mem.used")};
        const SummaryReport report = SummaryBuilder::build(runs, 0, options);
        names.clear();
        for (const SummaryRow& row : report.rows)
            names.append(row.name());
        QCOMPARE(names, (QStringList{QStringLiteral("cpu.user"), QStringLiteral("cpu.user[cpu0]"), QStringLiteral("cpu.user[cpu1]"),
                                     QStringLiteral("cpu.user[cpu2]"), QStringLiteral("mem.used")}));
        QCOMPARE(report.row(QStringLiteral("cpu.user"))->instance, QStringLiteral("all"));

        const SummaryRow& cpu0 = report.rows[1];
        QVERIFY(cpu0.isInstanceRow());
        QCOMPARE(cpu0.instance, QStringLiteral("cpu0"));
        const WindowStatistics& s = cpu0.cells[0].stats;
        QCOMPARE(s.count, std::size_t(10));
        QCOMPARE(s.mean, 14.5);
        QVERIFY(std::fabs(s.sd - std::sqrt(82.5 / 9)) < 1e-12); // sum of (k - 4.5)² for k = 0…9 is 82.5
        QCOMPARE(s.min, 10.0);
        QCOMPARE(s.max, 19.0);
        QCOMPARE(s.p50, 14.5);
        QVERIFY(std::fabs(s.p90 - 18.1) < 1e-12);
        QVERIFY(std::fabs(s.p99 - 18.91) < 1e-12);
        QCOMPARE(cpu0.cells[1].verdict, Verdict::Unchanged);
        QCOMPARE(cpu0.cells[1].delta, 0.0);

        const SummaryRow& cpu1 = report.rows[2];
        QCOMPARE(cpu1.cells[0].stats.mean, 24.5);
        QCOMPARE(cpu1.cells[1].stats.mean, 34.5);
        QCOMPARE(cpu1.cells[1].delta, 10.0);
        QVERIFY(std::fabs(cpu1.cells[1].deltaPercent - 100.0 * 10 / 24.5) < 1e-9);
        QVERIFY(cpu1.cells[1].verdict != Verdict::NoData);

        const SummaryRow& cpu2 = report.rows[3];
        QCOMPARE(cpu2.cells[0].verdict, Verdict::NoData);
        QCOMPARE(cpu2.cells[1].verdict, Verdict::NoData);
        QCOMPARE(cpu2.cells[1].stats.mean, 9.5);

        // "all": every per-instance metric, also one without an aggregate (counter groups), instances
        // in the runs' natural order.
        options = {};
        options.allInstanceMetrics = true;
        names.clear();
        for (const SummaryRow& row : SummaryBuilder::build(runs, 0, options).rows)
            names.append(row.name());
        QCOMPARE(names, (QStringList{QStringLiteral("cpu.user"), QStringLiteral("cpu.user[cpu0]"), QStringLiteral("cpu.user[cpu1]"),
                                     QStringLiteral("cpu.user[cpu2]"), QStringLiteral("mem.used"),
                                     QStringLiteral("pmu.multiplex_pct[cache]"), QStringLiteral("pmu.multiplex_pct[core]")}));

        // Exports name the instance rows; the headline only speaks of metrics.
        const QString csv = QString::fromUtf8(SummaryExport::toCsv(report));
        QVERIFY2(csv.contains(QLatin1String("\ncpu.user[cpu1],cpu1,cpu.user,%,CPU,neutral,10,24.5,")), qPrintable(csv));
        const QString markdown = QString::fromUtf8(SummaryExport::toMarkdown(report));
        QVERIFY2(markdown.contains(QLatin1String("| cpu.user (`cpu.user[cpu1]`) | CPU | 24.5 % | 34.5 % (")), qPrintable(markdown));
        for (const Verdict verdict : {Verdict::Changed, Verdict::Improvement, Verdict::Regression, Verdict::WithinNoise}) {
            for (const SummaryExport::HeadlineItem& item : SummaryExport::biggestChanges(report, 1, verdict, 10))
                QVERIFY(!report.rows[std::size_t(item.row)].isInstanceRow());
        }
    }

    void repeatGroupsReportTheirSpread()
    {
        std::vector<SummaryRunInput> runs;
        for (const auto& [name, group, level] : std::vector<std::tuple<std::string, QString, double>>{
                 {"b1", "baseline", 1.00}, {"b2", "baseline", 1.02}, {"b3", "baseline", 0.98},
                 {"t1", "tuned", 1.10}, {"t2", "tuned", 1.10}}) {
            const double value = level;
            const RunPtr run = makeRun(QString::fromStdString("/" + name), name, 20, 1.0,
                                       {{"pmu.ipc", "ratio", {"all"}, [value](std::size_t, std::size_t) { return value; },
                                         BetterDirection::Higher}});
            runs.push_back({run, run->name(), std::nullopt, group});
        }
        const SummaryReport report = SummaryBuilder::build(runs, 0, {});
        const SummaryRow& row = report.rows[0];
        QCOMPARE(row.spreads.size(), std::size_t(2));
        QCOMPARE(row.spreads[0].group, QStringLiteral("baseline"));
        QCOMPARE(row.spreads[0].spread.runs, 3);
        QVERIFY(std::fabs(row.spreads[0].spread.rangeOverMedian - 0.04) < 1e-9);
        QCOMPARE(row.spreads[1].spread.rangeOverMedian, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestSummaryBuilder)
#include "tst_summarybuilder.moc"
