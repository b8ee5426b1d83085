// Keeps a SummaryReport of the open runs up to date: observes the RunSet (runs, baseline, offsets,
// trim windows) and the TimeController's selection, and rebuilds the report off the GUI thread
// (QtConcurrent) a moment after the last change. A report for an outdated state is dropped.
#pragma once

#include "Comparability.h"
#include "FindingRules.h"
#include "SummaryReport.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

class RunSet;
class TimeController;

class LiveSummary : public QObject
{
    Q_OBJECT

public:
    LiveSummary(RunSet* runs, TimeController* time, QObject* parent = nullptr);
    ~LiveSummary() override;

    // The rules files' text (models/ does not read the app's resources); false with a sentence on a bad file.
    bool setFindingRules(const QByteArray& json, QString* error);
    bool setComparabilityRules(const QByteArray& json, QString* error);

    // The metrics whose per-instance rows (cpu0 … cpuN, each disk, each interface) the report also
    // has, asked for in the table; a change rebuilds the report in the background.
    void setInstanceMetrics(const QStringList& metricIds);
    const QStringList& instanceMetrics() const { return m_instanceMetrics; }

    const SummaryReportPtr& report() const { return m_report; }
    bool isBusy() const { return m_watcher.isRunning() || m_delay.isActive(); }
    // The window each run is summarised over, in its own seconds: the selection (shared axis minus
    // the run's offset), else the run's trim window, else the whole run.
    std::vector<SummaryRunInput> inputs() const;

    // Rebuilds now, bypassing the delay (tests, exports).
    void rebuildNow();

signals:
    void busyChanged(bool busy);
    void reportChanged(const SummaryReportPtr& report);

private:
    void scheduleRebuild();
    void startRebuild();

    RunSet* m_runs;
    TimeController* m_time;
    std::shared_ptr<FindingRules> m_rules;
    std::shared_ptr<Comparability> m_comparability;
    QStringList m_instanceMetrics;
    SummaryReportPtr m_report;
    QFutureWatcher<SummaryReportPtr> m_watcher;
    QTimer m_delay;
    quint64 m_generation = 0; // bumped by every change; a finished build for an older one is stale
    quint64 m_buildingGeneration = 0;
};
