// The stack sampler as one of the recorder's collectors ("profile"): it opens with the others
// (and, like them, reports why it cannot run: no perf_event_open permission, ...), drains its
// rings at every tick, and on its drain thread whenever a ring is half full, and appends each
// tick's samples to NAME.spool/profile.journal. It writes a small metric group (samples and lost
// samples per second, the sampler's CPU) so that the sampler's own cost shows in
// recorder.collector_cpu like every collector's, the drain thread's included.
#pragma once

#include "Collector.h"
#include "ProfileOptions.h"

#include <memory>
#include <mutex>
#include <string>

namespace runlens::format {
class ProfileJournalWriter;
}

namespace runlens::profile {

class DrainThread;
class PerfRecordBackend;
class StackSampler;

inline constexpr const char* kCollectorName = "profile";

class ProfileCollector : public collect::Collector
{
public:
    // journalPath: where the samples go (NAME.spool/profile.journal).
    ProfileCollector(ProfileOptions options, std::string journalPath);
    ~ProfileCollector() override;

    std::string_view name() const override { return kCollectorName; }
    std::string_view summary() const override;
    std::string open(const collect::HostPaths& paths, collect::MetricCatalog& catalog) override;
    void sample(collect::SampleContext& context, collect::MetricGroup& group) override;
    nlohmann::json details() const override;
    void finish() override;
    double backgroundCpuSeconds() const override;

private:
    void writeBatch(std::int64_t timestampNs);
    // The two endings of finish(): the built-in sampler's last drain, or perf's whole recording.
    void flushSampler();
    void importPerfRecording();

    ProfileOptions m_options;
    std::string m_journalPath;
    std::string openPerfBackend(collect::MetricCatalog& catalog);
    void samplePerfBackend(collect::SampleContext& context, collect::MetricGroup& group);

    std::unique_ptr<StackSampler> m_sampler;
    // Held by whoever uses m_sampler: the tick (drain, journal) and the drain thread.
    mutable std::mutex m_samplerLock;
    std::unique_ptr<DrainThread> m_drainThread;
    std::unique_ptr<PerfRecordBackend> m_perf; // --profile-backend perf
    std::int64_t m_zeroNs = 0;
    std::unique_ptr<format::ProfileJournalWriter> m_journal;
    std::int64_t m_firstTickNs = -1;
    std::int64_t m_lastTickNs = 0;
    std::int64_t m_lastSyncNs = 0;
    std::uint64_t m_samplesAtLastTick = 0;
    std::uint64_t m_lostAtLastTick = 0;
    int m_samplesColumn = -1;
    int m_lostColumn = -1;
    int m_costColumn = -1;
    double m_cpuAtLastTick = 0;
};

} // namespace runlens::profile
