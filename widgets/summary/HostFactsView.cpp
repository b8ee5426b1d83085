#include "HostFactsView.h"

#include "summary/HostFactsModel.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

HostFactsView::HostFactsView(QWidget* parent)
    : QWidget(parent)
    , m_model(new HostFactsModel(this))
    , m_onlyDifferences(new QCheckBox(tr("Only differences"), this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("hostFactsView"));
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_onlyDifferences->setToolTip(tr("Hide the facts that are the same in every run"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_onlyDifferences);
    layout->addWidget(m_view);
    connect(m_onlyDifferences, &QCheckBox::toggled, m_model, &HostFactsModel::setOnlyDifferences);
    connect(m_onlyDifferences, &QCheckBox::toggled, this, &HostFactsView::fitColumns);
    // Thousands of sysctl and kernel-config values: the differences are what people look for.
    m_onlyDifferences->setChecked(true);
}

void HostFactsView::setFacts(const ComparabilityReport& report, const QStringList& runNames)
{
    m_model->setFacts(report.facts, runNames);
    fitColumns();
}

int HostFactsView::maximumColumnWidth() const
{
    return m_view->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 64;
}

void HostFactsView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    fitColumns();
}

void HostFactsView::fitColumns()
{
    // The last column stretches over what is left; the others fit their contents and header.
    for (int column = 0; column < m_model->columnCount(); ++column) {
        m_view->resizeColumnToContents(column);
        m_view->setColumnWidth(column, std::min(m_view->columnWidth(column), maximumColumnWidth()));
    }
}
