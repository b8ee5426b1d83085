#include "AllocatorSettings.h"

#include <malloc.h>

namespace runlens::recorder {

void keepLargeAllocationsReturnable()
{
    // Setting the threshold at all turns its adjustment off; 128 KiB is glibc's starting value.
    ::mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}

} // namespace runlens::recorder
