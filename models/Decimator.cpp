#include "Decimator.h"

#include <algorithm>
#include <cmath>

DecimatedSeries decimate(std::span<const double> times, std::span<const double> values, double offset, double from,
                         double to, int pixelColumns)
{
    DecimatedSeries result;
    const std::size_t n = std::min(times.size(), values.size());
    if (n == 0 || !(to > from) || pixelColumns <= 0)
        return result;

    // The visible index range, widened by one sample on each side.
    const auto firstVisible = std::lower_bound(times.begin(), times.begin() + std::ptrdiff_t(n), from - offset);
    const auto lastVisible = std::upper_bound(firstVisible, times.begin() + std::ptrdiff_t(n), to - offset);
    std::size_t begin = std::size_t(firstVisible - times.begin());
    std::size_t end = std::size_t(lastVisible - times.begin());
    if (begin > 0)
        --begin;
    if (end < n)
        ++end;

    const auto note = [&result](double y) {
        if (!result.hasValues) {
            result.minimum = result.maximum = y;
            result.hasValues = true;
        } else {
            result.minimum = std::min(result.minimum, y);
            result.maximum = std::max(result.maximum, y);
        }
    };

    const double nan = std::nan("");
    // Few samples per column: every point matters, keep them all.
    if (end - begin <= std::size_t(pixelColumns) * 2) {
        result.points.reserve(end - begin);
        for (std::size_t i = begin; i < end; ++i) {
            const double y = values[i];
            if (std::isnan(y)) {
                if (!result.points.empty() && !std::isnan(result.points.back().y()))
                    result.points.emplace_back(times[i] + offset, nan);
                continue;
            }
            result.points.emplace_back(times[i] + offset, y);
            note(y);
        }
        return result;
    }

    result.points.reserve(std::size_t(pixelColumns) * 2 + 2);
    const double columnWidth = (to - from) / pixelColumns;
    std::size_t i = begin;
    while (i < end) {
        const double x = times[i] + offset;
        // One bucket: every sample that falls into this pixel column, found by comparing times
        // with the column's end rather than dividing every sample's time (the hot loop).
        const double column = std::floor((x - from) / columnWidth);
        const double columnEnd = from + (column + 1) * columnWidth - offset;
        std::size_t minIndex = end;
        std::size_t maxIndex = end;
        bool gap = false;
        bool first = true; // the first sample is in the bucket even if rounding says otherwise
        for (; i < end && (first || times[i] < columnEnd); first = false) {
            const double y = values[i];
            if (std::isnan(y)) {
                gap = true;
            } else {
                if (minIndex == end || y < values[minIndex])
                    minIndex = i;
                if (maxIndex == end || y > values[maxIndex])
                    maxIndex = i;
            }
            ++i;
        }
        if (minIndex == end) {
            if (gap && !result.points.empty() && !std::isnan(result.points.back().y()))
                result.points.emplace_back(x, nan);
            continue;
        }
        const std::size_t firstIndex = std::min(minIndex, maxIndex);
        const std::size_t secondIndex = std::max(minIndex, maxIndex);
        result.points.emplace_back(times[firstIndex] + offset, values[firstIndex]);
        if (secondIndex != firstIndex)
            result.points.emplace_back(times[secondIndex] + offset, values[secondIndex]);
        note(values[minIndex]);
        note(values[maxIndex]);
    }
    return result;
}
