#include "DefaultCharts.h"

#include "RunSet.h"
#include "WorkloadMetric.h"

namespace DefaultCharts {

namespace {

// A preset can record half a dozen workload metrics (fio: IOPS, bandwidth and latency of reads
// and writes); the first few the recorder lists are its headline numbers, the others are one
// click away in the metric browser, and the system charts must stay in sight.
constexpr int kMaxWorkloadCharts = 3;

} // namespace

QStringList metrics(const RunSet& runs)
{
    QStringList chosen;
    // The workload's own results first: what the comparison is about, above what explains it.
    for (int r = 0; r < runs.count(); ++r) {
        for (const auto& descriptor : runs.at(r).run->metrics()) {
            const QString id = QString::fromStdString(descriptor.id);
            if (chosen.size() < kMaxWorkloadCharts && WorkloadMetric::isWorkload(descriptor) && !chosen.contains(id))
                chosen.append(id);
        }
    }
    static const char* const preferred[] = {"cpu.busy", "cpu.iowait", "mem.available", "psi.cpu.some", "disk.util",
                                            "net.rx_bytes", "irq.ipi_rate", "cpu.context_switches"};
    for (const char* id : preferred) {
        const QString metric = QString::fromLatin1(id);
        for (int r = 0; r < runs.count(); ++r) {
            if (runs.at(r).run->hasMetric(metric)) {
                chosen.append(metric);
                break;
            }
        }
    }
    return chosen;
}

} // namespace DefaultCharts
