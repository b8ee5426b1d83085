// What the sampler knows about one process: its executable mappings (from /proc/PID/maps when
// first seen, then from PERF_RECORD_MMAP2), its command name, the frames its addresses resolved
// to, and its JIT map. Kept until the drain after the process exits, so samples of a process that
// is already gone are still named.
#pragma once

#include "PerfMapFile.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::profile {

struct Mapping {
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    std::uint64_t fileOffset = 0;
    std::uint32_t file = 0; // index into the sampler's file names ("" for anonymous memory)
};

class ProcessImage
{
public:
    // Adds an executable mapping; a mapping over the same addresses replaces the old ones (mmap
    // with MAP_FIXED, a library loaded where another was unloaded).
    void map(const Mapping& mapping);
    // exec: the old image is gone.
    void clear();
    const Mapping* find(std::uint64_t address) const;
    const std::vector<Mapping>& mappings() const { return m_mappings; }

    std::string command;
    bool mapsRead = false;        // /proc/PID/maps was read (or the mappings came from a fork)
    std::uint64_t exitedAtDrain = 0; // 0 while alive
    std::uint64_t perfMapEpoch = 0;  // when the JIT map was last looked at (StackSampler's epochs)
    PerfMapFile perfMap;
    std::unordered_map<std::uint64_t, std::uint32_t> frames; // JIT code: address -> frame id

private:
    std::vector<Mapping> m_mappings; // sorted by start, not overlapping
};

// Parses the executable lines of /proc/PID/maps; fileIndex interns a path (empty = anonymous).
template<typename FileIndex>
void parseProcMaps(std::string_view text, ProcessImage& image, FileIndex&& fileIndex);

} // namespace runlens::profile

#include "ProcessImage.inl"
