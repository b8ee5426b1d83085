#include "TopFunctionsModel.h"

#include <algorithm>

TopFunctionsModel::TopFunctionsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TopFunctionsModel::setTree(StackTreePtr tree)
{
    beginResetModel();
    m_tree = std::move(tree);
    m_rows.clear();
    if (m_tree) {
        const auto& functions = m_tree->functions();
        std::vector<Row> byFunction(functions.size());
        // Depth-first with a count of open frames per function: a total is added only at the
        // outermost frame of a function on each path, so recursion does not count twice.
        std::vector<std::uint32_t> open(functions.size(), 0);
        struct Step {
            std::uint32_t node;
            bool leaving;
        };
        std::vector<Step> work{{StackTree::kRoot, false}};
        while (!work.empty()) {
            const Step step = work.back();
            work.pop_back();
            const StackTreeNode& node = m_tree->node(step.node);
            if (step.leaving) {
                --open[node.function];
                continue;
            }
            Row& row = byFunction[node.function];
            row.self += node.self;
            row.baselineSelf += m_tree->baselineSelf(step.node);
            if (open[node.function]++ == 0) {
                row.total += node.total;
                row.baselineTotal += m_tree->baselineTotal(step.node);
            }
            work.push_back({step.node, true});
            for (std::uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c)
                work.push_back({c, false});
        }
        for (std::uint32_t f = 1; f < byFunction.size(); ++f) {
            Row& row = byFunction[f];
            row.function = f;
            if (row.total > 0 || row.baselineTotal > 0)
                m_rows.push_back(row);
        }
    }
    endResetModel();
    sort(m_sortColumn, m_sortOrder);
}

int TopFunctionsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TopFunctionsModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return m_tree && m_tree->isDiff() ? TotalDelta + 1 : TotalShare + 1;
}

double TopFunctionsModel::value(const Row& row, int column) const
{
    const double samples = double(std::max<std::uint64_t>(1, m_tree->totalSamples()));
    switch (column) {
    case Self:
        return double(row.self);
    case SelfShare:
        return double(row.self) / samples;
    case Total:
        return double(row.total);
    case TotalShare:
        return double(row.total) / samples;
    case BaselineSelf:
        return double(row.baselineSelf);
    case BaselineTotal:
        return double(row.baselineTotal);
    case SelfDelta:
    case TotalDelta: {
        // The same normalisation as the tree's own deltas.
        const bool perSecond = m_tree->normalisation() == DiffNormalisation::PerSecond;
        const double selectedNorm = perSecond && m_tree->durationSeconds() > 0 ? m_tree->durationSeconds() : samples;
        const double baselineNorm = perSecond && m_tree->baselineDurationSeconds() > 0
                                        ? m_tree->baselineDurationSeconds()
                                        : double(std::max<std::uint64_t>(1, m_tree->baselineSamples()));
        return column == SelfDelta ? double(row.self) / selectedNorm - double(row.baselineSelf) / baselineNorm
                                   : double(row.total) / selectedNorm - double(row.baselineTotal) / baselineNorm;
    }
    default:
        return 0;
    }
}

QVariant TopFunctionsModel::data(const QModelIndex& index, int role) const
{
    if (!m_tree || !index.isValid() || index.row() >= int(m_rows.size()) || index.column() >= columnCount())
        return {};
    const Row& row = m_rows[std::size_t(index.row())];
    const StackTreeFunction& function = m_tree->functions()[row.function];
    const int column = index.column();
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (column) {
        case Function:
            return QString::fromStdString(function.symbol);
        case Module:
            return QString::fromStdString(function.module);
        case SelfShare:
        case TotalShare:
            return QStringLiteral("%1%").arg(value(row, column) * 100.0, 0, 'f', 2);
        case SelfDelta:
        case TotalDelta:
            return m_tree->normalisation() == DiffNormalisation::PerSecond
                       ? tr("%1/s").arg(value(row, column), 0, 'f', 2)
                       : tr("%1 pts").arg(value(row, column) * 100.0, 0, 'f', 2);
        default:
            return QString::number(qulonglong(value(row, column)));
        }
    }
    if (role == ValueRole) {
        if (column == Function)
            return QString::fromStdString(function.symbol);
        if (column == Module)
            return QString::fromStdString(function.module);
        return value(row, column);
    }
    if (role == Qt::TextAlignmentRole && column >= Self)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant TopFunctionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Function:
        return tr("Function");
    case Module:
        return tr("Module");
    case Self:
        return tr("Self");
    case SelfShare:
        return tr("Self %");
    case Total:
        return tr("Total");
    case TotalShare:
        return tr("Total %");
    case BaselineSelf:
        return tr("Baseline self");
    case BaselineTotal:
        return tr("Baseline total");
    case SelfDelta:
        return tr("Δ self");
    case TotalDelta:
        return tr("Δ total");
    default:
        return {};
    }
}

void TopFunctionsModel::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column;
    m_sortOrder = order;
    if (!m_tree || m_rows.empty())
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<std::uint32_t> oldFunctions;
    for (const QModelIndex& index : before)
        oldFunctions.push_back(m_rows[std::size_t(index.row())].function);
    const auto& functions = m_tree->functions();
    std::stable_sort(m_rows.begin(), m_rows.end(), [&](const Row& a, const Row& b) {
        if (column == Function || column == Module) {
            const std::string& x = column == Function ? functions[a.function].symbol : functions[a.function].module;
            const std::string& y = column == Function ? functions[b.function].symbol : functions[b.function].module;
            return order == Qt::AscendingOrder ? x < y : y < x;
        }
        const double x = value(a, column);
        const double y = value(b, column);
        return order == Qt::AscendingOrder ? x < y : y < x;
    });
    QModelIndexList after;
    for (std::size_t i = 0; i < oldFunctions.size(); ++i) {
        const auto it = std::find_if(m_rows.begin(), m_rows.end(), [&](const Row& r) { return r.function == oldFunctions[i]; });
        after.append(index(int(it - m_rows.begin()), before[int(i)].column()));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

int TopFunctionsModel::rowOf(const QString& symbol) const
{
    if (!m_tree)
        return -1;
    const std::string name = symbol.toStdString();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (m_tree->functions()[m_rows[i].function].symbol == name)
            return int(i);
    }
    return -1;
}
