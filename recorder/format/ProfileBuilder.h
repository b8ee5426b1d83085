// Builds ProfileTables as samples arrive, for every producer of profiles: the recorder's stack
// sampler and its perf backend, and the app's importers of `perf script` text and folded stacks.
//
// Frames, stacks and tasks are interned through hash tables, so that a profile of millions of
// samples costs one lookup per frame and no string copies for frames seen before, and after
// warm-up adding a sample allocates nothing. The tables of frames and stacks hold only ids (the
// keys are the frames and stacks themselves), and the frames are kept compactly (FrameTable)
// until take(): an hour of 200,000 distinct stacks stays within the recorder's 30 MB. The
// recorder writes its journal in batches: changedTasks() lists the tasks to append and
// clearBatch() forgets the written samples, keeping their memory.
#pragma once

#include "FrameTable.h"
#include "InternTables.h"
#include "ProfileTables.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::format {

// The pid of a task whose process is unknown: `perf script` prints only the thread id by default
// (stackcollapse-perf.pl writes "?" for it).
inline constexpr std::uint32_t kUnknownPid = 0xffffffffu;

// Key under ProfileTables::info holding the raw addresses of unresolved frames, as an object
// {"<frame id>": "<address as printed>"}: `runlens convert --addrs` prints them.
inline constexpr const char* kFrameAddressesKey = "frame_addresses";

class ProfileBuilder
{
public:
    // What a thread's command name belongs to.
    enum class Commands {
        // The thread: one task row per thread, renamed when it calls exec. The recorder's journal
        // appends a renamed task, which replaces the old name.
        PerThread,
        // The sample: a thread seen under two names is two task rows, and each sample keeps the
        // name it was taken under, as stackcollapse-perf.pl counts them (samples.task).
        PerSample,
    };

    explicit ProfileBuilder(Commands commands = Commands::PerThread);

    // Same symbol, module and kind (and address, when given: unresolved frames keep theirs for
    // --addrs) = same frame. Names longer than ProfileLimits::maxTextBytes are clipped.
    std::uint32_t frame(std::string_view symbol, std::string_view module, FrameKind kind, std::string_view address = {});
    // The stack `frame` called from `parent` (kNoStack for an outermost frame).
    std::uint32_t stack(std::uint32_t parent, std::uint32_t frame)
    {
        const auto& stacks = m_tables.stacks;
        const std::uint64_t hash = stackHash(parent, frame);
        const std::uint32_t found = m_stackIds.find(hash, [&](std::uint32_t id) {
            return stacks[id].frame == frame && stacks[id].parent == parent;
        });
        if (found != IdTable::kNone)
            return found;
        const auto id = std::uint32_t(stacks.size());
        m_tables.stacks.push_back({parent, frame});
        m_stackIds.insert(hash, id, [&](std::uint32_t kept) { return stackHash(stacks[kept].parent, stacks[kept].frame); });
        return id;
    }

    // Address space for `count` stacks, taken now so that the stack table never moves while it
    // stays below that. A large block is mmapped and its pages become resident only when stacks
    // fill them, so this costs no memory; growing by doubling instead holds the old table and its
    // copy at once (8 MiB of each at a million stacks: the recorder's peak, bench_bighost).
    void reserveStacks(std::size_t count) { m_tables.stacks.reserve(count); }

    bool knowsTask(std::uint32_t tid) const { return m_taskOfThread.contains(tid); }
    // The thread's process and command as of now; the samples of `tid` that follow belong to it.
    void task(std::uint32_t tid, std::uint32_t pid, std::string_view command)
    {
        // Consecutive samples mostly come from the same thread, and else the thread's task is
        // mostly the one it had: then updateTask() would only make it the last task.
        if (m_lastTask < m_tables.tasks.size() && isTask(m_tables.tasks[m_lastTask], tid, pid, command))
            return;
        if (const auto it = m_taskOfThread.find(tid); it != m_taskOfThread.end() && isTask(m_tables.tasks[it->second], tid, pid, command)) {
            m_lastTask = it->second;
            return;
        }
        updateTask(tid, pid, command);
    }

    void sample(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack)
    {
        ProfileSamples& samples = m_tables.samples;
        samples.timeNs.push_back(timeNs);
        samples.cpu.push_back(cpu);
        samples.pid.push_back(pid);
        samples.tid.push_back(tid);
        samples.stack.push_back(stack);
        if (m_commands == Commands::PerSample)
            samples.task.push_back(taskOfSample(tid));
        if (m_hasCounts)
            samples.count.push_back(1);
        if (m_hasPeriods)
            samples.period.push_back(1);
        ++m_totalSamples;
    }
    // A row that stands for `count` samples and the event count `period`.
    void weightedSample(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid,
                        std::uint32_t stack, std::uint64_t count, std::uint64_t period)
    {
        if (count != 1 && !m_hasCounts)
            startColumn(m_tables.samples.count, m_hasCounts);
        if (!m_hasPeriods)
            startColumn(m_tables.samples.period, m_hasPeriods);
        sample(timeNs, cpu, pid, tid, stack);
        if (m_hasCounts)
            m_tables.samples.count.back() = count;
        m_tables.samples.period.back() = period;
        m_totalSamples += count - 1;
    }

    // The frames so far (tables().frames stays empty until take()).
    std::size_t frameCount() const { return m_frames.size(); }
    FrameTable::Frame frameAt(std::uint32_t id) const { return m_frames.at(id); }
    // Stacks, tasks, samples and info (frames: frameAt()).
    ProfileTables& tables() { return m_tables; }
    const ProfileTables& tables() const { return m_tables; }
    // Tasks added or changed since the last clearBatch(), as indexes into tables().tasks.
    const std::vector<std::uint32_t>& changedTasks() const { return m_changedTasks; }
    // Forgets the samples and changes already written, keeping their memory for the next batch.
    void clearBatch();
    // Samples so far, each row counted as the samples it stands for.
    std::uint64_t totalSamples() const { return m_totalSamples; }

    // Adds what `later` built from the input that follows this builder's (the next chunk of a text
    // read in parallel): its frames, stacks and tasks get this builder's ids, new ones numbered in
    // the order `later` met them, and its sample rows follow these. The result is what one builder
    // fed both inputs in turn would hold. Both keep commands the same way.
    void append(const ProfileBuilder& later);

    // The tables, with sample times made relative to the first sample when rebaseTimes, the task
    // column dropped when no thread changed its name, and the unresolved frames' addresses in info.
    ProfileTables take(bool rebaseTimes);

private:
    static std::uint64_t frameHash(std::string_view symbol, std::string_view module, FrameKind kind, std::string_view address);
    std::string_view addressOf(std::uint32_t frame) const;
    static std::uint64_t stackHash(std::uint32_t parent, std::uint32_t frame)
    {
        return mixKey((std::uint64_t(parent) << 32) | frame);
    }
    static bool isTask(const ProfileTask& task, std::uint32_t tid, std::uint32_t pid, std::string_view command)
    {
        return task.tid == tid && task.pid == pid && task.command.size() == command.size() && task.command == command;
    }
    void updateTask(std::uint32_t tid, std::uint32_t pid, std::string_view command);
    std::uint32_t taskOfSample(std::uint32_t tid) const
    {
        if (m_lastTask < m_tables.tasks.size() && m_tables.tasks[m_lastTask].tid == tid)
            return std::uint32_t(m_lastTask);
        const auto it = m_taskOfThread.find(tid);
        return it != m_taskOfThread.end() ? it->second : kNoTask;
    }
    // An optional column starts with a value for every row already added.
    void startColumn(std::vector<std::uint64_t>& column, bool& has)
    {
        column.assign(m_tables.samples.size(), 1);
        has = true;
    }

    static constexpr std::uint32_t kNoTask = 0xffffffffu;

    Commands m_commands;
    ProfileTables m_tables; // all but the frames
    FrameTable m_frames;
    IdTable m_frameIds; // into m_frames, which keeps the keys (with m_frameAddresses)
    std::string m_key; // reused: tid, pid, command
    IdTable m_stackIds; // into m_tables.stacks, which keeps the keys
    std::unordered_map<std::uint32_t, std::uint32_t> m_taskOfThread; // tid -> its current task
    std::unordered_map<std::string, std::uint32_t, StringViewHash, std::equal_to<>> m_taskIds; // PerSample
    std::size_t m_lastTask = std::size_t(-1);
    std::vector<std::uint32_t> m_changedTasks;
    bool m_threadRenamed = false;
    bool m_hasCounts = false;
    bool m_hasPeriods = false;
    std::uint64_t m_totalSamples = 0;
    std::unordered_map<std::uint32_t, std::string> m_frameAddresses; // of unresolved frames
};

} // namespace runlens::format
