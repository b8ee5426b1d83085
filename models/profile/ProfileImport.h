// Opens profiles made by other tools as runs: folded stacks and `perf script` output, plain or
// gzip-compressed, told apart by their content (not their name). A run archive is a gzip-compressed
// tar and is left to the archive reader.
#pragma once

#include "RunArchive.h"

#include <string>

enum class ProfileFileKind { RunArchive, PerfScript, Folded, Unrecognized };

// Looks at the start of the file (decompressed when it is gzip). Throws FormatError when it
// cannot be read.
ProfileFileKind detectProfileFileKind(const std::string& path);

// The whole file as text, decompressed when it is gzip. Throws FormatError naming the file.
std::string readProfileText(const std::string& path);

// A run named after the file, with no series and the file's samples as its profile. Throws
// FormatError with a sentence naming the file when it is neither folded stacks nor perf script.
runlens::format::RunArchive importProfileRun(const std::string& path);

// The profile of any file runlens opens: a run archive's recorded profile, or an imported one.
// Throws FormatError naming the file (also when a run archive has no profile).
runlens::format::ProfileTables loadProfile(const std::string& path);
