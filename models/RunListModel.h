// The open runs as a table for the run list: colour and name, baseline, shown, offset, host,
// duration. Edits go to the RunSet, which every other view observes.
#pragma once

#include <QAbstractTableModel>

class RunSet;

class RunListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, BaselineColumn, VisibleColumn, OffsetColumn, HostColumn, DurationColumn, ColumnCount };
    enum Role { ColourRole = Qt::UserRole + 1, FilePathRole };

    explicit RunListModel(RunSet* runs, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

private:
    RunSet* m_runs;
};
