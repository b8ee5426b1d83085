#include "LiveSummary.h"

#include "RunSet.h"
#include "TimeController.h"

#include <QSignalBlocker>

LiveSummary::LiveSummary(RunSet* runs, TimeController* time, QObject* parent)
    : QObject(parent)
    , m_runs(runs)
    , m_time(time)
{
    // Dragging a selection or a time offset changes the state many times a second; rebuild once
    // the user pauses.
    m_delay.setSingleShot(true);
    m_delay.setInterval(250);
    connect(&m_delay, &QTimer::timeout, this, &LiveSummary::startRebuild);
    connect(&m_jobs, &BackgroundJobs::busyChanged, this, [this](bool busy) {
        if (!busy && !isBusy())
            emit busyChanged(false);
    });
    for (auto signal : {&RunSet::runAdded, &RunSet::runRemoved, &RunSet::runChanged, &RunSet::baselineChanged})
        connect(m_runs, signal, this, &LiveSummary::scheduleRebuild);
    for (auto signal : {&RunSet::runsReset, &RunSet::orderChanged})
        connect(m_runs, signal, this, &LiveSummary::scheduleRebuild);
    connect(m_time, &TimeController::selectionChanged, this, &LiveSummary::scheduleRebuild);
}

void LiveSummary::setRules(std::shared_ptr<const FindingRules> rules, std::shared_ptr<const Comparability> comparability)
{
    m_rules = std::move(rules);
    m_comparability = std::move(comparability);
    scheduleRebuild();
}

void LiveSummary::setInstanceMetrics(const QStringList& metricIds)
{
    if (metricIds == m_instanceMetrics)
        return;
    m_instanceMetrics = metricIds;
    scheduleRebuild();
}

SummaryRequest LiveSummary::request() const
{
    SummaryRequest request = SummaryRequest::forRunSet(*m_runs, m_time->selection());
    request.rules = m_rules;
    request.comparability = m_comparability;
    request.instanceMetrics = m_instanceMetrics;
    return request;
}

void LiveSummary::scheduleRebuild()
{
    const bool wasBusy = isBusy();
    m_delay.start();
    if (!wasBusy)
        emit busyChanged(true);
}

void LiveSummary::startRebuild()
{
    // The request holds the runs as shared immutable snapshots and the rules by pointer: nothing
    // the GUI thread changes is touched by the worker.
    m_jobs.start(
        [request = request()](JobControl&) -> SummaryReportPtr {
            if (request.runs.empty())
                return nullptr;
            return std::make_shared<const SummaryReport>(request.run());
        },
        [this](const SummaryReportPtr& report) { setReport(report); });
}

void LiveSummary::setReport(SummaryReportPtr report)
{
    m_report = std::move(report);
    emit reportChanged(m_report);
}

void LiveSummary::rebuildNow()
{
    m_delay.stop();
    {
        const QSignalBlocker quiet(&m_jobs); // one busyChanged(false), below
        m_jobs.cancelAndWait();
    }
    const SummaryRequest now = request();
    setReport(now.runs.empty() ? nullptr : std::make_shared<const SummaryReport>(now.run()));
    emit busyChanged(false);
}
