// The flame graph of the current run (or its difference from the baseline) for the time range
// selected in the charts: observes the RunSet and the TimeController and rebuilds the call trees
// off the GUI thread whenever the run, the baseline, an offset or the selection changes.
#pragma once

#include "BackgroundJobs.h"
#include "FlameGraphRequest.h"
#include "TimeController.h"

#include <QWidget>

class FlameGraphView;
class FlameScopeView;
class ProfileFilterView;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QScrollArea;
class QTabWidget;
class QTableView;
class TopFunctionsModel;

class FlameGraphPanel : public QWidget
{
    Q_OBJECT

public:
    FlameGraphPanel(RunSet* runs, TimeController* time, QWidget* parent = nullptr);

    FlameGraphView* view() const { return m_view; }
    QListWidget* disappearedList() const { return m_disappeared; }
    QTableView* topFunctionsView() const { return m_topView; }
    FlameScopeView* flameScope() const { return m_scope; }
    ProfileFilterView* filterView() const { return m_filter; }
    TopFunctionsModel* topFunctionsModel() const { return m_topModel; }
    QCheckBox* compareBox() const { return m_compare; }
    QComboBox* normalisationBox() const { return m_normalisation; }
    // Samples or event counts (periods); enabled when the runs shown have periods.
    QComboBox* weightBox() const { return m_weight; }
    // Shown when variants of repeated runs are compared: colour the changes within noise too.
    QCheckBox* colourNoiseBox() const { return m_colourNoise; }
    QLineEdit* searchField() const { return m_search; }
    bool isBusy() const { return m_jobs.isBusy() || m_pending; }
    // Rebuilds now (signals schedule it for the next event loop turn).
    void refresh();
    // Rebuilds on the next event loop turn, once for several calls in a row: what the owner calls
    // when something the panel does not watch changed (a run's profile was indexed).
    void scheduleRefresh();

signals:
    void treeShown();

private:
    // Scrolls to the root row (the bottom of a flame graph, the top of an icicle graph) and keeps
    // it there while the canvas's height settles.
    void showRoot();
    void showResult(const FlameGraph& result);
    // The heat map and process list of the run shown (from its index, once it has one).
    void showIndexOf(const RunPtr& run, double offsetSeconds);
    // The "Only in baseline" list and its tab's count, for a differential tree (else empty).
    void showDisappeared(const StackTree* tree);
    // Columns sized to their contents, the function's name to what the leading columns leave.
    void fitTopFunctionsColumns();
    int selectedRun() const;

    RunSet* m_runs;
    TimeController* m_time;
    FlameGraphView* m_view;
    QScrollArea* m_scroll;
    bool m_rootInSight = true;
    QComboBox* m_mode;
    QCheckBox* m_compare;
    QComboBox* m_normalisation;
    QComboBox* m_weight;
    QCheckBox* m_colourNoise;
    QLineEdit* m_search;
    QLabel* m_status;
    QLabel* m_matched;
    QListWidget* m_disappeared;
    QTabWidget* m_tabs;
    TopFunctionsModel* m_topModel;
    QTableView* m_topView;
    FlameScopeView* m_scope;
    ProfileFilterView* m_filter;
    // The run whose heat map and process list are shown, the index they were drawn from (null
    // until the run is indexed) and its offset: they are rebuilt when one of these changes, not on
    // every new selection, which must keep the user's choice of processes.
    RunPtr m_shownRun;
    const ProfileIndex* m_shownIndex = nullptr;
    double m_shownOffset = 0;
    BackgroundJobs m_jobs{BackgroundJobs::Policy::LatestWins};
    bool m_pending = false;
};
