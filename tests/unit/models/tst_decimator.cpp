#include "Decimator.h"

#include <QTest>

#include <cmath>
#include <random>

class TestDecimator : public QObject
{
    Q_OBJECT

private slots:
    void keepsEveryBucketsMinimumAndMaximum()
    {
        std::mt19937 random(7);
        std::normal_distribution<double> noise(50, 10);
        const std::size_t n = 100000;
        std::vector<double> times(n);
        std::vector<double> values(n);
        for (std::size_t i = 0; i < n; ++i) {
            times[i] = double(i) * 0.01;
            values[i] = noise(random);
        }
        values[31337] = 1000; // a spike that must survive
        values[77777] = -900;
        const int columns = 500;
        const DecimatedSeries result = decimate(times, values, 0, 0, times.back(), columns);
        QVERIFY(result.points.size() <= std::size_t(columns) * 2 + 4);
        QCOMPARE(result.maximum, 1000.0);
        QCOMPARE(result.minimum, -900.0);

        // Per pixel column, the decimated points hold that column's exact min and max.
        const double width = times.back() / columns;
        std::vector<double> expectedMin(columns + 1, INFINITY), expectedMax(columns + 1, -INFINITY);
        for (std::size_t i = 0; i < n; ++i) {
            const int column = int(std::floor(times[i] / width));
            expectedMin[std::size_t(column)] = std::min(expectedMin[std::size_t(column)], values[i]);
            expectedMax[std::size_t(column)] = std::max(expectedMax[std::size_t(column)], values[i]);
        }
        std::vector<double> gotMin(columns + 1, INFINITY), gotMax(columns + 1, -INFINITY);
        for (const QPointF& point : result.points) {
            const int column = int(std::floor(point.x() / width));
            gotMin[std::size_t(column)] = std::min(gotMin[std::size_t(column)], point.y());
            gotMax[std::size_t(column)] = std::max(gotMax[std::size_t(column)], point.y());
        }
        QCOMPARE(gotMin, expectedMin);
        QCOMPARE(gotMax, expectedMax);
        // Points stay in time order.
        for (std::size_t i = 1; i < result.points.size(); ++i)
            QVERIFY(result.points[i].x() >= result.points[i - 1].x());
    }

    void fewSamplesAreKeptAsTheyAre()
    {
        const std::vector<double> times{0, 1, 2, 3};
        const std::vector<double> values{5, 6, 7, 8};
        const DecimatedSeries result = decimate(times, values, 10, 10, 13, 800);
        QCOMPARE(result.points.size(), std::size_t(4));
        QCOMPARE(result.points[2], QPointF(12, 7)); // offset applied
    }

    void gapsAreMarked()
    {
        const std::vector<double> times{0, 1, 2, 3, 4};
        const std::vector<double> values{1, std::nan(""), std::nan(""), 4, 5};
        const DecimatedSeries result = decimate(times, values, 0, 0, 4, 100);
        QCOMPARE(result.points.size(), std::size_t(4));
        QVERIFY(std::isnan(result.points[1].y()));
        QCOMPARE(result.points[2], QPointF(3, 4));
    }

    void visibleRangeOnlyPlusOneSampleEachSide()
    {
        std::vector<double> times(1000), values(1000);
        for (std::size_t i = 0; i < 1000; ++i) {
            times[i] = double(i);
            values[i] = double(i);
        }
        const DecimatedSeries result = decimate(times, values, 0, 100.5, 110.5, 200);
        QCOMPARE(result.points.front().x(), 100.0);
        QCOMPARE(result.points.back().x(), 111.0);
        QVERIFY(decimate(times, values, 0, 5000, 6000, 100).points.empty() || decimate(times, values, 0, 5000, 6000, 100).points.size() == 1);
    }
};

QTEST_GUILESS_MAIN(TestDecimator)
#include "tst_decimator.moc"
