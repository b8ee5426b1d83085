// The test a StackTreeFilter makes of one sample row, compiled once per query: the flame graph's
// scan of a range and `runlens convert --to folded` apply the same rules through it.
#pragma once

#include "StackTree.h"

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

class SampleFilter
{
public:
    explicit SampleFilter(const StackTreeFilter& filter);

    // One row (FoldedWriter, rows out of time order, the tasks' own rows): the test below, its
    // shape chosen for this one row.
    bool passes(const runlens::format::ProfileSamples& samples, std::size_t row) const
    {
        bool pass = false;
        withRowTest(samples, [&](const auto& rowPasses) { pass = rowPasses(row); });
        return pass;
    }

    // Calls scan(passes) once, with passes(row) the same test as passes(samples, row) compiled
    // for the filter's shape (which of time, CPU, process and thread it tests) over the columns'
    // own arrays: for the scan of tens of millions of rows, whose loop is then the caller's own,
    // compiled once per shape. A row costs a few cycles there, where the general test with its
    // branches on what to test costs three times that; and as passes(row) is a value, a caller
    // that adds every row (with a weight of 0 when it fails) mispredicts nothing when a filter
    // keeps rows at random (half the processes).
    template <typename Scan>
    void withRowTest(const runlens::format::ProfileSamples& samples, const Scan& scan) const
    {
        const Columns columns{samples.timeNs.data(), samples.cpu.data(), samples.pid.data(), samples.tid.data(),
                              m_begin, m_end, m_cpus.view(), m_pids.view(), m_tids.view()};
        withShape([&](auto byTime, auto byCpu, auto byPid, auto byTid) {
            scan([columns](std::size_t row) {
                return columns.passes<decltype(byTime)::value, decltype(byCpu)::value, decltype(byPid)::value,
                                      decltype(byTid)::value>(row);
            });
        });
    }

private:
    // Ids below this (pid_max is at most 2^22, and so are CPU numbers) are tested in a table of
    // one bit each, 512 KB: every id a host gives is inside it, so no row takes the branch for
    // ids beyond, a branch that a smaller table (up to the largest id asked for) sends half the
    // rows down at random.
    static constexpr std::uint32_t kDenseIds = 1u << 22;

    // The set as the loop reads it: plain pointers, copied next to the loop. Its test and the
    // row's are always inlined: GCC left them calls in the loop, most of its time.
    struct IdSetView {
        const std::uint64_t* bits = nullptr; // null: the sorted list
        const std::uint32_t* sortedBegin = nullptr;
        const std::uint32_t* sortedEnd = nullptr;
        [[gnu::always_inline]] bool contains(std::uint32_t id) const
        {
            if (bits)
                return id < kDenseIds && ((bits[id >> 6] >> (id & 63)) & 1) != 0;
            return std::binary_search(sortedBegin, sortedEnd, id);
        }
    };

    // A membership test for ids: a bit per possible id while ids are small, a sorted list beyond
    // (the unknown pid of `perf script` text is 0xffffffff).
    class IdSet
    {
    public:
        explicit IdSet(std::vector<std::uint32_t> ids);
        IdSetView view() const { return {m_bits.empty() ? nullptr : m_bits.data(), m_sorted.data(), m_sorted.data() + m_sorted.size()}; }
        bool contains(std::uint32_t id) const { return view().contains(id); }

    private:
        std::vector<std::uint64_t> m_bits;
        std::vector<std::uint32_t> m_sorted;
    };

    struct Columns {
        const std::int64_t* time;
        const std::uint32_t* cpu;
        const std::uint32_t* pid;
        const std::uint32_t* tid;
        std::int64_t begin;
        std::int64_t end;
        IdSetView cpus;
        IdSetView pids;
        IdSetView tids;

        // Each test is made in full rather than cut short, as a row's columns are at hand and a
        // mispredicted branch costs more. A process (all its threads) or single threads: either
        // passes. The column of an empty list is not read: over an hour of a large host each is
        // hundreds of megabytes.
        template <bool kByTime, bool kByCpu, bool kByPid, bool kByTid>
        [[gnu::always_inline]] bool passes(std::size_t row) const
        {
            bool pass = true;
            if constexpr (kByTime) {
                const std::int64_t t = time[row];
                pass = (t >= begin) & (t < end);
            }
            if constexpr (kByCpu)
                pass &= cpus.contains(cpu[row]);
            if constexpr (kByPid && kByTid) {
                const bool inProcesses = pids.contains(pid[row]);
                const bool inThreads = tids.contains(tid[row]);
                pass &= inProcesses || inThreads;
            } else if constexpr (kByPid) {
                pass &= pids.contains(pid[row]);
            } else if constexpr (kByTid) {
                pass &= tids.contains(tid[row]);
            }
            return pass;
        }
    };

    // run(byTime, byCpu, byPid, byTid), each a std::bool_constant: one instance per shape.
    template <typename Run>
    void withShape(const Run& run) const
    {
        withFlag(m_byTime, [&](auto byTime) {
            withFlag(m_byCpu, [&](auto byCpu) {
                withFlag(m_byPid, [&](auto byPid) { withFlag(m_byTid, [&](auto byTid) { run(byTime, byCpu, byPid, byTid); }); });
            });
        });
    }
    template <typename Next>
    static void withFlag(bool flag, const Next& next)
    {
        if (flag)
            next(std::true_type{});
        else
            next(std::false_type{});
    }

    bool m_byTime = false;
    std::int64_t m_begin = 0;
    std::int64_t m_end = 0;
    bool m_byCpu = false;
    bool m_byPid = false;
    bool m_byTid = false;
    IdSet m_cpus;
    IdSet m_pids;
    IdSet m_tids;
};
