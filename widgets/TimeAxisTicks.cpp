#include "TimeAxisTicks.h"

#include "UnitFormat.h"

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

QString timeTickLabel(double seconds, double step)
{
    const bool negative = seconds < 0;
    seconds = std::fabs(seconds);
    QString text;
    if (step >= 1 && seconds >= 60) {
        const long long whole = std::llround(seconds);
        text = whole >= 3600 ? QStringLiteral("%1:%2:%3").arg(whole / 3600).arg(whole / 60 % 60, 2, 10, QLatin1Char('0')).arg(whole % 60, 2, 10, QLatin1Char('0'))
                             : QStringLiteral("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
    } else {
        text = UnitFormat::formatTick(seconds, step, QStringLiteral("s"));
    }
    return negative ? QLatin1Char('-') + text : text;
}

std::pair<double, double> valueAxisRange(double minimum, double maximum, const QString& unit)
{
    if (minimum >= 0)
        minimum = 0;
    if (unit == QLatin1String("%") && maximum <= 100 && maximum > 50)
        maximum = 100;
    if (maximum - minimum < 1e-12)
        maximum = minimum + (std::fabs(minimum) > 0 ? std::fabs(minimum) * 0.1 : 1.0);
    else
        maximum += (maximum - minimum) * 0.05;
    return {minimum, maximum};
}

AxisTicks valueTicks(double from, double to, int target, const QString& unit)
{
    double scale = 1;
    if (unit.startsWith(QLatin1String("bytes"))) {
        while (std::max(std::fabs(from), std::fabs(to)) / scale >= 1024)
            scale *= 1024;
    }
    AxisTicks ticks = niceTicks(from / scale, to / scale, target);
    for (double& value : ticks.values)
        value *= scale;
    ticks.step *= scale;
    return ticks;
}
