// How ProfileTables are stored in a run archive (FORMAT.md, "Profile"): an index in JSON (info,
// frames, tasks, which are irregular text) and binary entries for the stacks and the sample rows
// (dense integers, the bulk of a profile).
//
// Format 2.0 (encoding "runlens-profile-2", written by every writer since):
//   profile/profile.json   {"encoding": "runlens-profile-2", "info": {...}, "frames": [[symbol, module, kind]],
//                           "tasks": [[tid, pid, command]], "stacks": {"file", "count"},
//                           "samples": {"count", "samples", "time_quantum_ns", "time_ordered", "cpus", "columns",
//                                       "late_samples", "period_bits", "chunks": [{"file", "rows", "first_ns", "last_ns"}]}}
//   profile/stacks.bin     "RLSTACK1", u64 count, then the parent column and the frame column (u32 each)
//   profile/samples/NNNNNN.bin  the sample rows, in time order, a bounded chunk each (SampleChunkCodec.h):
//                          times quantised (1 ms) and the samples of one quantum, CPU, thread and
//                          stack merged into one row with a count
// Format 1.0 to 1.2 (encoding "runlens-profile-1"; still read, and written by encodeProfileFormat1
// for tests and fixtures):
//   profile/samples.bin    "RLSAMPL1", u64 count, then the columns time (i64), cpu, pid, tid, stack (u32),
//                          each stored as byte planes like the series blocks, one row per sample
//   profile/sample_columns.bin  (only when a profile has them) "RLSCOLS1", u64 count, then the
//                          optional columns the index lists under "sample_columns": {"file", "count",
//                          "columns": [[name, bytes per value]]}: count (u64), period (u64), task (u32)
#pragma once

#include "InputLimits.h"
#include "ProfileTables.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::format {

class ArchiveWriter;

namespace paths {
inline constexpr const char* kProfileDirectory = "profile/";
inline constexpr const char* kProfileIndex = "profile/profile.json";
inline constexpr const char* kProfileStacks = "profile/stacks.bin";
inline constexpr const char* kProfileSamples = "profile/samples.bin";
inline constexpr const char* kProfileSampleColumns = "profile/sample_columns.bin";
// Format 2.0: the sample chunks, NNNNNN.bin from 000000 up.
inline constexpr const char* kProfileSampleChunks = "profile/samples/";
} // namespace paths

inline constexpr const char* kProfileEncoding1 = "runlens-profile-1";
inline constexpr const char* kProfileEncoding2 = "runlens-profile-2";

// What a reader accepts before it calls a profile hostile. Generous for a long run on a large
// host (49 Hz x 192 CPUs x 8 hours is 271 million samples), small enough to stop garbage early.
// The defaults are the policy of InputLimits.h; tests pass smaller ones.
struct ProfileLimits {
    std::uint64_t maxFrames = limits::kFrames;
    std::uint64_t maxStacks = limits::kStacks;
    std::uint64_t maxTasks = limits::kTasks;
    std::uint64_t maxSamples = limits::kSamples;
    std::size_t maxTextBytes = limits::kNameBytes; // one symbol, module or command
    std::uint64_t maxChunkRows = limits::kSampleChunkRows;
    std::uint64_t maxChunks = limits::kSampleChunks;
};

std::string_view toString(FrameKind kind);
// Unknown words read as FrameKind::Unknown (a newer recorder may add kinds).
FrameKind frameKindFromString(std::string_view text);

// One sample chunk entry of format 2.0: its path below the run directory ("profile/samples/000000.bin").
struct SampleChunkEntry {
    std::string path;
    std::string bytes;
};

// The entries of a profile.
struct EncodedProfile {
    std::string index;         // profile/profile.json
    std::string stacks;        // profile/stacks.bin
    std::string samples;       // format 1.x: profile/samples.bin; empty in format 2.0
    std::string sampleColumns; // format 1.x: profile/sample_columns.bin; empty when the profile has no optional column
    std::vector<SampleChunkEntry> sampleChunks; // format 2.0: profile/samples/NNNNNN.bin, in order
};

// The format 2.0 encoding (ProfileStreamWriter): rows merged and put in time order, times
// quantised to kDefaultTimeQuantumNs.
EncodedProfile encodeProfile(const ProfileTables& profile);
void writeProfile(ArchiveWriter& writer, const ProfileTables& profile);
// The format 1.x encoding, one row per ProfileTables row as it is: kept so that tests and fixtures
// can make the archives older recorders wrote. Writers use encodeProfile.
EncodedProfile encodeProfileFormat1(const ProfileTables& profile);
// profile/stacks.bin (the same in both encodings).
std::string encodeStacks(const std::vector<ProfileStack>& stacks);

// Called after each sample chunk with the fraction of them decoded; returning false stops
// decodeProfile, which then throws ReadCancelled (FormatError.h).
using DecodeProgress = std::function<bool(double fraction)>;

// Decodes either encoding, the one the index names, and checks every index (stack parents before
// children, frames, stacks and tasks of samples, counts against sizes, format 2.0's chunk list
// and time order). Throws FormatError with a sentence naming the entry and what is wrong.
ProfileTables decodeProfile(const EncodedProfile& encoded, const ProfileLimits& limits = {},
                            const DecodeProgress& progress = {});
// The same for the entries of a format 1.x archive (a format 2.0 index decodes here only when it
// lists no chunk). sampleColumns: the optional entry's bytes, empty when the archive has none.
ProfileTables decodeProfile(std::string_view index, std::string_view stacks, std::string_view samples,
                            std::string_view sampleColumns = {}, const ProfileLimits& limits = {});

// The checks decodeProfile applies, for tables built in memory (the journal reader, importers).
// Throws FormatError naming `where`.
void validateProfile(const ProfileTables& profile, const std::string& where, const ProfileLimits& limits = {});

} // namespace runlens::format
