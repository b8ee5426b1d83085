// ProfileIndex: trees built from the index equal a plain pass over the rows, in their sums and
// their first and last times, for every kind of filter (ranges that cut buckets, CPUs, processes
// or threads, alone and together, over tasks whose stacks or rows are kept; event counts, rows out
// of order, long runs with wide buckets, CPU ids of any size, sums beyond 32 bits, times at the
// ends of the 64-bit range); the thread and process lists, the FlameScope grid, cancel.
#include "ProfileIndex.h"
#include "StackTree.h"

#include <QTest>

#include <algorithm>
#include <limits>
#include <random>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileTables;
using runlens::format::SampleWeight;

namespace {

// How a profile numbers its CPUs: as a host does, with ids beyond a table's reach (text imported
// from elsewhere), or with more CPUs than the index splits its buckets by.
enum class CpuIds { Host, Huge, TooMany };

std::uint32_t randomCpu(std::mt19937_64& random, CpuIds ids)
{
    switch (ids) {
    case CpuIds::Host:
        return std::uint32_t(random() % 8);
    case CpuIds::Huge: {
        static constexpr std::uint32_t kIds[] = {0, 5, 70'000, 0xfffffffe};
        return kIds[random() % 4];
    }
    case CpuIds::TooMany:
        return std::uint32_t(random() % 1'000'000);
    }
    return 0;
}

// Which stacks a task's samples are on: any of the profile's (where a task's stacks hardly repeat
// within a bucket, and the index keeps its rows), a few of its own (as a thread running its own
// code: the index keeps its stacks), three of its own with the task on one CPU for 99 samples in
// 100 (a benchmark's pinned worker: the index keeps its stacks by CPU), or a few in the first half
// of the run and any after.
enum class TaskStacks { Any, Few, FewOnItsCpu, FewThenAny };

// A random profile: a prefix tree of stacks, tasks in a few processes, samples over `seconds`.
// (Names are appended, not `"f" + std::to_string(...)`: GCC 12 at -O3 warns of a 2^63-byte
// overlapping copy there, -Wrestrict, a known false positive that stops the Release build.)
ProfileTables randomProfile(std::uint32_t seed, std::size_t rows, std::int64_t seconds, bool sorted, bool periods, bool counts,
                            CpuIds cpuIds = CpuIds::Host, TaskStacks taskStacks = TaskStacks::Any)
{
    std::mt19937_64 random(seed);
    ProfileTables profile;
    for (int f = 0; f < 40; ++f)
        profile.frames.push_back({std::string("f").append(std::to_string(f % 30)), f % 2 ? "libx.so" : "app", FrameKind::User});
    for (std::uint32_t s = 0; s < 300; ++s)
        profile.stacks.push_back({s < 5 ? kNoStack : std::uint32_t(random() % s), std::uint32_t(random() % 40)});
    for (std::uint32_t t = 0; t < 12; ++t)
        profile.tasks.push_back({100 + t, 100 + t % 4, std::string("task").append(std::to_string(t % 5))});
    auto& samples = profile.samples;
    for (std::size_t i = 0; i < rows; ++i) {
        samples.timeNs.push_back(std::int64_t(random() % std::uint64_t(seconds * 1'000'000'000)));
        samples.cpu.push_back(randomCpu(random, cpuIds));
        const std::uint32_t task = std::uint32_t(random() % 12);
        // Text imported from elsewhere may say "unknown" with all bits set, the emptiness mark of
        // hash tables keyed by (pid, tid).
        const bool unknown = cpuIds == CpuIds::Huge && task == 11;
        samples.tid.push_back(unknown ? 0xffffffff : 100 + task);
        samples.pid.push_back(unknown ? 0xffffffff : 100 + task % 4);
        const bool onItsCpu = taskStacks == TaskStacks::FewOnItsCpu;
        if (onItsCpu && random() % 100 != 0)
            samples.cpu.back() = task % 8;
        const bool few = taskStacks == TaskStacks::Few || taskStacks == TaskStacks::FewOnItsCpu
                      || (taskStacks == TaskStacks::FewThenAny && samples.timeNs.back() < seconds * 500'000'000);
        const std::uint32_t stack = few ? 20 * task + std::uint32_t(random() % (onItsCpu ? 3 : 6)) : std::uint32_t(random() % 300);
        samples.stack.push_back(random() % 50 == 0 ? kNoStack : stack);
        if (counts)
            samples.count.push_back(1 + random() % 5);
        if (periods)
            samples.period.push_back(1000 + random() % 100000);
    }
    if (sorted) {
        // Sort every column by time, as a format 1.3 archive stores them.
        std::vector<std::size_t> order(rows);
        for (std::size_t i = 0; i < rows; ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return samples.timeNs[a] < samples.timeNs[b]; });
        const auto permute = [&order](auto& column) {
            if (column.empty())
                return;
            auto copy = column;
            for (std::size_t i = 0; i < order.size(); ++i)
                column[i] = copy[order[i]];
        };
        permute(samples.timeNs);
        permute(samples.cpu);
        permute(samples.pid);
        permute(samples.tid);
        permute(samples.stack);
        permute(samples.count);
        permute(samples.period);
    }
    return profile;
}

// What a filter asks of the rows, found by testing every row, no index, no SampleFilter: the
// weight per stack and the first and last times that pass.
struct RowPass {
    std::vector<std::uint64_t> perStack;
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
};

RowPass naiveRowPass(const ProfileTables& profile, const StackTreeFilter& filter, SampleWeight weight)
{
    RowPass pass;
    pass.perStack.assign(profile.stacks.size() + 1, 0);
    const auto among = [](const std::vector<std::uint32_t>& ids, std::uint32_t id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    const auto& samples = profile.samples;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const std::int64_t t = samples.timeNs[i];
        if (filter.timeNs && (t < filter.timeNs->first || t >= filter.timeNs->second))
            continue;
        if (!filter.cpus.empty() && !among(filter.cpus, samples.cpu[i]))
            continue;
        if ((!filter.pids.empty() || !filter.tids.empty()) && !among(filter.pids, samples.pid[i]) && !among(filter.tids, samples.tid[i]))
            continue;
        const std::uint32_t stack = samples.stack[i];
        pass.perStack[stack < profile.stacks.size() ? stack : profile.stacks.size()] +=
            weight == SampleWeight::EventCount ? samples.periodAt(i) : samples.countAt(i);
        pass.first = std::min(pass.first, t);
        pass.last = std::max(pass.last, t);
    }
    return pass;
}

std::vector<std::uint64_t> naivePerStack(const ProfileTables& profile, const StackTreeFilter& filter, SampleWeight weight)
{
    return naiveRowPass(profile, filter, weight).perStack;
}

RowPass indexedRowPass(const ProfileIndex& index, const StackTreeFilter& filter, SampleWeight weight)
{
    RowPass pass;
    pass.perStack.assign(index.profile().stacks.size() + 1, 0);
    index.accumulate(filter, weight, pass.perStack, pass.first, pass.last);
    return pass;
}

std::vector<std::uint64_t> indexedPerStack(const ProfileIndex& index, const StackTreeFilter& filter, SampleWeight weight)
{
    return indexedRowPass(index, filter, weight).perStack;
}

} // namespace

class TestProfileIndex : public QObject
{
    Q_OBJECT

private slots:
    void matchesARowPass_data()
    {
        QTest::addColumn<bool>("sorted");
        QTest::addColumn<bool>("periods");
        QTest::addColumn<bool>("counts");
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<int>("cpuIds");
        QTest::addColumn<int>("taskStacks");
        const int any = int(TaskStacks::Any);
        QTest::newRow("in time order, 1 s buckets") << true << false << false << qint64(60) << int(CpuIds::Host) << any;
        QTest::newRow("out of order (format 1.0)") << false << false << false << qint64(60) << int(CpuIds::Host) << any;
        QTest::newRow("periods and counts") << false << true << true << qint64(60) << int(CpuIds::Host) << any;
        QTest::newRow("three hours: wider buckets") << true << true << false << qint64(3 * 3600) << int(CpuIds::Host) << any;
        QTest::newRow("CPU ids beyond a table, unknown tasks") << true << false << true << qint64(60) << int(CpuIds::Huge) << any;
        QTest::newRow("more CPUs than runs: rows are scanned") << true << false << true << qint64(3 * 3600) << int(CpuIds::TooMany)
                                                               << any;
        const int few = int(TaskStacks::Few);
        QTest::newRow("tasks on few stacks: their stacks are kept") << true << false << true << qint64(60) << int(CpuIds::Host) << few;
        QTest::newRow("tasks on few stacks, out of order") << false << false << false << qint64(60) << int(CpuIds::Host) << few;
        QTest::newRow("tasks on few stacks, with periods") << true << true << false << qint64(60) << int(CpuIds::Host) << few;
        const int onItsCpu = int(TaskStacks::FewOnItsCpu);
        QTest::newRow("tasks on few stacks and their CPUs: stacks by CPU") << true << false << true << qint64(60)
                                                                            << int(CpuIds::Host) << onItsCpu;
        QTest::newRow("tasks on few stacks and their CPUs, with periods") << true << true << false << qint64(60)
                                                                           << int(CpuIds::Host) << onItsCpu;
        QTest::newRow("tasks on few stacks and their CPUs, out of order") << false << false << false << qint64(60)
                                                                           << int(CpuIds::Host) << onItsCpu;
        QTest::newRow("task stacks in the first half, rows after") << true << false << true << qint64(60) << int(CpuIds::Huge)
                                                                   << int(TaskStacks::FewThenAny);
        QTest::newRow("task stacks in the first half, periods: nothing after") << true << true << false << qint64(60)
                                                                               << int(CpuIds::Host) << int(TaskStacks::FewThenAny);
    }

    void matchesARowPass()
    {
        QFETCH(bool, sorted);
        QFETCH(bool, periods);
        QFETCH(bool, counts);
        QFETCH(qint64, seconds);
        QFETCH(int, cpuIds);
        QFETCH(int, taskStacks);
        const CpuIds ids = CpuIds(cpuIds);
        const TaskStacks stacksOfTasks = TaskStacks(taskStacks);
        const ProfileTables profile = randomProfile(7, 20'000, seconds, sorted, periods, counts, ids, stacksOfTasks);
        const auto index = ProfileIndex::build(profile);
        QVERIFY(index);
        // Runs per CPU, unless buckets x CPUs would be too many (20,000 CPU ids over 360 buckets).
        QCOMPARE(index->aggregatesPerCpu(), ids != CpuIds::TooMany);
        // The tasks' stacks are kept for the buckets where they are at most half the rows, a third
        // with periods (about 28 rows a task in a bucket: 6 stacks and "no frames", or some 27 of 300).
        const std::size_t withStacks = index->bucketsWithTaskStacks();
        if (stacksOfTasks == TaskStacks::Any)
            QCOMPARE(withStacks, std::size_t(0));
        else if (stacksOfTasks == TaskStacks::Few || stacksOfTasks == TaskStacks::FewOnItsCpu)
            QCOMPARE(withStacks, index->bucketCount());
        else // the first 30 of 60 one-second buckets
            QCOMPARE(withStacks, std::size_t(30));
        // By CPU only where the tasks keep to theirs: spread over 8 CPUs, a task's 28 rows in a
        // bucket make some 8 runs of 3 rows, and their stacks do not merge.
        QCOMPARE(index->bucketsWithTaskStacksByCpu(), stacksOfTasks == TaskStacks::FewOnItsCpu ? index->bucketCount() : 0);
        if (seconds > 4096)
            QVERIFY(index->bucketNs() > 1'000'000'000); // about 360 buckets at most
        QVERIFY(index->bucketCount() <= 362);

        std::mt19937_64 random(11);
        const std::int64_t span = seconds * 1'000'000'000;
        for (int trial = 0; trial < 200; ++trial) {
            StackTreeFilter filter;
            const int kind = trial % 8;
            if (kind != 0 && kind != 7) {
                // Ranges cutting buckets anywhere, some beyond the samples on either side.
                const std::int64_t a = std::int64_t(random() % std::uint64_t(span + span / 5)) - span / 10;
                const std::int64_t b = std::int64_t(random() % std::uint64_t(span + span / 5)) - span / 10;
                filter.timeNs = std::pair{std::min(a, b), std::max(a, b)};
            }
            if (kind == 2)
                filter.cpus = {randomCpu(random, ids), 5, randomCpu(random, ids)};
            if (kind == 3)
                filter.pids = {101};
            if (kind == 4) {
                // A process or single threads: either passes.
                filter.pids = {100};
                filter.tids = {103, 107};
            }
            if (kind == 5) { // threads alone, over the whole run or a range
                filter.tids = {std::uint32_t(100 + random() % 8), 104};
                if (ids == CpuIds::Huge)
                    filter.tids.push_back(0xffffffff);
            }
            if (kind == 6) { // CPUs and a process: bucket by bucket, rows are tested
                filter.cpus = {randomCpu(random, ids), 5};
                filter.pids = {std::uint32_t(100 + random() % 4)};
            }
            if (kind == 7) // one thread over the whole run: only the tasks' own stacks or rows
                filter.tids = {std::uint32_t(100 + random() % 12)};
            for (const SampleWeight weight : {SampleWeight::Samples, SampleWeight::EventCount}) {
                const RowPass expected = naiveRowPass(profile, filter, weight);
                const RowPass actual = indexedRowPass(*index, filter, weight);
                if (actual.perStack != expected.perStack)
                    QFAIL(qPrintable(QStringLiteral("trial %1 (kind %2) differs from the row pass").arg(trial).arg(kind)));
                // Exact times too: each run of the aggregates keeps its first and last.
                if (actual.first != expected.first || actual.last != expected.last)
                    QFAIL(qPrintable(QStringLiteral("trial %1 (kind %2): samples from %3 to %4 ns, not %5 to %6")
                                         .arg(trial).arg(kind).arg(actual.first).arg(actual.last).arg(expected.first).arg(expected.last)));
            }
        }
        // Whole buckets (an aligned range) take the pre-aggregated path: same answer, of all CPUs
        // and of some, including one the profile does not have.
        StackTreeFilter aligned;
        aligned.timeNs = std::pair<std::int64_t, std::int64_t>{2 * index->bucketNs(), 5 * index->bucketNs()};
        QCOMPARE(indexedPerStack(*index, aligned, SampleWeight::Samples), naivePerStack(profile, aligned, SampleWeight::Samples));
        aligned.cpus = {5, 1'000'001, randomCpu(random, ids)};
        const RowPass expected = naiveRowPass(profile, aligned, SampleWeight::EventCount);
        const RowPass actual = indexedRowPass(*index, aligned, SampleWeight::EventCount);
        QCOMPARE(actual.perStack, expected.perStack);
        QCOMPARE(actual.first, expected.first);
        QCOMPARE(actual.last, expected.last);
        // Only CPUs the profile does not have: nothing, and the times are left as they were.
        aligned.cpus = {1'000'001};
        const RowPass none = indexedRowPass(*index, aligned, SampleWeight::Samples);
        QCOMPARE(none.first, std::numeric_limits<std::int64_t>::max());
        QCOMPARE(std::count(none.perStack.begin(), none.perStack.end(), 0), std::ptrdiff_t(none.perStack.size()));
    }

    void sumsBeyond32BitsAreKept()
    {
        // An imported folded line may count more samples than 32 bits hold (the index keeps 32 bits
        // a sum): such sums, and one of exactly 2^32 - 1, come back whole, in no more memory.
        ProfileTables profile;
        profile.frames.push_back({"main", "app", FrameKind::User});
        profile.stacks.push_back({kNoStack, 0});
        profile.stacks.push_back({0, 0});
        const auto add = [&](std::uint32_t stack, std::uint64_t count) {
            profile.samples.timeNs.push_back(std::int64_t(profile.samples.size()));
            profile.samples.cpu.push_back(2);
            profile.samples.pid.push_back(1);
            profile.samples.tid.push_back(1);
            profile.samples.stack.push_back(stack);
            profile.samples.count.push_back(count);
        };
        add(0, std::uint64_t(1) << 62);
        add(0, 3);
        add(1, 0xffffffff);
        add(0, (std::uint64_t(1) << 33) + 7);
        const auto index = ProfileIndex::build(profile);
        QVERIFY(index);
        QCOMPARE(index->aggregatedEntries(), std::size_t(2));
        const std::uint64_t zero = (std::uint64_t(1) << 62) + 3 + (std::uint64_t(1) << 33) + 7;
        QCOMPARE(index->totalSamples(), zero + 0xffffffff);
        const std::vector<std::uint64_t> expected{zero, 0xffffffff, 0};
        QCOMPARE(indexedPerStack(*index, {}, SampleWeight::Samples), expected);
        StackTreeFilter cpu;
        cpu.cpus = {2};
        QCOMPARE(indexedPerStack(*index, cpu, SampleWeight::EventCount), expected);
    }

    void treeFromIndexEqualsTreeFromRows()
    {
        const ProfileTables profile = randomProfile(3, 5'000, 30, false, false, false);
        const auto index = ProfileIndex::build(profile);
        StackTreeFilter filter;
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{3'500'000'000, 17'250'000'000};
        filter.cpus = {1, 2, 3};
        const auto tree = StackTree::build(*index, filter);
        const auto perStack = naivePerStack(profile, filter, SampleWeight::Samples);
        std::uint64_t expected = 0;
        for (const auto value : perStack)
            expected += value;
        QCOMPARE(tree->totalSamples(), expected);
        QCOMPARE(tree->durationSeconds(), 13.75);
        // Unfiltered: the duration is the span of the samples.
        const auto whole = StackTree::build(*index);
        QCOMPARE(whole->totalSamples(), std::uint64_t(5'000));
        const auto [first, last] = std::minmax_element(profile.samples.timeNs.begin(), profile.samples.timeNs.end());
        QCOMPARE(whole->durationSeconds(), double(*last - *first) / 1e9);
    }

    void threadsProcessesAndCpus()
    {
        ProfileTables profile;
        profile.frames.push_back({"main", "app", FrameKind::User});
        profile.stacks.push_back({kNoStack, 0});
        profile.tasks = {{10, 10, "postgres"}, {11, 10, "bgwriter"}, {20, 20, "sshd"}};
        const auto add = [&](std::uint32_t tid, std::uint32_t pid, std::uint32_t cpu, int times) {
            for (int i = 0; i < times; ++i) {
                profile.samples.timeNs.push_back(std::int64_t(profile.samples.size()) * 10'000'000);
                profile.samples.cpu.push_back(cpu);
                profile.samples.pid.push_back(pid);
                profile.samples.tid.push_back(tid);
                profile.samples.stack.push_back(0);
            }
        };
        add(11, 10, 0, 5);
        add(10, 10, 1, 2);
        add(20, 20, 3, 4);
        const auto index = ProfileIndex::build(profile);
        QCOMPARE(index->totalSamples(), std::uint64_t(11));
        QCOMPARE(index->threads().size(), std::size_t(3));
        QCOMPARE(index->threads()[0].tid, 11u); // busiest first
        QCOMPARE(index->threads()[0].command, std::string("bgwriter"));
        QCOMPARE(index->processes().size(), std::size_t(2));
        QCOMPARE(index->processes()[0].pid, 10u);
        // Named by its main thread, not by its busiest one.
        QCOMPARE(index->processes()[0].command, std::string("postgres"));
        QCOMPARE(index->processes()[0].samples, std::uint64_t(7));
        QCOMPARE(index->processes()[0].threads.size(), std::size_t(2));
        QCOMPARE(index->cpus().size(), std::size_t(3));
        QCOMPARE(index->cpus()[2].cpu, 3u);
        QCOMPARE(index->cpus()[2].samples, std::uint64_t(4));
        // FlameScope: 11 samples 10 ms apart: cells of 20 ms hold two each, the last one.
        QCOMPARE(index->scopeColumns(), 1);
        QCOMPARE(index->scopeCells()[0], 2u);
        QCOMPARE(index->scopeCells()[5], 1u);
        QCOMPARE(index->scopeMaximum(), 2u);
    }

    void hostileTimesStayBounded()
    {
        ProfileTables profile;
        profile.frames.push_back({"main", "app", FrameKind::User});
        profile.stacks.push_back({kNoStack, 0});
        for (const std::int64_t t : {std::numeric_limits<std::int64_t>::min(), std::int64_t(0), std::int64_t(-5),
                                     std::numeric_limits<std::int64_t>::max()}) {
            profile.samples.timeNs.push_back(t);
            profile.samples.cpu.push_back(0);
            profile.samples.pid.push_back(1);
            profile.samples.tid.push_back(1);
            profile.samples.stack.push_back(0);
        }
        const auto index = ProfileIndex::build(profile);
        QVERIFY(index);
        QVERIFY(index->bucketCount() <= 362);
        QCOMPARE(index->scopeColumns(), 0); // no grid for a time a day away
        QCOMPARE(StackTree::build(*index)->totalSamples(), std::uint64_t(4));
        StackTreeFilter filter;
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{-10, 10};
        QCOMPARE(StackTree::build(*index, filter)->totalSamples(), std::uint64_t(2));
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{std::numeric_limits<std::int64_t>::min(),
                                                             std::numeric_limits<std::int64_t>::max()};
        QCOMPARE(StackTree::build(*index, filter)->totalSamples(), std::uint64_t(3)); // the end is excluded
    }

    void cancelReturnsNull()
    {
        const ProfileTables profile = randomProfile(5, 3'000'000, 100, true, false, false);
        int calls = 0;
        const auto index = ProfileIndex::build(profile, [&calls](double) { return ++calls < 2; });
        QVERIFY(!index);
        QCOMPARE(calls, 2);
        double lastFraction = -1;
        bool increasing = true;
        QVERIFY(ProfileIndex::build(profile, [&](double fraction) {
            increasing = increasing && fraction >= lastFraction;
            lastFraction = fraction;
            return true;
        }));
        QVERIFY(increasing);
        QCOMPARE(lastFraction, 1.0);
    }
};

QTEST_GUILESS_MAIN(TestProfileIndex)
#include "tst_profileindex.moc"
