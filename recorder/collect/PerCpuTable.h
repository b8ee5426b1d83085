// A per-CPU counter table of the kernel: /proc/interrupts and /proc/softirqs.
//
//                  CPU0       CPU1       CPU4
//         0:         44          0          0   IO-APIC   2-edge      timer
//       NMI:          0          0          0   Non-maskable interrupts
//       ERR:          0
//
// A header names the value columns, then each row is "LABEL: value value ... description".
// Offline CPUs have no column, so column i is not CPU i, and a row may hold fewer values than
// there are columns (ERR, MIS: one system-wide count). Reading allocates nothing once the header
// is known, so the collectors can parse the file every interval.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::collect {

class PerCpuTable
{
public:
    struct Row {
        std::string_view label;                // "0", "NMI", "NET_RX": blanks trimmed
        std::span<const std::uint64_t> values; // one per column from the first, at least one
        std::string_view description;          // what follows the values, blanks trimmed; often empty
    };

    // Starts reading text, a whole read of the file. True when its header differs from the
    // previous read's (the first read, a CPU that went offline or came back): the caller then
    // looks at columnCpus() again.
    bool start(std::string_view text);

    // The CPU id of each value column of the current header; empty when the header names no CPU.
    const std::vector<int>& columnCpus() const { return m_columnCpus; }

    // The next row that has a label and at least one value (other lines are skipped); false
    // after the last. row stays valid until the next start().
    bool next(Row& row);

    // The CPU ids of the header "CPU0 CPU1 CPU4 ...", in column order.
    static void parseHeader(std::string_view header, std::vector<int>& columnCpus);

private:
    std::string m_header;
    std::vector<int> m_columnCpus;
    std::vector<std::uint64_t> m_values; // one per column: the values of the current row
    std::string_view m_remaining;        // the rows not read yet
};

} // namespace runlens::collect
