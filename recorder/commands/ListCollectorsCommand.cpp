#include "AllCollectors.h"
#include "Commands.h"

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
    }
    return 0;
}

} // namespace runlens::recorder
