// Reading an exported chart's SVG back in tests: where a run's line is drawn.
#pragma once

#include <QByteArray>
#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <utility>

// The leftmost and rightmost x of the series lines in a colour (the SVG's user units): how far
// along the time axis a run's line is drawn.
inline std::pair<double, double> seriesXExtent(const QByteArray& svg, const QString& colour)
{
    const QRegularExpression group(QStringLiteral("<g fill=\"none\" stroke=\"%1\"[^>]*>\\s*<path[^>]* d=\"([^\"]*)\"").arg(colour));
    static const QRegularExpression point(QStringLiteral("(-?[0-9.]+),(-?[0-9.]+)"));
    double left = 1e9;
    double right = -1e9;
    for (auto it = group.globalMatch(QString::fromUtf8(svg)); it.hasNext();) {
        const QString path = it.next().captured(1);
        for (auto p = point.globalMatch(path); p.hasNext();) {
            const double x = p.next().captured(1).toDouble();
            left = std::min(left, x);
            right = std::max(right, x);
        }
    }
    return {left, right};
}
