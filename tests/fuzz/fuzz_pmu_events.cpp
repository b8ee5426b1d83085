// A `--pmu-events` file through EventSet::parse, and each of its formulas compiled and evaluated
// by the ExpressionEvaluator (names resolve to the set's events).
#include "FuzzTarget.h"

#include "EventSet.h"
#include "ExpressionEvaluator.h"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using runlens::collect::pmu::EventSet;
    EventSet set;
    try {
        set = EventSet::parse(fuzz::bytes(data, size), "events.json");
    } catch (const runlens::collect::pmu::EventSetError&) {
        return 0;
    }
    const auto resolve = [&set](std::string_view name) -> std::optional<std::size_t> {
        for (std::size_t i = 0; i < set.events.size(); ++i) {
            if (set.events[i].name == name)
                return i;
        }
        return std::nullopt;
    };
    const std::vector<double> values(set.events.size(), 3.0);
    for (const auto& metric : set.metrics) {
        std::string error;
        if (const auto formula = runlens::format::ExpressionEvaluator::compile(metric.formula, resolve, error))
            (void)formula->evaluate(values);
    }
    return 0;
}
