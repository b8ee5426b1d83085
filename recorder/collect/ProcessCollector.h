// The busiest processes of each interval, from /proc/PID/stat: user and system CPU, RSS, threads.
//
// A host runs hundreds of processes and the recorder samples every second, so the scan is built to
// stay within a few milliseconds of CPU on 500 processes: the /proc directory is kept open and
// re-listed with getdents64 into a reused buffer, the stat file of each known process stays open
// and is re-read with one pread (an open/pread/close triple costs about 2.5 times as much), and
// memory is only allocated for processes seen for the first time.
#pragma once

#include "Collector.h"

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

class ProcessCollector final : public Collector {
public:
    static constexpr std::size_t kDefaultTopCount = 16;

    // The fields of /proc/PID/stat the collector uses. comm points into the parsed text.
    struct Stat {
        int pid = 0;
        std::string_view comm;
        std::uint64_t utimeTicks = 0;
        std::uint64_t stimeTicks = 0;
        std::uint64_t threads = 0;
        std::uint64_t startTimeTicks = 0; // field 22: tells a reused pid from the process we knew
        std::int64_t rssPages = 0;
    };

    // Parses one /proc/PID/stat line. comm sits in parentheses and may itself contain spaces and
    // ')' (prctl(PR_SET_NAME) accepts anything), so the fields after it are found from the last ')'.
    static bool parseStat(std::string_view text, Stat& stat);

    // selfPid is the process that is always reported (the recorder); 0 means this process.
    explicit ProcessCollector(std::size_t topCount = kDefaultTopCount, pid_t selfPid = 0);
    ~ProcessCollector() override;
    ProcessCollector(const ProcessCollector&) = delete;
    ProcessCollector& operator=(const ProcessCollector&) = delete;

    std::string_view name() const override { return "proc"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

private:
    struct Process {
        Process() = default;
        ~Process();
        Process(const Process&) = delete;
        Process& operator=(const Process&) = delete;

        int pid = 0;
        int fd = -1; // the open stat file, or -1 when over the descriptor budget
        std::uint64_t startTimeTicks = 0;
        std::uint64_t utimeTicks = 0;
        std::uint64_t stimeTicks = 0;
        bool previousKnown = false; // utime/stime above come from the previous sample
        std::uint64_t generation = 0;
        std::string comm;
        std::string instance; // "PID/comm", built once per pid (and again if comm changes)
        int columns[5] = { -1, -1, -1, -1, -1 };

        // This interval's values, NaN where unknown.
        double cpuUser = 0;
        double cpuSystem = 0;
        double rssBytes = 0;
        double threads = 0;
        double rankTicks = 0; // what the top-N ranking sorts by
    };

    void readProcess(SampleContext& context, int pid);
    // Reads PID/stat through fd (kept open from an earlier sample) or by path; on return fd is
    // the descriptor to keep for next time, or -1.
    bool readStatFile(int pid, int& fd, std::string_view& text);
    void show(MetricGroup& group, Process& process);
    // Keeps the command line of a process shown for the first time under its instance name.
    void rememberCommandLine(const Process& process);
    std::unordered_map<int, Process>::iterator forget(std::unordered_map<int, Process>::iterator it);

    std::size_t m_topCount;
    pid_t m_selfPid;
    HostPaths m_paths;
    int m_procDir = -1;
    double m_ticksPerSecond = 100;
    double m_pageSize = 4096;
    std::size_t m_fdBudget = 0;
    std::size_t m_openFds = 0;

    std::unordered_map<int, Process> m_processes;
    std::vector<Process*> m_ranking;
    std::vector<char> m_dirBuffer;
    std::vector<char> m_statBuffer;
    std::uint64_t m_generation = 0;
    double m_elapsedSeconds = 0;
    bool m_sampledBefore = false;

    // Totals of the last sample, for details() and the scalar gauges.
    std::uint64_t m_processCount = 0;
    std::uint64_t m_threadsTotal = 0;
    std::uint64_t m_unparsable = 0;
    int m_colCount = -1;
    int m_colThreadsTotal = -1;

    // The arguments (/proc/PID/cmdline, bounded) of every process instance shown, written in
    // details() as "command_lines". Processes of one command (several "java", "python3") differ
    // only there: the app matches `java -jar a.jar` in one run with the same in another by it.
    std::map<std::string, std::vector<std::string>> m_commandLines;
    std::uint64_t m_commandLinesDropped = 0;
};

} // namespace runlens::collect
