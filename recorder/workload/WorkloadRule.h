// How a line of the workload's output becomes a value: `--workload-metric NAME[:UNIT]=REGEX`,
// `--workload-result ...` and the rules of the built-in presets.
#pragma once

#include "MetricDescriptor.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::workload {

struct WorkloadRule {
    std::string name;    // the metric is workload.NAME; lower case, digits and '_'
    std::string unit;    // as the user gave it: "ops/s", "ms", "" ...
    std::string pattern; // PCRE2 (Perl-compatible) regular expression; its first capture group is the value
    format::BetterDirection better = format::BetterDirection::Neutral;
    // Series: every matching line is a value at the time it arrived. Run: the line is a final
    // result (wrk's "Requests/sec:"); the last match is the run's value.
    format::MetricScope scope = format::MetricScope::Series;
    std::string title;       // presets give a title and a description; user rules get defaults
    std::string description;

    format::MetricDescriptor descriptor() const;
    std::string metricId() const { return "workload." + name; }
};

// Parses "NAME[:UNIT[:higher|lower|neutral]]=REGEX". The direction defaults from the unit: a rate
// (anything per second, tps, qps, iops) is better higher, a time (ns, us, ms, s) better lower.
// Returns the rule, or sets why to a sentence naming what is wrong.
std::optional<WorkloadRule> parseWorkloadRule(std::string_view text, format::MetricScope scope, std::string& why);

// Which way a change of a value in this unit is good, when the user did not say.
format::BetterDirection defaultDirection(std::string_view unit);

// The names of the built-in presets, and their rules. An unknown name yields an empty list.
std::vector<std::string> presetNames();
std::vector<WorkloadRule> presetRules(std::string_view preset);

} // namespace runlens::workload
