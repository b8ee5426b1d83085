// The one place the recorder includes PCRE2 (Debian's libpcre2-8: the 8-bit library, since
// output lines are bytes), with owning handles for what PCRE2 allocates.
//
// Every PCRE2 object of the recorder is made with memory() as its general context, which takes
// memory from operator new instead of malloc: a heap allocation inside PCRE2 then shows in the
// same count as the recorder's own (tests/unit/recorder/AllocationCounter.h,
// tests/bench/bench_workload.cpp), where malloc would hide it.
#pragma once

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <memory>
#include <string>

namespace runlens::workload::pcre2 {

struct CodeFree {
    void operator()(pcre2_code* code) const { pcre2_code_free(code); }
};
struct MatchDataFree {
    void operator()(pcre2_match_data* data) const { pcre2_match_data_free(data); }
};
struct MatchContextFree {
    void operator()(pcre2_match_context* context) const { pcre2_match_context_free(context); }
};
struct CompileContextFree {
    void operator()(pcre2_compile_context* context) const { pcre2_compile_context_free(context); }
};

using Code = std::unique_ptr<pcre2_code, CodeFree>;
using MatchData = std::unique_ptr<pcre2_match_data, MatchDataFree>;
using MatchContext = std::unique_ptr<pcre2_match_context, MatchContextFree>;
using CompileContext = std::unique_ptr<pcre2_compile_context, CompileContextFree>;

// The general context for every PCRE2 object: memory from operator new. Made on first use and
// kept for the life of the process.
pcre2_general_context* memory();

// PCRE2's sentence for an error code, e.g. "missing closing parenthesis".
std::string errorMessage(int errorCode);

} // namespace runlens::workload::pcre2
