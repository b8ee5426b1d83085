// Turns lines of the workload's output into values, by the rules of --workload-metric,
// --workload-result and the presets.
//
// Most lines match no rule, and the regular expressions are the expensive part (about 1 µs per
// rule and line with std::regex). Each rule therefore carries the literals its pattern requires
// ("] thds: " and " tps: " in "\] thds: \d+ tps: ([0-9.]+)"), and the regex only runs on lines that
// contain them all. When the pattern starts with a literal, a match can only start where that
// literal occurs, so the regex is tried only there (match_continuous) instead of at every offset.
#pragma once

#include "WorkloadRule.h"

#include <functional>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::workload {

class OutputMatcher
{
public:
    // libstdc++'s std::regex matches by recursion, one level per character matched: a hostile
    // line of 60,000 digits after "tps: " overflows the stack. Longer lines are never matched.
    static constexpr std::size_t kMaxLineLength = 4096;

    explicit OutputMatcher(std::vector<WorkloadRule> rules);

    const std::vector<WorkloadRule>& rules() const { return m_rules; }

    // Calls found(rule index, value) for every rule whose pattern matches the line and whose first
    // capture group reads as a number. Returns how many rules matched (0 for a line longer than
    // kMaxLineLength).
    int match(std::string_view line, const std::function<void(std::size_t, double)>& found);

    // The literals of two characters or more that a line must contain for the pattern to match
    // (none when it is not safe to require any, e.g. with alternatives). Exposed for tests.
    static std::vector<std::string> requiredLiterals(std::string_view pattern);
    // The literal the pattern starts with ("" when it starts with anything else, "^" included).
    static std::string leadingLiteral(std::string_view pattern);

private:
    struct Compiled {
        std::regex regex;
        std::vector<std::string> literals;
        std::string leading;
        bool anchored = false; // starts with ^ and has no alternatives
    };

    bool search(std::string_view line, const Compiled& compiled);

    std::vector<WorkloadRule> m_rules;
    std::vector<Compiled> m_compiled;
    std::match_results<std::string_view::const_iterator> m_match; // reused for every line
};

// Reads a captured value: a number, optionally followed by an SI multiplier (k, M, G, T; Ki, Mi,
// Gi, Ti as powers of 1024; an optional B after either: fio prints "10.5k" and "41.1MiB"), or, when
// the metric's unit is a time, by a time unit that is converted to it (wrk prints "850.00us" and
// "1.23ms"). Anything after that is ignored. Returns nullopt for text that is not a finite number.
std::optional<double> parseMeasurement(std::string_view text, std::string_view unit);

} // namespace runlens::workload
