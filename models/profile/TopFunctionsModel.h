// The functions of a call tree by self and total samples (a "top functions" or "bottom-up" table):
// a function's total counts each sample once even when it recurses. For a differential tree the
// baseline's columns and the normalised changes are added. Sortable by any column.
#pragma once

#include "StackTree.h"

#include <QAbstractTableModel>

#include <vector>

class TopFunctionsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Function, Module, Self, SelfShare, Total, TotalShare, BaselineSelf, BaselineTotal, SelfDelta, TotalDelta };
    // The raw number behind a cell (counts, fractions, deltas), for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;

    explicit TopFunctionsModel(QObject* parent = nullptr);

    void setTree(StackTreePtr tree);
    const StackTreePtr& tree() const { return m_tree; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    // The row of a function name, or -1.
    int rowOf(const QString& symbol) const;

private:
    struct Row {
        std::uint32_t function = 0;
        std::uint64_t self = 0;
        std::uint64_t total = 0;
        std::uint64_t baselineSelf = 0;
        std::uint64_t baselineTotal = 0;
    };
    double value(const Row& row, int column) const;

    StackTreePtr m_tree;
    std::vector<Row> m_rows;
    int m_sortColumn = Self;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};
