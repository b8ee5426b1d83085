// The host facts of the runs side by side (section, fact, one column per run), optionally only
// the facts that differ; the comparability table of the summary.
#pragma once

#include "Comparability.h"

#include <QAbstractTableModel>

class HostFactsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role { DiffersRole = Qt::UserRole + 1 };

    explicit HostFactsModel(QObject* parent = nullptr);

    void setFacts(std::vector<HostFactRow> facts, QStringList runNames);
    void setOnlyDifferences(bool only);
    bool onlyDifferences() const { return m_onlyDifferences; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuildVisible();

    std::vector<HostFactRow> m_facts;
    QStringList m_runNames;
    std::vector<int> m_visible; // indices into m_facts
    bool m_onlyDifferences = false;
};
