#include "VerdictExplanation.h"

#include "SummaryExport.h"
#include "UnitFormat.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace VerdictExplanation {

double noiseBand(const SummaryCell& cell)
{
    if (!cell.estimate.tested || cell.repeats)
        return std::nan("");
    const DifferenceEstimate& e = cell.estimate;
    return std::max(e.difference - e.low, e.high - e.difference);
}

QString noiseBandText(const SummaryRow& row, const SummaryCell& cell, const SummaryCell& baseline)
{
    const double band = noiseBand(cell);
    if (!std::isfinite(band))
        return {};
    if (!baseline.stats.isEmpty() && baseline.stats.mean != 0)
        return QStringLiteral("±") + SummaryExport::percentText(100.0 * band / std::fabs(baseline.stats.mean));
    return QStringLiteral("±") + UnitFormat::format(band, row.unit);
}

QString explain(const SummaryReport& report, const SummaryRow& row, int run)
{
    const SummaryCell& cell = row.cells[std::size_t(run)];
    const SummaryCell& baseline = row.cells[std::size_t(report.baseline)];
    if (cell.repeats || run == report.baseline)
        return {};
    switch (cell.verdict) {
    case Verdict::Unchanged:
        if (cell.delta == 0)
            return QCoreApplication::translate("VerdictExplanation", "Unchanged: the same mean.");
        return QCoreApplication::translate("VerdictExplanation", "Unchanged: a change of %1 is below the practical floor of %2 (a set share of the baseline's "
                         "mean or the metric's resolution, whichever is larger), whatever the test says.")
            .arg(UnitFormat::format(cell.delta, row.unit), UnitFormat::format(cell.floor, row.unit));
    case Verdict::TooFewSamples:
        return QCoreApplication::translate("VerdictExplanation", "Too few samples: %1 in the baseline's window and %2 in this run's; the test needs %3 on each "
                         "side to tell a change from noise.")
            .arg(baseline.stats.count)
            .arg(cell.stats.count)
            .arg(SignificanceTest::Options{}.minimumSamples);
    case Verdict::WithinNoise: {
        QString text = QCoreApplication::translate("VerdictExplanation", "Within noise: this series varies too much over the window for a change of %1 to stand "
                                 "out from its own variation; only a change beyond %2 would.")
                           .arg(SummaryExport::formatDelta(row, cell), noiseBandText(row, cell, baseline));
        if (row.isInstanceRow()) {
            const SummaryRow* aggregate = report.row(row.metricId);
            if (aggregate && aggregate->cells[std::size_t(run)].isSignificantChange()) {
                text += QLatin1Char(' ');
                text += QCoreApplication::translate("VerdictExplanation", "The aggregate (%1) changed by %2, a real change: summed over the instances their "
                                  "variation evens out (load moving between CPUs, disks or processes), so act on the "
                                  "aggregate's verdict.")
                            .arg(aggregate->instance,
                                 SummaryExport::formatDelta(*aggregate, aggregate->cells[std::size_t(run)]));
            }
        }
        return text;
    }
    case Verdict::NoData:
    case Verdict::Baseline:
    case Verdict::Improvement:
    case Verdict::Regression:
    case Verdict::Changed:
        break;
    }
    return {};
}

} // namespace VerdictExplanation
