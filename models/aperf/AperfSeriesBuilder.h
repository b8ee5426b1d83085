// What AperfProcTexts and AperfPmu share to turn APerf's per-sample texts into series: a group
// whose columns appear as metrics are met, counter rates, and the splitting of kernel text.
#pragma once

#include "AperfBincode.h"
#include "AperfProcTexts.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace aperf::detail {

using runlens::format::BetterDirection;
using runlens::format::MetricDescriptor;
using runlens::format::MetricKind;

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// Rows and columns of one group as samples arrive: a column appears when a metric of an instance
// is first seen, with no value in the rows before.
class GroupBuilder
{
public:
    explicit GroupBuilder(std::string group) { m_group.table.group = std::move(group); }

    void beginRow(std::int64_t timeNs)
    {
        m_group.table.timestampsNs.push_back(timeNs);
        for (auto& column : m_group.table.columns)
            column.push_back(kNoValue);
    }
    void set(const std::string& metric, const std::string& instance, double value)
    {
        auto& table = m_group.table;
        m_key.assign(metric);
        m_key += '\0';
        m_key += instance;
        auto it = m_columns.find(m_key);
        if (it == m_columns.end()) {
            it = m_columns.emplace(m_key, table.keys.size()).first;
            table.keys.push_back({metric, instance});
            table.columns.emplace_back(table.timestampsNs.size(), kNoValue);
        }
        table.columns[it->second].back() = value;
    }
    void describe(MetricDescriptor descriptor)
    {
        if (m_described.emplace(descriptor.id, m_group.metrics.size()).second)
            m_group.metrics.push_back(std::move(descriptor));
    }
    bool described(const std::string& id) const { return m_described.contains(id); }
    ImportedGroup take()
    {
        // Metrics never given a value (a counter seen once) would be empty charts.
        auto& table = m_group.table;
        for (std::size_t c = table.columns.size(); c-- > 0;) {
            if (std::all_of(table.columns[c].begin(), table.columns[c].end(), [](double v) { return std::isnan(v); })) {
                table.columns.erase(table.columns.begin() + std::ptrdiff_t(c));
                table.keys.erase(table.keys.begin() + std::ptrdiff_t(c));
            }
        }
        std::erase_if(m_group.metrics, [&table](const MetricDescriptor& metric) {
            return std::none_of(table.keys.begin(), table.keys.end(), [&metric](const auto& key) { return key.metric == metric.id; });
        });
        return std::move(m_group);
    }

private:
    ImportedGroup m_group;
    std::unordered_map<std::string, std::size_t> m_columns;
    std::unordered_map<std::string, std::size_t> m_described;
    std::string m_key;
};

// Change per second of counters between two samples of a file, by key; none at a key's first
// sample, after a decrease (a reset), or when no time passed.
class Rates
{
public:
    std::optional<double> rate(const std::string& key, double value, double seconds)
    {
        auto [it, inserted] = m_last.try_emplace(key, value);
        const double last = it->second;
        it->second = value;
        if (inserted || seconds <= 0 || value < last)
            return std::nullopt;
        return (value - last) / seconds;
    }

private:
    std::unordered_map<std::string, double> m_last;
};

inline std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> result;
    while (!text.empty()) {
        const std::size_t newline = text.find('\n');
        result.push_back(text.substr(0, newline));
        if (newline == std::string_view::npos)
            break;
        text.remove_prefix(newline + 1);
    }
    return result;
}

inline std::vector<std::string_view> words(std::string_view line)
{
    std::vector<std::string_view> result;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const std::size_t begin = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > begin)
            result.push_back(line.substr(begin, i - begin));
    }
    return result;
}

inline std::optional<double> number(std::string_view text)
{
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return double(value);
}

// The time between consecutive records of a file, in seconds (0 for the first).
inline double secondsSince(const std::vector<TimedText>& samples, std::size_t i)
{
    return i == 0 ? 0.0 : double(samples[i].timeNs - samples[i - 1].timeNs) / 1e9;
}

inline MetricDescriptor descriptor(std::string id, std::string title, std::string unit, MetricKind kind, BetterDirection better,
                            std::string dimension, std::string category, std::string description)
{
    return {std::move(id), std::move(title), std::move(unit), kind, better, std::move(dimension), std::move(category),
            std::move(description)};
}

} // namespace aperf::detail
