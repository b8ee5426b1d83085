// Every metric descriptor of a recording, in the order metrics first appeared.
#pragma once

#include "MetricDescriptor.h"

#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

class MetricCatalog
{
public:
    // Adds the descriptor unless its id is known; returns true if it was new. Collectors whose
    // metrics come from the data (vmstat fields, interrupt lines) call this on first sight.
    bool add(format::MetricDescriptor descriptor)
    {
        if (m_ids.contains(descriptor.id))
            return false;
        m_ids.emplace(descriptor.id, m_descriptors.size());
        m_descriptors.push_back(std::move(descriptor));
        return true;
    }
    bool contains(const std::string& id) const { return m_ids.contains(id); }
    const format::MetricDescriptor* find(const std::string& id) const
    {
        const auto it = m_ids.find(id);
        return it == m_ids.end() ? nullptr : &m_descriptors[it->second];
    }
    const std::vector<format::MetricDescriptor>& descriptors() const { return m_descriptors; }
    std::size_t size() const { return m_descriptors.size(); }

private:
    std::vector<format::MetricDescriptor> m_descriptors;
    std::unordered_map<std::string, std::size_t> m_ids;
};

} // namespace runlens::collect
