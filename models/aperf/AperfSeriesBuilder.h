// What AperfProcTexts and AperfPmu share to turn APerf's per-sample texts into series as the
// records stream in: a group whose columns appear as metrics are met, the base of the sources'
// parsers, and the splitting of kernel text without allocating.
//
// A host of 192 CPUs gives some 20,000 values per second of recording, so an hour is 70 million:
// the parsers look a column up once per line (LineCache) rather than once per value, split text
// in place and parse numbers with from_chars.
#pragma once

#include "AperfBincode.h"
#include "AperfProcTexts.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
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

// Hashes std::string keys looked up by string_view, without building a string per lookup.
struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};
template<typename Value>
using TextMap = std::unordered_map<std::string, Value, TextHash, std::equal_to<>>;

// Rows and columns of one group as samples arrive: a column appears when a metric of an instance
// is first seen, with no value in the rows before. Times are kept as they come (Unix ns) and
// counted from the run's start in take(), which is known only once every source has been read.
class GroupBuilder
{
public:
    explicit GroupBuilder(std::string group) { m_group.table.group = std::move(group); }

    // How many rows to make room for in each column (an estimate: more may come).
    void reserveRows(std::size_t rows)
    {
        m_reservedRows = rows;
        m_group.table.timestampsNs.reserve(rows);
        for (auto& column : m_group.table.columns)
            column.reserve(rows);
    }
    void beginRow(std::int64_t timeNs)
    {
        m_group.table.timestampsNs.push_back(timeNs);
        for (auto& column : m_group.table.columns)
            column.push_back(kNoValue);
    }
    // The column of a metric of an instance, made when first asked for.
    std::size_t column(std::string_view metric, std::string_view instance)
    {
        auto& table = m_group.table;
        m_key.assign(metric);
        m_key += '\0';
        m_key += instance;
        auto it = m_columns.find(std::string_view(m_key));
        if (it == m_columns.end()) {
            it = m_columns.emplace(m_key, table.keys.size()).first;
            table.keys.push_back({std::string(metric), std::string(instance)});
            std::vector<double> values;
            values.reserve(std::max(m_reservedRows, table.timestampsNs.size()));
            values.resize(table.timestampsNs.size(), kNoValue);
            table.columns.push_back(std::move(values));
        }
        return it->second;
    }
    // A value of the current row.
    void setAt(std::size_t column, double value) { m_group.table.columns[column].back() = value; }
    void set(std::string_view metric, std::string_view instance, double value) { setAt(column(metric, instance), value); }

    void describe(MetricDescriptor descriptor)
    {
        if (m_described.emplace(descriptor.id, m_group.metrics.size()).second)
            m_group.metrics.push_back(std::move(descriptor));
    }
    bool described(std::string_view id) const { return m_described.find(id) != m_described.end(); }

    ImportedGroup take(std::int64_t zeroNs)
    {
        auto& table = m_group.table;
        for (std::int64_t& time : table.timestampsNs)
            time -= zeroNs;
        // Metrics never given a value (a counter seen once) would be empty charts.
        std::vector<bool> keep(table.columns.size());
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            keep[c] = std::any_of(table.columns[c].begin(), table.columns[c].end(), [](double v) { return !std::isnan(v); });
        std::size_t kept = 0;
        for (std::size_t c = 0; c < table.columns.size(); ++c) {
            if (!keep[c])
                continue;
            if (kept != c) {
                table.columns[kept] = std::move(table.columns[c]);
                table.keys[kept] = std::move(table.keys[c]);
            }
            ++kept;
        }
        table.columns.resize(kept);
        table.keys.resize(kept);
        std::erase_if(m_group.metrics, [&table](const MetricDescriptor& metric) {
            return std::none_of(table.keys.begin(), table.keys.end(), [&metric](const auto& key) { return key.metric == metric.id; });
        });
        return std::move(m_group);
    }

private:
    ImportedGroup m_group;
    TextMap<std::size_t> m_columns;
    TextMap<std::size_t> m_described;
    std::string m_key;
    std::size_t m_reservedRows = 0;
};

// The base of the sources' parsers: a group, and the seconds between consecutive records.
class GroupParser : public SourceParser
{
public:
    explicit GroupParser(std::string group) : m_group(std::move(group)) {}

    void expectRecords(std::size_t count) override { m_group.reserveRows(count); }
    void add(const TimedText& record) final
    {
        const double seconds = m_records == 0 ? 0.0 : double(record.timeNs - m_lastTimeNs) / 1e9;
        parseRecord(record, seconds);
        m_lastTimeNs = record.timeNs;
        ++m_records;
    }
    ImportedGroup take(std::int64_t zeroNs) final
    {
        describe();
        return m_group.take(zeroNs);
    }

protected:
    // One record: `seconds` since the previous one (0 for the first). Most sources are one text.
    virtual void parseRecord(const TimedText& record, double seconds) { parse(record.timeNs, seconds, record.text); }
    virtual void parse(std::int64_t /*timeNs*/, double /*seconds*/, std::string_view /*text*/) {}
    // The descriptors of the metrics that have none yet.
    virtual void describe() {}
    std::size_t records() const { return m_records; }

    GroupBuilder m_group;

private:
    std::int64_t m_lastTimeNs = 0;
    std::size_t m_records = 0;
};

// Per-line state kept from one record to the next. The kernel prints its files in the same order
// every time, so the entry of line n is almost always the one line n had last time: checked with
// one comparison of the line's key instead of a hash lookup. Entries never move once made.
template<typename Entry>
class LineCache
{
public:
    // The entry of `key` at line `index` of a record; *created is true when it is new.
    Entry& at(std::size_t index, std::string_view key, bool* created = nullptr)
    {
        if (index < m_byLine.size() && m_byLine[index].first && *m_byLine[index].first == key) {
            if (created)
                *created = false;
            return *m_byLine[index].second;
        }
        auto it = m_entries.find(key);
        const bool isNew = it == m_entries.end();
        if (isNew)
            it = m_entries.emplace(std::string(key), std::make_unique<Entry>()).first;
        if (created)
            *created = isNew;
        if (index >= m_byLine.size())
            m_byLine.resize(index + 1);
        m_byLine[index] = {&it->first, it->second.get()};
        return *it->second;
    }

private:
    TextMap<std::unique_ptr<Entry>> m_entries;
    std::vector<std::pair<const std::string*, Entry*>> m_byLine;
};

// Change per second of counters between two samples of a file; none at a counter's first
// sample, after a decrease (a reset), or when no time passed.
class Rate
{
public:
    std::optional<double> next(double value, double seconds)
    {
        const bool first = !m_seen;
        const double last = m_last;
        m_seen = true;
        m_last = value;
        if (first || seconds <= 0 || value < last)
            return std::nullopt;
        return (value - last) / seconds;
    }

private:
    double m_last = 0;
    bool m_seen = false;
};

// The next line of `text` (without its '\n'), removed from `text`; false when none is left.
inline bool nextLine(std::string_view& text, std::string_view& line)
{
    if (text.empty())
        return false;
    const std::size_t newline = text.find('\n');
    line = text.substr(0, newline);
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    return true;
}

// The next word (run of characters other than space and tab) of `text`, removed from `text`.
inline bool nextWord(std::string_view& text, std::string_view& word)
{
    std::size_t i = 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
        ++i;
    const std::size_t begin = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t')
        ++i;
    word = text.substr(begin, i - begin);
    text.remove_prefix(i);
    return !word.empty();
}

inline std::vector<std::string_view> words(std::string_view line)
{
    std::vector<std::string_view> result;
    std::string_view word;
    while (nextWord(line, word))
        result.push_back(word);
    return result;
}

// An unsigned decimal counter, the whole of `text`.
inline std::optional<double> number(std::string_view text)
{
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return double(value);
}

// A decimal number (APerf's scales and times: "1000", "0.5", "1e3"), the whole of `text`, finite.
inline std::optional<double> real(std::string_view text)
{
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

// "Active(anon)" -> "active_anon", as runlens-rec names meminfo and vmstat fields.
inline std::string sanitisedId(std::string_view prefix, std::string_view key)
{
    std::string id(prefix);
    for (const char c : key) {
        if (c >= 'A' && c <= 'Z')
            id += char(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')
            id += c;
        else if (c != ')')
            id += '_';
    }
    return id;
}

inline MetricDescriptor descriptor(std::string id, std::string title, std::string unit, MetricKind kind, BetterDirection better,
                            std::string dimension, std::string category, std::string description)
{
    return {std::move(id), std::move(title), std::move(unit), kind, better, std::move(dimension), std::move(category),
            std::move(description)};
}

} // namespace aperf::detail
