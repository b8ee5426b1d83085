// VariantDiff: frames whose share really moves between two variants of five repeats are flagged in
// at least 95 % of 200 seeded trials, frames that only jitter from run to run in at most 5 %; with
// fewer than three repeats a side the tree is the plain difference and says so; pooled sums.
#include "StackTree.h"
#include "VariantDiff.h"

#include <QTest>

#include <random>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileTables;

namespace {

// One run: `samples` samples over main;A, main;B and main;C with the given shares of A and B
// (C the rest), as one row per stack with its count.
StackTreePtr runOf(std::mt19937_64& random, double shareA, double shareB, int samples)
{
    ProfileTables profile;
    profile.frames = {{"main", "app", FrameKind::User}, {"A", "app", FrameKind::User}, {"B", "app", FrameKind::User},
                      {"C", "app", FrameKind::User}};
    profile.stacks = {{kNoStack, 0}, {0, 1}, {0, 2}, {0, 3}};
    // Multinomial sampling of the run's samples.
    std::discrete_distribution<int> pick({shareA, shareB, std::max(0.0, 1.0 - shareA - shareB)});
    std::uint64_t counts[3] = {0, 0, 0};
    for (int i = 0; i < samples; ++i)
        ++counts[pick(random)];
    for (int s = 0; s < 3; ++s) {
        profile.samples.timeNs.push_back(0);
        profile.samples.cpu.push_back(0);
        profile.samples.pid.push_back(1);
        profile.samples.tid.push_back(1);
        profile.samples.stack.push_back(std::uint32_t(s + 1));
        profile.samples.count.push_back(counts[s]);
    }
    return StackTree::build(profile);
}

// A variant of `repeats` runs: each run's shares move by run-to-run noise (1 point) first.
std::vector<StackTreePtr> variantOf(std::mt19937_64& random, double shareA, double shareB, int repeats)
{
    std::normal_distribution<double> jitter(0.0, 0.01);
    std::vector<StackTreePtr> runs;
    for (int r = 0; r < repeats; ++r)
        runs.push_back(runOf(random, shareA + jitter(random), shareB + jitter(random), 5000));
    return runs;
}

std::uint32_t nodeOf(const StackTree& tree, const char* name)
{
    return tree.find({"main", name}).value_or(0xffffffffu);
}

} // namespace

class TestVariantDiff : public QObject
{
    Q_OBJECT

private slots:
    void realShiftsFlaggedNoiseNot()
    {
        int realFlagged = 0;
        int noiseFlagged = 0;
        constexpr int kTrials = 200;
        for (int trial = 0; trial < kTrials; ++trial) {
            std::mt19937_64 random(1000 + std::uint64_t(trial));
            // A grows from 20 % to 25 % of the samples; B stays at 30 % in both.
            const auto baseline = variantOf(random, 0.20, 0.30, 5);
            const auto tuned = variantOf(random, 0.25, 0.30, 5);
            const StackTreePtr diff = VariantDiff::compute(baseline, tuned);
            QVERIFY(diff->isDiff() && diff->hasVerdicts());
            QCOMPARE(diff->baselineRepeats(), 5);
            QCOMPARE(diff->selectedRepeats(), 5);
            realFlagged += diff->verdict(nodeOf(*diff, "A")) == FrameVerdict::Real ? 1 : 0;
            noiseFlagged += diff->verdict(nodeOf(*diff, "B")) == FrameVerdict::Real ? 1 : 0;
        }
        qInfo("real shift flagged in %d of %d trials, noise in %d", realFlagged, kTrials, noiseFlagged);
        QVERIFY(realFlagged >= kTrials * 95 / 100);
        QVERIFY(noiseFlagged <= kTrials * 5 / 100);
    }

    void smallShiftWithinLargeNoiseIsNoise()
    {
        // B moves by half a point while runs jitter by a point: not something five repeats show.
        int flagged = 0;
        for (int trial = 0; trial < 50; ++trial) {
            std::mt19937_64 random(7 + std::uint64_t(trial));
            const auto diff = VariantDiff::compute(variantOf(random, 0.2, 0.300, 5), variantOf(random, 0.2, 0.305, 5));
            flagged += diff->verdict(nodeOf(*diff, "B")) == FrameVerdict::Real ? 1 : 0;
        }
        QVERIFY(flagged <= 3);
    }

    void fewerThanThreeRepeatsIsAPlainDifference()
    {
        std::mt19937_64 random(3);
        const auto baseline = variantOf(random, 0.2, 0.3, 2);
        const auto tuned = variantOf(random, 0.3, 0.3, 2);
        const StackTreePtr diff = VariantDiff::compute(baseline, tuned);
        QVERIFY(diff->isDiff());
        QVERIFY(!diff->hasVerdicts());
        QCOMPARE(diff->baselineRepeats(), 2);
        QCOMPARE(diff->verdict(nodeOf(*diff, "A")), FrameVerdict::Untested);
        // Pooled: widths are the two tuned runs' samples together.
        QCOMPARE(diff->totalSamples(), std::uint64_t(10000));
        QCOMPARE(diff->baselineSamples(), std::uint64_t(10000));
        QCOMPARE(diff->node(nodeOf(*diff, "A")).total, tuned[0]->node(nodeOf(*tuned[0], "A")).total + tuned[1]->node(nodeOf(*tuned[1], "A")).total);
    }

    void sumMergesPathsAcrossRuns()
    {
        std::mt19937_64 random(5);
        const auto runs = variantOf(random, 0.2, 0.3, 3);
        const StackTreePtr pooled = VariantDiff::sum(runs);
        QCOMPARE(pooled->totalSamples(), std::uint64_t(15000));
        std::uint64_t a = 0;
        for (const auto& run : runs)
            a += run->node(nodeOf(*run, "A")).total;
        QCOMPARE(pooled->node(nodeOf(*pooled, "A")).total, a);
        QCOMPARE(pooled->node(*pooled->find({"main"})).childCount, 3u);
    }
};

QTEST_GUILESS_MAIN(TestVariantDiff)
#include "tst_variantdiff.moc"
