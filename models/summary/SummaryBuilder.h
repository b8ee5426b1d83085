// Builds the SummaryReport of a set of runs: statistics per metric over each run's window, deltas
// to the baseline judged by the metric's better-direction and by the significance test, repeat
// spreads, findings and comparability. Pure computation on immutable runs: safe on any thread.
#pragma once

#include "SummaryReport.h"

class Comparability;
class FindingRules;

class SummaryBuilder
{
public:
    struct Options {
        SignificanceTest::Options significance;
        const FindingRules* rules = nullptr;          // no findings without
        const Comparability* comparability = nullptr; // no host comparison without
        // Per-instance rows on demand: after a metric's row, one row per instance (cpu0 … cpuN,
        // nvme0n1, eth0) of the metrics listed here, or of every per-instance metric.
        QStringList instanceMetrics;
        bool allInstanceMetrics = false;
    };

    // One row per metric that has an aggregate ("all") or single value in any run.
    static SummaryReport build(const std::vector<SummaryRunInput>& runs, int baseline, const Options& options);
    // The row of one metric and instance (a CPU, a disk): the per-instance summary on demand.
    static SummaryRow buildRow(const std::vector<SummaryRunInput>& runs, int baseline, const QString& metricId,
                               const QString& instance, const SignificanceTest::Options& significance);

    // One row per instance of a metric (not the aggregate), in the baseline's instance order, then
    // the instances only other runs have; empty for a metric without instances.
    static std::vector<SummaryRow> buildInstanceRows(const std::vector<SummaryRunInput>& runs, int baseline,
                                                     const QString& metricId, const SignificanceTest::Options& significance);
    // The instances of a metric in any of the runs, without the aggregate ("all") and single value ("").
    static QStringList perInstanceNames(const std::vector<SummaryRunInput>& runs, int baseline, const QString& metricId);
};
