// The last bytes of the workload's output, kept for the archive (workload/output.txt): enough to
// see how a benchmark ended and what it printed, bounded whatever it prints.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace runlens::workload {

class OutputTail
{
public:
    static constexpr std::size_t kDefaultCapacity = 1024 * 1024;

    explicit OutputTail(std::size_t capacity = kDefaultCapacity);

    void append(std::string_view bytes);
    // The kept bytes in the order they arrived.
    std::string contents() const;

    std::uint64_t totalBytes() const { return m_total; }
    std::size_t keptBytes() const { return m_size; }

private:
    std::string m_ring; // allocated once, at the capacity
    std::size_t m_start = 0; // index of the oldest kept byte
    std::size_t m_size = 0;
    std::uint64_t m_total = 0;
};

} // namespace runlens::workload
