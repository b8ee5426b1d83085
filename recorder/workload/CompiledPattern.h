// One rule's regular expression, compiled once by PCRE2 and then to machine code by its JIT, with
// everything a match needs made up front (match data, limits), so that matching a line allocates
// nothing:
//   - JIT code matches on the machine stack (PCRE2's default 32 KiB block, no JIT stack
//     assigned) and does not recurse per character, so a line of any length is safe to match;
//   - without JIT (pcre2_jit_compile failed, e.g. no executable memory) the interpreter keeps its
//     backtracking frames in the match data from its first match on (PCRE2 10.41 and later), so
//     compile() makes that first match; only a line that needs more frames than that grows them,
//     up to kHeapLimitKiB.
// Patterns are PCRE2's (Perl-compatible) syntax, matched against bytes: UTF-8 mode is refused, so
// that binary output cannot make a match fail as invalid UTF-8.
#pragma once

#include "Pcre2.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace runlens::workload {

class CompiledPattern
{
public:
    // Bounds on one match attempt, so that a hostile line (or a pattern that backtracks
    // exponentially) costs a bounded time: a sane pattern needs a few steps per character tried.
    // PCRE2's defaults are 10 million steps and 20 GB of frames.
    static constexpr std::uint32_t kMatchLimit = 1'000'000;
    static constexpr std::uint32_t kDepthLimit = 10'000;  // interpreter only
    static constexpr std::uint32_t kHeapLimitKiB = 1024;  // interpreter only

    enum class Outcome {
        Match,
        NoMatch,
        Abandoned, // a limit was reached (match, depth, heap, JIT stack) or PCRE2 failed
    };

    // anchored: a match must start at the offset given to match(). Returns nullopt and sets why
    // to PCRE2's message and the offset it applies to, e.g. "missing closing parenthesis at
    // offset 16".
    static std::optional<CompiledPattern> compile(std::string_view pattern, bool anchored, std::string& why);

    std::uint32_t captureCount() const;
    bool jitCompiled() const { return m_jit; }

    // Looks for a match in subject, starting at startOffset (the bytes before it are still seen by
    // lookbehinds and \b).
    Outcome match(std::string_view subject, std::size_t startOffset = 0);
    // What capture group `group` of the last Match matched in subject; nullopt when it took no
    // part in the match.
    std::optional<std::string_view> capture(std::string_view subject, std::uint32_t group) const;

private:
    CompiledPattern() = default;

    pcre2::Code m_code;
    pcre2::MatchData m_matchData;
    pcre2::MatchContext m_limits;
    bool m_jit = false;
};

} // namespace runlens::workload
