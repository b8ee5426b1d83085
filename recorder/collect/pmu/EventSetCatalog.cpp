#include "EventSetCatalog.h"

#include "PmuBuiltinEventSets.h" // generated from eventsets/*.json by EmbedEventSets.cmake

namespace runlens::collect::pmu {

const std::vector<EventSet>& EventSetCatalog::builtIn()
{
    // Parsed once; a broken built-in file is a build defect that the unit tests catch.
    static const std::vector<EventSet> sets = [] {
        std::vector<EventSet> parsed;
        for (const auto& [file, text] : kBuiltinEventSets)
            parsed.push_back(EventSet::parse(text, std::string("built-in ") + std::string(file)));
        return parsed;
    }();
    return sets;
}

const EventSet* EventSetCatalog::select(const HostPmu& host)
{
    for (const EventSet& set : builtIn()) {
        if (set.matches(host))
            return &set;
    }
    return nullptr;
}

const EventSet* EventSetCatalog::find(std::string_view name)
{
    for (const EventSet& set : builtIn()) {
        if (set.name == name)
            return &set;
    }
    return nullptr;
}

} // namespace runlens::collect::pmu
