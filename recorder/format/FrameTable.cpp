#include "FrameTable.h"

namespace runlens::format {

std::uint32_t FrameTable::add(std::string_view symbol, std::string_view module, FrameKind kind)
{
    auto known = m_moduleIds.find(module);
    if (known == m_moduleIds.end()) {
        known = m_moduleIds.emplace(std::string(module), std::uint32_t(m_modules.size())).first;
        m_modules.emplace_back(module);
    }
    const std::string_view stored = m_symbols.store(symbol);
    m_entries.push_back({stored.data(), std::uint32_t(stored.size()), known->second, kind});
    return std::uint32_t(m_entries.size() - 1);
}

std::vector<ProfileFrame> FrameTable::toProfileFrames() const
{
    std::vector<ProfileFrame> frames;
    frames.reserve(m_entries.size());
    for (std::uint32_t id = 0; id < m_entries.size(); ++id) {
        const Frame frame = at(id);
        frames.push_back({std::string(frame.symbol), std::string(frame.module), frame.kind});
    }
    return frames;
}

} // namespace runlens::format
