#include "WorkloadMonitor.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <ctime>
#include <poll.h>
#include <unistd.h>

namespace runlens::workload {

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
// A followed file gives no readiness signal; it is read this often between samples.
constexpr std::int64_t kFollowPollNs = 100'000'000;

std::int64_t monotonicNow()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// Passes output on unchanged. A closed or broken terminal must not stop the recording, so errors
// are dropped (the bytes are still in the archive's output tail).
void writeAll(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t written = ::write(fd, bytes.data(), bytes.size());
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            return;
        bytes.remove_prefix(std::size_t(written));
    }
}

nlohmann::json optionalNs(std::int64_t ns)
{
    return ns < 0 ? nlohmann::json() : nlohmann::json(ns);
}

} // namespace

WorkloadMonitor::WorkloadMonitor(WorkloadOptions options)
    : m_options(std::move(options))
    , m_matcher(m_options.rules)
    , m_readBuffer(kReadChunk, '\0')
{
    m_lineHandler = [this](std::string_view line) { onLine(line); };
    m_valueHandler = [this](std::size_t rule, double value) { onValue(rule, value); };
    const std::size_t rules = m_options.rules.size();
    m_pending.reserve(rules * kMaxRowsPerInterval);
    m_rowsThisInterval.assign(rules, 0);
    m_coalesced.assign(rules, {});
}

WorkloadMonitor::~WorkloadMonitor() = default;

std::int64_t WorkloadMonitor::nowNs() const
{
    return monotonicNow() - m_originNs;
}

void WorkloadMonitor::registerMetrics(collect::MetricCatalog& catalog) const
{
    for (const WorkloadRule& rule : m_options.rules)
        catalog.add(rule.descriptor());
}

void WorkloadMonitor::startFollowing()
{
    if (m_options.follow.empty())
        return;
    m_followed = std::make_unique<FollowedFile>(m_options.follow);
    m_followed->open();
}

void WorkloadMonitor::startCommand()
{
    if (m_options.command.empty())
        return;
    auto process = std::make_unique<WorkloadProcess>();
    try {
        process->start(m_options.command);
    } catch (const WorkloadError& error) {
        m_error = error.what();
        throw;
    }
    m_process = std::move(process);
    m_startedNs = nowNs();
}

void WorkloadMonitor::terminate(const char* why)
{
    if (!commandRunning())
        return;
    m_stoppedBy = why;
    m_process->sendSignal(SIGTERM);
}

void WorkloadMonitor::kill()
{
    if (commandRunning())
        m_process->sendSignal(SIGKILL);
}

void WorkloadMonitor::waitUntil(std::int64_t deadlineMonotonicNs, const sigset_t& waitMask)
{
    for (;;) {
        if (m_process && m_process->running() && m_process->reap()) {
            // Output the command wrote just before it exited is still in the pipes: take it.
            for (int pass = 0; pass < 2; ++pass) {
                if (m_process->stdoutFd() >= 0)
                    readPipe(m_process->stdoutFd(), true);
                if (m_process->stderrFd() >= 0)
                    readPipe(m_process->stderrFd(), false);
            }
            m_stdoutLines.finish(m_lineHandler);
            m_stderrLines.finish(m_lineHandler);
            m_endedNs = nowNs();
            return;
        }
        const std::int64_t now = monotonicNow();
        if (now >= deadlineMonotonicNs)
            return;
        std::int64_t timeout = deadlineMonotonicNs - now;
        if (m_followed)
            timeout = std::min(timeout, kFollowPollNs);
        pollfd fds[2];
        nfds_t count = 0;
        if (m_process) {
            for (int fd : {m_process->stdoutFd(), m_process->stderrFd()}) {
                if (fd >= 0)
                    fds[count++] = {fd, POLLIN, 0};
            }
        }
        // With the pipes closed but the command not yet reaped, poll wakes up on SIGCHLD (or
        // soon after, in case a grandchild still holds the pipes of a command that exited).
        if (count == 0 && m_process && m_process->running())
            timeout = std::min<std::int64_t>(timeout, 50'000'000);
        const timespec wait{time_t(timeout / 1'000'000'000), long(timeout % 1'000'000'000)};
        const int ready = ::ppoll(fds, count, &wait, &waitMask);
        if (ready < 0 && errno == EINTR)
            return; // a signal: the caller decides (stop, forward, reap)
        for (nfds_t i = 0; ready > 0 && i < count; ++i) {
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
                readPipe(fds[i].fd, fds[i].fd == m_process->stdoutFd());
        }
        readFollowed();
    }
}

void WorkloadMonitor::readPipe(int fd, bool isStdout)
{
    // A bounded number of chunks per wake-up, so a command that prints without pause cannot
    // keep the recorder from its next sample.
    for (int chunk = 0; chunk < 16; ++chunk) {
        const ssize_t count = ::read(fd, m_readBuffer.data(), m_readBuffer.size());
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            return; // EAGAIN: drained for now
        if (count == 0) {
            LineAssembler& lines = isStdout ? m_stdoutLines : m_stderrLines;
            lines.finish(m_lineHandler);
            if (isStdout)
                m_process->closeStdout();
            else
                m_process->closeStderr();
            return;
        }
        const std::string_view bytes(m_readBuffer.data(), std::size_t(count));
        if (m_options.passThrough)
            writeAll(isStdout ? STDOUT_FILENO : STDERR_FILENO, bytes);
        m_tail.append(bytes);
        m_outputChanged = true;
        m_lineNs = nowNs();
        (isStdout ? m_stdoutLines : m_stderrLines).feed(bytes, m_lineHandler);
    }
}

void WorkloadMonitor::readFollowed()
{
    if (!m_followed)
        return;
    for (int chunk = 0; chunk < 16; ++chunk) {
        const std::string_view bytes = m_followed->readAppended();
        if (bytes.empty())
            return;
        m_lineNs = nowNs();
        m_followedLines.feed(bytes, m_lineHandler);
    }
}

void WorkloadMonitor::onLine(std::string_view line)
{
    if (m_matcher.match(line, m_valueHandler) > 0)
        ++m_matchedLines;
}

void WorkloadMonitor::onValue(std::size_t rule, double value)
{
    if (m_rowsThisInterval[rule] < kMaxRowsPerInterval) {
        ++m_rowsThisInterval[rule];
        m_pending.push_back({m_lineNs, rule, value});
        return;
    }
    Coalesced& coalesced = m_coalesced[rule];
    coalesced.sum += value;
    ++coalesced.count;
    coalesced.lastNs = m_lineNs;
    ++m_coalescedValues;
}

void WorkloadMonitor::drain(collect::MetricGroup& group, const std::function<void(std::int64_t)>& rowReady)
{
    if (m_columns.empty()) {
        for (const WorkloadRule& rule : m_options.rules)
            m_columns.push_back(group.column(rule.metricId()));
    }
    std::int64_t lastNs = 0;
    for (std::size_t i = 0; i < m_pending.size();) {
        // Values that arrived together share a row, unless one metric has two of them: lines read
        // in one chunk have the same time, and each value keeps its own row.
        const std::int64_t timestampNs = m_pending[i].timestampNs;
        group.startRow();
        for (; i < m_pending.size() && m_pending[i].timestampNs == timestampNs; ++i) {
            const int column = m_columns[m_pending[i].rule];
            if (!std::isnan(group.value(column)))
                break;
            group.set(column, m_pending[i].value);
        }
        rowReady(timestampNs);
        lastNs = timestampNs;
    }
    bool anyCoalesced = false;
    for (std::size_t rule = 0; rule < m_coalesced.size(); ++rule) {
        if (m_coalesced[rule].count == 0)
            continue;
        if (!anyCoalesced)
            group.startRow();
        anyCoalesced = true;
        group.set(m_columns[rule], m_coalesced[rule].sum / double(m_coalesced[rule].count));
        lastNs = std::max(lastNs, m_coalesced[rule].lastNs);
    }
    if (anyCoalesced)
        rowReady(lastNs); // timestamps never go back: the row takes the latest time it averages
    m_pending.clear();
    std::fill(m_rowsThisInterval.begin(), m_rowsThisInterval.end(), 0);
    std::fill(m_coalesced.begin(), m_coalesced.end(), Coalesced{});
}

std::string WorkloadMonitor::outputTail()
{
    m_outputChanged = false;
    return m_tail.contents();
}

nlohmann::json WorkloadMonitor::manifest() const
{
    nlohmann::json metrics = nlohmann::json::array();
    for (const WorkloadRule& rule : m_options.rules)
        metrics.push_back({{"name", rule.name}, {"unit", rule.unit}, {"pattern", rule.pattern},
                           {"scope", rule.scope == format::MetricScope::Run ? "run" : "series"},
                           {"better", format::toString(rule.better)}});
    const std::uint64_t overlong = m_stdoutLines.overlongLines() + m_stderrLines.overlongLines() + m_followedLines.overlongLines();
    nlohmann::json json = {
        {"command", m_options.command},
        {"follow", m_options.follow.empty() ? nlohmann::json() : nlohmann::json(m_options.follow)},
        {"preset", m_options.presets},
        {"metrics", metrics},
        {"started_ns", optionalNs(m_startedNs)},
        {"ended_ns", optionalNs(m_endedNs)},
        {"exit_status", m_process && m_process->exitCode() ? nlohmann::json(*m_process->exitCode()) : nlohmann::json()},
        {"signal", m_process && m_process->termSignal() ? nlohmann::json(signalName(*m_process->termSignal())) : nlohmann::json()},
        {"output", m_options.command.empty() ? nlohmann::json() : nlohmann::json("workload/output.txt")},
        {"output_bytes", m_tail.totalBytes()},
        {"output_kept_bytes", m_tail.keptBytes()},
        {"lines", m_stdoutLines.lines() + m_stderrLines.lines() + m_followedLines.lines()},
        {"matched_lines", m_matchedLines},
        {"coalesced_values", m_coalescedValues},
        {"overlong_lines", overlong},
        {"abandoned_matches", m_matcher.abandonedMatches()},
    };
    if (!m_stoppedBy.empty())
        json["stopped_by_recorder"] = m_stoppedBy;
    if (!m_error.empty())
        json["error"] = m_error;
    if (m_followed) {
        json["follow_bytes"] = m_followed->bytesRead();
        json["follow_rotations"] = m_followed->rotations();
        if (!m_followed->problem().empty())
            json["follow_problem"] = m_followed->problem();
    }
    return json;
}

} // namespace runlens::workload
