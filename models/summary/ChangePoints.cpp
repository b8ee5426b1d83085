#include "ChangePoints.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ChangePoints {

double noiseScale(std::span<const double> values)
{
    if (values.size() < 3)
        return 0;
    std::vector<double> differences(values.size() - 1);
    for (std::size_t i = 1; i < values.size(); ++i)
        differences[i - 1] = values[i] - values[i - 1];
    const auto median = [](std::vector<double>& data) {
        const auto middle = data.begin() + std::ptrdiff_t(data.size() / 2);
        std::nth_element(data.begin(), middle, data.end());
        return *middle;
    };
    std::vector<double> deviations = differences;
    const double centre = median(deviations);
    for (double& deviation : deviations)
        deviation = std::abs(deviation - centre);
    const double mad = median(deviations);
    if (mad > 0)
        return 1.4826 * mad / std::sqrt(2.0);
    // Mostly equal samples: the mean absolute difference, scaled for a normal (√(π/2) ≈ 1.2533).
    double sum = 0;
    for (const double difference : differences)
        sum += std::abs(difference - centre);
    return 1.2533 * (sum / double(differences.size())) / std::sqrt(2.0);
}

std::vector<std::size_t> meanShifts(std::span<const double> values, double penalty, std::size_t minSegment)
{
    const std::size_t n = values.size();
    minSegment = std::max<std::size_t>(minSegment, 1);
    if (n < 2 * minSegment)
        return {};
    // Prefix sums make a segment's cost O(1). The caller standardises the values, so the sums
    // stay small enough for doubles not to cancel.
    std::vector<double> sum(n + 1, 0.0);
    std::vector<double> squares(n + 1, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        sum[i + 1] = sum[i] + values[i];
        squares[i + 1] = squares[i] + values[i] * values[i];
    }
    const auto cost = [&](std::size_t from, std::size_t to) {
        const double s = sum[to] - sum[from];
        return squares[to] - squares[from] - s * s / double(to - from);
    };

    // best[t]: the least penalised cost of values[0, t); previous[t]: where its last segment starts.
    std::vector<double> best(n + 1, 0.0);
    std::vector<std::size_t> previous(n + 1, 0);
    best[0] = -penalty;
    std::vector<std::size_t> candidates{0};
    std::vector<double> totals;
    for (std::size_t t = minSegment; t <= n; ++t) {
        // A segment can end at t - minSegment only once that prefix has a cost itself.
        if (t >= 2 * minSegment)
            candidates.push_back(t - minSegment);
        totals.resize(candidates.size());
        double least = INFINITY;
        std::size_t argLeast = 0;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            const std::size_t tau = candidates[c];
            totals[c] = best[tau] + cost(tau, t);
            if (totals[c] + penalty < least) {
                least = totals[c] + penalty;
                argLeast = tau;
            }
        }
        best[t] = least;
        previous[t] = argLeast;
        // The pruning of PELT (K = 0 holds for this cost): a start that is already worse than the
        // optimum without its penalty can never become optimal later.
        std::size_t kept = 0;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            if (totals[c] <= least)
                candidates[kept++] = candidates[c];
        }
        candidates.resize(kept);
    }

    std::vector<std::size_t> changes;
    for (std::size_t t = previous[n]; t > 0; t = previous[t])
        changes.push_back(t);
    std::reverse(changes.begin(), changes.end());
    return changes;
}

double mbicPenalty(std::size_t count)
{
    return 3.0 * std::log(double(std::max<std::size_t>(count, 2)));
}

} // namespace ChangePoints
