// The throughput a run recorded itself, for price-performance: the value of a workload metric
// whose unit is work per second (`runlens-rec record --workload-metric 'tps:tps=…'`), so that
// nobody has to copy it from the benchmark's output into the table by hand.
#pragma once

#include "MetricDescriptor.h"

#include <QString>

#include <cmath>
#include <vector>

class Run;
struct SummaryReport;

struct RecordedThroughput {
    double value = std::nan(""); // the summary's value for the run: its mean over the window, or its result; NaN without
    QString unit;                // "ops/s", "req/s", "tps" ...
    QString metricId;            // "workload.tps"
    QString title;               // "Transactions"

    bool isEmpty() const { return !(value > 0); }
};

// Whether a metric can stand for a run's throughput: a workload metric whose unit is work per
// second and for which lower is not better (a rate of errors is no throughput).
bool isThroughputMetric(const runlens::format::MetricDescriptor& descriptor);
// Whether the run recorded such a metric.
bool recordsThroughput(const Run& run);

// Per run of the report (in its order), the recorded throughput: of the first such metric in the
// report (the recorder's order). Runs without it get an empty one; a report without such a
// metric, none at all.
std::vector<RecordedThroughput> recordedThroughputs(const SummaryReport& report);
