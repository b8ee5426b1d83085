#include "SampleFilter.h"

#include <algorithm>

SampleFilter::IdSet::IdSet(std::vector<std::uint32_t> ids)
{
    if (ids.empty())
        return;
    const std::uint32_t largest = *std::max_element(ids.begin(), ids.end());
    if (largest < (1u << 22)) {
        m_bytes.assign(std::size_t(largest) + 1, 0);
        for (const auto id : ids)
            m_bytes[id] = 1;
        return;
    }
    std::sort(ids.begin(), ids.end());
    m_sorted = std::move(ids);
}

bool SampleFilter::IdSet::containsLarge(std::uint32_t id) const
{
    return std::binary_search(m_sorted.begin(), m_sorted.end(), id);
}

SampleFilter::SampleFilter(const StackTreeFilter& filter)
    : m_byTime(filter.timeNs.has_value())
    , m_begin(m_byTime ? filter.timeNs->first : 0)
    , m_end(m_byTime ? filter.timeNs->second : 0)
    , m_byCpu(!filter.cpus.empty())
    , m_byPid(!filter.pids.empty())
    , m_byTid(!filter.tids.empty())
    , m_cpus(filter.cpus)
    , m_pids(filter.pids)
    , m_tids(filter.tids)
{
}
