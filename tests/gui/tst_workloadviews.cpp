// The workload's own results in the views that are not the summary: the metric browser lists them
// first and marks a run-level result, and a chart draws a run-level result as one level line
// across each run. Writes screenshots of both.
#include "MetricBrowser.h"
#include "MetricTreeModel.h"
#include "RunFactory.h"
#include "RunSet.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"

#include <QLineEdit>
#include <QTest>
#include <QTreeView>

#include <cmath>

using runlens::format::BetterDirection;
using runlens::format::MetricScope;

namespace {

// 60 s of CPU on the grid, the benchmark's ops/s every second off the grid (59 lines), and its
// final "Requests/sec" printed at 59.6 s: the workload group's last row, where only it has a value.
RunPtr benchmarkRun(const std::string& name, double ops, double requestsPerSecond)
{
    constexpr std::size_t kLines = 59;
    std::vector<double> printed;
    for (std::size_t s = 0; s < kLines; ++s)
        printed.push_back(0.7 + double(s));
    printed.push_back(59.6);
    const double nan = std::nan("");
    return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                   {{"cpu.busy", "%", {"all"}, [](std::size_t r, std::size_t) { return 40.0 + double(r % 7); }},
                    {"mem.available", "bytes", {""}, [](std::size_t r, std::size_t) { return 4e9 - double(r) * 1e6; }},
                    {"workload.ops", "ops/s", {""},
                     [ops, nan](std::size_t r, std::size_t) { return r < kLines ? ops + double(r % 5) * 10 : nan; },
                     BetterDirection::Higher, MetricScope::Series, printed, "Operations"},
                    {"workload.rps", "req/s", {""},
                     [requestsPerSecond, nan](std::size_t r, std::size_t) { return r == kLines ? requestsPerSecond : nan; },
                     BetterDirection::Higher, MetricScope::Run, printed, "Requests/sec"}});
}

} // namespace

class TestWorkloadViews : public QObject
{
    Q_OBJECT

private slots:
    void metricBrowserListsTheWorkloadFirst()
    {
        RunSet runs;
        runs.add(benchmarkRun("baseline", 1200, 41234.5));
        MetricTreeModel model(&runs);
        MetricBrowser browser;
        browser.setMetricModel(&model);
        browser.resize(340, 300);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        browser.treeView()->expandAll();
        QCOMPARE(browser.visibleMetricIds(),
                 (QStringList{QStringLiteral("workload.ops"), QStringLiteral("workload.rps"), QStringLiteral("cpu.busy"),
                              QStringLiteral("mem.available")}));
        QTreeView* tree = browser.treeView();
        const QModelIndex first = tree->model()->index(0, 0);
        QCOMPARE(first.data().toString(), QStringLiteral("Workload"));
        QCOMPARE(tree->model()->index(1, 0, first).data().toString(), QStringLiteral("Requests/sec (result)"));
        // The top of the tree is what a user sees first: the workload's category, on the first row.
        QCOMPARE(tree->indexAt(QPoint(10, 5)).data().toString(), QStringLiteral("Workload"));
        QVERIFY(browser.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/metric-browser-workload.png")));

        // "result" finds the run-level results.
        QTest::keyClicks(browser.filterEdit(), QStringLiteral("result"));
        QCOMPARE(browser.visibleMetricIds(), QStringList{QStringLiteral("workload.rps")});
    }

    // A result is one number for the run: a level line from each run's start to its end (offset
    // and all), read by the crosshair anywhere in the run, and nowhere outside it.
    void runResultIsALevelAcrossTheRun()
    {
        RunSet runs;
        TimeController time;
        runs.add(benchmarkRun("baseline", 1200, 41234.5));
        runs.add(benchmarkRun("tuned", 1500, 49481.4));
        runs.setOffset(1, 10.0);
        time.setExtent(runs.timeExtent());
        TimeSeriesChart chart(&runs, &time);
        chart.resize(700, 260);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setMetric(QStringLiteral("workload.rps"), QString());
        QVERIFY(chart.isRunResult());
        QCOMPARE(chart.title(), QStringLiteral("Requests/sec (result) (req/s)"));
        // The run lasts until its last row, the result's own at 59.6 s.
        const std::vector<QPointF> baseline = chart.drawnPoints(0);
        QCOMPARE(baseline, (std::vector<QPointF>{QPointF(0, 41234.5), QPointF(59.6, 41234.5)}));
        QCOMPARE(chart.drawnPoints(1), (std::vector<QPointF>{QPointF(10, 49481.4), QPointF(69.6, 49481.4)}));
        QCOMPARE(chart.drawnPointCount(), 4);
        QCOMPARE(chart.yRange()->first, 0.0);
        QVERIFY(chart.yRange()->second > 49481.4);

        QCOMPARE(chart.valuesAt(30), (std::vector<std::pair<int, double>>{{0, 41234.5}, {1, 49481.4}}));
        QCOMPARE(chart.valuesAt(5), (std::vector<std::pair<int, double>>{{0, 41234.5}})); // the tuned run starts at 10 s
        QCOMPARE(chart.valuesAt(65), (std::vector<std::pair<int, double>>{{1, 49481.4}})); // the baseline ended at 59.6 s
        QVERIFY(chart.valuesAt(75).empty());

        // Painted: a level line at the baseline's result, across its part of the plot; hiding the run
        // takes exactly that away (the tuned run's line sets the value axis either way).
        time.setCursor(30.0);
        QTest::qWait(20);
        QVERIFY(chart.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/chart-run-result.png")));
        time.setCursor(std::nullopt); // the readout would differ too
        QTest::qWait(20);
        const QImage image = chart.grab().toImage();
        const auto [yMin, yMax] = *chart.yRange();
        const double plotTop = 30;
        const double plotHeight = 260 - 30 - 26;
        const int y = int(std::round(plotTop + (yMax - 41234.5) / (yMax - yMin) * plotHeight));
        runs.setVisible(0, false);
        chart.refresh();
        QCOMPARE(*chart.yRange(), std::make_pair(yMin, yMax));
        const QImage without = chart.grab().toImage();
        const auto differs = [&](int x, int row) {
            for (int dy = -2; dy <= 2; ++dy) {
                if (image.pixelColor(x, row + dy) != without.pixelColor(x, row + dy))
                    return true;
            }
            return false;
        };
        QVERIFY(differs(int(chart.xOf(20)), y));
        QVERIFY(differs(int(chart.xOf(50)), y));
        QVERIFY(!differs(int(chart.xOf(20)), y - 40)); // nothing else of it anywhere above
        runs.setVisible(0, true);

        // A series metric of the same runs is still drawn sample by sample.
        chart.setMetric(QStringLiteral("workload.ops"), QString());
        QVERIFY(!chart.isRunResult());
        QCOMPARE(chart.drawnPoints(0).size(), std::size_t(59));
        QCOMPARE(chart.drawnPoints(0).front(), QPointF(0.7, 1200));
    }
};

QTEST_MAIN(TestWorkloadViews)
#include "tst_workloadviews.moc"
