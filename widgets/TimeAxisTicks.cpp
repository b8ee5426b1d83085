#include "TimeAxisTicks.h"

#include <array>
#include <cmath>

namespace {

AxisTicks ticksWithStep(double from, double to, double step)
{
    AxisTicks ticks;
    ticks.step = step;
    if (!(step > 0) || !std::isfinite(from) || !std::isfinite(to))
        return ticks;
    for (double value = std::ceil(from / step - 1e-9) * step; value <= to + step * 1e-9; value += step) {
        ticks.values.push_back(std::fabs(value) < step * 1e-9 ? 0.0 : value);
        if (ticks.values.size() > 1000)
            break;
    }
    return ticks;
}

} // namespace

AxisTicks niceTicks(double from, double to, int target)
{
    const double span = to - from;
    if (!(span > 0) || target < 1)
        return ticksWithStep(from, to, 1);
    const double rough = span / target;
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    double step = power;
    for (double multiple : {1.0, 2.0, 5.0, 10.0}) {
        step = multiple * power;
        if (step >= rough)
            break;
    }
    return ticksWithStep(from, to, step);
}

AxisTicks timeTicks(double fromSeconds, double toSeconds, int target)
{
    const double span = toSeconds - fromSeconds;
    if (!(span > 0) || target < 1)
        return ticksWithStep(fromSeconds, toSeconds, 1);
    const double rough = span / target;
    if (rough < 1)
        return niceTicks(fromSeconds, toSeconds, target);
    // Steps people count time in: seconds, then minutes, then hours.
    static constexpr std::array<double, 14> steps{1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200};
    for (double step : steps) {
        if (step >= rough)
            return ticksWithStep(fromSeconds, toSeconds, step);
    }
    return ticksWithStep(fromSeconds, toSeconds, std::ceil(rough / 3600) * 3600);
}
