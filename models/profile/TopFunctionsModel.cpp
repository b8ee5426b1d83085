#include "TopFunctionsModel.h"

#include "FunctionTotals.h"

#include <algorithm>
#include <cmath>
#include <optional>

TopFunctionsModel::TopFunctionsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TopFunctionsModel::setTree(StackTreePtr tree)
{
    beginResetModel();
    m_tree = std::move(tree);
    m_rows.clear();
    m_columns = {Function, SelfShare, TotalShare, Self, Total, Module};
    if (m_tree && m_tree->isDiff()) {
        m_columns = {Function, SelectedValue, BaselineValue, TotalDelta};
        if (comparesVariants())
            m_columns.push_back(Verdict);
        m_columns.insert(m_columns.end(), {SelfDelta, Self, Total, BaselineSelf, BaselineTotal, Module});
    }
    if (m_tree) {
        const std::vector<FunctionTotal> totals = functionTotalsOf(*m_tree);
        for (std::uint32_t f = 1; f < totals.size(); ++f) {
            const FunctionTotal& total = totals[f];
            if (total.total > 0 || total.baselineTotal > 0)
                m_rows.push_back({f, total.self, total.total, total.baselineSelf, total.baselineTotal});
        }
    }
    endResetModel();
    // The same column keeps the order, or Self when this tree has no such column.
    sort(sectionOf(m_sortColumn) >= 0 ? sectionOf(m_sortColumn) : sectionOf(Self), m_sortOrder);
}

bool TopFunctionsModel::comparesVariants() const
{
    return m_tree && m_tree->isDiff() && (m_tree->baselineRepeats() > 1 || m_tree->selectedRepeats() > 1);
}

int TopFunctionsModel::sectionOf(Column column) const
{
    const auto it = std::find(m_columns.begin(), m_columns.end(), column);
    return it == m_columns.end() ? -1 : int(it - m_columns.begin());
}

TopFunctionsModel::Column TopFunctionsModel::columnAt(int section) const
{
    return section >= 0 && section < int(m_columns.size()) ? m_columns[std::size_t(section)] : Function;
}

int TopFunctionsModel::leadingSections() const
{
    const int verdict = sectionOf(Verdict);
    if (verdict >= 0)
        return verdict + 1;
    const int delta = sectionOf(TotalDelta);
    return delta >= 0 ? delta + 1 : sectionOf(TotalShare) + 1;
}

int TopFunctionsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TopFunctionsModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return int(m_columns.size());
}

double TopFunctionsModel::value(const Row& row, Column column) const
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
    case TotalDelta:
    case SelectedValue:
    case BaselineValue: {
        // The same normalisation as the tree's own deltas.
        const bool perSecond = m_tree->normalisation() == DiffNormalisation::PerSecond;
        const double selectedNorm = perSecond && m_tree->durationSeconds() > 0 ? m_tree->durationSeconds() : samples;
        const double baselineNorm = perSecond && m_tree->baselineDurationSeconds() > 0
                                        ? m_tree->baselineDurationSeconds()
                                        : double(std::max<std::uint64_t>(1, m_tree->baselineSamples()));
        if (column == SelectedValue)
            return double(row.total) / selectedNorm;
        if (column == BaselineValue)
            return double(row.baselineTotal) / baselineNorm;
        return column == SelfDelta ? double(row.self) / selectedNorm - double(row.baselineSelf) / baselineNorm
                                   : double(row.total) / selectedNorm - double(row.baselineTotal) / baselineNorm;
    }
    case Verdict:
        return double(int(m_tree->functionVerdict(row.function)));
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
    const Column column = columnAt(index.column());
    const bool perSecond = m_tree->normalisation() == DiffNormalisation::PerSecond;
    // A side's runs spread only when the variants were tested (three runs or more a side).
    const auto spread = [&]() -> std::optional<double> {
        if (!m_tree->hasVerdicts() || (column != SelectedValue && column != BaselineValue))
            return std::nullopt;
        return column == SelectedValue ? m_tree->functionSelectedSpread(row.function)
                                       : m_tree->functionBaselineSpread(row.function);
    };
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (column) {
        case Function:
            return QString::fromStdString(function.symbol);
        case Module:
            return QString::fromStdString(function.module);
        case SelfShare:
        case TotalShare:
            // One decimal, as the comparison columns: a narrow dock keeps the name in sight.
            return QStringLiteral("%1%").arg(value(row, column) * 100.0, 0, 'f', 1);
        case SelfDelta:
        case TotalDelta:
            return perSecond ? tr("%1/s").arg(value(row, column), 0, 'f', 2)
                             : tr("%1 pts").arg(value(row, column) * 100.0, 0, 'f', 2);
        case SelectedValue:
        case BaselineValue: {
            // One decimal, as "12.4% ± 0.8" reads (two for what would show as 0.0 but is not,
            // round-off aside): these columns share the narrow table with the change and the verdict.
            const auto number = [](double shown) {
                return QString::number(shown, 'f', std::abs(shown) >= 0.005 && std::abs(shown) < 0.05 ? 2 : 1);
            };
            const double scale = perSecond ? 1.0 : 100.0;
            QString text = perSecond ? tr("%1/s").arg(number(value(row, column)))
                                     : QStringLiteral("%1%").arg(number(value(row, column) * scale));
            if (const auto deviation = spread()) {
                text.append(QStringLiteral(" ± "));
                text.append(number(*deviation * scale));
            }
            if (role == Qt::ToolTipRole && spread()) {
                return tr("%1 (the runs pooled; ± the standard deviation across the %n runs)", nullptr,
                          column == SelectedValue ? m_tree->selectedRepeats() : m_tree->baselineRepeats())
                    .arg(text);
            }
            return text;
        }
        case Verdict:
            switch (m_tree->functionVerdict(row.function)) {
            case FrameVerdict::Real:
                return role == Qt::ToolTipRole
                           ? tr("The change is beyond the noise of %1 + %2 runs (Welch's t-test, 99 %)")
                                 .arg(m_tree->baselineRepeats())
                                 .arg(m_tree->selectedRepeats())
                           : tr("real");
            case FrameVerdict::WithinNoise:
                return role == Qt::ToolTipRole ? tr("The runs of each variant spread as much as the change: %1 + %2 runs")
                                                     .arg(m_tree->baselineRepeats())
                                                     .arg(m_tree->selectedRepeats())
                                               : tr("within noise");
            case FrameVerdict::Untested:
                break;
            }
            return role == Qt::ToolTipRole ? tr("Fewer than three runs on a side: the plain difference, untested")
                                           : tr("untested");
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
    if (role == SpreadRole) {
        const auto deviation = spread();
        return deviation ? QVariant(*deviation) : QVariant();
    }
    if (role == Qt::TextAlignmentRole && column != Function && column != Module && column != Verdict)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant TopFunctionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool perSecond = m_tree && m_tree->normalisation() == DiffNormalisation::PerSecond;
    const Column column = columnAt(section);
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case SelectedValue:
            return tr("The function's total in this run (or variant), wherever it is called; ± the spread of the variant's runs");
        case BaselineValue:
            return tr("The function's total in the baseline, wherever it is called; ± the spread of the baseline's runs");
        case Verdict:
            return tr("Whether the change is beyond the run-to-run noise: real, within noise, or untested (fewer than three "
                      "runs on a side)");
        default:
            return {};
        }
    }
    switch (column) {
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
    case SelectedValue:
        return perSecond ? tr("Total/s") : tr("Total %");
    case BaselineValue:
        return perSecond ? tr("Baseline/s") : tr("Baseline %");
    case Verdict:
        return tr("Verdict");
    default:
        return {};
    }
}

void TopFunctionsModel::sort(int section, Qt::SortOrder order)
{
    const Column column = columnAt(section);
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
