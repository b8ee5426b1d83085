#include "SummaryFilterModel.h"

#include "SummaryTableModel.h"

SummaryFilterModel::SummaryFilterModel(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SummaryTableModel::SortRole);
}

void SummaryFilterModel::setCategory(const QString& category)
{
    if (category == m_category)
        return;
    m_category = category;
    invalidateFilter();
}

void SummaryFilterModel::setOnlySignificant(bool only)
{
    if (only == m_onlySignificant)
        return;
    m_onlySignificant = only;
    invalidateFilter();
}

void SummaryFilterModel::setSearchText(const QString& text)
{
    if (text == m_search)
        return;
    m_search = text;
    invalidateFilter();
}

std::vector<int> SummaryFilterModel::visibleReportRows() const
{
    std::vector<int> rows;
    for (int r = 0; r < rowCount(); ++r)
        rows.push_back(index(r, 0).data(SummaryTableModel::ReportRowRole).toInt());
    return rows;
}

bool SummaryFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_category.isEmpty() && index.data(SummaryTableModel::CategoryRole).toString() != m_category)
        return false;
    if (m_onlySignificant && !index.data(SummaryTableModel::SignificantRole).toBool())
        return false;
    if (!m_search.isEmpty()) {
        const QString title = index.data(Qt::DisplayRole).toString();
        const QString id = index.data(SummaryTableModel::MetricIdRole).toString();
        const QString instance = index.data(SummaryTableModel::InstanceRowRole).toBool()
                                     ? index.data(SummaryTableModel::InstanceRole).toString()
                                     : QString();
        if (!title.contains(m_search, Qt::CaseInsensitive) && !id.contains(m_search, Qt::CaseInsensitive)
            && (instance.isEmpty() || !instance.contains(m_search, Qt::CaseInsensitive)))
            return false;
    }
    return true;
}
