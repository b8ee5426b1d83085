#include "Duration.h"

#include <charconv>
#include <cstdio>

namespace runlens::recorder {

std::optional<std::chrono::nanoseconds> parseDuration(const std::string& text)
{
    if (text.empty())
        return std::nullopt;
    const char* at = text.data();
    const char* const end = text.data() + text.size();
    double totalNs = 0;
    bool any = false;
    while (at < end) {
        double number = 0;
        const auto [next, error] = std::from_chars(at, end, number);
        if (error != std::errc() || number < 0)
            return std::nullopt;
        at = next;
        double unitNs = 1e9; // a bare number means seconds
        const std::string_view rest(at, std::size_t(end - at));
        if (rest.starts_with("ms")) {
            unitNs = 1e6;
            at += 2;
        } else if (rest.starts_with("s")) {
            at += 1;
        } else if (rest.starts_with("m")) {
            unitNs = 60e9;
            at += 1;
        } else if (rest.starts_with("h")) {
            unitNs = 3600e9;
            at += 1;
        } else if (at != end || any) {
            return std::nullopt; // "1h30" is ambiguous; only the last part may lack its unit if it is alone
        }
        totalNs += number * unitNs;
        any = true;
    }
    if (!any || totalNs > 1e18)
        return std::nullopt;
    return std::chrono::nanoseconds(static_cast<long long>(totalNs + 0.5));
}

std::string formatDuration(std::chrono::nanoseconds duration)
{
    const double seconds = std::chrono::duration<double>(duration).count();
    char text[64];
    if (seconds < 1) {
        std::snprintf(text, sizeof text, "%.0fms", seconds * 1000);
    } else if (seconds < 60) {
        std::snprintf(text, sizeof text, "%.*fs", seconds < 10 && seconds != int(seconds) ? 1 : 0, seconds);
    } else {
        const long long whole = static_cast<long long>(seconds);
        if (whole >= 3600)
            std::snprintf(text, sizeof text, "%lldh %02lldm %02llds", whole / 3600, whole / 60 % 60, whole % 60);
        else
            std::snprintf(text, sizeof text, "%lldm %02llds", whole / 60, whole % 60);
    }
    return text;
}

} // namespace runlens::recorder
