// How runlens-rec asks glibc's malloc to hand memory back (the recorder's budget is 30 MB of RSS
// on the host under test, for the whole process).
#pragma once

#include <malloc.h>

namespace runlens::recorder {

// Large blocks (128 KiB and up) are always mmapped, so freeing one returns it to the kernel.
//
// glibc's default threshold moves: once a mmapped block is freed, blocks up to that size come
// from the heap instead, and a freed one stays there as a hole that RSS keeps. The profile's
// first journal batch (megabytes: every frame and stack is new) raised it that way, after which
// the stack table's doubling buffers were left behind in the heap: 7.5 MiB of the 32.4 MiB the
// recording side of bench_profilepack's hour held. Called first by `record` and `pack`.
inline void keepLargeAllocationsReturnable()
{
    // Setting the threshold at all turns its adjustment off; 128 KiB is glibc's starting value.
    ::mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}

} // namespace runlens::recorder
