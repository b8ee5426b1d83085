// Change points in the mean of a series, for finding where a run's warm-up ends and its cool-down
// starts. PELT, "Pruned Exact Linear Time": R. Killick, P. Fearnhead and I. A. Eckley, "Optimal
// detection of changepoints with a linear computational cost", Journal of the American Statistical
// Association 107(500), 1590–1598, 2012. It finds the segmentation that minimises the summed cost
// of the segments plus a penalty per change point exactly (unlike binary segmentation, which can
// miss a short warm-up next to a larger shift), and its pruning keeps it near linear when changes
// are frequent; on a long flat stretch it degrades towards quadratic, which is why callers cap
// the number of points (SteadyState averages blocks of a long series first).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace ChangePoints {

// The standard deviation of the noise of a series whose level may shift: the median absolute
// deviation of the first differences, scaled to a normal's standard deviation (× 1.4826) and for
// the difference of two samples (÷ √2). Differences cancel the level, so steps and ramps barely
// move it, and the median ignores spikes; the plain standard deviation would count a warm-up as
// noise and then find nothing. Falls back to the mean absolute difference when more than half of
// the differences are 0 (quantised or mostly constant values); 0 for a constant series.
double noiseScale(std::span<const double> values);

// The segmentation of `values` into stretches of constant mean that minimises the sum over
// segments of the squared deviations from the segment's mean plus `penalty` for every change
// point, with no segment shorter than `minSegment` (≥ 1). The cost is −2 log-likelihood of a
// normal with unit variance, so `values` should be divided by the noise's standard deviation
// first for the penalty to mean the same thing on every series. Returns the index where each
// segment after the first starts, ascending; empty when the series is one segment.
std::vector<std::size_t> meanShifts(std::span<const double> values, double penalty, std::size_t minSegment);

// The penalty used for steady-state detection: 3 ln n, the leading term of the modified BIC of
// Zhang & Siegmund (2007) for a change in mean, which R's changepoint package defaults to
// ("MBIC"). Plain BIC (ln n for the new mean, ln n for the location) gives more false changes on
// the autocorrelated noise of real CPU series.
double mbicPenalty(std::size_t count);

} // namespace ChangePoints
