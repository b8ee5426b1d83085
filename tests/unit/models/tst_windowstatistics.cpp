#include "summary/RepeatSpread.h"
#include "summary/WindowStatistics.h"

#include <QTest>

#include <cmath>

class TestWindowStatistics : public QObject
{
    Q_OBJECT

private slots:
    void oneToTenByHand()
    {
        const std::vector<double> values{7, 3, 10, 1, 5, 9, 2, 8, 4, 6};
        const WindowStatistics s = WindowStatistics::of(values);
        QCOMPARE(s.count, std::size_t(10));
        QCOMPARE(s.mean, 5.5);
        // Sample variance: sum of squared deviations 82.5 over n - 1 = 9.
        QVERIFY(std::fabs(s.sd - std::sqrt(82.5 / 9.0)) < 1e-12);
        QCOMPARE(s.min, 1.0);
        QCOMPARE(s.max, 10.0);
        QCOMPARE(s.p50, 5.5);                     // between 5 and 6
        QVERIFY(std::fabs(s.p90 - 9.1) < 1e-12);  // rank 8.1: 9 + 0.1 * (10 - 9)
        QVERIFY(std::fabs(s.p99 - 9.91) < 1e-12); // rank 8.91
        QCOMPARE(*s.byName(QStringLiteral("p90")), s.p90);
        QVERIFY(!s.byName(QStringLiteral("p95")));
    }

    void singleAndEmpty()
    {
        const WindowStatistics one = WindowStatistics::of(std::vector<double>{42});
        QCOMPARE(one.mean, 42.0);
        QCOMPARE(one.sd, 0.0);
        QCOMPARE(one.p99, 42.0);
        const WindowStatistics none = WindowStatistics::of(std::vector<double>{});
        QVERIFY(none.isEmpty());
        QVERIFY(!none.byName(QStringLiteral("mean")));
    }

    void largeNearlyConstantValuesKeepTheirSpread()
    {
        // Memory sizes in bytes: a one-pass variance formula returns garbage here.
        const std::vector<double> values{1e12 + 1, 1e12 + 2, 1e12 + 3};
        QVERIFY(std::fabs(WindowStatistics::of(values).sd - 1.0) < 1e-9);
    }

    void windowSelectsSamplesAndSkipsNaN()
    {
        const std::vector<double> times{0, 1, 2, 3, 4, 5};
        const std::vector<double> values{100, std::nan(""), 2, 4, 6, 100};
        const SeriesView series{times, values};
        const auto inside = WindowStatistics::windowValues(series, std::make_pair(1.0, 4.0));
        QCOMPARE(inside, (std::vector<double>{2, 4, 6}));
        const WindowStatistics s = WindowStatistics::of(series, std::make_pair(1.0, 4.0));
        QCOMPARE(s.mean, 4.0);
        QCOMPARE(s.sd, 2.0);
        QCOMPARE(WindowStatistics::of(series, std::nullopt).count, std::size_t(5));
    }

    void repeatSpread()
    {
        // Three repeats: 98, 100, 104. (max - min) / median = 6 / 100; CV = sd / mean.
        const RepeatSpread spread = RepeatSpread::of(std::vector<double>{104, 98, 100});
        QCOMPARE(spread.runs, 3);
        QCOMPARE(spread.median, 100.0);
        QVERIFY(std::fabs(spread.rangeOverMedian - 0.06) < 1e-12);
        const double mean = 302.0 / 3.0;
        const double sd = std::sqrt(((104 - mean) * (104 - mean) + (98 - mean) * (98 - mean) + (100 - mean) * (100 - mean)) / 2.0);
        QVERIFY(std::fabs(spread.coefficientOfVariation - sd / mean) < 1e-12);
        QCOMPARE(RepeatSpread::of(std::vector<double>{5}).rangeOverMedian, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestWindowStatistics)
#include "tst_windowstatistics.moc"
