// The one limits policy of every reader of untrusted bytes: run archives and their entries,
// imported profiles (folded stacks, `perf script`), APerf archives, session files, rule files,
// `--pmu-events` files and the /proc and /sys texts the recorder parses. A reader that meets an
// input beyond one of these says so in one sentence that names the file and the limit, and stops;
// none aborts, none allocates in proportion to a number the input claims rather than holds.
//
// The values are generous for real inputs (a long recording of a large host: 49 Hz x 192 CPUs x
// 8 hours of stacks, thousands of columns per metric group) and keep any one input of at most
// 10 MB well under 2 GiB of memory (checked by the fuzz targets in tests/fuzz/ with
// -rss_limit_mb=2048). Readers take their defaults from here; tests may pass smaller ones.
#pragma once

#include <cstddef>
#include <cstdint>

namespace runlens::format::limits {

// --- Archives (run archives, APerf archives): counted on the bytes produced, not on headers ----
inline constexpr std::uint64_t kArchiveBytes = 4ull << 30;        // the compressed file
inline constexpr std::uint64_t kArchiveEntries = 100000;
inline constexpr std::uint64_t kEntryBytes = 2ull << 30;          // one entry, unpacked
inline constexpr std::uint64_t kTotalUnpackedBytes = 16ull << 30; // all entries, unpacked
// Beyond the first 64 MiB. What a reader holds grows with what an archive unpacks to, so this
// ratio is what bounds the memory a small file can cost: 10 MB may unpack to at most 1.6 GB
// (and take about that, bench_readermemory). Our archives unpack 4–13 times, APerf's 4–6.
inline constexpr std::uint64_t kCompressionRatio = 150;
// One series block (series/GROUP/N.bin): runlens-rec writes about 4 MiB, at most 32 MiB (16 rows
// of 2^18 columns). The reader holds a block and its decoded columns at once.
inline constexpr std::uint64_t kSeriesBlockBytes = 64ull << 20;
inline constexpr std::size_t kPathLength = 1024;                  // one entry's path

// --- JSON documents (manifest, descriptors, indexes, rules, sessions, event sets) -------------
inline constexpr std::uint64_t kJsonBytes = 64ull << 20;
// Nesting: what we write is at most 5 deep; 64 leaves room for any tool's output while keeping
// the recursive copies and dumps of nlohmann::json far from the end of the stack.
inline constexpr int kJsonDepth = 64;
// Values (objects, arrays, strings, numbers ...) in one document: 63 MB of `[]` is 21 million
// values and 2 GB in memory. A manifest or an index has thousands; a profile index (profile.json)
// one row of 4 values per frame and task, so it gets more.
inline constexpr std::uint64_t kJsonValues = 1u << 20;
inline constexpr std::uint64_t kProfileIndexJsonValues = 16u << 20;
// Integers read from JSON where a count, an id or nanoseconds are meant: beyond 2^53 a double
// (what JSON tools write numbers as) is no longer exact.
inline constexpr std::uint64_t kExactInteger = 1ull << 53;

// --- Metric series --------------------------------------------------------------------------
// One metric group's columns (metrics x instances: 192 CPUs x 20 metrics is 3840).
inline constexpr std::uint64_t kColumnsPerGroup = 1u << 18;

// --- Profiles, recorded or imported ------------------------------------------------------------
inline constexpr std::uint64_t kFrames = 16u << 20;
inline constexpr std::uint64_t kStacks = 64u << 20;
inline constexpr std::uint64_t kTasks = 4u << 20;
inline constexpr std::uint64_t kSamples = 1ull << 30;
// Format 2.0 keeps sample rows in chunk entries (profile/samples/NNNNNN.bin) of at most this many
// rows (runlens-rec writes 32 Ki), and at most this many chunks: 1 Gi rows at 16 Ki per chunk.
inline constexpr std::uint64_t kSampleChunkRows = 1u << 20;
inline constexpr std::uint64_t kSampleChunks = 1u << 16;
inline constexpr std::size_t kNameBytes = 4096;   // one symbol, module or command
inline constexpr std::uint32_t kStackDepth = 4096; // frames in one stack (Linux records at most 127 by default)
// An imported profile (folded stacks, `perf script`): a plain file is mapped, not copied, so it
// may be large; a gzip one is decompressed into memory, where a bomb (18 MB of gzip members
// expanding to 9 GB) would land, so its text is held to less.
inline constexpr std::uint64_t kProfileFileBytes = 8ull << 30;
inline constexpr std::uint64_t kProfileTextBytes = 256ull << 20;
// Sample rows of an imported profile (36 bytes each): a `perf script` text holds some 500 bytes
// per sample, so 8 GiB of it is some 17 million; one row per line of a folded file.
inline constexpr std::uint64_t kImportedSamples = 16u << 20;
// One line of text of any text reader (profiles, /proc files, `--pmu-events`).
inline constexpr std::size_t kLineBytes = 1u << 20;

// --- Text files the recorder reads whole (/proc, /sys, `--pmu-events`) -----------------------
// /proc/PID/maps of a process at vm.max_map_count is some 7 MB, /proc/interrupts of 192 CPUs 200 KB.
inline constexpr std::uint64_t kSmallFileBytes = 64u << 20;

// --- Prometheus text (`runlens-rec record --scrape URL`), read from a process every interval ---
// One answer: node_exporter on a 192-CPU host writes about 1 MB.
inline constexpr std::size_t kScrapeAnswerBytes = 16u << 20;
inline constexpr std::size_t kScrapeHeaderBytes = 64u << 10;
// Series kept over a run, every endpoint together (each histogram bucket is one): a large host's
// node_exporter has some 5,000. A service that invents label values at every scrape stops here
// instead of growing the recorder's memory and the archive's columns without end.
inline constexpr std::size_t kScrapeSeries = 50000;
inline constexpr std::size_t kScrapeNameBytes = 200;     // a metric name (ids are scrape.NAME.p99)
inline constexpr std::size_t kScrapeInstanceBytes = 512; // an instance made of a series' labels
inline constexpr std::size_t kScrapeHelpBytes = 300;     // the # HELP text kept as the description

} // namespace runlens::format::limits
