// The charts a new analysis opens with: what a performance engineer looks at first — the
// workload's own results (throughput, latency), then CPU, I/O wait, memory, CPU pressure, disks,
// network, IPIs, context switches — as far as the runs have them.
#pragma once

#include <QStringList>

class RunSet;

namespace DefaultCharts {

// The metric ids, in the order the grid shows them; those no run has are left out.
QStringList metrics(const RunSet& runs);

} // namespace DefaultCharts
