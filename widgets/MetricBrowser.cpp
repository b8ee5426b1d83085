#include "MetricBrowser.h"

#include "MetricTreeModel.h"

#include <QHeaderView>
#include <QLineEdit>
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_tree);

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
    });
}

void MetricBrowser::applyFilter(const QString& text)
{
    m_proxy->setFilterFixedString(text.trimmed());
    if (text.trimmed().isEmpty())
        m_tree->collapseAll();
    else
        m_tree->expandAll();
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
