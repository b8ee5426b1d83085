// The workload command that `runlens-rec record -- COMMAND [ARGS...]` runs: started with its
// stdout and stderr on pipes (the recorder reads them and passes them on), stdin inherited,
// its signal state reset, and reaped without blocking.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <sys/types.h>
#include <vector>

namespace runlens::workload {

// Thrown when the command cannot be started; the message is a sentence for the user.
class WorkloadError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

class WorkloadProcess
{
public:
    WorkloadProcess() = default;
    // A command still running when its owner goes (the recording failed) is killed, so that no
    // benchmark keeps loading a host nobody records any more.
    ~WorkloadProcess();
    WorkloadProcess(const WorkloadProcess&) = delete;
    WorkloadProcess& operator=(const WorkloadProcess&) = delete;

    // Starts argv[0] (looked up in PATH like a shell does). Throws WorkloadError.
    void start(const std::vector<std::string>& argv);

    pid_t pid() const { return m_pid; }
    int stdoutFd() const { return m_stdout; }
    int stderrFd() const { return m_stderr; }
    // Closes a pipe whose end was read.
    void closeStdout();
    void closeStderr();

    // Reaps the command if it has exited (never blocks). Returns true once it has.
    bool reap();
    bool running() const { return m_pid > 0 && !m_exited; }
    bool exited() const { return m_exited; }
    std::optional<int> exitCode() const { return m_exitCode; }
    std::optional<int> termSignal() const { return m_signal; }
    // The status a shell would report: the exit code, or 128 + the signal that ended it.
    int shellStatus() const;

    void sendSignal(int signal) const;

private:
    pid_t m_pid = -1;
    int m_stdout = -1;
    int m_stderr = -1;
    bool m_exited = false;
    std::optional<int> m_exitCode;
    std::optional<int> m_signal;
};

// The path a shell would run for name (searched in PATH unless it contains '/'), or "" with why
// set to the reason ("no such command in PATH", "permission denied").
std::string findExecutable(const std::string& name, std::string& why);

// "SIGINT" for SIGINT, "signal 42" for one without a name.
std::string signalName(int signal);

} // namespace runlens::workload
