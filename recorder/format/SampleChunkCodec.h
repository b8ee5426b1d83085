// One entry of a format 2.0 profile's sample rows, profile/samples/NNNNNN.bin (FORMAT.md, "Profile"):
// a bounded run of rows in time order, each column turned into mostly zeros and small numbers and
// stored as byte planes of the narrowest width that holds it, so that gzip does well on it.
//
//   "RLSMPCK2", u32 rows, u8 columns K, K x (u8 column id, u8 bytes per value 1..8),
//   i64 first quantum (the first row's time / the quantum), then the K columns in the order listed,
//   each rows x width bytes as byte planes (byte 0 of every value, then byte 1 ...)
//
// Column ids and what they store (all unsigned, little-endian):
//   0 time    quanta since the previous row (the first row: since the first quantum); never negative,
//             so a chunk's rows are in time order by construction
//   1 cpu     zigzag(cpu - the previous row's cpu; the first row's previous cpu is 0)
//   2 pid, 3 tid, 7 task: 0 when the same as the previous row of the same CPU in this chunk, else value + 1
//   4 stack   0 when the same as the previous row of the same CPU, 1 for kNoStack, else stack + 2
//   5 count   count - 1 (optional: absent when every row of the chunk is one sample)
//   6 period  zigzag(the row's summed period - the previous period of the same CPU, modulo 2^64;
//             the first: - 0) (optional, present in every chunk of a profile that has periods)
// Ids 8 and above are skipped by their width (a newer writer's column).
//
// Why "the same CPU's previous row": one CPU's consecutive samples (20 ms apart at 49 Hz) mostly
// run the same thread, and an idle or spinning CPU mostly the same stack; a zero costs gzip almost
// nothing. Why zigzag deltas for the CPU: within one quantum rows are sorted by CPU, so the deltas
// are small and positive; a late sample may still break that order without breaking the format.
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
// Rows per chunk: 128 Ki rows are 14 s of a 192-CPU host at 49 Hz, some 1.5 MB unpacked, and keep
// the packer's buffer at 6 MB.
inline constexpr std::size_t kSampleChunkRows = 1u << 17;

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

// Appends the chunk's rows to `samples` (times = quantum starts). The optional columns stay either
// empty or one value per row: a chunk with counts fills 1 for the rows before it, and a chunk
// without counts after one with them appends 1s. Throws FormatError naming the entry and what is
// wrong (sizes, widths, columns, times out of order or beyond 64 bits, ids out of range).
DecodedSampleChunk decodeSampleChunk(std::string_view bytes, const SampleChunkExpectation& expected, ProfileSamples& samples);

} // namespace runlens::format
