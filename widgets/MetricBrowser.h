// Every metric of the open runs, by category, with a search field. Activating a metric (double
// click, Enter) asks for a chart of it.
#pragma once

#include <QWidget>

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

signals:
    void metricActivated(const QString& metricId);

private:
    void applyFilter(const QString& text);

    QLineEdit* m_filter = nullptr;
    QTreeView* m_tree = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
};
