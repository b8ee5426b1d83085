#include "OutputTail.h"

#include <algorithm>

namespace runlens::workload {

OutputTail::OutputTail(std::size_t capacity)
    : m_ring(capacity, '\0')
{
}

void OutputTail::append(std::string_view bytes)
{
    m_total += bytes.size();
    const std::size_t capacity = m_ring.size();
    if (capacity == 0)
        return;
    if (bytes.size() >= capacity) {
        bytes.remove_prefix(bytes.size() - capacity);
        std::copy(bytes.begin(), bytes.end(), m_ring.begin());
        m_start = 0;
        m_size = capacity;
        return;
    }
    std::size_t end = (m_start + m_size) % capacity;
    const std::size_t first = std::min(bytes.size(), capacity - end);
    std::copy(bytes.begin(), bytes.begin() + std::ptrdiff_t(first), m_ring.begin() + std::ptrdiff_t(end));
    std::copy(bytes.begin() + std::ptrdiff_t(first), bytes.end(), m_ring.begin());
    const std::size_t grown = m_size + bytes.size();
    if (grown > capacity) {
        m_start = (m_start + grown - capacity) % capacity;
        m_size = capacity;
    } else {
        m_size = grown;
    }
}

std::string OutputTail::contents() const
{
    std::string text;
    text.reserve(m_size);
    const std::size_t capacity = m_ring.size();
    const std::size_t first = std::min(m_size, capacity - m_start);
    text.append(m_ring, m_start, first);
    text.append(m_ring, 0, m_size - first);
    return text;
}

} // namespace runlens::workload
