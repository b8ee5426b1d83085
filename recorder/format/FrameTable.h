// The frames of a profile while it is built, kept compactly: a frame is 24 bytes of entry plus its
// symbol's bytes in an arena, with its module one of a few hundred interned names. As ProfileFrame
// rows (72 bytes, and a heap block for each of two strings) the 40,000 frames of
// bench_profilepack's hour took 3.2 MiB more of the recorder's 30 MB (its recording side: 22.6 MiB,
// now 19.4). ProfileBuilder::take() turns them into ProfileFrame rows for everything downstream.
#pragma once

#include "InternTables.h"
#include "ProfileTables.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::format {

class FrameTable
{
public:
    struct Frame {
        std::string_view symbol;
        std::string_view module;
        FrameKind kind = FrameKind::Unknown;
    };

    std::size_t size() const { return m_entries.size(); }
    Frame at(std::uint32_t id) const
    {
        const Entry& entry = m_entries[id];
        return {std::string_view(entry.symbol, entry.symbolSize), m_modules[entry.module], entry.kind};
    }
    // Appends a frame (the caller has made sure it is new) and returns its id.
    std::uint32_t add(std::string_view symbol, std::string_view module, FrameKind kind);
    // The frames as the rows of ProfileTables.
    std::vector<ProfileFrame> toProfileFrames() const;

private:
    struct Entry {
        const char* symbol;
        std::uint32_t symbolSize;
        std::uint32_t module; // into m_modules
        FrameKind kind;
    };
    std::vector<Entry> m_entries;
    ByteArena m_symbols;
    std::vector<std::string> m_modules;
    std::unordered_map<std::string, std::uint32_t, StringViewHash, std::equal_to<>> m_moduleIds;
};

} // namespace runlens::format
