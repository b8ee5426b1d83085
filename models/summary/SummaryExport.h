// The summary as text: CSV and JSON for scripts, Markdown for reviews and tickets, and the
// headline in plain words ("Throughput +212 %, beyond noise"; "IPC +12 %, branch MPKI −20 %"). Used by `runlens summary` and by the
// summary table's Copy actions; the same report always gives the same bytes.
#pragma once

#include "SummaryReport.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace SummaryExport {

// Every row, or only the given indices into report.rows (the rows a filtered table shows).
QByteArray toCsv(const SummaryReport& report);
QByteArray toCsv(const SummaryReport& report, const std::vector<int>& rows);
QByteArray toMarkdown(const SummaryReport& report);
QByteArray toMarkdown(const SummaryReport& report, const std::vector<int>& rows);
QByteArray toJson(const SummaryReport& report);

// A delta as people read it: "+12.3 %", or the absolute change with the unit when the baseline is 0.
QString formatDelta(const SummaryRow& row, const SummaryCell& cell);
// A share as the summary writes it: one decimal below 10 %, none above ("4.2 %", "62 %").
QString percentText(double percent);
QString verdictText(Verdict verdict); // translated: "improvement", "within noise" ...

struct HeadlineItem {
    int row = 0;
    int run = 0;
    QString text; // "IPC +12.3 %"
};
// The biggest real changes of one run against the baseline: the workload's own metrics first
// (what the comparison is about), then the others, each by size of the relative change.
std::vector<HeadlineItem> biggestChanges(const SummaryReport& report, int run, Verdict verdict, int count);
// Every workload metric of one run against the baseline, in the report's order, with what the
// comparison found: "Throughput +212 %, beyond noise", "p95 latency +0.4 %, within noise". What
// the headline opens with; empty when the runs recorded no workload metric.
std::vector<HeadlineItem> workloadChanges(const SummaryReport& report, int run);
// The noise of each workload metric across the repeats of each variant (run is -1):
// "Throughput: baseline 8 % (3 runs), tuned 1.8 % (3 runs)". Empty without repeat groups.
std::vector<HeadlineItem> repeatNoise(const SummaryReport& report);
// The sentence that explains repeatNoise, for a heading or a tooltip.
QString repeatNoiseRule();

} // namespace SummaryExport
