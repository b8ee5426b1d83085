// One "LABEL: n n n ... rest" row of kernel counters, the shape of /proc/interrupts,
// /proc/softirqs and /proc/net/dev. Allocation-free: the numbers go into the caller's buffer.
#pragma once

#include "TextCursor.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace runlens::collect {

struct CounterRow {
    std::string_view label; // before the colon, blanks trimmed; never empty
    std::size_t count = 0;  // how many numbers were read into values, from the first
    std::string_view rest;  // the line after the last number read, blanks trimmed (an IRQ's description)
};

// Reads the numbers after the colon of line into values, at most values.size(), stopping at the
// first word that is not a number. False for a line without a colon or a label (header lines).
// Old kernels glue a wide first number to the label ("eth0:1234567890"), so the label ends at the
// colon, not at a blank.
inline bool readCounterRow(std::string_view line, std::span<std::uint64_t> values, CounterRow& row)
{
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos)
        return false;
    const std::string_view label = trimBlanks(line.substr(0, colon));
    if (label.empty())
        return false;
    TextCursor fields(line.substr(colon + 1));
    std::size_t count = 0;
    while (count < values.size() && fields.u64(values[count]))
        ++count;
    row.label = label;
    row.count = count;
    row.rest = trimBlanks(fields.rest());
    return true;
}

} // namespace runlens::collect
