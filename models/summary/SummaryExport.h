// The summary as text: CSV and JSON for scripts, Markdown for reviews and tickets, and the
// headline in plain words ("IPC +12 %, branch MPKI −20 %"). Used by `runlens summary` and by the
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
QString verdictText(Verdict verdict); // translated: "improvement", "within noise" ...

struct HeadlineItem {
    int row = 0;
    int run = 0;
    QString text; // "IPC +12.3 %"
};
// The biggest real changes of one run against the baseline, by size of the relative change.
std::vector<HeadlineItem> biggestChanges(const SummaryReport& report, int run, Verdict verdict, int count);

} // namespace SummaryExport
