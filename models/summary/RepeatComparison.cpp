#include "RepeatComparison.h"

#include <algorithm>
#include <cmath>

namespace {

bool hasSpread(const RepeatSpread& spread)
{
    return spread.runs >= 2 && std::isfinite(spread.rangeOverMedian);
}

// A change counts when it is strictly larger than the band: one as large as the spread is what
// the repeats already differ by among themselves.
void judge(RepeatComparison& comparison)
{
    comparison.noiseBand = comparison.noise * std::fabs(comparison.baseline.median);
    comparison.beyondNoise = std::fabs(comparison.difference) > comparison.noiseBand;
}

} // namespace

std::optional<RepeatComparison> RepeatComparison::betweenVariants(const QString& baselineGroup,
                                                                  std::span<const double> baselineValues,
                                                                  const QString& otherGroup,
                                                                  std::span<const double> otherValues)
{
    RepeatComparison comparison;
    comparison.baselineGroup = baselineGroup;
    comparison.otherGroup = otherGroup;
    comparison.baseline = RepeatSpread::of(baselineValues);
    comparison.other = RepeatSpread::of(otherValues);
    if (!hasSpread(comparison.baseline) || !hasSpread(comparison.other))
        return std::nullopt;
    comparison.reference = comparison.baseline.mean;
    comparison.difference = comparison.other.mean - comparison.baseline.mean;
    comparison.noise = std::max(comparison.baseline.rangeOverMedian, comparison.other.rangeOverMedian);
    judge(comparison);
    return comparison;
}

std::optional<RepeatComparison> RepeatComparison::withinVariant(const QString& group, std::span<const double> values,
                                                                double baselineValue, double runValue)
{
    RepeatComparison comparison;
    comparison.baselineGroup = comparison.otherGroup = group;
    comparison.baseline = comparison.other = RepeatSpread::of(values);
    if (!hasSpread(comparison.baseline))
        return std::nullopt;
    comparison.reference = baselineValue;
    comparison.difference = runValue - baselineValue;
    comparison.noise = comparison.baseline.rangeOverMedian;
    judge(comparison);
    // Both runs are among the repeats, so they differ by at most max − min: the band computed back
    // from the ratio can come out an ulp short of that, which must not make a repeat "real".
    comparison.beyondNoise = false;
    return comparison;
}

DifferenceEstimate RepeatComparison::estimate() const
{
    DifferenceEstimate estimate;
    estimate.difference = difference;
    estimate.low = difference - noiseBand;
    estimate.high = difference + noiseBand;
    estimate.tested = true;
    estimate.significant = beyondNoise;
    return estimate;
}
