// A differential call tree: the selected run's tree merged with the baseline's by frame path
// (symbol and module at each level), both runs' counts kept per node, so that frames present in
// only one run stay in the tree (with zero in the other run's columns).
//
// What a differential flame graph means (as Brendan Gregg's difffolded.pl + flamegraph.pl): widths
// are the selected run's samples; the colour is the change of the frame's normalised total,
// red where it grew, blue where it shrank. Normalised by each run's total samples by default (the
// share of the profile), or per second of the range for runs of different lengths or load.
#pragma once

#include "StackTree.h"

class StackTreeDiff
{
public:
    static StackTreePtr compute(const StackTree& baseline, const StackTree& selected,
                                DiffNormalisation normalisation = DiffNormalisation::TotalSamples);

private:
    friend class VariantDiff;
    // The tree compute() returns, still open for VariantDiff to add its verdicts.
    static std::shared_ptr<StackTree> merge(const StackTree& baseline, const StackTree& selected, DiffNormalisation normalisation);
};
