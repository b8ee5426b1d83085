// How large each perf sample ring is. The sampler maps one ring per CPU, and a drain thread reads
// them all whenever one of them is half full (DrainThread.h), so a ring only has to hold samples for
// the moments between that wake-up and the drain, not for a whole recording interval. On a big host
// the rings together must fit the recorder's memory budget: counted in pages of the host's size, and
// on a 192-CPU Graviton host with 64 KiB pages, the old fixed 128 pages per CPU mapped 1.5 GiB.
#pragma once

#include <chrono>
#include <cstddef>

namespace runlens::profile {

// A sample with a deep stack: the header, ip, pid/tid, time, cpu, period and 127 frames.
inline constexpr std::size_t kDeepSampleBytes = 1024;
// How long a ring holds deep samples at the sampling frequency: half of it fills before the drain
// thread is woken, the other half covers the wake-up and a drain of every ring (milliseconds; longer
// when the journal's write stalls, and then the kernel counts what it could not store as lost).
inline constexpr std::chrono::milliseconds kRingHolds {500};
// Every ring together (the data pages; each ring also maps one page of metadata).
inline constexpr std::size_t kRingBudgetBytes = 4u << 20;
// One ring at most: high frequencies on a few CPUs do not buy more than this.
inline constexpr std::size_t kRingMaxBytes = 512u << 10;

// Data pages of each of ringCount rings: a power of two (the kernel requires it), room for
// kRingHolds of deep samples at frequencyHz, within kRingMaxBytes and a share of kRingBudgetBytes,
// at least 1.
std::size_t ringDataPages(std::size_t ringCount, std::size_t pageBytes, int frequencyHz);

// Bytes of samples after which a ring wakes the drain thread: half the ring.
constexpr std::size_t ringWakeupBytes(std::size_t dataBytes)
{
    return dataBytes / 2 > 0 ? dataBytes / 2 : 1;
}

} // namespace runlens::profile
