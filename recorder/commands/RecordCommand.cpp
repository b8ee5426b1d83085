#include "AllCollectors.h"
#include "Commands.h"
#include "Duration.h"
#include "RecordingSession.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <sys/resource.h>
#include <unistd.h>

namespace runlens::recorder {

namespace {

volatile std::sig_atomic_t g_stopSignal = 0;

void onStopSignal(int signal)
{
    g_stopSignal = signal;
}

// SIGINT and SIGTERM end the recording normally (the archive is written). No SA_RESTART: the
// sleep between samples returns at once so the user does not wait for the next tick.
void installStopHandlers()
{
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    // A closed terminal or SSH session must not kill the recorder mid-write.
    std::signal(SIGPIPE, SIG_IGN);
}

std::int64_t monotonicNs()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

void sleepUntil(std::int64_t deadlineNs)
{
    const timespec deadline{time_t(deadlineNs / 1'000'000'000), long(deadlineNs % 1'000'000'000)};
    while (!g_stopSignal && clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nullptr) == EINTR) {
    }
}

std::string humanBytes(std::uintmax_t bytes)
{
    char text[32];
    if (bytes >= (1u << 20))
        std::snprintf(text, sizeof text, "%.1f MB", double(bytes) / 1e6);
    else
        std::snprintf(text, sizeof text, "%.1f kB", double(bytes) / 1e3);
    return text;
}

class ProgressLine
{
public:
    explicit ProgressLine(bool enabled)
        : m_enabled(enabled && ::isatty(STDERR_FILENO))
    {
    }

    void update(const RecordingSession& session, std::int64_t elapsedNs, const std::optional<std::chrono::nanoseconds>& duration)
    {
        if (!m_enabled)
            return;
        const std::string total = duration ? " / " + formatDuration(*duration) : std::string();
        std::fprintf(stderr, "\r\033[Krecording %s  %s%s  %llu samples  %zu collectors  %llu warnings  (Ctrl-C stops and saves)",
                     session.runName().c_str(), formatDuration(std::chrono::nanoseconds(elapsedNs)).c_str(),
                     total.c_str(), static_cast<unsigned long long>(session.ticks()), session.activeCollectors(),
                     static_cast<unsigned long long>(session.warnings().total()));
        std::fflush(stderr);
        m_dirty = true;
    }

    void finish()
    {
        if (m_dirty)
            std::fputs("\r\033[K", stderr);
        m_dirty = false;
    }

private:
    bool m_enabled;
    bool m_dirty = false;
};

// Collectors keep their files open (one per process in the top N, one per CPU for counters):
// take all the descriptors the administrator allows, rather than the default soft limit.
void raiseOpenFileLimit()
{
    rlimit limit {};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

} // namespace

int runRecord(RecordOptions options)
{
    installStopHandlers();
    raiseOpenFileLimit();
    const bool quiet = options.quiet;
    const auto duration = options.duration;
    const std::int64_t intervalNs = options.interval.count();
    const collect::CollectorSettings settings{options.pmuEventsFile, options.scrapeUrls, options.interval};
    RecordingSession session(std::move(options), collect::createAllCollectors(settings));
    try {
        session.start();
    } catch (const RecordError& error) {
        std::fprintf(stderr, "runlens-rec: %s\n", error.what());
        return 1;
    }
    if (!quiet) {
        std::fprintf(stderr, "runlens-rec: recording %s every %s%s into %s\n", session.runName().c_str(),
                     formatDuration(std::chrono::nanoseconds(intervalNs)).c_str(),
                     duration ? (" for " + formatDuration(*duration)).c_str() : " until Ctrl-C",
                     session.archivePath().c_str());
        std::fprintf(stderr, "runlens-rec: %zu collectors running\n", session.activeCollectors());
    }

    ProgressLine progress(!quiet);
    const std::int64_t start = monotonicNs();
    std::int64_t nextTick = start;
    EndReason reason = EndReason::Duration;
    std::string failure;
    for (;;) {
        const std::int64_t elapsed = monotonicNs() - start;
        try {
            session.tick(elapsed);
        } catch (const RecordError& error) {
            reason = EndReason::Error;
            failure = error.what();
            break;
        }
        progress.update(session, elapsed, duration);
        if (duration && elapsed >= duration->count())
            break;
        // Absolute deadlines: samples stay on the interval grid however long a sample took. A
        // sample that overran its slot skips the ticks it missed rather than bunching them up.
        nextTick += intervalNs;
        const std::int64_t now = monotonicNs();
        if (nextTick < now)
            nextTick += (now - nextTick) / intervalNs * intervalNs + intervalNs;
        if (duration && nextTick - start > duration->count())
            nextTick = start + duration->count();
        sleepUntil(nextTick);
        if (g_stopSignal) {
            reason = g_stopSignal == SIGINT ? EndReason::Interrupted : EndReason::Terminated;
            break;
        }
    }
    progress.finish();

    if (reason == EndReason::Error)
        std::fprintf(stderr, "runlens-rec: %s\n", failure.c_str());
    else if (!quiet && reason != EndReason::Duration)
        std::fprintf(stderr, "runlens-rec: %s received, finishing the archive\n", reason == EndReason::Interrupted ? "SIGINT" : "SIGTERM");
    try {
        const std::string archive = session.finish(reason, failure);
        std::error_code error;
        const auto size = std::filesystem::file_size(archive, error);
        if (!quiet || reason == EndReason::Error)
            std::fprintf(stderr, "runlens-rec: wrote %s (%s, %llu samples, %.2f s of recorder CPU)\n", archive.c_str(),
                         humanBytes(size).c_str(), static_cast<unsigned long long>(session.ticks()), session.ownCpuSeconds());
        if (reason == EndReason::Error)
            std::fprintf(stderr, "runlens-rec: the archive ends at the error; the samples are also kept in %s\n",
                         session.spoolDirectory().c_str());
        std::printf("%s\n", archive.c_str());
    } catch (const RecordError& error) {
        std::fprintf(stderr, "runlens-rec: %s\n", error.what());
        return 1;
    }
    return reason == EndReason::Error ? 1 : 0;
}

} // namespace runlens::recorder
