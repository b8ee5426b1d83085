#include "DefaultCharts.h"

#include "RunSet.h"

namespace DefaultCharts {

QStringList metrics(const RunSet& runs)
{
    static const char* const preferred[] = {"cpu.busy", "cpu.iowait", "mem.available", "psi.cpu.some", "disk.util",
                                            "net.rx_bytes", "irq.ipi_rate", "cpu.context_switches"};
    QStringList chosen;
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
