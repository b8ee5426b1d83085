#include "RecordedThroughput.h"

#include "SummaryReport.h"
#include "WorkloadMetric.h"

namespace {

bool isThroughput(const QString& metricId, const QString& category, const QString& unit,
                  runlens::format::BetterDirection better)
{
    return WorkloadMetric::isWorkload(metricId, category) && WorkloadMetric::isThroughputUnit(unit)
           && better != runlens::format::BetterDirection::Lower;
}

} // namespace

bool isThroughputMetric(const runlens::format::MetricDescriptor& descriptor)
{
    return isThroughput(QString::fromStdString(descriptor.id), QString::fromStdString(descriptor.category),
                        QString::fromStdString(descriptor.unit), descriptor.better);
}

bool recordsThroughput(const Run& run)
{
    for (const auto& descriptor : run.metrics()) {
        if (isThroughputMetric(descriptor))
            return true;
    }
    return false;
}

std::vector<RecordedThroughput> recordedThroughputs(const SummaryReport& report)
{
    for (const SummaryRow& row : report.rows) {
        if (row.isInstanceRow() || !isThroughput(row.metricId, row.category, row.unit, row.better))
            continue;
        std::vector<RecordedThroughput> throughputs(report.runs.size());
        for (std::size_t r = 0; r < throughputs.size() && r < row.cells.size(); ++r) {
            RecordedThroughput& throughput = throughputs[r];
            throughput.unit = row.unit;
            throughput.metricId = row.metricId;
            throughput.title = row.title;
            if (!row.cells[r].stats.isEmpty())
                throughput.value = row.cells[r].stats.mean;
        }
        return throughputs;
    }
    return {};
}
