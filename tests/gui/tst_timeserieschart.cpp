// The chart widget on its own: what it draws for runs with offsets, the crosshair readout, and
// that every chart follows one TimeController.
#include "ChartGrid.h"
#include "HeatMapView.h"
#include "RunFactory.h"
#include "RunSet.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"

#include <QComboBox>
#include <QTest>

#include <algorithm>
#include <cmath>

namespace {

std::vector<MetricSpec> ramp(double slope)
{
    return {{"cpu.user", "%", {"all", "cpu0", "cpu1"},
             [slope](std::size_t row, std::size_t instance) { return slope * double(row) + double(instance); }},
            {"mem.available", "bytes", {""}, [](std::size_t row, std::size_t) { return 4e9 + double(row) * 1e6; }}};
}

} // namespace

class TestTimeSeriesChart : public QObject
{
    Q_OBJECT

private slots:
    void crosshairValuesRespectOffsets()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 101, 1.0, ramp(1.0)));
        runs.add(makeRun(QStringLiteral("/r/b"), "b", 101, 1.0, ramp(2.0)));
        runs.setOffset(1, 10.0); // run b starts 10 s later on the shared axis
        time.setExtent(runs.timeExtent());
        QCOMPARE(time.extent(), TimeController::Range(0, 110));

        TimeSeriesChart chart(&runs, &time);
        chart.resize(800, 300);
        chart.setMetric(QStringLiteral("cpu.user"), QStringLiteral("all"));
        // At shared time 30.5: run a is at its sample 30 (value 30), run b at its own 20.5 s,
        // i.e. sample 20 (value 40).
        const auto values = chart.valuesAt(30.5);
        QCOMPARE(values.size(), std::size_t(2));
        QCOMPARE(values[0], std::make_pair(0, 30.0));
        QCOMPARE(values[1], std::make_pair(1, 40.0));
        // Before run b started only run a has a value; past run a's end only run b does.
        QCOMPARE(chart.valuesAt(5.0).size(), std::size_t(1));
        const auto late = chart.valuesAt(105.0);
        QCOMPARE(late.size(), std::size_t(1));
        QCOMPARE(late[0].first, 1);

        // The drawn points of run b are shifted by its offset.
        const auto drawn = chart.drawnPoints(1);
        QVERIFY(!drawn.empty());
        QCOMPARE(drawn.front().x(), 10.0);
        QCOMPARE(drawn.front().y(), 0.0);
        QCOMPARE(drawn.back(), QPointF(110.0, 200.0));
        QCOMPARE(chart.yRange()->first, 0.0); // rates and percentages start at zero
        QVERIFY(chart.yRange()->second >= 200.0);

        // Hidden runs are neither drawn nor read out.
        runs.setVisible(0, false);
        chart.refresh();
        QVERIFY(chart.drawnPoints(0).empty());
        QCOMPARE(chart.valuesAt(30.5).size(), std::size_t(1));
    }

    void altDragSlidesTheCurrentRun()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 101, 1.0, ramp(1.0)));
        runs.add(makeRun(QStringLiteral("/r/b"), "b", 101, 1.0, ramp(2.0)));
        time.setExtent({0, 100});
        TimeSeriesChart chart(&runs, &time);
        chart.resize(800, 300);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setMetric(QStringLiteral("cpu.user"), QStringLiteral("all"));

        runs.setCurrentIndex(0);
        const QPoint from(int(chart.xOf(20)), 150);
        const QPoint to(int(chart.xOf(30)), 150);
        QTest::mousePress(chart.viewport(), Qt::LeftButton, Qt::AltModifier, from);
        QTest::mouseMove(chart.viewport(), to);
        QTest::mouseRelease(chart.viewport(), Qt::LeftButton, Qt::AltModifier, to);
        QVERIFY2(std::abs(runs.at(0).offsetSeconds - 10.0) < 0.3, qPrintable(QString::number(runs.at(0).offsetSeconds)));
        QCOMPARE(runs.at(1).offsetSeconds, 0.0);
        QCOMPARE(time.viewRange(), TimeController::Range(0, 100)); // sliding a run is not a zoom

        // Esc during the drag puts the run back where it was.
        QTest::mousePress(chart.viewport(), Qt::LeftButton, Qt::AltModifier, to);
        QTest::mouseMove(chart.viewport(), from);
        QVERIFY(std::abs(runs.at(0).offsetSeconds) < 0.3);
        QTest::keyClick(chart.viewport(), Qt::Key_Escape);
        QVERIFY(std::abs(runs.at(0).offsetSeconds - 10.0) < 0.3);
        QTest::mouseRelease(chart.viewport(), Qt::LeftButton, Qt::AltModifier, from);
    }

    void manyPointsAreDecimatedToThePlotWidth()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/big"), "big", 100000, 0.01,
                         {{"cpu.user", "%", {"all"}, [](std::size_t row, std::size_t) { return double(row % 97); }}}));
        time.setExtent(runs.timeExtent());
        TimeSeriesChart chart(&runs, &time);
        chart.resize(700, 300);
        chart.setMetric(QStringLiteral("cpu.user"), QStringLiteral("all"));
        const int plotWidth = 700 - TimeSeriesChart::kPlotLeft - 14;
        QVERIFY2(chart.drawnPointCount() <= plotWidth * 2 + 4, qPrintable(QString::number(chart.drawnPointCount())));
        QVERIFY(chart.drawnPointCount() >= plotWidth);
        QCOMPARE(chart.yRange()->first, 0.0);
        QVERIFY(chart.yRange()->second >= 96.0);
        // Zoomed to 1 % of the run, every sample there is drawn again.
        time.setViewRange({100.0, 110.0});
        chart.refresh();
        QCOMPARE(chart.drawnPointCount(), 1001 + 2); // 100.00 … 110.00, and one sample beyond each edge
    }

    void frameFollowsEverySizeChange()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 61, 1.0, ramp(1.0)));
        time.setExtent(runs.timeExtent());
        // What a chart of a size looks like when it is made at that size.
        const auto freshAt = [&](QSize size) {
            TimeSeriesChart fresh(&runs, &time);
            fresh.resize(size);
            fresh.setMetric(QStringLiteral("mem.available"), QString());
            fresh.show();
            if (!QTest::qWaitForWindowExposed(&fresh))
                return QImage();
            QTest::qWait(50);
            return fresh.grab().toImage();
        };
        // Pixels that differ, and the first of them, for the message.
        const auto differences = [](const QImage& a, const QImage& b, QPoint* first) {
            int count = 0;
            for (int y = 0; y < std::min(a.height(), b.height()); ++y) {
                for (int x = 0; x < std::min(a.width(), b.width()); ++x) {
                    if (a.pixel(x, y) != b.pixel(x, y) && count++ == 0)
                        *first = QPoint(x, y);
                }
            }
            return count;
        };

        TimeSeriesChart chart(&runs, &time);
        chart.resize(600, 240);
        chart.setMetric(QStringLiteral("mem.available"), QString());
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTest::qWait(50);
        // Grown, then shrunk, as a user drags the window's edge: the title band, the axis lines and
        // the labels are where a chart made at the new size has them.
        for (const QSize size : {QSize(1000, 240), QSize(1000, 320), QSize(450, 200)}) {
            chart.resize(size);
            QTest::qWait(50);
            const QImage resized = chart.grab().toImage();
            const QImage expected = freshAt(size);
            QCOMPARE(resized.size(), expected.size());
            const QString name = QStringLiteral("chart-resized-%1x%2").arg(size.width()).arg(size.height());
            QVERIFY(resized.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/") + name + QStringLiteral(".png")));
            QVERIFY(expected.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/") + name + QStringLiteral("-expected.png")));
            QPoint first;
            const int differing = differences(resized, expected, &first);
            QVERIFY2(differing == 0, qPrintable(QStringLiteral("%1: %2 pixels differ from a chart made at that size, first at %3,%4")
                                                    .arg(name).arg(differing).arg(first.x()).arg(first.y())));
        }
    }

    void titleFollowsTheInstanceChooser()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 61, 1.0, ramp(1.0)));
        time.setExtent(runs.timeExtent());
        ChartGrid grid(&runs, &time);
        grid.resize(700, 400);
        grid.addChart(QStringLiteral("cpu.user"));
        grid.show();
        QVERIFY(QTest::qWaitForWindowExposed(&grid));
        QTest::qWait(50);
        TimeSeriesChart* chart = grid.chart(0);
        // The user picks cpu1 after the chart was drawn for the aggregate.
        grid.instanceChooser(0)->setCurrentIndex(2);
        emit grid.instanceChooser(0)->activated(2);
        QTest::qWait(50);
        QCOMPARE(chart->title(), QStringLiteral("cpu.user — cpu1 (%)"));
        const QImage chosen = chart->grab().toImage();
        QVERIFY(chosen.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/chart-title-after-choosing-cpu1.png")));

        // The title band is what a chart made for cpu1 at that size shows, not the aggregate's title.
        TimeSeriesChart fresh(&runs, &time);
        fresh.resize(chart->size());
        fresh.setMetric(QStringLiteral("cpu.user"), QStringLiteral("cpu1"));
        fresh.show();
        QVERIFY(QTest::qWaitForWindowExposed(&fresh));
        QTest::qWait(50);
        const QImage expected = fresh.grab().toImage();
        QVERIFY(expected.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/chart-title-cpu1-expected.png")));
        QCOMPARE(chosen.size(), expected.size());
        const int band = 30; // the title band above the plot area (kPlotTop)
        int differing = 0;
        for (int y = 0; y < band; ++y) {
            for (int x = 0; x < chosen.width(); ++x)
                differing += chosen.pixel(x, y) != expected.pixel(x, y);
        }
        QVERIFY2(differing == 0, qPrintable(QStringLiteral("%1 pixels of the title band differ from a chart made for cpu1").arg(differing)));
    }

    void removingAChartKeepsTheOthersOnTheSharedZoom()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 61, 1.0, ramp(1.0)));
        time.setExtent(runs.timeExtent());
        ChartGrid grid(&runs, &time);
        grid.resize(700, 440); // room for two charts; the others are out of sight
        for (int c = 0; c < 5; ++c)
            grid.addChart(QStringLiteral("cpu.user"), c % 2 ? QStringLiteral("cpu0") : QStringLiteral("all"));
        grid.show();
        QVERIFY(QTest::qWaitForWindowExposed(&grid));
        QTest::qWait(50);
        // Zoomed while charts 2 to 4 are out of sight: they are left to be drawn when seen.
        time.setViewRange({20, 30});
        grid.refreshNow();
        const auto followsZoom = [&](int index) {
            const auto points = grid.chart(index)->drawnPoints(0);
            return !points.empty() && std::all_of(points.begin(), points.end(), [](const QPointF& p) { return p.x() >= 19 && p.x() <= 31; });
        };
        QVERIFY(followsZoom(0) && followsZoom(1));
        QVERIFY(!followsZoom(2)); // out of sight, so not drawn again yet

        // The first chart closed: the third moves up into sight, with the zoom every chart shares.
        // (The grid still overflows, so no chart is resized, which would redraw it anyway.)
        grid.removeChart(0);
        QTest::qWait(100);
        QVERIFY(grid.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/chartgrid-after-removing-one.png")));
        QVERIFY(followsZoom(0));
        QVERIFY2(followsZoom(1), "the chart that moved up still shows the range it was last drawn for");
    }

    void heatMapHasTitleLegendAxisAndFillsTheWidth()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 61, 1.0, ramp(1.0)));
        time.setExtent(runs.timeExtent());
        HeatMapView heat(&runs, &time);
        heat.resize(800, 160);
        heat.setMetric(QStringLiteral("cpu.user"));
        // Zoomed to a window that ends between two samples, as a wheel zoom does.
        time.setViewRange({20.3, 30.3});
        heat.show();
        QVERIFY(QTest::qWaitForWindowExposed(&heat));
        heat.refresh();
        QTest::qWait(50);
        const QImage image = heat.grab().toImage();
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/heatmap-title-legend-axis.png")));

        // Data in every column, the last one included (the sample just past the view's end covers it).
        const int columns = heat.plotArea().width();
        for (int row = 0; row < 2; ++row) {
            for (const int column : {0, columns / 2, columns - 1}) {
                const QColor colour = heat.cellColour(0, row, column);
                QVERIFY2(colour.isValid() && colour != QColor(0xf2, 0xf2, 0xf2),
                         qPrintable(QStringLiteral("row %1, column %2 of %3 is empty").arg(row).arg(column).arg(columns)));
            }
        }
        QCOMPARE(heat.bandsArea().left(), heat.plotArea().left());
        QCOMPARE(heat.bandsArea().right(), heat.plotArea().right());
        // The metric's title as its chart has it, drawn in the header above the bands.
        QCOMPARE(heat.title(), QStringLiteral("cpu.user (%)"));
        const auto darkIn = [&](const QRect& area) {
            for (int y = area.top(); y <= area.bottom(); ++y) {
                for (int x = area.left(); x <= area.right(); ++x) {
                    if (image.pixelColor(x, y).lightness() < 100)
                        return true;
                }
            }
            return false;
        };
        QVERIFY(darkIn(QRect(heat.plotArea().center().x() - 40, 2, 80, heat.plotArea().top() - 4)));
        // The legend: the colour ramp from its pale end to its dark end.
        const QRect legend = heat.legendRect();
        QVERIFY(legend.top() < heat.bandsArea().top());
        const QColor pale = image.pixelColor(legend.left() + 2, legend.center().y());
        const QColor dark = image.pixelColor(legend.right() - 2, legend.center().y());
        QVERIFY2(pale.lightness() > 200 && dark.lightness() < 90, qPrintable(pale.name() + QLatin1Char(' ') + dark.name()));
        QCOMPARE(heat.valueRange().first, 0.0);
        // The time axis under the bands, labelled as the charts are.
        const QStringList labels = heat.timeTickLabels();
        QVERIFY2(labels.size() >= 3, qPrintable(labels.join(QLatin1Char(','))));
        QVERIFY(labels.contains(QStringLiteral("24 s")));
        QVERIFY(darkIn(QRect(heat.plotArea().left(), heat.bandsArea().bottom() + 6, heat.plotArea().width(), 12)));
    }

    void gridChartsShareTheAxisAndChooseInstances()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 61, 1.0, ramp(1.0)));
        time.setExtent(runs.timeExtent());
        ChartGrid grid(&runs, &time);
        grid.resize(900, 700);
        grid.show();
        QCOMPARE(grid.addChart(QStringLiteral("cpu.user")), 0);
        QCOMPARE(grid.addChart(QStringLiteral("mem.available")), 1);
        QCOMPARE(grid.chart(0)->instance(), QStringLiteral("all")); // the aggregate by default
        QCOMPARE(grid.chart(1)->instance(), QString());
        QCOMPARE(grid.instanceChooser(0)->count(), 3);
        QVERIFY(!grid.instanceChooser(1)->isVisibleTo(&grid)); // nothing to choose for a single value

        grid.instanceChooser(0)->setCurrentIndex(2);
        emit grid.instanceChooser(0)->activated(2);
        QCOMPARE(grid.chart(0)->instance(), QStringLiteral("cpu1"));
        QCOMPARE(grid.chart(0)->valuesAt(10.0).front().second, 12.0);

        time.setViewRange({20, 30});
        grid.refreshNow();
        for (int c = 0; c < 2; ++c) {
            for (const QPointF& point : grid.chart(c)->drawnPoints(0))
                QVERIFY(point.x() >= 19 && point.x() <= 31);
        }
        QCOMPARE(grid.charts(), (std::vector<std::pair<QString, QString>>{{QStringLiteral("cpu.user"), QStringLiteral("cpu1")},
                                                                          {QStringLiteral("mem.available"), QString()}}));
        grid.removeChart(0);
        QCOMPARE(grid.count(), 1);
    }
};

QTEST_MAIN(TestTimeSeriesChart)
#include "tst_timeserieschart.moc"
