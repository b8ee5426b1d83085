// The descriptive statistics of one series over a time window: what the summary table shows per
// run and what findings rules test. NaN samples ("not measured") are left out.
#pragma once

#include "Run.h"

#include <optional>
#include <span>
#include <utility>
#include <vector>

// A time window in a run's own seconds (inclusive at both ends); no window means the whole run.
using TimeWindow = std::optional<std::pair<double, double>>;

struct WindowStatistics {
    std::size_t count = 0; // finite samples inside the window
    double mean = 0;
    // Sample standard deviation (n - 1 in the denominator); 0 for a single sample.
    double sd = 0;
    double min = 0;
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;
    double max = 0;

    bool isEmpty() const { return count == 0; }

    // The finite values of the series whose timestamps fall inside the window, in time order.
    static std::vector<double> windowValues(const SeriesView& series, const TimeWindow& window);
    // What a run-level result (descriptor scope "run": a benchmark's final "Requests/sec") stands
    // for: its last finite value, wherever the window is. A result printed at the end of the run
    // describes all of it; a window that ends earlier must not make it vanish. Empty without one.
    static std::vector<double> runResult(const SeriesView& series);
    // windowValues for a series metric, runResult for a run-level one.
    static std::vector<double> comparedValues(const SeriesView& series, const TimeWindow& window,
                                              runlens::format::MetricScope scope);
    static WindowStatistics of(std::span<const double> values);
    static WindowStatistics of(const SeriesView& series, const TimeWindow& window)
    {
        return of(windowValues(series, window));
    }
    // Percentile q in [0, 1] of sorted values, linearly interpolated between the two nearest
    // ranks (numpy's and R's default, type 7), so p50 of an even count is the mean of the middle two.
    static double percentile(std::span<const double> sorted, double q);

    // A statistic by the name rules files use: mean, sd, min, p50, p90, p99, max.
    std::optional<double> byName(const QString& name) const;
};
