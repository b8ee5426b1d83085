#include "HostFactsModel.h"

HostFactsModel::HostFactsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void HostFactsModel::setFacts(std::vector<HostFactRow> facts, QStringList runNames)
{
    beginResetModel();
    m_facts = std::move(facts);
    m_runNames = std::move(runNames);
    rebuildVisible();
    endResetModel();
}

void HostFactsModel::setOnlyDifferences(bool only)
{
    if (only == m_onlyDifferences)
        return;
    beginResetModel();
    m_onlyDifferences = only;
    rebuildVisible();
    endResetModel();
}

void HostFactsModel::rebuildVisible()
{
    m_visible.clear();
    for (std::size_t i = 0; i < m_facts.size(); ++i) {
        if (!m_onlyDifferences || m_facts[i].differs)
            m_visible.push_back(int(i));
    }
}

int HostFactsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_visible.size());
}

int HostFactsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : 2 + int(m_runNames.size());
}

QVariant HostFactsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const HostFactRow& fact = m_facts[std::size_t(m_visible[std::size_t(index.row())])];
    if (role == DiffersRole)
        return fact.differs;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (index.column() == 0)
        return fact.section;
    if (index.column() == 1)
        return fact.key;
    const int run = index.column() - 2;
    return run < fact.values.size() ? fact.values[run] : QString();
}

QVariant HostFactsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == 0)
        return tr("Section");
    if (section == 1)
        return tr("Fact");
    if (section - 2 < m_runNames.size())
        return m_runNames[section - 2];
    return {};
}
