// What a profile is asked again and again, computed once when the run is loaded: the samples per
// stack of each CPU in each time bucket, the rows of each bucket in time order, the functions, the
// threads and CPUs with their sample counts, and the FlameScope grid.
//
// A flame graph for a time range, of all CPUs or of some, then adds up the pre-aggregated runs of
// the buckets the range covers and scans only the rows of the one or two buckets it cuts:
// O(buckets x CPUs x distinct stacks) instead of O(samples), which is what keeps dragging a
// selection or picking CPUs interactive on an hour of a 192-CPU host (34 million samples). A
// process or thread filter reads only what the index keeps of its tasks in each bucket: their
// stacks with their sums where those merge, else their rows, which are then at most twice as
// many: O(buckets x tasks + the tasks' distinct stacks per bucket). A bucket whose rows carry
// periods and do not merge keeps nothing by task (for memory): it is scanned, O(its rows), which
// are at most three times the distinct stacks of all its tasks. When what the chosen tasks have in
// the range is a large part of its rows, the range is scanned too.
//
// The index refers to the ProfileTables it was built from, which must outlive it and not change
// (a Run owns both). Immutable after build(): safe to share between threads.
#pragma once

#include "CompactSums.h"
#include "ProfileTables.h"
#include "StackTree.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

class SampleFilter;

class ProfileIndex
{
public:
    // Called now and then with the fraction done; returning false cancels (build returns null).
    using Progress = std::function<bool(double fraction)>;

    static std::shared_ptr<const ProfileIndex> build(const runlens::format::ProfileTables& profile,
                                                     const Progress& progress = {});

    // FlameScope's grid: one column per second from the run's start, rows of 20 ms.
    static constexpr int kScopeRows = 50;
    // Beyond this many seconds (a day), no grid: a damaged time must not allocate gigabytes.
    static constexpr std::int64_t kMaxScopeColumns = 86'400;

    struct Thread {
        std::uint32_t tid = 0;
        std::uint32_t pid = 0;
        std::string command; // the thread's own name (comm)
        std::uint64_t samples = 0;
    };
    struct Process {
        std::uint32_t pid = 0;
        std::string command; // its main thread's name, else its busiest thread's
        std::uint64_t samples = 0;
        std::vector<std::uint32_t> threads; // indexes into threads(), busiest first
    };
    struct Cpu {
        std::uint32_t cpu = 0;
        std::uint64_t samples = 0;
    };

    const runlens::format::ProfileTables& profile() const { return *m_profile; }
    // The merged functions (symbol + module) and each frame's function; [0] is the root "all".
    const std::vector<StackTreeFunction>& functions() const { return m_functions; }
    const std::vector<std::uint32_t>& functionOfFrame() const { return m_functionOfFrame; }
    // Each function's place in name order (StackTreeBuilder::functionRanks), for every tree built.
    const std::vector<std::uint32_t>& functionRanks() const { return m_functionRanks; }

    // Threads and processes busiest first; CPUs by number. Counts are samples, not periods.
    const std::vector<Thread>& threads() const { return m_threads; }
    const std::vector<Process>& processes() const { return m_processes; }
    const std::vector<Cpu>& cpus() const { return m_cpus; }
    std::uint64_t totalSamples() const { return m_totalSamples; }

    // Samples per 20 ms cell, column-major (column * kScopeRows + row); empty without a grid.
    const std::vector<std::uint32_t>& scopeCells() const { return m_scopeCells; }
    int scopeColumns() const { return m_scopeColumns; }
    std::uint32_t scopeMaximum() const { return m_scopeMaximum; }

    std::int64_t bucketNs() const { return m_bucketNs; }
    std::size_t bucketCount() const { return m_bucketRowStart.empty() ? 0 : m_bucketRowStart.size() - 1; }
    // Pre-aggregated entries over every bucket (what the memory of the index is).
    std::size_t aggregatedEntries() const { return m_entryStack.size(); }
    // Whether the runs are per CPU (false when the CPUs are too many for that, then a CPU filter
    // scans rows).
    bool aggregatesPerCpu() const { return m_slots > 1 || m_cpus.size() <= 1; }
    std::size_t memoryBytes() const;
    // How many buckets keep their tasks' stacks with sums rather than their rows (see below), and
    // of those how many keep them by task and CPU.
    std::size_t bucketsWithTaskStacks() const;
    std::size_t bucketsWithTaskStacksByCpu() const;

    // Adds the weights of the samples that pass `filter` to perStack (one slot per stack, plus
    // one at the end for samples without frames). first/last: the times of the first and last
    // sample added (left as they are when none is).
    void accumulate(const StackTreeFilter& filter, runlens::format::SampleWeight weight,
                    std::vector<std::uint64_t>& perStack, std::int64_t& first, std::int64_t& last) const;

private:
    ProfileIndex() = default;
    std::size_t rowAt(std::size_t position) const { return m_order.empty() ? position : m_order[position]; }
    // In unsigned arithmetic: bucket * width alone may exceed the 64-bit range when the origin is
    // far below zero, though the sum never does.
    std::int64_t bucketBegin(std::size_t bucket) const
    {
        return std::int64_t(std::uint64_t(m_origin) + std::uint64_t(bucket) * std::uint64_t(m_bucketNs));
    }
    // Adds the entries of runs [fromRun, toRun) and takes their first and last times.
    void addRuns(std::size_t fromRun, std::size_t toRun, runlens::format::SampleWeight weight,
                 std::vector<std::uint64_t>& perStack, std::int64_t& first, std::int64_t& last) const;
    // The build's two passes over the buckets' rows, which run side by side: the aggregates
    // (false when progress() cancels them) and the samples by task (left short when cancelled).
    bool aggregateByCpu(const std::function<bool(std::size_t rowsDone)>& progress);
    void groupByTask(const std::atomic<bool>& cancelled);
    // Whether bucket b lies wholly within the filter's time range (or there is none).
    bool coversBucket(const StackTreeFilter& filter, std::size_t b) const;
    // Adds the samples of the tasks the filter names in buckets [fromBucket, toBucket); false (and
    // nothing added) when they are too large a part of those buckets' rows to be worth it.
    bool addTasks(std::size_t fromBucket, std::size_t toBucket, const StackTreeFilter& filter,
                  runlens::format::SampleWeight weight, std::vector<std::uint64_t>& perStack, std::int64_t& first,
                  std::int64_t& last) const;
    // Adds the rows at positions [fromPosition, toPosition) that pass: scanRows shares a long
    // stretch among the cores, scanPart does it on this thread.
    void scanRows(std::size_t fromPosition, std::size_t toPosition, const StackTreeFilter& filter,
                  runlens::format::SampleWeight weight, std::vector<std::uint64_t>& perStack, std::int64_t& first,
                  std::int64_t& last) const;
    void scanPart(std::size_t fromPosition, std::size_t toPosition, const SampleFilter& test,
                  runlens::format::SampleWeight weight, std::vector<std::uint64_t>& perStack, std::int64_t& first,
                  std::int64_t& last) const;

    const runlens::format::ProfileTables* m_profile = nullptr;
    std::vector<StackTreeFunction> m_functions;
    std::vector<std::uint32_t> m_functionOfFrame;
    std::vector<std::uint32_t> m_functionRanks;

    // Rows in time order: positions are indexes into m_order, or rows themselves when the rows
    // already are in time order (every archive of format 1.3 on, so no copy is made for them).
    std::vector<std::uint32_t> m_order;
    std::int64_t m_origin = 0; // the first bucket's start
    std::int64_t m_bucketNs = 1'000'000'000;
    std::int64_t m_firstTime = 0;
    std::int64_t m_lastTime = 0;
    std::vector<std::uint64_t> m_bucketRowStart; // per bucket, its first position; one more at the end
    // The aggregates come in runs, one per bucket and CPU slot (run = bucket * m_slots + slot, the
    // slot being the CPU's index in m_cpus), so that a bucket's runs are consecutive entries. One
    // slot for all CPUs when buckets x CPUs would exceed kMaxRuns (ids of a damaged import).
    std::size_t m_slots = 1;
    std::vector<std::uint64_t> m_runEntryStart; // per run, its first entry; one more at the end
    std::vector<std::int64_t> m_runFirstTime;   // per run, its first and last samples' times
    std::vector<std::int64_t> m_runLastTime;
    std::vector<std::uint32_t> m_entryStack;    // the stack (stacks.size() for "no frames")
    CompactSums m_entrySamples;
    CompactSums m_entryEvents; // summed periods; empty when the profile has none
    // The whole run's samples and events per stack (the last slot: no frames), for the graph a run
    // opens with and the one a differential compares.
    std::vector<std::uint64_t> m_stackSamples;
    std::vector<std::uint64_t> m_stackEvents;

    // The samples by task, a task being a (pid, tid) pair of the rows: each bucket has a task run
    // per task it holds, in task order, and keeps for each run either its stacks with their
    // sums and its first and last times (the bucket's "task stacks"), or its rows in position
    // order, or nothing (its rows are scanned). Stacks when they merge the rows at least two to
    // one (three to one with periods, whose sums take 4 bytes more): 8 or 12 bytes a stack then
    // take no more memory than a row's 4 in a list. Otherwise rows, which are then at most twice
    // the stacks they would have made; but not for rows with periods, which are a third larger:
    // their lists would take an hour of a 192-CPU host past the app's 1.5 GB.
    // Stacks are first tried with a run per task and CPU, each run counted as three stacks: they
    // merge where tasks keep to their CPUs (a benchmark's workers). Where threads move among CPUs
    // (a service's), only the runs per task merge.
    struct Task {
        std::uint32_t pid = 0;
        std::uint32_t tid = 0;
    };
    std::vector<Task> m_tasks;
    enum class TaskKeep : std::uint8_t { Stacks, Rows, Nothing };
    struct TaskBucket {
        std::uint64_t firstRun = 0;      // into m_taskRunTask and m_taskRunSize
        std::uint64_t firstItem = 0;     // into m_taskStack and its sums, or into m_taskRows
        std::uint64_t firstTimedRun = 0; // into m_taskRunFirstTime and m_taskRunLastTime
        TaskKeep keeps = TaskKeep::Nothing;
        // Stacks kept per task and CPU (a run per task and CPU it ran on), which a CPU filter
        // with a process or thread filter can add up; otherwise per task, and such a filter
        // scans the bucket.
        bool byCpu = false;
    };
    std::vector<TaskBucket> m_taskBuckets;    // per bucket, and one at the end (its firstRun: all)
    std::vector<std::uint32_t> m_taskRunTask; // per task run, its task (index into m_tasks)
    std::vector<std::uint32_t> m_taskRunSize; // per task run, how many stacks or rows it has
    std::vector<std::uint32_t> m_taskStack;   // the stack (stacks.size() for "no frames")
    CompactSums m_taskSamples;
    CompactSums m_taskEvents; // summed periods; empty when the profile has none
    std::vector<std::int64_t> m_taskRunFirstTime; // per task run of the buckets with stacks
    std::vector<std::uint32_t> m_taskRunSlot;     // and its CPU's slot in buckets by CPU (else unused)
    std::vector<std::int64_t> m_taskRunLastTime;
    std::vector<std::uint32_t> m_taskRows;

    std::vector<Thread> m_threads;
    std::vector<Process> m_processes;
    std::vector<Cpu> m_cpus;
    std::uint64_t m_totalSamples = 0;

    std::vector<std::uint32_t> m_scopeCells;
    int m_scopeColumns = 0;
    std::uint32_t m_scopeMaximum = 0;
};

using ProfileIndexPtr = std::shared_ptr<const ProfileIndex>;
