#include "LineAssembler.h"

namespace runlens::workload {

LineAssembler::LineAssembler(std::size_t maxLine)
    : m_maxLine(maxLine)
{
    m_partial.reserve(maxLine);
}

void LineAssembler::deliver(std::string_view line, const LineHandler& handler)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    ++m_lines;
    handler(line);
}

void LineAssembler::feed(std::string_view bytes, const LineHandler& handler)
{
    while (!bytes.empty()) {
        const std::size_t newline = bytes.find('\n');
        const std::string_view piece = bytes.substr(0, newline);
        if (m_discarding) {
            // Skip to the end of the overlong line.
        } else if (m_partial.size() + piece.size() > m_maxLine) {
            m_partial.clear();
            m_discarding = true;
            ++m_overlong;
        } else if (newline != std::string_view::npos && m_partial.empty()) {
            deliver(piece, handler); // the common case: a whole line inside one chunk, no copy
        } else {
            m_partial.append(piece);
            if (newline != std::string_view::npos) {
                deliver(m_partial, handler);
                m_partial.clear();
            }
        }
        if (newline == std::string_view::npos)
            return;
        m_discarding = false;
        bytes.remove_prefix(newline + 1);
    }
}

void LineAssembler::finish(const LineHandler& handler)
{
    if (!m_discarding && !m_partial.empty())
        deliver(m_partial, handler);
    m_partial.clear();
    m_discarding = false;
}

} // namespace runlens::workload
