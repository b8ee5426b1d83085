// The collectors runlens-rec knows, in the order they sample.
#pragma once

#include "Collector.h"

#include <string>

namespace runlens::collect {

// What `record` and `list-collectors` let the user tune in the collectors; defaults = none.
struct CollectorSettings {
    std::string pmuEventsFile; // --pmu-events FILE.json
};

CollectorList createAllCollectors(const CollectorSettings& settings = {});

} // namespace runlens::collect
