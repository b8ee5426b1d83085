// Trimming runs in the app (issue 23): the steady state the run list proposes, accepted with one
// click in the run's context menu, its end edge dragged in a chart, and a trim typed into the run
// list; the summary follows each,
// and the charts shade the trim windows (the proposal of the selected run hatched before that).
// Every run at once: View › Trim › Trim All to Steady State (each run its own proposal), Esc in the
// run list to undo, Trim All Runs… with a FROM:TO window, Clear Trims; the summary and the charts
// follow each.
// Writes trim-steady-state-proposed.png, trim-steady-state.png and trim-all-runs.png to the test artifacts.
#include "ChartGrid.h"
#include "MainWindow.h"
#include "RunListModel.h"
#include "RunListView.h"
#include "RunSet.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"
#include "summary/LiveSummary.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QInputDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>

#include <cmath>

namespace {

bool openDemo(MainWindow& window)
{
    QSignalSpy finished(&window, &MainWindow::loadingFinished);
    window.openRuns({QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz"),
                     QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz")});
    return finished.wait(120000) && window.runSet()->count() == 2;
}

// The mean of cpu.busy for a run in the summary on screen.
double busyMean(const MainWindow& window, int run)
{
    const SummaryRow* row = window.liveSummary()->report()->row(QStringLiteral("cpu.busy"));
    return row ? row->cells[std::size_t(run)].stats.mean : -1;
}

// An action of View › Trim by the start of its text (mnemonics dropped).
QAction* trimMenuAction(const MainWindow& window, const QString& text)
{
    const QMenu* menu = window.findChild<QMenu*>(QStringLiteral("trimMenu"));
    if (!menu)
        return nullptr;
    for (QAction* action : menu->actions()) {
        if (action->text().remove(QLatin1Char('&')).startsWith(text))
            return action;
    }
    return nullptr;
}

QLineEdit* openEditor(QWidget* viewport)
{
    for (QLineEdit* editor : viewport->findChildren<QLineEdit*>()) {
        if (editor->isVisible())
            return editor;
    }
    return nullptr;
}

} // namespace

class TestTrimView : public QObject
{
    Q_OBJECT

private slots:
    void steadyStateAcceptedAndTrimTyped()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openDemo(window));
        RunSet* runs = window.runSet();
        window.timeController()->setSelection(std::nullopt);
        window.liveSummary()->rebuildNow();
        QVERIFY(!runs->at(0).trim && !runs->at(1).trim);
        // The demo runs' last two samples are idle (the workload had exited): over the whole run
        // the busy CPU's mean is below the 100 % of the rest.
        const double wholeBaseline = busyMean(window, 0);
        const double wholeTuned = busyMean(window, 1);
        QVERIFY2(wholeBaseline > 50 && wholeBaseline < 97, qPrintable(QString::number(wholeBaseline)));

        RunListView* list = window.runListView();
        auto* model = qobject_cast<RunListModel*>(list->model());
        QVERIFY(model);
        QCOMPARE(model->index(0, RunListModel::SteadyStateColumn).data().toString(), QStringLiteral("0.0–15.0 s"));
        QCOMPARE(model->index(0, RunListModel::SteadyStateColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("Steady state: Busy CPU falls at 15.0 s.\nRight-click › Trim to Steady State to use it."));

        // The run selected in the run list shows its proposal, hatched, in every chart.
        ChartGrid* grid = window.chartGrid();
        QVERIFY(grid->count() > 0);
        TimeSeriesChart* chart = grid->chart(0);
        list->setCurrentIndex(model->index(1, RunListModel::NameColumn));
        QVERIFY(chart->proposedWindow());
        QCOMPARE(chart->proposedWindow()->run, 1);
        list->setCurrentIndex(model->index(0, RunListModel::NameColumn));
        QCOMPARE(runs->currentIndex(), 0);
        const auto proposed = chart->proposedWindow();
        QVERIFY(proposed);
        QCOMPARE(proposed->run, 0);
        QCOMPARE(proposed->from, 0.0);
        QVERIFY(std::abs(proposed->to - 15.0) < 0.01);
        // Let the grid lay its charts out before the picture is taken.
        QTRY_VERIFY(chart->isVisible() && chart->width() > 200);
        QTest::qWait(100);
        grid->refreshNow();
        QVERIFY(window.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/trim-steady-state-proposed.png")));

        // One click in the baseline's context menu.
        std::unique_ptr<QMenu> menu = list->contextMenu(0);
        QAction* accept = nullptr;
        for (QAction* action : menu->actions()) {
            if (action->text().startsWith(QStringLiteral("Trim to Steady State")))
                accept = action;
        }
        QVERIFY(accept);
        QCOMPARE(accept->text(), QStringLiteral("Trim to Steady State (0.0–15.0 s)"));
        QVERIFY(accept->isEnabled());
        QSignalSpy rebuilt(window.liveSummary(), &LiveSummary::reportChanged);
        accept->trigger();
        QVERIFY(runs->at(0).trim);
        QCOMPARE(runs->at(0).trim->first, 0.0);
        QVERIFY(std::abs(runs->at(0).trim->second - 15.0) < 0.01);
        QVERIFY(!runs->at(1).trim); // the other run is left alone
        QVERIFY(rebuilt.wait(120000));
        QCOMPARE(window.liveSummary()->report()->runs[0].window, runs->at(0).trim);
        // Without the idle tail, busy all the time.
        QVERIFY2(busyMean(window, 0) > 99, qPrintable(QString::number(busyMean(window, 0))));
        QCOMPARE(busyMean(window, 1), wholeTuned);
        QCOMPARE(model->index(0, RunListModel::TrimColumn).data().toString(), QStringLiteral("0.0–15.0 s"));
        QVERIFY(!chart->proposedWindow()); // accepted: now the run's trim, shaded as such
        QCOMPARE(chart->highlightedWindows().size(), std::size_t(1));
        QCOMPARE(chart->highlightedWindows()[0].run, 0);

        // Dragging the trim's end edge in a chart from 15 s to 10 s: the summary follows.
        QTRY_VERIFY(chart->isVisible() && chart->width() > 200);
        grid->refreshNow();
        const QPoint edge(int(std::lround(chart->xOf(runs->at(0).trim->second))), chart->height() / 2);
        const QPoint target(int(std::lround(chart->xOf(10.0))), chart->height() / 2);
        const std::size_t samplesBefore = window.liveSummary()->report()->row(QStringLiteral("cpu.busy"))->cells[0].stats.count;
        rebuilt.clear();
        QTest::mousePress(chart->viewport(), Qt::LeftButton, {}, edge);
        QTest::mouseMove(chart->viewport(), target);
        QTest::mouseRelease(chart->viewport(), Qt::LeftButton, {}, target);
        QCOMPARE(window.timeController()->viewRange(), window.timeController()->extent()); // no zoom
        QVERIFY(runs->at(0).trim);
        QCOMPARE(runs->at(0).trim->first, 0.0);
        QVERIFY2(std::abs(runs->at(0).trim->second - 10.0) < 0.1, qPrintable(QString::number(runs->at(0).trim->second)));
        QVERIFY(rebuilt.wait(120000));
        QCOMPARE(window.liveSummary()->report()->runs[0].window, runs->at(0).trim);
        // Samples every 0.5 s: about 10 fewer in the summary.
        const std::size_t samplesAfter = window.liveSummary()->report()->row(QStringLiteral("cpu.busy"))->cells[0].stats.count;
        QVERIFY2(samplesAfter + 8 <= samplesBefore && samplesAfter + 12 >= samplesBefore,
                 qPrintable(QStringLiteral("%1 -> %2").arg(samplesBefore).arg(samplesAfter)));

        // The tuned run's trim typed into the run list, as a user does: edit, type, Return.
        const QModelIndex trim = model->index(1, RunListModel::TrimColumn);
        list->setCurrentIndex(trim);
        list->edit(trim);
        QLineEdit* editor = openEditor(list->viewport());
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("5:15"));
        rebuilt.clear();
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_VERIFY(!openEditor(list->viewport()));
        QCOMPARE(runs->at(1).trim, std::optional(std::make_pair(5.0, 15.0)));
        QVERIFY(rebuilt.wait(120000));
        QCOMPARE(window.liveSummary()->report()->runs[1].window, std::optional(std::make_pair(5.0, 15.0)));
        QVERIFY(busyMean(window, 1) > wholeTuned);

        // The charts shade each run's trim window in its colour.
        grid->refreshNow();
        QCOMPARE(chart->highlightedWindows().size(), std::size_t(2));
        const QImage image = window.grab().toImage();
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/trim-steady-state.png")));

        // Clear Trim puts the whole run back.
        menu = list->contextMenu(0);
        for (QAction* action : menu->actions()) {
            if (action->text() == QStringLiteral("Clear Trim"))
                action->trigger();
        }
        QVERIFY(!runs->at(0).trim);
    }

    void trimAllRunsAtOnce()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openDemo(window));
        RunSet* runs = window.runSet();
        window.timeController()->setSelection(std::nullopt);
        window.liveSummary()->rebuildNow();
        const double wholeBaseline = busyMean(window, 0);
        RunListView* list = window.runListView();
        QAction* toSteadyState = trimMenuAction(window, QStringLiteral("Trim All to Steady State"));
        QAction* trimAll = trimMenuAction(window, QStringLiteral("Trim All Runs"));
        QAction* clearTrims = trimMenuAction(window, QStringLiteral("Clear Trims"));
        QAction* undo = trimMenuAction(window, QStringLiteral("Undo Trims"));
        QVERIFY(toSteadyState && trimAll && clearTrims && undo);
        QVERIFY(!undo->isEnabled());
        QCOMPARE(undo->shortcut(), QKeySequence(Qt::Key_Escape));
        // The same actions in the run list's context menu.
        std::unique_ptr<QMenu> menu = list->contextMenu(0);
        QVERIFY(menu->actions().contains(toSteadyState) && menu->actions().contains(trimAll));

        // Each run to its own steady state, in one click; the summary uses each run's window.
        const auto baselineSteady = runs->steadyState(0).window;
        const auto tunedSteady = runs->steadyState(1).window;
        QVERIFY(baselineSteady && tunedSteady);
        QSignalSpy rebuilt(window.liveSummary(), &LiveSummary::reportChanged);
        toSteadyState->trigger();
        QCOMPARE(runs->at(0).trim, baselineSteady);
        QCOMPARE(runs->at(1).trim, tunedSteady);
        QVERIFY(undo->isEnabled());
        QVERIFY(rebuilt.wait(120000));
        QCOMPARE(window.liveSummary()->report()->runs[0].window, baselineSteady);
        QCOMPARE(window.liveSummary()->report()->runs[1].window, tunedSteady);
        QVERIFY2(busyMean(window, 0) > 99, qPrintable(QString::number(busyMean(window, 0))));

        // Esc in the run list puts the whole runs back.
        list->setFocus();
        QTRY_VERIFY(list->hasFocus());
        rebuilt.clear();
        QTest::keyClick(list, Qt::Key_Escape);
        QVERIFY(!runs->at(0).trim && !runs->at(1).trim);
        QVERIFY(!undo->isEnabled());
        QVERIFY(rebuilt.wait(120000));
        QCOMPARE(busyMean(window, 0), wholeBaseline);

        // One window for every run, typed into the dialog; OK waits for a window that parses.
        trimAll->trigger();
        auto* dialog = list->findChild<QInputDialog*>(QLatin1String(RunListView::trimAllDialogName));
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QPushButton* ok = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        dialog->setTextValue(QStringLiteral("12:2"));
        QVERIFY(!ok->isEnabled());
        dialog->setTextValue(QStringLiteral("2:12"));
        QVERIFY(ok->isEnabled());
        rebuilt.clear();
        QTest::mouseClick(ok, Qt::LeftButton);
        const auto window212 = std::optional(std::make_pair(2.0, 12.0));
        QCOMPARE(runs->at(0).trim, window212);
        QCOMPARE(runs->at(1).trim, window212);
        QVERIFY(rebuilt.wait(120000));
        QCOMPARE(window.liveSummary()->report()->runs[0].window, window212);
        QCOMPARE(window.liveSummary()->report()->runs[1].window, window212);
        QVERIFY2(busyMean(window, 0) > 99, qPrintable(QString::number(busyMean(window, 0))));
        ChartGrid* grid = window.chartGrid();
        TimeSeriesChart* chart = grid->chart(0);
        QTRY_VERIFY(chart->isVisible() && chart->width() > 200);
        QTest::qWait(100);
        grid->refreshNow();
        QCOMPARE(chart->highlightedWindows().size(), std::size_t(2));
        QVERIFY(window.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/trim-all-runs.png")));

        // Clear Trims, and its undo from the menu.
        clearTrims->trigger();
        QVERIFY(!runs->at(0).trim && !runs->at(1).trim);
        undo->trigger();
        QCOMPARE(runs->at(0).trim, window212);
        QCOMPARE(runs->at(1).trim, window212);
    }
};

QTEST_MAIN(TestTrimView)
#include "tst_trimview.moc"
