// Why a cell of the summary has its verdict, in the words the table shows. The verdicts of a
// metric and of its instances come from one test and one practical floor, and still differ: one
// CPU's series jumps between idle and busy as a thread hops between CPUs while their sum stays
// level, so one CPU's −48 % can be noise while the aggregate's −40 % is real. Shown a bare
// "(noise)" next to the bigger number, people stop trusting both; shown the size of change the
// series' own variation hides, and pointed to the aggregate, they can act on the right one.
#pragma once

#include "SummaryReport.h"

#include <QString>

namespace VerdictExplanation {

// The change the test could have told from this comparison's noise: the larger half of the
// confidence interval of the difference, around the difference. NaN when the test did not run
// or the verdict came from repeats.
double noiseBand(const SummaryCell& cell);

// noiseBand as people read it next to a delta: "±62 %" of the baseline's mean, or "±3.1 ms"
// where the baseline's mean is 0. Empty when there is no band.
QString noiseBandText(const SummaryRow& row, const SummaryCell& cell, const SummaryCell& baseline);

// One or two sentences on why run `run` of `row` has its verdict: within noise (by how much the
// series varies, and what the aggregate found, on an instance row), below the practical floor,
// too few samples. Empty for verdicts that need no more words (real changes, the baseline, no data)
// and for verdicts from repeats (their tooltip has its own).
QString explain(const SummaryReport& report, const SummaryRow& row, int run);

} // namespace VerdictExplanation
