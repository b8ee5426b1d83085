// The containers of APerf (aws/aperf) runs, told apart by their content: a record archive
// (`aperf record`: <run>.tar.gz, one top directory, flat data files), a report tarball
// (`aperf report`: <report>/data/archive/<run>.tar.gz copies of the record archives, plus
// data/js and the web app) and the YAML files of the first alphas (≤ 0.1.6). Everything is read
// through libarchive under the run-archive reader's limits (ReadLimits): entry count,
// per-entry and total bytes, compression ratio — a gzip bomb fails with a sentence; nothing is
// extracted to disk. Errors are runlens::format::FormatError sentences naming the file.
#pragma once

#include "ArchiveReader.h"

#include <cstdint>
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
    std::vector<std::string> streamed;         // files whose bytes went to an AperfEntrySink instead
};

// Takes the files of a record archive as they are read, block by block, instead of keeping them:
// the time series of a long run on a big host are hundreds of MB of text. Its calls come on the
// reading thread, in archive order, while the archive is decompressed on a second thread.
class AperfEntrySink
{
public:
    virtual ~AperfEntrySink() = default;
    // Whether the file `name` (relative to the top directory; `size` bytes as its header says)
    // is to be streamed to data() and end() rather than kept in AperfEntries::files.
    virtual bool wantsStream(const std::string& name, std::uint64_t size) = 0;
    virtual void data(std::string_view piece) = 0;
    virtual void end() = 0;
    // A file that is kept, once it is whole (e.g. a configuration the streamed files need).
    virtual void kept(const std::string& name, const std::string& bytes) = 0;
};

enum class AperfKind { NotAperf, RecordArchive, ReportTarball, YamlEra };

// Looks at the first entries only (and never decompresses more than a few MiB of a report's web
// app): NotAperf for anything that is not a gzip'd tar, for a Runlens run archive, and for a tar of
// something else. Never throws.
AperfKind detectAperf(const std::string& path);

// A record archive, from memory (e.g. embedded in a report) or from a file. Regular files and
// directories only, all under one top directory. Throws FormatError naming displayName / path.
// With a sink, the files it asks for are streamed to it and only named in AperfEntries::streamed.
AperfEntries readAperfEntries(std::string_view tarGzBytes, const std::string& displayName,
                              const runlens::format::ReadLimits& limits = {}, AperfEntrySink* sink = nullptr);
AperfEntries readAperfEntries(const std::string& path, const runlens::format::ReadLimits& limits = {},
                              AperfEntrySink* sink = nullptr);

// What Runlens reads of a report tarball: the record archives it embeds and its processed data.
struct AperfReport {
    // (run name, bytes of the record tar.gz) of each <report>/data/archive/<run>.tar.gz, in archive order.
    std::vector<std::pair<std::string, std::string>> archives;
    // <report>/data/js/<name>.js: name -> text (under the JSON size limit).
    std::map<std::string, std::string> scripts;
};
// The other entries are skipped, not kept. Throws FormatError naming the file when it cannot be
// read, or holds neither a run archive nor data/js/runs.js.
AperfReport readAperfReport(const std::string& reportPath, const runlens::format::ReadLimits& limits = {});

// The record archives of a report; throws FormatError also when it holds none.
std::vector<std::pair<std::string, std::string>> embeddedRunArchives(const std::string& reportPath,
                                                                     const runlens::format::ReadLimits& limits = {});

// APerf's own lookup of a data file (data.rs get_raw_data_file): `^<name>(_.*)?\.bin$`, also
// under the other name of diskstats|disk_stats, systeminfo|system_info, aperf_stats|aperf_run_stats.
// When several match, the choice is deterministic: the name asked for before its alias, then
// `<name>.bin`, then `<name>_YYYY-MM-DD_HH_MM_SS.bin`, then any other `<name>_*.bin`, each by
// lexical order. Returns the file name (a key of entries.files, or one of entries.streamed).
std::optional<std::string> findDataFile(const AperfEntries& entries, std::string_view name);
// Whether `file` is one of the files findDataFile considers for `name`.
bool isDataFileOf(std::string_view file, std::string_view name);

} // namespace aperf
