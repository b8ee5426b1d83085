// FlameGraphView: hit-testing, zoom and back, icicle, search share, sub-pixel merging, keyboard
// navigation, colours; FlameGraphPanel: the differential graph of the current run against the
// baseline, refiltered by the time selection. Writes a screenshot of a differential flame graph.
#include "FlameGraphPanel.h"
#include "FlameGraphView.h"
#include "FlameScopeView.h"
#include "ProfileFilterView.h"
#include "ProfileBuilder.h"
#include "RunLoader.h"
#include "StackTreeDiff.h"
#include "TimeController.h"
#include "TopFunctionsModel.h"

#include <QDir>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>
#include <QLabel>
#include <QListWidget>
#include <QMouseEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QLineEdit>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileTables;

namespace {

// Each entry: folded stack, count; samples spread one per 10 ms.
ProfileTables profileOf(const std::vector<std::pair<const char*, int>>& stacks)
{
    runlens::format::ProfileBuilder builder;
    std::int64_t time = 0;
    for (const auto& [text, count] : stacks) {
        std::uint32_t stack = kNoStack;
        for (const QString& frame : QString::fromLatin1(text).split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
            const bool kernel = frame.startsWith(QLatin1String("sys_")) || frame.startsWith(QLatin1String("do_"));
            stack = builder.stack(stack, builder.frame(frame.toStdString(), kernel ? "[kernel.kallsyms]" : "server",
                                                       kernel ? FrameKind::Kernel : FrameKind::User));
        }
        for (int i = 0; i < count; ++i) {
            builder.sample(time, 0, 1, 1, stack);
            time += 10'000'000;
        }
    }
    return builder.take(false);
}

std::uint32_t at(const StackTree& tree, const std::vector<std::string>& path)
{
    return tree.find(path).value_or(0xffffffffu);
}

RunPtr runWithProfile(const QString& name, ProfileTables profile, ProfileIndexing indexing = ProfileIndexing::AtOnce)
{
    runlens::format::RunArchive archive;
    archive.runName = name.toStdString();
    archive.manifest = {{"run", {{"name", name.toStdString()}}}};
    archive.profile = std::move(profile);
    return std::make_shared<const Run>(QStringLiteral("/tmp/%1.folded").arg(name), std::move(archive), QString(), indexing);
}

const std::vector<std::pair<const char*, int>> kBaseline{
    {"main;serve;parse_request;tokenize", 30}, {"main;serve;parse_request;validate", 10},
    {"main;serve;handle;query_db;sys_read;do_io", 25}, {"main;serve;handle;render", 20},
    {"main;serve;handle;compress", 10}, {"main;gc;mark", 5}};
const std::vector<std::pair<const char*, int>> kTuned{
    {"main;serve;parse_request;tokenize", 10}, {"main;serve;parse_request;validate", 10},
    {"main;serve;handle;query_db;sys_read;do_io", 40}, {"main;serve;handle;render", 20},
    {"main;serve;handle;cache_lookup", 15}, {"main;gc;mark", 5}};

// Two processes: a service (main thread and a worker, CPUs 0 and 1) and a backup job (CPU 2);
// `pidBase` moves the ids, as a second run of the same programs would.
ProfileTables twoProcesses(std::uint32_t pidBase, int workerSamples)
{
    runlens::format::ProfileBuilder builder;
    const auto stackOf = [&builder](const char* text) {
        std::uint32_t stack = kNoStack;
        for (const QString& frame : QString::fromLatin1(text).split(QLatin1Char(';')))
            stack = builder.stack(stack, builder.frame(frame.toStdString(), "server", FrameKind::User));
        return stack;
    };
    const std::uint32_t service = pidBase;
    const std::uint32_t worker = pidBase + 1;
    const std::uint32_t backup = pidBase + 10;
    builder.task(service, service, "service");
    builder.task(worker, service, "worker");
    builder.task(backup, backup, "backup");
    std::int64_t time = 0;
    const auto add = [&](std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack, int count) {
        for (int i = 0; i < count; ++i) {
            builder.sample(time, cpu, pid, tid, stack);
            time += 10'000'000;
        }
    };
    add(0, service, service, stackOf("main;accept"), 20);
    add(1, service, worker, stackOf("worker_loop;compute"), workerSamples);
    add(2, backup, backup, stackOf("backup_main;compress"), 50);
    return builder.take(false);
}

// A run of a variant (its "group" tag): `shift` of its 1,000 samples move from render to
// compress, `jitter` samples from tokenize to render (run-to-run noise).
RunPtr repeatOf(const QString& name, const QString& group, int shift, int jitter)
{
    ProfileTables profile = profileOf({{"main;serve;parse_request;tokenize", 300 - jitter},
                                       {"main;serve;handle;render", 400 + jitter - shift},
                                       {"main;serve;handle;compress", 300 + shift}});
    runlens::format::RunArchive archive;
    archive.runName = name.toStdString();
    archive.manifest = {{"run", {{"name", name.toStdString()}, {"tags", {{"group", group.toStdString()}}}}}};
    archive.profile = std::move(profile);
    return std::make_shared<const Run>(QStringLiteral("/tmp/%1.folded").arg(name), std::move(archive));
}

} // namespace

class TestFlameGraphView : public QObject
{
    Q_OBJECT

private slots:
    void hitTestingAndZoom()
    {
        const auto tree = StackTree::build(profileOf({{"A;B;C", 2}, {"A;B;D", 1}, {"A;E", 1}}));
        FlameGraphView view;
        view.resize(800, 300);
        view.setTree(tree);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto a = at(*tree, {"A"});
        const auto b = at(*tree, {"A", "B"});
        const auto e = at(*tree, {"A", "E"});
        const QRectF rootRect = *view.frameRect(StackTree::kRoot);
        const QRectF aRect = *view.frameRect(a);
        const QRectF bRect = *view.frameRect(b);
        const QRectF eRect = *view.frameRect(e);
        // A has every sample: full width, one row above the root (flame: callers at the bottom).
        QCOMPARE(aRect.width(), rootRect.width());
        QVERIFY(aRect.bottom() < rootRect.top());
        QCOMPARE(bRect.width(), rootRect.width() * 3 / 4);
        QCOMPARE(eRect.left(), bRect.right());
        QCOMPARE(view.nodeAt(bRect.center()), std::optional<std::uint32_t>(b));
        QCOMPARE(view.nodeAt(eRect.center()), std::optional<std::uint32_t>(e));
        QVERIFY(!view.nodeAt(QPointF(rootRect.center().x(), 1.0))); // the breadcrumb line
        QVERIFY(view.toolTipFor(b).contains(QStringLiteral("75.00%")));

        // Click B: it fills the width, its ancestors stay as rows, the path is shown.
        QTest::mouseClick(&view, Qt::LeftButton, {}, bRect.center().toPoint());
        QCOMPARE(view.zoomRoot(), b);
        QCOMPARE(view.breadcrumbs(), (QStringList{"all", "A", "B"}));
        const auto c = at(*tree, {"A", "B", "C"});
        QCOMPARE(view.frameRect(c)->width(), rootRect.width() * 2 / 3);
        QVERIFY(!view.frameRect(e)); // outside the zoomed frame
        QTest::keyClick(&view, Qt::Key_Backspace);
        QCOMPARE(view.zoomRoot(), StackTree::kRoot);
        view.zoomTo(c);
        view.zoomTo(b);
        QTest::keyClick(&view, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(view.zoomRoot(), c);
        QTest::keyClick(&view, Qt::Key_Escape);
        QCOMPARE(view.zoomRoot(), StackTree::kRoot);

        // A refiltered tree keeps the zoom when it has the same path.
        view.zoomTo(b);
        view.setTree(StackTree::build(profileOf({{"A;B;C", 5}, {"A;E", 5}})));
        QCOMPARE(view.breadcrumbs(), (QStringList{"all", "A", "B"}));

        // Icicle: the root on top.
        view.resetZoom();
        view.setIcicle(true);
        QVERIFY(view.frameRect(StackTree::kRoot)->bottom() < view.frameRect(view.tree()->find({"A"}).value())->top());
    }

    void keyboardNavigation()
    {
        const auto tree = StackTree::build(profileOf({{"A;B;C", 2}, {"A;B;D", 1}, {"A;E", 1}}));
        FlameGraphView view;
        view.resize(800, 300);
        view.setTree(tree);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_Up); // flame graph: up is towards the leaves, the largest child
        QCOMPARE(view.currentNode(), at(*tree, {"A"}));
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(view.currentNode(), at(*tree, {"A", "B"}));
        QTest::keyClick(&view, Qt::Key_Right);
        QCOMPARE(view.currentNode(), at(*tree, {"A", "E"}));
        QTest::keyClick(&view, Qt::Key_Left);
        QTest::keyClick(&view, Qt::Key_Return);
        QCOMPARE(view.zoomRoot(), at(*tree, {"A", "B"}));
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.currentNode(), at(*tree, {"A"}));
    }

    void searchShare()
    {
        const auto tree = StackTree::build(profileOf({{"A;B;C", 2}, {"A;B;D", 1}, {"A;E", 1}, {"A;C", 2}}));
        FlameGraphView view;
        view.resize(600, 200);
        view.setTree(tree);
        view.setSearchPattern(QStringLiteral("^(C|B)$"));
        // B (3 samples, with C inside counted once) and A;C (2) of 6.
        QCOMPARE(view.searchMatchShare(), 5.0 / 6.0);
        view.setSearchPattern(QStringLiteral("("));
        QCOMPARE(view.searchMatchShare(), 0.0);
    }

    void subPixelFramesMerge()
    {
        std::vector<std::string> names;
        std::vector<std::pair<const char*, int>> stacks{{"main;big", 100000}};
        names.reserve(2000);
        for (int i = 0; i < 2000; ++i)
            names.push_back("main;tiny" + std::to_string(i));
        for (const auto& name : names)
            stacks.emplace_back(name.c_str(), 1);
        FlameGraphView view;
        view.resize(500, 200);
        view.setTree(StackTree::build(profileOf(stacks)));
        // root, main, big: the 2000 tiny frames (0.005 px each) become a few merged blocks.
        QCOMPARE(view.drawnFrameCount(), 3);
    }

    void coloursAreStablePerFunction()
    {
        const StackTreeFunction render{"render", "server", FrameKind::User};
        QCOMPARE(FlameGraphView::colourFor(render), FlameGraphView::colourFor({"render", "other", FrameKind::User}));
        QVERIFY(FlameGraphView::colourFor(render) != FlameGraphView::colourFor({"tokenize", "server", FrameKind::User}));
    }

    void differentialScreenshot()
    {
        const auto baseline = StackTree::build(profileOf(kBaseline));
        const auto tuned = StackTree::build(profileOf(kTuned));
        const auto diff = StackTreeDiff::compute(*baseline, *tuned);
        FlameGraphView view;
        view.resize(900, 260);
        view.setRunNames(QStringLiteral("tuned"), QStringLiteral("baseline"));
        view.setTree(diff);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        // Widths from the tuned run; the compress frame it lost has none.
        const auto ioNode = at(*diff, {"main", "serve", "handle", "query_db"});
        const auto tokenize = at(*diff, {"main", "serve", "parse_request", "tokenize"});
        const auto compress = at(*diff, {"main", "serve", "handle", "compress"});
        QVERIFY(!view.frameRect(compress));
        QCOMPARE(view.frameRect(ioNode)->width(), view.frameRect(StackTree::kRoot)->width() * 40 / 100);
        const QImage image = view.grab().toImage();
        // Just inside the top left corner: clear of the name drawn in the middle.
        const auto corner = [](const QRectF& r) { return QPoint(int(r.left()) + 3, int(r.top()) + 1); };
        const QColor grew = image.pixelColor(corner(*view.frameRect(ioNode)));
        const QColor shrank = image.pixelColor(corner(*view.frameRect(tokenize)));
        QVERIFY2(grew.red() > grew.blue() + 40, qPrintable(grew.name()));
        QVERIFY2(shrank.blue() > shrank.red() + 40, qPrintable(shrank.name()));
        QVERIFY(view.toolTipFor(ioNode).contains(QStringLiteral("+15.00 points")));
        QDir().mkpath(QStringLiteral(RUNLENS_TEST_ARTIFACTS));
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-diff.png")));
    }

    void closingEveryRunEmptiesThePanel()
    {
        RunSet runs;
        TimeController time;
        time.setExtent({0, 2});
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1000, 420);
        runs.add(runWithProfile(QStringLiteral("baseline"), profileOf(kBaseline)));
        runs.add(runWithProfile(QStringLiteral("tuned"), profileOf(kTuned)));
        runs.setBaseline(0);
        runs.setCurrentIndex(1);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree() && panel.view()->tree()->isDiff());
        QCOMPARE(panel.disappearedList()->count(), 1);
        auto* tabs = panel.findChild<QTabWidget*>();
        QCOMPARE(tabs->tabText(1), QStringLiteral("Only in baseline (1)"));

        // Every run closed (File › Close All): no graph, no functions, no frames of the closed runs.
        runs.clear();
        QTRY_VERIFY(!panel.isBusy() && !panel.view()->tree());
        tabs->setCurrentIndex(1);
        QVERIFY(panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-panel-after-close-all.png")));
        QCOMPARE(panel.topFunctionsModel()->rowCount(), 0);
        QCOMPARE(panel.disappearedList()->count(), 0);
        QCOMPARE(tabs->tabText(1), QStringLiteral("Only in baseline (0)"));
    }

    void showsARunDeliveredBeforeItsIndex()
    {
        // RunLoader delivers a run before its profile is indexed (the charts come first). A flame
        // graph asked for meanwhile builds the index in its own job, and the heat map and process
        // list follow as soon as the answer is shown.
        RunSet runs;
        TimeController time;
        time.setExtent({0, 2});
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1000, 420);
        const RunPtr run = runWithProfile(QStringLiteral("fresh"), profileOf(kBaseline), ProfileIndexing::Later);
        QVERIFY(run->profileIndex() == nullptr);
        runs.add(run);
        panel.refresh();
        QVERIFY(panel.findChild<QLabel*>(QStringLiteral("flameGraphStatus"))->text().contains(QLatin1String("Indexing the profile of fresh")));
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree());
        QVERIFY(run->profileIndex() != nullptr);
        QCOMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(100));
        QCOMPARE(panel.flameScope()->columns(), 1);
        QCOMPARE(panel.flameScope()->countAt(0, 0), 2);
        QCOMPARE(panel.filterView()->findChild<QTreeWidget*>()->topLevelItemCount(), 1);
        QVERIFY(panel.filterView()->findChild<QTreeWidget*>()->topLevelItem(0)->text(0).endsWith(QLatin1String("(PID 1)")));

        // A run's own tree in a narrow dock: the function's name and its shares in sight, the
        // counts and the module (long paths, often) a scroll away; names had been squeezed to
        // "pv_…alt" beside a whole module path.
        panel.resize(560, 420);
        panel.findChild<QTabWidget*>()->setCurrentWidget(panel.topFunctionsView());
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.refresh();
        QTRY_VERIFY(!panel.isBusy());
        const TopFunctionsModel* top = panel.topFunctionsModel();
        QCOMPARE(top->sectionOf(TopFunctionsModel::Module), top->columnCount() - 1);
        QVERIFY(panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-top-functions-narrow.png")));
        QHeaderView* header = panel.topFunctionsView()->horizontalHeader();
        // The name takes all the shares leave (in a dock this narrow, elided in the middle);
        // before, the module's path took it and names were cut to four letters.
        const int shares = header->sectionSize(top->sectionOf(TopFunctionsModel::SelfShare))
                         + header->sectionSize(top->sectionOf(TopFunctionsModel::TotalShare));
        const int viewport = panel.topFunctionsView()->viewport()->width();
        QVERIFY2(std::abs(header->sectionSize(0) + shares - viewport) <= 1,
                 qPrintable(QStringLiteral("name %1 px + shares %2 px in %3 px").arg(header->sectionSize(0)).arg(shares).arg(viewport)));
        const int totalShare = top->sectionOf(TopFunctionsModel::TotalShare);
        QVERIFY2(header->sectionViewportPosition(totalShare) + header->sectionSize(totalShare)
                     <= panel.topFunctionsView()->viewport()->width(),
                 "total % in sight");
    }

    void panelFollowsRunsAndSelection()
    {
        RunSet runs;
        TimeController time;
        time.setExtent({0, 2});
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1000, 420);
        runs.add(runWithProfile(QStringLiteral("baseline"), profileOf(kBaseline)));
        runs.add(runWithProfile(QStringLiteral("tuned"), profileOf(kTuned)));
        runs.setBaseline(0);
        runs.setCurrentIndex(1);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree());
        QTRY_VERIFY(panel.view()->tree()->isDiff());
        QCOMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(100));
        QCOMPARE(panel.view()->tree()->baselineSamples(), std::uint64_t(100));
        QCOMPARE(panel.disappearedList()->count(), 1);
        QCOMPARE(panel.disappearedList()->item(0)->text(), QStringLiteral("compress"));
        QCOMPARE(panel.topFunctionsModel()->rowCount(), 14); // every function of both runs
        panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-panel.png"));

        // The heat map of the current run: 100 samples 10 ms apart, two per 20 ms bucket of the
        // first second; a drag over its first five buckets selects [0, 0.1 s).
        FlameScopeView* scope = panel.flameScope();
        QCOMPARE(scope->columns(), 1);
        QCOMPARE(scope->countAt(0, 0), 2);
        QCOMPARE(scope->maximumCount(), 2);
        panel.findChild<QTabWidget*>()->setCurrentWidget(scope);
        QTRY_VERIFY(scope->isVisible() && scope->width() > 20);
        QTest::mousePress(scope, Qt::LeftButton, {}, scope->cellRect(0, 0).center().toPoint());
        QMouseEvent move(QEvent::MouseMove, scope->cellRect(0, 4).center(), scope->mapToGlobal(scope->cellRect(0, 4).center()),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(scope, &move);
        QTest::mouseRelease(scope, Qt::LeftButton, {}, scope->cellRect(0, 4).center().toPoint());
        QVERIFY(time.selection());
        QCOMPARE(time.selection()->first, 0.0);
        QCOMPARE(time.selection()->second, 0.1);
        panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-panel-heatmap.png"));
        // Axes and a legend: the grid starts right of the offset labels and below the legend,
        // whose ramp runs from white to the red of the busiest cell.
        QVERIFY(scope->cellRect(0, 0).left() > scope->fontMetrics().horizontalAdvance(QStringLiteral("1000 ms")));
        QVERIFY(scope->cellRect(0, 0).top() > scope->fontMetrics().height());
        QVERIFY(scope->cellRect(0, FlameScopeView::kRows - 1).bottom() < scope->height() - scope->fontMetrics().height());
        const QImage scopeImage = scope->grab().toImage();
        const QRectF grid = scope->cellRect(0, 0).united(scope->cellRect(0, FlameScopeView::kRows - 1));
        const int rampY = int(grid.top()) / 2;
        bool red = false;
        for (int x = int(grid.center().x()); x < scopeImage.width() && !red; ++x)
            red = scopeImage.pixelColor(x, rampY).red() > 200 && scopeImage.pixelColor(x, rampY).green() < 60;
        QVERIFY(red);
        // The first 0.1 s: ten samples of each run (their tokenize frames).
        time.setSelection(TimeController::Range{0.0, 0.1});
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(10));
        QCOMPARE(panel.view()->tree()->baselineSamples(), std::uint64_t(10));
        // Without the comparison: the current run alone.
        panel.compareBox()->setChecked(false);
        QTRY_VERIFY(!panel.view()->tree()->isDiff());
        time.setSelection(std::nullopt);
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(100));
    }

    void filtersByCpuProcessAndThread()
    {
        RunSet runs;
        TimeController time(&runs);
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1200, 600);
        runs.add(runWithProfile(QStringLiteral("baseline"), twoProcesses(1000, 40)));
        runs.add(runWithProfile(QStringLiteral("tuned"), twoProcesses(5000, 10)));
        runs.setBaseline(0);
        runs.setCurrentIndex(1);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree() && panel.view()->tree()->isDiff());
        QCOMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(80));
        QCOMPARE(panel.view()->tree()->baselineSamples(), std::uint64_t(110));

        // The list: the tuned run's processes, busiest first, the service with its two threads.
        ProfileFilterView* filter = panel.filterView();
        QTreeWidget* list = filter->tree();
        QCOMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("backup (PID 5010)"));
        QCOMPARE(list->topLevelItem(0)->text(1), QStringLiteral("50"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("62.5 %"));
        QTreeWidgetItem* service = list->topLevelItem(1);
        QCOMPARE(service->text(0), QStringLiteral("service (PID 5000)"));
        QCOMPARE(service->childCount(), 2);
        QVERIFY(filter->description().isEmpty());

        // Leave the backup job out: the service alone, in the baseline too (matched by name,
        // whatever its PID there).
        list->topLevelItem(0)->setCheckState(0, Qt::Unchecked);
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(30));
        QTRY_COMPARE(panel.view()->tree()->baselineSamples(), std::uint64_t(60));
        QVERIFY(!panel.view()->tree()->find({"backup_main"}));
        QCOMPARE(filter->description(), QStringLiteral("1 of 2 processes"));

        // And of the service, only its worker thread.
        for (int c = 0; c < service->childCount(); ++c) {
            if (service->child(c)->text(0).startsWith(QLatin1String("service")))
                service->child(c)->setCheckState(0, Qt::Unchecked);
        }
        QCOMPARE(service->checkState(0), Qt::PartiallyChecked);
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(10));
        QTRY_COMPARE(panel.view()->tree()->baselineSamples(), std::uint64_t(40));

        // CPUs: everything again, then only CPU 0 and 2 typed (Enter applies).
        filter->clear();
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(80));
        QTest::keyClicks(filter->cpuField(), QStringLiteral("0,2"));
        QTest::keyClick(filter->cpuField(), Qt::Key_Return);
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(70));
        QTRY_COMPARE(panel.view()->tree()->baselineSamples(), std::uint64_t(70));
        QCOMPARE(filter->description(), QStringLiteral("CPUs 0,2"));
        // A typo is marked and not applied: the last list stays in force.
        filter->cpuField()->setText(QStringLiteral("0-"));
        QTest::keyClick(filter->cpuField(), Qt::Key_Return);
        QCOMPARE(filter->cpus(), (std::vector<std::uint32_t>{0, 2}));

        // Search narrows the list; the status line names the filter.
        QTest::keyClicks(filter->searchField(), QStringLiteral("work"));
        QVERIFY(list->topLevelItem(0)->isHidden());
        QVERIFY(!service->isHidden() && service->isExpanded());
        filter->cpuField()->setText(QStringLiteral("0-2"));
        QTest::keyClick(filter->cpuField(), Qt::Key_Return);
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(80));
        service->child(0)->setCheckState(0, Qt::Unchecked);
        QTRY_VERIFY(panel.view()->tree()->totalSamples() < 80);
        panel.findChild<QTabWidget*>()->setCurrentWidget(filter);
        QTRY_VERIFY(filter->isVisible());
        QVERIFY(panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-panel-filters.png")));
    }

    void followsTheTrimWithoutASelection()
    {
        RunSet runs;
        TimeController time(&runs);
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1000, 400);
        runs.add(runWithProfile(QStringLiteral("baseline"), profileOf(kBaseline)));
        runs.add(runWithProfile(QStringLiteral("tuned"), profileOf(kTuned)));
        runs.setBaseline(0);
        runs.setCurrentIndex(1);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree() && panel.view()->tree()->totalSamples() == 100);
        // Each run's trim window, as the summary uses it: 100 samples 10 ms apart, so 0.2-0.5 s
        // holds 30 of the tuned run and the baseline keeps its own 0-0.4 s.
        runs.setTrim(1, std::pair{0.2, 0.5});
        runs.setTrim(0, std::pair{0.0, 0.4});
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(30));
        QCOMPARE(panel.view()->tree()->baselineSamples(), std::uint64_t(40));
        // A selection in the charts still wins over the trims.
        time.setSelection(TimeController::Range{0.0, 0.1});
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(10));
        time.setSelection(std::nullopt);
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(30));
        runs.setTrim(1, std::nullopt);
        QTRY_COMPARE(panel.view()->tree()->totalSamples(), std::uint64_t(100));
    }

    void variantsOfRepeatsDrawNoiseNeutral()
    {
        RunSet runs;
        TimeController time(&runs);
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1200, 500);
        // Three runs of each variant: compress grows by 10 points in every tuned run; tokenize
        // and render wobble by a point or two from run to run in both.
        const int jitter[] = {-15, 5, 12};
        for (int r = 0; r < 3; ++r)
            runs.add(repeatOf(QStringLiteral("base-%1").arg(r + 1), QStringLiteral("base"), 0, jitter[r]));
        for (int r = 0; r < 3; ++r)
            runs.add(repeatOf(QStringLiteral("tuned-%1").arg(r + 1), QStringLiteral("tuned"), 100, -jitter[r] / 2));
        runs.setBaseline(0);
        runs.setCurrentIndex(3);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree() && panel.view()->tree()->hasVerdicts());
        const StackTreePtr tree = panel.view()->tree();
        QCOMPARE(tree->baselineRepeats(), 3);
        QCOMPARE(tree->selectedRepeats(), 3);
        QCOMPARE(tree->totalSamples(), std::uint64_t(3000)); // the tuned variant pooled
        const auto compress = at(*tree, {"main", "serve", "handle", "compress"});
        const auto tokenize = at(*tree, {"main", "serve", "parse_request", "tokenize"});
        QCOMPARE(tree->verdict(compress), FrameVerdict::Real);
        QCOMPARE(tree->verdict(tokenize), FrameVerdict::WithinNoise);
        QVERIFY(panel.colourNoiseBox()->isVisible());
        QCOMPARE(panel.view()->selectedName(), QStringLiteral("tuned (3 runs)"));
        QCOMPARE(panel.view()->baselineName(), QStringLiteral("base (3 runs)"));
        // Noise is drawn neutral, the real change red; the toggle colours the noise too.
        const QColor neutral(245, 245, 245);
        QCOMPARE(panel.view()->fillColourFor(tokenize), neutral);
        QVERIFY(panel.view()->fillColourFor(compress).red() > 200 && panel.view()->fillColourFor(compress).green() < 150);
        QVERIFY(panel.view()->toolTipFor(tokenize).contains(QStringLiteral("Within noise across 3 + 3 runs")));
        QVERIFY(panel.view()->toolTipFor(compress).contains(QStringLiteral("Beyond noise across 3 + 3 runs")));
        // The top functions: each side's share with its runs' spread, the change and the verdict,
        // all in sight at the panel's default layout; the function's name keeps a readable width.
        const TopFunctionsModel* top = panel.topFunctionsModel();
        const int compressRow = top->rowOf(QStringLiteral("compress"));
        const int tokenizeRow = top->rowOf(QStringLiteral("tokenize"));
        QVERIFY(compressRow >= 0 && tokenizeRow >= 0);
        const auto text = [top](int row, TopFunctionsModel::Column column) {
            return top->index(row, top->sectionOf(column)).data().toString();
        };
        QCOMPARE(text(compressRow, TopFunctionsModel::Verdict), QStringLiteral("real"));
        QCOMPARE(text(tokenizeRow, TopFunctionsModel::Verdict), QStringLiteral("within noise"));
        // tokenize: 31.5, 29.5 and 28.8 % in the baseline's runs: ± 1.4 points.
        QCOMPARE(text(tokenizeRow, TopFunctionsModel::BaselineValue), QStringLiteral("29.9% ± 1.4"));
        // compress moved the same 10 points in every run: no spread, not a round-off's "0.00".
        QCOMPARE(text(compressRow, TopFunctionsModel::SelectedValue), QStringLiteral("40.0% ± 0.0"));
        QCOMPARE(text(compressRow, TopFunctionsModel::BaselineValue), QStringLiteral("30.0% ± 0.0"));
        QHeaderView* header = panel.topFunctionsView()->horizontalHeader();
        const int viewportWidth = panel.topFunctionsView()->viewport()->width();
        for (const auto column : {TopFunctionsModel::SelectedValue, TopFunctionsModel::BaselineValue, TopFunctionsModel::TotalDelta,
                                  TopFunctionsModel::Verdict}) {
            const int section = top->sectionOf(column);
            QVERIFY2(header->sectionViewportPosition(section) >= 0
                         && header->sectionViewportPosition(section) + header->sectionSize(section) <= viewportWidth,
                     qPrintable(QStringLiteral("column %1 ends at %2 of %3 px")
                                    .arg(section)
                                    .arg(header->sectionViewportPosition(section) + header->sectionSize(section))
                                    .arg(viewportWidth)));
            // Sized to its contents: the widest cell is not cut.
            int widest = 0;
            for (int row = 0; row < top->rowCount(); ++row) {
                widest = std::max(widest, panel.topFunctionsView()->fontMetrics().horizontalAdvance(
                                              top->index(row, section).data().toString()));
            }
            QVERIFY2(header->sectionSize(section) > widest, qPrintable(QStringLiteral("%1 px for %2 px").arg(header->sectionSize(section)).arg(widest)));
        }
        QVERIFY(header->sectionSize(0) >= panel.topFunctionsView()->fontMetrics().horizontalAdvance(QStringLiteral("parse_request")));
        QVERIFY(panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-variants.png")));
        panel.colourNoiseBox()->setChecked(true);
        QVERIFY(panel.view()->fillColourFor(tokenize) != neutral);
    }

    void deepGraphOpensOnItsRoot()
    {
        // Stacks 60 frames deep, as in a Java service: far taller than the panel.
        std::string deepStack = "main";
        for (int depth = 1; depth < 60; ++depth)
            deepStack.append(";frame").append(std::to_string(depth)); // not operator+: GCC 12 -O3 -Wrestrict
        const std::vector<std::pair<const char*, int>> stacks{{deepStack.c_str(), 10}, {"main;serve;parse", 60}, {"main;serve;render", 30}};
        RunSet runs;
        TimeController time;
        time.setExtent({0, 2});
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1000, 420);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        FlameGraphView* view = panel.view();
        QWidget* viewport = view->parentWidget();

        // The root and the hottest frames (main, serve, parse) in sight, painted, with the legend.
        const auto rootAndHottestInSight = [&](const char* when) {
            const QRect visible(view->mapFrom(viewport, QPoint(0, 0)), viewport->size());
            QVERIFY2(view->height() > 2 * viewport->height(), when); // the canvas is taller than the panel
            const StackTreePtr& tree = view->tree();
            for (const std::vector<std::string>& path : {std::vector<std::string>{}, {"main"}, {"main", "serve"}, {"main", "serve", "parse"}}) {
                const auto node = path.empty() ? StackTree::kRoot : at(*tree, path);
                const auto rect = view->frameRect(node);
                QVERIFY2(rect && visible.contains(rect->toRect()),
                         qPrintable(QStringLiteral("%1: frame %2 at %3,%4 outside the visible %5,%6 %7×%8")
                                        .arg(QLatin1String(when), QString::fromStdString(path.empty() ? "all" : path.back()))
                                        .arg(rect ? rect->top() : -1).arg(rect ? rect->bottom() : -1)
                                        .arg(visible.top()).arg(visible.bottom()).arg(visible.width()).arg(visible.height())));
            }
            // On screen: the root's colour under its row, not the empty canvas.
            const QImage shown = viewport->grab().toImage();
            const QPoint root = view->mapTo(viewport, view->frameRect(StackTree::kRoot)->topLeft().toPoint() + QPoint(3, 2));
            QVERIFY2(shown.pixelColor(root) != view->palette().base().color(), when);
        };
        runs.add(runWithProfile(QStringLiteral("deep"), profileOf(stacks)));
        QTRY_VERIFY(!panel.isBusy() && view->tree());
        QTRY_VERIFY(view->height() > 2 * viewport->height());
        QVERIFY(panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-deep-first-open.png")));
        rootAndHottestInSight("at first open");
        if (QTest::currentTestFailed())
            return;

        // Another run opened, a selection made and cleared: each new graph starts on its root,
        // even after the user scrolled up into the deep frames.
        runs.add(runWithProfile(QStringLiteral("deep2"), profileOf(stacks)));
        runs.setCurrentIndex(1);
        QTRY_VERIFY(!panel.isBusy() && view->tree() && view->selectedName() == QStringLiteral("deep2"));
        rootAndHottestInSight("after opening a run");
        if (QTest::currentTestFailed())
            return;
        auto* scroll = qobject_cast<QScrollArea*>(viewport->parentWidget());
        QVERIFY(scroll);
        scroll->verticalScrollBar()->setValue(0);
        time.setSelection(TimeController::Range{0.0, 0.5});
        QTRY_VERIFY(!panel.isBusy() && view->tree()->totalSamples() == 50);
        rootAndHottestInSight("with a selection");
        if (QTest::currentTestFailed())
            return;
        scroll->verticalScrollBar()->setValue(0);
        time.setSelection(std::nullopt);
        QTRY_VERIFY(!panel.isBusy() && view->tree()->totalSamples() == 100);
        rootAndHottestInSight("after clearing the selection");
        if (QTest::currentTestFailed())
            return;
        QVERIFY(panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-deep-selection-cleared.png")));

        // The icicle graph has its root at the top: it starts there.
        panel.findChild<QComboBox*>()->setCurrentIndex(1);
        QVERIFY(view->isIcicle());
        rootAndHottestInSight("as an icicle graph");
    }

    void weightBySamplesOrEventCount()
    {
        // cycles in frequency mode (tests/fixtures/perf-script/frequency.txt), opened as a user
        // opens it: 13 samples whose periods run from 1 to 1000003.
        RunSet runs;
        TimeController time;
        FlameGraphPanel panel(&runs, &time);
        panel.resize(1000, 420);
        const RunPtr run = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/perf-script/frequency.txt"));
        QVERIFY(run && run->profile() && run->profile()->hasPeriods());
        runs.add(run);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree());
        QComboBox* weight = panel.weightBox();
        QVERIFY(weight->isEnabled());
        QCOMPARE(weight->currentIndex(), 0);
        const StackTreePtr bySamples = panel.view()->tree();
        QCOMPARE(bySamples->weight(), runlens::format::SampleWeight::Samples);
        QCOMPARE(bySamples->node(at(*bySamples, {"app_main", "io_wait"})).total, std::uint64_t(4));

        weight->setCurrentIndex(1);
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree() != bySamples);
        const StackTreePtr byEvents = panel.view()->tree();
        QCOMPARE(byEvents->weight(), runlens::format::SampleWeight::EventCount);
        // What stackcollapse-perf.pl printed for the same file (frequency.none.folded).
        QCOMPARE(byEvents->node(at(*byEvents, {"app_main", "compute", "inner_loop"})).self, std::uint64_t(2250009));
        QCOMPARE(byEvents->node(at(*byEvents, {"app_main", "compute"})).self, std::uint64_t(1000003));
        QCOMPARE(byEvents->node(at(*byEvents, {"app_main", "io_wait"})).total, std::uint64_t(4));
        QCOMPARE(byEvents->totalSamples(), std::uint64_t(1000003 + 2250009 + 252507 + 4 + 2505));
        QVERIFY(panel.findChildren<QLabel*>().size() > 0);
        bool said = false;
        for (const QLabel* label : panel.findChildren<QLabel*>())
            said = said || label->text().startsWith(QStringLiteral("3505028 events of frequency.txt"));
        QVERIFY(said);
        // The top functions follow: inner_loop first by self.
        QCOMPARE(panel.topFunctionsModel()->data(panel.topFunctionsModel()->index(0, TopFunctionsModel::Function)).toString(),
                 QStringLiteral("inner_loop"));
        panel.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/flamegraph-panel-event-count.png"));

        // A run without periods next to it: only samples make sense, the box says so.
        runs.add(runWithProfile(QStringLiteral("recorded"), profileOf(kTuned)));
        runs.setBaseline(1);
        runs.setCurrentIndex(0);
        QTRY_VERIFY(!panel.isBusy() && panel.view()->tree()->isDiff());
        QVERIFY(!weight->isEnabled());
        QCOMPARE(panel.view()->tree()->weight(), runlens::format::SampleWeight::Samples);
    }
};

QTEST_MAIN(TestFlameGraphView)
#include "tst_flamegraphview.moc"
