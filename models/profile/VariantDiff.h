// The differential flame graph of two variants, each a set of repeated runs: for each frame, its
// share (or samples per second) in every repeat, the difference of the variants' means, and
// whether that difference stands out of the run-to-run noise the repeats show.
//
// Why: between two single runs every frame moves a little (sampling, placement, a neighbour on
// the host), and a frame that moved by 2 points once is painted as red as one that moved by 2
// points in every one of ten repeats. Here a frame's change counts only when Welch's t-test on the
// per-repeat values (unequal variances, Welch-Satterthwaite degrees of freedom) rejects "no
// change" at 99 %: a frame is tested across repeats, the same way the summary judges a workload
// result, not across the samples of one run, which are not independent of each other.
// With fewer than kMinimumRepeats runs on a side there is no spread to judge by: the tree is the
// plain difference of the pooled runs, and says so (FrameVerdict::Untested).
// Functions (their totals wherever they are called) are judged the same way, for the top-functions
// table: the same per-repeat values and the same test, once per frame and once per function.
#pragma once

#include "StackTree.h"

#include <vector>

class VariantDiff
{
public:
    static constexpr int kMinimumRepeats = 3;

    // Each side: one tree per run, built with the same filter and weight. Widths are the selected
    // variant's pooled samples; colours its change of pooled share (or rate) from the baseline's.
    static StackTreePtr compute(const std::vector<StackTreePtr>& baseline, const std::vector<StackTreePtr>& selected,
                                DiffNormalisation normalisation = DiffNormalisation::TotalSamples, double confidence = 0.99);

    // Trees added up node by node, the same frame paths merged: a variant's pooled profile, with
    // the runs' durations added (so that samples per second is the mean rate).
    static StackTreePtr sum(const std::vector<StackTreePtr>& trees);
};
