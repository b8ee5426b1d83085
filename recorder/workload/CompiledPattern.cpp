#include "CompiledPattern.h"

namespace runlens::workload {

std::optional<CompiledPattern> CompiledPattern::compile(std::string_view pattern, bool anchored, std::string& why)
{
    const pcre2::CompileContext compileContext(pcre2_compile_context_create(pcre2::memory()));
    if (!compileContext) {
        why = "out of memory";
        return std::nullopt;
    }
    // No (*UTF) in a pattern: lines are bytes, and invalid UTF-8 would fail every match.
    const std::uint32_t options = PCRE2_NEVER_UTF | (anchored ? PCRE2_ANCHORED : 0);
    int errorCode = 0;
    PCRE2_SIZE errorOffset = 0;
    CompiledPattern compiled;
    compiled.m_code.reset(pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), options, &errorCode,
                                        &errorOffset, compileContext.get()));
    if (!compiled.m_code) {
        why = pcre2::errorMessage(errorCode) + " at offset " + std::to_string(errorOffset);
        return std::nullopt;
    }
    compiled.m_jit = pcre2_jit_compile(compiled.m_code.get(), PCRE2_JIT_COMPLETE) == 0;
    compiled.m_matchData.reset(pcre2_match_data_create_from_pattern(compiled.m_code.get(), pcre2::memory()));
    compiled.m_limits.reset(pcre2_match_context_create(pcre2::memory()));
    if (!compiled.m_matchData || !compiled.m_limits) {
        why = "out of memory";
        return std::nullopt;
    }
    pcre2_set_match_limit(compiled.m_limits.get(), kMatchLimit);
    pcre2_set_depth_limit(compiled.m_limits.get(), kDepthLimit);
    pcre2_set_heap_limit(compiled.m_limits.get(), kHeapLimitKiB);
    // The interpreter allocates its frames at the first match of a match data: here, not while
    // lines are read. (JIT code needs none; the call costs nothing then.)
    compiled.match(std::string_view());
    return compiled;
}

std::uint32_t CompiledPattern::captureCount() const
{
    std::uint32_t count = 0;
    pcre2_pattern_info(m_code.get(), PCRE2_INFO_CAPTURECOUNT, &count);
    return count;
}

CompiledPattern::Outcome CompiledPattern::match(std::string_view subject, std::size_t startOffset)
{
    // PCRE2 reads no byte of an empty subject; it still wants a valid pointer.
    const auto* bytes = reinterpret_cast<PCRE2_SPTR>(subject.empty() ? "" : subject.data());
    // pcre2_match runs the JIT code when there is some and no option it does not support (such
    // as PCRE2_ANCHORED at match time: anchoring is chosen when compiling for that reason).
    const int result = pcre2_match(m_code.get(), bytes, subject.size(), startOffset, 0, m_matchData.get(), m_limits.get());
    if (result >= 0)
        return Outcome::Match;
    return result == PCRE2_ERROR_NOMATCH ? Outcome::NoMatch : Outcome::Abandoned;
}

std::optional<std::string_view> CompiledPattern::capture(std::string_view subject, std::uint32_t group) const
{
    if (group >= pcre2_get_ovector_count(m_matchData.get()))
        return std::nullopt;
    const PCRE2_SIZE* offsets = pcre2_get_ovector_pointer(m_matchData.get());
    const PCRE2_SIZE start = offsets[2 * group];
    const PCRE2_SIZE end = offsets[2 * group + 1];
    if (start == PCRE2_UNSET || end < start || end > subject.size())
        return std::nullopt;
    return subject.substr(start, end - start);
}

} // namespace runlens::workload
