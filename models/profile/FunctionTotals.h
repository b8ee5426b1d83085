// A function's samples in a call tree, wherever it is called from: self, and total counting each
// sample once even when the function recurses (only its outermost frame on each path adds). The
// top-functions table shows these for the pooled tree; VariantDiff takes them from every repeat to
// judge a function's change across the runs, so both read the same totals.
#pragma once

#include "StackTree.h"

#include <cstdint>
#include <vector>

struct FunctionTotal {
    std::uint64_t self = 0;
    std::uint64_t total = 0;
    std::uint64_t baselineSelf = 0;  // differential trees only
    std::uint64_t baselineTotal = 0; // differential trees only
};

// Indexed by the tree's function ids (functions()[0], the root, included).
std::vector<FunctionTotal> functionTotalsOf(const StackTree& tree);
