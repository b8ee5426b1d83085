#include "SignificanceTest.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace {

// Prefix sums make a block's sum O(1), so a resample costs n / L additions instead of n.
std::vector<double> prefixSums(std::span<const double> values)
{
    std::vector<double> sums(values.size() + 1, 0.0);
    for (std::size_t i = 0; i < values.size(); ++i)
        sums[i + 1] = sums[i] + values[i];
    return sums;
}

// The mean of one moving-block resample: ceil(n / L) blocks drawn with replacement from the n - L + 1
// blocks of consecutive samples. The modulo keeps the draw identical on every standard library
// (std::uniform_int_distribution is not), which the byte-exact `runlens summary` output relies on.
double resampleMean(const std::vector<double>& sums, std::size_t n, std::size_t length, std::mt19937_64& random)
{
    const std::size_t starts = n - length + 1;
    const std::size_t blocks = (n + length - 1) / length;
    double total = 0;
    for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t start = std::size_t(random() % starts);
        total += sums[start + length] - sums[start];
    }
    return total / double(blocks * length);
}

// The standard normal quantile, by Newton's method on erfc (a handful of iterations from 0).
double normalQuantile(double p)
{
    double z = 0;
    for (int i = 0; i < 50; ++i) {
        const double cdf = 0.5 * std::erfc(-z / std::sqrt(2.0));
        const double density = std::exp(-0.5 * z * z) / std::sqrt(2.0 * std::numbers::pi);
        const double step = (cdf - p) / density;
        z -= step;
        if (std::fabs(step) < 1e-12)
            break;
    }
    return z;
}

} // namespace

// Student's t quantile for nu degrees of freedom by the Cornish-Fisher expansion around z
// (accurate to a few parts in a thousand from 3 degrees of freedom on).
double SignificanceTest::studentQuantile(double p, double nu)
{
    const double z = normalQuantile(p);
    const double z3 = z * z * z;
    const double z5 = z3 * z * z;
    const double z7 = z5 * z * z;
    return z + (z3 + z) / (4 * nu) + (5 * z5 + 16 * z3 + 3 * z) / (96 * nu * nu)
           + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * nu * nu * nu);
}

double SignificanceTest::lag1Autocorrelation(std::span<const double> values)
{
    if (values.size() < 3)
        return 0;
    double mean = 0;
    for (const double v : values)
        mean += v;
    mean /= double(values.size());
    double numerator = 0;
    double denominator = 0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double d = values[i] - mean;
        denominator += d * d;
        if (i + 1 < values.size())
            numerator += d * (values[i + 1] - mean);
    }
    return denominator > 0 ? numerator / denominator : 0.0;
}

int SignificanceTest::blockLength(std::span<const double> values)
{
    const double n = double(values.size());
    if (values.size() < 6)
        return 1;
    // Negative correlation makes blocks pointless; above 0.95 the formula explodes, and the upper
    // bound below takes over anyway.
    const double rho = std::clamp(lag1Autocorrelation(values), 0.0, 0.95);
    const double length = std::pow(std::sqrt(6.0) * rho / (1.0 - rho * rho), 2.0 / 3.0) * std::cbrt(n);
    return std::clamp(int(std::ceil(length)), 1, std::max(1, int(values.size() / 3)));
}

DifferenceEstimate SignificanceTest::compare(std::span<const double> baseline, std::span<const double> other,
                                             const Options& options)
{
    DifferenceEstimate estimate;
    if (baseline.empty() || other.empty())
        return estimate;
    double baselineMean = 0;
    for (const double v : baseline)
        baselineMean += v;
    baselineMean /= double(baseline.size());
    double otherMean = 0;
    for (const double v : other)
        otherMean += v;
    otherMean /= double(other.size());
    estimate.difference = otherMean - baselineMean;
    estimate.low = estimate.high = estimate.difference;
    if (int(baseline.size()) < options.minimumSamples || int(other.size()) < options.minimumSamples)
        return estimate;

    estimate.tested = true;
    estimate.baselineBlock = blockLength(baseline);
    estimate.otherBlock = blockLength(other);
    const std::vector<double> baselineSums = prefixSums(baseline);
    const std::vector<double> otherSums = prefixSums(other);
    std::mt19937_64 random(options.seed);
    std::vector<double> differences;
    differences.reserve(std::size_t(options.resamples));
    for (int r = 0; r < options.resamples; ++r) {
        const double b = resampleMean(baselineSums, baseline.size(), std::size_t(estimate.baselineBlock), random);
        const double o = resampleMean(otherSums, other.size(), std::size_t(estimate.otherBlock), random);
        differences.push_back(o - b);
    }
    std::sort(differences.begin(), differences.end());
    const double tail = (1.0 - options.confidence) / 2.0;
    const auto at = [&](double q) {
        const std::size_t index = std::min(differences.size() - 1, std::size_t(std::floor(q * double(differences.size()))));
        return differences[index];
    };
    // A series of n samples in blocks of L holds only about n / L independent pieces of
    // information, and the bootstrap interval behaves like a normal one that ignores it. Widening
    // it by Student's t over the normal quantile with n / L - 1 degrees of freedom keeps the false
    // alarms of autocorrelated series at the nominal rate; independent samples are barely touched.
    const double pieces = std::min(double(baseline.size() / std::size_t(estimate.baselineBlock)),
                                   double(other.size() / std::size_t(estimate.otherBlock)));
    const double freedom = std::max(3.0, pieces - 1.0);
    const double widen = SignificanceTest::studentQuantile(1.0 - tail, freedom) / normalQuantile(1.0 - tail);
    estimate.low = estimate.difference - (estimate.difference - at(tail)) * widen;
    estimate.high = estimate.difference + (at(1.0 - tail) - estimate.difference) * widen;
    estimate.significant = estimate.low > 0 || estimate.high < 0;
    return estimate;
}
