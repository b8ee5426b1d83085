// The open runs: a colour swatch and name per run, baseline, shown, offset, trim window, proposed
// steady state, host and duration. The table is the shared legend of every chart.
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
