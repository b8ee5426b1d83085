// Reads a run archive into memory, treating it as hostile input: it never extracts to disk,
// accepts only regular files under one directory, and bounds entry count, sizes and the
// compression ratio on the bytes actually read, not on what headers claim.
#pragma once

#include "RunArchive.h"

#include <cstdint>
#include <functional>
#include <string>

namespace runlens::format {

struct ReadLimits {
    std::uint64_t maxArchiveBytes = 4ull << 30;      // the compressed file
    std::uint64_t maxEntries = 100000;
    std::uint64_t maxEntryBytes = 2ull << 30;
    std::uint64_t maxJsonBytes = 64ull << 20;
    std::uint64_t maxTotalBytes = 16ull << 30;       // everything uncompressed
    std::uint64_t maxCompressionRatio = 200;         // uncompressed / compressed, beyond a small floor
    std::size_t maxPathLength = 1024;
};

// Called now and then with the compressed bytes consumed so far and the file's size; returning
// false cancels the read (readRunArchive then throws ReadCancelled).
using ReadProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

class ReadCancelled : public std::exception
{
public:
    const char* what() const noexcept override { return "reading the run archive was cancelled"; }
};

// Throws FormatError with a sentence that says what is wrong with the file.
RunArchive readRunArchive(const std::string& path, const ReadLimits& limits = {}, const ReadProgress& progress = {});

} // namespace runlens::format
