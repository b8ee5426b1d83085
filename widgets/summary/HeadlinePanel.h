// The summary in plain words: the comparability warnings on top (when the hosts differ, nothing
// else can be trusted), then per run what happened to the workload's own metrics ("Throughput
// +212 %, beyond noise") and the biggest improvements and regressions ("IPC +12 %, branch MPKI
// −20 %"), the noise across repeats, then the findings. Metric names are links that ask for the
// metric's chart.
#pragma once

#include "summary/SummaryReport.h"

#include <QTextBrowser>

class HeadlinePanel : public QTextBrowser
{
    Q_OBJECT

public:
    explicit HeadlinePanel(QWidget* parent = nullptr);

    void setReport(SummaryReportPtr report);
    // The text shown, without markup (tests, accessibility).
    QString plainText() const { return toPlainText(); }
    // The height that shows the whole text at the panel's present width, frame included.
    int contentHeight() const;

    static constexpr int kHeadlineItems = 4;

signals:
    void metricActivated(const QString& metricId);

private:
    QString html() const;

    SummaryReportPtr m_report;
};
