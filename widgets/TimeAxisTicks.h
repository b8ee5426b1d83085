// "Nice" tick positions for an axis range: steps of 1, 2 or 5 times a power of ten (or, for time,
// of seconds and minutes), about `target` ticks across.
#pragma once

#include <vector>

struct AxisTicks {
    std::vector<double> values;
    double step = 0;
};

AxisTicks niceTicks(double from, double to, int target);
AxisTicks timeTicks(double fromSeconds, double toSeconds, int target);
