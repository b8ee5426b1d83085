// What the app and the headless verbs do with any profile a reader accepted: a flame graph's call
// tree by samples and by periods, and folded output. A profile that passed its reader must not
// crash them or make them allocate without bound.
#pragma once

#include "FoldedWriter.h"
#include "StackTree.h"

namespace fuzz {

inline void useProfile(const runlens::format::ProfileTables& profile)
{
    StackTree::build(profile);
    StackTree::build(profile, {}, runlens::format::SampleWeight::EventCount);
    FoldedOptions all;
    all.pid = all.tid = all.kernel = all.jit = all.addrs = true;
    writeFolded(profile, all);
}

} // namespace fuzz
