// The layout of a recording in progress (NAME.spool/), shared by the recorder, `pack` and `status`.
//
//   NAME.spool/manifest.json       the manifest so far; rewritten with the end reason at the end
//   NAME.spool/metrics.json        metric descriptors; rewritten when new metrics appear
//   NAME.spool/status.json         progress for `runlens-rec status`
//   NAME.spool/series/GROUP.spool  one journal per metric group (see Spool.h)
//   NAME.spool/host/...            once-per-run attachments (sysctl.json, kernel-config.txt ...)
//   NAME.spool/profile.journal     stack samples, when recorded with --profile (see ProfileJournal.h)
//   NAME.spool/kernel-symbols.names  the kernel's function names while --profile records: unlinked
//                                  as soon as written (KernelSymbols.h), never packed
//   NAME.spool/workload/...        the workload's output tail (output.txt), with -- COMMAND
#pragma once

#include <string>

namespace runlens::format::spool {

inline constexpr const char* kSuffix = ".spool";
inline constexpr const char* kManifest = "manifest.json";
inline constexpr const char* kMetrics = "metrics.json";
inline constexpr const char* kStatus = "status.json";
inline constexpr const char* kSeries = "series";
inline constexpr const char* kHost = "host";
inline constexpr const char* kWorkload = "workload";
inline constexpr const char* kJournalSuffix = ".spool";
inline constexpr const char* kKernelSymbolNames = "kernel-symbols.names";

// Writes content to dir/name through a temporary file and a rename, so readers (and a crash)
// only ever see a whole file. Throws FormatError.
void writeFileAtomically(const std::string& directory, const std::string& name, const std::string& content);

// status.json, rewritten every sample. A rename per sample costs more than the sampling itself
// on some file systems, so the file stays open and is overwritten in place with one pwrite of a
// fixed size (the JSON padded with spaces): a reader sees the old or the new text, never a mix
// of lengths, and the padding is valid JSON whitespace.
class StatusFile
{
public:
    static constexpr std::size_t kSize = 4096;
    explicit StatusFile(std::string path); // throws FormatError
    ~StatusFile();
    StatusFile(const StatusFile&) = delete;
    StatusFile& operator=(const StatusFile&) = delete;
    void write(const std::string& json); // throws FormatError

private:
    std::string m_path;
    int m_fd = -1;
    std::string m_buffer;
};

} // namespace runlens::format::spool
