// The host facts of the runs side by side (manifest, EC2 identity, sysctl, kernel config), with
// "Only differences" to find the one setting that differs among thousands.
#pragma once

#include <QWidget>

class HostFactsModel;
class QCheckBox;
class QTableView;
struct ComparabilityReport;

class HostFactsView : public QWidget
{
    Q_OBJECT

public:
    explicit HostFactsView(QWidget* parent = nullptr);

    void setFacts(const ComparabilityReport& report, const QStringList& runNames);
    HostFactsModel* model() const { return m_model; }
    QCheckBox* onlyDifferencesBox() const { return m_onlyDifferences; }
    QTableView* view() const { return m_view; }

private:
    HostFactsModel* m_model;
    QCheckBox* m_onlyDifferences;
    QTableView* m_view;
};
