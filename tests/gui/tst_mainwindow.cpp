// The main window driven as a user would, rendered offscreen; screenshots land in the build tree.
#include "ChartGrid.h"
#include "DemoRuns.h"
#include "FlameGraphPanel.h"
#include "FlameGraphView.h"
#include "GettingStartedDialog.h"
#include "KeyboardShortcutsDialog.h"
#include "HeatMapView.h"
#include "MainWindow.h"
#include "MetricBrowser.h"
#include "MetricTreeModel.h"
#include "RecentFiles.h"
#include "RunListView.h"
#include "RunSet.h"
#include "ShortChunkArchive.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"
#include "RunListModel.h"
#include "WelcomePage.h"
#include "WorkloadArchive.h"
#include "summary/SummaryTable.h"
#include "summary/SummaryView.h"

#include <QApplication>
#include <QCommandLinkButton>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QToolButton>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QTableWidget>
#include <QTextBrowser>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QClipboard>
#include <QTimer>
#include <QTreeView>
#include <QTest>

#include <functional>

namespace {

QStringList actionTexts(const QMenu* menu)
{
    QStringList texts;
    for (const QAction* action : menu->actions()) {
        if (!action->isSeparator())
            texts.append(action->text());
    }
    return texts;
}

// The window and any open popup menu composed into one picture, as the user would see them.
QImage screenshot(QMainWindow& window, QMenu* openMenu)
{
    QImage image = window.grab().toImage();
    if (openMenu && openMenu->isVisible()) {
        QPainter painter(&image);
        painter.drawPixmap(window.mapFromGlobal(openMenu->pos()), openMenu->grab());
    }
    return image;
}

void dropFiles(QWidget* target, const QStringList& paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path : paths)
        urls.append(QUrl::fromLocalFile(path));
    mime.setUrls(urls);
    const QPoint centre = target->rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_files;

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RunlensTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
        QVERIFY(m_files.isValid());
    }

    void showsTheWelcomePageAndMenus()
    {
        MainWindow window;
        window.resize(1100, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QVERIFY(window.welcomePage()->isVisible());
        QVERIFY(window.welcomePage()->openButton()->isEnabled());
        QCOMPARE(window.welcomePage()->openButton()->text(), QStringLiteral("Open Run Archives…"));
        QVERIFY(window.welcomePage()->connectButton()->isEnabled());
        QVERIFY(window.welcomePage()->demoButton()->isEnabled());

        QStringList menuTitles;
        for (const QAction* action : window.menuBar()->actions())
            menuTitles.append(action->text());
        QCOMPARE(menuTitles, QStringList({QStringLiteral("&File"), QStringLiteral("&View"), QStringLiteral("&Help")}));
        QCOMPARE(actionTexts(window.fileMenu()),
                 QStringList({QStringLiteral("&Open Runs…"), QStringLiteral("&Connect to Host…"), QStringLiteral("Open &Recent"), QStringLiteral("&Save Session…"),
                              QStringLiteral("&Export…"), QStringLiteral("Copy Charts as &Image"), QStringLiteral("C&lose All"),
                              QStringLiteral("&Quit")}));
        QCOMPARE(window.fileMenu()->actions().first()->shortcut(), QKeySequence(QKeySequence::Open));

        // Open the File menu the way a user does (Alt+F), then photograph window and menu.
        QTest::keyClick(&window, Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(window.fileMenu()->isVisible());
        const QImage image = screenshot(window, window.fileMenu());
        const QString path = QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-welcome.png");
        QVERIFY(image.save(path));
        QCOMPARE(QImage(path).size(), image.size());
        QVERIFY(image.width() >= 1100);
        window.fileMenu()->close();
    }

    void droppedFilesOpenAndMissingOnesAreReported()
    {
        const QStringList demo = DemoRuns::files();
        QCOMPARE(demo.size(), 2);
        const QString run = m_files.filePath(QStringLiteral("baseline.tar.gz"));
        QVERIFY(QFile::copy(demo.first(), run));
        const QString missing = m_files.filePath(QStringLiteral("gone.tar.gz"));
        const QString garbage = m_files.filePath(QStringLiteral("notes.tar.gz"));
        {
            QFile file(garbage);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not an archive");
        }

        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runsOpened);
        QSignalSpy failed(&window, &MainWindow::openFailed);
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        dropFiles(&window, {run, missing, garbage});
        QVERIFY(finished.wait(20000));

        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.first().first().toStringList(), QStringList({run}));
        // One message for the missing file at once, one for the unreadable one after loading.
        QStringList problems;
        for (const auto& arguments : failed)
            problems += arguments.first().toStringList();
        QCOMPARE(problems.size(), 2);
        QVERIFY(problems.filter(missing).first().contains(QStringLiteral("does not exist")));
        QVERIFY(problems.filter(garbage).first().contains(QStringLiteral("not a gzip-compressed tar file")));
        QCOMPARE(window.openFiles(), QStringList({run}));
        QVERIFY(window.analysisPage()->isVisible());
        QVERIFY(window.chartGrid()->count() > 0);

        // The opened file is offered again in Open Recent and on the welcome page.
        QCOMPARE(window.recentFiles()->files().first(), run);
        QVERIFY(window.recentMenu()->actions().first()->text().contains(QStringLiteral("baseline.tar.gz")));
        QCOMPARE(window.welcomePage()->recentList()->count(), 1);
        QCOMPARE(window.welcomePage()->recentList()->item(0)->data(Qt::UserRole).toString(), run);
    }

    void unreadableSamplesLeaveTheChartsAndSayWhy()
    {
        // The samples are decoded after the run opens; when they turn out damaged, the charts
        // stay, the flame graph does not claim the run, and the problem is told like an open's.
        const QString damaged = m_files.filePath(QStringLiteral("short-chunk.tar.gz"));
        writeShortChunkCopy(DemoRuns::files().last().toStdString(), damaged.toStdString(), "short-chunk");
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QSignalSpy failed(&window, &MainWindow::openFailed);
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        dropFiles(&window, {damaged});
        QVERIFY(finished.wait(20000));
        QCOMPARE(window.openFiles(), QStringList({damaged}));
        QVERIFY(window.chartGrid()->count() > 0);
        QCOMPARE(failed.count(), 1);
        const QStringList problems = failed.first().first().toStringList();
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().startsWith(damaged + QStringLiteral(" is not a usable run archive: profile/samples/")),
                 qPrintable(problems.first()));
        QVERIFY(problems.first().endsWith(QStringLiteral("\nIts charts are shown, without a flame graph.")));
        QVERIFY(!window.runSet()->at(0).run->hasProfile());
        QTRY_VERIFY(!window.flameGraphPanel()->isBusy());
        QVERIFY(window.flameGraphPanel()->view()->tree() == nullptr);
        const auto* status = window.flameGraphPanel()->findChild<QLabel*>(QStringLiteral("flameGraphStatus"));
        QVERIFY(status);
        QCOMPARE(status->text(), window.runSet()->at(0).run->profileError());
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-unreadable-samples-window.png")));

        auto* box = window.findChild<QMessageBox*>(QStringLiteral("openProblems"));
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QCOMPARE(box->text(), problems.first());
        QVERIFY(box->grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-unreadable-samples.png")));
        box->close();
    }

    void anAperfReportOpensAsItsRuns()
    {
        // A colleague's `aperf report` tarball holds two runs: both appear in the run list and
        // overlay in the charts, each with its own colour.
        const QString report = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/aperf/test_report.tar.gz");
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        dropFiles(&window, {report});
        QVERIFY(finished.wait(20000));
        QCOMPARE(window.runSet()->count(), 2);
        QCOMPARE(window.runSet()->at(0).run->name(), QStringLiteral("test_run_1"));
        QCOMPARE(window.runSet()->at(1).run->name(), QStringLiteral("test_run_2"));
        QVERIFY(window.runSet()->at(0).colour != window.runSet()->at(1).colour);
        QCOMPARE(window.runListView()->model()->rowCount(), 2);
        // Dropping it again opens nothing new.
        dropFiles(&window, {report});
        QTest::qWait(200);
        QCOMPARE(window.runSet()->count(), 2);
        QVERIFY(window.chartGrid()->count() > 0);
        QCoreApplication::processEvents();
        QVERIFY(window.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-aperf-report.png")));
    }

    void closeAllReturnsToTheWelcomePage()
    {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        QCOMPARE(window.openFiles().size(), 2);
        QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(window.openFiles().isEmpty());
        QCOMPARE(window.chartGrid()->count(), 0);
        QVERIFY(window.welcomePage()->isVisible());
    }

    void closeAllResetsSearchesAndTheFlameGraph()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        FlameGraphPanel* flame = window.flameGraphPanel();
        QTRY_VERIFY(!flame->isBusy() && flame->view()->tree());
        QTest::keyClicks(window.metricBrowser()->filterEdit(), QStringLiteral("cache"));
        QTest::keyClicks(window.summaryView()->table()->searchField(), QStringLiteral("cpu"));
        QTest::keyClicks(flame->searchField(), QStringLiteral("main"));

        QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(window.welcomePage()->isVisible());
        QTRY_VERIFY(!flame->isBusy() && !flame->view()->tree());
        QVERIFY(!window.flameGraphDock()->isVisible()); // no empty dock left under the welcome page
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-after-close-all.png")));
        QCOMPARE(flame->disappearedList()->count(), 0);
        QCOMPARE(window.metricBrowser()->filterEdit()->text(), QString());
        QCOMPARE(window.summaryView()->table()->searchField()->text(), QString());
        QCOMPARE(flame->searchField()->text(), QString());

        // The next runs open unfiltered: every metric listed again.
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        QVERIFY(window.metricBrowser()->visibleMetricIds().contains(QStringLiteral("cpu.user")));
    }

    void aNewChartScrollsIntoView()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        ChartGrid* grid = window.chartGrid();
        QTRY_VERIFY(grid->isVisible() && grid->viewport()->height() > 100);
        // A metric not charted yet, chosen in the browser as a user does (Enter or double click).
        QString metric;
        for (const QString& id : window.metricBrowser()->visibleMetricIds()) {
            bool charted = false;
            for (const auto& chart : grid->charts())
                charted = charted || chart.first == id;
            if (!charted) {
                metric = id;
                break;
            }
        }
        QVERIFY(!metric.isEmpty());
        QCOMPARE(grid->verticalScrollBar()->value(), 0);
        emit window.metricBrowser()->metricActivated(metric);
        TimeSeriesChart* added = grid->chart(grid->count() - 1);
        QCOMPARE(added->metricId(), metric);
        // The default charts already fill the grid, so the new one is added below the fold...
        QTRY_VERIFY(grid->verticalScrollBar()->maximum() > 0);
        // ...and brought into view, whole.
        const auto inView = [&] {
            const QRect shown(added->mapTo(grid->viewport(), QPoint(0, 0)), added->size());
            return grid->viewport()->rect().contains(shown);
        };
        QTRY_VERIFY(inView());
        QTest::qWait(50);
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-new-chart-in-view.png")));
    }

    // At 1280×720 the run list shares a narrow pane with the metric browser: the demo runs and a
    // few more keep names a person can read, every column shown fits its header, and the secondary
    // columns wait in the header's context menu.
    void runListIsReadableAt1280x720()
    {
        QStringList extra;
        for (const char* name : {"pg16-baseline-run-2", "pg16-hugepages-tuned", "graviton3-c7g-8xlarge"})
            extra.append(writeWorkloadArchive(m_files.path(), {name, "", 1000, 5.0}));
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        window.openRuns(extra);
        QVERIFY(finished.wait(20000));
        QCOMPARE(window.runSet()->count(), 5);
        RunListView* list = window.findChild<RunListView*>(QStringLiteral("runList"));
        QVERIFY(list);
        QTRY_VERIFY(list->isVisible() && list->viewport()->width() > 100);
        QHeaderView* header = list->horizontalHeader();

        // Secondary columns hidden, the ones people use every time shown.
        for (const int column : RunListView::secondaryColumns())
            QVERIFY2(list->isColumnHidden(column), qPrintable(QString::number(column)));
        for (const int column : {int(RunListModel::NameColumn), int(RunListModel::BaselineColumn),
                                 int(RunListModel::VisibleColumn), int(RunListModel::TrimColumn)})
            QVERIFY(!list->isColumnHidden(column));
        const auto checkReadable = [&](const char* when) {
            // The longest name is not cut, nor any header of a column shown.
            QVERIFY2(list->columnWidth(RunListModel::NameColumn) >= list->nameWidthNeeded(),
                     qPrintable(QStringLiteral("%1: name column %2 < %3")
                                    .arg(when)
                                    .arg(list->columnWidth(RunListModel::NameColumn))
                                    .arg(list->nameWidthNeeded())));
            for (int column = 1; column < RunListModel::ColumnCount; ++column) {
                if (!list->isColumnHidden(column))
                    QVERIFY2(list->columnWidth(column) >= header->sectionSizeHint(column), when);
            }
        };
        checkReadable("default");
        if (QTest::currentTestFailed())
            return; // a failure inside the check above
        // By default nothing to scroll sideways, and every run in sight: the list is every chart's legend.
        QVERIFY2(header->length() <= list->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2").arg(header->length()).arg(list->viewport()->width())));
        QTRY_VERIFY2(list->viewport()->rect().contains(list->visualRect(list->model()->index(4, 0))),
                     qPrintable(QStringLiteral("viewport %1 px high").arg(list->viewport()->height())));
        QCOMPARE(list->model()->index(4, 0).data().toString(), QStringLiteral("graviton3-c7g-8xlarge"));
        QTest::qWait(50);
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-run-list-1280x720.png")));

        // The header's context menu shows a hidden column; the name gives up width, not legibility.
        std::unique_ptr<QMenu> menu = list->columnsMenu();
        QStringList columns = actionTexts(menu.get());
        QCOMPARE(columns, (QStringList{QStringLiteral("Baseline"), QStringLiteral("Shown"), QStringLiteral("Offset"),
                                       QStringLiteral("Trim"), QStringLiteral("Steady State"), QStringLiteral("Host"),
                                       QStringLiteral("Duration")}));
        QAction* duration = menu->actions().at(6);
        QVERIFY(duration->isCheckable() && !duration->isChecked());
        duration->trigger();
        QVERIFY(!list->isColumnHidden(RunListModel::DurationColumn));
        QTest::qWait(50);
        checkReadable("with Duration");
        if (QTest::currentTestFailed())
            return; // a failure inside the check above
        QVERIFY(list->columnsMenu()->actions().at(6)->isChecked());
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-run-list-duration-shown.png")));
        list->columnsMenu()->actions().at(6)->trigger();
        QVERIFY(list->isColumnHidden(RunListModel::DurationColumn));

        // Set Offset… on a hidden Offset column shows it and edits the cell.
        std::unique_ptr<QMenu> runMenu = list->contextMenu(0);
        for (QAction* action : runMenu->actions()) {
            if (action->text() == QStringLiteral("Set Offset…"))
                action->trigger();
        }
        QVERIFY(!list->isColumnHidden(RunListModel::OffsetColumn));
        // An editor open over the offset cell of the first run.
        QWidget* editor = nullptr;
        for (QWidget* child : list->viewport()->findChildren<QWidget*>()) {
            if (child->isVisible() && child->geometry().intersects(list->visualRect(list->model()->index(0, RunListModel::OffsetColumn))))
                editor = child;
        }
        QVERIFY(editor);
        QTest::keyClick(editor, Qt::Key_Escape);
        list->setColumnHidden(RunListModel::OffsetColumn, true); // as the next test expects to find it
    }

    void metricBrowserCopiesASeriesAndExplainsMissingCounters()
    {
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        MetricBrowser* browser = window.metricBrowser();
        browser->filterEdit()->setText(QStringLiteral("cpu.busy"));
        QTreeView* tree = browser->treeView();
        QModelIndex metric;
        for (int c = 0; c < tree->model()->rowCount() && !metric.isValid(); ++c) {
            const QModelIndex category = tree->model()->index(c, 0);
            for (int m = 0; m < tree->model()->rowCount(category) && !metric.isValid(); ++m) {
                if (tree->model()->index(m, 0, category).data(MetricTreeModel::MetricIdRole).toString() == QLatin1String("cpu.busy"))
                    metric = tree->model()->index(m, 0, category);
            }
        }
        QVERIFY(metric.isValid());
        tree->scrollTo(metric);
        const QPoint at = tree->visualRect(metric).center();
        // The context menu, as a right click opens it; its second entry copies the series.
        QGuiApplication::clipboard()->clear();
        QTimer::singleShot(200, [] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            QVERIFY(menu);
            QCOMPARE(menu->actions().size(), 2);
            QCOMPARE(menu->actions().at(1)->text(), QStringLiteral("&Copy Series as CSV"));
            menu->actions().at(1)->trigger();
            menu->close();
        });
        emit tree->customContextMenuRequested(at);
        const QStringList lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() > 20, qPrintable(QString::number(lines.size())));
        QCOMPARE(lines.front(), QStringLiteral("time_s,run,metric,instance,value"));
        QVERIFY(lines.at(1).contains(QLatin1String(",cpu.busy,")));
        // Both demo runs are in it.
        QVERIFY(lines.filter(QStringLiteral("demo-baseline")).size() > 5);
        QVERIFY(lines.filter(QStringLiteral("demo-tuned")).size() > 5);
        QVERIFY(browser->emptyNote()->isHidden());

        // The demo runs were recorded without a PMU: a search for IPC says why it finds nothing.
        browser->filterEdit()->setText(QStringLiteral("ipc"));
        QCOMPARE(browser->visibleMetricIds().size(), 0);
        QVERIFY(browser->emptyNote()->isVisibleTo(browser));
        QVERIFY2(browser->emptyNote()->text().startsWith(QLatin1String("No hardware counters in these runs")), qPrintable(browser->emptyNote()->text()));
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-no-counters.png")));
        browser->filterEdit()->setText(QStringLiteral("zzz-nothing"));
        QCOMPARE(browser->emptyNote()->text(), QStringLiteral("No metric matches \"zzz-nothing\"."));
        browser->filterEdit()->clear();
        QVERIFY(browser->emptyNote()->isHidden());
    }

    void everyMenuHasDistinctMnemonics()
    {
        MainWindow window;
        window.show();
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns(); // the docks add their toggles to the View menu
        QVERIFY(finished.wait(20000));
        // The letter after a single '&' in each entry; two entries with one letter make Alt+letter
        // pick the first only.
        const auto mnemonicsOf = [](const QList<QAction*>& actions, const QString& where) {
            QMap<QChar, QString> seen;
            for (const QAction* action : actions) {
                const QString text = QString(action->text()).replace(QLatin1String("&&"), QString());
                const qsizetype amp = text.indexOf(QLatin1Char('&'));
                if (action->isSeparator() || amp < 0 || amp + 1 >= text.size())
                    continue;
                const QChar key = text.at(amp + 1).toLower();
                QVERIFY2(!seen.contains(key), qPrintable(QStringLiteral("%1: \"%2\" and \"%3\" share Alt+%4")
                                                             .arg(where, seen.value(key), action->text(), key)));
                seen.insert(key, action->text());
            }
        };
        mnemonicsOf(window.menuBar()->actions(), QStringLiteral("menu bar"));
        for (const QAction* menuAction : window.menuBar()->actions()) {
            QVERIFY(menuAction->menu());
            mnemonicsOf(menuAction->menu()->actions(), menuAction->text());
            for (const QAction* action : menuAction->menu()->actions()) {
                if (action->menu())
                    mnemonicsOf(action->menu()->actions(), action->text());
            }
        }
        QTest::keyClick(&window, Qt::Key_V, Qt::AltModifier);
        QTRY_VERIFY(window.viewMenu()->isVisible());
        QVERIFY(screenshot(window, window.viewMenu()).save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-view-menu-mnemonics.png")));
        window.viewMenu()->close();
    }

    void ctrlFSearchesThePanelInUse()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        QTRY_VERIFY(window.flameGraphDock()->isVisible() && window.summaryDock()->isVisible());

        // In the flame graph: its function search.
        window.flameGraphPanel()->view()->setFocus();
        QTRY_VERIFY(window.flameGraphPanel()->view()->hasFocus());
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(window.flameGraphPanel()->searchField()->hasFocus());
        // In the summary: its metric search.
        window.summaryView()->table()->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(window.summaryView()->table()->searchField()->hasFocus());
        // Anywhere else (a chart): the metric browser's search.
        window.chartGrid()->chart(0)->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(window.metricBrowser()->filterEdit()->hasFocus());
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-ctrl-f-metric-search.png")));
    }

    void helpListsEveryShortcutAndGettingStarted()
    {
        MainWindow window;
        window.resize(1100, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction* shortcuts = nullptr;
        QAction* gettingStarted = nullptr;
        for (QAction* action : window.helpMenu()->actions()) {
            if (action->text() == QLatin1String("&Keyboard Shortcuts"))
                shortcuts = action;
            if (action->text() == QLatin1String("&Getting Started"))
                gettingStarted = action;
        }
        QVERIFY(shortcuts && gettingStarted);

        shortcuts->trigger();
        auto* dialog = window.findChild<KeyboardShortcutsDialog*>();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QStringList listed;
        for (int row = 0; row < dialog->table()->rowCount(); ++row)
            listed.append(dialog->table()->item(row, 1)->text());
        // Every menu command with a key is listed with that key, as the menu shows it, those of
        // submenus (View › Trim › Undo Trims: Esc) too.
        int withKeys = 0;
        std::function<void(const QMenu*)> check = [&](const QMenu* menu) {
            for (const QAction* action : menu->actions()) {
                if (action->menu())
                    check(action->menu());
                if (action->shortcut().isEmpty())
                    continue;
                ++withKeys;
                const QString key = action->shortcut().toString(QKeySequence::NativeText);
                QVERIFY2(std::any_of(listed.begin(), listed.end(), [&](const QString& keys) { return keys.split(QStringLiteral(", ")).contains(key); }),
                         qPrintable(action->text() + QStringLiteral(" (") + key + QStringLiteral(") is not listed")));
            }
        };
        for (const QAction* menuAction : window.menuBar()->actions())
            check(menuAction->menu());
        QVERIFY(listed.contains(QKeySequence(Qt::Key_Escape).toString(QKeySequence::NativeText)));
        QVERIFY(withKeys >= 10);
        QCOMPARE(dialog->table()->rowCount(), withKeys);
        QVERIFY(dialog->grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/help-keyboard-shortcuts.png")));
        dialog->close();

        gettingStarted->trigger();
        auto* guide = window.findChild<GettingStartedDialog*>();
        QVERIFY(guide);
        QVERIFY(QTest::qWaitForWindowExposed(guide));
        QVERIFY(guide->browser()->toPlainText().contains(QStringLiteral("runlens-rec record")));
        QVERIFY(guide->grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/help-getting-started.png")));
    }

    void welcomePageLeadsBackToTheOpenRuns()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // Before any run is open there is nothing to go back to.
        QAction* back = nullptr;
        for (QAction* action : window.viewMenu()->actions()) {
            if (action->objectName() == QLatin1String("analysisAction"))
                back = action;
        }
        QVERIFY(back);
        QVERIFY(!back->isEnabled());
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openDemoRuns();
        QVERIFY(finished.wait(20000));
        QVERIFY(window.analysisPage()->isVisible());
        QVERIFY(back->isEnabled() && back->isChecked());

        // View › Welcome Page (Ctrl+1) with runs open: the page that lists them goes away...
        QTest::keyClick(&window, Qt::Key_1, Qt::ControlModifier);
        QVERIFY(window.welcomePage()->isVisible());
        QVERIFY(!window.runListView()->isVisible());
        QCOMPARE(window.openFiles().size(), 2);
        // ...and the View menu says where it went: shown as a user opens it (Alt+V), photographed.
        QVERIFY(window.viewMenu()->actions().contains(back));
        QVERIFY(back->isEnabled() && !back->isChecked());
        QCOMPARE(back->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_2));
        QTest::keyClick(&window, Qt::Key_V, Qt::AltModifier);
        QTRY_VERIFY(window.viewMenu()->isVisible());
        QVERIFY(screenshot(window, window.viewMenu()).save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-welcome-with-runs.png")));
        window.viewMenu()->close();
        QTRY_VERIFY(!window.viewMenu()->isVisible());

        // Ctrl+2 brings the run list, the metric browser and the charts back, as they were.
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
        QVERIFY(window.analysisPage()->isVisible());
        QVERIFY(window.runListView()->isVisible());
        QVERIFY(window.metricBrowser()->isVisible());
        QVERIFY(window.chartGrid()->isVisible() && window.chartGrid()->count() > 0);
        QVERIFY(back->isChecked());
        // The charts drawn again once the page is laid out: a chart's plot is not the window colour.
        TimeSeriesChart* chart = window.chartGrid()->chart(0);
        QTRY_VERIFY(chart->isVisible() && chart->width() > 200);
        QTest::qWait(100);
        const QImage image = window.grab().toImage();
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-back-to-runs.png")));
        const QPoint inPlot = chart->mapTo(&window, QPoint(chart->width() / 2, chart->height() / 2));
        QVERIFY(image.pixelColor(inPlot) != window.palette().window().color());
    }

    void demoComparisonWithLinkedZoom()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        QTest::mouseClick(window.welcomePage()->demoButton(), Qt::LeftButton);
        QVERIFY(finished.wait(20000));
        RunSet* runs = window.runSet();
        QCOMPARE(runs->count(), 2);
        QCOMPARE(runs->baselineIndex(), 0);
        QVERIFY(runs->at(0).colour != runs->at(1).colour);

        // Choose a metric from the browser by searching for it, as a user does.
        ChartGrid* grid = window.chartGrid();
        const int before = grid->count();
        QTest::keyClicks(window.metricBrowser()->filterEdit(), QStringLiteral("context switches"));
        QVERIFY(window.metricBrowser()->visibleMetricIds().contains(QStringLiteral("cpu.context_switches")));
        emit window.metricBrowser()->metricActivated(QStringLiteral("cpu.user"));
        QCOMPARE(grid->count(), before + 1);
        grid->refreshNow();

        // Zoom in one chart: every chart follows. Let queued layout work (panels being shown,
        // the restored splitter) settle first, so that positions computed here stay true.
        TimeSeriesChart* first = grid->chart(0);
        for (int settled = 0, lastWidth = -1; settled < 3;) {
            QCoreApplication::processEvents();
            settled = first->width() == lastWidth ? settled + 1 : 0;
            lastWidth = first->width();
        }
        // The chart just added was scrolled into view at the bottom; back up to the first two.
        QTRY_VERIFY(grid->verticalScrollBar()->value() > 0);
        grid->verticalScrollBar()->setValue(0);
        TimeSeriesChart* second = grid->chart(1);
        QVERIFY(first->drawnPointCount() > 0);
        const auto extent = window.timeController()->extent();
        QVERIFY(extent.second > 10);
        QCOMPARE(window.timeController()->viewRange(), extent);
        const QPoint from(int(first->xOf(extent.first + 4)), first->height() / 2);
        const QPoint to(int(first->xOf(extent.first + 12)), first->height() / 2);
        QTest::mousePress(first->viewport(), Qt::LeftButton, {}, from);
        QTest::mouseMove(first->viewport(), to);
        QTest::mouseRelease(first->viewport(), Qt::LeftButton, {}, to);
        const auto view = window.timeController()->viewRange();
        QVERIFY2(std::abs(view.first - (extent.first + 4)) < 0.2 && std::abs(view.second - (extent.first + 12)) < 0.2,
                 qPrintable(QStringLiteral("%1..%2").arg(view.first).arg(view.second)));
        grid->refreshNow();
        for (const QPointF& point : second->drawnPoints(0))
            QVERIFY(point.x() >= view.first - 1 && point.x() <= view.second + 1);

        // Shift+drag selects a range, without zooming.
        const QPoint a(int(second->xOf(view.first + 2)), second->height() / 2);
        const QPoint b(int(second->xOf(view.first + 5)), second->height() / 2);
        QTest::mousePress(second->viewport(), Qt::LeftButton, Qt::ShiftModifier, a);
        QTest::mouseMove(second->viewport(), b);
        QTest::mouseRelease(second->viewport(), Qt::LeftButton, Qt::ShiftModifier, b);
        QVERIFY(window.timeController()->selection().has_value());
        QCOMPARE(window.timeController()->viewRange(), view);
        QTest::mouseMove(first->viewport(), QPoint(int(first->xOf(view.first + 3.5)), first->height() / 2));
        QVERIFY(window.timeController()->cursor().has_value());

        const QImage image = window.grab().toImage();
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-demo-comparison.png")));

        // The per-CPU heat map of CPU busy: one row per CPU for each run, coloured by value.
        // The demo recorded its workload: its throughput is the first chart, CPU busy the next.
        QCOMPARE(grid->chart(0)->metricId(), QStringLiteral("workload.throughput"));
        QVERIFY(!grid->heatMapToggle(0)->isVisibleTo(&window)); // one value: no per-instance heat map
        QCOMPARE(grid->chart(1)->metricId(), QStringLiteral("cpu.busy"));
        QVERIFY(grid->heatMapToggle(1)->isVisibleTo(&window));
        grid->heatMapToggle(1)->click();
        QVERIFY(grid->heatMap(1) && grid->heatMap(1)->isVisible());
        QVERIFY(!grid->chart(1)->isVisible());
        grid->refreshNow();
        QCOMPARE(grid->heatMap(1)->instances(0), QStringList({QStringLiteral("cpu0"), QStringLiteral("cpu1")}));
        QVERIFY(grid->heatMap(1)->cellColour(0, 0, grid->heatMap(1)->width() / 3).isValid());
        QVERIFY(grid->heatMap(1)->grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/heatmap-cpu-busy.png")));
        grid->heatMapToggle(1)->click();
        QVERIFY(grid->chart(1)->isVisible());

        // Double-click resets the zoom, the selection stays.
        QTest::mouseDClick(first->viewport(), Qt::LeftButton, {}, from);
        QCOMPARE(window.timeController()->viewRange(), window.timeController()->extent());
        QVERIFY(window.timeController()->selection().has_value());
    }

    void sessionSavesAndRestoresTheComparison()
    {
        const QString sessionPath = m_files.filePath(QStringLiteral("comparison.runlens"));
        std::vector<std::pair<QString, QString>> charts;
        {
            MainWindow window;
            window.show();
            QSignalSpy finished(&window, &MainWindow::loadingFinished);
            window.openDemoRuns();
            QVERIFY(finished.wait(20000));
            RunSet* runs = window.runSet();
            const int tuned = runs->at(0).run->name() == QStringLiteral("demo-tuned") ? 0 : 1;
            runs->setBaseline(tuned);
            runs->setDisplayName(tuned, QStringLiteral("padded counters"));
            window.chartGrid()->addChart(QStringLiteral("cpu.user"), QStringLiteral("cpu1"));
            window.chartGrid()->setHeatMapShown(0, true);
            window.timeController()->setViewRange({2, 9});
            window.timeController()->setSelection(std::make_pair(3.0, 5.0));
            charts = window.chartGrid()->charts();
            QVERIFY(window.saveSession(sessionPath));
            QFile saved(sessionPath);
            QVERIFY(saved.open(QIODevice::ReadOnly));
            QVERIFY2(saved.readAll().contains("\"heat_map\": true"), "the heat map state was not saved");
        }
        MainWindow reopened;
        reopened.show();
        QSignalSpy finished(&reopened, &MainWindow::loadingFinished);
        reopened.openRuns({sessionPath}); // a .runlens file opens as a session
        QVERIFY(finished.wait(20000));
        RunSet* runs = reopened.runSet();
        QCOMPARE(runs->count(), 2);
        QCOMPARE(runs->at(runs->baselineIndex()).displayName, QStringLiteral("padded counters"));
        QCOMPARE(reopened.chartGrid()->charts(), charts);
        QVERIFY(reopened.chartGrid()->isHeatMapShown(0) && reopened.chartGrid()->heatMap(0));
        QVERIFY(!reopened.chartGrid()->isHeatMapShown(1));
        QCOMPARE(reopened.timeController()->viewRange(), TimeController::Range(2, 9));
        QCOMPARE(reopened.timeController()->selection(), std::make_optional(TimeController::Range(3, 5)));

        // A damaged session file is reported, and what is open stays open.
        const QString broken = m_files.filePath(QStringLiteral("broken.runlens"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"runlens_session\": 99}");
        file.close();
        QSignalSpy failed(&reopened, &MainWindow::openFailed);
        reopened.openRuns({broken});
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.first().first().toStringList().first().contains(QStringLiteral("newer Runlens")));
        QCOMPARE(runs->count(), 2);
    }

    void remembersItsGeometry()
    {
        {
            MainWindow window;
            window.show();
            window.resize(900, 650);
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.close();
        }
        MainWindow reopened;
        QCOMPARE(reopened.size(), QSize(900, 650));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
