#include "RingSize.h"

#include <algorithm>
#include <bit>

namespace runlens::profile {

std::size_t ringDataPages(std::size_t ringCount, std::size_t pageBytes, int frequencyHz)
{
    if (pageBytes == 0)
        return 1;
    const double seconds = std::chrono::duration<double>(kRingHolds).count();
    const double wantedBytes = seconds * double(std::max(frequencyHz, 1)) * double(kDeepSampleBytes);
    const auto wantedPages = std::max<std::size_t>(
        std::size_t((std::min(wantedBytes, double(kRingMaxBytes)) + double(pageBytes) - 1) / double(pageBytes)), 1);
    const std::size_t maxPages = std::max<std::size_t>(kRingMaxBytes / pageBytes, 1);
    const std::size_t budgetPages = std::max<std::size_t>(kRingBudgetBytes / (std::max<std::size_t>(ringCount, 1) * pageBytes), 1);
    const std::size_t pages = std::min({std::bit_ceil(wantedPages), std::bit_floor(maxPages), std::bit_floor(budgetPages)});
    return std::max<std::size_t>(pages, 1);
}

} // namespace runlens::profile
