// A quantile of the observations a Prometheus histogram counted, from its cumulative buckets, the
// way PromQL's histogram_quantile() computes it: the bucket that holds the rank, and a linear
// interpolation inside it. Computed here on the increase of each bucket over one interval, it is the
// quantile of that interval's observations, which is what a latency chart of a run should show
// (the buckets' totals would give the quantile since the service started).
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>

namespace runlens::collect {

// upperBounds ascending, the last +Inf; counts cumulative (each bucket counts every observation
// <= its bound). NaN without a +Inf bucket, with fewer than two buckets or without observations.
// The upper bound of the highest finite bucket when the rank falls into the +Inf bucket, as
// Prometheus does: nothing is known about those observations but that they are larger.
inline double histogramQuantile(double q, std::span<const double> upperBounds, std::span<double> counts)
{
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    const std::size_t n = upperBounds.size();
    if (n < 2 || counts.size() != n || !std::isinf(upperBounds[n - 1]) || upperBounds[n - 1] < 0 || !(q >= 0 && q <= 1))
        return kNaN;
    // Floating-point counts may be off by a rounding error between buckets: like Prometheus,
    // a bucket never counts fewer than the ones below it.
    for (std::size_t i = 1; i < n; ++i) {
        if (counts[i] < counts[i - 1])
            counts[i] = counts[i - 1];
    }
    const double observations = counts[n - 1];
    if (!(observations > 0))
        return kNaN;
    double rank = q * observations;
    std::size_t b = 0;
    while (b < n - 1 && counts[b] < rank)
        ++b;
    if (b == n - 1)
        return upperBounds[n - 2];
    if (b == 0 && upperBounds[0] <= 0)
        return upperBounds[0];
    double start = 0;
    double inBucket = counts[b];
    if (b > 0) {
        start = upperBounds[b - 1];
        inBucket -= counts[b - 1];
        rank -= counts[b - 1];
    }
    return start + (upperBounds[b] - start) * (rank / inBucket);
}

} // namespace runlens::collect
