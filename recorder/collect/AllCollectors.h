// The collectors runlens-rec knows, in the order they sample.
#pragma once

#include "Collector.h"

#include <chrono>
#include <string>
#include <vector>

namespace runlens::collect {

// What `record` and `list-collectors` let the user tune in the collectors; defaults = none.
struct CollectorSettings {
    std::string pmuEventsFile; // --pmu-events FILE.json
    std::vector<std::string> scrapeUrls; // --scrape URL
    std::chrono::nanoseconds interval = std::chrono::seconds(1); // --interval: bounds the scrapes' time
};

CollectorList createAllCollectors(const CollectorSettings& settings = {});

} // namespace runlens::collect
