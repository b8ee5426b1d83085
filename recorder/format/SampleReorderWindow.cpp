#include "SampleReorderWindow.h"

#include <algorithm>
#include <tuple>

namespace runlens::format {

namespace {

constexpr std::int64_t kMinimumWindowNs = 2'000'000'000;

// Time first (the format's order), then CPU (small CPU deltas in a chunk), then the merge key.
auto key(const SampleRow& row)
{
    return std::tie(row.quantum, row.cpu, row.pid, row.tid, row.task, row.stack);
}

std::int64_t quantumOf(std::int64_t timeNs, std::int64_t quantumNs)
{
    // Rounded down, also for samples just before the run's start (negative times).
    std::int64_t q = timeNs / quantumNs;
    if (timeNs % quantumNs < 0)
        --q;
    return q;
}

} // namespace

SampleReorderWindow::SampleReorderWindow(std::int64_t quantumNs, std::size_t maxPendingRows, Emit emit)
    : m_quantumNs(quantumNs)
    , m_maxPendingRows(maxPendingRows)
    , m_emit(std::move(emit))
    , m_windowQuanta(std::max<std::int64_t>(1, kMinimumWindowNs / quantumNs))
{
    if (m_maxPendingRows > 0)
        m_pending.reserve(std::min<std::size_t>(m_maxPendingRows, 1u << 14));
}

void SampleReorderWindow::add(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid,
                              std::uint32_t stack, std::uint32_t task, std::uint64_t count, std::uint64_t period)
{
    SampleRow row{quantumOf(timeNs, m_quantumNs), cpu, pid, tid, stack, task, count, period};
    m_batchOldest = std::min(m_batchOldest, row.quantum);
    m_batchNewest = std::max(m_batchNewest, row.quantum);
    if (m_emitted && row.quantum < m_lastEmittedQuantum) {
        row.quantum = m_lastEmittedQuantum;
        m_lateSamples += count;
    }
    m_newestQuantum = std::max(m_newestQuantum, row.quantum);
    m_pending.push_back(row);
    if (m_maxPendingRows > 0 && m_pending.size() >= m_maxPendingRows) {
        // The window is full: the older half moves on, whatever its age.
        std::nth_element(m_pending.begin(), m_pending.begin() + std::ptrdiff_t(m_pending.size() / 2), m_pending.end(),
                         [](const SampleRow& a, const SampleRow& b) { return a.quantum < b.quantum; });
        emitBefore(m_pending[m_pending.size() / 2].quantum + 1);
    }
}

void SampleReorderWindow::endBatch()
{
    if (m_batchNewest >= m_batchOldest) {
        // Twice the widest drain: the next drain reaches back at most about one drain's span.
        const std::int64_t span = m_batchNewest - m_batchOldest;
        if (span < std::numeric_limits<std::int64_t>::max() / 2)
            m_windowQuanta = std::max(m_windowQuanta, 2 * span);
    }
    m_batchOldest = std::numeric_limits<std::int64_t>::max();
    m_batchNewest = std::numeric_limits<std::int64_t>::min();
    if (m_maxPendingRows == 0 || m_pending.empty())
        return;
    if (m_newestQuantum > std::numeric_limits<std::int64_t>::min() + m_windowQuanta)
        emitBefore(m_newestQuantum - m_windowQuanta);
}

void SampleReorderWindow::finish()
{
    emitBefore(std::numeric_limits<std::int64_t>::max(), true);
    if (m_holding) {
        m_emit(m_held);
        m_holding = false;
    }
}

void SampleReorderWindow::emitBefore(std::int64_t quantum, bool all)
{
    const auto end = all ? m_pending.end()
                         : std::partition(m_pending.begin(), m_pending.end(), [quantum](const SampleRow& row) { return row.quantum < quantum; });
    if (end == m_pending.begin())
        return;
    std::sort(m_pending.begin(), end, [](const SampleRow& a, const SampleRow& b) { return key(a) < key(b); });
    for (auto it = m_pending.begin(); it != end; ++it)
        pass(*it);
    // The rows kept are all newer than the ones passed on; their order does not matter yet.
    m_pending.erase(m_pending.begin(), end);
}

void SampleReorderWindow::pass(const SampleRow& row)
{
    m_emitted = true;
    m_lastEmittedQuantum = row.quantum;
    if (m_holding && key(m_held) == key(row) && m_held.count <= ~std::uint64_t(0) - row.count
        && m_held.period <= ~std::uint64_t(0) - row.period) {
        m_held.count += row.count;
        m_held.period += row.period;
        return;
    }
    if (m_holding)
        m_emit(m_held);
    m_held = row;
    m_holding = true;
}

} // namespace runlens::format
