#include "SummaryView.h"

#include "HeadlinePanel.h"
#include "HostFactsView.h"
#include "SummaryTable.h"

#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

SummaryView::SummaryView(QWidget* parent)
    : QWidget(parent)
    , m_headline(new HeadlinePanel(this))
    , m_table(new SummaryTable(this))
    , m_hostFacts(new HostFactsView(this))
    , m_tabs(new QTabWidget(this))
    , m_status(new QLabel(this))
{
    setObjectName(QStringLiteral("summaryView"));
    m_tabs->addTab(m_table, tr("Metrics"));
    m_tabs->addTab(m_hostFacts, tr("Hosts"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_headline);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    // The headline is a few lines; the table gets the rest.
    splitter->setSizes({110, 400});
    m_status->setObjectName(QStringLiteral("summaryStatus"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(splitter);
    connect(m_table, &SummaryTable::metricActivated, this, &SummaryView::metricActivated);
    connect(m_headline, &HeadlinePanel::metricActivated, this, &SummaryView::metricActivated);
    setBusy(false);
}

void SummaryView::setReport(SummaryReportPtr report)
{
    m_headline->setReport(report);
    m_table->setReport(report);
    if (report) {
        QStringList names;
        for (const SummaryRunInfo& run : report->runs)
            names.append(run.name);
        m_hostFacts->setFacts(report->comparability, names);
        const int warnings = int(report->comparability.warnings.size());
        m_tabs->setTabText(1, warnings ? tr("Hosts (%n warning(s))", nullptr, warnings) : tr("Hosts"));
    } else {
        m_hostFacts->setFacts({}, {});
    }
    setBusy(false);
}

void SummaryView::setBusy(bool busy)
{
    m_status->setText(busy ? tr("Computing the summary…") : QString());
    m_status->setVisible(busy);
}
