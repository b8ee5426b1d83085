// Is the difference between two runs' means real or noise? Samples of a time series are not
// independent (a busy second is followed by another busy second), so a plain t-test or an ordinary
// bootstrap is far too confident. The moving-block bootstrap resamples whole blocks of consecutive
// samples, which keeps the autocorrelation inside each block, and gives a confidence interval of
// the difference of means, widened by Student's t for the few independent blocks a short,
// autocorrelated series holds; a difference whose interval holds 0 is "within noise".
#pragma once

#include <cstdint>
#include <span>

struct DifferenceEstimate {
    double difference = 0; // mean(other) - mean(baseline)
    double low = 0;        // confidence interval of the difference
    double high = 0;
    int baselineBlock = 0; // block lengths used for each side
    int otherBlock = 0;
    bool tested = false;   // false when a side has too few samples to say anything
    bool significant = false;
};

class SignificanceTest
{
public:
    struct Options {
        int resamples = 1000;
        // 99 %, not 95 %: the summary tests hundreds of metrics at once, and a table in which one
        // metric in twenty lights up by chance teaches people to ignore the colours.
        double confidence = 0.99;
        std::uint64_t seed = 0x52756e6c656e73ULL;
        int minimumSamples = 5;
        // The practical-significance floor the summary applies before the test: a change of less
        // than this share of the baseline's mean is "unchanged" (1 %: below what anyone tunes for,
        // and what a ±0 % in the table looks like).
        double minimumRelativeChange = 0.01;
    };

    static DifferenceEstimate compare(std::span<const double> baseline, std::span<const double> other,
                                      const Options& options);
    static DifferenceEstimate compare(std::span<const double> baseline, std::span<const double> other)
    {
        return compare(baseline, other, Options{});
    }

    // Block length from the lag-1 autocorrelation rho, after Carlstein (1986) for an AR(1)
    // process: (sqrt(6) rho / (1 - rho^2))^(2/3) n^(1/3), kept between 1 and n / 3. Independent
    // samples get 1 (the ordinary bootstrap); a slowly wandering series gets long blocks.
    static int blockLength(std::span<const double> values);
    static double lag1Autocorrelation(std::span<const double> values);
    // Student's t quantile for nu degrees of freedom (Cornish-Fisher expansion around the normal
    // quantile: a few parts in a thousand from 3 degrees of freedom on).
    static double studentQuantile(double p, double nu);
};
