// Columnar time series of one metric group: one timestamp column shared by every value column.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace runlens::format {

// A column is one metric of one instance ("cpu.user" of "cpu3"). Metrics without instances use
// an empty instance; per-instance metrics carry their aggregate under the instance "all".
struct ColumnKey {
    std::string metric;
    std::string instance;

    friend bool operator==(const ColumnKey&, const ColumnKey&) = default;
};

inline constexpr const char* kAggregateInstance = "all";

struct SeriesTable {
    std::string group;                       // "cpu", "mem", "disk" ...
    std::vector<std::int64_t> timestampsNs;  // nanoseconds since the run's monotonic start
    std::vector<ColumnKey> keys;
    std::vector<std::vector<double>> columns; // columns[i] belongs to keys[i]; NaN where not sampled

    std::size_t rowCount() const { return timestampsNs.size(); }
    // Index of the column, or -1.
    int find(const std::string& metric, const std::string& instance) const
    {
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (keys[i].metric == metric && keys[i].instance == instance)
                return int(i);
        }
        return -1;
    }
};

} // namespace runlens::format
