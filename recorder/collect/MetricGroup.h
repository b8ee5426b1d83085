// The row a collector fills at each sample: values for columns (metric × instance) it interns once.
#pragma once

#include "SeriesTable.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

class MetricGroup
{
public:
    explicit MetricGroup(std::string name)
        : m_name(std::move(name))
    {
    }

    const std::string& name() const { return m_name; }

    // The column of metric × instance, created on first use. Collectors call this when they see
    // an instance for the first time and keep the index; new columns appear at the end, so the
    // column list of a group only ever grows (instances that vanish keep their column, unset = NaN).
    int column(std::string_view metric, std::string_view instance = {});

    // Starts a row: every value is unset (NaN) until set().
    void startRow();
    void set(int column, double value) { m_row[std::size_t(column)] = value; }
    double value(int column) const { return m_row[std::size_t(column)]; }

    std::span<const double> row() const { return m_row; }
    const std::vector<format::ColumnKey>& keys() const { return m_keys; }
    std::size_t columnCount() const { return m_keys.size(); }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };

    std::string m_name;
    std::vector<format::ColumnKey> m_keys;
    std::vector<double> m_row;
    std::unordered_map<std::string, int, Hash, std::equal_to<>> m_index;
    std::string m_lookupKey; // reused so that a lookup of a known column allocates nothing
};

} // namespace runlens::collect
