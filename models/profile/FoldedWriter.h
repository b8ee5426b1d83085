// Writes a profile as folded stacks, byte for byte what Brendan Gregg's stackcollapse-perf.pl
// prints for the same `perf script` text (piped through LC_ALL=C sort), so that scripts built
// around it can use `runlens convert --to folded` instead:
//   - each stack starts with the sample's command (blanks turned into '_'), with --pid "comm-PID"
//     and with --tid "comm-PID/TID" ("?" for a pid perf did not print);
//   - function names tidied as the script does: ';' -> ':', everything from the first '(' dropped
//     (except Go methods "pkg.(*T).f" and "(anonymous namespace)"), quotes dropped, and for
//     commands starting with "java" a leading 'L' of a class path;
//   - an unresolved frame is "[module basename]" or "[unknown]", with --addrs "[module <address>]";
//   - inlined frames end in "_[i]"; --kernel appends "_[k]" to kernel frames, --jit "_[j]" to JIT
//     frames (for `perf script` input, by the script's module patterns; for recorded runs, by kind);
//   - each stack weighs its samples' periods where the profile has them (the script's weighting),
//     else its sample count; one line per distinct stack, "stack weight", lines sorted bytewise.
#pragma once

#include "ProfileTables.h"
#include "StackTree.h"

#include <string>

struct FoldedOptions {
    bool pid = false;
    bool tid = false;
    bool kernel = false;
    bool jit = false;
    bool addrs = false;
    // Samples instead of periods (the script always weighs by period).
    bool samples = false;
    // Only the samples of this time range, these CPUs, processes and threads (the flame graph's).
    StackTreeFilter filter;
};

std::string writeFolded(const runlens::format::ProfileTables& profile, const FoldedOptions& options);
