// Turns lines of the workload's output into values, by the rules of --workload-metric,
// --workload-result and the presets.
//
// The patterns are PCRE2's, JIT-compiled once (CompiledPattern); matching a line allocates
// nothing. Most lines match no rule, so each rule also carries the literals its pattern requires
// ("] thds: " and " tps: " in "\] thds: \d+ tps: ([0-9.]+)"), and PCRE2 only runs on lines that
// contain them all: a memmem per literal is cheaper than starting the matcher. When the pattern
// starts with a literal, a match can only start where that literal occurs, so the pattern is
// compiled anchored and tried only there instead of at every offset.
#pragma once

#include "CompiledPattern.h"
#include "WorkloadRule.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::workload {

class OutputMatcher
{
public:
    // Throws std::invalid_argument when a rule's pattern does not compile (parseWorkloadRule has
    // checked the rules users give).
    explicit OutputMatcher(std::vector<WorkloadRule> rules);

    const std::vector<WorkloadRule>& rules() const { return m_rules; }

    // Calls found(rule index, value) for every rule whose pattern matches the line and whose first
    // capture group reads as a number. Returns how many rules matched. Lines of any length are
    // safe; LineAssembler bounds them anyway.
    int match(std::string_view line, const std::function<void(std::size_t, double)>& found);

    // Match attempts given up on a limit of CompiledPattern (a line that would take too long, a
    // pattern too deep for the JIT stack): they count as no match. For the manifest.
    std::uint64_t abandonedMatches() const { return m_abandoned; }

    // The literals of two characters or more that a line must contain for the pattern to match
    // (none when it is not safe to require any, e.g. with alternatives). Exposed for tests.
    static std::vector<std::string> requiredLiterals(std::string_view pattern);
    // The literal the pattern starts with ("" when it starts with anything else, "^" included).
    static std::string leadingLiteral(std::string_view pattern);

private:
    struct Compiled {
        CompiledPattern pattern; // anchored when leading is not empty
        std::vector<std::string> literals;
        std::string leading;
    };

    bool search(std::string_view line, Compiled& compiled);
    bool succeeded(CompiledPattern::Outcome outcome);

    std::vector<WorkloadRule> m_rules;
    std::vector<Compiled> m_compiled;
    std::uint64_t m_abandoned = 0;
};

// Reads a captured value: a number, optionally followed by an SI multiplier (k, M, G, T; Ki, Mi,
// Gi, Ti as powers of 1024; an optional B after either: fio prints "10.5k" and "41.1MiB"), or, when
// the metric's unit is a time, by a time unit that is converted to it (wrk prints "850.00us" and
// "1.23ms"). Anything after that is ignored. Returns nullopt for text that is not a finite number.
std::optional<double> parseMeasurement(std::string_view text, std::string_view unit);

} // namespace runlens::workload
