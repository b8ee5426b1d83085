// Reads the text of `perf script -F comm,pid,tid,cpu,time,ip,sym,dso` (the --profile-backend perf
// path: the system's perf record samples, runlens-rec imports) into the same tables the native
// sampler fills:
//
//   cc1plus  3065/3065  [000] 12954.660562:
//   \t          818c95 lra_clear_live_ranges (/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus)
//   \t    ffffffff81604a94 __handle_mm_fault ([kernel.kallsyms])
//   (blank line)
#pragma once

#include "ProfileBuilder.h"

#include <cstdint>
#include <cstdio>
#include <string_view>

namespace runlens::profile {

struct PerfScriptStatistics {
    std::uint64_t samples = 0;
    std::uint64_t skippedLines = 0; // lines that were neither a sample header nor a frame
};

class PerfScriptImporter
{
public:
    // Sample times (seconds of the clock perf recorded with, -k CLOCK_MONOTONIC) minus zeroNs.
    PerfScriptImporter(ProfileBuilder& builder, std::int64_t zeroNs);

    void addLine(std::string_view line);
    // Ends the last sample (the text may lack the final blank line).
    void finish();
    // Reads a whole stream line by line.
    void read(std::FILE* input);

    const PerfScriptStatistics& statistics() const { return m_statistics; }

private:
    void endSample();

    ProfileBuilder& m_builder;
    std::int64_t m_zeroNs;
    bool m_inSample = false;
    std::int64_t m_timeNs = 0;
    std::uint32_t m_cpu = 0;
    std::uint32_t m_pid = 0;
    std::uint32_t m_tid = 0;
    std::vector<std::uint32_t> m_frames; // innermost first, as perf prints them
    PerfScriptStatistics m_statistics;
};

} // namespace runlens::profile
