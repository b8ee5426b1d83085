// Turns a spool directory (a finished, interrupted or crashed recording) into a run archive.
#pragma once

#include <cstdint>
#include <string>

namespace runlens::format {

struct PackResult {
    std::string archivePath;
    std::uint64_t rows = 0;              // rows over all groups
    std::uint64_t ignoredTailBytes = 0;  // torn records at the ends of journals (a crash)
    bool recovered = false;              // the recording had not finished (kill -9, power cut)
    std::uint64_t profileSamples = 0;    // stack samples packed from profile.journal
    std::uint64_t profileLateSamples = 0; // samples that came later than the reorder window allowed (FORMAT.md)
};

// Reads NAME.spool/ and writes archivePath (NAME.tar.gz) without ever replacing an existing file.
// Rows are transposed into column blocks of bounded size and the profile is streamed into chunk
// entries, so memory stays small however long the recording was (the profile's frames, stacks and
// tasks grow only with its distinct stacks). Throws FormatError; the spool directory is left untouched either way.
PackResult packSpool(const std::string& spoolDirectory, const std::string& archivePath);

// The archive name a spool directory packs to by default: NAME.spool -> NAME.tar.gz beside it.
std::string defaultArchivePath(const std::string& spoolDirectory);

} // namespace runlens::format
