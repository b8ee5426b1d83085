// Interns frames, stacks and tasks into format::ProfileTables as samples arrive, and hands out the
// batch of new rows for the journal. After warm-up (every hot stack seen once) adding a sample
// allocates nothing: stacks are found in a hash map, and the sample columns are cleared, not
// freed, after each batch is written.
#pragma once

#include "ProfileTables.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::profile {

class ProfileBuilder
{
public:
    ProfileBuilder();

    std::uint32_t frame(format::FrameKind kind, std::string_view module, std::string_view symbol);
    // The stack whose innermost frame is `frame` and whose callers are `parent` (kNoStack: none).
    std::uint32_t stack(std::uint32_t parent, std::uint32_t frame);

    bool knowsTask(std::uint32_t tid) const { return m_taskIndex.contains(tid); }
    // Adds the thread or, when its process or command changed (exec), updates it.
    void task(std::uint32_t tid, std::uint32_t pid, std::string_view command);

    void sample(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack);

    format::ProfileTables& tables() { return m_tables; }
    const format::ProfileTables& tables() const { return m_tables; }
    // Tasks added or changed since the last clearBatch(), as indexes into tables().tasks.
    const std::vector<std::uint32_t>& changedTasks() const { return m_changedTasks; }
    // Forgets the samples and changes already written, keeping their memory for the next batch.
    void clearBatch();

    std::uint64_t totalSamples() const { return m_totalSamples; }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };
    struct StackHash {
        std::size_t operator()(std::uint64_t key) const
        {
            key ^= key >> 33; // splitmix-style mixing: parent and frame ids are small and dense
            key *= 0xff51afd7ed558ccdull;
            key ^= key >> 33;
            return std::size_t(key);
        }
    };

    format::ProfileTables m_tables;
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_frameIndex;
    std::unordered_map<std::uint64_t, std::uint32_t, StackHash> m_stackIndex;
    std::unordered_map<std::uint32_t, std::uint32_t> m_taskIndex;
    std::vector<std::uint32_t> m_changedTasks;
    std::string m_key; // reused frame key: kind, module, NUL, symbol
    std::uint64_t m_totalSamples = 0;
};

} // namespace runlens::profile
