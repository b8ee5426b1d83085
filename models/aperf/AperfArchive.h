// The containers of APerf (aws/aperf) runs, told apart by their content: a record archive
// (`aperf record`: <run>.tar.gz, one top directory, flat data files), a report tarball
// (`aperf report`: <report>/data/archive/<run>.tar.gz copies of the record archives, plus
// data/js and the web app) and the YAML files of the first alphas (≤ 0.1.6). Everything is read
// into memory through libarchive under the run-archive reader's limits (ReadLimits): entry count,
// per-entry and total bytes, compression ratio — a gzip bomb fails with a sentence; nothing is
// extracted to disk. Errors are runlens::format::FormatError sentences naming the file.
#pragma once

#include "ArchiveReader.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace aperf {

struct AperfEntries {
    std::string topDirectory;                  // the run's original name (may differ from the file's)
    std::map<std::string, std::string> files;  // name relative to topDirectory → bytes
};

enum class AperfKind { NotAperf, RecordArchive, ReportTarball, YamlEra };

// Looks at the first entries only (and never decompresses more than a few MiB of a report's web
// app): NotAperf for anything that is not a gzip'd tar, for a Runlens run archive, and for a tar of
// something else. Never throws.
AperfKind detectAperf(const std::string& path);

// A record archive, from memory (e.g. embedded in a report) or from a file. Regular files and
// directories only, all under one top directory. Throws FormatError naming displayName / path.
AperfEntries readAperfEntries(std::string_view tarGzBytes, const std::string& displayName,
                              const runlens::format::ReadLimits& limits = {});
AperfEntries readAperfEntries(const std::string& path, const runlens::format::ReadLimits& limits = {});

// The (run name, bytes of the record tar.gz) of each <report>/data/archive/<run>.tar.gz of a
// report tarball, in archive order; the other entries are skipped, not kept. Throws FormatError
// naming the file, also when it holds no run archive.
std::vector<std::pair<std::string, std::string>> embeddedRunArchives(const std::string& reportPath,
                                                                     const runlens::format::ReadLimits& limits = {});

// APerf's own lookup of a data file (data.rs get_raw_data_file): `^<name>(_.*)?\.bin$`, also
// under the other name of diskstats|disk_stats, systeminfo|system_info, aperf_stats|aperf_run_stats.
// When several match, the choice is deterministic: the name asked for before its alias, then
// `<name>.bin`, then `<name>_YYYY-MM-DD_HH_MM_SS.bin`, then any other `<name>_*.bin`, each by
// lexical order. Returns the file name (a key of entries.files).
std::optional<std::string> findDataFile(const AperfEntries& entries, std::string_view name);

} // namespace aperf
