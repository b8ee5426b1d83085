// The checks every reader of an untrusted tar archive applies to an entry before trusting its
// path: the run-archive reader and the APerf importer both.
#pragma once

#include "ArchiveReader.h"

#include <string>
#include <string_view>
#include <sys/types.h>

namespace runlens::format {

// "a symbolic link", "a named pipe" ...: what an entry that is not a regular file or a directory is.
std::string_view archiveEntryKind(mode_t type);

// Checks one entry path (no empty, overlong or absolute path, no "..", at most 16 levels) and
// splits off its top directory (returned) from the rest (`relative`, empty for the top directory
// itself). Throws FormatError with a clause "it contains ..."; `archives` names the kind of
// archive in it ("run archives hold only relative paths").
std::string checkArchiveEntryPath(const std::string& path, const ReadLimits& limits, std::string& relative,
                                  std::string_view archives);

} // namespace runlens::format
