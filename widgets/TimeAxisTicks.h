// "Nice" tick positions for an axis range: steps of 1, 2 or 5 times a power of ten (or, for time,
// of seconds and minutes), about `target` ticks across.
#pragma once

#include <QString>

#include <utility>
#include <vector>

struct AxisTicks {
    std::vector<double> values;
    double step = 0;
};

AxisTicks niceTicks(double from, double to, int target);
AxisTicks timeTicks(double fromSeconds, double toSeconds, int target);

// A time-axis tick label: "1:30" or "1:02:03" for whole seconds past a minute, else seconds with
// the precision the step needs ("2.5 s").
QString timeTickLabel(double seconds, double step);

// The value axis of a chart of `unit` whose data spans [minimum, maximum]: counts and rates start
// at zero so that changes are not exaggerated, percentages near full scale end at 100, a flat
// series gets some height, and 5 % headroom keeps peaks off the frame.
std::pair<double, double> valueAxisRange(double minimum, double maximum, const QString& unit);

// Ticks for that axis; byte ticks fall on round binary sizes (4 GiB, 8 GiB), not on round decimal
// byte counts.
AxisTicks valueTicks(double from, double to, int target, const QString& unit);
