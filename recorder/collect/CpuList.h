// The kernel's CPU list format ("0-3,8,10-11"), as in /sys/devices/system/cpu/online, possible,
// a NUMA node's cpulist and a core's sibling list.
#pragma once

#include "HostPaths.h"

#include <optional>
#include <string_view>
#include <vector>

namespace runlens::collect {

// No host has more CPUs than this; a CPU list beyond it is garbage, not a reason to allocate gigabytes.
constexpr int kMaxCpuId = (1 << 16) - 1;

// "0-3,8,10-11\n" -> {0,1,2,3,8,10,11}. Blanks and a newline around the list are ignored; empty
// text is an empty list (a memory-only NUMA node has no CPUs). nullopt when the text is not a CPU
// list, so that a caller can tell the user so instead of recording a wrong count.
std::optional<std::vector<int>> parseCpuList(std::string_view text);

// The online CPUs from /sys/devices/system/cpu/online. Where that is unreadable or garbled (a
// stripped-down container), CPUs 0 .. sysconf(_SC_NPROCESSORS_ONLN) - 1, and at least CPU 0: the
// callers open one perf event per CPU and need one to start with.
std::vector<int> onlineCpus(const HostPaths& paths);

} // namespace runlens::collect
