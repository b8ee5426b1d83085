#include "FormatVersion.h"

#include <charconv>

namespace runlens::format {

std::string FormatVersion::toString() const
{
    return std::to_string(major) + '.' + std::to_string(minor);
}

std::optional<FormatVersion> FormatVersion::parse(const std::string& text)
{
    FormatVersion version;
    const char* const end = text.data() + text.size();
    auto [afterMajor, majorError] = std::from_chars(text.data(), end, version.major);
    if (majorError != std::errc() || afterMajor == end || *afterMajor != '.')
        return std::nullopt;
    auto [afterMinor, minorError] = std::from_chars(afterMajor + 1, end, version.minor);
    if (minorError != std::errc() || afterMinor != end || version.major < 0 || version.minor < 0)
        return std::nullopt;
    return version;
}

std::string whyUnreadable(const FormatVersion& version)
{
    if (version.major < 1)
        return "format version " + version.toString() + " is not a released Runlens format";
    if (version.major > kFormatMajor)
        return "the archive was written in format " + version.toString() + ", which is newer than the "
             + std::to_string(kFormatMajor) + ".x this Runlens reads; update Runlens to open it";
    return {};
}

} // namespace runlens::format
