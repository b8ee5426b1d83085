#include "AllCollectors.h"
#include "AllocatorSettings.h"
#include "Clocks.h"
#include "Commands.h"
#include "Duration.h"
#include "RecordingSession.h"
#include "WorkloadMonitor.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <optional>
#include <sys/resource.h>
#include <unistd.h>

namespace runlens::recorder {

namespace {

volatile std::sig_atomic_t g_stopSignal = 0;
// The workload command while it runs, for the handler to forward stop signals to.
volatile pid_t g_workloadPid = 0;

void onStopSignal(int signal, siginfo_t* info, void*)
{
    g_stopSignal = signal;
    // A signal sent with kill(2) (the app stopping a remote recording, a script) reaches only the
    // recorder: pass it on, so the workload ends as the sender meant. Ctrl-C on a terminal
    // (SI_KERNEL) already went to the whole foreground process group, the command included;
    // sending it again would look like a second Ctrl-C to the command.
    if (g_workloadPid > 0 && info && info->si_code != SI_KERNEL)
        ::kill(g_workloadPid, signal);
}

void onChildSignal(int)
{
    // Nothing to do: the signal only ends the wait, and the loop reaps the command.
}

// SIGINT and SIGTERM end the recording normally (the archive is written). No SA_RESTART: the
// sleep between samples returns at once so the user does not wait for the next tick.
void installStopHandlers()
{
    struct sigaction action {};
    action.sa_sigaction = onStopSignal;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    // A closed terminal or SSH session must not kill the recorder mid-write.
    std::signal(SIGPIPE, SIG_IGN);
}

// Only with a workload command: SIGCHLD then ends the wait in ppoll() (which a signal always
// interrupts); SA_RESTART keeps every other system call, the collectors' included, unaffected.
void installChildHandler()
{
    struct sigaction child {};
    child.sa_handler = onChildSignal;
    child.sa_flags = SA_NOCLDSTOP | SA_RESTART;
    sigemptyset(&child.sa_mask);
    sigaction(SIGCHLD, &child, nullptr);
}

// With a workload, the stop signals and SIGCHLD are blocked except while the loop waits in
// ppoll(), so that none of them can arrive between checking for it and starting to wait.
struct SignalMasks {
    sigset_t blocked;
    sigset_t whileWaiting;
};

SignalMasks blockLoopSignals()
{
    SignalMasks masks {};
    sigemptyset(&masks.blocked);
    for (int signal : {SIGINT, SIGTERM, SIGCHLD})
        sigaddset(&masks.blocked, signal);
    sigprocmask(SIG_BLOCK, &masks.blocked, &masks.whileWaiting);
    for (int signal : {SIGINT, SIGTERM, SIGCHLD})
        sigdelset(&masks.whileWaiting, signal);
    return masks;
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

// The command for the start message, shortened to a line.
std::string commandText(const std::vector<std::string>& command)
{
    std::string text;
    for (const std::string& argument : command)
        text += (text.empty() ? "" : " ") + argument;
    return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

// After --duration ended with the command still running: ask it to stop, then insist.
void stopWorkload(workload::WorkloadMonitor& workload, const sigset_t& waitMask)
{
    constexpr std::int64_t kGraceNs = 5'000'000'000;
    workload.terminate("the recording's --duration ended");
    const std::int64_t deadline = collect::monotonicNs() + kGraceNs;
    while (workload.commandRunning() && collect::monotonicNs() < deadline)
        workload.waitUntil(deadline, waitMask);
    if (workload.commandRunning()) {
        workload.kill();
        while (workload.commandRunning())
            workload.waitUntil(collect::monotonicNs() + 100'000'000, waitMask);
    }
}

} // namespace

int runRecord(RecordOptions options)
{
    keepLargeAllocationsReturnable();
    installStopHandlers();
    raiseOpenFileLimit();
    const bool quiet = options.quiet;
    const auto duration = options.duration;
    const std::int64_t intervalNs = options.interval.count();

    // The command is checked before anything is created, so that a typo leaves no spool and no
    // archive behind, and the exit status is a shell's for a missing command.
    std::unique_ptr<workload::WorkloadMonitor> workload;
    std::vector<std::string> command = options.workload.command;
    if (options.workload.active()) {
        if (!command.empty()) {
            std::string why;
            if (workload::findExecutable(command.front(), why).empty()) {
                std::fprintf(stderr, "runlens-rec: cannot run %s: %s. Nothing was recorded.\n", command.front().c_str(), why.c_str());
                return 127;
            }
        }
        workload = std::make_unique<workload::WorkloadMonitor>(options.workload);
        installChildHandler();
    }
    const collect::CollectorSettings settings{options.pmuEventsFile, options.scrapeUrls, options.interval};
    RecordingSession session(std::move(options), collect::createAllCollectors(settings));
    if (workload) {
        session.attachWorkload(*workload);
        // Before start() announces the recording in status.json: a line appended once the
        // recording is seen to run must be read, not taken for history at the file's end.
        workload->startFollowing();
    }
    try {
        session.start();
    } catch (const RecordError& error) {
        std::fprintf(stderr, "runlens-rec: %s\n", error.what());
        return 1;
    }
    const bool runsCommand = workload && workload->hasCommand();
    if (!quiet) {
        const std::string until = runsCommand ? " while `" + commandText(command) + "` runs"
                                : duration    ? " for " + formatDuration(*duration)
                                              : std::string(" until Ctrl-C");
        std::fprintf(stderr, "runlens-rec: recording %s every %s%s into %s\n", session.runName().c_str(),
                     formatDuration(std::chrono::nanoseconds(intervalNs)).c_str(), until.c_str(), session.archivePath().c_str());
        std::fprintf(stderr, "runlens-rec: %zu collectors running\n", session.activeCollectors());
    }

    // The command's own output is what the user watches; a progress line would garble it.
    ProgressLine progress(!quiet && !runsCommand);
    SignalMasks masks {};
    if (workload)
        masks = blockLoopSignals();
    const std::int64_t start = collect::monotonicNs();
    if (workload) {
        workload->setOrigin(start);
    }
    std::int64_t nextTick = start;
    EndReason reason = EndReason::Duration;
    std::string failure;
    int exitStatus = 0;
    int stopRequested = 0; // a stop signal that arrived while the command ran
    std::optional<std::int64_t> endAfterNs; // the command exited: the last sample is due then
    for (;;) {
        const std::int64_t elapsed = collect::monotonicNs() - start;
        try {
            session.tick(elapsed);
        } catch (const RecordError& error) {
            reason = EndReason::Error;
            failure = error.what();
            break;
        }
        if (runsCommand && session.ticks() == 1) {
            try {
                workload->startCommand(); // after the first sample: the run sees the host before the load
                g_workloadPid = workload->commandPid();
            } catch (const workload::WorkloadError& error) {
                progress.finish();
                session.abandon();
                std::fprintf(stderr, "runlens-rec: %s. Nothing was recorded.\n", error.what());
                return 127;
            }
        }
        progress.update(session, elapsed, duration);
        if (endAfterNs && elapsed >= *endAfterNs) {
            reason = stopRequested == SIGINT ? EndReason::Interrupted : stopRequested == SIGTERM ? EndReason::Terminated : EndReason::Command;
            break;
        }
        if (duration && elapsed >= duration->count()) {
            if (runsCommand && workload->commandRunning())
                stopWorkload(*workload, masks.whileWaiting);
            break;
        }
        // Absolute deadlines: samples stay on the interval grid however long a sample took. A
        // sample that overran its slot skips the ticks it missed rather than bunching them up.
        nextTick += intervalNs;
        const std::int64_t now = collect::monotonicNs();
        if (nextTick < now)
            nextTick += (now - nextTick) / intervalNs * intervalNs + intervalNs;
        if (duration && nextTick - start > duration->count())
            nextTick = start + duration->count();
        if (!workload) {
            sleepUntil(nextTick);
            if (g_stopSignal) {
                reason = g_stopSignal == SIGINT ? EndReason::Interrupted : EndReason::Terminated;
                break;
            }
            continue;
        }
        bool stop = false;
        while (!stop && collect::monotonicNs() < nextTick) {
            const bool wasRunning = workload->commandRunning();
            workload->waitUntil(nextTick, masks.whileWaiting);
            if (wasRunning && workload->commandExited()) {
                g_workloadPid = 0;
                endAfterNs = workload->endedNs() + intervalNs;
            }
            if (!g_stopSignal)
                continue;
            const int signal = g_stopSignal;
            g_stopSignal = 0;
            if (runsCommand && workload->commandRunning()) {
                // Forwarded by the handler (or sent to the command by the terminal): the
                // recording goes on, on its grid, until the command has exited.
                stopRequested = signal;
                if (!quiet)
                    std::fprintf(stderr, "runlens-rec: %s passed on to the command; recording until it exits\n",
                                 signal == SIGINT ? "SIGINT" : "SIGTERM");
                continue;
            }
            reason = signal == SIGINT ? EndReason::Interrupted : EndReason::Terminated;
            stop = true;
        }
        if (stop)
            break;
    }
    g_workloadPid = 0;
    progress.finish();
    if (runsCommand && reason != EndReason::Error)
        exitStatus = workload->shellStatus();

    if (reason == EndReason::Error)
        std::fprintf(stderr, "runlens-rec: %s\n", failure.c_str());
    else if (!quiet && (reason == EndReason::Interrupted || reason == EndReason::Terminated))
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
        if (runsCommand && !quiet && reason != EndReason::Error)
            std::fprintf(stderr, "runlens-rec: the command exited with status %d\n", exitStatus);
        std::printf("%s\n", archive.c_str());
    } catch (const RecordError& error) {
        std::fprintf(stderr, "runlens-rec: %s\n", error.what());
        return 1;
    }
    if (reason == EndReason::Error)
        return exitStatus != 0 ? exitStatus : 1;
    return exitStatus;
}

} // namespace runlens::recorder
