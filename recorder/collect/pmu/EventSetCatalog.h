// The event sets compiled into runlens-rec (eventsets/*.json, embedded at build time) and the
// choice of the one for this host.
#pragma once

#include "EventSet.h"

#include <vector>

namespace runlens::collect::pmu {

class EventSetCatalog
{
public:
    static const std::vector<EventSet>& builtIn();
    // The first built-in set whose match fits the host, or nullptr.
    static const EventSet* select(const HostPmu& host);
    static const EventSet* find(std::string_view name);
};

} // namespace runlens::collect::pmu
