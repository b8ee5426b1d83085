#include "ProfileCollector.h"

#include "Clocks.h"
#include "DrainThread.h"
#include "FormatError.h"
#include "PerfRecordBackend.h"
#include "ProfileBuilder.h"
#include "ProfileJournal.h"
#include "StackSampler.h"

namespace runlens::profile {

namespace {

constexpr std::int64_t kSyncEveryNs = 5'000'000'000;

} // namespace

ProfileCollector::ProfileCollector(ProfileOptions options, std::string journalPath)
    : m_options(std::move(options))
    , m_journalPath(std::move(journalPath))
{
}

ProfileCollector::~ProfileCollector()
{
    // Before the sampler it drains goes.
    m_drainThread.reset();
}

std::string_view ProfileCollector::summary() const
{
    return "CPU stack samples of every CPU for flame graphs (perf_event_open, --profile)";
}

std::string ProfileCollector::open(const collect::HostPaths& paths, collect::MetricCatalog& catalog)
{
    if (m_options.frequencyHz < 1 || m_options.frequencyHz > 10000)
        return "--profile-hz " + std::to_string(m_options.frequencyHz) + " is outside 1..10000";
    if (m_options.backend == "perf")
        return openPerfBackend(catalog);
    if (m_options.backend != "native")
        return "there is no profile backend \"" + m_options.backend + "\"; use --profile-backend native or perf";
    m_sampler = std::make_unique<StackSampler>(m_options, paths);
    if (std::string why = m_sampler->open(); !why.empty()) {
        m_sampler.reset();
        return why + "; the recording goes on without a profile";
    }
    try {
        m_journal = std::make_unique<format::ProfileJournalWriter>(m_journalPath);
    } catch (const format::FormatError& error) {
        m_sampler.reset();
        return error.what();
    }
    m_drainThread = std::make_unique<DrainThread>(m_sampler->ringDescriptors(), [this] {
        const std::lock_guard lock(m_samplerLock);
        m_sampler->drain();
    });
    catalog.add({"profile.samples", "Stack samples", "/s", format::MetricKind::Rate, format::BetterDirection::Neutral, "",
                 "Profile", "Call stacks the profiler sampled per second, over all CPUs."});
    catalog.add({"profile.lost", "Lost stack samples", "/s", format::MetricKind::Rate, format::BetterDirection::Lower, "",
                 "Profile", "Stack samples the kernel dropped per second because the sampler's buffers were full."});
    catalog.add({"profile.sampler_cpu", "Profiler CPU", "%", format::MetricKind::Percent, format::BetterDirection::Lower, "",
                 "Profile", "CPU time the profiler spent reading and naming stacks, as a share of one CPU."});
    return {};
}

std::string ProfileCollector::openPerfBackend(collect::MetricCatalog& catalog)
{
    const auto slash = m_journalPath.rfind('/');
    m_perf = std::make_unique<PerfRecordBackend>(m_options, slash == std::string::npos ? "." : m_journalPath.substr(0, slash));
    if (std::string why = m_perf->start(); !why.empty()) {
        m_perf.reset();
        return why;
    }
    try {
        m_journal = std::make_unique<format::ProfileJournalWriter>(m_journalPath);
    } catch (const format::FormatError& error) {
        m_perf.reset();
        return error.what();
    }
    catalog.add({"profile.sampler_cpu", "Profiler CPU", "%", format::MetricKind::Percent, format::BetterDirection::Lower, "",
                 "Profile", "CPU time the profiler spent reading and naming stacks, as a share of one CPU."});
    return {};
}

void ProfileCollector::samplePerfBackend(collect::SampleContext& context, collect::MetricGroup& group)
{
    if (m_firstTickNs < 0) {
        m_firstTickNs = context.timestampNs;
        m_zeroNs = collect::monotonicNs() - context.timestampNs;
        m_costColumn = group.column("profile.sampler_cpu");
        m_cpuAtLastTick = m_perf->cpuSeconds();
        m_lastTickNs = context.timestampNs;
        return;
    }
    if (std::string why = m_perf->checkRunning(); !why.empty())
        throw collect::CollectorError(why);
    const double cpu = m_perf->cpuSeconds();
    const double elapsed = double(context.timestampNs - m_lastTickNs) / 1e9;
    if (elapsed > 0)
        group.set(m_costColumn, (cpu - m_cpuAtLastTick) / elapsed * 100.0);
    m_cpuAtLastTick = cpu;
    m_lastTickNs = context.timestampNs;
}

void ProfileCollector::finish()
{
    if (!m_journal || (!m_sampler && !m_perf))
        return;
    // Whichever backend ran, its last samples go to the journal and the journal reaches the disk;
    // a failure on the way (a full disk, a perf that died) is this collector's error, not the run's.
    try {
        if (m_sampler)
            flushSampler();
        else
            importPerfRecording();
        m_journal->sync();
    } catch (const std::runtime_error& error) {
        throw collect::CollectorError(error.what());
    }
}

void ProfileCollector::flushSampler()
{
    // The drain thread may have read samples since the last tick: they go to the journal too.
    m_drainThread->stop();
    const std::lock_guard lock(m_samplerLock);
    m_sampler->stop();
    if (m_firstTickNs >= 0) {
        m_sampler->drain();
        writeBatch(m_lastTickNs);
    }
}

void ProfileCollector::importPerfRecording()
{
    // One name per thread: the journal keeps a thread's latest command (see ProfileJournal.h).
    format::ProfileBuilder builder;
    m_perf->stopAndImport(builder, m_zeroNs, [&] {
        m_journal->append(builder, 0);
        builder.clearBatch();
    });
    builder.tables().info = m_perf->info();
    builder.tables().info["frames"] = builder.frameCount();
    builder.tables().info["stacks"] = builder.tables().stacks.size();
    m_journal->append(builder, 0);
}

void ProfileCollector::sample(collect::SampleContext& context, collect::MetricGroup& group)
{
    if (m_perf) {
        samplePerfBackend(context, group);
        return;
    }
    const std::lock_guard lock(m_samplerLock);
    if (m_firstTickNs < 0) {
        // The tick's timestamp counts from the run's start: the same zero for samples and series.
        m_firstTickNs = context.timestampNs;
        m_sampler->start(collect::monotonicNs() - context.timestampNs);
        if (std::string why = m_drainThread->start(); !why.empty())
            context.warnings.add(why + "; the profile's rings are read once per interval only");
        m_samplesColumn = group.column("profile.samples");
        m_lostColumn = group.column("profile.lost");
        m_costColumn = group.column("profile.sampler_cpu");
        m_cpuAtLastTick = m_sampler->cpuSeconds();
        m_lastTickNs = context.timestampNs;
        return;
    }
    m_sampler->drain();
    writeBatch(context.timestampNs);
    const double elapsed = double(context.timestampNs - m_lastTickNs) / 1e9;
    if (elapsed > 0) {
        const std::uint64_t samples = m_sampler->builder().totalSamples();
        group.set(m_samplesColumn, double(samples - m_samplesAtLastTick) / elapsed);
        group.set(m_lostColumn, double(m_sampler->lostSamples() - m_lostAtLastTick) / elapsed);
        group.set(m_costColumn, (m_sampler->cpuSeconds() - m_cpuAtLastTick) / elapsed * 100.0);
    }
    m_samplesAtLastTick = m_sampler->builder().totalSamples();
    m_lostAtLastTick = m_sampler->lostSamples();
    m_cpuAtLastTick = m_sampler->cpuSeconds();
    m_lastTickNs = context.timestampNs;
    if (context.timestampNs - m_lastSyncNs >= kSyncEveryNs) {
        m_lastSyncNs = context.timestampNs;
        try {
            m_journal->sync();
        } catch (const format::FormatError& error) {
            throw collect::CollectorError(error.what());
        }
    }
}

void ProfileCollector::writeBatch(std::int64_t timestampNs)
{
    format::ProfileBuilder& builder = m_sampler->builder();
    nlohmann::json info = m_sampler->info();
    const double elapsed = double(timestampNs - m_firstTickNs) / 1e9;
    if (elapsed > 0)
        info["sampler_cpu_percent"] = m_sampler->cpuSeconds() / elapsed * 100.0;
    builder.tables().info = std::move(info);
    try {
        m_journal->append(builder, 0);
    } catch (const format::FormatError& error) {
        throw collect::CollectorError(error.what());
    }
    builder.clearBatch();
}

nlohmann::json ProfileCollector::details() const
{
    if (m_perf)
        return m_perf->info();
    if (!m_sampler)
        return nlohmann::json::object();
    const std::lock_guard lock(m_samplerLock);
    nlohmann::json info = m_sampler->info();
    return {{"event", info["event"]},
            {"frequency_hz", info["frequency_hz"]},
            {"cpus", info["cpus"]},
            {"samples", info["samples"]},
            {"lost_samples", info["lost_samples"]},
            {"drains", info["drains"]},
            {"ring_bytes_per_cpu", info["ring_bytes_per_cpu"]},
            {"kernel_symbols", info["kernel_symbols"]},
            {"kernel_symbols_reason", info.value("kernel_symbols_reason", std::string())},
            {"sampler_cpu_seconds", info["sampler_cpu_seconds"]}};
}

double ProfileCollector::backgroundCpuSeconds() const
{
    return m_drainThread ? m_drainThread->cpuSeconds() : 0.0;
}

} // namespace runlens::profile
