#include "FoldedImporter.h"

#include "FormatError.h"
#include "InputLimits.h"
#include "ProfileBuilder.h"

#include <cstring>
#include <limits>

using runlens::format::FormatError;
using runlens::format::FrameKind;
namespace limits = runlens::format::limits;
using runlens::format::kNoStack;

namespace {

// "frames count": the count is the last blank-separated word and must be a whole number.
bool splitLine(std::string_view line, std::string_view& frames, std::uint64_t& count)
{
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
        line.remove_suffix(1);
    const std::size_t blank = line.find_last_of(" \t");
    if (blank == std::string_view::npos || blank + 1 >= line.size())
        return false;
    count = 0;
    for (const char c : line.substr(blank + 1)) {
        if (c < '0' || c > '9')
            return false;
        const std::uint64_t next = count * 10 + std::uint64_t(c - '0');
        count = next < count ? std::numeric_limits<std::uint64_t>::max() : next;
    }
    frames = line.substr(0, blank);
    while (!frames.empty() && (frames.back() == ' ' || frames.back() == '\t'))
        frames.remove_suffix(1);
    return true;
}

} // namespace

runlens::format::ProfileTables importFolded(std::string_view text, FoldedStatistics* statistics)
{
    FoldedStatistics stats;
    runlens::format::ProfileBuilder builder;

    std::size_t pos = 0;
    while (pos < text.size()) {
        const char* newline = static_cast<const char*>(std::memchr(text.data() + pos, '\n', text.size() - pos));
        const std::size_t lineEnd = newline ? std::size_t(newline - text.data()) : text.size();
        const std::string_view line = text.substr(pos, lineEnd - pos);
        pos = lineEnd + 1;
        ++stats.lines;
        if (line.empty() || line[0] == '#')
            continue;
        if (line.size() > limits::kLineBytes)
            throw FormatError("line " + std::to_string(stats.lines) + " is longer than the limit of "
                              + std::to_string(limits::kLineBytes) + " bytes");
        std::string_view frames;
        std::uint64_t count = 0;
        if (!splitLine(line, frames, count)) {
            ++stats.unrecognizedLines;
            continue;
        }
        std::uint32_t stack = kNoStack;
        std::uint32_t depth = 0;
        std::size_t begin = 0;
        while (begin <= frames.size() && !frames.empty()) {
            std::size_t semicolon = frames.find(';', begin);
            if (semicolon == std::string_view::npos)
                semicolon = frames.size();
            std::string_view name = frames.substr(begin, semicolon - begin);
            FrameKind kind = FrameKind::User;
            if (name.ends_with("_[k]")) {
                kind = FrameKind::Kernel;
                name.remove_suffix(4);
            } else if (name.ends_with("_[j]")) {
                kind = FrameKind::Jit;
                name.remove_suffix(4);
            } else if (name == "[unknown]") {
                kind = FrameKind::Unknown;
            }
            if (++depth > limits::kStackDepth)
                throw FormatError("line " + std::to_string(stats.lines) + " has a stack deeper than the limit of "
                                  + std::to_string(limits::kStackDepth) + " frames");
            stack = builder.stack(stack, builder.frame(name, {}, kind));
            begin = semicolon + 1;
            if (semicolon == frames.size())
                break;
        }
        // One row per line, whatever its count: the count may be samples or a weight (the summed
        // periods stackcollapse-perf.pl prints, nanoseconds, bytes), so it is both.
        if (builder.tables().samples.size() >= limits::kImportedSamples)
            throw FormatError("it has more than the limit of " + std::to_string(limits::kImportedSamples) + " stack lines");
        builder.weightedSample(0, 0, 0, 0, stack, count, count);
    }
    if (statistics)
        *statistics = stats;
    runlens::format::ProfileTables profile = builder.take(false);
    profile.info = {{"source", "folded"}, {"timeless", true}};
    return profile;
}

bool looksLikeFolded(std::string_view text)
{
    std::size_t pos = 0;
    int checked = 0;
    while (pos < text.size() && checked < 16) {
        std::size_t newline = text.find('\n', pos);
        if (newline == std::string_view::npos)
            newline = text.size();
        const std::string_view line = text.substr(pos, newline - pos);
        pos = newline + 1;
        if (line.empty() || line[0] == '#')
            continue;
        std::string_view frames;
        std::uint64_t count = 0;
        if (!splitLine(line, frames, count) || frames.empty())
            return false;
        ++checked;
    }
    return checked > 0;
}
