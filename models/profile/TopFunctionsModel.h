// The functions of a call tree by self and total samples (a "top functions" or "bottom-up" table):
// a function's total counts each sample once even when it recurses. For a differential tree the
// baseline's columns and the normalised changes are added. Sortable by any column.
//
// A differential tree shows its columns in another order, the comparison first: each side's value
// (share or samples per second), the change, and for variants of repeated runs the spread of each
// side's runs ("12.40% ± 0.80") and the verdict, so that the narrow table beside the flame graph
// answers "what changed, and is it real" before it is scrolled. The counts and the module follow.
// Columns are named by Column; sectionOf() and columnAt() translate to and from the view's sections.
#pragma once

#include "StackTree.h"

#include <QAbstractTableModel>

#include <vector>

class TopFunctionsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        Function,
        Module,
        Self,
        SelfShare,
        Total,
        TotalShare,
        BaselineSelf,
        BaselineTotal,
        SelfDelta,
        TotalDelta,
        // Differential trees: each side's total in the tree's normalisation (share or per second).
        SelectedValue,
        BaselineValue,
        // Variants of repeated runs: FrameVerdict of the function's change.
        Verdict,
    };
    // The raw number behind a cell (counts, fractions, deltas, a verdict as int), for sorting and tests.
    static constexpr int ValueRole = Qt::UserRole + 1;
    // SelectedValue, BaselineValue: the standard deviation of the side's runs (in the value's unit);
    // none when the variants are not tested (fewer than three runs a side, or single runs).
    static constexpr int SpreadRole = Qt::UserRole + 2;

    explicit TopFunctionsModel(QObject* parent = nullptr);

    void setTree(StackTreePtr tree);
    const StackTreePtr& tree() const { return m_tree; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int section, Qt::SortOrder order = Qt::AscendingOrder) override;

    // The row of a function name, or -1.
    int rowOf(const QString& symbol) const;
    // The section that shows a column for the current tree, or -1; the column of a section.
    int sectionOf(Column column) const;
    Column columnAt(int section) const;
    // The sections up to the change (and verdict) of a differential tree, up to the total share
    // otherwise: what the view keeps in sight without scrolling.
    int leadingSections() const;
    Column sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

private:
    struct Row {
        std::uint32_t function = 0;
        std::uint64_t self = 0;
        std::uint64_t total = 0;
        std::uint64_t baselineSelf = 0;
        std::uint64_t baselineTotal = 0;
    };
    double value(const Row& row, Column column) const;
    // Whether the tree compares variants (runs a side), so that it has a verdict to show.
    bool comparesVariants() const;

    StackTreePtr m_tree;
    std::vector<Row> m_rows;
    // A run's own tree: the name and its shares in sight, the counts and the module (often a long
    // path) a scroll away.
    std::vector<Column> m_columns{Function, SelfShare, TotalShare, Self, Total, Module};
    Column m_sortColumn = Self;
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};
