#include "SummaryView.h"

#include "HeadlinePanel.h"
#include "HostFactsView.h"
#include "SummaryTable.h"
#include "summary/PricePerformance.h"

#include <QHeaderView>
#include <QLabel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace {

// Paints the cost and "against baseline" cells green when cheaper than the baseline, red when dearer,
// and a recorded throughput in italics.
class CostDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        // A throughput the run recorded is set apart from one typed in, which wins over it.
        if (ThroughputSource(index.data(PricePerformanceModel::ThroughputSourceRole).toInt()) == ThroughputSource::Recorded)
            option->font.setItalic(true);
        const QColor colour = PricePerformancePanel::costColour(index);
        if (!colour.isValid())
            return;
        option->palette.setColor(QPalette::Text, colour);
        option->palette.setColor(QPalette::HighlightedText, colour.lighter(160));
        option->font.setBold(index.column() == PricePerformanceModel::RelativeColumn);
    }
};

} // namespace

PricePerformancePanel::PricePerformancePanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new PricePerformanceModel(this))
    , m_note(new QLabel(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("pricePerformancePanel"));
    m_view->setObjectName(QStringLiteral("pricePerformanceTable"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new CostDelegate(m_view));
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                            | QAbstractItemView::AnyKeyPressed);
    m_view->verticalHeader()->hide();
    m_note->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note);
    layout->addWidget(m_view);
    connect(m_model, &QAbstractItemModel::modelReset, this, &PricePerformancePanel::updateNote);
    connect(m_model, &QAbstractItemModel::dataChanged, this, &PricePerformancePanel::updateNote);
    updateNote();
}

bool PricePerformancePanel::setPriceTable(const QByteArray& json, QString* error)
{
    return m_model->setPriceTable(json, error);
}

void PricePerformancePanel::setRuns(const QStringList& names, const QStringList& instanceTypes, int baseline,
                                    const std::vector<RecordedThroughput>& recorded)
{
    m_model->setRuns(names, instanceTypes, baseline, recorded);
    m_view->resizeColumnsToContents();
}

QColor PricePerformancePanel::costColour(const QModelIndex& index)
{
    const int better = index.data(PricePerformanceModel::BetterRole).toInt();
    if (better < 0)
        return SummaryTable::verdictColour(Verdict::Improvement);
    if (better > 0)
        return SummaryTable::verdictColour(Verdict::Regression);
    return {};
}

void PricePerformancePanel::updateNote()
{
    const PriceTable& table = m_model->priceTable();
    QString note = tr("Enter each run's throughput (for example 150000, or 1200 req/s) and its hourly price; cost per "
                      "100,000 units/s = price × 100,000 / throughput, lower is better.");
    QStringList recordedBy;
    for (const PricePerformanceRun& run : m_model->report().runs) {
        if (run.throughputSource == ThroughputSource::Recorded && !recordedBy.contains(run.throughputMetric))
            recordedBy.append(run.throughputMetric);
    }
    if (!recordedBy.isEmpty())
        note += QLatin1Char(' ')
                + tr("Throughputs in italics are what the runs recorded (%1, their value in the summary); a typed one "
                     "wins, and emptying it brings the recorded one back.")
                      .arg(recordedBy.join(QStringLiteral(", ")));
    if (!table.date().isEmpty())
        note += QLatin1Char(' ')
                + tr("Prices are prefilled from EC2 on-demand prices (%1) of %2 by instance type: check them.")
                      .arg(table.region(), table.date());
    m_note->setText(note);
}

QString PricePerformancePanel::noteText() const
{
    return m_note->text();
}

SummaryView::SummaryView(QWidget* parent)
    : QWidget(parent)
    , m_headline(new HeadlinePanel(this))
    , m_table(new SummaryTable(this))
    , m_hostFacts(new HostFactsView(this))
    , m_pricePerformance(new PricePerformancePanel(this))
    , m_tabs(new QTabWidget(this))
    , m_status(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    setObjectName(QStringLiteral("summaryView"));
    m_tabs->addTab(m_table, tr("Metrics"));
    m_tabs->addTab(m_hostFacts, tr("Hosts"));
    m_tabs->addTab(m_pricePerformance, tr("Price-performance"));
    m_splitter->addWidget(m_headline);
    m_splitter->addWidget(m_tabs);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    // Only a drag of the divider says so; setSizes does not emit splitterMoved.
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_headlineSizedByUser = true; });
    m_status->setObjectName(QStringLiteral("summaryStatus"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(m_splitter);
    connect(m_table, &SummaryTable::metricActivated, this, &SummaryView::metricActivated);
    connect(m_table, &SummaryTable::instanceMetricsChanged, this, &SummaryView::instanceMetricsChanged);
    connect(m_headline, &HeadlinePanel::metricActivated, this,
            [this](const QString& metricId) { emit metricActivated(metricId, QString()); });
    setBusy(false);
}

void SummaryView::setReport(SummaryReportPtr report)
{
    m_headline->setReport(report);
    fitHeadline();
    m_table->setReport(report);
    if (report) {
        QStringList names;
        for (const SummaryRunInfo& run : report->runs)
            names.append(run.name);
        m_hostFacts->setFacts(report->comparability, names);
        const int warnings = int(report->comparability.warnings.size());
        m_tabs->setTabText(1, warnings ? tr("Hosts (%n warning(s))", nullptr, warnings) : tr("Hosts"));
        m_pricePerformance->setRuns(names, PricePerformance::instanceTypes(report->comparability, int(names.size())),
                                    report->baseline, recordedThroughputs(*report));
    } else {
        m_hostFacts->setFacts({}, {});
        m_pricePerformance->setRuns({}, {}, 0);
    }
    setBusy(false);
}

void SummaryView::fitHeadline()
{
    const int total = m_splitter->height() - m_splitter->handleWidth();
    if (m_headlineSizedByUser || total <= 0)
        return;
    // The headline and its findings are what people read first, so they are shown whole; a very
    // long list (many warnings and findings) still leaves the table half of the page or twelve
    // lines, whichever is less.
    const int lines = m_headline->fontMetrics().lineSpacing();
    const int wanted = std::max(m_headline->contentHeight(), 3 * lines);
    const int headline = std::min(wanted, std::max(total / 2, total - 12 * lines));
    m_splitter->setSizes({headline, total - headline});
}

void SummaryView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitHeadline();
}

void SummaryView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    fitHeadline();
}

bool SummaryView::setPriceTable(const QByteArray& json, QString* error)
{
    return m_pricePerformance->setPriceTable(json, error);
}

void SummaryView::setBusy(bool busy)
{
    m_status->setText(busy ? tr("Computing the summary…") : QString());
    m_status->setVisible(busy);
}
