// The summary table: one row per metric, the baseline's mean and every other run's mean and delta,
// the delta coloured by what it means (improvement green, regression red, within noise grey) with
// the numbers behind it in the tooltip. Sortable; filtered by category, "only real changes" and a
// search; copied as CSV or Markdown. A click on a row asks to show that metric's chart. A metric with
// instances (CPUs, disks, interfaces) can show a row per instance: double-click it or use "Show
// Per-Instance Rows" in the context menu; the table asks for them (instanceMetricsChanged) and
// shows them once the report that has them arrives.
#pragma once

#include "summary/SummaryReport.h"

#include <QColor>
#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QLineEdit;
class QModelIndex;
class QTableView;
class SummaryFilterModel;
class SummaryTableModel;

class SummaryTable : public QWidget
{
    Q_OBJECT

public:
    explicit SummaryTable(QWidget* parent = nullptr);

    void setReport(SummaryReportPtr report);

    QTableView* view() const { return m_view; }
    SummaryTableModel* tableModel() const { return m_model; }
    SummaryFilterModel* filterModel() const { return m_filter; }
    QLineEdit* searchField() const { return m_search; }
    QComboBox* categoryChooser() const { return m_category; }
    QCheckBox* onlySignificantBox() const { return m_onlySignificant; }
    QAction* copyCsvAction() const { return m_copyCsv; }
    QAction* copyMarkdownAction() const { return m_copyMarkdown; }
    // Checkable, for the current row's metric; disabled on a metric without instances.
    QAction* instanceRowsAction() const { return m_instanceRows; }

    // The metrics whose per-instance rows are asked for.
    const QStringList& instanceMetrics() const { return m_instanceMetrics; }
    void setInstanceRowsShown(const QString& metricId, bool shown);

    // The colour of a delta cell of the filtered model by its verdict; invalid for every other cell
    // (what the table paints, and what an exported table shows).
    static QColor deltaColour(const QModelIndex& index);

    // What Copy puts on the clipboard: the rows the filter shows, in the view's order.
    QByteArray visibleRowsAsCsv() const;
    QByteArray visibleRowsAsMarkdown() const;

    // The text colour of a verdict; an invalid colour leaves the palette's.
    static QColor verdictColour(Verdict verdict);
    // The colour the table paints a cell of its (filtered) view in.
    QColor cellColour(const QModelIndex& viewIndex) const;

signals:
    // A row was clicked: its metric, and its instance on a per-instance row (empty otherwise).
    void metricActivated(const QString& metricId, const QString& instance);
    void instanceMetricsChanged(const QStringList& metricIds);

private:
    void rebuildCategories();
    void updateInstanceRowsAction();
    QModelIndex currentSourceIndex() const;

    SummaryTableModel* m_model;
    SummaryFilterModel* m_filter;
    QTableView* m_view;
    QLineEdit* m_search;
    QComboBox* m_category;
    QCheckBox* m_onlySignificant;
    QAction* m_copyCsv;
    QAction* m_copyMarkdown;
    QAction* m_instanceRows;
    QStringList m_instanceMetrics;
    QString m_currentMetric; // kept across new reports, which reset the model
    bool m_revealCurrent = false; // scroll to it when the report with the asked-for instance rows arrives
};
