#include "MetricBrowser.h"

#include "MetricTreeModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>

namespace {

// Metrics only some of the runs have are shown in italics (the text says how many).
class PartialMetricDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(MetricTreeModel::IsCategoryRole).toBool()) {
            option->font.setBold(true);
            return;
        }
        if (index.data(MetricTreeModel::IsPartialRole).toBool())
            option->font.setItalic(true);
    }
};

// Words of a search for the CPU's own counters: what a user types looking for PMU metrics.
bool looksLikeCounterSearch(const QString& text)
{
    static const QRegularExpression words(
        QStringLiteral("\\b(pmu|ipc|cpi|mpki|cycles?|instructions?|branch|cache|l1|l2|l3|llc|tlb|stall|frontend|backend|"
                       "front-end|back-end|topdown)"),
        QRegularExpression::CaseInsensitiveOption);
    return words.match(text).hasMatch();
}

} // namespace

MetricBrowser::MetricBrowser(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("metricBrowser"));
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Search metrics (name, id or description)…"));
    m_filter->setClearButtonEnabled(true);
    m_tree = new QTreeView(this);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setItemDelegate(new PartialMetricDelegate(m_tree));
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // title and id
    m_tree->setModel(m_proxy);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_emptyNote = new QLabel(this);
    m_emptyNote->setObjectName(QStringLiteral("metricBrowserEmptyNote"));
    m_emptyNote->setWordWrap(true);
    m_emptyNote->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_tree);
    layout->addWidget(m_emptyNote);
    connect(m_tree, &QWidget::customContextMenuRequested, this, &MetricBrowser::showContextMenu);

    connect(m_filter, &QLineEdit::textChanged, this, &MetricBrowser::applyFilter);
    connect(m_tree, &QTreeView::activated, this, [this](const QModelIndex& index) {
        const QString id = index.data(MetricTreeModel::MetricIdRole).toString();
        if (!id.isEmpty())
            emit metricActivated(id);
    });
}

void MetricBrowser::setMetricModel(MetricTreeModel* model)
{
    m_proxy->setSourceModel(model);
    m_tree->hideColumn(1);
    connect(model, &QAbstractItemModel::modelReset, m_tree, [this] {
        if (!m_filter->text().isEmpty())
            m_tree->expandAll();
        updateEmptyNote();
    });
}

void MetricBrowser::applyFilter(const QString& text)
{
    m_proxy->setFilterFixedString(text.trimmed());
    if (text.trimmed().isEmpty())
        m_tree->collapseAll();
    else
        m_tree->expandAll();
    updateEmptyNote();
}

void MetricBrowser::updateEmptyNote()
{
    const QString text = m_filter->text().trimmed();
    if (text.isEmpty() || m_proxy->rowCount() > 0 || !m_proxy->sourceModel()) {
        m_emptyNote->hide();
        return;
    }
    // Does any run have hardware counters at all? Then the search simply matched nothing. The
    // kernel's software events (task clock, context switches, migrations, page faults) and the
    // share of time counters were multiplexed share the pmu. prefix and exist on every host.
    static const QStringList software{QStringLiteral("pmu.task_clock"), QStringLiteral("pmu.context_switches"),
                                      QStringLiteral("pmu.cpu_migrations"), QStringLiteral("pmu.page_faults"),
                                      QStringLiteral("pmu.multiplex_pct")};
    bool counters = false;
    const QAbstractItemModel* model = m_proxy->sourceModel();
    for (int c = 0; c < model->rowCount() && !counters; ++c) {
        const QModelIndex category = model->index(c, 0);
        for (int m = 0; m < model->rowCount(category) && !counters; ++m) {
            const QString id = model->index(m, 0, category).data(MetricTreeModel::MetricIdRole).toString();
            counters = id.startsWith(QLatin1String("pmu.")) && !software.contains(id);
        }
    }
    if (!counters && looksLikeCounterSearch(text)) {
        m_emptyNote->setText(tr("No hardware counters in these runs: the recorder could not read the CPU's performance "
                                "counters (a virtual machine that exposes no PMU, or perf_event_paranoid above 0 "
                                "without root). Record as root on an instance that exposes them (bare metal or a "
                                "whole-host size) to get IPC, MPKI and stalls."));
    } else {
        m_emptyNote->setText(tr("No metric matches \"%1\".").arg(text));
    }
    m_emptyNote->show();
}

void MetricBrowser::showContextMenu(const QPoint& position)
{
    const QModelIndex index = m_tree->indexAt(position);
    const QString id = index.data(MetricTreeModel::MetricIdRole).toString();
    if (id.isEmpty())
        return;
    QMenu menu(this);
    menu.addAction(tr("&Add Chart"), this, [this, id] { emit metricActivated(id); });
    menu.addAction(tr("&Copy Series as CSV"), this, [this, id] { emit copySeriesRequested(id); });
    menu.exec(m_tree->viewport()->mapToGlobal(position));
}

QStringList MetricBrowser::visibleMetricIds() const
{
    QStringList ids;
    for (int c = 0; c < m_proxy->rowCount(); ++c) {
        const QModelIndex category = m_proxy->index(c, 0);
        for (int m = 0; m < m_proxy->rowCount(category); ++m)
            ids.append(m_proxy->index(m, 0, category).data(MetricTreeModel::MetricIdRole).toString());
    }
    return ids;
}
