// A process's memory as the kernel counts it, from /proc/PID/status. Qt-free, so that benches of the
// recorder side (which links no Qt) and of the app measure the same way.
#pragma once

#include <sys/types.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace bench {

// A field of /proc/PID/status in KiB: "VmRSS:" now, "VmHWM:" the peak, "RssAnon:", "RssFile:".
// pid 0 is this process. -1 when the process (or the field) is gone.
inline long procStatusKiB(const char* field, pid_t pid = 0)
{
    std::ifstream status(pid == 0 ? std::string("/proc/self/status") : "/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind(field, 0) == 0)
            return std::atol(line.c_str() + std::strlen(field));
    }
    return -1;
}

} // namespace bench
