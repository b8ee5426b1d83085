// The host facts of the runs side by side (manifest, EC2 identity, sysctl, kernel config), with
// "Only differences" to find the one setting that differs among thousands. Every column fits its
// contents (up to a cap: one kernel command line must not push the other runs out of sight).
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
    // The widest a column grows to fit its contents; the full text is in the cell's tooltip.
    int maximumColumnWidth() const;

protected:
    void showEvent(QShowEvent* event) override;

private:
    // Sizes each column to the facts shown; again when the filter or the facts change, and when the
    // tab is first shown (a hidden table measures only the rows that fit its default size).
    void fitColumns();

    HostFactsModel* m_model;
    QCheckBox* m_onlyDifferences;
    QTableView* m_view;
};
