#include "WorkloadProcess.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <string_view>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace runlens::workload {

namespace {

void closeFd(int& fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

// The spawn attributes and file actions own resources that must be released on every path.
struct SpawnSetup {
    posix_spawnattr_t attributes {};
    posix_spawn_file_actions_t actions {};
    SpawnSetup()
    {
        posix_spawnattr_init(&attributes);
        posix_spawn_file_actions_init(&actions);
    }
    ~SpawnSetup()
    {
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attributes);
    }
};

} // namespace

std::string signalName(int signal)
{
    // Appends, not operator+: GCC 12 at -O3 reports a false -Wrestrict on "SIG" + text.
    std::string name;
    if (const char* abbreviation = sigabbrev_np(signal))
        return name.append("SIG").append(abbreviation);
    return name.append("signal ").append(std::to_string(signal));
}

std::string findExecutable(const std::string& name, std::string& why)
{
    const auto executable = [](const std::string& path) {
        struct stat info {};
        return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
    };
    if (name.empty()) {
        why = "the command is empty";
        return {};
    }
    if (name.find('/') != std::string::npos) {
        if (executable(name))
            return name;
        why = ::access(name.c_str(), F_OK) == 0 ? "it is not an executable file" : "there is no such file";
        return {};
    }
    const char* path = std::getenv("PATH");
    std::string_view directories = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::string candidate;
    for (;;) {
        const std::size_t colon = directories.find(':');
        const std::string_view directory = directories.substr(0, colon);
        // Appended piece by piece: an empty entry means the current directory, as in a shell.
        candidate.clear();
        candidate.append(directory.empty() ? std::string_view(".") : directory).append("/").append(name);
        if (executable(candidate))
            return candidate;
        if (colon == std::string_view::npos)
            break;
        directories.remove_prefix(colon + 1);
    }
    why = "there is no such command in PATH";
    return {};
}

WorkloadProcess::~WorkloadProcess()
{
    if (running()) {
        ::kill(m_pid, SIGKILL);
        int status = 0;
        ::waitpid(m_pid, &status, 0);
    }
    closeFd(m_stdout);
    closeFd(m_stderr);
}

void WorkloadProcess::start(const std::vector<std::string>& argv)
{
    if (argv.empty())
        throw WorkloadError("no command was given after --");
    int out[2] = {-1, -1};
    int err[2] = {-1, -1};
    if (::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
        const int error = errno;
        for (int fd : {out[0], out[1], err[0], err[1]}) {
            if (fd >= 0)
                ::close(fd);
        }
        throw WorkloadError("cannot start " + argv[0] + ": cannot create a pipe (" + std::strerror(error) + ")");
    }
    SpawnSetup setup;
    // The child gets the pipes' write ends as stdout and stderr; dup2 clears O_CLOEXEC on them.
    posix_spawn_file_actions_adddup2(&setup.actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&setup.actions, err[1], STDERR_FILENO);
    // The recorder blocks its stop signals and ignores SIGPIPE; a benchmark expects neither.
    sigset_t none;
    sigemptyset(&none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (int signal : {SIGINT, SIGTERM, SIGCHLD, SIGPIPE, SIGHUP, SIGQUIT})
        sigaddset(&defaults, signal);
    posix_spawnattr_setsigmask(&setup.attributes, &none);
    posix_spawnattr_setsigdefault(&setup.attributes, &defaults);
    posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

    std::vector<char*> arguments;
    for (const std::string& argument : argv)
        arguments.push_back(const_cast<char*>(argument.c_str()));
    arguments.push_back(nullptr);
    pid_t pid = -1;
    const int result = posix_spawnp(&pid, argv[0].c_str(), &setup.actions, &setup.attributes, arguments.data(), environ);
    ::close(out[1]);
    ::close(err[1]);
    if (result != 0) {
        ::close(out[0]);
        ::close(err[0]);
        throw WorkloadError("cannot start " + argv[0] + ": " + std::strerror(result));
    }
    m_pid = pid;
    m_stdout = out[0];
    m_stderr = err[0];
    for (int fd : {m_stdout, m_stderr})
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

void WorkloadProcess::closeStdout()
{
    closeFd(m_stdout);
}

void WorkloadProcess::closeStderr()
{
    closeFd(m_stderr);
}

bool WorkloadProcess::reap()
{
    if (m_pid <= 0 || m_exited)
        return m_exited;
    int status = 0;
    const pid_t reaped = ::waitpid(m_pid, &status, WNOHANG);
    if (reaped != m_pid)
        return false;
    m_exited = true;
    if (WIFEXITED(status))
        m_exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        m_signal = WTERMSIG(status);
    return true;
}

int WorkloadProcess::shellStatus() const
{
    if (m_exitCode)
        return *m_exitCode;
    if (m_signal)
        return 128 + *m_signal;
    return 0;
}

void WorkloadProcess::sendSignal(int signal) const
{
    if (running())
        ::kill(m_pid, signal);
}

} // namespace runlens::workload
