#include "summary/SignificanceTest.h"

#include <QTest>

#include <random>
#include <vector>

namespace {

// An AR(1) series: each sample keeps rho of the previous deviation, as CPU or memory metrics do.
std::vector<double> ar1(std::mt19937_64& random, std::size_t n, double mean, double sd, double rho)
{
    std::normal_distribution<double> noise(0.0, sd * std::sqrt(1 - rho * rho));
    std::vector<double> values;
    double deviation = std::normal_distribution<double>(0.0, sd)(random);
    for (std::size_t i = 0; i < n; ++i) {
        values.push_back(mean + deviation);
        deviation = rho * deviation + noise(random);
    }
    return values;
}

} // namespace

class TestSignificanceTest : public QObject
{
    Q_OBJECT

private slots:
    void sameDistributionIsWithinNoise_data()
    {
        QTest::addColumn<double>("rho");
        QTest::newRow("independent") << 0.0;
        QTest::newRow("autocorrelated") << 0.7;
    }
    void sameDistributionIsWithinNoise()
    {
        QFETCH(double, rho);
        std::mt19937_64 random(20261130);
        int withinNoise = 0;
        for (int trial = 0; trial < 200; ++trial) {
            const auto a = ar1(random, 120, 50.0, 5.0, rho);
            const auto b = ar1(random, 120, 50.0, 5.0, rho);
            SignificanceTest::Options options;
            options.seed = std::uint64_t(trial) + 1;
            const DifferenceEstimate estimate = SignificanceTest::compare(a, b, options);
            QVERIFY(estimate.tested);
            QVERIFY(estimate.low <= estimate.difference && estimate.difference <= estimate.high);
            withinNoise += estimate.significant ? 0 : 1;
        }
        qInfo("same distribution (rho %.1f): within noise in %d of 200 trials", rho, withinNoise);
        QVERIFY2(withinNoise >= 190, qPrintable(QStringLiteral("%1 of 200").arg(withinNoise)));
    }

    void fivePercentShiftWithLowNoiseIsSignificant()
    {
        std::mt19937_64 random(7);
        int significant = 0;
        for (int trial = 0; trial < 200; ++trial) {
            const auto a = ar1(random, 60, 100.0, 2.0, 0.5);
            const auto b = ar1(random, 60, 105.0, 2.0, 0.5);
            SignificanceTest::Options options;
            options.seed = std::uint64_t(trial) + 1;
            const DifferenceEstimate estimate = SignificanceTest::compare(a, b, options);
            significant += estimate.significant && estimate.low > 0 ? 1 : 0;
        }
        qInfo("5 %% shift: significant in %d of 200 trials", significant);
        QVERIFY2(significant >= 190, qPrintable(QStringLiteral("%1 of 200").arg(significant)));
    }

    void blockLengthFollowsAutocorrelation()
    {
        std::mt19937_64 random(3);
        const auto independent = ar1(random, 400, 0, 1, 0.0);
        const auto wandering = ar1(random, 400, 0, 1, 0.9);
        QVERIFY(SignificanceTest::lag1Autocorrelation(wandering) > 0.8);
        QVERIFY(SignificanceTest::blockLength(independent) <= 2);
        QVERIFY(SignificanceTest::blockLength(wandering) >= 10);
        QVERIFY(SignificanceTest::blockLength(wandering) <= 400 / 3);
    }

    void sameSeedSameInterval()
    {
        const std::vector<double> a{1, 2, 3, 4, 5, 6, 7, 8};
        const std::vector<double> b{2, 3, 4, 5, 6, 7, 8, 9};
        const DifferenceEstimate first = SignificanceTest::compare(a, b);
        const DifferenceEstimate second = SignificanceTest::compare(a, b);
        QCOMPARE(first.low, second.low);
        QCOMPARE(first.high, second.high);
        QCOMPARE(first.difference, 1.0);
    }

    void constantSeries()
    {
        const std::vector<double> a(10, 4.0);
        const std::vector<double> same(10, 4.0);
        const std::vector<double> other(10, 5.0);
        QVERIFY(!SignificanceTest::compare(a, same).significant);
        QVERIFY(SignificanceTest::compare(a, other).significant);
    }

    void tooFewSamplesAreNotTested()
    {
        const std::vector<double> a{1, 2};
        const std::vector<double> b{10, 11};
        const DifferenceEstimate estimate = SignificanceTest::compare(a, b);
        QVERIFY(!estimate.tested);
        QVERIFY(!estimate.significant);
        QCOMPARE(estimate.difference, 9.0);
    }
};

QTEST_GUILESS_MAIN(TestSignificanceTest)
#include "tst_significancetest.moc"
