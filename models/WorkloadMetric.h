// The workload's own results in a run (`runlens-rec record -- COMMAND` with --workload-metric or a
// preset): the metric group "workload", category "Workload". They are what every comparison ends
// in (requests per second, p95 latency), so the metric browser, the summary and the default
// charts put them before the system metrics that explain them.
#pragma once

#include <QString>

namespace runlens::format {
struct MetricDescriptor;
}

namespace WorkloadMetric {

// The category the recorder files workload metrics under, and the first one shown.
inline constexpr QLatin1String kCategory{"Workload"};

// A metric of the workload group, by its descriptor (category "Workload"), or by its id
// ("workload.tps") for archives whose descriptor names no category.
bool isWorkload(const QString& metricId, const QString& category);
bool isWorkload(const runlens::format::MetricDescriptor& descriptor);

// Whether `left` is shown before `right`: the Workload category first, then by name.
bool categoryBefore(const QString& left, const QString& right);

// A unit of work done per second, what price-performance divides the price by: "ops/s",
// "req/s", anything else ending in "/s", and the per-second abbreviations "tps", "qps", "iops".
bool isThroughputUnit(const QString& unit);

} // namespace WorkloadMetric
