// Every metric of the open runs, by category, with a search field. Activating a metric (double
// click, Enter) asks for a chart of it; its context menu also copies its series as CSV. A search
// for hardware counters in runs that have none says why nothing is found.
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;
class MetricTreeModel;

class MetricBrowser : public QWidget
{
    Q_OBJECT

public:
    explicit MetricBrowser(QWidget* parent = nullptr);
    void setMetricModel(MetricTreeModel* model);

    QLineEdit* filterEdit() const { return m_filter; }
    QTreeView* treeView() const { return m_tree; }
    // Metric ids the filter lets through, in display order.
    QStringList visibleMetricIds() const;
    // The line under the list when a search finds nothing (hidden otherwise).
    QLabel* emptyNote() const { return m_emptyNote; }

signals:
    void metricActivated(const QString& metricId);
    // "Copy Series as CSV" in the context menu: the metric's series of the visible runs.
    void copySeriesRequested(const QString& metricId);

private:
    void applyFilter(const QString& text);
    void showContextMenu(const QPoint& position);
    void updateEmptyNote();

    QLineEdit* m_filter = nullptr;
    QTreeView* m_tree = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QLabel* m_emptyNote = nullptr;
};
