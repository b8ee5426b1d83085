// What the summary table shows: one category or all, only rows with a real change, and rows whose
// metric title, id or instance contains the search text. Sorting uses SummaryTableModel::SortRole.
#pragma once

#include <QSortFilterProxyModel>

class SummaryFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit SummaryFilterModel(QObject* parent = nullptr);

    void setCategory(const QString& category); // empty: every category
    QString category() const { return m_category; }
    void setOnlySignificant(bool only);
    bool onlySignificant() const { return m_onlySignificant; }
    void setSearchText(const QString& text);
    QString searchText() const { return m_search; }

    // The report rows the filter lets through, in the view's order (what Copy exports).
    std::vector<int> visibleReportRows() const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_category;
    QString m_search;
    bool m_onlySignificant = false;
};
