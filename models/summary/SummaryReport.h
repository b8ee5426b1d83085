// What the summary knows about a comparison: per metric and run the statistics over the window,
// the delta to the baseline and whether it is real; the findings; the comparability of the hosts.
// Built off the GUI thread by SummaryBuilder and handed to views as an immutable snapshot.
#pragma once

#include "Comparability.h"
#include "Finding.h"
#include "PricePerformance.h"
#include "RepeatComparison.h"
#include "RepeatSpread.h"
#include "SignificanceTest.h"
#include "WindowStatistics.h"
#include "WorkloadMetric.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

// How a run's value compares with the baseline's, judged by the metric's better-direction.
enum class Verdict {
    NoData,      // the metric is missing in this run or the baseline, or has no samples in the window
    Baseline,    // this is the baseline
    Unchanged,   // the same mean, or a change below the practical floor (SummaryBuilder::Options)
    WithinNoise, // a difference the samples' own variability explains (or, for a workload metric
                 // of repeated runs, one smaller than the spread of the repeats)
    TooFewSamples, // a side has fewer samples than the test needs to tell change from noise
    Improvement,
    Regression,
    Changed,     // real, but the metric has no better direction
};

QString verdictName(Verdict verdict); // stable lower-case names for JSON/CSV output

// One run as the summary sees it.
struct SummaryRunInput {
    RunPtr run;
    QString name;
    TimeWindow window;  // in the run's own seconds
    QString repeatGroup; // runs with the same non-empty group are repeats of one configuration
};

struct SummaryCell {
    WindowStatistics stats;
    // mean - baseline mean; with `repeats`, the difference of the variants' means over their repeats
    double delta = 0;
    double deltaPercent = 0; // 100 * delta / |baseline mean|; NaN when the baseline mean is 0
    DifferenceEstimate estimate;
    // The practical floor the verdict applied: a smaller change is "unchanged" whatever the test says.
    double floor = 0;
    // Set when the verdict comes from the repeats of both sides (a workload metric of runs in repeat
    // groups, see RepeatComparison) instead of the block bootstrap over the two runs' samples.
    std::optional<RepeatComparison> repeats;
    Verdict verdict = Verdict::NoData;

    bool isSignificantChange() const
    {
        return verdict == Verdict::Improvement || verdict == Verdict::Regression || verdict == Verdict::Changed;
    }
};

struct GroupSpread {
    QString group;
    RepeatSpread spread;
};

struct SummaryRow {
    QString metricId;
    QString instance; // "all" or "" (single-valued) for the table; a CPU, disk ... on demand
    QString title;
    QString unit;
    QString category;
    runlens::format::BetterDirection better = runlens::format::BetterDirection::Neutral;
    // Run: a result of the whole run (its last value, whatever the window), not a series.
    runlens::format::MetricScope scope = runlens::format::MetricScope::Series;
    std::vector<SummaryCell> cells;   // one per run, in run order
    std::vector<GroupSpread> spreads; // one per repeat group of two or more runs
    int instanceCount = 0;            // on a metric's own row: how many instances it has (per-instance rows on demand)

    // A per-instance row (a CPU, a disk), not the metric's aggregate or single value.
    bool isInstanceRow() const
    {
        return !Run::isAggregate(instance);
    }
    // One of the workload's own results (throughput, latency), shown before the system metrics.
    bool isWorkload() const { return WorkloadMetric::isWorkload(metricId, category); }
    bool isRunResult() const { return scope == runlens::format::MetricScope::Run; }
    // How exports name the row: "cpu.user", or "cpu.user[cpu3]" for an instance.
    QString name() const { return isInstanceRow() ? metricId + QLatin1Char('[') + instance + QLatin1Char(']') : metricId; }

    bool hasSignificantChange() const
    {
        for (const SummaryCell& cell : cells) {
            if (cell.isSignificantChange())
                return true;
        }
        return false;
    }
};

struct SummaryRunInfo {
    QString name;
    QString filePath;
    TimeWindow window;
    QString repeatGroup;
};

struct SummaryReport {
    std::vector<SummaryRunInfo> runs;
    int baseline = 0;
    std::vector<SummaryRow> rows;
    std::vector<Finding> findings;
    ComparabilityReport comparability;
    PricePerformanceReport pricePerformance; // empty unless some throughput was given

    // The metric's own row (aggregate or single value), never one of its instance rows.
    const SummaryRow* row(const QString& metricId) const
    {
        for (const SummaryRow& r : rows) {
            if (r.metricId == metricId && !r.isInstanceRow())
                return &r;
        }
        return nullptr;
    }
};

using SummaryReportPtr = std::shared_ptr<const SummaryReport>;
