// The line rasterizer of the charts: what it writes into which pixels, and the tick labels the
// chart draws itself.
#include "RunFactory.h"
#include "RunSet.h"
#include "SeriesRaster.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"

#include <QTest>

#include <cmath>
#include <limits>

namespace {

constexpr QRgb kRed = 0xffff0000u;
constexpr QRgb kBlue = 0xff0000ffu;

QImage blankImage(int width, int height)
{
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    return image;
}

// The rows of column x that hold `colour`, as [first, last], or {-1, -1}.
std::pair<int, int> paintedRows(const QImage& image, int x, QRgb colour)
{
    int first = -1;
    int last = -1;
    for (int y = 0; y < image.height(); ++y) {
        if (image.pixel(x, y) == colour) {
            if (first < 0)
                first = y;
            last = y;
        }
    }
    return {first, last};
}

} // namespace

class TestSeriesRaster : public QObject
{
    Q_OBJECT

private slots:
    void denseSegmentsBecomeColumnSpans()
    {
        QImage image = blankImage(20, 40);
        SeriesRaster raster(image);
        // Min and max per column, as the decimator delivers them: column 5 spans rows 10..30,
        // column 6 spans 12..20, joined by the segment from (5.5, 30) to (6.2, 12).
        const std::vector<QPointF> points{{5.2, 10.0}, {5.5, 30.0}, {6.2, 12.0}, {6.8, 20.0}};
        raster.drawSeries(points, kRed, 1.0);
        QCOMPARE(paintedRows(image, 5, kRed), std::make_pair(10, 30));
        QCOMPARE(paintedRows(image, 6, kRed), std::make_pair(12, 20));
        // A segment crossing a column boundary is split where it crosses: (0.5, 0) to (1.5, 20)
        // gives column 0 rows 0..10 and column 1 rows 10..20.
        QImage split = blankImage(4, 40);
        SeriesRaster splitRaster(split);
        splitRaster.drawSeries(std::vector<QPointF>{{0.5, 0.0}, {1.5, 20.0}}, kRed, 1.0);
        QCOMPARE(paintedRows(split, 0, kRed), std::make_pair(0, 10));
        QCOMPARE(paintedRows(split, 1, kRed), std::make_pair(10, 20));
        QCOMPARE(paintedRows(image, 4, kRed), std::make_pair(-1, -1));
        QCOMPARE(paintedRows(image, 7, kRed), std::make_pair(-1, -1));
    }

    void aGapBreaksTheLineAndLaterSeriesDrawOnTop()
    {
        QImage image = blankImage(20, 40);
        SeriesRaster raster(image);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        raster.drawSeries(std::vector<QPointF>{{2.5, 5.0}, {3.5, nan}, {4.5, 35.0}}, kRed, 1.0);
        // Two isolated samples: one pixel each, nothing in column 3 between them.
        QCOMPARE(paintedRows(image, 2, kRed), std::make_pair(5, 5));
        QCOMPARE(paintedRows(image, 3, kRed), std::make_pair(-1, -1));
        QCOMPARE(paintedRows(image, 4, kRed), std::make_pair(35, 35));
        raster.drawSeries(std::vector<QPointF>{{2.2, 0.0}, {2.8, 39.0}}, kBlue, 1.0);
        QCOMPARE(paintedRows(image, 2, kBlue), std::make_pair(0, 39));
        QCOMPARE(paintedRows(image, 2, kRed), std::make_pair(-1, -1));
    }

    void wideSegmentsAreStrokedWithAntialiasing()
    {
        QImage image = blankImage(40, 40);
        SeriesRaster raster(image);
        raster.drawSeries(std::vector<QPointF>{{0.5, 20.5}, {39.5, 20.5}}, kRed, 1.0);
        // A horizontal line across the image through row 20, and nothing far from it.
        for (int x = 1; x < 39; ++x) {
            QCOMPARE(qAlpha(image.pixel(x, 20)), 255);
            QCOMPARE(qAlpha(image.pixel(x, 10)), 0);
        }
    }

    void aLineOnTheBottomEdgeIsDrawnInTheLastRow()
    {
        // The axis minimum maps to the image's bottom edge (y == height): a series that stays
        // there, like a counter at zero, shows in the last row instead of not at all.
        QImage image = blankImage(10, 10);
        SeriesRaster raster(image);
        raster.drawSeries(std::vector<QPointF>{{2.2, 10.0}, {2.8, 10.0}, {3.4, 10.0}}, kRed, 1.0);
        QCOMPARE(paintedRows(image, 2, kRed), std::make_pair(9, 9));
        QCOMPARE(paintedRows(image, 3, kRed), std::make_pair(9, 9));
        // Further below is outside the image, as before.
        raster.drawSeries(std::vector<QPointF>{{6.2, 11.5}, {6.8, 11.5}}, kBlue, 1.0);
        QCOMPARE(paintedRows(image, 6, kBlue), std::make_pair(-1, -1));
    }

    void gridLinesAndThickSpans()
    {
        QImage image = blankImage(10, 10);
        SeriesRaster raster(image);
        raster.drawVerticalLine(3, kBlue);
        raster.drawHorizontalLine(7, kBlue);
        raster.drawVerticalLine(10, kBlue); // outside: ignored
        QCOMPARE(paintedRows(image, 3, kBlue), std::make_pair(0, 9));
        QCOMPARE(paintedRows(image, 4, kBlue), std::make_pair(7, 7));
        // A two-device-pixel pen (a 2x screen) widens a span by one pixel to the right and below.
        raster.drawSeries(std::vector<QPointF>{{5.5, 2.0}, {5.6, 4.0}}, kRed, 2.0);
        QCOMPARE(paintedRows(image, 5, kRed), std::make_pair(2, 5));
        QCOMPARE(paintedRows(image, 6, kRed), std::make_pair(2, 5));
    }

    void chartDrawsItsOwnTickLabels()
    {
        RunSet runs;
        TimeController time;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 601, 1.0,
                         {{"mem.used", "bytes", {""}, [](std::size_t row, std::size_t) { return double(row) * 8.0 * 1024 * 1024; }}}));
        time.setExtent(runs.timeExtent());
        TimeSeriesChart chart(&runs, &time);
        chart.resize(1000, 300);
        chart.setMetric(QStringLiteral("mem.used"), QString());
        // 0..600 s on about 900 px: a tick every two minutes, in minutes and seconds.
        QCOMPARE(chart.tickLabels(Qt::Horizontal),
                 QStringList({QStringLiteral("0 s"), QStringLiteral("2:00"), QStringLiteral("4:00"),
                              QStringLiteral("6:00"), QStringLiteral("8:00"), QStringLiteral("10:00")}));
        // Bytes tick at round binary sizes.
        const QStringList yLabels = chart.tickLabels(Qt::Vertical);
        QVERIFY(!yLabels.isEmpty());
        QCOMPARE(yLabels.front(), QStringLiteral("0 B"));
        QVERIFY2(yLabels.contains(QStringLiteral("4 GiB")), qPrintable(yLabels.join(QLatin1Char(','))));

        // Zooming changes the labels.
        time.setViewRange({60, 120});
        chart.refresh();
        QCOMPARE(chart.tickLabels(Qt::Horizontal).front(), QStringLiteral("1:00"));
    }
};

QTEST_MAIN(TestSeriesRaster)
#include "tst_seriesraster.moc"
