// How repeatable a group of repeated runs is (three baseline runs, three tuned runs): the spread of
// the runs' means as (max - min) / median and as the coefficient of variation, the two figures
// performance teams quote when they judge whether a benchmark is stable enough to compare.
#pragma once

#include <span>

struct RepeatSpread {
    int runs = 0;
    double mean = 0;
    double median = 0;
    double rangeOverMedian = 0; // (max - min) / median; NaN when the median is 0
    double coefficientOfVariation = 0; // sample sd / mean; NaN when the mean is 0

    // One value per run (each run's mean over its window). Fewer than two runs have no spread: 0.
    static RepeatSpread of(std::span<const double> runMeans);
};
