// --profile-backend perf: the system's `perf record -a -g` samples while runlens-rec records, and
// at the end its `perf script` output is imported into the same tables as the native sampler's,
// a batch at a time into the profile journal.
// For hosts where perf is the sanctioned tool, or to cross-check the native sampler.
//
// perf runs as a child that dies with runlens-rec (PR_SET_PDEATHSIG). Its perf.data stays in the
// spool until the archive is written; after a crash `runlens-rec pack` does not run perf script,
// so the profile of a crashed perf-backend recording is lost (perf.data is kept in the spool).
#pragma once

#include "ProfileOptions.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <sys/types.h>

namespace runlens::format {
class ProfileBuilder;
}

namespace runlens::profile {

class PerfRecordBackend
{
public:
    // workDirectory: where perf.data and perf's messages go (the spool).
    PerfRecordBackend(ProfileOptions options, std::string workDirectory);
    ~PerfRecordBackend();
    PerfRecordBackend(const PerfRecordBackend&) = delete;
    PerfRecordBackend& operator=(const PerfRecordBackend&) = delete;

    // Starts perf record; "" or why it cannot run (no perf installed, perf refused to start).
    std::string start();
    // "" while perf runs, else what it said when it stopped.
    std::string checkRunning();
    // perf's CPU time so far (user + system), in seconds.
    double cpuSeconds() const;
    // Stops perf record and imports `perf script` into builder, times counted from zeroNs, calling
    // writeBatch whenever the builder holds ProfileOptions::perfImportBatchSamples whole samples
    // (it writes them out and clears the batch). Throws std::runtime_error when perf script fails
    // (and whatever writeBatch throws).
    void stopAndImport(format::ProfileBuilder& builder, std::int64_t zeroNs, const std::function<void()>& writeBatch);

    nlohmann::json info() const { return m_info; }

private:
    std::string perfMessages() const;

    ProfileOptions m_options;
    std::string m_directory;
    std::string m_perf;     // the perf executable
    std::string m_data;     // perf.data
    std::string m_log;      // perf's stderr
    pid_t m_pid = -1;
    double m_finishedCpuSeconds = 0;
    nlohmann::json m_info = nlohmann::json::object();
};

} // namespace runlens::profile
