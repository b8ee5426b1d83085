// The summary report as a table: one row per metric, followed by its per-instance rows when the
// report has them; the baseline's mean, then for every other run its mean and its delta to the baseline. Views colour delta cells by VerdictRole (models/ has
// no colours) and sort by SortRole (numbers, not the formatted text).
#pragma once

#include "SummaryReport.h"

#include <QAbstractTableModel>

class SummaryTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role {
        SortRole = Qt::UserRole + 1,
        VerdictRole,      // int(Verdict) on value and delta cells
        MetricIdRole,
        CategoryRole,
        SignificantRole,  // the row has a real change in some run
        ReportRowRole,    // index into SummaryReport::rows
        RunRole,          // the run a value or delta column belongs to, -1 elsewhere
        InstanceRole,     // the row's instance: "cpu3" on a per-instance row, "all" or "" on a metric's own row
        InstanceRowRole,  // true on a per-instance row
        InstanceCountRole,// on a metric's own row: how many instances it has (0: none to show)
    };
    enum class ColumnKind { Metric, Category, Value, Delta };

    explicit SummaryTableModel(QObject* parent = nullptr);

    void setReport(SummaryReportPtr report);
    const SummaryReportPtr& report() const { return m_report; }

    ColumnKind columnKind(int column) const;
    int columnRun(int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Column {
        ColumnKind kind;
        int run;
    };
    QString toolTip(const SummaryRow& row, int run) const;

    SummaryReportPtr m_report;
    std::vector<Column> m_columns;
};
