// Reads folded stacks, the format of Brendan Gregg's FlameGraph tools: one line per distinct stack,
// frames outermost first separated by ';', then a blank and the sample count.
//
// Folded stacks carry no times, CPUs or threads: every sample gets time 0 and no task, so the
// process name, when the file starts its stacks with one, stays an ordinary outermost frame.
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

// Throws runlens::format::FormatError when the counts add up to more samples than can be held.
runlens::format::ProfileTables importFolded(std::string_view text, FoldedStatistics* statistics = nullptr);

// Whether the first lines look like folded stacks ("frame;frame count").
bool looksLikeFolded(std::string_view text);
