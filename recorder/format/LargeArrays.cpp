#include "LargeArrays.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace runlens::format {

void adviseHugePages(const void* data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    // Below two huge pages (of 2 MiB, x86-64's and arm64's with 4 KiB pages), most of the range
    // would be one partly used huge page.
    constexpr std::size_t kSmallest = std::size_t(4) << 20;
    if (data == nullptr || bytes < kSmallest)
        return;
    const long pageSize = sysconf(_SC_PAGESIZE);
    if (pageSize <= 0)
        return;
    const auto page = std::uintptr_t(pageSize);
    const auto start = (reinterpret_cast<std::uintptr_t>(data) + page - 1) / page * page;
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) / page * page;
    if (end <= start)
        return;
    // A refusal (no transparent huge pages in this kernel: EINVAL) leaves the small pages.
    (void)madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace runlens::format
