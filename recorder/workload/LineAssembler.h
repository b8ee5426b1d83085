// Cuts a byte stream (a pipe, a growing log file) into lines, whatever the chunk boundaries.
//
// Output is untrusted: a line is bounded (a 10 MB line without a newline must not grow the
// recorder), a line longer than the bound is dropped whole and counted, a trailing "\r" is
// removed, and bytes are passed on as they are (binary output simply matches no pattern).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace runlens::workload {

class LineAssembler
{
public:
    using LineHandler = std::function<void(std::string_view line)>;

    // Far longer than any report line of a benchmark, and room for the long lines of an
    // application's log (--follow). Matching no longer needs a bound (PCRE2's JIT code does not
    // recurse per character), but memory and time do: each reader reserves this much once, and
    // a pattern that is not anchored by a literal is tried at every offset of a line, so a hostile
    // line can cost the square of its length.
    static constexpr std::size_t kDefaultMaxLine = 16 * 1024;

    explicit LineAssembler(std::size_t maxLine = kDefaultMaxLine);

    // Hands every line completed by these bytes to handler, without its "\n" (or "\r\n").
    void feed(std::string_view bytes, const LineHandler& handler);
    // The stream ended: hands on the last line if it had no newline.
    void finish(const LineHandler& handler);

    std::uint64_t lines() const { return m_lines; }
    std::uint64_t overlongLines() const { return m_overlong; }

private:
    void deliver(std::string_view line, const LineHandler& handler);

    std::size_t m_maxLine;
    std::string m_partial;   // the start of a line whose end has not arrived; reserved once
    bool m_discarding = false; // inside a line already known to be too long
    std::uint64_t m_lines = 0;
    std::uint64_t m_overlong = 0;
};

} // namespace runlens::workload
