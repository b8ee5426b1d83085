#include "SummaryTable.h"

#include "WorkloadMetric.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTableModel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMimeData>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>
#include <utility>

QColor SummaryTable::deltaColour(const QModelIndex& index)
{
    const QVariant verdict = index.data(SummaryTableModel::VerdictRole);
    const auto* filter = qobject_cast<const SummaryFilterModel*>(index.model());
    const auto* model = filter ? qobject_cast<const SummaryTableModel*>(filter->sourceModel()) : nullptr;
    if (!verdict.isValid() || !model
        || model->columnKind(filter->mapToSource(index).column()) != SummaryTableModel::ColumnKind::Delta)
        return {};
    return SummaryTable::verdictColour(Verdict(verdict.toInt()));
}

namespace {

// Paints delta cells in their verdict's colour; improvements and regressions also in bold.
class VerdictDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const QColor colour = SummaryTable::deltaColour(index);
        if (!colour.isValid())
            return;
        option->palette.setColor(QPalette::Text, colour);
        option->palette.setColor(QPalette::HighlightedText, colour.lighter(160));
        const Verdict verdict = Verdict(index.data(SummaryTableModel::VerdictRole).toInt());
        option->font.setBold(verdict == Verdict::Improvement || verdict == Verdict::Regression);
    }
};

} // namespace

SummaryTable::SummaryTable(QWidget* parent)
    : QWidget(parent)
    , m_model(new SummaryTableModel(this))
    , m_filter(new SummaryFilterModel(this))
    , m_view(new QTableView(this))
    , m_search(new QLineEdit(this))
    , m_category(new QComboBox(this))
    , m_onlySignificant(new QCheckBox(tr("Only real changes"), this))
    , m_copyCsv(new QAction(tr("Copy as &CSV"), this))
    , m_copyMarkdown(new QAction(tr("Copy as &Markdown"), this))
    , m_instanceRows(new QAction(tr("Show &Per-Instance Rows"), this))
{
    setObjectName(QStringLiteral("summaryTable"));
    m_filter->setSourceModel(m_model);
    m_view->setModel(m_filter);
    m_view->setObjectName(QStringLiteral("summaryTableView"));
    m_view->setItemDelegate(new VerdictDelegate(m_view));
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the recorder's order until the user sorts
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_instanceRows->setObjectName(QStringLiteral("summaryInstanceRows"));
    m_instanceRows->setCheckable(true);
    m_instanceRows->setEnabled(false);
    m_instanceRows->setStatusTip(tr("Add a row for each CPU, disk or interface of this metric, with its own statistics"));
    m_view->addAction(m_instanceRows);
    auto* separator = new QAction(this);
    separator->setSeparator(true);
    m_view->addAction(separator);
    m_view->addAction(m_copyCsv);
    m_view->addAction(m_copyMarkdown);

    m_search->setPlaceholderText(tr("Search metrics"));
    m_search->setClearButtonEnabled(true);
    m_search->setObjectName(QStringLiteral("summarySearch"));
    m_category->setObjectName(QStringLiteral("summaryCategory"));
    m_category->setToolTip(tr("Show one category of metrics"));
    m_onlySignificant->setToolTip(tr("Hide metrics whose changes the samples' own noise explains"));
    m_copyCsv->setStatusTip(tr("Copy the rows shown, with every statistic, as CSV"));
    m_copyMarkdown->setStatusTip(tr("Copy the headline, findings and rows shown as a Markdown table"));

    auto* copyCsvButton = new QToolButton(this);
    copyCsvButton->setDefaultAction(m_copyCsv);
    auto* copyMarkdownButton = new QToolButton(this);
    copyMarkdownButton->setDefaultAction(m_copyMarkdown);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_search, 2);
    bar->addWidget(m_category, 1);
    bar->addWidget(m_onlySignificant);
    bar->addStretch();
    bar->addWidget(copyCsvButton);
    bar->addWidget(copyMarkdownButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view);

    connect(m_search, &QLineEdit::textChanged, m_filter, &SummaryFilterModel::setSearchText);
    connect(m_onlySignificant, &QCheckBox::toggled, m_filter, &SummaryFilterModel::setOnlySignificant);
    connect(m_category, &QComboBox::currentIndexChanged, this,
            [this](int index) { m_filter->setCategory(m_category->itemData(index).toString()); });
    connect(m_view, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.isValid())
            emit metricActivated(index.data(SummaryTableModel::MetricIdRole).toString(),
                                 index.data(SummaryTableModel::InstanceRowRole).toBool()
                                     ? index.data(SummaryTableModel::InstanceRole).toString()
                                     : QString());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (current.isValid())
            m_currentMetric = current.data(SummaryTableModel::MetricIdRole).toString();
        updateInstanceRowsAction();
    });
    connect(m_instanceRows, &QAction::triggered, this, [this](bool checked) {
        const QModelIndex index = currentSourceIndex();
        if (index.isValid())
            setInstanceRowsShown(index.data(SummaryTableModel::MetricIdRole).toString(), checked);
    });
    // Double-click on a metric with instances shows or hides its instance rows (on an instance row: hides them).
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        if (!index.isValid())
            return;
        const QString metricId = index.data(SummaryTableModel::MetricIdRole).toString();
        if (index.data(SummaryTableModel::InstanceRowRole).toBool())
            setInstanceRowsShown(metricId, false);
        else if (index.data(SummaryTableModel::InstanceCountRole).toInt() > 0)
            setInstanceRowsShown(metricId, !m_instanceMetrics.contains(metricId));
    });
    connect(m_copyCsv, &QAction::triggered, this, [this] {
        auto* mime = new QMimeData;
        mime->setData(QStringLiteral("text/csv"), visibleRowsAsCsv());
        mime->setText(QString::fromUtf8(visibleRowsAsCsv()));
        QApplication::clipboard()->setMimeData(mime);
    });
    connect(m_copyMarkdown, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(QString::fromUtf8(visibleRowsAsMarkdown())); });
    rebuildCategories();
}

void SummaryTable::setReport(SummaryReportPtr report)
{
    const QString current = m_currentMetric;
    m_model->setReport(std::move(report));
    rebuildCategories();
    m_view->resizeColumnsToContents();
    // The new report resets the model: keep the row the user was on current, and after asking for
    // instance rows bring it (and the rows under it) into view.
    for (int r = 0; r < m_filter->rowCount() && !current.isEmpty(); ++r) {
        const QModelIndex index = m_filter->index(r, 0);
        if (index.data(SummaryTableModel::MetricIdRole).toString() == current
            && !index.data(SummaryTableModel::InstanceRowRole).toBool()) {
            m_view->setCurrentIndex(index);
            if (std::exchange(m_revealCurrent, false))
                m_view->scrollTo(index, QAbstractItemView::PositionAtTop);
            break;
        }
    }
    updateInstanceRowsAction();
}

void SummaryTable::setInstanceRowsShown(const QString& metricId, bool shown)
{
    if (metricId.isEmpty() || m_instanceMetrics.contains(metricId) == shown)
        return;
    if (shown)
        m_instanceMetrics.append(metricId);
    else
        m_instanceMetrics.removeAll(metricId);
    m_currentMetric = metricId;
    m_revealCurrent = true;
    updateInstanceRowsAction();
    emit instanceMetricsChanged(m_instanceMetrics);
}

QModelIndex SummaryTable::currentSourceIndex() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? m_filter->mapToSource(current) : QModelIndex();
}

void SummaryTable::updateInstanceRowsAction()
{
    const QModelIndex index = currentSourceIndex();
    const QString metricId = index.isValid() ? index.data(SummaryTableModel::MetricIdRole).toString() : QString();
    const bool instanceRow = index.isValid() && index.data(SummaryTableModel::InstanceRowRole).toBool();
    const int instances = index.isValid() ? index.data(SummaryTableModel::InstanceCountRole).toInt() : 0;
    const QSignalBlocker blocker(m_instanceRows);
    m_instanceRows->setEnabled(instanceRow || instances > 0);
    m_instanceRows->setChecked(!metricId.isEmpty() && m_instanceMetrics.contains(metricId));
    m_instanceRows->setText(instances > 0 ? tr("Show &Per-Instance Rows (%n)", nullptr, instances)
                                          : tr("Show &Per-Instance Rows"));
}

void SummaryTable::rebuildCategories()
{
    const QString current = m_category->currentData().toString();
    std::set<QString, decltype(&WorkloadMetric::categoryBefore)> categories(&WorkloadMetric::categoryBefore);
    if (m_model->report()) {
        for (const SummaryRow& row : m_model->report()->rows)
            categories.insert(row.category);
    }
    const QSignalBlocker blocker(m_category);
    m_category->clear();
    m_category->addItem(tr("All categories"), QString());
    for (const QString& category : categories)
        m_category->addItem(category, category);
    const int index = m_category->findData(current);
    m_category->setCurrentIndex(index < 0 ? 0 : index);
    m_filter->setCategory(m_category->currentData().toString());
}

QByteArray SummaryTable::visibleRowsAsCsv() const
{
    return m_model->report() ? SummaryExport::toCsv(*m_model->report(), m_filter->visibleReportRows()) : QByteArray();
}

QByteArray SummaryTable::visibleRowsAsMarkdown() const
{
    return m_model->report() ? SummaryExport::toMarkdown(*m_model->report(), m_filter->visibleReportRows()) : QByteArray();
}

QColor SummaryTable::verdictColour(Verdict verdict)
{
    // Green and red that stay apart for the common colour-vision deficiencies (Okabe & Ito's
    // bluish green and vermillion), grey for noise: visible, but not asking for attention.
    switch (verdict) {
    case Verdict::Improvement: return QColor(0x00, 0x9e, 0x73);
    case Verdict::Regression: return QColor(0xd5, 0x5e, 0x00);
    case Verdict::WithinNoise:
    case Verdict::TooFewSamples:
    case Verdict::Unchanged: return QColor(0x8a, 0x8a, 0x8a);
    case Verdict::Changed:
    case Verdict::NoData:
    case Verdict::Baseline: break;
    }
    return {};
}

QColor SummaryTable::cellColour(const QModelIndex& viewIndex) const
{
    const QColor colour = deltaColour(viewIndex);
    return colour.isValid() ? colour : m_view->palette().color(QPalette::Text);
}
