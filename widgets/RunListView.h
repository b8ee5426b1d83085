// The open runs: a colour swatch and name per run, baseline, shown, offset, trim window, proposed
// steady state, host and duration. The table is the shared legend of every chart.
#pragma once

#include <QTableView>

#include <memory>

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

signals:
    void removeRequested(int run);
    void currentRunChanged(int run);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
};
