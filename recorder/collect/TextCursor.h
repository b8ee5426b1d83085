// An allocation-free reader over kernel text (/proc, /sys): words, integers, lines.
//
// Every parser in collect/ walks the buffer a ProcFile returned with one of these, so the hot
// path never builds a std::string or calls a locale-aware conversion.
#pragma once

#include <charconv>
#include <cstdint>
#include <string_view>

namespace runlens::collect {

class TextCursor
{
public:
    explicit TextCursor(std::string_view text)
        : m_pos(text.data())
        , m_end(text.data() + text.size())
    {
    }

    bool atEnd() const { return m_pos >= m_end; }
    bool atLineEnd() const { return m_pos >= m_end || *m_pos == '\n'; }
    std::string_view rest() const { return {m_pos, std::size_t(m_end - m_pos)}; }

    // Spaces and tabs, not newlines.
    void skipBlanks()
    {
        while (m_pos < m_end && (*m_pos == ' ' || *m_pos == '\t'))
            ++m_pos;
    }

    // Moves past the next newline (or to the end).
    void nextLine()
    {
        while (m_pos < m_end && *m_pos != '\n')
            ++m_pos;
        if (m_pos < m_end)
            ++m_pos;
    }

    // The rest of the current line without its newline; the cursor moves to the next line.
    std::string_view line()
    {
        const char* start = m_pos;
        while (m_pos < m_end && *m_pos != '\n')
            ++m_pos;
        std::string_view result(start, std::size_t(m_pos - start));
        if (m_pos < m_end)
            ++m_pos;
        return result;
    }

    // The next run of non-blank characters on this line (empty at the end of the line).
    std::string_view word()
    {
        skipBlanks();
        const char* start = m_pos;
        while (m_pos < m_end && *m_pos != ' ' && *m_pos != '\t' && *m_pos != '\n')
            ++m_pos;
        return {start, std::size_t(m_pos - start)};
    }

    // An unsigned decimal number after optional blanks; false (cursor unchanged past the blanks)
    // if there is none on this line.
    bool u64(std::uint64_t& value)
    {
        skipBlanks();
        std::uint64_t result = 0;
        const char* start = m_pos;
        while (m_pos < m_end && unsigned(*m_pos - '0') < 10u) {
            result = result * 10 + std::uint64_t(*m_pos - '0');
            ++m_pos;
        }
        if (m_pos == start)
            return false;
        value = result;
        return true;
    }

    bool i64(std::int64_t& value)
    {
        skipBlanks();
        const bool negative = m_pos < m_end && *m_pos == '-';
        if (negative)
            ++m_pos;
        std::uint64_t magnitude = 0;
        if (!u64(magnitude))
            return false;
        value = negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
        return true;
    }

    // A decimal number such as "0.52" or "12" (PSI averages, loadavg).
    bool number(double& value)
    {
        skipBlanks();
        const auto [next, error] = std::from_chars(m_pos, m_end, value);
        if (error != std::errc())
            return false;
        m_pos = next;
        return true;
    }

    // Skips one expected character (':' after "cpu0" style labels); false if it is not there.
    bool consume(char expected)
    {
        if (m_pos < m_end && *m_pos == expected) {
            ++m_pos;
            return true;
        }
        return false;
    }

    bool startsWith(std::string_view prefix) const { return rest().substr(0, prefix.size()) == prefix; }

private:
    const char* m_pos;
    const char* m_end;
};

} // namespace runlens::collect
