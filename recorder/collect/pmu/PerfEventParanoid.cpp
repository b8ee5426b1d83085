#include "PerfEventParanoid.h"

#include "ProcFile.h"

#include <climits>
#include <exception>
#include <string>

namespace runlens::collect::pmu {

int perfEventParanoid(const HostPaths& paths)
{
    std::string text;
    if (!readWholeFile(paths.proc("sys/kernel/perf_event_paranoid"), text))
        return INT_MIN;
    try {
        return std::stoi(text);
    } catch (const std::exception&) {
        return INT_MIN;
    }
}

} // namespace runlens::collect::pmu
