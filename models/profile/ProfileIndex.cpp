#include "ProfileIndex.h"

#include "SampleFilter.h"

#include <algorithm>
#include <limits>
#include <string>
#include <thread>
#include <unordered_map>

using runlens::format::kNoStack;
using runlens::format::ProfileTables;
using runlens::format::SampleWeight;

namespace {

// About this many buckets at most: 1 s each up to six minutes, 10 s for an hour. Wider buckets
// merge more samples of a stack into one entry (less memory, fewer additions for a whole-run
// graph); narrower ones leave fewer rows to scan at a range's two edges. At 10 s on 192 CPUs an
// edge holds at most 94,000 rows: a few milliseconds.
constexpr std::int64_t kMaxBuckets = 360;
constexpr std::int64_t kSecondNs = 1'000'000'000;
// Progress is reported (and cancel polled) every this many rows.
constexpr std::size_t kProgressRows = 1 << 20;
// A row scan is shared among threads only from this many rows a thread.
constexpr std::size_t kRowsPerScanThread = 2'000'000;

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
    const std::size_t stackCount = profile.stacks.size();
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

    // The aggregates: per bucket, the samples (and event counts) of each stack seen in it.
    const bool periods = profile.hasPeriods();
    std::vector<std::uint64_t> scratchSamples(stackCount + 1, 0);
    std::vector<std::uint64_t> scratchEvents(periods ? stackCount + 1 : 0, 0);
    std::vector<std::uint32_t> touched;
    index->m_bucketEntryStart.reserve(bucketCount + 1);
    index->m_bucketEntryStart.push_back(0);
    std::size_t done = 0;
    for (std::size_t b = 0; b < bucketCount; ++b) {
        for (std::size_t p = index->m_bucketRowStart[b]; p < index->m_bucketRowStart[b + 1]; ++p) {
            const std::size_t row = index->rowAt(p);
            const std::uint32_t stack = samples.stack[row] < stackCount ? samples.stack[row] : std::uint32_t(stackCount);
            const std::uint64_t count = samples.countAt(row);
            if (scratchSamples[stack] == 0 && (!periods || scratchEvents[stack] == 0))
                touched.push_back(stack);
            scratchSamples[stack] += count;
            if (periods)
                scratchEvents[stack] += samples.periodAt(row);
            if (++done % kProgressRows == 0 && !report(0.5 + 0.45 * double(done) / double(rows)))
                return nullptr;
        }
        // Stack order makes the later additions walk memory forward.
        std::sort(touched.begin(), touched.end());
        for (const std::uint32_t stack : touched) {
            index->m_entryStack.push_back(stack);
            index->m_entrySamples.push_back(scratchSamples[stack]);
            scratchSamples[stack] = 0;
            if (periods) {
                index->m_entryEvents.push_back(scratchEvents[stack]);
                scratchEvents[stack] = 0;
            }
        }
        touched.clear();
        index->m_bucketEntryStart.push_back(index->m_entryStack.size());
    }
    index->m_entryStack.shrink_to_fit();
    index->m_entrySamples.shrink_to_fit();
    index->m_entryEvents.shrink_to_fit();

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
    perCpu.forEach([&](std::uint32_t cpu, std::uint64_t count) { index->m_cpus.push_back({cpu, count}); });
    if (!report(1.0))
        return nullptr;
    return index;
}

std::size_t ProfileIndex::memoryBytes() const
{
    return m_order.capacity() * sizeof(std::uint32_t) + m_bucketRowStart.capacity() * sizeof(std::uint64_t)
         + m_bucketEntryStart.capacity() * sizeof(std::uint64_t) + m_entryStack.capacity() * sizeof(std::uint32_t)
         + m_entrySamples.capacity() * sizeof(std::uint64_t) + m_entryEvents.capacity() * sizeof(std::uint64_t)
         + m_scopeCells.capacity() * sizeof(std::uint32_t) + m_functionOfFrame.capacity() * sizeof(std::uint32_t)
         + m_threads.capacity() * sizeof(Thread) + m_functions.capacity() * sizeof(StackTreeFunction);
}

void ProfileIndex::scanRows(std::size_t fromPosition, std::size_t toPosition, const StackTreeFilter& filter,
                            SampleWeight weight, std::vector<std::uint64_t>& perStack, std::int64_t& first,
                            std::int64_t& last) const
{
    const auto& samples = m_profile->samples;
    const std::size_t noStack = perStack.size() - 1;
    const SampleFilter test(filter);
    const bool byPeriod = weight == SampleWeight::EventCount;
    // Rows in time order (positions are rows): the first and last rows that pass hold the first
    // and last times, so the time column, the widest, is not read for every row that passes.
    const bool ordered = m_order.empty();
    const auto scan = [&](std::size_t from, std::size_t to, std::vector<std::uint64_t>& sums, std::int64_t& low,
                          std::int64_t& high) {
        constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
        std::size_t firstRow = kNone;
        std::size_t lastRow = kNone;
        for (std::size_t p = from; p < to; ++p) {
            const std::size_t i = rowAt(p);
            if (!test.passes(samples, i))
                continue;
            if (ordered) {
                firstRow = std::min(firstRow, i);
                lastRow = i;
            } else {
                const std::int64_t t = samples.timeNs[i];
                low = std::min(low, t);
                high = std::max(high, t);
            }
            const std::uint32_t stack = samples.stack[i];
            sums[stack < noStack ? stack : noStack] += byPeriod ? samples.periodAt(i) : samples.countAt(i);
        }
        if (firstRow != kNone) {
            low = std::min(low, samples.timeNs[firstRow]);
            high = std::max(high, samples.timeNs[lastRow]);
        }
    };
    // A filter over an hour of a large host tests tens of millions of rows: split among the cores
    // (each with its own sums, added up after), which a small range is not worth.
    const std::size_t rows = toPosition - fromPosition;
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t parts = std::min<std::size_t>(cores, rows / kRowsPerScanThread);
    if (parts < 2) {
        scan(fromPosition, toPosition, perStack, first, last);
        return;
    }
    struct Part {
        std::vector<std::uint64_t> sums;
        std::int64_t first = std::numeric_limits<std::int64_t>::max();
        std::int64_t last = std::numeric_limits<std::int64_t>::min();
    };
    std::vector<Part> results(parts - 1);
    std::vector<std::thread> workers;
    const std::size_t step = rows / parts;
    for (std::size_t k = 1; k < parts; ++k) {
        const std::size_t from = fromPosition + k * step;
        const std::size_t to = k + 1 == parts ? toPosition : from + step;
        Part& part = results[k - 1];
        part.sums.assign(perStack.size(), 0);
        workers.emplace_back([&scan, &part, from, to] { scan(from, to, part.sums, part.first, part.last); });
    }
    scan(fromPosition, fromPosition + step, perStack, first, last);
    for (std::thread& worker : workers)
        worker.join();
    for (const Part& part : results) {
        for (std::size_t s = 0; s < perStack.size(); ++s)
            perStack[s] += part.sums[s];
        first = std::min(first, part.first);
        last = std::max(last, part.last);
    }
}

void ProfileIndex::accumulate(const StackTreeFilter& filter, SampleWeight weight, std::vector<std::uint64_t>& perStack,
                              std::int64_t& first, std::int64_t& last) const
{
    const std::size_t buckets = bucketCount();
    if (buckets == 0)
        return;
    const bool byRow = !filter.cpus.empty() || !filter.pids.empty() || !filter.tids.empty();
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
    if (byRow) {
        // Rows of one bucket are consecutive positions: the range's rows are one stretch.
        scanRows(m_bucketRowStart[fromBucket], m_bucketRowStart[toBucket], filter, weight, perStack, first, last);
        return;
    }
    const bool byPeriod = weight == SampleWeight::EventCount;
    const std::size_t noStack = perStack.size() - 1;
    const auto& values = byPeriod && !m_entryEvents.empty() ? m_entryEvents : m_entrySamples;
    for (std::size_t b = fromBucket; b < toBucket; ++b) {
        const std::int64_t bucketStart = bucketBegin(b);
        // Compared in doubles: a damaged profile's times can sit at the ends of the 64-bit range.
        const bool whole = !byTime
                        || (filter.timeNs->first <= bucketStart
                            && double(filter.timeNs->second) >= double(bucketStart) + double(m_bucketNs));
        if (!whole) {
            scanRows(m_bucketRowStart[b], m_bucketRowStart[b + 1], filter, weight, perStack, first, last);
            continue;
        }
        if (m_bucketEntryStart[b] == m_bucketEntryStart[b + 1])
            continue;
        for (std::size_t e = m_bucketEntryStart[b]; e < m_bucketEntryStart[b + 1]; ++e) {
            const std::uint32_t stack = m_entryStack[e];
            perStack[stack < noStack ? stack : noStack] += values[e];
        }
        first = std::min(first, std::max(bucketStart, m_firstTime));
        // Unsigned: the bucket's end may lie beyond the 64-bit range when the last time is near it.
        const bool lastBucket = std::uint64_t(m_lastTime) - std::uint64_t(bucketStart) < std::uint64_t(m_bucketNs);
        last = std::max(last, lastBucket ? m_lastTime : bucketStart + (m_bucketNs - 1));
    }
    if (!byTime) {
        first = m_firstTime;
        last = m_lastTime;
    }
}
