#include "ProfileIndex.h"

#include "InternTables.h"
#include "LargeArrays.h"
#include "ParallelWork.h"
#include "SampleFilter.h"
#include "StackTreeBuilder.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <utility>

using runlens::format::kNoStack;
using runlens::format::ProfileTables;
using runlens::format::SampleWeight;
using runlens::format::U64Map;

namespace {

// About this many buckets at most: 1 s each up to six minutes, 10 s for an hour. Wider buckets
// merge more samples of a stack into one entry (less memory, fewer additions for a whole-run
// graph); narrower ones leave fewer rows to scan at a range's two edges. At 10 s on 192 CPUs an
// edge holds at most 94,000 rows: a few milliseconds.
constexpr std::int64_t kMaxBuckets = 360;
constexpr std::int64_t kSecondNs = 1'000'000'000;
// At most this many aggregate runs (buckets x CPUs): 360 buckets of a host with 2,900 CPUs. More
// CPUs than that come only from damaged or odd imported ids: their buckets are not split by CPU.
constexpr std::size_t kMaxRuns = std::size_t(1) << 20;
// Progress is reported (and cancel polled) every this many rows.
constexpr std::size_t kProgressRows = 1 << 20;
// A row scan is shared among threads only from this many rows a thread, adding up the runs from
// this many entries.
constexpr std::size_t kRowsPerScanThread = 2'000'000;
constexpr std::size_t kEntriesPerSumThread = 4'000'000;

// Per-id counters keyed by thread or CPU ids: dense while ids are small (pid_max is at most 2^22),
// a hash map for the odd huge id of imported text.
class IdCounter
{
public:
    void add(std::uint32_t id, std::uint64_t value)
    {
        if (id < kDenseLimit) {
            if (id >= m_dense.size())
                m_dense.resize(std::size_t(id) + 1, 0);
            m_dense[id] += value;
            return;
        }
        m_sparse[id] += value;
    }
    template <typename Visit>
    void forEach(Visit visit) const
    {
        for (std::size_t id = 0; id < m_dense.size(); ++id) {
            if (m_dense[id] > 0)
                visit(std::uint32_t(id), m_dense[id]);
        }
        for (const auto& [id, value] : m_sparse)
            visit(id, value);
    }

private:
    static constexpr std::uint32_t kDenseLimit = 1u << 22;
    std::vector<std::uint64_t> m_dense;
    std::unordered_map<std::uint32_t, std::uint64_t> m_sparse;
};

// A CPU's slot: its index among the profile's CPUs (sorted by number), or 0 for all when the runs
// are not split by CPU. A table while the ids are small, as they are on every real host.
class CpuSlots
{
public:
    CpuSlots(const std::vector<ProfileIndex::Cpu>& cpus, std::size_t slots)
    {
        if (slots <= 1)
            return;
        if (cpus.back().cpu < kTableLimit) {
            m_table.assign(std::size_t(cpus.back().cpu) + 1, 0);
            for (std::size_t s = 0; s < cpus.size(); ++s)
                m_table[cpus[s].cpu] = std::uint32_t(s);
        } else {
            for (std::size_t s = 0; s < cpus.size(); ++s)
                m_map.emplace(cpus[s].cpu, std::uint32_t(s));
        }
    }
    // `cpu` must be one of the profile's CPUs.
    std::uint32_t operator()(std::uint32_t cpu) const
    {
        if (!m_table.empty())
            return m_table[cpu];
        return m_map.empty() ? 0 : m_map.at(cpu);
    }

private:
    static constexpr std::uint32_t kTableLimit = 1u << 16;
    std::vector<std::uint32_t> m_table;
    std::unordered_map<std::uint32_t, std::uint32_t> m_map;
};

// Asks the CPU to start loading the cache line at `address`, which a loop is about to read a few
// iterations on: the tables by stack of a large profile are megabytes, read at random.
inline void prefetchLine(const void* address)
{
#if defined(__GNUC__)
    __builtin_prefetch(address);
#else
    (void)address;
#endif
}

// How far ahead of its use a table entry is prefetched, in rows: enough to cover a miss to memory.
constexpr std::size_t kPrefetchAhead = 8;

// What the sums need of a row, copied out of the columns (read in order) into the order the rows
// are added in: one CPU's or one task's rows lie scattered over a bucket's, one in every few
// hundred on a large host. Read in that order, the stack of the row a few ahead is at hand without
// a cache miss of its own, so that its slot in the table by stack can be prefetched. On an hour of
// 192 CPUs with a million stacks, waiting for those slots was most of the 100 ns a row took.
struct GatheredRow {
    std::uint32_t stack;
    std::uint32_t cpu;
    std::int64_t timeNs;
    std::uint64_t count;
    std::uint64_t period;

    static GatheredRow of(const runlens::format::ProfileSamples& rows, std::size_t row, bool periods)
    {
        return {rows.stack[row], rows.cpu[row], rows.timeNs[row], rows.countAt(row), periods ? rows.periodAt(row) : 0};
    }
};

// The sums by stack of one run of rows at a time (a bucket's rows on one CPU, or of one task), in
// the order the run's stacks are first met, after those of the runs before it until clear(). A
// stack's sum is found through a table by stack, valid while its mark is the current run's: no
// hashing, and nothing to reset between runs.
class StackSums
{
public:
    StackSums(std::size_t stackCount, bool events)
        : m_stackCount(std::uint32_t(stackCount))
        , m_events(events)
        , m_slots(runlens::format::largeVector(stackCount + 1, Slot{kNoRun, 0}))
    {
    }
    // Starts loading a stack's slot, a cache miss on a large profile, ahead of its add().
    void prefetch(std::uint32_t stack) const { prefetchLine(&m_slots[std::min(stack, m_stackCount)]); }
    void nextRun()
    {
        if (++m_run == kNoRun) { // the marks' numbers are used up: start them again
            std::fill(m_slots.begin(), m_slots.end(), Slot{kNoRun, 0});
            m_run = 0;
        }
        first = std::numeric_limits<std::int64_t>::max();
        last = std::numeric_limits<std::int64_t>::min();
    }
    void add(const GatheredRow& row)
    {
        const std::uint32_t stack = std::min(row.stack, m_stackCount); // the last: no frames
        Slot& slot = m_slots[stack];
        if (slot.mark != m_run) {
            slot = {m_run, std::uint32_t(stacks.size())};
            stacks.push_back(stack);
            samples.push_back(0);
            if (m_events)
                events.push_back(0);
        }
        samples[slot.at] += row.count;
        if (m_events)
            events[slot.at] += row.period;
        first = std::min(first, row.timeNs);
        last = std::max(last, row.timeNs);
    }
    void clear()
    {
        stacks.clear();
        samples.clear();
        events.clear();
    }

    std::vector<std::uint32_t> stacks;
    std::vector<std::uint64_t> samples;
    std::vector<std::uint64_t> events; // summed periods, when asked for
    std::int64_t first = 0;            // the current run's first and last times
    std::int64_t last = 0;

private:
    static constexpr std::uint32_t kNoRun = std::numeric_limits<std::uint32_t>::max();
    std::uint32_t m_stackCount;
    bool m_events;
    std::uint32_t m_run = kNoRun;
    // A stack's mark (the run that met it) and where its sums are, side by side: one cache line.
    struct Slot {
        std::uint32_t mark;
        std::uint32_t at;
    };
    std::vector<Slot> m_slots;
};

// Adds up work[0, size) into perStack and first/last, split among the cores when it is large
// (each part with its own sums, added up after): a filter over an hour of a large host goes
// through tens of millions of rows or entries, which a small range is not worth sharing.
// add(from, to, sums, first, last) does the part [from, to).
template <typename Add>
void sumInParts(std::size_t size, std::size_t minimumPerPart, std::vector<std::uint64_t>& perStack, std::int64_t& first,
                std::int64_t& last, const Add& add)
{
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t parts = std::min<std::size_t>(cores, size / minimumPerPart);
    if (parts < 2) {
        add(std::size_t(0), size, perStack, first, last);
        return;
    }
    struct Part {
        std::vector<std::uint64_t> sums;
        std::int64_t first = std::numeric_limits<std::int64_t>::max();
        std::int64_t last = std::numeric_limits<std::int64_t>::min();
    };
    // Everything that can fail to allocate is allocated before a thread starts: a thread left
    // running by an exception would end the app (std::terminate).
    std::vector<Part> results(parts - 1);
    for (Part& part : results)
        part.sums.assign(perStack.size(), 0);
    const std::size_t step = size / parts;
    std::atomic<std::size_t> next{0};
    runlens::format::runOnThreads(unsigned(parts), [&] {
        for (std::size_t k = next++; k < parts; k = next++) {
            const std::size_t from = k * step;
            const std::size_t to = k + 1 == parts ? size : from + step;
            if (k == 0)
                add(from, to, perStack, first, last);
            else
                add(from, to, results[k - 1].sums, results[k - 1].first, results[k - 1].last);
        }
    });
    for (const Part& part : results) {
        for (std::size_t s = 0; s < perStack.size(); ++s)
            perStack[s] += part.sums[s];
        first = std::min(first, part.first);
        last = std::max(last, part.last);
    }
}

// (t - origin) / width without overflow for any two 64-bit times with t >= origin.
std::uint64_t bucketOf(std::int64_t t, std::int64_t origin, std::int64_t width)
{
    return (std::uint64_t(t) - std::uint64_t(origin)) / std::uint64_t(width);
}

} // namespace

std::shared_ptr<const ProfileIndex> ProfileIndex::build(const ProfileTables& profile, const Progress& progress)
{
    std::shared_ptr<ProfileIndex> index(new ProfileIndex);
    index->m_profile = &profile;
    const auto& samples = profile.samples;
    const std::size_t rows = samples.size();
    // Twice over the rows (counts, then aggregates), plus the order when it must be made.
    const auto report = [&](double fraction) { return !progress || progress(std::clamp(fraction, 0.0, 1.0)); };

    // Frames with the same symbol and module are one function, whatever their addresses were.
    index->m_functions.push_back({"all", "", runlens::format::FrameKind::Unknown});
    index->m_functionOfFrame.resize(profile.frames.size());
    {
        std::unordered_map<std::string, std::uint32_t> ids;
        std::string key;
        for (std::size_t f = 0; f < profile.frames.size(); ++f) {
            const auto& frame = profile.frames[f];
            key.assign(frame.symbol);
            key.push_back('\0');
            key.append(frame.module);
            const auto [it, inserted] = ids.try_emplace(key, std::uint32_t(index->m_functions.size()));
            if (inserted)
                index->m_functions.push_back({frame.symbol, frame.module, frame.kind});
            index->m_functionOfFrame[f] = it->second;
        }
    }
    index->m_functionRanks = StackTreeBuilder::functionRanks(index->m_functions);

    // The time span, whether the rows are already in time order, the counts per thread and CPU,
    // and FlameScope's grid (samples per 20 ms of each second since the start): the first pass.
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    bool ordered = true;
    IdCounter perThread;
    IdCounter perCpu;
    auto& cells = index->m_scopeCells;
    bool scope = true; // false once a time lies beyond the grid's columns: no grid then
    for (std::size_t i = 0; i < rows; ++i) {
        const std::int64_t t = samples.timeNs[i];
        ordered = ordered && (i == 0 || t >= samples.timeNs[i - 1]);
        first = std::min(first, t);
        last = std::max(last, t);
        const std::uint64_t count = samples.countAt(i);
        index->m_totalSamples += count;
        perThread.add(samples.tid[i], count);
        perCpu.add(samples.cpu[i], count);
        if (scope && t >= 0) {
            const std::uint64_t column = std::uint64_t(t / kSecondNs);
            if (column >= std::uint64_t(kMaxScopeColumns)) {
                scope = false;
                cells = {};
            } else {
                const std::size_t cell = std::size_t(column) * kScopeRows + std::size_t((t % kSecondNs) * kScopeRows / kSecondNs);
                if (cell >= cells.size())
                    cells.resize((std::size_t(column) + 1) * kScopeRows, 0);
                const std::uint64_t sum = std::uint64_t(cells[cell]) + count;
                cells[cell] = std::uint32_t(std::min<std::uint64_t>(sum, std::numeric_limits<std::uint32_t>::max()));
                index->m_scopeMaximum = std::max(index->m_scopeMaximum, cells[cell]);
            }
        }
        if ((i + 1) % kProgressRows == 0 && !report(0.5 * double(i) / double(rows)))
            return nullptr;
    }
    if (!scope)
        index->m_scopeMaximum = 0;
    cells.shrink_to_fit();
    index->m_scopeColumns = int(cells.size() / kScopeRows);
    if (rows == 0)
        first = last = 0;
    index->m_firstTime = first;
    index->m_lastTime = last;
    // Whole seconds, so that bucket edges fall on the seconds a user selects most often.
    const std::uint64_t span = std::uint64_t(last) - std::uint64_t(first);
    const std::uint64_t secondsPerBucket = std::max<std::uint64_t>(1, span / std::uint64_t(kSecondNs) / kMaxBuckets + 1);
    index->m_bucketNs = std::int64_t(std::min<std::uint64_t>(secondsPerBucket * kSecondNs,
                                                             std::uint64_t(std::numeric_limits<std::int64_t>::max() / 2)));
    const std::int64_t width = index->m_bucketNs;
    // The first bucket starts at a multiple of the width at or before the first sample.
    const std::int64_t remainder = first % width; // negative for a negative time
    if (remainder >= 0)
        index->m_origin = first - remainder;
    else if (first - remainder >= std::numeric_limits<std::int64_t>::min() + width)
        index->m_origin = first - remainder - width;
    else
        index->m_origin = first; // at the end of the range: unaligned rather than overflowing
    const std::size_t bucketCount = rows == 0 ? 0 : std::size_t(bucketOf(last, index->m_origin, width)) + 1;

    // Rows per bucket: in time order (every archive from format 1.3 on), each bucket's first row
    // is found by a binary search; otherwise (older archives, imported text) a counting sort
    // groups the rows by bucket: within a bucket the order does not matter.
    index->m_bucketRowStart.assign(bucketCount + 1, 0);
    if (ordered) {
        for (std::size_t b = 0; b <= bucketCount; ++b) {
            const auto start = std::partition_point(samples.timeNs.begin(), samples.timeNs.end(), [&](std::int64_t t) {
                return bucketOf(t, index->m_origin, width) < b;
            });
            index->m_bucketRowStart[b] = std::uint64_t(start - samples.timeNs.begin());
        }
    } else {
        for (std::size_t i = 0; i < rows; ++i)
            ++index->m_bucketRowStart[bucketOf(samples.timeNs[i], index->m_origin, width) + 1];
        for (std::size_t b = 0; b < bucketCount; ++b)
            index->m_bucketRowStart[b + 1] += index->m_bucketRowStart[b];
        index->m_order.resize(rows);
        std::vector<std::uint64_t> fill(index->m_bucketRowStart.begin(), index->m_bucketRowStart.end() - 1);
        for (std::size_t i = 0; i < rows; ++i)
            index->m_order[fill[bucketOf(samples.timeNs[i], index->m_origin, width)]++] = std::uint32_t(i);
    }
    if (!report(0.5))
        return nullptr;

    // CPUs by number; their index is the slot of their runs.
    perCpu.forEach([&](std::uint32_t cpu, std::uint64_t count) { index->m_cpus.push_back({cpu, count}); });
    std::sort(index->m_cpus.begin(), index->m_cpus.end(), [](const Cpu& a, const Cpu& b) { return a.cpu < b.cpu; });
    const std::size_t cpuCount = index->m_cpus.size();
    index->m_slots = cpuCount > 1 && bucketCount * cpuCount <= kMaxRuns ? cpuCount : 1;

    // The two passes by bucket, side by side: the aggregates (reporting progress, polling cancel)
    // and the samples by task (stopped when the aggregates are cancelled). What either pass
    // throws (out of memory) is thrown to the caller once both have stopped.
    std::atomic<bool> cancelled = false;
    std::exception_ptr taskFailure;
    std::thread byTask;
    bool tasksLeft = true;
    try {
        byTask = std::thread([&index, &cancelled, &taskFailure] {
            try {
                index->groupByTask(cancelled);
            } catch (...) {
                taskFailure = std::current_exception();
            }
        });
        tasksLeft = false;
    } catch (const std::exception&) {
        // No thread to be had (std::system_error, or std::bad_alloc for its state: memory is
        // short): the pass runs after the aggregates, here.
    }
    bool aggregated = false;
    try {
        aggregated = index->aggregateByCpu([&](std::size_t done) { return report(0.5 + 0.45 * double(done) / double(rows)); });
    } catch (...) {
        cancelled = true;
        if (byTask.joinable())
            byTask.join();
        throw;
    }
    cancelled = cancelled || !aggregated;
    if (byTask.joinable())
        byTask.join();
    if (tasksLeft && !cancelled)
        index->groupByTask(cancelled);
    if (taskFailure)
        std::rethrow_exception(taskFailure);
    if (cancelled)
        return nullptr;

    // Threads, named by the task table (the last row of a thread: its name after an exec).
    std::unordered_map<std::uint32_t, const runlens::format::ProfileTask*> taskOfThread;
    for (const auto& task : profile.tasks)
        taskOfThread[task.tid] = &task;
    std::unordered_map<std::uint32_t, std::size_t> processOf;
    perThread.forEach([&](std::uint32_t tid, std::uint64_t count) {
        Thread thread;
        thread.tid = tid;
        thread.samples = count;
        if (const auto it = taskOfThread.find(tid); it != taskOfThread.end()) {
            thread.pid = it->second->pid;
            thread.command = it->second->command;
        } else {
            thread.pid = tid;
        }
        index->m_threads.push_back(std::move(thread));
    });
    std::sort(index->m_threads.begin(), index->m_threads.end(), [](const Thread& a, const Thread& b) {
        return a.samples != b.samples ? a.samples > b.samples : a.tid < b.tid;
    });
    for (std::size_t t = 0; t < index->m_threads.size(); ++t) {
        const Thread& thread = index->m_threads[t];
        auto [it, inserted] = processOf.try_emplace(thread.pid, index->m_processes.size());
        if (inserted) {
            Process process;
            process.pid = thread.pid;
            // Busiest first: the first thread met names the process unless its main thread does.
            process.command = thread.command;
            index->m_processes.push_back(std::move(process));
        }
        Process& process = index->m_processes[it->second];
        process.samples += thread.samples;
        process.threads.push_back(std::uint32_t(t));
    }
    for (Process& process : index->m_processes) {
        if (const auto it = taskOfThread.find(process.pid); it != taskOfThread.end() && it->second->pid == process.pid)
            process.command = it->second->command;
    }
    std::sort(index->m_processes.begin(), index->m_processes.end(), [](const Process& a, const Process& b) {
        return a.samples != b.samples ? a.samples > b.samples : a.pid < b.pid;
    });
    if (!report(1.0))
        return nullptr;
    return index;
}

bool ProfileIndex::aggregateByCpu(const std::function<bool(std::size_t rowsDone)>& progress)
{
    const auto& samples = m_profile->samples;
    const std::size_t stackCount = m_profile->stacks.size();
    const std::size_t buckets = bucketCount();
    const std::size_t slots = m_slots;
    const CpuSlots slotOf(m_cpus, slots);
    const bool periods = m_profile->hasPeriods();
    const std::size_t runCount = buckets * slots;
    m_runEntryStart.reserve(runCount + 1);
    m_runFirstTime.reserve(runCount);
    m_runLastTime.reserve(runCount);
    // At most one entry a row. Reserved, not grown: doubling would copy the entries at 1.5 times
    // their size, and shrinking them after would copy them again, which on an hour of a large host
    // is a peak of 200-300 MB the app does not otherwise reach. The untouched rest of the
    // reservation is address space only, never resident.
    runlens::format::reserveLarge(m_entryStack, samples.size());
    m_entrySamples.reserve(samples.size());
    if (periods)
        m_entryEvents.reserve(samples.size());
    m_stackSamples.assign(stackCount + 1, 0);
    m_stackEvents.assign(periods ? stackCount + 1 : 0, 0);
    StackSums run(stackCount, periods);
    std::vector<std::uint64_t> slotRowStart(slots + 1, 0);
    std::vector<std::uint64_t> fill(slots, 0);
    std::vector<GatheredRow> rowsBySlot; // the bucket's rows grouped by slot
    std::size_t done = 0;
    for (std::size_t b = 0; b < buckets; ++b) {
        const std::size_t from = m_bucketRowStart[b];
        const std::size_t to = m_bucketRowStart[b + 1];
        // A counting sort of the bucket's rows by slot (within a slot, their order is kept).
        std::fill(slotRowStart.begin(), slotRowStart.end(), 0);
        rowsBySlot.resize(to - from);
        if (slots > 1) {
            for (std::size_t p = from; p < to; ++p)
                ++slotRowStart[slotOf(samples.cpu[rowAt(p)]) + 1];
            for (std::size_t s = 0; s < slots; ++s)
                slotRowStart[s + 1] += slotRowStart[s];
            std::copy(slotRowStart.begin(), slotRowStart.end() - 1, fill.begin());
            for (std::size_t p = from; p < to; ++p) {
                const std::size_t row = rowAt(p);
                rowsBySlot[fill[slotOf(samples.cpu[row])]++] = GatheredRow::of(samples, row, periods);
            }
        } else {
            slotRowStart[1] = to - from;
            for (std::size_t p = from; p < to; ++p)
                rowsBySlot[p - from] = GatheredRow::of(samples, rowAt(p), periods);
        }
        for (std::size_t s = 0; s < slots; ++s) {
            run.nextRun();
            for (std::size_t k = slotRowStart[s]; k < slotRowStart[s + 1]; ++k) {
                if (k + kPrefetchAhead < rowsBySlot.size())
                    run.prefetch(rowsBySlot[k + kPrefetchAhead].stack);
                run.add(rowsBySlot[k]);
                if (++done % kProgressRows == 0 && !progress(done))
                    return false;
            }
            m_runEntryStart.push_back(m_entryStack.size());
            m_runFirstTime.push_back(run.first);
            m_runLastTime.push_back(run.last);
            for (std::size_t e = 0; e < run.stacks.size(); ++e) {
                if (e + kPrefetchAhead < run.stacks.size()) {
                    const std::uint32_t ahead = run.stacks[e + kPrefetchAhead];
                    prefetchLine(&m_stackSamples[ahead]);
                    if (periods)
                        prefetchLine(&m_stackEvents[ahead]);
                }
                m_entrySamples.push_back(run.samples[e]);
                m_entryStack.push_back(run.stacks[e]);
                m_stackSamples[run.stacks[e]] += run.samples[e];
                if (periods) {
                    m_entryEvents.push_back(run.events[e]);
                    m_stackEvents[run.stacks[e]] += run.events[e];
                }
            }
            run.clear();
        }
    }
    m_runEntryStart.push_back(m_entryStack.size());
    return true;
}

void ProfileIndex::groupByTask(const std::atomic<bool>& cancelled)
{
    const auto& samples = m_profile->samples;
    const std::size_t rows = samples.size();
    const std::size_t buckets = bucketCount();
    const std::size_t stackCount = m_profile->stacks.size();
    // Tasks are numbered as they are met; a task's rows are counted, then its fill cursor.
    U64Map taskIds;
    std::optional<std::uint32_t> allOnesTask; // pid and tid 0xffffffff, whose key is the map's empty one
    std::vector<std::uint64_t> taskCursor;
    const auto taskOf = [&](std::uint32_t pid, std::uint32_t tid) {
        const std::uint64_t key = std::uint64_t(pid) << 32 | tid;
        const std::uint32_t next = std::uint32_t(m_tasks.size());
        bool inserted = false;
        std::uint32_t task = next;
        if (key == U64Map::kEmpty) {
            inserted = !allOnesTask;
            task = allOnesTask.value_or(next);
            allOnesTask = task;
        } else {
            task = taskIds.findOrInsert(key, next, inserted);
        }
        if (inserted) {
            m_tasks.push_back({pid, tid});
            taskCursor.push_back(0);
        }
        return task;
    };
    // Stacks when they are at most this part of the bucket's rows; rows kept only without periods.
    const bool periods = m_profile->hasPeriods();
    const std::size_t rowsPerStack = periods ? 3 : 2;
    // Reserved for every row, never grown (as the aggregates by CPU are): what is not written is
    // address space, not memory.
    if (!periods)
        runlens::format::reserveLarge(m_taskRows, rows);
    runlens::format::reserveLarge(m_taskStack, rows / rowsPerStack);
    m_taskSamples.reserve(rows / rowsPerStack);
    if (periods)
        m_taskEvents.reserve(rows / rowsPerStack);
    m_taskBuckets.reserve(buckets + 1);
    std::vector<std::uint32_t> bucketTasks; // the task of each of the bucket's rows
    std::vector<std::uint32_t> touchedTasks;
    std::vector<std::uint32_t> rowsByTask;  // the bucket's rows grouped by task
    std::vector<GatheredRow> gathered;      // and their values, in that order
    std::vector<std::uint64_t> runRowStart; // per task run of the bucket, its first in rowsByTask; one more
    StackSums taskStacks(stackCount, periods); // the bucket's task stacks while they are made
    std::vector<std::uint32_t> runStacks;    // per task run of the bucket, how many stacks
    std::vector<std::int64_t> runFirst;
    std::vector<std::int64_t> runLast;
    std::vector<std::uint32_t> runTasks;     // per task run, its task
    std::vector<std::uint32_t> runSlots;     // and its CPU's slot when the runs are by CPU
    const CpuSlots slotOf(m_cpus, m_slots);
    std::vector<std::uint32_t> slotRows(m_slots, 0); // a task's rows per slot, then each slot's end
    std::vector<std::uint32_t> taskSlots;           // the slots a task's rows are on
    std::vector<GatheredRow> bySlot;                // a task's rows grouped by slot
    const auto addRun = [&](const GatheredRow* runRows, std::size_t count, std::uint32_t task, std::uint32_t slot) {
        const std::size_t before = taskStacks.stacks.size();
        taskStacks.nextRun();
        for (std::size_t k = 0; k < count; ++k) {
            if (k + kPrefetchAhead < count)
                taskStacks.prefetch(runRows[k + kPrefetchAhead].stack);
            taskStacks.add(runRows[k]);
        }
        runStacks.push_back(std::uint32_t(taskStacks.stacks.size() - before));
        runFirst.push_back(taskStacks.first);
        runLast.push_back(taskStacks.last);
        runTasks.push_back(task);
        runSlots.push_back(slot);
    };
    // The bucket's task stacks, a run per task (or per task and CPU), given up as soon as they
    // cost more than a half (a third) of the rows: whether they merged.
    const auto makeTaskStacks = [&](std::size_t bucketRows, bool byCpu) {
        taskStacks.clear();
        runStacks.clear();
        runFirst.clear();
        runLast.clear();
        runTasks.clear();
        runSlots.clear();
        for (std::size_t r = 0; r < touchedTasks.size(); ++r) {
            const GatheredRow* taskRows = gathered.data() + runRowStart[r];
            const std::size_t count = runRowStart[r + 1] - runRowStart[r];
            if (!byCpu) {
                addRun(taskRows, count, touchedTasks[r], 0);
            } else {
                // A counting sort of the task's rows by slot, in their order within each.
                taskSlots.clear();
                for (std::size_t k = 0; k < count; ++k) {
                    const std::uint32_t slot = slotOf(taskRows[k].cpu);
                    if (slotRows[slot]++ == 0)
                        taskSlots.push_back(slot);
                }
                if (taskSlots.size() == 1) {
                    addRun(taskRows, count, touchedTasks[r], taskSlots[0]);
                    slotRows[taskSlots[0]] = 0;
                } else {
                    std::sort(taskSlots.begin(), taskSlots.end());
                    std::uint32_t at = 0;
                    for (const std::uint32_t slot : taskSlots)
                        at += std::exchange(slotRows[slot], at);
                    bySlot.resize(count);
                    for (std::size_t k = 0; k < count; ++k)
                        bySlot[slotRows[slotOf(taskRows[k].cpu)]++] = taskRows[k];
                    std::uint32_t begin = 0;
                    for (const std::uint32_t slot : taskSlots) {
                        const std::uint32_t end = std::exchange(slotRows[slot], 0);
                        addRun(bySlot.data() + begin, end - begin, touchedTasks[r], slot);
                        begin = end;
                    }
                }
            }
            // A run by CPU weighs as much as three stacks: its task, size, CPU and two times take
            // 28 bytes, a stack 8 or 12. Without that, tasks that move now and then (each move a
            // run of its own) could take the index well past what their rows in lists would.
            const std::size_t cost = taskStacks.stacks.size() + (byCpu ? 3 * runTasks.size() : 0);
            if (cost * rowsPerStack > bucketRows)
                return false;
        }
        return true;
    };
    for (std::size_t b = 0; b < buckets && !cancelled; ++b) {
        const std::size_t from = m_bucketRowStart[b];
        const std::size_t to = m_bucketRowStart[b + 1];
        const std::size_t bucketRows = to - from;
        TaskBucket bucket;
        bucket.firstRun = m_taskRunTask.size();
        bucket.firstTimedRun = m_taskRunFirstTime.size();
        // Count each task's rows, give each task its stretch of the bucket's, fill them in.
        bucketTasks.resize(bucketRows);
        touchedTasks.clear();
        for (std::size_t p = from; p < to; ++p) {
            const std::size_t row = rowAt(p);
            const std::uint32_t task = taskOf(samples.pid[row], samples.tid[row]);
            bucketTasks[p - from] = task;
            if (taskCursor[task]++ == 0)
                touchedTasks.push_back(task);
        }
        std::sort(touchedTasks.begin(), touchedTasks.end());
        runRowStart.clear();
        std::uint64_t start = 0;
        for (const std::uint32_t task : touchedTasks) {
            runRowStart.push_back(start);
            const std::uint64_t taskRows = taskCursor[task];
            taskCursor[task] = start;
            start += taskRows;
        }
        runRowStart.push_back(start);
        rowsByTask.resize(bucketRows);
        gathered.resize(bucketRows);
        for (std::size_t p = from; p < to; ++p) {
            const std::size_t row = rowAt(p);
            const std::uint64_t at = taskCursor[bucketTasks[p - from]]++;
            rowsByTask[at] = std::uint32_t(row);
            gathered[at] = GatheredRow::of(samples, row, periods);
        }
        for (const std::uint32_t task : touchedTasks)
            taskCursor[task] = 0;

        bucket.byCpu = m_slots > 1 && makeTaskStacks(bucketRows, true);
        const bool merged = bucket.byCpu || makeTaskStacks(bucketRows, false);
        bucket.keeps = merged ? TaskKeep::Stacks : periods ? TaskKeep::Nothing : TaskKeep::Rows;
        if (bucket.keeps == TaskKeep::Stacks) {
            bucket.firstItem = m_taskStack.size();
            m_taskStack.insert(m_taskStack.end(), taskStacks.stacks.begin(), taskStacks.stacks.end());
            for (const std::uint64_t sum : taskStacks.samples)
                m_taskSamples.push_back(sum);
            for (const std::uint64_t sum : taskStacks.events)
                m_taskEvents.push_back(sum);
            m_taskRunSize.insert(m_taskRunSize.end(), runStacks.begin(), runStacks.end());
            m_taskRunFirstTime.insert(m_taskRunFirstTime.end(), runFirst.begin(), runFirst.end());
            m_taskRunLastTime.insert(m_taskRunLastTime.end(), runLast.begin(), runLast.end());
            m_taskRunSlot.insert(m_taskRunSlot.end(), runSlots.begin(), runSlots.end());
            m_taskRunTask.insert(m_taskRunTask.end(), runTasks.begin(), runTasks.end());
        } else if (bucket.keeps == TaskKeep::Rows) {
            bucket.firstItem = m_taskRows.size();
            m_taskRows.insert(m_taskRows.end(), rowsByTask.begin(), rowsByTask.end());
            for (std::size_t r = 0; r < touchedTasks.size(); ++r)
                m_taskRunSize.push_back(std::uint32_t(runRowStart[r + 1] - runRowStart[r]));
            m_taskRunTask.insert(m_taskRunTask.end(), touchedTasks.begin(), touchedTasks.end());
        } // a bucket that keeps nothing has no runs either
        m_taskBuckets.push_back(bucket);
    }
    TaskBucket end;
    end.firstRun = m_taskRunTask.size();
    end.firstItem = 0;
    end.firstTimedRun = m_taskRunFirstTime.size();
    m_taskBuckets.push_back(end);
    m_taskRunTask.shrink_to_fit();
    m_taskRunSize.shrink_to_fit();
    m_taskRunFirstTime.shrink_to_fit();
    m_taskRunLastTime.shrink_to_fit();
    m_taskRunSlot.shrink_to_fit();
}

std::size_t ProfileIndex::bucketsWithTaskStacks() const
{
    if (m_taskBuckets.empty())
        return 0;
    return std::size_t(std::count_if(m_taskBuckets.begin(), m_taskBuckets.end() - 1,
                                     [](const TaskBucket& b) { return b.keeps == TaskKeep::Stacks; }));
}

std::size_t ProfileIndex::bucketsWithTaskStacksByCpu() const
{
    if (m_taskBuckets.empty())
        return 0;
    return std::size_t(std::count_if(m_taskBuckets.begin(), m_taskBuckets.end() - 1,
                                     [](const TaskBucket& b) { return b.keeps == TaskKeep::Stacks && b.byCpu; }));
}

std::size_t ProfileIndex::memoryBytes() const
{
    return m_order.capacity() * sizeof(std::uint32_t) + m_bucketRowStart.capacity() * sizeof(std::uint64_t)
         + m_runEntryStart.capacity() * sizeof(std::uint64_t) + m_runFirstTime.capacity() * sizeof(std::int64_t)
         + m_runLastTime.capacity() * sizeof(std::int64_t) + m_entryStack.size() * sizeof(std::uint32_t)
         + m_entrySamples.memoryBytes() + m_entryEvents.memoryBytes()
         + (m_stackSamples.capacity() + m_stackEvents.capacity()) * sizeof(std::uint64_t)
         + m_scopeCells.capacity() * sizeof(std::uint32_t) + (m_functionOfFrame.capacity() + m_functionRanks.capacity()) * sizeof(std::uint32_t)
         + m_tasks.capacity() * sizeof(Task) + m_taskBuckets.capacity() * sizeof(TaskBucket)
         + (m_taskRunTask.capacity() + m_taskRunSize.capacity()) * sizeof(std::uint32_t)
         + m_taskStack.size() * sizeof(std::uint32_t) + m_taskSamples.memoryBytes() + m_taskEvents.memoryBytes()
         + (m_taskRunFirstTime.capacity() + m_taskRunLastTime.capacity()) * sizeof(std::int64_t)
         + m_taskRunSlot.capacity() * sizeof(std::uint32_t)
         + m_taskRows.size() * sizeof(std::uint32_t) + m_threads.capacity() * sizeof(Thread)
         + m_functions.capacity() * sizeof(StackTreeFunction);
}

void ProfileIndex::scanRows(std::size_t fromPosition, std::size_t toPosition, const StackTreeFilter& filter,
                            SampleWeight weight, std::vector<std::uint64_t>& perStack, std::int64_t& first,
                            std::int64_t& last) const
{
    const SampleFilter test(filter);
    sumInParts(toPosition - fromPosition, kRowsPerScanThread, perStack, first, last,
               [&](std::size_t from, std::size_t to, std::vector<std::uint64_t>& sums, std::int64_t& low, std::int64_t& high) {
                   scanPart(fromPosition + from, fromPosition + to, test, weight, sums, low, high);
               });
}

void ProfileIndex::scanPart(std::size_t fromPosition, std::size_t toPosition, const SampleFilter& test, SampleWeight weight,
                            std::vector<std::uint64_t>& perStack, std::int64_t& first, std::int64_t& last) const
{
    const auto& samples = m_profile->samples;
    const std::size_t noStack = perStack.size() - 1;
    const bool byPeriod = weight == SampleWeight::EventCount;
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    // Rows in time order (positions are rows), as format 1.3 and later store them: the filter's
    // own loop, where every row is added, with a weight of 0 when it fails. The first and last
    // rows that pass hold the first and last times, so the time column, the widest, is not read
    // for every row that passes.
    const std::uint32_t* const stacks = samples.stack.data();
    const std::vector<std::uint64_t>& weightColumn = byPeriod && !samples.period.empty() ? samples.period : samples.count;
    const std::uint64_t* const weights = weightColumn.empty() ? nullptr : weightColumn.data(); // null: one each
    const auto scanInOrder = [&](std::size_t from, std::size_t to, std::vector<std::uint64_t>& sums, std::int64_t& low,
                                 std::int64_t& high) {
        std::size_t firstRow = kNone;
        std::size_t lastRow = kNone;
        test.withRowTest(samples, [&](const auto& passes) {
            // Local copies: through the captured references, each would be read again after
            // every addition to the sums.
            std::uint64_t* const sum = sums.data();
            const std::uint32_t* const stack = stacks;
            const std::uint64_t* const weight = weights;
            const std::size_t other = noStack;
            // The first and last rows that pass are found in the first and last chunks that have
            // any: tracked row by row, they made GCC branch on each row's test.
            constexpr std::size_t kChunk = 4096;
            std::size_t firstChunk = kNone;
            std::size_t lastChunk = kNone;
            for (std::size_t chunk = from; chunk < to; chunk += kChunk) {
                const std::size_t end = std::min(to, chunk + kChunk);
                std::size_t passed = 0;
                for (std::size_t row = chunk; row < end; ++row) {
                    const bool pass = passes(row);
                    const std::uint32_t s = stack[row];
                    sum[s < other ? s : other] += (weight ? weight[row] : 1) & (std::uint64_t(0) - std::uint64_t(pass));
                    passed += pass;
                }
                if (passed > 0) {
                    firstChunk = std::min(firstChunk, chunk);
                    lastChunk = chunk;
                }
            }
            if (firstChunk == kNone)
                return;
            for (firstRow = firstChunk; !passes(firstRow); ++firstRow) {
            }
            for (lastRow = std::min(to, lastChunk + kChunk) - 1; !passes(lastRow); --lastRow) {
            }
        });
        if (firstRow != kNone) {
            low = std::min(low, samples.timeNs[firstRow]);
            high = std::max(high, samples.timeNs[lastRow]);
        }
    };
    // Rows out of order (format 1.0), reached through the index's order.
    const auto scanByOrder = [&](std::size_t from, std::size_t to, std::vector<std::uint64_t>& sums, std::int64_t& low,
                                 std::int64_t& high) {
        for (std::size_t p = from; p < to; ++p) {
            const std::size_t i = m_order[p];
            if (!test.passes(samples, i))
                continue;
            const std::int64_t t = samples.timeNs[i];
            low = std::min(low, t);
            high = std::max(high, t);
            const std::uint32_t stack = samples.stack[i];
            sums[stack < noStack ? stack : noStack] += byPeriod ? samples.periodAt(i) : samples.countAt(i);
        }
    };
    if (m_order.empty())
        scanInOrder(fromPosition, toPosition, perStack, first, last);
    else
        scanByOrder(fromPosition, toPosition, perStack, first, last);
}

void ProfileIndex::addRuns(std::size_t fromRun, std::size_t toRun, SampleWeight weight, std::vector<std::uint64_t>& perStack,
                           std::int64_t& first, std::int64_t& last) const
{
    const std::size_t noStack = perStack.size() - 1;
    const CompactSums& values = weight == SampleWeight::EventCount && !m_entryEvents.empty() ? m_entryEvents : m_entrySamples;
    const std::size_t fromEntry = m_runEntryStart[fromRun];
    const std::size_t toEntry = m_runEntryStart[toRun];
    if (!values.hasWide()) {
        for (std::size_t e = fromEntry; e < toEntry; ++e) {
            const std::uint32_t stack = m_entryStack[e];
            perStack[stack < noStack ? stack : noStack] += values.narrow(e);
        }
    } else {
        for (std::size_t e = fromEntry; e < toEntry; ++e) {
            const std::uint32_t stack = m_entryStack[e];
            perStack[stack < noStack ? stack : noStack] += values[e];
        }
    }
    for (std::size_t run = fromRun; run < toRun; ++run) {
        if (m_runEntryStart[run] == m_runEntryStart[run + 1])
            continue;
        first = std::min(first, m_runFirstTime[run]);
        last = std::max(last, m_runLastTime[run]);
    }
}

bool ProfileIndex::coversBucket(const StackTreeFilter& filter, std::size_t b) const
{
    if (!filter.timeNs)
        return true;
    const std::int64_t bucketStart = bucketBegin(b);
    // Compared in doubles: a damaged profile's times can sit at the ends of the 64-bit range.
    return filter.timeNs->first <= bucketStart && double(filter.timeNs->second) >= double(bucketStart) + double(m_bucketNs);
}

bool ProfileIndex::addTasks(std::size_t fromBucket, std::size_t toBucket, const StackTreeFilter& filter, SampleWeight weight,
                            std::vector<std::uint64_t>& perStack, std::int64_t& first, std::int64_t& last) const
{
    // The tasks asked for: a process (all its threads) or single threads, either passes.
    std::vector<std::uint32_t> pids = filter.pids;
    std::vector<std::uint32_t> tids = filter.tids;
    std::sort(pids.begin(), pids.end());
    std::sort(tids.begin(), tids.end());
    std::vector<char> chosen(m_tasks.size(), 0);
    for (std::size_t t = 0; t < m_tasks.size(); ++t)
        chosen[t] = std::binary_search(pids.begin(), pids.end(), m_tasks[t].pid) || std::binary_search(tids.begin(), tids.end(), m_tasks[t].tid);
    // The CPUs asked for, by slot: the task stacks of buckets by CPU are chosen by them too.
    const bool byCpu = !filter.cpus.empty();
    std::vector<char> chosenSlot(m_slots > 1 ? m_cpus.size() : 0, 0);
    if (byCpu) {
        std::vector<std::uint32_t> cpus = filter.cpus;
        std::sort(cpus.begin(), cpus.end());
        for (std::size_t slot = 0; slot < chosenSlot.size(); ++slot)
            chosenSlot[slot] = std::binary_search(cpus.begin(), cpus.end(), m_cpus[slot].cpu);
    }
    // A bucket whose rows must be tested (the range cuts it, or a CPU filter applies) is read row
    // by row: through its chosen tasks' rows where it keeps them, else in a scan of all its rows.
    // Its task stacks cannot be split by time, nor by CPU unless they are kept by CPU. A bucket
    // that keeps nothing is scanned.
    const auto testsRows = [&](std::size_t b) { return byCpu || !coversBucket(filter, b); };
    const auto scansBucket = [&](std::size_t b) {
        const TaskBucket& bucket = m_taskBuckets[b];
        return bucket.keeps == TaskKeep::Nothing
            || (bucket.keeps == TaskKeep::Stacks && (!coversBucket(filter, b) || (byCpu && !bucket.byCpu)));
    };
    // Whether the task run r of bucket b is added: its task is chosen, and in a bucket by CPU so
    // is its CPU (a bucket by CPU keeps stacks, whose runs have slots).
    const auto addsRun = [&](std::size_t b, std::size_t r) {
        const TaskBucket& bucket = m_taskBuckets[b];
        return chosen[m_taskRunTask[r]]
            && (!byCpu || !bucket.byCpu || chosenSlot[m_taskRunSlot[bucket.firstTimedRun + (r - bucket.firstRun)]]);
    };
    std::uint64_t work = 0; // stacks and rows to read
    for (std::size_t b = fromBucket; b < toBucket; ++b) {
        if (scansBucket(b)) {
            work += m_bucketRowStart[b + 1] - m_bucketRowStart[b];
            continue;
        }
        for (std::size_t r = m_taskBuckets[b].firstRun; r < m_taskBuckets[b + 1].firstRun; ++r) {
            if (addsRun(b, r))
                work += m_taskRunSize[r];
        }
    }
    // Rows reached through a list cost about what four rows read in order do.
    const std::uint64_t rangeRows = m_bucketRowStart[toBucket] - m_bucketRowStart[fromBucket];
    if (work > rangeRows / 4)
        return false;

    const auto& samples = m_profile->samples;
    const std::size_t noStack = perStack.size() - 1;
    const bool byPeriod = weight == SampleWeight::EventCount;
    // The listed rows are of the chosen tasks already: what is left to test of them is the time at
    // the range's edges and the CPU. A scanned bucket's rows are tested in full.
    StackTreeFilter rest;
    rest.timeNs = filter.timeNs;
    rest.cpus = filter.cpus;
    const SampleFilter restTest(rest);
    const SampleFilter fullTest(filter);
    const CompactSums& stackSums = byPeriod && !m_taskEvents.empty() ? m_taskEvents : m_taskSamples;
    const std::size_t minimumBuckets = std::max<std::size_t>(
        1, (toBucket - fromBucket) * kRowsPerScanThread / std::max<std::uint64_t>(1, work));
    sumInParts(toBucket - fromBucket, minimumBuckets, perStack, first, last,
               [&](std::size_t from, std::size_t to, std::vector<std::uint64_t>& sums, std::int64_t& low, std::int64_t& high) {
                   for (std::size_t b = fromBucket + from; b < fromBucket + to; ++b) {
                       const TaskBucket& bucket = m_taskBuckets[b];
                       if (scansBucket(b)) {
                           scanPart(m_bucketRowStart[b], m_bucketRowStart[b + 1], fullTest, weight, sums, low, high);
                           continue;
                       }
                       const bool testRows = testsRows(b);
                       std::size_t item = bucket.firstItem;
                       for (std::size_t r = bucket.firstRun; r < m_taskBuckets[b + 1].firstRun; item += m_taskRunSize[r], ++r) {
                           if (!addsRun(b, r))
                               continue;
                           const std::size_t end = item + m_taskRunSize[r];
                           if (bucket.keeps == TaskKeep::Stacks) {
                               for (std::size_t e = item; e < end; ++e)
                                   sums[std::min<std::size_t>(m_taskStack[e], noStack)] += stackSums[e];
                               const std::size_t timed = bucket.firstTimedRun + (r - bucket.firstRun);
                               low = std::min(low, m_taskRunFirstTime[timed]);
                               high = std::max(high, m_taskRunLastTime[timed]);
                               continue;
                           }
                           for (std::size_t k = item; k < end; ++k) {
                               const std::size_t row = m_taskRows[k];
                               if (testRows && !restTest.passes(samples, row))
                                   continue;
                               const std::uint32_t stack = samples.stack[row];
                               sums[stack < noStack ? stack : noStack] += byPeriod ? samples.periodAt(row) : samples.countAt(row);
                               const std::int64_t t = samples.timeNs[row];
                               low = std::min(low, t);
                               high = std::max(high, t);
                           }
                       }
                   }
               });
    return true;
}

void ProfileIndex::accumulate(const StackTreeFilter& filter, SampleWeight weight, std::vector<std::uint64_t>& perStack,
                              std::int64_t& first, std::int64_t& last) const
{
    const std::size_t buckets = bucketCount();
    if (buckets == 0)
        return;
    const bool byTask = !filter.pids.empty() || !filter.tids.empty();
    const bool byCpu = !filter.cpus.empty();
    const bool byTime = filter.timeNs.has_value();
    std::size_t fromBucket = 0;
    std::size_t toBucket = buckets; // exclusive
    if (byTime) {
        const auto [begin, end] = *filter.timeNs;
        if (end <= begin || end <= m_origin)
            return;
        if (begin > m_origin) {
            const std::uint64_t b = bucketOf(begin, m_origin, m_bucketNs);
            if (b >= buckets)
                return;
            fromBucket = std::size_t(b);
        }
        toBucket = std::min<std::uint64_t>(buckets, bucketOf(end - 1, m_origin, m_bucketNs) + 1);
    }
    if (byTask && addTasks(fromBucket, toBucket, filter, weight, perStack, first, last))
        return;
    if (byTask || (byCpu && !aggregatesPerCpu())) {
        // Rows of one bucket are consecutive positions: the range's rows are one stretch.
        scanRows(m_bucketRowStart[fromBucket], m_bucketRowStart[toBucket], filter, weight, perStack, first, last);
        return;
    }
    // The slots of the CPUs asked for (ids the profile does not have match nothing).
    std::vector<std::size_t> slots;
    if (byCpu) {
        for (const std::uint32_t cpu : filter.cpus) {
            const auto it = std::lower_bound(m_cpus.begin(), m_cpus.end(), cpu, [](const Cpu& c, std::uint32_t id) { return c.cpu < id; });
            if (it != m_cpus.end() && it->cpu == cpu)
                slots.push_back(std::size_t(it - m_cpus.begin()));
        }
        std::sort(slots.begin(), slots.end());
        slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
        if (slots.empty())
            return;
    }
    // Only the range's first and last buckets can be cut by it: their rows are scanned, the runs of
    // the buckets between are added up.
    std::size_t wholeFrom = fromBucket;
    std::size_t wholeTo = toBucket;
    if (!coversBucket(filter, wholeFrom)) {
        scanRows(m_bucketRowStart[wholeFrom], m_bucketRowStart[wholeFrom + 1], filter, weight, perStack, first, last);
        ++wholeFrom;
    }
    if (wholeTo > wholeFrom && !coversBucket(filter, wholeTo - 1)) {
        scanRows(m_bucketRowStart[wholeTo - 1], m_bucketRowStart[wholeTo], filter, weight, perStack, first, last);
        --wholeTo;
    }
    if (wholeFrom >= wholeTo)
        return;
    if (!byCpu && wholeFrom == 0 && wholeTo == buckets) { // every bucket: the run's own sums
        const auto& sums = weight == SampleWeight::EventCount && !m_stackEvents.empty() ? m_stackEvents : m_stackSamples;
        const std::size_t noStack = perStack.size() - 1;
        for (std::size_t s = 0; s < sums.size(); ++s)
            perStack[std::min(s, noStack)] += sums[s];
        first = std::min(first, m_firstTime);
        last = std::max(last, m_lastTime);
        return;
    }
    const std::size_t bucketsBetween = wholeTo - wholeFrom;
    const std::size_t entries = m_runEntryStart[wholeTo * m_slots] - m_runEntryStart[wholeFrom * m_slots];
    const std::size_t minimumBuckets = std::max<std::size_t>(1, bucketsBetween * kEntriesPerSumThread / std::max<std::size_t>(1, entries));
    sumInParts(bucketsBetween, minimumBuckets, perStack, first, last,
               [&](std::size_t from, std::size_t to, std::vector<std::uint64_t>& sums, std::int64_t& low, std::int64_t& high) {
                   const std::size_t b0 = wholeFrom + from;
                   const std::size_t b1 = wholeFrom + to;
                   if (!byCpu) { // the buckets' runs are one stretch of entries
                       addRuns(b0 * m_slots, b1 * m_slots, weight, sums, low, high);
                       return;
                   }
                   for (std::size_t b = b0; b < b1; ++b) {
                       for (const std::size_t slot : slots)
                           addRuns(b * m_slots + slot, b * m_slots + slot + 1, weight, sums, low, high);
                   }
               });
}
