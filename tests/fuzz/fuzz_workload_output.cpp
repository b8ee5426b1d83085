// The workload's output, as the recorder reads it from a command's pipes or a followed log: cut
// into lines in chunks of a size the first byte picks, each line matched against every preset's
// rules and two of a user's.
#include "FuzzTarget.h"

#include "LineAssembler.h"
#include "OutputMatcher.h"
#include "WorkloadRule.h"

#include <cmath>
#include <cstdlib>

namespace {

runlens::workload::OutputMatcher& matcher()
{
    static runlens::workload::OutputMatcher instance = [] {
        std::vector<runlens::workload::WorkloadRule> rules;
        for (const std::string& preset : runlens::workload::presetNames()) {
            for (auto& rule : runlens::workload::presetRules(preset))
                rules.push_back(std::move(rule));
        }
        std::string why;
        for (const char* text : {"ops:ops/s=ops: ([0-9.]+[kMG]?)", "p99:ms=p99=([0-9.]+(?:us|ms|s))"})
            rules.push_back(*runlens::workload::parseWorkloadRule(text, runlens::format::MetricScope::Series, why));
        return runlens::workload::OutputMatcher(std::move(rules));
    }();
    return instance;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::size_t chunk = std::size_t(data[0]) * 16 + 1;
    const std::string_view output = fuzz::bytes(data + 1, size - 1);
    runlens::workload::LineAssembler lines;
    const auto onLine = [](std::string_view line) {
        matcher().match(line, [](std::size_t, double value) {
            if (!std::isfinite(value))
                std::abort(); // a value that is not finite must never reach the journal
        });
    };
    for (std::size_t at = 0; at < output.size(); at += chunk)
        lines.feed(output.substr(at, chunk), onLine);
    lines.finish(onLine);
    return 0;
}
