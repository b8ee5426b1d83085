#include "ArchiveEntryPath.h"

#include "FormatError.h"

#include <archive_entry.h>

#include <vector>

namespace runlens::format {

std::string_view archiveEntryKind(mode_t type)
{
    switch (type) {
    case AE_IFLNK: return "a symbolic link";
    case AE_IFCHR: return "a character device";
    case AE_IFBLK: return "a block device";
    case AE_IFIFO: return "a named pipe";
    case AE_IFSOCK: return "a socket";
    default: return "an entry that is not a regular file";
    }
}

std::string checkArchiveEntryPath(const std::string& path, const ReadLimits& limits, std::string& relative,
                                  std::string_view archives)
{
    if (path.empty())
        throw FormatError("it contains an entry without a name");
    if (path.size() > limits.maxPathLength)
        throw FormatError("it contains an entry with a path longer than " + std::to_string(limits.maxPathLength) + " bytes");
    if (path.front() == '/')
        throw FormatError("it contains the absolute path " + path + "; " + std::string(archives) + " hold only relative paths");
    std::string normalised = path;
    while (normalised.starts_with("./"))
        normalised.erase(0, 2);
    // The components that name something: "ok/./manifest.json" and "ok//manifest.json" are
    // ok/manifest.json, as `tar x` would extract them (over the real one: the duplicate check
    // after this must see the same name).
    std::vector<std::string_view> components;
    std::size_t start = 0;
    while (start <= normalised.size()) {
        std::size_t end = normalised.find('/', start);
        if (end == std::string::npos)
            end = normalised.size();
        const std::string_view component(normalised.data() + start, end - start);
        if (component == "..")
            throw FormatError("it contains the path " + path + ", which points outside the archive (\"..\")");
        if (!component.empty() && component != ".")
            components.push_back(component);
        start = end + 1;
    }
    if (components.size() > 16)
        throw FormatError("it contains the path " + path + ", nested deeper than 16 directories");
    relative.clear();
    if (components.empty())
        return {};
    for (std::size_t i = 1; i < components.size(); ++i) {
        if (i > 1)
            relative += '/';
        relative += components[i];
    }
    return std::string(components.front());
}

} // namespace runlens::format
