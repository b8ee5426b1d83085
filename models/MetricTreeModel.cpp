#include "MetricTreeModel.h"

#include "RunSet.h"
#include "WorkloadMetric.h"

#include <map>

struct MetricTreeModel::Node {
    QString label;           // category name, or metric title
    QString metricId;        // empty for a category
    QString unit;
    QString description;
    bool runResult = false;  // scope "run": one value for the whole run
    int runCount = 0;
    Node* parent = nullptr;
    std::vector<std::unique_ptr<Node>> children;
    int row = 0;
};

MetricTreeModel::MetricTreeModel(RunSet* runs, QObject* parent)
    : QAbstractItemModel(parent)
    , m_runs(runs)
{
    connect(runs, &RunSet::runAdded, this, &MetricTreeModel::rebuild);
    connect(runs, &RunSet::runRemoved, this, &MetricTreeModel::rebuild);
    connect(runs, &RunSet::runsReset, this, &MetricTreeModel::rebuild);
    connect(runs, &RunSet::orderChanged, this, &MetricTreeModel::rebuild);
    rebuild();
}

MetricTreeModel::~MetricTreeModel() = default;

void MetricTreeModel::rebuild()
{
    beginResetModel();
    m_categories.clear();
    m_runCount = m_runs->count();
    // Categories sorted by name after the workload's, which is what every comparison ends in;
    // metrics in the order the recorder listed them (which groups related metrics: user, nice,
    // system ...).
    std::map<QString, std::unique_ptr<Node>, decltype(&WorkloadMetric::categoryBefore)> categories(
        &WorkloadMetric::categoryBefore);
    QHash<QString, Node*> byId;
    for (int r = 0; r < m_runs->count(); ++r) {
        for (const auto& descriptor : m_runs->at(r).run->metrics()) {
            const QString id = QString::fromStdString(descriptor.id);
            if (Node* known = byId.value(id)) {
                ++known->runCount;
                continue;
            }
            QString category = QString::fromStdString(descriptor.category);
            if (category.isEmpty())
                category = id.section(QLatin1Char('.'), 0, 0);
            auto& categoryNode = categories[category];
            if (!categoryNode) {
                categoryNode = std::make_unique<Node>();
                categoryNode->label = category;
            }
            auto node = std::make_unique<Node>();
            node->label = descriptor.title.empty() ? id : QString::fromStdString(descriptor.title);
            node->metricId = id;
            node->unit = QString::fromStdString(descriptor.unit);
            node->description = QString::fromStdString(descriptor.description);
            node->runResult = descriptor.scope == runlens::format::MetricScope::Run;
            node->runCount = 1;
            node->parent = categoryNode.get();
            node->row = int(categoryNode->children.size());
            byId.insert(id, node.get());
            categoryNode->children.push_back(std::move(node));
        }
    }
    for (auto& [name, node] : categories) {
        node->row = int(m_categories.size());
        m_categories.push_back(std::move(node));
    }
    endResetModel();
}

QModelIndex MetricTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount(parent))
        return {};
    if (!parent.isValid())
        return row < int(m_categories.size()) ? createIndex(row, column, m_categories[std::size_t(row)].get()) : QModelIndex();
    const auto* node = static_cast<Node*>(parent.internalPointer());
    if (parent.column() != 0 || row >= int(node->children.size()))
        return {};
    return createIndex(row, column, node->children[std::size_t(row)].get());
}

QModelIndex MetricTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const auto* node = static_cast<Node*>(child.internalPointer());
    if (!node->parent)
        return {};
    return createIndex(node->parent->row, 0, node->parent);
}

int MetricTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_categories.size());
    if (parent.column() != 0)
        return 0;
    return int(static_cast<Node*>(parent.internalPointer())->children.size());
}

int MetricTreeModel::columnCount(const QModelIndex&) const
{
    return 2;
}

QVariant MetricTreeModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid())
        return {};
    const auto* node = static_cast<Node*>(index.internalPointer());
    const bool isCategory = node->metricId.isEmpty();
    const bool partial = !isCategory && node->runCount < m_runCount;
    switch (role) {
    case Qt::DisplayRole: {
        if (index.column() == 1)
            return isCategory ? QVariant() : QVariant(node->metricId);
        const QString label = node->runResult ? tr("%1 (result)").arg(node->label) : node->label;
        return partial ? tr("%1 (%2 of %3 runs)").arg(label).arg(node->runCount).arg(m_runCount) : label;
    }
    case Qt::ToolTipRole: {
        if (isCategory)
            return {};
        QString tip = tr("%1\n%2 [%3]").arg(node->description, node->metricId, node->unit);
        if (node->runResult)
            tip += QLatin1Char('\n') + tr("A result of the whole run: its last value counts, whatever the time window.");
        if (partial)
            tip += QLatin1Char('\n') + tr("Only %1 of the %2 open runs recorded this metric.").arg(node->runCount).arg(m_runCount);
        return tip;
    }
    case MetricIdRole:
        return node->metricId;
    case UnitRole:
        return node->unit;
    case DescriptionRole:
        return node->description;
    case RunCountRole:
        return node->runCount;
    case IsCategoryRole:
        return isCategory;
    case IsPartialRole:
        return partial;
    case IsRunResultRole:
        return node->runResult;
    default:
        return {};
    }
}

QVariant MetricTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == 0 ? tr("Metric") : tr("Id");
}

Qt::ItemFlags MetricTreeModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    const auto* node = static_cast<Node*>(index.internalPointer());
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (!node->metricId.isEmpty())
        flags |= Qt::ItemNeverHasChildren | Qt::ItemIsDragEnabled;
    return flags;
}

QModelIndex MetricTreeModel::indexOfMetric(const QString& metricId) const
{
    for (const auto& category : m_categories) {
        for (const auto& metric : category->children) {
            if (metric->metricId == metricId)
                return createIndex(metric->row, 0, metric.get());
        }
    }
    return {};
}

QStringList MetricTreeModel::metricIds() const
{
    QStringList ids;
    for (const auto& category : m_categories)
        for (const auto& metric : category->children)
            ids.append(metric->metricId);
    return ids;
}
