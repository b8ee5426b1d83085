// The open runs: a colour swatch and name per run, baseline, shown, offset, trim window, proposed
// steady state, host and duration. The table is the shared legend of every chart.
//
// It sits beside the charts in a pane of about 380 px at 1280×720: eight columns sized to their
// contents left the names a few letters wide. The name stretches and is never cut while the pane
// holds it; offset, steady state, host and duration are hidden until asked for from the header's
// context menu (the steady state is also in the run's context menu, the host in its tooltip).
#pragma once

#include <QTableView>

#include <memory>

class QAction;
class QMenu;
class RunListModel;

class RunListView : public QTableView
{
    Q_OBJECT

public:
    explicit RunListView(QWidget* parent = nullptr);
    void setRunModel(RunListModel* model);

    // The selected row, or -1.
    int currentRun() const;
    // The context menu of a run (what a right-click shows): baseline, rename, offset, trim to
    // the steady state found (with its window in the text), set or clear the trim, remove.
    std::unique_ptr<QMenu> contextMenu(int row);
    // The header's context menu: a checkable entry per column but the name, to show or hide it.
    std::unique_ptr<QMenu> columnsMenu();
    // The columns hidden until asked for.
    static QList<int> secondaryColumns();
    // The width the longest run name (with its swatch) and the header need: the name column never
    // gets less. Measured over every run, not only those scrolled into view.
    int nameWidthNeeded() const;
    // The height that shows the header and every run without scrolling.
    int heightForAllRuns() const;

    // Every run's trim at once, for the context menu and the main window's menu: a FROM:TO window
    // for all (a dialog, trimAllDialogName), each run's own proposed steady state, none, and the
    // way back from the last of these (Esc in the run list).
    QAction* trimAllAction() const { return m_trimAll; }
    QAction* trimAllToSteadyStateAction() const { return m_trimAllToSteadyState; }
    QAction* clearTrimsAction() const { return m_clearTrims; }
    QAction* undoTrimsAction() const { return m_undoTrims; }
    static constexpr const char* trimAllDialogName = "trimAllDialog";

signals:
    void removeRequested(int run);
    void currentRunChanged(int run);
    // What a trim of every run did ("Trimmed 3 runs to their steady state"), for a status bar.
    void trimsReported(const QString& message);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    // A resize of the viewport (the window, the splitter, a vertical scroll bar coming or going).
    bool viewportEvent(QEvent* event) override;

private:
    // The name takes the width the other columns leave, but never less than nameWidthNeeded()
    // (then the table scrolls sideways). A stretched section alone squeezes it to a few letters as
    // soon as the others need more than the pane has.
    void fitNameColumn();

    // Edits a cell, showing its column first if it was hidden (Set Offset… with Offset hidden).
    void editShowingColumn(int row, int column);

private:
    void openTrimAllDialog();
    // Enables the actions for the runs there are (and the undo for what there is to undo).
    void updateTrimActions();
    RunListModel* runModel() const;

    QAction* m_trimAll;
    QAction* m_trimAllToSteadyState;
    QAction* m_clearTrims;
    QAction* m_undoTrims;
};
