// The descriptors of the PMU collector's metrics: known ids get a unit, a better-direction and a
// sentence a non-specialist understands; ids from a user's --pmu-events file get a neutral one.
#pragma once

#include "MetricDescriptor.h"

#include <string>

namespace runlens::collect::pmu {

inline constexpr const char* kPmuCategory = "CPU counters";
inline constexpr const char* kMultiplexMetric = "pmu.multiplex_pct";

class PmuMetricDescriptors
{
public:
    static format::MetricDescriptor describe(const std::string& id, const std::string& formula);
};

} // namespace runlens::collect::pmu
