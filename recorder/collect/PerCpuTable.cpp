#include "PerCpuTable.h"

#include "CounterRow.h"
#include "CpuList.h"
#include "TextCursor.h"

namespace runlens::collect {

void PerCpuTable::parseHeader(std::string_view header, std::vector<int>& columnCpus)
{
    columnCpus.clear();
    TextCursor cursor(header);
    for (std::string_view word = cursor.word(); !word.empty(); word = cursor.word()) {
        if (word.substr(0, 3) != "CPU")
            continue;
        TextCursor digits(word.substr(3));
        std::uint64_t id = 0;
        if (digits.u64(id) && id <= std::uint64_t(kMaxCpuId))
            columnCpus.push_back(int(id));
    }
}

bool PerCpuTable::start(std::string_view text)
{
    m_remaining = text;
    const std::string_view header = takeLine(m_remaining);
    if (header == m_header)
        return false;
    m_header.assign(header);
    parseHeader(header, m_columnCpus);
    m_values.resize(m_columnCpus.size());
    return true;
}

bool PerCpuTable::next(Row& row)
{
    CounterRow counters;
    while (!m_remaining.empty()) {
        if (!readCounterRow(takeLine(m_remaining), m_values, counters) || counters.count == 0)
            continue;
        row.label = counters.label;
        row.values = std::span<const std::uint64_t>(m_values.data(), counters.count);
        row.description = counters.rest;
        return true;
    }
    return false;
}

} // namespace runlens::collect
