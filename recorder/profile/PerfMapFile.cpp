#include "PerfMapFile.h"

#include <algorithm>
#include <fstream>
#include <sys/stat.h>

namespace runlens::profile {

bool PerfMapFile::refresh(const std::string& path)
{
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
        return false;
    if (std::uint64_t(info.st_size) == m_loadedBytes)
        return true;
    std::ifstream in(path);
    if (!in)
        return false;
    m_entries.clear();
    m_names.clear();
    std::string line;
    while (std::getline(in, line)) {
        char* end = nullptr;
        const std::uint64_t start = std::strtoull(line.c_str(), &end, 16);
        if (end == line.c_str() || *end != ' ')
            continue;
        char* sizeEnd = nullptr;
        const std::uint64_t size = std::strtoull(end + 1, &sizeEnd, 16);
        if (sizeEnd == end + 1 || *sizeEnd != ' ' || size == 0)
            continue;
        std::string_view name(sizeEnd + 1);
        name = name.substr(0, std::min<std::size_t>(name.size(), 4096));
        m_entries.push_back({start, size, std::uint32_t(m_names.size()), std::uint32_t(name.size())});
        m_names.append(name);
    }
    // Later lines win for the same start (a recompiled function at a reused address).
    std::stable_sort(m_entries.begin(), m_entries.end(), [](const Entry& a, const Entry& b) { return a.start < b.start; });
    m_loadedBytes = std::uint64_t(info.st_size);
    return true;
}

std::string_view PerfMapFile::find(std::uint64_t address) const
{
    auto it = std::upper_bound(m_entries.begin(), m_entries.end(), address,
                               [](std::uint64_t value, const Entry& entry) { return value < entry.start; });
    while (it != m_entries.begin()) {
        --it;
        if (address < it->start + it->size)
            return std::string_view(m_names.data() + it->nameOffset, it->nameSize);
        // Entries do not overlap in practice; one step back is enough.
        break;
    }
    return {};
}

} // namespace runlens::profile
