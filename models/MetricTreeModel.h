// Every metric of the open runs as a tree: category, then metric. Built from the archives'
// descriptors, so metrics a newer recorder adds show up without code changes. The workload's own
// results (category "Workload") come first; a run-level result (scope "run", one value for the
// whole run) is marked as such, so nobody expects a curve from it.
#pragma once

#include <QAbstractItemModel>
#include <QStringList>

#include <memory>
#include <vector>

class RunSet;

class MetricTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Role {
        MetricIdRole = Qt::UserRole + 1,
        UnitRole,
        DescriptionRole,
        // How many of the open runs have the metric; fewer than all is shown to the user.
        RunCountRole,
        IsCategoryRole,
        // True for a metric that only some of the open runs have.
        IsPartialRole,
        // True for a run-level result (descriptor scope "run"): one value for the whole run.
        IsRunResultRole,
    };

    explicit MetricTreeModel(RunSet* runs, QObject* parent = nullptr);
    ~MetricTreeModel() override;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    QModelIndex indexOfMetric(const QString& metricId) const;
    QStringList metricIds() const;

private:
    struct Node;
    void rebuild();

    RunSet* m_runs;
    std::vector<std::unique_ptr<Node>> m_categories;
    int m_runCount = 0;
};
