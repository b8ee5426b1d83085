#include "SysfsEventEncoder.h"

#include "ProcFile.h"

#include <charconv>

namespace runlens::collect::pmu {

namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\n' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

bool parseNumber(std::string_view text, std::uint64_t& value)
{
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
        base = 16;
    }
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

// Appends instead of "\"" + std::string(...): GCC 12 at -O3 reports a false -Wrestrict on
// prepending to a temporary string (GCC bug 105329), and warnings are errors here.
std::string quoted(std::string_view text, std::string_view after)
{
    std::string result;
    result.reserve(text.size() + after.size() + 2);
    result += '"';
    result += text;
    result += '"';
    result += after;
    return result;
}

} // namespace

std::string SysfsEventEncoder::placeBits(std::string_view format, std::uint64_t value, perf_event_attr& attr)
{
    format = trim(format);
    const std::size_t colon = format.find(':');
    if (colon == std::string_view::npos)
        return "format \"" + std::string(format) + "\" has no \"config:\" part";
    const std::string_view word = format.substr(0, colon);
    __u64* target = word == "config" ? &attr.config
                          : word == "config1" ? &attr.config1
                          : word == "config2" ? &attr.config2
                                              : nullptr;
    if (!target)
        return "format \"" + std::string(format) + "\" names an unknown attribute field";
    std::uint64_t remaining = value;
    std::string_view ranges = format.substr(colon + 1);
    while (!ranges.empty()) {
        const std::size_t comma = ranges.find(',');
        const std::string_view range = ranges.substr(0, comma);
        ranges = comma == std::string_view::npos ? std::string_view() : ranges.substr(comma + 1);
        const std::size_t dash = range.find('-');
        std::uint64_t low = 0;
        std::uint64_t high = 0;
        if (!parseNumber(range.substr(0, dash), low)
            || !parseNumber(dash == std::string_view::npos ? range : range.substr(dash + 1), high) || high < low
            || high > 63)
            return "format \"" + std::string(format) + "\" has a bad bit range";
        const std::uint64_t width = high - low + 1;
        const std::uint64_t mask = width == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << width) - 1;
        *target |= (remaining & mask) << low;
        remaining = width == 64 ? 0 : remaining >> width;
    }
    if (remaining != 0)
        return "value 0x" + [&] {
            char buffer[20];
            const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, 16);
            return std::string(buffer, result.ptr);
        }() + " does not fit the bits \"" + std::string(format) + "\"";
    return {};
}

std::string SysfsEventEncoder::encode(std::string_view event, perf_event_attr& attr) const
{
    event = trim(event);
    const std::size_t slash = event.find('/');
    if (slash == std::string_view::npos || event.back() != '/' || slash + 1 > event.size() - 1)
        return quoted(event, " is not of the form pmu/field=value,.../");
    std::string device(event.substr(0, slash));
    if (device == "core")
        device = m_corePmu;
    if (device.empty())
        return quoted(event, " needs the core PMU, and this host has none");
    const std::string base = m_paths.sys("bus/event_source/devices/" + device);
    std::string typeText;
    std::string error;
    if (!readWholeFile(base + "/type", typeText, &error))
        return error + " (the kernel has no PMU named \"" + device + "\")";
    std::uint64_t type = 0;
    if (!parseNumber(trim(typeText), type))
        return base + "/type: not a number";
    attr.type = std::uint32_t(type);
    attr.config = attr.config1 = attr.config2 = 0;
    return applyTerms(device, event.substr(slash + 1, event.size() - slash - 2), attr, 0);
}

std::string SysfsEventEncoder::applyTerms(const std::string& device, std::string_view terms, perf_event_attr& attr,
                                          int depth) const
{
    const std::string base = m_paths.sys("bus/event_source/devices/" + device);
    while (!terms.empty()) {
        const std::size_t comma = terms.find(',');
        const std::string_view term = trim(terms.substr(0, comma));
        terms = comma == std::string_view::npos ? std::string_view() : terms.substr(comma + 1);
        if (term.empty())
            continue;
        const std::size_t equals = term.find('=');
        const std::string field(term.substr(0, equals));
        std::string format;
        std::string error;
        if (!readWholeFile(base + "/format/" + field, format, &error)) {
            // Not a field: maybe a named event of this PMU ("cpu/cycles/"), itself a term list.
            std::string alias;
            if (equals == std::string_view::npos && depth == 0
                && readWholeFile(base + "/events/" + field, alias, nullptr))
                return applyTerms(device, trim(alias), attr, depth + 1);
            return device + " has no format field or event \"" + field + "\" (" + error + ")";
        }
        std::uint64_t value = 1;
        if (equals != std::string_view::npos && !parseNumber(trim(term.substr(equals + 1)), value))
            return quoted(term, ": the value is not a number");
        if (std::string problem = placeBits(format, value, attr); !problem.empty())
            return base + "/format/" + field + ": " + problem;
    }
    return {};
}

} // namespace runlens::collect::pmu
