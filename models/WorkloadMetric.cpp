#include "WorkloadMetric.h"

#include "MetricDescriptor.h"

namespace WorkloadMetric {

bool isWorkload(const QString& metricId, const QString& category)
{
    return category == kCategory || (category.isEmpty() && metricId.startsWith(QLatin1String("workload.")));
}

bool isWorkload(const runlens::format::MetricDescriptor& descriptor)
{
    return isWorkload(QString::fromStdString(descriptor.id), QString::fromStdString(descriptor.category));
}

bool categoryBefore(const QString& left, const QString& right)
{
    const bool leftFirst = left == kCategory;
    const bool rightFirst = right == kCategory;
    if (leftFirst != rightFirst)
        return leftFirst;
    return left < right;
}

bool isThroughputUnit(const QString& unit)
{
    const QString trimmed = unit.trimmed();
    if (trimmed.endsWith(QLatin1String("/s")) && trimmed.size() > 2)
        return true;
    return trimmed.compare(QLatin1String("tps"), Qt::CaseInsensitive) == 0
           || trimmed.compare(QLatin1String("qps"), Qt::CaseInsensitive) == 0
           || trimmed.compare(QLatin1String("iops"), Qt::CaseInsensitive) == 0;
}

} // namespace WorkloadMetric
