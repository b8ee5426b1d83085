// How large each CPU's perf sample buffer is. The sampler maps one ring per CPU and reads them
// once per interval, so a ring must hold an interval of samples; on a big host the rings together
// must still fit the recorder's memory budget. Counted in pages of the host's size: on a 192-CPU
// Graviton host with 64 KiB pages, the old fixed 128 pages per CPU mapped 1.5 GiB.
#pragma once

#include <chrono>
#include <cstddef>

namespace runlens::profile {

// A sample with a deep stack: the header, ip, pid/tid, time, cpu, period and 127 frames.
inline constexpr std::size_t kDeepSampleBytes = 1024;
// Every CPU's ring together (the data pages; each ring also maps one page of metadata).
inline constexpr std::size_t kRingBudgetBytes = 16u << 20;
// One CPU's ring at most: long intervals (--interval 10s) do not buy more than this.
inline constexpr std::size_t kRingMaxBytes = 512u << 10;

// Data pages of each ring: a power of two (the kernel requires it), room for twice an interval of
// deep samples at `frequencyHz`, within kRingMaxBytes and a share of kRingBudgetBytes, at least 1.
std::size_t ringDataPages(std::size_t cpuCount, std::size_t pageBytes, int frequencyHz, std::chrono::nanoseconds interval);

} // namespace runlens::profile
