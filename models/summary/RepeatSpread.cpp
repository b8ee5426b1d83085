#include "RepeatSpread.h"

#include "WindowStatistics.h"

#include <cmath>

RepeatSpread RepeatSpread::of(std::span<const double> runMeans)
{
    RepeatSpread spread;
    const WindowStatistics stats = WindowStatistics::of(runMeans);
    spread.runs = int(stats.count);
    if (stats.isEmpty())
        return spread;
    spread.mean = stats.mean;
    spread.median = stats.p50;
    if (stats.count < 2)
        return spread;
    spread.rangeOverMedian = stats.p50 != 0 ? (stats.max - stats.min) / std::fabs(stats.p50) : std::nan("");
    spread.coefficientOfVariation = stats.mean != 0 ? stats.sd / std::fabs(stats.mean) : std::nan("");
    return spread;
}
