#include "MetricGroup.h"

#include "CounterDelta.h"

#include <algorithm>

namespace runlens::collect {

int MetricGroup::column(std::string_view metric, std::string_view instance)
{
    m_lookupKey.assign(metric);
    m_lookupKey += '\x1f'; // a separator no metric id or instance name contains
    m_lookupKey.append(instance);
    if (const auto it = m_index.find(std::string_view(m_lookupKey)); it != m_index.end())
        return it->second;
    const int index = int(m_keys.size());
    m_keys.push_back({std::string(metric), std::string(instance)});
    m_row.push_back(kNoValue);
    m_index.emplace(m_lookupKey, index);
    return index;
}

void MetricGroup::startRow()
{
    std::fill(m_row.begin(), m_row.end(), kNoValue);
}

} // namespace runlens::collect
