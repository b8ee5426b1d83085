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
};

QTEST_GUILESS_MAIN(TestSummaryTableModel)
#include "tst_summarytablemodel.moc"
