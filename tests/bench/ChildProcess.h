// A benchmark step run as its own process, so that its CPU time and peak RSS are that step's
// alone: the kernel's wait4 accounting, not an estimate from inside. Qt-free, like ProcStatus.h.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace bench {

struct Child {
    pid_t pid = -1;
    std::chrono::steady_clock::time_point started;
};

struct ChildExit {
    int status = -1; // as waitpid reports it
    double cpuSeconds = 0; // user + system
    double wallSeconds = 0;
    double peakMiB = 0; // ru_maxrss
};

// Starts program with arguments (argv[0] included). With outputPath, the child's stdout and stderr
// go to that file, so that a long step's chatter does not mix with the bench's figures.
inline Child startChild(const std::string& program, const std::vector<std::string>& arguments,
                        const std::string& outputPath = {})
{
    std::fflush(stdout);
    Child child{-1, std::chrono::steady_clock::now()};
    child.pid = ::fork();
    if (child.pid == 0) {
        if (!outputPath.empty()) {
            if (std::FILE* out = std::fopen(outputPath.c_str(), "w")) {
                ::dup2(::fileno(out), STDOUT_FILENO);
                ::dup2(::fileno(out), STDERR_FILENO);
            }
        }
        std::vector<char*> argv;
        for (const std::string& argument : arguments)
            argv.push_back(const_cast<char*>(argument.c_str()));
        argv.push_back(nullptr);
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    return child;
}

inline ChildExit waitForChild(const Child& child)
{
    ChildExit exit;
    rusage usage {};
    ::wait4(child.pid, &exit.status, 0, &usage);
    exit.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - child.started).count();
    exit.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    exit.peakMiB = double(usage.ru_maxrss) / 1024;
    return exit;
}

inline ChildExit runChild(const std::string& program, const std::vector<std::string>& arguments,
                          const std::string& outputPath = {})
{
    return waitForChild(startChild(program, arguments, outputPath));
}

} // namespace bench
