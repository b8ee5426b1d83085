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
        std::string_view remaining = rest();
        const std::string_view result = takeLine(remaining);
        m_pos = remaining.data() == nullptr ? m_end : remaining.data();
        return result;
    }

    // The next line of text without its newline; text moves past it. find() is memchr, far
    // faster than a byte loop on the 2 KB lines of a 192-CPU host.
    static std::string_view takeLine(std::string_view& text)
    {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        return line;
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

inline std::string_view takeLine(std::string_view& text)
{
    return TextCursor::takeLine(text);
}

// text without leading and trailing blanks (and a trailing carriage return).
inline std::string_view trimBlanks(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

} // namespace runlens::collect
