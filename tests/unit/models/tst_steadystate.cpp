// Steady-state detection: change points (PELT) on synthetic series whose warm-up and cool-down
// are known to the sample, no proposal on flat series, and the proposal a run gets with its reason.
#include "RunFactory.h"
#include "summary/ChangePoints.h"
#include "summary/SteadyState.h"

#include <QTest>

#include <cmath>
#include <random>

namespace {

constexpr std::size_t kRows = 600;
constexpr std::size_t kWarmUp = 40;   // the first steady sample
constexpr std::size_t kCoolDown = 560; // the first sample after the steady state
constexpr double kLevel = 75;         // % busy in the steady state

enum class Shape { Step, Ramp, Overshoot };

// CPU busy of a run that warms up and cools down in the given shape, plus normal noise of `noise`
// percentage points from a seeded generator. Ramps climb 1.75 points per sample: with noise of 1,
// the knee is visible to within a sample or two; with far more noise than slope nobody could say
// where a ramp ends to 2 samples.
std::vector<double> shaped(Shape shape, unsigned seed, double noise = 1.0)
{
    std::mt19937 generator(seed);
    std::normal_distribution<double> normal(0.0, noise);
    std::vector<double> values(kRows);
    for (std::size_t i = 0; i < kRows; ++i) {
        double level = kLevel;
        switch (shape) {
        case Shape::Step:
            level = i < kWarmUp || i >= kCoolDown ? 10 : kLevel;
            break;
        case Shape::Ramp:
            if (i < kWarmUp)
                level = 5 + 70.0 * double(i) / double(kWarmUp);
            else if (i >= kCoolDown)
                level = kLevel - 70.0 * double(i - kCoolDown + 1) / double(kRows - kCoolDown);
            break;
        case Shape::Overshoot:
            // Idle, then a jump past the level (caches cold, a JIT compiling), down to it linearly.
            if (i < 10)
                level = 5;
            else if (i < 25)
                level = 95;
            else if (i < kWarmUp)
                level = 95 - 20.0 * double(i - 24) / double(kWarmUp - 24);
            else if (i >= kCoolDown)
                level = 8;
            break;
        }
        values[i] = level + normal(generator);
    }
    return values;
}

MetricSpec busy(std::function<double(std::size_t)> value)
{
    return {"cpu.busy", "%", {"all"}, [value](std::size_t row, std::size_t) { return value(row); },
            runlens::format::BetterDirection::Neutral, runlens::format::MetricScope::Series, {}, "Busy CPU"};
}

} // namespace

class TestSteadyState : public QObject
{
    Q_OBJECT

private slots:
    void meanShiftsOfAnExactStepSeries()
    {
        std::vector<double> values(30, 0.0);
        for (std::size_t i = 10; i < 25; ++i)
            values[i] = 5;
        QCOMPARE(ChangePoints::meanShifts(values, ChangePoints::mbicPenalty(values.size()), 3),
                 (std::vector<std::size_t>{10, 25}));
        // A spike of two samples gets a segment no shorter than the minimum of 3.
        values.assign(30, 0.0);
        values[14] = values[15] = 50;
        const std::vector<std::size_t> changes = ChangePoints::meanShifts(values, ChangePoints::mbicPenalty(values.size()), 3);
        QCOMPARE(changes.size(), std::size_t(2));
        QCOMPARE(changes[1] - changes[0], std::size_t(3));
        QVERIFY(changes[0] <= 14 && changes[1] >= 16);
    }

    void noiseScaleIgnoresTheLevelShifts()
    {
        const std::vector<double> values = shaped(Shape::Step, 7, 2.0);
        const double noise = ChangePoints::noiseScale(values);
        // The two steps of 65 points would make the plain standard deviation about 19.
        QVERIFY2(noise > 1.8 && noise < 2.2, qPrintable(QString::number(noise)));
        QCOMPARE(ChangePoints::noiseScale(std::vector<double>(50, 3.0)), 0.0);
    }

    void warmUpAndCoolDownWithinTwoSamples_data()
    {
        QTest::addColumn<int>("shape");
        QTest::addColumn<unsigned>("seed");
        const std::pair<const char*, Shape> shapes[] = {{"step", Shape::Step}, {"ramp", Shape::Ramp}, {"overshoot", Shape::Overshoot}};
        for (const auto& [name, shape] : shapes) {
            for (unsigned seed = 1; seed <= 30; ++seed)
                QTest::addRow("%s seed %u", name, seed) << int(shape) << seed;
        }
    }

    void warmUpAndCoolDownWithinTwoSamples()
    {
        QFETCH(int, shape);
        QFETCH(unsigned, seed);
        const std::optional<SteadyState::Span> span = SteadyState::ofValues(shaped(Shape(shape), seed));
        QVERIFY(span);
        const auto off = [](std::size_t found, std::size_t known) { return std::abs(double(found) - double(known)); };
        QVERIFY2(off(span->begin, kWarmUp) <= 2, qPrintable(QStringLiteral("warm-up ends at %1").arg(span->begin)));
        QVERIFY2(off(span->end, kCoolDown) <= 2, qPrintable(QStringLiteral("cool-down starts at %1").arg(span->end)));
    }

    void flatSeriesHaveNoWarmUp()
    {
        const std::optional<SteadyState::Span> constant = SteadyState::ofValues(std::vector<double>(kRows, 42.0));
        QVERIFY(constant);
        QCOMPARE(constant->begin, std::size_t(0));
        QCOMPARE(constant->end, kRows);
        // Flat noise, normal and heavy-tailed (Student's t with 3 degrees of freedom: spikes), at
        // two levels of noise: the whole series is steady for every seed.
        int proposed = 0;
        for (unsigned seed = 1; seed <= 200; ++seed) {
            std::mt19937 generator(seed);
            std::normal_distribution<double> normal(0.0, 1.0 + double(seed % 5));
            std::student_t_distribution<double> spiky(3.0);
            std::vector<double> values(kRows);
            for (std::size_t i = 0; i < kRows; ++i)
                values[i] = 50 + (seed % 2 == 0 ? normal(generator) : 3.0 * spiky(generator));
            const std::optional<SteadyState::Span> span = SteadyState::ofValues(values);
            if (!span || span->begin != 0 || span->end != kRows)
                ++proposed;
        }
        QCOMPARE(proposed, 0);
    }

    void seriesThatChangesThroughoutHasNoSteadyState()
    {
        std::vector<double> values(kRows);
        for (std::size_t i = 0; i < kRows; ++i)
            values[i] = 0.15 * double(i);
        QVERIFY(!SteadyState::ofValues(values));
        QVERIFY(!SteadyState::ofValues(std::vector<double>(8, 1.0))); // too short to tell
    }

    void proposalSaysWhy()
    {
        const std::vector<double> values = shaped(Shape::Step, 3);
        const RunPtr run = makeRun(QStringLiteral("/tmp/steady.tar.gz"), "steady", kRows, 0.5,
                                   {busy([&](std::size_t row) { return values[row]; })});
        const SteadyStateProposal proposal = SteadyState::propose(*run);
        QVERIFY(proposal.window);
        // Samples every 0.5 s: the first steady one is sample 40, the last one sample 559.
        QCOMPARE(proposal.window->first, 20.0);
        QCOMPARE(proposal.window->second, 279.5);
        QCOMPARE(proposal.reason, QStringLiteral("Busy CPU settles at 20.0 s and falls at 279.5 s."));
        QCOMPARE(proposal.perSignal.size(), std::size_t(1));
        QCOMPARE(proposal.perSignal[0].metricId, QStringLiteral("cpu.busy"));
        QCOMPARE(proposal.perSignal[0].instance, QStringLiteral("all"));
    }

    void flatRunIsSteadyThroughout()
    {
        std::mt19937 generator(11);
        std::normal_distribution<double> normal(0.0, 2.0);
        std::vector<double> values(kRows);
        for (double& value : values)
            value = 60 + normal(generator);
        const RunPtr run = makeRun(QStringLiteral("/tmp/flat.tar.gz"), "flat", kRows, 1.0,
                                   {busy([&](std::size_t row) { return values[row]; })});
        const SteadyStateProposal proposal = SteadyState::propose(*run);
        QVERIFY(!proposal.window);
        QCOMPARE(proposal.reason, QStringLiteral("The whole run is steady: no warm-up or cool-down in Busy CPU."));
    }

    void workloadMetricCountsToo()
    {
        // CPU busy is flat from the start; the benchmark's throughput only settles at 30 s.
        std::mt19937 generator(5);
        std::normal_distribution<double> normal(0.0, 1.0);
        std::vector<double> cpu(kRows);
        std::vector<double> tps(kRows);
        for (std::size_t i = 0; i < kRows; ++i) {
            cpu[i] = 70 + normal(generator);
            tps[i] = (i < 30 ? 400.0 : 1000.0) + 5 * normal(generator);
        }
        MetricSpec throughput{"workload.tps", "tps", {""}, [&](std::size_t row, std::size_t) { return tps[row]; },
                              runlens::format::BetterDirection::Higher, runlens::format::MetricScope::Series, {}, "Transactions"};
        const RunPtr run = makeRun(QStringLiteral("/tmp/tps.tar.gz"), "tps", kRows, 1.0,
                                   {busy([&](std::size_t row) { return cpu[row]; }), throughput});
        const SteadyStateProposal proposal = SteadyState::propose(*run);
        QVERIFY(proposal.window);
        QCOMPARE(proposal.window->first, 30.0);
        QCOMPARE(proposal.window->second, double(kRows - 1)); // no cool-down: to the last sample
        QCOMPARE(proposal.reason, QStringLiteral("Transactions settles at 30.0 s."));
        QCOMPARE(proposal.perSignal.size(), std::size_t(2));
        QVERIFY(!proposal.perSignal[0].settles);
        QCOMPARE(*proposal.perSignal[1].settles, 30.0);
    }

    void runWithoutSignals()
    {
        const RunPtr run = makeRun(QStringLiteral("/tmp/mem.tar.gz"), "mem", 50, 1.0,
                                   {{"mem.available", "bytes", {""}, [](std::size_t, std::size_t) { return 1e9; }}});
        const SteadyStateProposal proposal = SteadyState::propose(*run);
        QVERIFY(!proposal.window);
        QCOMPARE(proposal.reason, QStringLiteral("No CPU busy or workload series to find a steady state in."));
    }
};

QTEST_GUILESS_MAIN(TestSteadyState)
#include "tst_steadystate.moc"
