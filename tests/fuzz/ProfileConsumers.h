// What the app and the headless verbs do with any profile a reader accepted: a flame graph's call
// tree by samples and by periods, of the whole run and filtered to a process, or to a thread in a
// range on a CPU, and folded output. A profile that passed its reader must not crash them or make
// them allocate without bound.
#pragma once

#include "FoldedWriter.h"
#include "ProfileIndex.h"
#include "StackTree.h"

#include <limits>
#include <utility>

namespace fuzz {

inline void useProfile(const runlens::format::ProfileTables& profile)
{
    const auto index = ProfileIndex::build(profile);
    StackTree::build(*index);
    StackTree::build(*index, {}, runlens::format::SampleWeight::EventCount);
    if (profile.samples.size() > 0) {
        // The last row's task, time and CPU: a filter that keeps some of the samples.
        const std::size_t last = profile.samples.size() - 1;
        StackTreeFilter process;
        process.pids = {profile.samples.pid[last]};
        StackTree::build(*index, process);
        StackTreeFilter thread;
        thread.tids = {profile.samples.tid[last]};
        thread.cpus = {profile.samples.cpu[last]};
        // Five seconds up to the row, which is kept (the end is excluded but for the largest time).
        constexpr std::int64_t kFiveSeconds = 5'000'000'000;
        const std::int64_t t = profile.samples.timeNs[last];
        const std::int64_t begin = t >= std::numeric_limits<std::int64_t>::min() + kFiveSeconds ? t - kFiveSeconds
                                                                                                 : std::numeric_limits<std::int64_t>::min();
        thread.timeNs = std::pair{begin, t < std::numeric_limits<std::int64_t>::max() ? t + 1 : t};
        StackTree::build(*index, thread, runlens::format::SampleWeight::EventCount);
    }
    FoldedOptions all;
    all.pid = all.tid = all.kernel = all.jit = all.addrs = true;
    writeFolded(profile, all);
}

} // namespace fuzz
