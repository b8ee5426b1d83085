// The summary page: the headline in plain words on top, then the metric table and the host facts
// in tabs. Shows a SummaryReport; asks for a metric's chart through metricActivated.
#pragma once

#include "summary/SummaryReport.h"

#include <QByteArray>
#include <QColor>
#include <QWidget>

#include <vector>

class HeadlinePanel;
class HostFactsView;
class PricePerformanceModel;
class QLabel;
class QSplitter;
class QTabWidget;
class QTableView;
class SummaryTable;

// Price-performance: per run an editable throughput (prefilled, in italics, with the throughput the
// run recorded of its workload), unit and hourly price (prefilled from the price table by instance
// type; the tooltips name the sources), the cost per 100,000 units/s and the change against the
// baseline, cheaper in green and dearer in red. Knows nothing of files: the price table's text is
// handed in.
class PricePerformancePanel : public QWidget
{
    Q_OBJECT

public:
    explicit PricePerformancePanel(QWidget* parent = nullptr);

    bool setPriceTable(const QByteArray& json, QString* error);
    void setRuns(const QStringList& names, const QStringList& instanceTypes, int baseline,
                 const std::vector<RecordedThroughput>& recorded = {});
    PricePerformanceModel* model() const { return m_model; }
    // The note above the table (what to enter, where prefilled values come from).
    QString noteText() const;
    QTableView* view() const { return m_view; }
    // The colour of a cell as painted: green cheaper than the baseline, red dearer, invalid otherwise.
    static QColor costColour(const QModelIndex& index);

private:
    void updateNote();

    PricePerformanceModel* m_model;
    QLabel* m_note;
    QTableView* m_view;
};

class SummaryView : public QWidget
{
    Q_OBJECT

public:
    explicit SummaryView(QWidget* parent = nullptr);

    void setReport(SummaryReportPtr report);
    // "Computing…" while a new report is built in the background.
    void setBusy(bool busy);

    HeadlinePanel* headline() const { return m_headline; }
    SummaryTable* table() const { return m_table; }
    HostFactsView* hostFacts() const { return m_hostFacts; }
    QTabWidget* tabs() const { return m_tabs; }
    PricePerformancePanel* pricePerformance() const { return m_pricePerformance; }
    // The EC2 price table's text (resources/ec2-prices.json) that prefills the prices.
    bool setPriceTable(const QByteArray& json, QString* error);

signals:
    // Show this metric's chart: of one instance when a per-instance row was clicked (else empty).
    void metricActivated(const QString& metricId, const QString& instance);
    // The metrics whose per-instance rows the table asks for (the summary must be rebuilt with them).
    void instanceMetricsChanged(const QStringList& metricIds);

private:
    // The headline is as tall as its text, up to a share of the page, until the user drags the divider.
    void fitHeadline();
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

    HeadlinePanel* m_headline;
    SummaryTable* m_table;
    HostFactsView* m_hostFacts;
    PricePerformancePanel* m_pricePerformance;
    QTabWidget* m_tabs;
    QLabel* m_status;
    QSplitter* m_splitter;
    bool m_headlineSizedByUser = false;
};
