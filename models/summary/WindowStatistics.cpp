#include "WindowStatistics.h"

#include <algorithm>
#include <cmath>

std::vector<double> WindowStatistics::windowValues(const SeriesView& series, const TimeWindow& window)
{
    std::vector<double> values;
    values.reserve(series.size());
    for (std::size_t i = 0; i < series.size(); ++i) {
        const double t = series.times[i];
        if (window && (t < window->first || t > window->second))
            continue;
        if (std::isfinite(series.values[i]))
            values.push_back(series.values[i]);
    }
    return values;
}

std::vector<double> WindowStatistics::runResult(const SeriesView& series)
{
    for (std::size_t i = series.size(); i-- > 0;) {
        if (std::isfinite(series.values[i]))
            return {series.values[i]};
    }
    return {};
}

std::vector<double> WindowStatistics::comparedValues(const SeriesView& series, const TimeWindow& window,
                                                     runlens::format::MetricScope scope)
{
    return scope == runlens::format::MetricScope::Run ? runResult(series) : windowValues(series, window);
}

double WindowStatistics::percentile(std::span<const double> sorted, double q)
{
    if (sorted.empty())
        return std::nan("");
    const double position = std::clamp(q, 0.0, 1.0) * double(sorted.size() - 1);
    const std::size_t below = std::size_t(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - double(below);
    return sorted[below] + (sorted[above] - sorted[below]) * fraction;
}

WindowStatistics WindowStatistics::of(std::span<const double> values)
{
    WindowStatistics stats;
    stats.count = values.size();
    if (values.empty())
        return stats;
    double sum = 0;
    for (const double v : values)
        sum += v;
    stats.mean = sum / double(values.size());
    // Two passes: the textbook one-pass formula loses everything to cancellation on large,
    // nearly constant values such as memory sizes in bytes.
    double squares = 0;
    for (const double v : values)
        squares += (v - stats.mean) * (v - stats.mean);
    stats.sd = values.size() > 1 ? std::sqrt(squares / double(values.size() - 1)) : 0.0;
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    stats.min = sorted.front();
    stats.max = sorted.back();
    stats.p50 = percentile(sorted, 0.50);
    stats.p90 = percentile(sorted, 0.90);
    stats.p99 = percentile(sorted, 0.99);
    return stats;
}

std::optional<double> WindowStatistics::byName(const QString& name) const
{
    if (isEmpty())
        return std::nullopt;
    if (name == QLatin1String("mean"))
        return mean;
    if (name == QLatin1String("sd"))
        return sd;
    if (name == QLatin1String("min"))
        return min;
    if (name == QLatin1String("p50"))
        return p50;
    if (name == QLatin1String("p90"))
        return p90;
    if (name == QLatin1String("p99"))
        return p99;
    if (name == QLatin1String("max"))
        return max;
    return std::nullopt;
}
