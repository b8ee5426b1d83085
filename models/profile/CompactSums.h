// A column of 64-bit sums held in 32 bits each. Most sums of the profile index's runs are small (a
// few samples, or one sample's period of cycles), so a sum of 2^32 - 1 or more is marked and kept
// on the side, where it is found by its position: the column then costs 4 bytes a sum, not 8.
#pragma once

#include "LargeArrays.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

class CompactSums
{
public:
    void push_back(std::uint64_t value)
    {
        if (value >= kWide) {
            m_wide.push_back({m_values.size(), value});
            m_values.push_back(kWide);
            return;
        }
        m_values.push_back(std::uint32_t(value));
    }
    std::uint64_t operator[](std::size_t i) const { return m_values[i] != kWide ? m_values[i] : wide(i); }
    // Whether any sum is on the side; when none is, narrow(i) is the sum, read faster.
    bool hasWide() const { return !m_wide.empty(); }
    std::uint32_t narrow(std::size_t i) const { return m_values[i]; }

    bool empty() const { return m_values.empty(); }
    std::size_t size() const { return m_values.size(); }
    void reserve(std::size_t size) { runlens::format::reserveLarge(m_values, size); }
    // What is written; a reservation beyond it is address space, not memory.
    std::size_t memoryBytes() const
    {
        return m_values.size() * sizeof(std::uint32_t) + m_wide.capacity() * sizeof(std::pair<std::size_t, std::uint64_t>);
    }

private:
    static constexpr std::uint32_t kWide = 0xffffffff;

    std::uint64_t wide(std::size_t i) const
    {
        // Pushed in position order: sorted.
        const auto it = std::lower_bound(m_wide.begin(), m_wide.end(), i,
                                         [](const std::pair<std::size_t, std::uint64_t>& w, std::size_t at) { return w.first < at; });
        return it->second;
    }

    std::vector<std::uint32_t> m_values;
    std::vector<std::pair<std::size_t, std::uint64_t>> m_wide;
};
