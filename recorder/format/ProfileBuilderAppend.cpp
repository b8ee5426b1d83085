// ProfileBuilder::append: the partial profiles of a text read in parallel, joined in text order.
//
// Why the ids come out as one builder would give them: a builder numbers frames, stacks and tasks
// in the order it first meets them. A frame, stack or task new to this builder is one `later` met
// for the first time too, at the same place of the input (had it come earlier in later's input,
// later would have met it there), so walking later's tables in their id order meets the new ones
// in the order one builder would have. A stack's parent always has a smaller id than the stack.
#include "ProfileBuilder.h"

#include <stdexcept>

namespace runlens::format {

void ProfileBuilder::append(const ProfileBuilder& later)
{
    if (later.m_commands != m_commands)
        throw std::logic_error("ProfileBuilder::append: the builders keep commands differently");
    const ProfileTables& theirs = later.m_tables;

    std::vector<std::uint32_t> frameOf(later.m_frames.size());
    for (std::uint32_t i = 0; i < later.m_frames.size(); ++i) {
        const FrameTable::Frame frame = later.m_frames.at(i);
        // Already clipped: frame() leaves the names as they are.
        frameOf[i] = this->frame(frame.symbol, frame.module, frame.kind, later.addressOf(i));
    }

    std::vector<std::uint32_t> stackOf(theirs.stacks.size());
    for (std::size_t i = 0; i < theirs.stacks.size(); ++i) {
        const ProfileStack& stack = theirs.stacks[i];
        stackOf[i] = this->stack(stack.parent == kNoStack ? kNoStack : stackOf[stack.parent], frameOf[stack.frame]);
    }

    std::vector<std::uint32_t> taskOf(theirs.tasks.size());
    for (std::size_t i = 0; i < theirs.tasks.size(); ++i) {
        const ProfileTask& task = theirs.tasks[i];
        this->task(task.tid, task.pid, task.command);
        taskOf[i] = std::uint32_t(m_lastTask);
    }
    // Each thread's current task is the one it had at the end of later's input.
    for (const auto& [tid, task] : later.m_taskOfThread)
        m_taskOfThread[tid] = taskOf[task];
    if (later.m_lastTask < theirs.tasks.size())
        m_lastTask = taskOf[later.m_lastTask];

    const ProfileSamples& rows = theirs.samples;
    ProfileSamples& samples = m_tables.samples;
    const std::size_t before = samples.size();
    samples.timeNs.insert(samples.timeNs.end(), rows.timeNs.begin(), rows.timeNs.end());
    samples.cpu.insert(samples.cpu.end(), rows.cpu.begin(), rows.cpu.end());
    samples.pid.insert(samples.pid.end(), rows.pid.begin(), rows.pid.end());
    samples.tid.insert(samples.tid.end(), rows.tid.begin(), rows.tid.end());
    samples.stack.reserve(samples.stack.size() + rows.stack.size());
    for (const std::uint32_t stack : rows.stack)
        samples.stack.push_back(stack == kNoStack ? kNoStack : stackOf[stack]);
    if (m_commands == Commands::PerSample) {
        samples.task.reserve(samples.task.size() + rows.task.size());
        for (const std::uint32_t task : rows.task)
            samples.task.push_back(task == kNoTask ? kNoTask : taskOf[task]);
    }
    // An optional column either builder started has a value for every row of both.
    const auto appendColumn = [&](std::vector<std::uint64_t>& column, bool& has, const std::vector<std::uint64_t>& their,
                                  bool theyHave) {
        if (!has && !theyHave)
            return;
        if (!has) {
            column.assign(before, 1);
            has = true;
        }
        if (theyHave)
            column.insert(column.end(), their.begin(), their.end());
        else
            column.resize(column.size() + rows.size(), 1);
    };
    appendColumn(samples.count, m_hasCounts, rows.count, later.m_hasCounts);
    appendColumn(samples.period, m_hasPeriods, rows.period, later.m_hasPeriods);
    m_totalSamples += later.m_totalSamples;
}

} // namespace runlens::format
