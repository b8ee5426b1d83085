#include "ProcessImage.h"

#include <algorithm>

namespace runlens::profile {

void ProcessImage::map(const Mapping& mapping)
{
    if (mapping.end <= mapping.start)
        return;
    std::erase_if(m_mappings, [&mapping](const Mapping& old) { return old.start < mapping.end && mapping.start < old.end; });
    const auto at = std::upper_bound(m_mappings.begin(), m_mappings.end(), mapping.start,
                                     [](std::uint64_t start, const Mapping& m) { return start < m.start; });
    m_mappings.insert(at, mapping);
    // Addresses may now mean other code.
    frames.clear();
}

void ProcessImage::clear()
{
    m_mappings.clear();
    frames.clear();
    mapsRead = true;
}

const Mapping* ProcessImage::find(std::uint64_t address) const
{
    auto it = std::upper_bound(m_mappings.begin(), m_mappings.end(), address,
                               [](std::uint64_t value, const Mapping& m) { return value < m.start; });
    if (it == m_mappings.begin())
        return nullptr;
    --it;
    return address < it->end ? &*it : nullptr;
}

} // namespace runlens::profile
