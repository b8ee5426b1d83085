#include "RunFactory.h"
#include "summary/HostFactsModel.h"
#include "summary/PricePerformance.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTableModel.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QTest>

#include <cmath>

using runlens::format::BetterDirection;

namespace {

SummaryReportPtr threeRunReport()
{
    const auto make = [](const std::string& name, double ipc, double await) {
        return makeRun(QString::fromStdString("/" + name), name, 30, 1.0,
                       {{"cpu.user", "%", {"all"}, [](std::size_t r, std::size_t) { return 20.0 + double(r % 2); }},
                        {"pmu.ipc", "ratio", {"all"}, [ipc](std::size_t r, std::size_t) { return ipc + 0.01 * double(r % 3); },
                         BetterDirection::Higher},
                        {"disk.await", "ms", {"all"}, [await](std::size_t r, std::size_t) { return await + 0.1 * double(r % 2); },
                         BetterDirection::Lower}});
    };
    std::vector<SummaryRunInput> runs;
    for (const RunPtr& run : {make("base", 1.0, 2.0), make("fast", 1.3, 1.0), make("slow", 0.7, 4.0)})
        runs.push_back({run, run->name(), std::nullopt, {}});
    return std::make_shared<const SummaryReport>(SummaryBuilder::build(runs, 0, {}));
}

} // namespace

class TestSummaryTableModel : public QObject
{
    Q_OBJECT

private slots:
    void columnsAndValues()
    {
        SummaryTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(threeRunReport());
        QCOMPARE(model.rowCount(), 3);
        // Metric, Category, base, fast, Δ fast, slow, Δ slow.
        QCOMPARE(model.columnCount(), 7);
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("base (baseline)"));
        QCOMPARE(model.headerData(4, Qt::Horizontal).toString(), QStringLiteral("Δ fast"));
        QCOMPARE(model.columnKind(4), SummaryTableModel::ColumnKind::Delta);
        QCOMPARE(model.columnRun(5), 2);

        const QModelIndex ipcDelta = model.index(1, 4);
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("pmu.ipc"));
        QCOMPARE(ipcDelta.data().toString(), QStringLiteral("+30 %"));
        QCOMPARE(Verdict(ipcDelta.data(SummaryTableModel::VerdictRole).toInt()), Verdict::Improvement);
        QCOMPARE(Verdict(model.index(1, 6).data(SummaryTableModel::VerdictRole).toInt()), Verdict::Regression);
        QCOMPARE(Verdict(model.index(2, 4).data(SummaryTableModel::VerdictRole).toInt()), Verdict::Improvement); // await down
        QCOMPARE(Verdict(model.index(2, 6).data(SummaryTableModel::VerdictRole).toInt()), Verdict::Regression);  // await up
        QCOMPARE(Verdict(model.index(0, 4).data(SummaryTableModel::VerdictRole).toInt()), Verdict::Unchanged);
        QCOMPARE(model.index(1, 2).data().toString(), QStringLiteral("1.01"));
        const QString tip = ipcDelta.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("confidence interval")) && tip.contains(QLatin1String("base: mean 1.01")),
                 qPrintable(tip));
        QCOMPARE(model.index(1, 0).data(SummaryTableModel::MetricIdRole).toString(), QStringLiteral("pmu.ipc"));
    }

    // Per-instance rows: named after their metric and instance, sorted right after the metric's
    // own row, found by a search for the instance, and the metric's row says how many it has.
    void instanceRows()
    {
        const auto make = [](const std::string& name, double level) {
            return makeRun(QString::fromStdString("/" + name), name, 20, 1.0,
                           {{"cpu.user", "%", {"all", "cpu0", "cpu2", "cpu10"},
                             [level](std::size_t r, std::size_t i) { return level * double(i + 1) + double(r % 2); }},
                            {"mem.used", "B", {""}, [](std::size_t, std::size_t) { return 1.0; }}});
        };
        std::vector<SummaryRunInput> runs;
        for (const RunPtr& run : {make("base", 10), make("tuned", 12)})
            runs.push_back({run, run->name(), std::nullopt, {}});
        SummaryBuilder::Options options;
        options.instanceMetrics = QStringList{QStringLiteral("cpu.user")};
        SummaryTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setReport(std::make_shared<const SummaryReport>(SummaryBuilder::build(runs, 0, options)));
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.index(0, 0).data(SummaryTableModel::InstanceCountRole).toInt(), 3);
        QCOMPARE(model.index(0, 0).data(SummaryTableModel::InstanceRowRole).toBool(), false);
        QCOMPARE(model.index(4, 0).data(SummaryTableModel::InstanceCountRole).toInt(), 0); // mem.used has none
        QCOMPARE(model.index(1, 0).data().toString(), QStringLiteral("↳ cpu.user [cpu0]"));
        QCOMPARE(model.index(3, 0).data().toString(), QStringLiteral("↳ cpu.user [cpu10]"));
        QCOMPARE(model.index(3, 0).data(SummaryTableModel::InstanceRole).toString(), QStringLiteral("cpu10"));
        QCOMPARE(model.index(3, 0).data(SummaryTableModel::MetricIdRole).toString(), QStringLiteral("cpu.user"));
        QVERIFY(model.index(3, 0).data(SummaryTableModel::InstanceRowRole).toBool());
        // cpu10: 40 + (0, 1, 0, 1 …) = 40.5 in the baseline, 48.5 tuned.
        QCOMPARE(model.index(3, 2).data().toString(), QStringLiteral("40.5 %"));
        QCOMPARE(model.index(3, 3).data().toString(), QStringLiteral("48.5 %"));
        QCOMPARE(model.index(3, 4).data().toString(), QStringLiteral("+20 %")); // 8 / 40.5 = 19.75 %, two significant digits
        QVERIFY(model.index(3, 2).data(Qt::ToolTipRole).toString().startsWith(QLatin1String("cpu.user (cpu.user[cpu10])")));

        SummaryFilterModel filter;
        filter.setSourceModel(&model);
        filter.sort(0);
        QStringList order;
        for (int r = 0; r < filter.rowCount(); ++r)
            order.append(filter.index(r, 0).data().toString());
        QCOMPARE(order.mid(0, 2), (QStringList{QStringLiteral("cpu.user"), QStringLiteral("↳ cpu.user [cpu0]")}));
        filter.setSearchText(QStringLiteral("cpu2"));
        QCOMPARE(filter.rowCount(), 1);
        QCOMPARE(filter.index(0, 0).data(SummaryTableModel::InstanceRole).toString(), QStringLiteral("cpu2"));
        filter.setSearchText(QStringLiteral("all")); // the aggregate's instance name is not searched
        QCOMPARE(filter.rowCount(), 0);
    }

    void filterAndSort()
    {
        SummaryTableModel model;
        model.setReport(threeRunReport());
        SummaryFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(filter.rowCount(), 3);
        filter.setOnlySignificant(true);
        QCOMPARE(filter.rowCount(), 2);
        filter.setOnlySignificant(false);
        filter.setCategory(QStringLiteral("CPU"));
        QCOMPARE(filter.rowCount(), 1);
        filter.setCategory({});
        filter.setSearchText(QStringLiteral("AWAIT"));
        QCOMPARE(filter.rowCount(), 1);
        QCOMPARE(filter.visibleReportRows(), (std::vector<int>{2}));
        filter.setSearchText({});
        // Sorting by the delta column sorts by the signed relative change, not by text.
        filter.sort(4, Qt::AscendingOrder);
        QCOMPARE(filter.visibleReportRows(), (std::vector<int>{2, 0, 1})); // -50 %, 0, +30 %
    }

    void exportsVisibleRows()
    {
        const SummaryReportPtr report = threeRunReport();
        const QByteArray csv = SummaryExport::toCsv(*report, {1});
        const QList<QByteArray> lines = csv.split('\n');
        QCOMPARE(lines.size(), 3); // header, one row, the empty piece after the last newline
        QVERIFY(lines[0].startsWith("metric,instance,title,unit,category,better,base n,base mean"));
        QVERIFY2(lines[1].startsWith("pmu.ipc,all,pmu.ipc,ratio,pmu,higher,30,1.01,"), lines[1].constData());
        QVERIFY(lines[1].contains(",improvement,"));
        QVERIFY(lines[1].endsWith(",regression"));
        const QByteArray markdown = SummaryExport::toMarkdown(*report, {1});
        QVERIFY2(markdown.contains("| pmu.ipc (`pmu.ipc`) | pmu | 1.01 | 1.31 (+30 %, improvement) | 0.71 (-30 %, regression) |"),
                 markdown.constData());
        QVERIFY2(markdown.contains("- Better: disk.await -49 %, pmu.ipc +30 %\n- Worse: nothing beyond noise"), markdown.constData());
    }

    void hostFacts()
    {
        HostFactsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFacts({{QStringLiteral("Host"), QStringLiteral("cpu_model"), {QStringLiteral("A"), QStringLiteral("B")}, true},
                        {QStringLiteral("Host"), QStringLiteral("sockets"), {QStringLiteral("1"), QStringLiteral("1")}, false}},
                       {QStringLiteral("base"), QStringLiteral("tuned")});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 4);
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QStringLiteral("tuned"));
        model.setOnlyDifferences(true);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("cpu_model"));
        QCOMPARE(model.index(0, 3).data().toString(), QStringLiteral("B"));
    }

    void pricePerformance()
    {
        PriceTable prices;
        QFile file(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/ec2-prices.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString error;
        QVERIFY2(prices.load(file.readAll(), &error), qPrintable(error));
        QVERIFY(!prices.date().isEmpty());
        QCOMPARE(*prices.hourlyPrice(QStringLiteral("m7i.2xlarge")), 4 * *prices.hourlyPrice(QStringLiteral("m7i.large")));
        QVERIFY(!prices.hourlyPrice(QStringLiteral("x99.nano")));
        // 0.40 $/h at 50,000 ops/s costs 0.80 per 100,000 ops/s; 0.60 $/h at 150,000 ops/s costs 0.40.
        const auto results = PricePerformance::compute({{50000, 0.40}, {150000, 0.60}, {0, 0.5}}, 0);
        QVERIFY(std::fabs(results[0].costPer100k - 0.80) < 1e-12);
        QVERIFY(std::fabs(results[1].costPer100k - 0.40) < 1e-12);
        QVERIFY(std::fabs(results[1].relativeToBaseline - 0.5) < 1e-12);
        QVERIFY(std::isnan(results[2].costPer100k));
        QVERIFY(std::isnan(results[2].relativeToBaseline));
    }

    // Exact math: 0.34 $/h at 50,000 ops/s is 0.68 per 100,000 ops/s; 0.357 at 60,000 is 0.595,
    // 12.5 % cheaper. A baseline without throughput gives no relative number but says why.
    void pricePerformanceReport()
    {
        PricePerformanceReport report;
        report.runs.resize(3);
        report.runs[0].throughput = 50000;
        report.runs[0].hourlyPrice = 0.34;
        report.runs[1].throughput = 60000;
        report.runs[1].hourlyPrice = 0.357;
        report.runs[2].hourlyPrice = 0.5; // no throughput
        PricePerformance::computeReport(report);
        QCOMPARE(report.runs[0].result.costPer100k, 0.34 * 100000.0 / 50000.0);
        QCOMPARE(report.runs[1].result.costPer100k, 0.357 * 100000.0 / 60000.0);
        QCOMPARE(PricePerformance::costText(report.runs[1]), QStringLiteral("0.5950"));
        QVERIFY(std::fabs(PricePerformance::relativePercent(report.runs[1].result) + 12.5) < 1e-9);
        QCOMPARE(PricePerformance::relativeText(report, 1), QStringLiteral("-12.5 %"));
        QCOMPARE(PricePerformance::relativeText(report, 0), QStringLiteral("baseline"));
        QCOMPARE(PricePerformance::costText(report.runs[2]), QStringLiteral("no throughput"));
        QCOMPARE(PricePerformance::relativeText(report, 2), QStringLiteral("no cost to compare"));

        // Baseline throughput 0 or absent: no number for anyone, a clear text instead.
        for (const double baseThroughput : {0.0, std::nan("")}) {
            report.runs[0].throughput = baseThroughput;
            PricePerformance::computeReport(report);
            QVERIFY(std::isnan(report.runs[0].result.costPer100k));
            QVERIFY(std::isnan(report.runs[1].result.relativeToBaseline));
            QCOMPARE(PricePerformance::costText(report.runs[0]), QStringLiteral("no throughput"));
            QCOMPARE(PricePerformance::relativeText(report, 1), QStringLiteral("baseline has no throughput"));
        }
        report.runs[0].throughput = 50000;
        report.runs[0].hourlyPrice = std::nan("");
        PricePerformance::computeReport(report);
        QCOMPARE(PricePerformance::costText(report.runs[0]), QStringLiteral("no price"));
        QCOMPARE(PricePerformance::relativeText(report, 1), QStringLiteral("baseline has no price"));

        QCOMPARE(*PricePerformance::parseThroughput(QStringLiteral("150000")), std::make_pair(150000.0, QStringLiteral("ops/s")));
        QCOMPARE(*PricePerformance::parseThroughput(QStringLiteral("1.5e3 req/s")), std::make_pair(1500.0, QStringLiteral("req/s")));
        QVERIFY(!PricePerformance::parseThroughput(QStringLiteral("0")));
        QVERIFY(!PricePerformance::parseThroughput(QStringLiteral("fast")));
    }

    void pricePerformanceModel()
    {
        QFile file(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/ec2-prices.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        PricePerformanceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(model.setPriceTable(file.readAll(), nullptr));
        model.setRuns({QStringLiteral("base"), QStringLiteral("tuned"), QStringLiteral("laptop")},
                      {QStringLiteral("m7i.xlarge"), QStringLiteral("m7g.xlarge"), QString()}, 0);
        using M = PricePerformanceModel;
        // Prefilled from the table, the tooltip names the source and its date.
        QCOMPARE(model.index(0, M::PriceColumn).data().toString(), QStringLiteral("0.2016"));
        QVERIFY(model.report().runs[1].source == PriceSource::Table);
        QVERIFY(model.index(0, M::PriceColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("2024-06-01")));
        QVERIFY(model.index(2, M::PriceColumn).data().toString().isEmpty());
        QCOMPARE(model.index(1, M::CostColumn).data().toString(), QStringLiteral("no throughput"));
        QVERIFY(model.setData(model.index(0, M::ThroughputColumn), QStringLiteral("40000")));
        QVERIFY(model.setData(model.index(1, M::ThroughputColumn), QStringLiteral("48000")));
        QVERIFY(!model.setData(model.index(1, M::ThroughputColumn), QStringLiteral("lots")));
        // 0.2016 × 100,000 / 40,000 = 0.504; 0.1632 × 100,000 / 48,000 = 0.34: 32.5 % cheaper.
        QCOMPARE(model.index(0, M::CostColumn).data().toString(), QStringLiteral("0.5040"));
        QCOMPARE(model.index(1, M::CostColumn).data().toString(), QStringLiteral("0.3400"));
        QCOMPARE(model.index(1, M::RelativeColumn).data().toString(), QStringLiteral("-32.5 %"));
        QCOMPARE(model.index(1, M::RelativeColumn).data(M::BetterRole).toInt(), -1);
        // An edited price overrides the table and survives a new report with the same runs.
        QVERIFY(model.setData(model.index(1, M::PriceColumn), QStringLiteral("0.4")));
        model.setRuns({QStringLiteral("base"), QStringLiteral("tuned"), QStringLiteral("laptop")},
                      {QStringLiteral("m7i.xlarge"), QStringLiteral("m7g.xlarge"), QString()}, 0);
        QVERIFY(model.report().runs[1].source == PriceSource::Given);
        QCOMPARE(model.index(1, M::CostColumn).data().toString(), QStringLiteral("0.8333"));
        QCOMPARE(model.index(1, M::RelativeColumn).data(M::BetterRole).toInt(), 1);
        QVERIFY(model.setData(model.index(1, M::UnitColumn), QStringLiteral("req/s")));
        QCOMPARE(model.report().runs[1].unit, QStringLiteral("req/s"));
    }
};

QTEST_GUILESS_MAIN(TestSummaryTableModel)
#include "tst_summarytablemodel.moc"
