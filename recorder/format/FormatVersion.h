// The version of the run-archive format, and the rule for which archives a reader accepts.
#pragma once

#include <optional>
#include <string>

namespace runlens::format {

// The major version changes when an older reader could misread an archive; the minor version
// changes when fields are added that older readers may safely ignore.
// 2.0: the profile's samples moved from profile/samples.bin into time-ordered chunks (FORMAT.md).
inline constexpr int kFormatMajor = 2;
inline constexpr int kFormatMinor = 0;

struct FormatVersion {
    int major = 0;
    int minor = 0;

    std::string toString() const;
    // Parses "MAJOR.MINOR"; anything else yields nullopt.
    static std::optional<FormatVersion> parse(const std::string& text);
};

// Returns an empty string when this build can read an archive of the given version, or a sentence
// that says why not and what to do.
std::string whyUnreadable(const FormatVersion& version);

} // namespace runlens::format
