// A differential tree as text for scripts and CI (`runlens convert --to diff-folded`): one line
// per frame path, as folded stacks name them, then its values:
//
//   main;serve;handle;compress 0.100000 0.200000 +0.100000 0.004000 0.005000 real
//
// baseline share, compared share (fractions of each side's pooled samples, or samples per second
// with --per-second), the change, the spread (standard deviation) of the per-run values in each
// variant, and the verdict: "real" (beyond the repeats' noise), "noise", or "untested" (fewer than
// three runs a side). Numbers are the last six fields, so a path with blanks still splits. Lines
// sorted bytewise, after a "# " header naming the runs.
#pragma once

#include "StackTree.h"

#include <string>

std::string writeDiffFolded(const StackTree& diff, const std::string& header);
