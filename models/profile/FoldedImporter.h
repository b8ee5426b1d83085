// Reads folded stacks, the format of Brendan Gregg's FlameGraph tools: one line per distinct stack,
// frames outermost first separated by ';', then a blank and the sample count.
//
// Folded stacks carry no times, CPUs or threads: every line is one row at time 0 without a task,
// so the process name, when the file starts its stacks with one, stays an ordinary outermost frame.
// A line's count is kept as a 64-bit number, both as the row's sample count and as its period:
// folded files hold sample counts or weights (stackcollapse-perf.pl sums periods, other tools
// nanoseconds or bytes), and a count is never expanded into rows.
// The `_[k]` and `_[j]` annotations become the frame's kind (and leave the name, so that the
// frames match those of recorded runs); `_[i]` stays part of the name.
#pragma once

#include "ProfileTables.h"

#include <cstddef>
#include <string_view>

struct FoldedStatistics {
    std::size_t lines = 0;
    std::size_t unrecognizedLines = 0;
};

// Throws FormatError, a clause without the file's name (the caller adds it), when the text goes
// beyond InputLimits.h: a line longer than kLineBytes, a stack deeper than kStackDepth, more than
// kImportedSamples lines.
runlens::format::ProfileTables importFolded(std::string_view text, FoldedStatistics* statistics = nullptr);

// Whether the first lines look like folded stacks ("frame;frame count").
bool looksLikeFolded(std::string_view text);
