// The kernel's perf_event_paranoid setting: how much perf_event_open allows a user without
// CAP_PERFMON. Read only to explain a refused open (OpenFailure), so through HostPaths like every
// other kernel fact, which lets tests point it at a captured host.
#pragma once

#include "HostPaths.h"

namespace runlens::collect::pmu {

// /proc/sys/kernel/perf_event_paranoid (-1 to 4 on current kernels); INT_MIN when the file is
// unreadable or holds no number.
int perfEventParanoid(const HostPaths& paths);

} // namespace runlens::collect::pmu
