// Turns stack samples that arrive roughly in time order into rows in strict time order, with the
// samples of one time quantum, CPU, process, thread, task and stack merged into one row.
//
// Why a window: the sampler drains each CPU's buffer in turn, once per interval, so the rows of
// one drain go CPU by CPU and the last CPUs of a drain reach past the first CPUs of the next one.
// The overlap is about one drain's span. Samples are held until they are older than the window
// (twice the widest drain seen, at least 2 s of sample time) or until the window holds
// maxPendingRows; then they are sorted, merged and passed on. A sample that still arrives after its
// quantum was passed on (a stalled drain) is counted in lateSamples() and moved to the last quantum
// passed on: the time order is a guarantee of the format, not a hope, and no sample is lost.
//
// With maxPendingRows 0 every row waits until finish() (tables already in memory: importers).
#pragma once

#include "SampleChunkCodec.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace runlens::format {

class SampleReorderWindow
{
public:
    using Emit = std::function<void(const SampleRow&)>;

    SampleReorderWindow(std::int64_t quantumNs, std::size_t maxPendingRows, Emit emit);

    void add(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack,
             std::uint32_t task, std::uint64_t count, std::uint64_t period);
    // One drain (a journal record) is complete: rows older than the window move on.
    void endBatch();
    // Everything moves on.
    void finish();

    std::uint64_t lateSamples() const { return m_lateSamples; }

private:
    void emitBefore(std::int64_t quantum, bool all = false);
    void pass(const SampleRow& row);

    std::int64_t m_quantumNs;
    std::size_t m_maxPendingRows;
    Emit m_emit;
    std::vector<SampleRow> m_pending;
    SampleRow m_held;                 // the last row, kept until a row with another key shows up
    bool m_holding = false;
    bool m_emitted = false;           // some quantum has moved on: later rows may not go before it
    std::int64_t m_lastEmittedQuantum = 0;
    std::int64_t m_newestQuantum = std::numeric_limits<std::int64_t>::min();
    std::int64_t m_batchOldest = std::numeric_limits<std::int64_t>::max();
    std::int64_t m_batchNewest = std::numeric_limits<std::int64_t>::min();
    std::int64_t m_windowQuanta;
    std::uint64_t m_lateSamples = 0;
};

} // namespace runlens::format
