// The workload beside the recording: runs the command, passes its output through, keeps the tail
// of it, follows a log file, and turns matching lines into rows of the `workload` metric group,
// each stamped when its line arrived.
//
// The recorder's loop waits in waitUntil() between samples instead of sleeping, so output is read
// as it comes; RecordingSession drains the matched values into the group's journal at each tick.
// A flood of matching lines cannot flood the journal: beyond kMaxRowsPerInterval values of one
// metric in an interval, the rest are averaged into one row.
#pragma once

#include "FollowedFile.h"
#include "LineAssembler.h"
#include "MetricCatalog.h"
#include "MetricGroup.h"
#include "OutputMatcher.h"
#include "OutputTail.h"
#include "WorkloadOptions.h"
#include "WorkloadProcess.h"

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace runlens::workload {

class WorkloadMonitor
{
public:
    static constexpr std::size_t kMaxRowsPerInterval = 64;

    explicit WorkloadMonitor(WorkloadOptions options);
    ~WorkloadMonitor();

    // The CLOCK_MONOTONIC instant the run's timestamps count from; set before anything is read.
    void setOrigin(std::int64_t monotonicNs) { m_originNs = monotonicNs; }
    void registerMetrics(collect::MetricCatalog& catalog) const;

    bool hasCommand() const { return !m_options.command.empty(); }
    // Opens the followed file at its end (when there is one). Called before the recording is
    // announced, so that whatever is appended once it is seen to run belongs to the run.
    void startFollowing();
    // Starts the command. Throws WorkloadError with a sentence for the user.
    void startCommand();
    // Sends SIGTERM to the command (the recording's --duration ended first).
    void terminate(const char* why);
    void kill();

    // Reads output until the monotonic deadline, a signal that is unblocked in waitMask arrives, or
    // the command exits. Call it again to go on waiting.
    void waitUntil(std::int64_t deadlineMonotonicNs, const sigset_t& waitMask);

    bool commandRunning() const { return m_process && m_process->running(); }
    pid_t commandPid() const { return commandRunning() ? m_process->pid() : 0; }
    bool commandExited() const { return m_process && m_process->exited(); }
    // Elapsed run time at which the command's exit was seen.
    std::int64_t endedNs() const { return m_endedNs; }
    int shellStatus() const { return m_process ? m_process->shellStatus() : 0; }

    // Appends the values matched since the last call to group, one row at a time (rowReady is
    // called after each row is set), stamped with the times their lines arrived.
    void drain(collect::MetricGroup& group, const std::function<void(std::int64_t timestampNs)>& rowReady);

    nlohmann::json manifest() const;
    // The last 1 MiB of output, for workload/output.txt; changed() says if anything arrived
    // since the last call to contents().
    std::string outputTail();
    bool outputChanged() const { return m_outputChanged; }

    std::int64_t nowNs() const;

private:
    struct Event {
        std::int64_t timestampNs;
        std::size_t rule;
        double value;
    };
    struct Coalesced {
        double sum = 0;
        std::uint64_t count = 0;
        std::int64_t lastNs = 0;
    };

    void readPipe(int fd, bool isStdout);
    void onLine(std::string_view line);
    void onValue(std::size_t rule, double value);
    void readFollowed();

    WorkloadOptions m_options;
    OutputMatcher m_matcher;
    std::unique_ptr<WorkloadProcess> m_process;
    std::unique_ptr<FollowedFile> m_followed;
    LineAssembler m_stdoutLines;
    LineAssembler m_stderrLines;
    LineAssembler m_followedLines;
    OutputTail m_tail;
    std::string m_readBuffer; // allocated once
    LineAssembler::LineHandler m_lineHandler;
    std::function<void(std::size_t, double)> m_valueHandler;

    std::vector<Event> m_pending; // reserved for kMaxRowsPerInterval per rule
    std::vector<std::size_t> m_rowsThisInterval;
    std::vector<Coalesced> m_coalesced;
    std::vector<int> m_columns;

    std::int64_t m_originNs = 0;
    std::int64_t m_lineNs = 0;
    std::int64_t m_startedNs = -1;
    std::int64_t m_endedNs = -1;
    std::uint64_t m_matchedLines = 0;
    std::uint64_t m_coalescedValues = 0;
    std::string m_error;
    std::string m_stoppedBy;
    bool m_outputChanged = false;
};

} // namespace runlens::workload
