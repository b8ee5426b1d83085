// The open runs: a colour swatch and name per run, baseline, shown, offset, host and duration.
// The table is the shared legend of every chart.
#pragma once

#include <QTableView>

class RunListModel;

class RunListView : public QTableView
{
    Q_OBJECT

public:
    explicit RunListView(QWidget* parent = nullptr);
    void setRunModel(RunListModel* model);

    // The selected row, or -1.
    int currentRun() const;

signals:
    void removeRequested(int run);
    void currentRunChanged(int run);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
};
