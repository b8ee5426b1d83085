// Reads a run archive into memory, treating it as hostile input: it never extracts to disk,
// accepts only regular files under one directory, and bounds entry count, sizes and the
// compression ratio on the bytes actually read, not on what headers claim.
#pragma once

#include "FormatError.h"
#include "InputLimits.h"
#include "RunArchive.h"

#include <cstdint>
#include <functional>
#include <string>

namespace runlens::format {

// The defaults are the policy of InputLimits.h; tests pass smaller ones.
struct ReadLimits {
    std::uint64_t maxArchiveBytes = limits::kArchiveBytes;   // the compressed file
    std::uint64_t maxEntries = limits::kArchiveEntries;
    std::uint64_t maxEntryBytes = limits::kEntryBytes;
    std::uint64_t maxSeriesBlockBytes = limits::kSeriesBlockBytes; // one series/GROUP/N.bin
    std::uint64_t maxJsonBytes = limits::kJsonBytes;
    std::uint64_t maxTotalBytes = limits::kTotalUnpackedBytes; // everything uncompressed
    std::uint64_t maxCompressionRatio = limits::kCompressionRatio; // uncompressed / compressed, beyond a small floor
    std::size_t maxPathLength = limits::kPathLength;
};

// Called now and then with the compressed bytes consumed so far and the file's size; returning
// false cancels the read (readRunArchive then throws ReadCancelled).
using ReadProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

// When the profile's sample rows are decoded. AtOnce: by readRunArchive, into RunArchive::profile,
// so that a damaged profile fails the read. Later: they stay encoded in
// RunArchive::encodedProfile, unchecked, for the caller to decode (decodeProfile) when it needs
// them: on a 192-CPU hour that is most of the read, and the app shows the charts meanwhile.
enum class ProfileDecoding { AtOnce, Later };

// Throws FormatError with a sentence that says what is wrong with the file.
RunArchive readRunArchive(const std::string& path, const ReadLimits& limits = {}, const ReadProgress& progress = {},
                          ProfileDecoding decoding = ProfileDecoding::AtOnce);

} // namespace runlens::format
