// Reading a large `perf script` text on several cores, to the very profile one thread reads.
//
// The text is cut into chunks where stackcollapse-perf.pl ends a sample and starts afresh: after
// an empty line (a line of blanks does not end a sample, and the frame lines after a header join
// the sample until an empty line). Each chunk is read by its own PerfScriptParser into its own
// ProfileBuilder, told the event the text before it named first (the event kept), and the
// partial profiles are appended in text order (ProfileBuilder::append): ids, sample rows, tasks,
// periods and the statistics come out as one parser reading the whole text would give them.
// When a chunk fails (a limit: its message names a line of the whole text) the text is read
// again on one thread, for the error one thread gives.
//
// Only for whole texts in memory: the recorder's perf backend reads its stream line by line.
#pragma once

#include "PerfScriptParser.h"

#include <cstddef>
#include <string_view>

namespace runlens::format {

// From this size readPerfScript() reads in parallel: below, starting threads gains little.
inline constexpr std::size_t kParallelImportBytes = std::size_t(8) << 20;
// ... and only where a second core exists. A chunk costs more than its share of one reading (its
// caches start empty, then its tables are appended): 8 to 29% more CPU time on the 60 MB texts of
// bench_flamegraph and bench_perfscript, for 1.6 and 1.4 times less wall time on two idle cores.
// On two cores that other work keeps busy the second thread waits for a core, and the import took
// 1.1 to 1.3 times as long as on one thread: the price of the common case's gain.
inline constexpr unsigned kParallelImportCores = 2;

struct PerfScriptChunking {
    // Threads to read with; 0: one per core, at most kMaximumThreads.
    unsigned threads = 0;
    // The size a chunk is cut at (from there to the next empty line); 0: the text divided among
    // the threads, no less than kMinimumChunkBytes. Tests make it small to cut small texts.
    std::size_t chunkBytes = 0;

    static constexpr unsigned kMaximumThreads = 8;
    static constexpr std::size_t kMinimumChunkBytes = std::size_t(4) << 20;
};

// The profile of a whole `perf script` text as readPerfScriptOnOneThread() gives it, read in chunks
// on up to `chunking.threads` threads whatever the text's size.
ProfileTables readPerfScriptInChunks(std::string_view text, PerfScriptStatistics* statistics = nullptr,
                                     const PerfScriptChunking& chunking = {});

} // namespace runlens::format
