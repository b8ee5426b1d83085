// Keeps a SummaryReport of the open runs up to date: observes the RunSet (runs, baseline, offsets,
// trim windows) and the TimeController's selection, and rebuilds the report off the GUI thread
// a moment after the last change. A report for an outdated state is dropped (BackgroundJobs).
#pragma once

#include "SummaryRequest.h"

#include "BackgroundJobs.h"

#include <QObject>
#include <QTimer>

class RunSet;
class TimeController;

class LiveSummary : public QObject
{
    Q_OBJECT

public:
    LiveSummary(RunSet* runs, TimeController* time, QObject* parent = nullptr);

    // The rules the report is judged by (models/ does not read the app's resources; the app hands
    // them in, parsed). Without them the report has no findings or host comparison.
    void setRules(std::shared_ptr<const FindingRules> rules, std::shared_ptr<const Comparability> comparability);

    // The metrics whose per-instance rows (cpu0 … cpuN, each disk, each interface) the report also
    // has, asked for in the table; a change rebuilds the report in the background.
    void setInstanceMetrics(const QStringList& metricIds);
    const QStringList& instanceMetrics() const { return m_instanceMetrics; }

    const SummaryReportPtr& report() const { return m_report; }
    bool isBusy() const { return m_jobs.isBusy() || m_delay.isActive(); }
    // The summary of the current state: every run over the selection, else its trim window, else
    // all of it, with the rules and instance metrics set here.
    SummaryRequest request() const;
    std::vector<SummaryRunInput> inputs() const { return request().runs; }

    // Rebuilds now, bypassing the delay (tests, exports).
    void rebuildNow();

signals:
    void busyChanged(bool busy);
    void reportChanged(const SummaryReportPtr& report);

private:
    void scheduleRebuild();
    void startRebuild();
    void setReport(SummaryReportPtr report);

    RunSet* m_runs;
    TimeController* m_time;
    std::shared_ptr<const FindingRules> m_rules;
    std::shared_ptr<const Comparability> m_comparability;
    QStringList m_instanceMetrics;
    SummaryReportPtr m_report;
    QTimer m_delay;
    BackgroundJobs m_jobs{BackgroundJobs::Policy::LatestWins};
};
