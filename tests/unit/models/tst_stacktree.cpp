// StackTree (filtering, merging, layout) and StackTreeDiff (both runs' counts, normalised deltas,
// frames of one run only), with exact values.
#include "ProfileBuilder.h"
#include "StackTree.h"
#include "StackTreeDiff.h"

#include <QTest>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileTables;

namespace {

// Samples described as folded stacks, each with its time (ms), CPU, pid and tid.
struct SampleSpec {
    const char* stack;
    std::int64_t timeMs = 0;
    std::uint32_t cpu = 0;
    std::uint32_t pid = 1;
    std::uint32_t tid = 1;
};

ProfileTables profileOf(const std::vector<SampleSpec>& specs)
{
    runlens::format::ProfileBuilder builder;
    for (const SampleSpec& spec : specs) {
        std::uint32_t stack = kNoStack;
        const QStringList frames = QString::fromLatin1(spec.stack).split(QLatin1Char(';'), Qt::SkipEmptyParts);
        for (const QString& frame : frames) {
            // "name@module" gives a module; otherwise "app".
            const QStringList parts = frame.split(QLatin1Char('@'));
            stack = builder.stack(stack, builder.frame(parts[0].toStdString(),
                                                       parts.size() > 1 ? parts[1].toStdString() : "app",
                                                       FrameKind::User));
        }
        builder.sample(spec.timeMs * 1'000'000, spec.cpu, spec.pid, spec.tid, stack);
    }
    return builder.take(false);
}

QStringList childNames(const StackTree& tree, std::uint32_t node)
{
    QStringList names;
    const StackTreeNode& parent = tree.node(node);
    for (std::uint32_t c = parent.firstChild; c < parent.firstChild + parent.childCount; ++c) {
        names.append(QString::fromStdString(tree.functionOf(c).symbol));
    }
    return names;
}

std::uint32_t at(const StackTree& tree, const std::vector<std::string>& path)
{
    const auto node = tree.find(path);
    return node ? *node : 0xffffffffu;
}

} // namespace

class TestStackTree : public QObject
{
    Q_OBJECT

private slots:
    void totalsSelfAndOrder()
    {
        const ProfileTables profile = profileOf({{"A;B;C"}, {"A;B;C"}, {"A;B;D"}, {"A;E"}, {""}, {"Z;A"}});
        const auto tree = StackTree::build(profile);
        QCOMPARE(tree->totalSamples(), std::uint64_t(6));
        QCOMPARE(tree->node(StackTree::kRoot).self, std::uint64_t(1)); // the sample without a stack
        QCOMPARE(childNames(*tree, StackTree::kRoot), (QStringList{"A", "Z"}));
        const auto a = at(*tree, {"A"});
        QCOMPARE(tree->node(a).total, std::uint64_t(4));
        QCOMPARE(tree->node(a).self, std::uint64_t(0));
        QCOMPARE(tree->node(a).depth, 1u);
        QCOMPARE(childNames(*tree, a), (QStringList{"B", "E"}));
        const auto b = at(*tree, {"A", "B"});
        QCOMPARE(tree->node(b).total, std::uint64_t(3));
        QCOMPARE(childNames(*tree, b), (QStringList{"C", "D"}));
        QCOMPARE(tree->node(at(*tree, {"A", "B", "C"})).self, std::uint64_t(2));
        QCOMPARE(tree->node(at(*tree, {"A", "B", "D"})).total, std::uint64_t(1));
        QCOMPARE(tree->node(at(*tree, {"Z", "A"})).self, std::uint64_t(1));
        QCOMPARE(tree->nodes().size(), std::size_t(1 + 7));
        // Breadth first: the children of every node are consecutive and come after it.
        for (std::uint32_t n = 0; n < tree->nodes().size(); ++n) {
            const auto& node = tree->node(n);
            std::uint64_t sum = node.self;
            for (std::uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c) {
                QVERIFY(c > n);
                QCOMPARE(tree->node(c).parent, n);
                sum += tree->node(c).total;
            }
            QCOMPARE(sum, node.total);
        }
        QCOMPARE(tree->pathTo(at(*tree, {"A", "B", "D"})).size(), std::size_t(3));
    }

    void framesMergeBySymbolAndModule()
    {
        // Three frames of "f": two in one module (different addresses, say), one in another.
        runlens::format::ProfileBuilder builder;
        const auto main = builder.frame("main", "app", FrameKind::User);
        const auto f1 = builder.frame("f", "lib.so", FrameKind::User, "0x10");
        const auto f2 = builder.frame("f", "lib.so", FrameKind::User, "0x20");
        const auto f3 = builder.frame("f", "other.so", FrameKind::User);
        QVERIFY(f1 != f2);
        const auto root = builder.stack(kNoStack, main);
        builder.sample(0, 0, 1, 1, builder.stack(root, f1));
        builder.sample(0, 0, 1, 1, builder.stack(root, f2));
        builder.sample(0, 0, 1, 1, builder.stack(root, f3));
        const auto tree = StackTree::build(builder.take(false));
        const auto m = at(*tree, {"main"});
        QCOMPARE(tree->node(m).childCount, 2u);
        const auto first = tree->node(m).firstChild;
        QCOMPARE(tree->functionOf(first).module, std::string("lib.so"));
        QCOMPARE(tree->node(first).total, std::uint64_t(2));
        QCOMPARE(tree->functionOf(first + 1).module, std::string("other.so"));
        QCOMPARE(tree->node(first + 1).total, std::uint64_t(1));
    }

    void filters()
    {
        const ProfileTables profile = profileOf({{"A;B", 0, 0, 10, 11},
                                                 {"A;B", 500, 1, 10, 12},
                                                 {"A;C", 1000, 1, 20, 21},
                                                 {"A;C", 1500, 2, 20, 21},
                                                 {"D", 2000, 3, 30, 31}});
        StackTreeFilter filter;
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{500'000'000, 2'000'000'000};
        auto tree = StackTree::build(profile, filter);
        QCOMPARE(tree->totalSamples(), std::uint64_t(3)); // [0.5 s, 2 s): the end is excluded
        QCOMPARE(tree->node(at(*tree, {"A", "C"})).total, std::uint64_t(2));
        QCOMPARE(tree->durationSeconds(), 1.5);

        filter = {};
        filter.cpus = {1};
        tree = StackTree::build(profile, filter);
        QCOMPARE(tree->totalSamples(), std::uint64_t(2));
        QCOMPARE(tree->node(at(*tree, {"A", "B"})).total, std::uint64_t(1));

        filter = {};
        filter.pids = {20, 30};
        tree = StackTree::build(profile, filter);
        QCOMPARE(tree->totalSamples(), std::uint64_t(3));
        QVERIFY(!tree->find({"A", "B"}));
        // The unknown pid of perf script text (0xffffffff) costs a sorted list, not 4 GB.
        filter.pids = {20, 30, 0xffffffffu};
        tree = StackTree::build(profile, filter);
        QCOMPARE(tree->totalSamples(), std::uint64_t(3));

        filter = {};
        filter.tids = {12};
        tree = StackTree::build(profile, filter);
        QCOMPARE(tree->totalSamples(), std::uint64_t(1));
        QCOMPARE(tree->node(at(*tree, {"A", "B"})).self, std::uint64_t(1));

        // Unfiltered: the duration is the span of the samples.
        QCOMPARE(StackTree::build(profile)->durationSeconds(), 2.0);
    }

    void diffByTotalSamples()
    {
        const auto baseline = StackTree::build(profileOf({{"A;B"}, {"A;B"}, {"A;B"}, {"A;C"}}));
        const auto selected = StackTree::build(profileOf({{"A;B"}, {"A;D"}}));
        const auto diff = StackTreeDiff::compute(*baseline, *selected);
        QVERIFY(diff->isDiff());
        QCOMPARE(diff->totalSamples(), std::uint64_t(2));
        QCOMPARE(diff->baselineSamples(), std::uint64_t(4));
        const auto a = at(*diff, {"A"});
        QCOMPARE(childNames(*diff, a), (QStringList{"B", "C", "D"}));
        const auto b = at(*diff, {"A", "B"});
        const auto c = at(*diff, {"A", "C"});
        const auto d = at(*diff, {"A", "D"});
        QCOMPARE(diff->node(b).total, std::uint64_t(1));
        QCOMPARE(diff->baselineTotal(b), std::uint64_t(3));
        QCOMPARE(diff->totalDelta(b), 0.5 - 0.75);
        QCOMPARE(diff->selfDelta(b), 0.5 - 0.75);
        QCOMPARE(diff->node(c).total, std::uint64_t(0)); // only in the baseline: kept, no width
        QCOMPARE(diff->baselineTotal(c), std::uint64_t(1));
        QCOMPARE(diff->totalDelta(c), -0.25);
        QCOMPARE(diff->baselineTotal(d), std::uint64_t(0)); // only in the selected run
        QCOMPARE(diff->totalDelta(d), 0.5);
        QCOMPARE(diff->totalDelta(a), 0.0);
        QCOMPARE(diff->maximumDelta(), 0.5);
        QCOMPARE(diff->disappeared(), (std::vector<std::uint32_t>{c}));
    }

    void diffPerSecond()
    {
        StackTreeFilter oneSecond;
        oneSecond.timeNs = std::pair<std::int64_t, std::int64_t>{0, 1'000'000'000};
        StackTreeFilter twoSeconds;
        twoSeconds.timeNs = std::pair<std::int64_t, std::int64_t>{0, 2'000'000'000};
        const auto baseline = StackTree::build(profileOf({{"A;B"}, {"A;B"}, {"A;B"}, {"A;C"}}), twoSeconds);
        const auto selected = StackTree::build(profileOf({{"A;B"}, {"A;D"}}), oneSecond);
        const auto diff = StackTreeDiff::compute(*baseline, *selected, DiffNormalisation::PerSecond);
        QCOMPARE(diff->normalisation(), DiffNormalisation::PerSecond);
        QCOMPARE(diff->totalDelta(at(*diff, {"A", "B"})), 1.0 - 1.5);
        QCOMPARE(diff->totalDelta(at(*diff, {"A"})), 2.0 - 2.0);
        QCOMPARE(diff->totalDelta(at(*diff, {"A", "D"})), 1.0);
        QCOMPARE(diff->selfDelta(at(*diff, {"A", "C"})), -0.5);
    }
};

QTEST_GUILESS_MAIN(TestStackTree)
#include "tst_stacktree.moc"
