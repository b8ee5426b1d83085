// The summary page: the headline in plain words on top, then the metric table and the host facts
// in tabs. Shows a SummaryReport; asks for a metric's chart through metricActivated.
#pragma once

#include "summary/SummaryReport.h"

#include <QWidget>

class HeadlinePanel;
class HostFactsView;
class QLabel;
class QTabWidget;
class SummaryTable;

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

signals:
    void metricActivated(const QString& metricId);

private:
    HeadlinePanel* m_headline;
    SummaryTable* m_table;
    HostFactsView* m_hostFacts;
    QTabWidget* m_tabs;
    QLabel* m_status;
};
