#include "OutputMatcher.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace runlens::workload {

namespace {

constexpr std::size_t kShortestUsefulLiteral = 2;

bool isQuantifier(char c)
{
    return c == '*' || c == '+' || c == '?' || c == '{';
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
    // the top level is considered, since a group may be optional as a whole.
    if (pattern.find('|') != std::string_view::npos)
        return {};
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
            if (c == '\\')
                ++i;
            else if (c == ']')
                inClass = false;
            continue;
        }
        if (c == '\\') {
            if (i + 1 >= pattern.size())
                break;
            const char next = pattern[i + 1];
            width = 2;
            if (std::strchr(".^$*+?()[]{}|\\/-:=!,", next) && next != 0)
                literal = next;
        } else if (c == '[') {
            inClass = true;
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
    for (const WorkloadRule& rule : m_rules)
        m_compiled.push_back({std::regex(rule.pattern, std::regex::ECMAScript | std::regex::optimize), requiredLiterals(rule.pattern),
                              leadingLiteral(rule.pattern),
                              rule.pattern.starts_with('^') && rule.pattern.find('|') == std::string::npos});
}

bool OutputMatcher::search(std::string_view line, const Compiled& compiled)
{
    if (compiled.anchored) // "^...": only a match at the start of the line counts
        return std::regex_search(line.begin(), line.end(), m_match, compiled.regex, std::regex_constants::match_continuous);
    if (compiled.leading.empty())
        return std::regex_search(line.begin(), line.end(), m_match, compiled.regex);
    for (std::size_t at = line.find(compiled.leading); at != std::string_view::npos; at = line.find(compiled.leading, at + 1)) {
        // match_prev_avail: the character before `at` exists, for \b and friends.
        const auto flags = at == 0 ? std::regex_constants::match_continuous
                                   : std::regex_constants::match_continuous | std::regex_constants::match_prev_avail;
        if (std::regex_search(line.begin() + std::ptrdiff_t(at), line.end(), m_match, compiled.regex, flags))
            return true;
    }
    return false;
}

int OutputMatcher::match(std::string_view line, const std::function<void(std::size_t, double)>& found)
{
    int matched = 0;
    if (line.size() > kMaxLineLength)
        return matched;
    for (std::size_t i = 0; i < m_compiled.size(); ++i) {
        const Compiled& compiled = m_compiled[i];
        const auto absent = [line](const std::string& literal) { return line.find(literal) == std::string_view::npos; };
        if (std::any_of(compiled.literals.begin(), compiled.literals.end(), absent))
            continue;
        if (!search(line, compiled) || m_match.size() < 2 || !m_match[1].matched)
            continue;
        const std::string_view capture(line.data() + (m_match[1].first - line.begin()), std::size_t(m_match[1].length()));
        if (const auto value = parseMeasurement(capture, m_rules[i].unit)) {
            found(i, *value);
            ++matched;
        }
    }
    return matched;
}

} // namespace runlens::workload
