#include "SampleFilter.h"

#include <algorithm>

SampleFilter::IdSet::IdSet(std::vector<std::uint32_t> ids)
{
    if (ids.empty())
        return;
    if (*std::max_element(ids.begin(), ids.end()) < kDenseIds) {
        m_bits.assign(kDenseIds / 64, 0);
        for (const auto id : ids)
            m_bits[id >> 6] |= std::uint64_t(1) << (id & 63);
        return;
    }
    std::sort(ids.begin(), ids.end());
    m_sorted = std::move(ids);
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
