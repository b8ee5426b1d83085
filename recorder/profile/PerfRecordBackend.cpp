#include "PerfRecordBackend.h"

#include "KernelSymbols.h"
#include "PerfScriptParser.h"
#include "ProfileJournal.h"
#include "ProcFile.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace runlens::profile {

namespace {

std::string findPerf()
{
    std::vector<std::string> directories;
    if (const char* path = std::getenv("PATH")) {
        std::string list = path;
        std::size_t start = 0;
        while (start <= list.size()) {
            const auto colon = std::min(list.find(':', start), list.size());
            if (colon > start)
                directories.push_back(list.substr(start, colon - start));
            start = colon + 1;
        }
    }
    directories.insert(directories.end(), {"/usr/bin", "/usr/sbin", "/usr/local/bin"});
    for (const std::string& directory : directories) {
        const std::string candidate = directory + "/perf";
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return {};
}

double seconds(const timeval& time)
{
    return double(time.tv_sec) + double(time.tv_usec) / 1e6;
}

// Runs argv with stdout to a pipe (returned) and stderr appended to log; the child dies with us.
pid_t spawn(const std::vector<std::string>& arguments, const std::string& log, int* stdoutPipe)
{
    int pipeFds[2] = {-1, -1};
    if (stdoutPipe && ::pipe2(pipeFds, O_CLOEXEC) != 0)
        return -1;
    const int logFd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    std::vector<char*> argv;
    for (const std::string& argument : arguments)
        argv.push_back(const_cast<char*>(argument.c_str()));
    argv.push_back(nullptr);
    const pid_t child = ::fork();
    if (child == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGINT);
        // Its own process group: Ctrl-C in the terminal stops runlens-rec, which then stops perf
        // and imports its samples; perf must not stop on its own first.
        ::setpgid(0, 0);
        if (logFd >= 0)
            ::dup2(logFd, STDERR_FILENO);
        if (stdoutPipe)
            ::dup2(pipeFds[1], STDOUT_FILENO);
        else if (logFd >= 0)
            ::dup2(logFd, STDOUT_FILENO);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    if (logFd >= 0)
        ::close(logFd);
    if (stdoutPipe) {
        ::close(pipeFds[1]);
        *stdoutPipe = pipeFds[0];
    }
    return child;
}

// The archive keeps sample counts when every sample has the same period (cpu-clock: the kernel
// turns a frequency into a fixed period) and the periods when the kernel adapted them (cycles in
// frequency mode), where a sample's weight is its period. The samples go to the journal in batches,
// before the last one is read: this watches every batch and tells at the end.
class PeriodWatch
{
public:
    void see(const std::vector<std::uint64_t>& periods)
    {
        for (const std::uint64_t period : periods) {
            if (!m_first)
                m_first = period;
            m_vary = m_vary || period != *m_first;
        }
    }
    bool constant() const { return m_first && !m_vary; }

private:
    std::optional<std::uint64_t> m_first;
    bool m_vary = false;
};

} // namespace

PerfRecordBackend::PerfRecordBackend(ProfileOptions options, std::string workDirectory)
    : m_options(std::move(options))
    , m_directory(std::move(workDirectory))
{
    m_data = m_directory + "/perf.data";
    m_log = m_directory + "/perf.log";
}

PerfRecordBackend::~PerfRecordBackend()
{
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, nullptr, 0);
    }
}

std::string PerfRecordBackend::perfMessages() const
{
    std::string text;
    collect::readWholeFile(m_log, text);
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    if (text.size() > 600)
        text = "..." + text.substr(text.size() - 600);
    for (char& c : text) {
        if (c == '\n')
            c = ' ';
    }
    return text.empty() ? std::string("no message") : text;
}

std::string PerfRecordBackend::start()
{
    m_perf = findPerf();
    if (m_perf.empty())
        return "--profile-backend perf needs the perf tool, which is not installed (Debian: apt-get install linux-perf); "
               "the recording goes on without a profile";
    m_pid = spawn({m_perf, "record", "-F", std::to_string(m_options.frequencyHz), "-a", "-g", "-k", "CLOCK_MONOTONIC", "-q",
                   "-o", m_data},
                  m_log, nullptr);
    if (m_pid < 0)
        return std::string("cannot start ") + m_perf + ": " + std::strerror(errno);
    // perf refuses quickly (permissions, an unknown option): wait a little to report it now.
    for (int i = 0; i < 10; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (std::string why = checkRunning(); !why.empty())
            return why + "; the recording goes on without a profile";
    }
    m_info = {{"backend", "perf"}, {"perf", m_perf}, {"frequency_hz", m_options.frequencyHz},
              {"event", "perf record's default (cycles, or cpu-clock without a PMU)"},
              {"cpus", ::sysconf(_SC_NPROCESSORS_ONLN)}, {"callchains", "frame pointers, kernel and user (perf record -g)"},
              {"clock", "CLOCK_MONOTONIC, counted from the run's start"}};
    return {};
}

std::string PerfRecordBackend::checkRunning()
{
    if (m_pid <= 0)
        return "perf record is not running";
    int status = 0;
    rusage usage {};
    const pid_t done = ::wait4(m_pid, &status, WNOHANG, &usage);
    if (done == 0)
        return {};
    m_pid = -1;
    m_finishedCpuSeconds += seconds(usage.ru_utime) + seconds(usage.ru_stime);
    return m_perf + " record stopped (" + (WIFEXITED(status) ? "exit code " + std::to_string(WEXITSTATUS(status))
                                                             : "signal " + std::to_string(WTERMSIG(status)))
         + "): " + perfMessages();
}

double PerfRecordBackend::cpuSeconds() const
{
    if (m_pid <= 0)
        return m_finishedCpuSeconds;
    std::string stat;
    if (!collect::readWholeFile("/proc/" + std::to_string(m_pid) + "/stat", stat))
        return m_finishedCpuSeconds;
    // Fields 14 and 15 (utime, stime) come after the command, which is in parentheses and may
    // contain spaces: count from the closing parenthesis (field 3, the state, is token 0).
    const auto close = stat.rfind(')');
    if (close == std::string::npos)
        return m_finishedCpuSeconds;
    std::istringstream fields(stat.substr(close + 1));
    std::string token;
    unsigned long long utime = 0;
    unsigned long long stime = 0;
    for (int index = 0; index <= 12 && (fields >> token); ++index) {
        if (index == 11)
            utime = std::strtoull(token.c_str(), nullptr, 10);
        if (index == 12)
            stime = std::strtoull(token.c_str(), nullptr, 10);
    }
    return m_finishedCpuSeconds + double(utime + stime) / double(::sysconf(_SC_CLK_TCK));
}

void PerfRecordBackend::stopAndImport(format::ProfileBuilder& builder, std::int64_t zeroNs, const std::function<void()>& writeBatch)
{
    if (m_pid > 0) {
        ::kill(m_pid, SIGINT);
        int status = 0;
        rusage usage {};
        ::wait4(m_pid, &status, 0, &usage);
        m_pid = -1;
        m_finishedCpuSeconds += seconds(usage.ru_utime) + seconds(usage.ru_stime);
    }
    struct stat data {};
    if (::stat(m_data.c_str(), &data) != 0)
        throw std::runtime_error("perf record wrote no " + m_data + ": " + perfMessages());
    int output = -1;
    const pid_t script = spawn({m_perf, "script", "-i", m_data, "-F", "comm,pid,tid,cpu,time,period,event,ip,sym,dso"}, m_log, &output);
    if (script < 0)
        throw std::runtime_error(std::string("cannot run perf script: ") + std::strerror(errno));
    std::FILE* input = ::fdopen(output, "r");
    // Our own perf's output of a long recording: the samples of a recorded profile, not of an import.
    format::PerfScriptLimits ownOutput;
    ownOutput.maxSamples = format::limits::kSamples;
    format::PerfScriptParser importer(builder, zeroNs, ownOutput);
    // An hour on 192 CPUs is tens of millions of samples: they go out in batches as they are read,
    // so that the recorder's memory holds one batch, not the run.
    PeriodWatch periods;
    const auto writeFullBatch = [&] {
        if (builder.tables().samples.size() < m_options.perfImportBatchSamples)
            return;
        periods.see(builder.tables().samples.period);
        writeBatch();
    };
    rusage usage {};
    int status = 0;
    try {
        if (input)
            importer.read(input, writeFullBatch);
    } catch (...) {
        // A full disk (the journal) or a hostile text: perf script must not outlive the import.
        ::kill(script, SIGKILL);
        if (input)
            std::fclose(input);
        ::wait4(script, &status, 0, &usage);
        throw;
    }
    if (input)
        std::fclose(input);
    else
        ::close(output);
    ::wait4(script, &status, 0, &usage);
    const double scriptCpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error("perf script failed: " + perfMessages());
    periods.see(builder.tables().samples.period);

    KernelSymbols kernel;
    kernel.load(m_options.kallsymsPath.empty() ? "/proc/kallsyms" : m_options.kallsymsPath,
                m_options.kptrRestrictPath.empty() ? "/proc/sys/kernel/kptr_restrict" : m_options.kptrRestrictPath);
    m_info["kernel_symbols"] = kernel.available();
    if (!kernel.available())
        m_info["kernel_symbols_reason"] = kernel.whyUnavailable();
    m_info["samples"] = importer.statistics().samples;
    m_info["unparsed_lines"] = importer.statistics().unrecognizedLines;
    if (!importer.statistics().event.empty())
        m_info["event"] = importer.statistics().event;
    if (periods.constant())
        m_info[format::kConstantPeriodsKey] = true; // pack keeps counts, not the periods
    m_info["perf_data_bytes"] = std::uint64_t(data.st_size);
    m_info["perf_record_cpu_seconds"] = m_finishedCpuSeconds;
    m_info["perf_script_cpu_seconds"] = scriptCpu;
    m_info["sampler_cpu_seconds"] = m_finishedCpuSeconds + scriptCpu;
    m_finishedCpuSeconds += scriptCpu;
}

} // namespace runlens::profile
