// Template part of ProcessImage.h.
#pragma once

#include <cstdlib>

namespace runlens::profile {

template<typename FileIndex>
void parseProcMaps(std::string_view text, ProcessImage& image, FileIndex&& fileIndex)
{
    // "55d0c8a00000-55d0c8a21000 r-xp 00002000 fd:01 1234   /usr/bin/cat"
    while (!text.empty()) {
        const auto newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        const std::string copy(line.substr(0, 64)); // strtoull needs a terminator; the numbers come first
        char* end = nullptr;
        Mapping mapping;
        mapping.start = std::strtoull(copy.c_str(), &end, 16);
        if (*end != '-')
            continue;
        mapping.end = std::strtoull(end + 1, &end, 16);
        if (*end != ' ' || std::size_t(end - copy.c_str()) + 6 > copy.size())
            continue;
        const char* perms = end + 1;
        if (perms[2] != 'x')
            continue;
        mapping.fileOffset = std::strtoull(perms + 5, &end, 16);
        // Skip the device and the inode, then the path (which may contain spaces) is the rest.
        std::size_t at = std::size_t(end - copy.c_str());
        int fields = 0;
        while (at < line.size() && fields < 2) {
            while (at < line.size() && line[at] == ' ')
                ++at;
            while (at < line.size() && line[at] != ' ')
                ++at;
            ++fields;
        }
        while (at < line.size() && line[at] == ' ')
            ++at;
        mapping.file = fileIndex(line.substr(at));
        image.map(mapping);
    }
    image.mapsRead = true;
}

} // namespace runlens::profile
