// What a profile is asked again and again, computed once when the run is loaded: the samples per
// stack of each time bucket, the rows of each bucket in time order, the functions, the threads and
// CPUs with their sample counts, and the FlameScope grid.
//
// A flame graph for a time range then adds up the pre-aggregated buckets the range covers and scans
// only the rows of the one or two buckets it cuts: O(buckets x distinct stacks per bucket) instead
// of O(samples), which is what keeps dragging a selection interactive on an hour of a 192-CPU host
// (34 million samples). A CPU, process or thread filter scans the rows of the range: they are
// reached through the bucket table without touching the rows outside it.
//
// The index refers to the ProfileTables it was built from, which must outlive it and not change
// (a Run owns both). Immutable after build(): safe to share between threads.
#pragma once

#include "ProfileTables.h"
#include "StackTree.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

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
    std::size_t memoryBytes() const;

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
    void scanRows(std::size_t fromPosition, std::size_t toPosition, const StackTreeFilter& filter,
                  runlens::format::SampleWeight weight, std::vector<std::uint64_t>& perStack, std::int64_t& first,
                  std::int64_t& last) const;

    const runlens::format::ProfileTables* m_profile = nullptr;
    std::vector<StackTreeFunction> m_functions;
    std::vector<std::uint32_t> m_functionOfFrame;

    // Rows in time order: positions are indexes into m_order, or rows themselves when the rows
    // already are in time order (every archive of format 1.3 on, so no copy is made for them).
    std::vector<std::uint32_t> m_order;
    std::int64_t m_origin = 0; // the first bucket's start
    std::int64_t m_bucketNs = 1'000'000'000;
    std::int64_t m_firstTime = 0;
    std::int64_t m_lastTime = 0;
    std::vector<std::uint64_t> m_bucketRowStart;   // per bucket, its first position; one more at the end
    std::vector<std::uint64_t> m_bucketEntryStart; // per bucket, its first aggregated entry; one more
    std::vector<std::uint32_t> m_entryStack;       // the stack (stacks.size() for "no frames")
    std::vector<std::uint64_t> m_entrySamples;
    std::vector<std::uint64_t> m_entryEvents; // summed periods; empty when the profile has none

    std::vector<Thread> m_threads;
    std::vector<Process> m_processes;
    std::vector<Cpu> m_cpus;
    std::uint64_t m_totalSamples = 0;

    std::vector<std::uint32_t> m_scopeCells;
    int m_scopeColumns = 0;
    std::uint32_t m_scopeMaximum = 0;
};

using ProfileIndexPtr = std::shared_ptr<const ProfileIndex>;
