// One recording: opens the collectors, samples them into the spool at each tick, and packs the
// spool into the run archive at the end. The timing loop lives outside (RecordCommand) so that
// tests and benchmarks can drive ticks directly.
#pragma once

#include "Collector.h"
#include "RecordOptions.h"
#include "Spool.h"
#include "SpoolDirectory.h"
#include "WorkloadMonitor.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace runlens::recorder {

// Command: the workload command given after `--` exited on its own.
enum class EndReason { Duration, Interrupted, Terminated, Error, Command };
std::string_view toString(EndReason reason);

// Thrown by start(), tick() and finish() with a sentence for the user.
class RecordError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

class RecordingSession
{
public:
    RecordingSession(RecordOptions options, collect::CollectorList collectors);
    ~RecordingSession();

    // The workload beside the recording (`-- COMMAND`, `--follow`), owned by the caller, which
    // drives its waiting; the session registers its metrics, journals its values at each tick and
    // keeps its manifest section and output. Call before start().
    void attachWorkload(workload::WorkloadMonitor& workload) { m_workload = &workload; }

    // Creates OUT/NAME.spool, opens the collectors and writes the first manifest.
    void start();
    // Samples every collector that is due at this tick. timestampNs counts from start().
    void tick(std::int64_t timestampNs);
    // Writes the final manifest and packs the archive; removes the spool when the archive is
    // complete. On failure the spool stays and the error says how to pack it later.
    std::string finish(EndReason reason, const std::string& message = {});
    // Removes the spool without writing an archive: the recording never became what was asked
    // for (the workload command could not be started), so no file may suggest otherwise.
    void abandon();

    const std::string& runName() const { return m_options.name; }
    const std::string& spoolDirectory() const { return m_spoolDirectory; }
    const std::string& archivePath() const { return m_archivePath; }
    std::uint64_t ticks() const { return m_ticks; }
    const collect::Warnings& warnings() const { return m_warnings; }
    std::size_t activeCollectors() const;
    // The recorder's own CPU time (user + system) since start, in seconds.
    double ownCpuSeconds() const;

private:
    struct Slot;

    void writeHostFacts();
    void writeManifest(const nlohmann::json* end);
    void writeMetricsIfChanged();
    void writeStatus(const char* state);
    // After finish() has synced the spool: frees what the collectors hold before packing.
    void releaseCollectors();
    void sampleSelf(std::int64_t timestampNs, double elapsedSeconds);
    void drainWorkload();
    void writeWorkloadOutput();
    void append(Slot& slot, std::int64_t timestampNs);
    nlohmann::json collectorsJson() const;

    RecordOptions m_options;
    std::vector<std::unique_ptr<Slot>> m_slots;
    std::unique_ptr<Slot> m_self;
    std::unique_ptr<Slot> m_workloadSlot;
    workload::WorkloadMonitor* m_workload = nullptr;
    collect::MetricCatalog m_catalog;
    collect::Warnings m_warnings;
    std::string m_spoolDirectory;
    std::string m_archivePath;
    std::unique_ptr<format::spool::StatusFile> m_status;
    std::vector<double> m_storedRow; // reused: the row rounded to the stored precision
    nlohmann::json m_manifest;
    std::size_t m_metricsWritten = 0;
    std::uint64_t m_ticks = 0;
    std::int64_t m_lastTimestampNs = 0;
    std::int64_t m_lastSyncNs = 0;
    double m_startCpuSeconds = 0;
    double m_lastSelfCpuSeconds = 0;
};

} // namespace runlens::recorder
