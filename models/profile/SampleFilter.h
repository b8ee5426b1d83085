// The test a StackTreeFilter makes of one sample row, compiled once per query: the flame graph's
// scan of a range and `runlens convert --to folded` apply the same rules through it.
#pragma once

#include "StackTree.h"

#include <cstdint>
#include <vector>

class SampleFilter
{
public:
    explicit SampleFilter(const StackTreeFilter& filter);

    // Inline, as a scan calls it for each of tens of millions of rows; each test is made in full
    // rather than cut short, as a row's columns are at hand and a mispredicted branch costs more.
    bool passes(const runlens::format::ProfileSamples& samples, std::size_t row) const
    {
        bool pass = true;
        if (m_byTime) {
            const std::int64_t t = samples.timeNs[row];
            pass = (t >= m_begin) & (t < m_end);
        }
        if (m_byCpu)
            pass &= m_cpus.contains(samples.cpu[row]);
        // A process (all its threads) or single threads: either passes. The column of an empty
        // list is not read: over an hour of a large host each is hundreds of megabytes.
        if (m_byPid && m_byTid) {
            const bool inProcesses = m_pids.contains(samples.pid[row]);
            const bool inThreads = m_tids.contains(samples.tid[row]);
            pass &= inProcesses || inThreads;
        } else if (m_byPid) {
            pass &= m_pids.contains(samples.pid[row]);
        } else if (m_byTid) {
            pass &= m_tids.contains(samples.tid[row]);
        }
        return pass;
    }

private:
    // A membership test for ids: a byte per possible id while ids are small, a sorted list beyond
    // (the unknown pid of `perf script` text is 0xffffffff).
    class IdSet
    {
    public:
        explicit IdSet(std::vector<std::uint32_t> ids);
        bool contains(std::uint32_t id) const
        {
            if (!m_sorted.empty())
                return containsLarge(id);
            return id < m_bytes.size() ? bool(m_bytes[id]) : false;
        }

    private:
        bool containsLarge(std::uint32_t id) const;

        std::vector<char> m_bytes;
        std::vector<std::uint32_t> m_sorted;
    };

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
