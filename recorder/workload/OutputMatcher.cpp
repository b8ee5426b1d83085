#include "OutputMatcher.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>

namespace runlens::workload {

namespace {

constexpr std::size_t kShortestUsefulLiteral = 2;

bool isQuantifier(char c)
{
    return c == '*' || c == '+' || c == '?' || c == '{';
}

// How many characters after the letter of an escape belong to it: "\x41", "\x{263a}", "\p{Lu}",
// "\g{-1}", "\k<name>", "\cA", "\012". Taking too many only shortens a literal, never adds one.
std::size_t escapeArgumentLength(std::string_view escape)
{
    if (escape.empty() || !std::strchr("xopPgkNc0123456789", escape.front()))
        return 0;
    std::size_t length = 0;
    const std::string_view rest = escape.substr(1);
    if (escape.front() == 'c')
        return rest.empty() ? 0 : 1;
    if (!rest.empty() && (rest.front() == '{' || rest.front() == '<' || rest.front() == '\'')) {
        const char close = rest.front() == '{' ? '}' : rest.front() == '<' ? '>' : '\'';
        const std::size_t end = rest.find(close, 1);
        return end == std::string_view::npos ? rest.size() : end + 1;
    }
    while (length < rest.size() && std::isalnum(static_cast<unsigned char>(rest[length])))
        ++length;
    return length;
}

// Seconds per unit for the time units a benchmark prints; 0 when text does not start with one.
// Longest names first, so that "ms" is not read as minutes.
double secondsOfUnit(std::string_view text, std::size_t& length)
{
    static constexpr struct {
        const char* name;
        double seconds;
    } kUnits[] = {{"min", 60}, {"ns", 1e-9}, {"us", 1e-6}, {"\u00b5s", 1e-6}, {"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}};
    for (const auto& unit : kUnits) {
        if (text.starts_with(unit.name)) {
            length = std::strlen(unit.name);
            return unit.seconds;
        }
    }
    length = 0;
    return 0;
}

} // namespace

std::optional<double> parseMeasurement(std::string_view text, std::string_view unit)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || !std::isfinite(value))
        return std::nullopt;
    std::string_view rest(end, std::size_t(text.data() + text.size() - end));

    std::size_t length = 0;
    const double metricSeconds = secondsOfUnit(unit, length);
    if (metricSeconds > 0 && length == unit.size()) {
        std::size_t suffix = 0;
        const double seconds = secondsOfUnit(rest, suffix);
        if (seconds > 0)
            value *= seconds / metricSeconds;
        return std::isfinite(value) ? std::optional(value) : std::nullopt;
    }
    if (!rest.empty()) {
        const std::string_view prefixes = "kMGT";
        std::size_t power = prefixes.find(rest.front() == 'K' ? 'k' : rest.front());
        if (power != std::string_view::npos) {
            const bool binary = rest.size() > 1 && rest[1] == 'i';
            value *= std::pow(binary ? 1024.0 : 1000.0, double(power + 1));
        }
    }
    return std::isfinite(value) ? std::optional(value) : std::nullopt;
}

std::vector<std::string> OutputMatcher::requiredLiterals(std::string_view pattern)
{
    // Alternatives anywhere make every literal optional; a bracket or group ends a run, and only
    // the top level is considered, since a group may be optional as a whole. PCRE2's option
    // settings ("(?i)" caseless, "(?x)" spaces ignored) change what the rest means, and in
    // "\Q...\E" everything is literal: none of those is worth reading, they get no filter.
    if (pattern.find('|') != std::string_view::npos || pattern.find("\\Q") != std::string_view::npos)
        return {};
    for (std::size_t at = pattern.find("(?"); at != std::string_view::npos; at = pattern.find("(?", at + 1)) {
        if (at + 2 < pattern.size() && (std::isalpha(static_cast<unsigned char>(pattern[at + 2])) || pattern[at + 2] == '-'
                                        || pattern[at + 2] == '^' || pattern[at + 2] == '#'))
            return {};
    }
    std::vector<std::string> literals;
    std::string run;
    int depth = 0;
    bool inClass = false;
    const auto endRun = [&] {
        if (run.size() >= kShortestUsefulLiteral)
            literals.push_back(run);
        run.clear();
    };
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        char literal = 0;
        std::size_t width = 1;
        if (inClass) {
            if (c == '\\') {
                ++i;
            } else if (c == '[' && i + 1 < pattern.size() && pattern[i + 1] == ':') {
                const std::size_t end = pattern.find(":]", i + 2); // "[:digit:]"
                i = end == std::string_view::npos ? pattern.size() : end + 1;
            } else if (c == ']') {
                inClass = false;
            }
            continue;
        }
        if (c == '\\') {
            if (i + 1 >= pattern.size())
                break;
            const char next = pattern[i + 1];
            width = 2;
            if (std::strchr(".^$*+?()[]{}|\\/-:=!,", next) && next != 0)
                literal = next;
            else
                width += escapeArgumentLength(pattern.substr(i + 1));
        } else if (c == '[') {
            inClass = true;
            // "[]a]" and "[^]a]": a ']' right after the opening is a member, not the end.
            if (i + 1 < pattern.size() && pattern[i + 1] == '^')
                ++i;
            if (i + 1 < pattern.size() && pattern[i + 1] == ']')
                ++i;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')') {
            --depth;
        } else if (!std::strchr(".^$*+?{}", c)) {
            literal = c;
        }
        const std::size_t after = i + width;
        const bool quantified = after < pattern.size() && isQuantifier(pattern[after]);
        if (literal == 0 || depth != 0) {
            endRun();
        } else if (quantified && pattern[after] != '+') {
            endRun(); // "a?" or "a*" or "a{0,2}": the character may be absent
        } else {
            run += literal;
            if (quantified)
                endRun(); // "a+": at least one, but what follows is not adjacent
        }
        i = after - 1;
    }
    endRun();
    return literals;
}

std::string OutputMatcher::leadingLiteral(std::string_view pattern)
{
    const std::vector<std::string> literals = requiredLiterals(pattern);
    if (literals.empty())
        return {};
    // The first required literal leads only if nothing but literal characters (or escaped
    // punctuation) comes before its end in the pattern.
    std::string text;
    for (std::size_t i = 0; i < pattern.size() && text.size() < literals.front().size(); ++i) {
        const char c = pattern[i];
        if (c == '\\' && i + 1 < pattern.size() && std::strchr(".^$*+?()[]{}|\\/-:=!,", pattern[i + 1])) {
            text += pattern[++i];
        } else if (std::strchr(".^$*+?()[]{}|\\", c)) {
            return {};
        } else {
            text += c;
        }
    }
    return text == literals.front() ? text : std::string();
}

OutputMatcher::OutputMatcher(std::vector<WorkloadRule> rules)
    : m_rules(std::move(rules))
{
    m_compiled.reserve(m_rules.size());
    for (const WorkloadRule& rule : m_rules) {
        std::string leading = leadingLiteral(rule.pattern);
        std::string why;
        std::optional<CompiledPattern> pattern = CompiledPattern::compile(rule.pattern, !leading.empty(), why);
        if (!pattern)
            throw std::invalid_argument("the pattern of workload metric " + rule.name + " is not valid (" + why + ")");
        m_compiled.push_back({std::move(*pattern), requiredLiterals(rule.pattern), std::move(leading)});
    }
}

bool OutputMatcher::succeeded(CompiledPattern::Outcome outcome)
{
    if (outcome == CompiledPattern::Outcome::Abandoned)
        ++m_abandoned;
    return outcome == CompiledPattern::Outcome::Match;
}

bool OutputMatcher::search(std::string_view line, Compiled& compiled)
{
    if (compiled.leading.empty())
        return succeeded(compiled.pattern.match(line));
    // Anchored: one attempt at each place the leading literal occurs, the leftmost match wins.
    for (std::size_t at = line.find(compiled.leading); at != std::string_view::npos; at = line.find(compiled.leading, at + 1)) {
        if (succeeded(compiled.pattern.match(line, at)))
            return true;
    }
    return false;
}

int OutputMatcher::match(std::string_view line, const std::function<void(std::size_t, double)>& found)
{
    int matched = 0;
    for (std::size_t i = 0; i < m_compiled.size(); ++i) {
        Compiled& compiled = m_compiled[i];
        const auto absent = [line](const std::string& literal) { return line.find(literal) == std::string_view::npos; };
        if (std::any_of(compiled.literals.begin(), compiled.literals.end(), absent))
            continue;
        if (!search(line, compiled))
            continue;
        const std::optional<std::string_view> capture = compiled.pattern.capture(line, 1);
        if (!capture)
            continue;
        if (const auto value = parseMeasurement(*capture, m_rules[i].unit)) {
            found(i, *value);
            ++matched;
        }
    }
    return matched;
}

} // namespace runlens::workload
