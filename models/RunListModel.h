// The open runs as a table for the run list: colour and name, baseline, shown, offset, trim
// window, proposed steady state, host, duration. Edits go to the RunSet, which every other view
// observes.
#pragma once

#include "summary/SteadyState.h"

#include <QAbstractTableModel>

class RunSet;

class RunListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        BaselineColumn,
        VisibleColumn,
        OffsetColumn,
        TrimColumn,        // the run's trim window; edited as "FROM:TO" in seconds, empty for all of it
        SteadyStateColumn, // the steady state SteadyState proposes, its reason as the tooltip
        HostColumn,
        DurationColumn,
        ColumnCount
    };
    enum Role { ColourRole = Qt::UserRole + 1, FilePathRole };

    explicit RunListModel(RunSet* runs, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // The steady state proposed for the run in `row` (RunSet::steadyState), never applied by itself.
    const SteadyStateProposal& steadyState(int row) const;
    // Makes the proposal the run's trim window (the user's click); false when there is none.
    bool acceptSteadyState(int row);
    // RunSet::alignBySteadyState, for the run list's context menu.
    int alignBySteadyState();

    // "12.4–590.0 s": how the run list writes a window.
    static QString windowText(const std::pair<double, double>& window);

private:
    RunSet* m_runs;
};
