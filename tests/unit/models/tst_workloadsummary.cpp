// The workload's own metrics in the summary (`runlens-rec record -- COMMAND` with
// --workload-metric): first in the rows and the headline, judged by the spread of repeats when the
// runs are repeated, run-level results whatever the window, and a recorded throughput in
// price-performance. Every number here follows from the series built below.
#include "RunFactory.h"
#include "summary/RecordedThroughput.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryRequest.h"
#include "summary/SummaryTableModel.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <cmath>

using runlens::format::BetterDirection;
using runlens::format::MetricScope;

namespace {

// Rows as a benchmark prints them: every second, but 0.3 s off the collectors' interval grid.
std::vector<double> benchmarkTimes(std::size_t count)
{
    std::vector<double> times;
    for (std::size_t i = 0; i < count; ++i)
        times.push_back(0.7 + double(i));
    return times;
}

// One run of 20 s: its workload's throughput (constant `tps`, so that each run's mean is exact),
// p95 latency, IPC (a system metric) and CPU idle, in a repeat group.
RunPtr workloadRun(const std::string& name, double tps, double latency, double ipc)
{
    return makeRun(QString::fromStdString("/" + name + ".tar.gz"), name, 20, 1.0,
                   {{"cpu.idle", "%", {"all"}, [](std::size_t r, std::size_t) { return 40.0 + double(r % 3); }},
                    {"pmu.ipc", "ratio", {"all"}, [ipc](std::size_t r, std::size_t) { return ipc + 0.001 * double(r % 2); },
                     BetterDirection::Higher},
                    {"workload.tps", "tps", {""}, [tps](std::size_t, std::size_t) { return tps; }, BetterDirection::Higher,
                     MetricScope::Series, benchmarkTimes(19), "Throughput"},
                    {"workload.latency_p95", "ms", {""}, [latency](std::size_t, std::size_t) { return latency; },
                     BetterDirection::Lower, MetricScope::Series, benchmarkTimes(19), "p95 latency"}});
}

SummaryRunInput input(const RunPtr& run, const QString& group = {})
{
    return {run, run->name(), std::nullopt, group};
}

// Three repeats of the baseline (1000, 1040, 960 tps: a spread of 80 / 1000 = 8 %) and three of the
// tuned variant at `tuned` ± 10 tps; IPC 1.0 against 1.5 in every run.
std::vector<SummaryRunInput> repeatedRuns(double tuned)
{
    return {input(workloadRun("b1", 1000, 10, 1.0), QStringLiteral("base")),
            input(workloadRun("b2", 1040, 10, 1.0), QStringLiteral("base")),
            input(workloadRun("b3", 960, 10, 1.0), QStringLiteral("base")),
            input(workloadRun("t1", tuned, 10, 1.5), QStringLiteral("tuned")),
            input(workloadRun("t2", tuned + 10, 10, 1.5), QStringLiteral("tuned")),
            input(workloadRun("t3", tuned - 10, 10, 1.5), QStringLiteral("tuned"))};
}

QStringList rowIds(const SummaryReport& report)
{
    QStringList ids;
    for (const SummaryRow& row : report.rows)
        ids.append(row.name());
    return ids;
}

QStringList texts(const std::vector<SummaryExport::HeadlineItem>& items)
{
    QStringList result;
    for (const SummaryExport::HeadlineItem& item : items)
        result.append(item.text);
    return result;
}

} // namespace

class TestWorkloadSummary : public QObject
{
    Q_OBJECT

private slots:
    // The recorder lists its groups in collector order (CPU first, the workload last); the summary
    // shows the workload's metrics first, in the table and in every export.
    void workloadRowsComeFirst()
    {
        const SummaryReport report = SummaryBuilder::build({input(workloadRun("a", 1000, 10, 1.0)),
                                                            input(workloadRun("b", 3120, 4, 1.0))},
                                                           0, {});
        QCOMPARE(rowIds(report), (QStringList{QStringLiteral("workload.tps"), QStringLiteral("workload.latency_p95"),
                                              QStringLiteral("cpu.idle"), QStringLiteral("pmu.ipc")}));
        QVERIFY(report.rows[0].isWorkload());
        QCOMPARE(report.rows[0].category, QStringLiteral("Workload"));
        QVERIFY(!report.rows[2].isWorkload());
        // Stamped off the grid, 19 rows of each: the summary does not care where they fall.
        QCOMPARE(report.rows[0].cells[1].stats.count, std::size_t(19));
        QCOMPARE(report.rows[0].cells[1].stats.mean, 3120.0);

        const QList<QByteArray> csv = SummaryExport::toCsv(report).split('\n');
        QVERIFY2(csv[1].startsWith("workload.tps,,Throughput,tps,Workload,higher,19,1000,"), csv[1].constData());
        QVERIFY2(csv[2].startsWith("workload.latency_p95,,p95 latency,ms,Workload,lower,19,10,"), csv[2].constData());
        const QJsonArray metrics = QJsonDocument::fromJson(SummaryExport::toJson(report)).object()[QStringLiteral("metrics")].toArray();
        QCOMPARE(metrics[0].toObject()[QStringLiteral("id")].toString(), QStringLiteral("workload.tps"));
        QCOMPARE(metrics[0].toObject()[QStringLiteral("scope")].toString(), QStringLiteral("series"));
        const QString markdown = QString::fromUtf8(SummaryExport::toMarkdown(report));
        QVERIFY(markdown.indexOf(QLatin1String("| Throughput (`workload.tps`) | Workload |"))
                < markdown.indexOf(QLatin1String("| cpu.idle (`cpu.idle`) | CPU |")));

        SummaryTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(std::make_shared<const SummaryReport>(report));
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("Throughput"));
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("Workload"));
        QCOMPARE(model.index(0, 4).data().toString(), QStringLiteral("+212 %"));
    }

    // "Throughput +212 %, beyond noise": the headline opens with the workload, before the system
    // metrics, and its Better/Worse lists say the same as the table's verdicts.
    void headlineOpensWithTheWorkload()
    {
        // Tuned: 3120 tps against 1000 (+212 %), p95 latency 4 ms against 10 (−60 %), IPC 1.0 against 3.5
        // (+250 %, a bigger change than the throughput's, yet listed after it).
        const SummaryReport report = SummaryBuilder::build({input(workloadRun("baseline", 1000, 10, 1.0)),
                                                            input(workloadRun("tuned", 3120, 4, 3.5))},
                                                           0, {});
        const SummaryCell& tps = report.row(QStringLiteral("workload.tps"))->cells[1];
        QCOMPARE(tps.verdict, Verdict::Improvement);
        QVERIFY(!tps.repeats); // single runs: the samples decide
        QCOMPARE(report.row(QStringLiteral("workload.latency_p95"))->cells[1].verdict, Verdict::Improvement);
        QCOMPARE(report.row(QStringLiteral("pmu.ipc"))->cells[1].verdict, Verdict::Improvement);

        QCOMPARE(texts(SummaryExport::workloadChanges(report, 1)),
                 (QStringList{QStringLiteral("Throughput +212 %, beyond noise"), QStringLiteral("p95 latency -60 %, beyond noise")}));
        QCOMPARE(texts(SummaryExport::biggestChanges(report, 1, Verdict::Improvement, 3)),
                 (QStringList{QStringLiteral("Throughput +212 %"), QStringLiteral("p95 latency -60 %"), QStringLiteral("pmu.ipc +250 %")}));
        QVERIFY(SummaryExport::biggestChanges(report, 1, Verdict::Regression, 3).empty());
        QVERIFY(SummaryExport::workloadChanges(report, 0).empty()); // the baseline is compared with nothing

        const QString markdown = QString::fromUtf8(SummaryExport::toMarkdown(report));
        QVERIFY2(markdown.contains(QLatin1String("## tuned against baseline\n\n"
                                                 "- Workload: Throughput +212 %, beyond noise; p95 latency -60 %, beyond noise\n"
                                                 "- Better: Throughput +212 %, p95 latency -60 %, pmu.ipc +250 %\n"
                                                 "- Worse: nothing beyond noise\n")),
                 qPrintable(markdown));
        // Without a workload the headline is what it always was.
        const auto system = [](const std::string& name, double ipc) {
            return makeRun(QString::fromStdString("/" + name), name, 20, 1.0,
                           {{"pmu.ipc", "ratio", {"all"}, [ipc](std::size_t r, std::size_t) { return ipc + 0.001 * double(r % 2); },
                             BetterDirection::Higher}});
        };
        const QString plain = QString::fromUtf8(
            SummaryExport::toMarkdown(SummaryBuilder::build({input(system("a", 1.0)), input(system("b", 2.0))}, 0, {})));
        QVERIFY(!plain.contains(QLatin1String("Workload")));
        QVERIFY(plain.contains(QLatin1String("## b against a\n\n- Better: pmu.ipc +100 %\n")));
    }

    // With repeats, a workload metric is judged by the repeats' spread: 3 × base at 1000/1040/960
    // (spread 8 %) against 3 × tuned at 1100/1110/1090 (spread 1.8 %): +10 % is beyond the larger
    // spread; at 1050/1060/1040 (+5 %) it is not, however tight each run's own samples are.
    void repeatsJudgeWorkloadMetricsByTheirSpread()
    {
        const SummaryReport report = SummaryBuilder::build(repeatedRuns(1100), 0, {});
        const SummaryRow& row = *report.row(QStringLiteral("workload.tps"));
        QCOMPARE(row.spreads.size(), std::size_t(2));
        QCOMPARE(row.spreads[0].group, QStringLiteral("base"));
        QCOMPARE(row.spreads[0].spread.runs, 3);
        QCOMPARE(row.spreads[0].spread.median, 1000.0);
        QCOMPARE(row.spreads[0].spread.rangeOverMedian, 0.08);
        QCOMPARE(row.spreads[1].group, QStringLiteral("tuned"));
        QCOMPARE(row.spreads[1].spread.rangeOverMedian, 20.0 / 1100.0);

        // Every tuned run compares the variants: the same difference of their means, +100 tps.
        for (const int run : {3, 4, 5}) {
            const SummaryCell& cell = row.cells[std::size_t(run)];
            QVERIFY(cell.repeats);
            QCOMPARE(cell.repeats->baselineGroup, QStringLiteral("base"));
            QCOMPARE(cell.repeats->otherGroup, QStringLiteral("tuned"));
            QCOMPARE(cell.repeats->noise, 0.08);
            QCOMPARE(cell.repeats->noiseBand, 80.0);
            QCOMPARE(cell.delta, 100.0);
            QCOMPARE(cell.deltaPercent, 10.0);
            QVERIFY(cell.repeats->beyondNoise);
            QCOMPARE(cell.verdict, Verdict::Improvement);
            QCOMPARE(cell.estimate.low, 20.0); // the noise band around the difference, not a bootstrap
            QCOMPARE(cell.estimate.high, 180.0);
        }
        // A repeat of the baseline differs from it by no more than its variant's spread: noise.
        const SummaryCell& repeat = row.cells[1];
        QVERIFY(repeat.repeats && repeat.repeats->isWithinVariant());
        QCOMPARE(repeat.delta, 40.0);
        QCOMPARE(repeat.verdict, Verdict::WithinNoise);
        // System metrics keep the test over the samples (IPC: every run's own samples).
        QVERIFY(!report.row(QStringLiteral("pmu.ipc"))->cells[3].repeats);
        QCOMPARE(report.row(QStringLiteral("pmu.ipc"))->cells[3].verdict, Verdict::Improvement);

        QCOMPARE(texts(SummaryExport::workloadChanges(report, 3)),
                 (QStringList{QStringLiteral("Throughput +10 %, beyond noise"), QStringLiteral("p95 latency unchanged")}));
        QCOMPARE(texts(SummaryExport::repeatNoise(report)),
                 (QStringList{QStringLiteral("Throughput: base 8 % (3 runs), tuned 1.82 % (3 runs)"),
                              QStringLiteral("p95 latency: base 0 % (3 runs), tuned 0 % (3 runs)")}));

        // +5 %: within the baseline's 8 %, although the sample test on the runs alone calls it real.
        const SummaryReport close = SummaryBuilder::build(repeatedRuns(1050), 0, {});
        const SummaryCell& noise = close.row(QStringLiteral("workload.tps"))->cells[3];
        QCOMPARE(noise.delta, 50.0);
        QCOMPARE(noise.deltaPercent, 5.0);
        QVERIFY(!noise.repeats->beyondNoise);
        QCOMPARE(noise.verdict, Verdict::WithinNoise);
        QCOMPARE(texts(SummaryExport::workloadChanges(close, 3)).front(), QStringLiteral("Throughput +5.0 %, within noise"));
        QVERIFY(SummaryExport::biggestChanges(close, 3, Verdict::Improvement, 5).front().text.startsWith(QLatin1String("pmu.ipc")));
        std::vector<SummaryRunInput> single = repeatedRuns(1050);
        for (SummaryRunInput& run : single)
            run.repeatGroup.clear();
        const SummaryReport pooledReport = SummaryBuilder::build(single, 0, {});
        const SummaryCell& pooled = pooledReport.row(QStringLiteral("workload.tps"))->cells[3];
        QVERIFY(!pooled.repeats);
        QCOMPARE(pooled.verdict, Verdict::Improvement);

        // A change as large as the larger spread is still noise: the repeats already differ by that much.
        std::vector<SummaryRunInput> edge = repeatedRuns(1080);
        const SummaryReport edgeReport = SummaryBuilder::build(edge, 0, {});
        const SummaryCell& atBand = edgeReport.row(QStringLiteral("workload.tps"))->cells[3];
        QCOMPARE(atBand.delta, 80.0);
        QCOMPARE(atBand.verdict, Verdict::WithinNoise);
    }

    void repeatsInEveryExport()
    {
        const SummaryReport report = SummaryBuilder::build(repeatedRuns(1100), 0, {});
        const QString markdown = QString::fromUtf8(SummaryExport::toMarkdown(report));
        QVERIFY2(markdown.contains(QLatin1String("## t1 against b1\n\n- Workload: Throughput +10 %, beyond noise; p95 latency unchanged\n"
                                                 "- Better: Throughput +10 %, pmu.ipc +50 %\n")),
                 qPrintable(markdown));
        QVERIFY2(markdown.contains(QLatin1String("## b2 against b1\n\n- Workload: Throughput +4.0 %, within noise; p95 latency unchanged\n")),
                 qPrintable(markdown));
        QVERIFY2(markdown.contains(QLatin1String("## Noise across repeats\n\n") + SummaryExport::repeatNoiseRule()
                                   + QLatin1String("\n\n- Throughput: base 8 % (3 runs), tuned 1.82 % (3 runs)\n")),
                 qPrintable(markdown));
        QVERIFY(markdown.indexOf(QLatin1String("## Noise across repeats")) < markdown.indexOf(QLatin1String("## Metrics")));

        const QString csv = QString::fromUtf8(SummaryExport::toCsv(report));
        QVERIFY2(csv.contains(QLatin1String("\n\nmetric,repeat_group,runs,mean,median,range_over_median,cv\n"
                                            "workload.tps,base,3,1000,1000,0.08,0.04\n"
                                            "workload.tps,tuned,3,1100,1100,0.01818181818,0.009090909091\n"
                                            "workload.latency_p95,base,3,10,10,0,0\n")),
                 qPrintable(csv));
        // The t1 cells of workload.tps: delta, delta %, no confidence interval (a noise band instead), verdict.
        QVERIFY2(csv.contains(QLatin1String(",100,10,,,improvement,")), qPrintable(csv));

        const QJsonObject tps = QJsonDocument::fromJson(SummaryExport::toJson(report))
                                    .object()[QStringLiteral("metrics")].toArray()[0].toObject();
        QCOMPARE(tps[QStringLiteral("id")].toString(), QStringLiteral("workload.tps"));
        const QJsonObject t1 = tps[QStringLiteral("runs")].toArray()[3].toObject();
        QCOMPARE(t1[QStringLiteral("compared_by")].toString(), QStringLiteral("repeats"));
        QVERIFY(!t1.contains(QStringLiteral("ci")));
        const QJsonObject repeats = t1[QStringLiteral("repeats")].toObject();
        QCOMPARE(repeats[QStringLiteral("baseline_group")].toString(), QStringLiteral("base"));
        QCOMPARE(repeats[QStringLiteral("runs")].toInt(), 3);
        QCOMPARE(repeats[QStringLiteral("baseline_mean")].toDouble(), 1000.0);
        QCOMPARE(repeats[QStringLiteral("mean")].toDouble(), 1100.0);
        QCOMPARE(repeats[QStringLiteral("noise")].toDouble(), 0.08);
        QCOMPARE(repeats[QStringLiteral("noise_band")].toDouble(), 80.0);
        QVERIFY(repeats[QStringLiteral("beyond_noise")].toBool());
        QCOMPARE(t1[QStringLiteral("verdict")].toString(), QStringLiteral("improvement"));
        QCOMPARE(tps[QStringLiteral("repeat_spread")].toArray()[0].toObject()[QStringLiteral("range_over_median")].toDouble(), 0.08);

        // The table's tooltip says how the verdict was reached.
        SummaryTableModel model;
        model.setReport(std::make_shared<const SummaryReport>(report));
        QCOMPARE(model.headerData(8, Qt::Horizontal).toString(), QStringLiteral("Δ t1"));
        const QString tip = model.index(0, 8).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("Compared by repeats: the mean of tuned (3 runs), 1.1 ktps, against the mean of "
                                            "base (3 runs), 1 ktps: a difference of 100 tps (+10 %)")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("the larger spread (max − min) / median of the two variants, 8 %, that is ±80 tps")),
                 qPrintable(tip));
        QVERIFY(tip.contains(QLatin1String("Verdict: improvement")));
        QVERIFY(!tip.contains(QLatin1String("confidence interval")));
        QVERIFY2(model.index(0, 4).data(Qt::ToolTipRole).toString().contains(QLatin1String("A repeat of the baseline's variant base")),
                 qPrintable(model.index(0, 4).data(Qt::ToolTipRole).toString()));
        QCOMPARE(model.index(0, 4).data().toString(), QStringLiteral("+4.0 % (noise)"));
    }

    // scope "run": a benchmark's final "Requests/sec" is one value for the whole run, printed at its
    // end. The summary takes it whatever the window (a window that ends earlier must not lose it).
    void runResultsIgnoreTheWindow()
    {
        const auto make = [](const std::string& name, double result) {
            return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                           {{"cpu.idle", "%", {"all"}, [](std::size_t r, std::size_t) { return 40.0 + double(r % 3); }},
                            {"workload.rps", "req/s", {""}, [result](std::size_t, std::size_t) { return result; },
                             BetterDirection::Higher, MetricScope::Run, {59.6}, "Requests/sec"}});
        };
        std::vector<SummaryRunInput> runs{input(make("wrk-a", 41234.5)), input(make("wrk-b", 49481.4))};
        runs[0].window = runs[1].window = std::make_pair(5.0, 15.0);
        const SummaryReport report = SummaryBuilder::build(runs, 0, {});
        QCOMPARE(rowIds(report).front(), QStringLiteral("workload.rps"));
        const SummaryRow& row = *report.row(QStringLiteral("workload.rps"));
        QVERIFY(row.isRunResult());
        QCOMPARE(row.cells[0].stats.count, std::size_t(1));
        QCOMPARE(row.cells[0].stats.mean, 41234.5);
        QCOMPARE(row.cells[1].stats.mean, 49481.4);
        QCOMPARE(report.row(QStringLiteral("cpu.idle"))->cells[0].stats.count, std::size_t(11)); // 5 s … 15 s
        // One value each cannot show its noise: that takes repeats, and the headline says so.
        QCOMPARE(row.cells[1].verdict, Verdict::TooFewSamples);
        QCOMPARE(texts(SummaryExport::workloadChanges(report, 1)),
                 QStringList{QStringLiteral("Requests/sec +20 %, one result per run: repeat the runs to tell it from noise")});
        const QJsonObject json = QJsonDocument::fromJson(SummaryExport::toJson(report)).object()[QStringLiteral("metrics")].toArray()[0].toObject();
        QCOMPARE(json[QStringLiteral("scope")].toString(), QStringLiteral("run"));

        SummaryTableModel model;
        model.setReport(std::make_shared<const SummaryReport>(report));
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("Requests/sec (result)"));
        QVERIFY(model.index(0, 2).data(Qt::ToolTipRole).toString().contains(QLatin1String("A result of the whole run")));

        // The last finite value counts: a NaN after it (not measured) changes nothing.
        const RunPtr late = makeRun(QStringLiteral("/late"), "late", 10, 1.0,
                                    {{"workload.rps", "req/s", {""}, [](std::size_t r, std::size_t) { return r == 0 ? 100.0 : std::nan(""); },
                                      BetterDirection::Higher, MetricScope::Run, {3.0, 9.5}}});
        QCOMPARE(WindowStatistics::runResult(late->series(QStringLiteral("workload.rps"), QString())), std::vector<double>{100.0});

        // Repeated, run results are compared by their repeats like any workload metric.
        std::vector<SummaryRunInput> repeated{input(make("a1", 1000), QStringLiteral("a")), input(make("a2", 1020), QStringLiteral("a")),
                                              input(make("b1", 1200), QStringLiteral("b")), input(make("b2", 1180), QStringLiteral("b"))};
        const SummaryReport repeatedReport = SummaryBuilder::build(repeated, 0, {});
        const SummaryCell& judged = repeatedReport.row(QStringLiteral("workload.rps"))->cells[2];
        QVERIFY(judged.repeats);
        QCOMPARE(judged.delta, 180.0);
        QCOMPARE(judged.verdict, Verdict::Improvement);
    }

    // A workload metric in ops/s, req/s, tps … fills price-performance's throughput by itself; a typed
    // one wins, and the report says where each came from.
    void recordedThroughputFillsPricePerformance()
    {
        std::vector<SummaryRunInput> runs{input(workloadRun("baseline", 40000, 10, 1.0)), input(workloadRun("tuned", 48000, 8, 1.0))};
        const SummaryReport plain = SummaryBuilder::build(runs, 0, {});
        const std::vector<RecordedThroughput> recorded = recordedThroughputs(plain);
        QCOMPARE(recorded.size(), std::size_t(2));
        QCOMPARE(recorded[0].value, 40000.0);
        QCOMPARE(recorded[1].value, 48000.0);
        QCOMPARE(recorded[1].unit, QStringLiteral("tps"));
        QCOMPARE(recorded[1].metricId, QStringLiteral("workload.tps")); // not the latency: lower is better, and ms is no rate

        SummaryRequest request;
        request.runs = runs;
        request.prices = SummaryRequest::PriceInputs{};
        request.prices->entered.resize(2);
        request.prices->entered[0].hourlyPrice = 0.2016;
        request.prices->entered[1].hourlyPrice = 0.1632;
        PricePerformanceReport price = request.run().pricePerformance;
        QCOMPARE(price.runs[0].throughput, 40000.0);
        QCOMPARE(price.runs[0].unit, QStringLiteral("tps"));
        QCOMPARE(price.runs[0].throughputSource, ThroughputSource::Recorded);
        QCOMPARE(price.runs[0].throughputMetric, QStringLiteral("workload.tps"));
        QCOMPARE(PricePerformance::costText(price.runs[0]), QStringLiteral("0.5040")); // 0.2016 × 100,000 / 40,000
        QCOMPARE(PricePerformance::costText(price.runs[1]), QStringLiteral("0.3400"));
        QCOMPARE(PricePerformance::relativeText(price, 1), QStringLiteral("-32.5 %"));
        QCOMPARE(PricePerformance::throughputSourceText(price.runs[1]), QStringLiteral("recorded: workload.tps"));

        // Typed wins over recorded, in the unit shown (the recorded one) unless one is typed too.
        request.prices->entered[1].throughput = 60000;
        price = request.run().pricePerformance;
        QCOMPARE(price.runs[1].throughput, 60000.0);
        QCOMPARE(price.runs[1].unit, QStringLiteral("tps"));
        QCOMPARE(price.runs[1].throughputSource, ThroughputSource::Given);
        QCOMPARE(price.runs[0].throughputSource, ThroughputSource::Recorded);
        const SummaryReport withPrices = request.run();
        const QString markdown = QString::fromUtf8(SummaryExport::toMarkdown(withPrices));
        QVERIFY2(markdown.contains(QLatin1String("| baseline | 40000 tps (recorded: workload.tps) | 0.2016 | given |")),
                 qPrintable(markdown));
        QVERIFY2(markdown.contains(QLatin1String("| tuned | 60000 tps | 0.1632 |")), qPrintable(markdown));
        QVERIFY2(QString::fromUtf8(SummaryExport::toCsv(withPrices)).contains(QLatin1String(",recorded,workload.tps\n")),
                 qPrintable(QString::fromUtf8(SummaryExport::toCsv(withPrices))));
        const QJsonObject json = QJsonDocument::fromJson(SummaryExport::toJson(withPrices)).object();
        const QJsonArray priced = json[QStringLiteral("price_performance")].toObject()[QStringLiteral("runs")].toArray();
        QCOMPARE(priced[0].toObject()[QStringLiteral("throughput_source")].toString(), QStringLiteral("recorded"));
        QCOMPARE(priced[1].toObject()[QStringLiteral("throughput_source")].toString(), QStringLiteral("given"));

        // The editable model: prefilled, typed wins, emptied goes back; the source is a role and a tooltip.
        PricePerformanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRuns({QStringLiteral("baseline"), QStringLiteral("tuned")}, {QString(), QString()}, 0, recorded);
        using M = PricePerformanceModel;
        QCOMPARE(model.index(1, M::ThroughputColumn).data().toString(), QStringLiteral("48000"));
        QCOMPARE(model.index(1, M::UnitColumn).data().toString(), QStringLiteral("tps"));
        QCOMPARE(ThroughputSource(model.index(1, M::ThroughputColumn).data(M::ThroughputSourceRole).toInt()), ThroughputSource::Recorded);
        QVERIFY(model.index(1, M::ThroughputColumn).data(Qt::ToolTipRole).toString().contains(QLatin1String("Recorded by the run: Throughput (workload.tps)")));
        QVERIFY(model.enteredInputs().empty()); // nothing typed: nothing to save with a session
        QVERIFY(model.setData(model.index(1, M::ThroughputColumn), QStringLiteral("50000")));
        QCOMPARE(model.report().runs[1].throughput, 50000.0);
        QCOMPARE(model.report().runs[1].unit, QStringLiteral("tps"));
        QCOMPARE(ThroughputSource(model.index(1, M::ThroughputColumn).data(M::ThroughputSourceRole).toInt()), ThroughputSource::Given);
        QVERIFY(model.index(1, M::ThroughputColumn).data(Qt::ToolTipRole).toString().contains(QLatin1String("in place of the 48000 tps")));
        QCOMPARE(model.enteredInputs().size(), std::size_t(1));
        QVERIFY(model.setData(model.index(1, M::ThroughputColumn), QString()));
        QCOMPARE(model.report().runs[1].throughput, 48000.0);
        QCOMPARE(model.report().runs[1].throughputSource, ThroughputSource::Recorded);

        // A run without the metric has no recorded throughput; one typed still counts.
        const RunPtr bare = makeRun(QStringLiteral("/bare"), "bare", 20, 1.0,
                                    {{"cpu.idle", "%", {"all"}, [](std::size_t, std::size_t) { return 40.0; }}});
        const SummaryReport mixed = SummaryBuilder::build({input(workloadRun("baseline", 40000, 10, 1.0)), input(bare)}, 0, {});
        const std::vector<RecordedThroughput> partial = recordedThroughputs(mixed);
        QCOMPARE(partial.size(), std::size_t(2));
        QVERIFY(partial[1].isEmpty());
        QVERIFY(recordsThroughput(*runs[0].run));
        QVERIFY(!recordsThroughput(*bare));
        QVERIFY(recordedThroughputs(SummaryBuilder::build({input(bare), input(bare)}, 0, {})).empty());
    }
};

QTEST_GUILESS_MAIN(TestWorkloadSummary)
#include "tst_workloadsummary.moc"
