#include "AllCollectors.h"
#include "Commands.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace runlens::recorder {

int runListCollectors(const collect::HostPaths& paths)
{
    collect::MetricCatalog catalog;
    std::printf("%-10s %-12s %s\n", "COLLECTOR", "STATUS", "WHAT / WHY NOT");
    for (const auto& collector : collect::createAllCollectors()) {
        std::string why;
        try {
            why = collector->open(paths, catalog);
        } catch (const std::exception& error) {
            why = error.what();
        }
        std::printf("%-10s %-12s %s\n", std::string(collector->name()).c_str(), why.empty() ? "available" : "unavailable",
                    why.empty() ? std::string(collector->summary()).c_str() : why.c_str());
        // The PMU collector's choices depend on the host (PMU, event set, counter budget): show them.
        if (why.empty() && collector->name() == "pmu") {
            const nlohmann::json details = collector->details();
            for (const char* key : {"pmu", "hardware_counters", "hardware_missing_reason", "event_set", "counter_budget",
                                    "groups", "metrics", "metrics_not_derived"}) {
                if (details.contains(key))
                    std::printf("%-23s %s: %s\n", "", key,
                                details[key].is_string() ? details[key].get<std::string>().c_str() : details[key].dump().c_str());
            }
        }
    }
    return 0;
}

} // namespace runlens::recorder
