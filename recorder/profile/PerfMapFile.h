// The symbol file JIT runtimes write for perf: /tmp/perf-PID.map, one "START SIZE name" line per
// compiled function, addresses in hex (Java with a perf map agent, Node with --perf-basic-prof,
// .NET with DOTNET_PerfMapEnabled=1).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::profile {

class PerfMapFile
{
public:
    // Reads path again when it grew since the last load (runtimes append while they compile).
    // Returns false when the file does not exist.
    bool refresh(const std::string& path);

    // The function containing address, or an empty view.
    std::string_view find(std::uint64_t address) const;
    std::size_t size() const { return m_entries.size(); }

private:
    struct Entry {
        std::uint64_t start;
        std::uint64_t size;
        std::uint32_t nameOffset;
        std::uint32_t nameSize;
    };
    std::vector<Entry> m_entries; // sorted by start
    std::string m_names;
    std::uint64_t m_loadedBytes = 0;
};

} // namespace runlens::profile
