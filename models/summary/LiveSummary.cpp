#include "LiveSummary.h"

#include "RunSet.h"
#include "SummaryBuilder.h"
#include "TimeController.h"

#include <QtConcurrent/QtConcurrentRun>

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
    connect(&m_watcher, &QFutureWatcher<SummaryReportPtr>::finished, this, [this] {
        if (m_buildingGeneration == m_generation) {
            m_report = m_watcher.result();
            emit reportChanged(m_report);
        } else if (!m_delay.isActive()) {
            startRebuild(); // the state changed while building and the delay has already run out
        }
        if (!isBusy())
            emit busyChanged(false);
    });
    for (auto signal : {&RunSet::runAdded, &RunSet::runRemoved, &RunSet::runChanged, &RunSet::baselineChanged})
        connect(m_runs, signal, this, &LiveSummary::scheduleRebuild);
    for (auto signal : {&RunSet::runsReset, &RunSet::orderChanged})
        connect(m_runs, signal, this, &LiveSummary::scheduleRebuild);
    connect(m_time, &TimeController::selectionChanged, this, &LiveSummary::scheduleRebuild);
}

LiveSummary::~LiveSummary()
{
    m_watcher.waitForFinished();
}

bool LiveSummary::setFindingRules(const QByteArray& json, QString* error)
{
    auto rules = std::make_shared<FindingRules>();
    if (!rules->load(json, error))
        return false;
    m_rules = std::move(rules);
    scheduleRebuild();
    return true;
}

bool LiveSummary::setComparabilityRules(const QByteArray& json, QString* error)
{
    auto comparability = std::make_shared<Comparability>();
    if (!comparability->load(json, error))
        return false;
    m_comparability = std::move(comparability);
    scheduleRebuild();
    return true;
}

void LiveSummary::setInstanceMetrics(const QStringList& metricIds)
{
    if (metricIds == m_instanceMetrics)
        return;
    m_instanceMetrics = metricIds;
    scheduleRebuild();
}

std::vector<SummaryRunInput> LiveSummary::inputs() const
{
    std::vector<SummaryRunInput> inputs;
    const auto selection = m_time->selection();
    for (int i = 0; i < m_runs->count(); ++i) {
        const RunEntry& entry = m_runs->at(i);
        TimeWindow window = entry.trim;
        if (selection)
            window = std::make_pair(selection->first - entry.offsetSeconds, selection->second - entry.offsetSeconds);
        inputs.push_back({entry.run, entry.displayName.isEmpty() ? entry.run->name() : entry.displayName, window,
                          SummaryBuilder::repeatGroupOf(*entry.run)});
    }
    return inputs;
}

void LiveSummary::scheduleRebuild()
{
    ++m_generation;
    const bool wasBusy = isBusy();
    m_delay.start();
    if (!wasBusy)
        emit busyChanged(true);
}

void LiveSummary::startRebuild()
{
    if (m_watcher.isRunning())
        return; // the finished handler starts the next build
    m_buildingGeneration = m_generation;
    std::vector<SummaryRunInput> runs = inputs();
    const int baseline = m_runs->baselineIndex();
    std::shared_ptr<const FindingRules> rules = m_rules;
    std::shared_ptr<const Comparability> comparability = m_comparability;
    const QStringList instanceMetrics = m_instanceMetrics;
    // The runs are shared immutable snapshots, the rules are copied by pointer: nothing the GUI
    // thread changes is touched by the worker.
    m_watcher.setFuture(QtConcurrent::run([runs = std::move(runs), baseline, rules, comparability,
                                           instanceMetrics]() -> SummaryReportPtr {
        if (runs.empty())
            return nullptr;
        SummaryBuilder::Options options;
        options.rules = rules.get();
        options.comparability = comparability.get();
        options.instanceMetrics = instanceMetrics;
        return std::make_shared<const SummaryReport>(SummaryBuilder::build(runs, baseline, options));
    }));
}

void LiveSummary::rebuildNow()
{
    m_delay.stop();
    m_watcher.waitForFinished();
    m_buildingGeneration = ++m_generation;
    std::vector<SummaryRunInput> runs = inputs();
    if (runs.empty()) {
        m_report = nullptr;
    } else {
        SummaryBuilder::Options options;
        options.rules = m_rules.get();
        options.comparability = m_comparability.get();
        options.instanceMetrics = m_instanceMetrics;
        m_report = std::make_shared<const SummaryReport>(SummaryBuilder::build(runs, m_runs->baselineIndex(), options));
    }
    emit reportChanged(m_report);
    emit busyChanged(false);
}
