// Writes a profile as folded stacks the way Brendan Gregg's stackcollapse-perf.pl prints them, so
// that scripts built around it can use `runlens convert --to folded` instead:
//   - each stack starts with the command (blanks turned into '_'), with --pid "comm-PID" and with
//     --tid "comm-PID/TID" ("?" for a pid perf did not print);
//   - function names tidied as the script does: ';' -> ':', everything from the first '(' dropped
//     (except Go methods "pkg.(*T).f" and "(anonymous namespace)"), quotes dropped, and for the
//     command "java" a leading 'L' of a class path;
//   - an unresolved frame is "[module basename]" or "[unknown]", with --addrs "[module <address>]";
//   - --kernel appends "_[k]" to kernel frames, --jit "_[j]" to JIT frames; inlined frames keep "_[i]";
//   - one line per distinct stack, "stack count", sorted bytewise.
#pragma once

#include "ProfileTables.h"

#include <string>

struct FoldedOptions {
    bool pid = false;
    bool tid = false;
    bool kernel = false;
    bool jit = false;
    bool addrs = false;
};

std::string writeFolded(const runlens::format::ProfileTables& profile, const FoldedOptions& options);
