// RunSet and the item models over it, each checked by QAbstractItemModelTester while it changes.
#include "MetricTreeModel.h"
#include "RunFactory.h"
#include "RunListModel.h"
#include "RunSet.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <random>

namespace {

std::vector<MetricSpec> cpuAndMemory()
{
    return {{"cpu.user", "%", {"all", "cpu0", "cpu1", "cpu10", "cpu2"}, [](std::size_t r, std::size_t i) { return double(r + i); }},
            {"mem.available", "bytes", {""}, [](std::size_t r, std::size_t) { return 1e9 - double(r); }}};
}

} // namespace

class TestRunSet : public QObject
{
    Q_OBJECT

private slots:
    void runsExposeTheirSeries()
    {
        const RunPtr run = makeRun(QStringLiteral("/runs/a.tar.gz"), "a", 10, 0.5, cpuAndMemory());
        QCOMPARE(run->name(), QStringLiteral("a"));
        QCOMPARE(run->hostName(), QStringLiteral("testhost"));
        QCOMPARE(run->intervalSeconds(), 0.5);
        QCOMPARE(run->durationSeconds(), 4.5);
        QCOMPARE(run->instances(QStringLiteral("cpu.user")),
                 QStringList({QStringLiteral("all"), QStringLiteral("cpu0"), QStringLiteral("cpu1"), QStringLiteral("cpu2"),
                              QStringLiteral("cpu10")}));
        const SeriesView view = run->series(QStringLiteral("cpu.user"), QStringLiteral("cpu2"));
        QCOMPARE(view.size(), std::size_t(10));
        QCOMPARE(view.times[3], 1.5);
        QCOMPARE(view.values[3], 3.0 + 4.0); // row 3, instance index 4 in the factory's order
        QVERIFY(run->series(QStringLiteral("cpu.user"), QStringLiteral("cpu99")).isEmpty());
        QVERIFY(run->series(QStringLiteral("disk.util"), QStringLiteral("all")).isEmpty());
        QCOMPARE(run->columnBytes(), std::size_t((2 + 6) * 10 * 8));
    }

    void baselineColoursAndOrder()
    {
        RunSet runs;
        QSignalSpy baseline(&runs, &RunSet::baselineChanged);
        const int a = runs.add(makeRun(QStringLiteral("/r/a"), "a", 5, 1, cpuAndMemory()));
        const int b = runs.add(makeRun(QStringLiteral("/r/b"), "b", 5, 1, cpuAndMemory()));
        QCOMPARE(runs.add(makeRun(QStringLiteral("/r/a"), "a again", 5, 1, cpuAndMemory())), a); // same file
        QCOMPARE(runs.count(), 2);
        QCOMPARE(runs.baselineIndex(), 0);
        QCOMPARE(runs.at(a).colour, RunSet::palette()[0]);
        QCOMPARE(runs.at(b).colour, RunSet::palette()[1]);
        runs.setBaseline(b);
        QCOMPARE(runs.baselineIndex(), 1);
        runs.move(1, 0); // the baseline moves with its run
        QCOMPARE(runs.baselineIndex(), 0);
        QCOMPARE(runs.at(0).run->name(), QStringLiteral("b"));
        runs.remove(0);
        QCOMPARE(runs.baselineIndex(), 0);
        QCOMPARE(runs.at(0).run->name(), QStringLiteral("a"));
        QVERIFY(baseline.count() >= 3);
        // A freed colour is reused by the next run.
        runs.add(makeRun(QStringLiteral("/r/c"), "c", 5, 1, cpuAndMemory()));
        QCOMPARE(runs.at(1).colour, RunSet::palette()[1]);
    }

    void currentRunFollowsRemovals()
    {
        RunSet runs;
        QCOMPARE(runs.currentIndex(), -1);
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 5, 1, cpuAndMemory()));
        runs.add(makeRun(QStringLiteral("/r/b"), "b", 5, 1, cpuAndMemory()));
        runs.add(makeRun(QStringLiteral("/r/c"), "c", 5, 1, cpuAndMemory()));
        QSignalSpy current(&runs, &RunSet::currentChanged);
        runs.setCurrentIndex(2);
        runs.setCurrentIndex(5); // out of range: ignored
        QCOMPARE(current.count(), 1);
        runs.remove(0);
        QCOMPARE(runs.currentIndex(), 1); // still run c
        QCOMPARE(runs.at(runs.currentIndex()).run->name(), QStringLiteral("c"));
        runs.remove(1);
        QCOMPARE(runs.currentIndex(), -1);
        runs.setCurrentIndex(0);
        runs.clear();
        QCOMPARE(runs.currentIndex(), -1);
    }

    void alignmentByStartOrWallClock()
    {
        RunSet runs;
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 11, 1, cpuAndMemory(), 1'700'000'000'000LL));
        runs.add(makeRun(QStringLiteral("/r/b"), "b", 11, 1, cpuAndMemory(), 1'700'000'030'000LL));
        QCOMPARE(runs.timeExtent(), std::make_pair(0.0, 10.0));
        runs.setAlignment(RunSet::Alignment::WallClock);
        QCOMPARE(runs.at(1).offsetSeconds, 30.0);
        QCOMPARE(runs.timeExtent(), std::make_pair(0.0, 40.0));
        QCOMPARE(runs.sharedTime(1, 2.0), 32.0);
        runs.setVisible(0, false);
        QCOMPARE(runs.timeExtent(), std::make_pair(30.0, 40.0));
        runs.setAlignment(RunSet::Alignment::Start);
        QCOMPARE(runs.at(1).offsetSeconds, 0.0);
    }

    void alignmentBySteadyState()
    {
        // Busy CPU idles for 10 s (one run) or 30 s (the other) before a 120 s plateau: a click
        // shifts the first by 20 s so that both plateaus start together; a flat run stays put.
        const auto warmingUp = [](const std::string& name, std::size_t idle) {
            // Seeded noise of a point or so around each level.
            std::mt19937 random{static_cast<unsigned>(idle)};
            std::normal_distribution<double> noise(0.0, 1.0);
            std::vector<double> values;
            for (std::size_t row = 0; row < idle + 120; ++row)
                values.push_back((row < idle ? 5.0 : 90.0) + noise(random));
            return makeRun(QString::fromStdString("/runs/" + name + ".tar.gz"), name, values.size(), 1.0,
                           {{"cpu.busy", "%", {"all"}, [values](std::size_t row, std::size_t) { return values[row]; }}});
        };
        RunSet runs;
        runs.add(warmingUp("early", 10));
        runs.add(warmingUp("late", 30));
        runs.add(makeRun(QStringLiteral("/runs/flat.tar.gz"), "flat", 60, 1.0, {{"cpu.busy", "%", {"all"}, [](std::size_t, std::size_t) { return 50.0; }}}));
        runs.setOffset(2, 3.0);
        QVERIFY(runs.steadyState(0).window);
        QVERIFY(std::abs(runs.steadyState(0).window->first - 10.0) <= 1.0);
        QVERIFY2(runs.steadyState(1).window && std::abs(runs.steadyState(1).window->first - 30.0) <= 1.0, qPrintable(runs.steadyState(1).reason));
        QVERIFY(!runs.steadyState(2).window);
        QSignalSpy changed(&runs, &RunSet::runChanged);
        QCOMPARE(runs.alignBySteadyState(), 2);
        QCOMPARE(runs.sharedTime(0, runs.steadyState(0).window->first), runs.sharedTime(1, runs.steadyState(1).window->first));
        QCOMPARE(runs.at(1).offsetSeconds, 0.0); // the later one stays, the earlier one moves right
        QVERIFY(std::abs(runs.at(0).offsetSeconds - 20.0) <= 2.0);
        QCOMPARE(runs.at(2).offsetSeconds, 3.0);
        QVERIFY(changed.count() >= 1);
    }

    void runListModelUnderTheTester()
    {
        RunSet runs;
        RunListModel model(&runs);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 5, 1, cpuAndMemory()));
        runs.add(makeRun(QStringLiteral("/r/b"), "b", 5, 1, cpuAndMemory()));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, RunListModel::NameColumn).data().toString(), QStringLiteral("a"));
        QCOMPARE(model.index(0, RunListModel::BaselineColumn).data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QCOMPARE(model.index(1, RunListModel::NameColumn).data(RunListModel::ColourRole).toUInt(), RunSet::palette()[1]);
        QVERIFY(model.setData(model.index(1, RunListModel::BaselineColumn), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(runs.baselineIndex(), 1);
        QVERIFY(model.setData(model.index(1, RunListModel::NameColumn), QStringLiteral("  tuned  ")));
        QCOMPARE(runs.at(1).displayName, QStringLiteral("tuned"));
        QVERIFY(!model.setData(model.index(1, RunListModel::NameColumn), QStringLiteral("   ")));
        QVERIFY(model.setData(model.index(0, RunListModel::VisibleColumn), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(!runs.at(0).visible);
        QVERIFY(model.setData(model.index(0, RunListModel::OffsetColumn), 2.5));
        QCOMPARE(runs.at(0).offsetSeconds, 2.5);
        runs.move(0, 1);
        runs.remove(0);
        QCOMPARE(model.rowCount(), 1);
        runs.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    // The trim column: typed as FROM:TO, cleared when empty; the steady-state column shows the
    // proposal, its reason as the tooltip, and applies it only when asked to.
    void runListModelTrimAndSteadyState()
    {
        RunSet runs;
        RunListModel model(&runs);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Busy from sample 10 to 49 of 60 (1 s apart), idle around.
        runs.add(makeRun(QStringLiteral("/r/warm"), "warm", 60, 1,
                         {{"cpu.busy", "%", {"all"}, [](std::size_t row, std::size_t) { return row >= 10 && row < 50 ? 80.0 + double(row % 3) : 2.0 + double(row % 2); },
                           runlens::format::BetterDirection::Neutral, runlens::format::MetricScope::Series, {}, "Busy CPU"}}));
        runs.add(makeRun(QStringLiteral("/r/mem"), "mem", 60, 1, {{"mem.used", "bytes", {""}, [](std::size_t, std::size_t) { return 1e9; }}}));

        const QModelIndex trim = model.index(0, RunListModel::TrimColumn);
        const QModelIndex steady = model.index(0, RunListModel::SteadyStateColumn);
        QCOMPARE(trim.data().toString(), QStringLiteral("all"));
        QCOMPARE(steady.data().toString(), QStringLiteral("10.0–49.0 s"));
        QVERIFY(steady.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Busy CPU settles at 10.0 s and falls at 49.0 s.")));
        QVERIFY(!runs.at(0).trim); // proposed, not applied
        QCOMPARE(model.index(1, RunListModel::SteadyStateColumn).data().toString(), QStringLiteral("whole run"));
        QVERIFY(model.index(1, RunListModel::SteadyStateColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("No CPU busy")));
        QVERIFY(!model.acceptSteadyState(1));

        QSignalSpy changed(&runs, &RunSet::runChanged);
        QVERIFY(model.acceptSteadyState(0));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(runs.at(0).trim, std::optional(std::make_pair(10.0, 49.0)));
        QCOMPARE(trim.data().toString(), QStringLiteral("10.0–49.0 s"));

        QVERIFY(trim.flags() & Qt::ItemIsEditable);
        QVERIFY(model.setData(trim, QStringLiteral("5:20.5")));
        QCOMPARE(runs.at(0).trim, std::optional(std::make_pair(5.0, 20.5)));
        QCOMPARE(trim.data(Qt::EditRole).toString(), QStringLiteral("5:20.5"));
        QVERIFY(model.setData(trim, QStringLiteral("12 s – 30 s")));
        QCOMPARE(runs.at(0).trim, std::optional(std::make_pair(12.0, 30.0)));
        QVERIFY(!model.setData(trim, QStringLiteral("30:12")));
        QVERIFY(!model.setData(trim, QStringLiteral("soon")));
        QCOMPARE(runs.at(0).trim, std::optional(std::make_pair(12.0, 30.0)));
        QVERIFY(model.setData(trim, QString()));
        QVERIFY(!runs.at(0).trim);
    }

    // Every run at once: one window for all (cut at each run's end), each run's own steady state
    // (a run without one keeps its trim), none; undo puts back only what was not changed since.
    void runListModelTrimsEveryRun()
    {
        RunSet runs;
        RunListModel model(&runs);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        runs.add(makeRun(QStringLiteral("/r/warm"), "warm", 60, 1,
                         {{"cpu.busy", "%", {"all"}, [](std::size_t row, std::size_t) { return row >= 10 && row < 50 ? 80.0 + double(row % 3) : 2.0 + double(row % 2); },
                           runlens::format::BetterDirection::Neutral, runlens::format::MetricScope::Series, {}, "Busy CPU"}}));
        runs.add(makeRun(QStringLiteral("/r/mem"), "mem", 30, 1, {{"mem.used", "bytes", {""}, [](std::size_t, std::size_t) { return 1e9; }}}));
        QSignalSpy undoable(&model, &RunListModel::undoTrimsChanged);
        QVERIFY(!model.canUndoTrims());

        runs.setTrim(1, std::make_pair(1.0, 3.0));
        QCOMPARE(model.trimAllToSteadyState(), 1);
        QCOMPARE(runs.at(0).trim, std::optional(std::make_pair(10.0, 49.0)));
        QCOMPARE(runs.at(1).trim, std::optional(std::make_pair(1.0, 3.0))); // no proposal: kept
        QVERIFY(model.canUndoTrims());
        QCOMPARE(undoable.size(), 1);
        QCOMPARE(model.trimAllToSteadyState(), 0); // nothing to change: the undo stays
        QVERIFY(model.canUndoTrims());
        QCOMPARE(model.undoTrims(), 1);
        QVERIFY(!runs.at(0).trim);
        QVERIFY(!model.canUndoTrims());

        // One window for all: the shorter run's ends where it does.
        QCOMPARE(model.trimAll({5.0, 45.0}), 2);
        QCOMPARE(runs.at(0).trim, std::optional(std::make_pair(5.0, 45.0)));
        QCOMPARE(runs.at(1).trim, std::optional(std::make_pair(5.0, runs.at(1).run->durationSeconds())));
        // The second run's trim dragged since: undo leaves that newer choice alone.
        runs.setTrim(1, std::make_pair(6.0, 9.0));
        QCOMPARE(model.undoTrims(), 1);
        QVERIFY(!runs.at(0).trim);
        QCOMPARE(runs.at(1).trim, std::optional(std::make_pair(6.0, 9.0)));

        QCOMPARE(model.clearTrims(), 1);
        QVERIFY(!runs.at(0).trim && !runs.at(1).trim);
        QCOMPARE(model.undoTrims(), 1);
        QCOMPARE(runs.at(1).trim, std::optional(std::make_pair(6.0, 9.0)));
        QCOMPARE(RunListModel::parseWindow(QStringLiteral("2 s – 12 s")), std::optional(std::make_pair(2.0, 12.0)));
        QVERIFY(!RunListModel::parseWindow(QStringLiteral("12:2")));
    }

    void metricTreeFromDescriptorsMarksPartialMetrics()
    {
        RunSet runs;
        MetricTreeModel model(&runs);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        runs.add(makeRun(QStringLiteral("/r/a"), "a", 5, 1, cpuAndMemory()));
        std::vector<MetricSpec> newer = cpuAndMemory();
        newer.push_back({"cpu.steal", "%", {"all"}, [](std::size_t, std::size_t) { return 0.0; }});
        runs.add(makeRun(QStringLiteral("/r/b"), "b", 5, 1, newer));
        QCOMPARE(model.rowCount(), 2); // CPU, Memory
        QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("CPU"));
        const QModelIndex steal = model.indexOfMetric(QStringLiteral("cpu.steal"));
        QVERIFY(steal.isValid());
        QVERIFY(steal.data(MetricTreeModel::IsPartialRole).toBool());
        QCOMPARE(steal.data(MetricTreeModel::RunCountRole).toInt(), 1);
        QVERIFY(steal.data().toString().contains(QStringLiteral("1 of 2 runs")));
        QVERIFY(!model.indexOfMetric(QStringLiteral("cpu.user")).data(MetricTreeModel::IsPartialRole).toBool());
        QCOMPARE(model.metricIds(), QStringList({QStringLiteral("cpu.user"), QStringLiteral("cpu.steal"), QStringLiteral("mem.available")}));
        runs.remove(1);
        QVERIFY(!model.indexOfMetric(QStringLiteral("cpu.steal")).isValid());
    }
};

QTEST_GUILESS_MAIN(TestRunSet)
#include "tst_runset.moc"
