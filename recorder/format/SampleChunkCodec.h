// One entry of a format 2.0 profile's sample rows, profile/samples/NNNNNN.bin (FORMAT.md, "Profile"):
// a bounded run of rows in time order, each column turned into mostly zeros and small numbers and
// stored as byte planes of the narrowest width that holds it, so that gzip does well on it.
//
//   "RLSMPCK2", u32 rows R, u8 columns K, K x (u8 column id, u8 bytes per value 1..8),
//   i64 first quantum (the first row's time / the quantum), u32 CPU modulus M (the highest CPU of
//   the chunk + 1), then the K columns in the order listed:
//   - a dense column: R values as byte planes (byte 0 of every value, then byte 1 ...)
//   - a per-CPU column (pid, tid, stack, task): a bitmap of R bits (bit r in byte r / 8, lowest
//     first), set where the row's value differs from the previous row of the same CPU in this
//     chunk, then the values of those rows only, as byte planes
//
// Column ids and what they store (all unsigned, little-endian):
//   0 time    dense: quanta since the previous row (the first row: since the first quantum); never
//             negative, so a chunk's rows are in time order by construction
//   1 cpu     dense: (cpu - the previous row's cpu) modulo M (the first row's previous cpu is 0)
//   2 pid, 3 tid, 7 task: per-CPU: the value
//   4 stack   per-CPU: 0 for kNoStack, else stack + 1
//   5 count   dense: count - 1 (optional: absent when every row of the chunk is one sample)
//   6 period  dense: zigzag(the row's summed period - the previous period of the same CPU, modulo
//             2^64; the first: - 0) (optional, present in every chunk of a profile with periods)
// Ids 8 and above are dense columns of a newer writer, skipped by their width.
//
// Why "the same CPU's previous row": one CPU's consecutive samples (20 ms apart at 49 Hz) mostly
// run the same thread, and an idle or spinning CPU mostly the same stack; such a row costs one bit
// and gzip next to nothing. Why CPU steps modulo M: within one quantum rows are sorted by CPU, so
// the steps are small and fit a byte up to 256 CPUs, also where a new quantum starts over at a
// lower CPU; a late sample may break that order without breaking the format.
#pragma once

#include "ProfileTables.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace runlens::format {

// What runlens-rec writes: 1 ms (FlameScope's finest cell is 20 ms; at 49 Hz one CPU samples
// every 20 ms, so a coarser quantum would merge nothing more and lose the order within it).
inline constexpr std::int64_t kDefaultTimeQuantumNs = 1'000'000;
// Rows per chunk: 32 Ki rows are 3.5 s of a 192-CPU host at 49 Hz, some 200 KB unpacked, and keep
// the packer's buffer at 1.5 MB (an hour is some 1,000 chunks, an 8-hour run 8,300).
inline constexpr std::size_t kSampleChunkRows = 1u << 15;

// The significant bits `runlens-rec pack` keeps of each sample's period (FORMAT.md, "Profile").
inline constexpr unsigned kRecordedPeriodBits = 12;

// One row as the packer merges it: a quantum's samples of one CPU, process, thread, task and stack.
struct SampleRow {
    std::int64_t quantum = 0; // timeNs / quantum, rounded down
    std::uint32_t cpu = 0;
    std::uint32_t pid = 0;
    std::uint32_t tid = 0;
    std::uint32_t stack = kNoStack;
    std::uint32_t task = 0;
    std::uint64_t count = 1;
    std::uint64_t period = 0;
};

// Appends one chunk entry holding `rows` (non-decreasing quantum order). The count column is
// written when a row stands for more than one sample; period and task when asked.
void encodeSampleChunk(std::span<const SampleRow> rows, bool withPeriod, bool withTask, std::string& out);

// What the index and the chunks before fix for the next one.
struct SampleChunkExpectation {
    std::string entry;                  // "profile/samples/000003.bin", named in every error
    std::uint64_t rows = 0;             // as profile.json lists it
    std::int64_t quantumNs = kDefaultTimeQuantumNs;
    std::uint64_t cpus = 0;             // cpu ids are below this
    std::uint64_t stacks = 0;           // stack ids are below this (or kNoStack)
    std::uint64_t tasks = 0;            // task ids are below this
    bool period = false;                // the profile's chunks have a period column
    bool task = false;                  // ... a task column
    std::int64_t notBeforeNs = std::numeric_limits<std::int64_t>::min(); // the previous chunk's last time
};

struct DecodedSampleChunk {
    std::int64_t firstNs = 0;
    std::int64_t lastNs = 0;
};

// Where one chunk's rows go: each column from the chunk's first row on, with room for exactly the
// rows the chunk holds, so that the chunks of a profile decode side by side on several cores.
// task and period are null when the profile has no such column; count is null when no chunk of
// the profile has counts (a chunk without them then writes 1s).
struct SampleRowsOut {
    std::int64_t* timeNs = nullptr;
    std::uint32_t* cpu = nullptr;
    std::uint32_t* pid = nullptr;
    std::uint32_t* tid = nullptr;
    std::uint32_t* stack = nullptr;
    std::uint32_t* task = nullptr;
    std::uint64_t* count = nullptr;
    std::uint64_t* period = nullptr;

    // The columns of `samples` from `row` on (their sizes already cover the chunk).
    static SampleRowsOut at(ProfileSamples& samples, std::size_t row);
};

// True when the chunk's header lists a count column: whether the profile needs one is known before
// any chunk is decoded. Reads only the header and never throws (a damaged header reads as false;
// decodeSampleChunk then reports it).
bool sampleChunkListsCounts(std::string_view bytes);

// Writes the chunk's rows (times = quantum starts) to `out`. Throws FormatError naming the entry
// and what is wrong (sizes, widths, columns, times out of order or beyond 64 bits, ids out of
// range). Writes nothing unless the chunk holds exactly expected.rows rows in no more than its
// bytes, which also means expected.rows <= bytes.size() / 2 (every row takes a byte of time and
// one of cpu at least).
DecodedSampleChunk decodeSampleChunk(std::string_view bytes, const SampleChunkExpectation& expected, const SampleRowsOut& out);

} // namespace runlens::format
