// The layout of a recording in progress (NAME.spool/), shared by the recorder, `pack` and `status`.
//
//   NAME.spool/manifest.json       the manifest so far; rewritten with the end reason at the end
//   NAME.spool/metrics.json        metric descriptors; rewritten when new metrics appear
//   NAME.spool/status.json         progress for `runlens-rec status`
//   NAME.spool/series/GROUP.spool  one journal per metric group (see Spool.h)
//   NAME.spool/host/...            once-per-run attachments (sysctl.json, kernel-config.txt ...)
#pragma once

#include <string>

namespace runlens::format::spool {

inline constexpr const char* kSuffix = ".spool";
inline constexpr const char* kManifest = "manifest.json";
inline constexpr const char* kMetrics = "metrics.json";
inline constexpr const char* kStatus = "status.json";
inline constexpr const char* kSeries = "series";
inline constexpr const char* kHost = "host";
inline constexpr const char* kJournalSuffix = ".spool";

// Writes content to dir/name through a temporary file and a rename, so readers (and a crash)
// only ever see a whole file. Throws FormatError.
void writeFileAtomically(const std::string& directory, const std::string& name, const std::string& content);

} // namespace runlens::format::spool
