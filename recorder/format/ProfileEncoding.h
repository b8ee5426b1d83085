// How ProfileTables are stored in a run archive (FORMAT.md, "profile/"): an index in JSON (info,
// frames, tasks, which are irregular text) and two binary column files (stacks and samples, which
// are dense integers and the bulk of a profile).
//
//   profile/profile.json   {"encoding": "runlens-profile-1", "info": {...}, "frames": [[symbol, module, kind]],
//                           "tasks": [[tid, pid, command]], "stacks": {"file", "count"}, "samples": {"file", "count"}}
//   profile/stacks.bin     "RLSTACK1", u64 count, then the parent column and the frame column (u32 each)
//   profile/samples.bin    "RLSAMPL1", u64 count, then the columns time (i64), cpu, pid, tid, stack (u32),
//                          each stored as byte planes like the series blocks
//   profile/sample_columns.bin  (only when a profile has them) "RLSCOLS1", u64 count, then the
//                          optional columns the index lists under "sample_columns": {"file", "count",
//                          "columns": [[name, bytes per value]]}: count (u64), period (u64), task (u32)
#pragma once

#include "InputLimits.h"
#include "ProfileTables.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace runlens::format {

class ArchiveWriter;

namespace paths {
inline constexpr const char* kProfileIndex = "profile/profile.json";
inline constexpr const char* kProfileStacks = "profile/stacks.bin";
inline constexpr const char* kProfileSamples = "profile/samples.bin";
inline constexpr const char* kProfileSampleColumns = "profile/sample_columns.bin";
} // namespace paths

// What a reader accepts before it calls a profile hostile. Generous for a long run on a large
// host (49 Hz x 192 CPUs x 8 hours is 271 million samples), small enough to stop garbage early.
// The defaults are the policy of InputLimits.h; tests pass smaller ones.
struct ProfileLimits {
    std::uint64_t maxFrames = limits::kFrames;
    std::uint64_t maxStacks = limits::kStacks;
    std::uint64_t maxTasks = limits::kTasks;
    std::uint64_t maxSamples = limits::kSamples;
    std::size_t maxTextBytes = limits::kNameBytes; // one symbol, module or command
};

std::string_view toString(FrameKind kind);
// Unknown words read as FrameKind::Unknown (a newer recorder may add kinds).
FrameKind frameKindFromString(std::string_view text);

// The entries of a profile.
struct EncodedProfile {
    std::string index;         // profile/profile.json
    std::string stacks;        // profile/stacks.bin
    std::string samples;       // profile/samples.bin
    std::string sampleColumns; // profile/sample_columns.bin; empty when the profile has no optional column
};

EncodedProfile encodeProfile(const ProfileTables& profile);
void writeProfile(ArchiveWriter& writer, const ProfileTables& profile);

// Decodes and checks every index (stack parents before children, frames, stacks of samples,
// counts against sizes). Throws FormatError with a sentence naming the entry and what is wrong.
// sampleColumns: the optional entry's bytes, empty when the archive has none.
ProfileTables decodeProfile(std::string_view index, std::string_view stacks, std::string_view samples,
                            std::string_view sampleColumns = {}, const ProfileLimits& limits = {});

// The checks decodeProfile applies, for tables built in memory (the journal reader, importers).
// Throws FormatError naming `where`.
void validateProfile(const ProfileTables& profile, const std::string& where, const ProfileLimits& limits = {});

} // namespace runlens::format
