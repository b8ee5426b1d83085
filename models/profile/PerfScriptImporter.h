// Reads the text `perf script` prints (one block per sample: a header line with command, pid/tid,
// CPU, time and event, then one line per frame, innermost first, then an empty line) into
// ProfileTables.
//
// It reads lines the way stackcollapse-perf.pl does, so that `runlens convert --to folded` prints
// what that script prints: the same header and frame patterns, only the first event type kept,
// `+0x..` offsets stripped, `a->b` inline chains split (the inlined frames get an `_[i]` suffix),
// and a sample counted only when its block ends with an empty line. One deviation: a thread whose
// command changes during the recording keeps the last command (ProfileTables has one per thread).
//
// Plain C++ over one buffer (string_view and memchr, frames and stacks interned through hash maps,
// no allocation per line): it has to keep up with files of gigabytes.
#pragma once

#include "ProfileTables.h"

#include <cstddef>
#include <string_view>

struct PerfScriptStatistics {
    std::size_t lines = 0;
    std::size_t unrecognizedLines = 0;
    std::size_t otherEventSamples = 0; // samples of a second event type, left out
};

runlens::format::ProfileTables importPerfScript(std::string_view text, PerfScriptStatistics* statistics = nullptr);

// Whether the text starts like `perf script` output (a sample header, then a frame or an empty
// line), for telling it from folded stacks.
bool looksLikePerfScript(std::string_view text);

// The kind of a frame from its module, as stackcollapse-perf.pl tells kernel and JIT frames apart.
runlens::format::FrameKind frameKindOfModule(std::string_view module, std::string_view symbol);
