#include "ChartFigure.h"

#include "Decimator.h"
#include "RunSet.h"
#include "TimeAxisTicks.h"
#include "UnitFormat.h"

#include <QFontMetricsF>
#include <QPaintDevice>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace {

// The decimated points cut at the window's edges. The decimator keeps one point beyond each edge
// so that a line reaches the frame; here the line is ended exactly at the edge instead, because
// SVG viewers differ in how they honour clipping and a line must not run over the axis labels.
std::vector<QPointF> clippedToRange(const std::vector<QPointF>& points, double from, double to)
{
    std::vector<QPointF> clipped;
    clipped.reserve(points.size());
    const auto interpolate = [](const QPointF& a, const QPointF& b, double x) {
        const double t = (x - a.x()) / (b.x() - a.x());
        return QPointF(x, a.y() + (b.y() - a.y()) * t);
    };
    for (std::size_t i = 0; i < points.size(); ++i) {
        const QPointF& point = points[i];
        const bool inside = point.x() >= from && point.x() <= to;
        if (inside || std::isnan(point.y())) {
            clipped.push_back(point);
            continue;
        }
        // Outside: keep the crossing with the edge of each segment that enters the window.
        if (point.x() < from && i + 1 < points.size() && points[i + 1].x() > from && !std::isnan(points[i + 1].y()))
            clipped.push_back(interpolate(point, points[i + 1], from));
        if (point.x() > to && i > 0 && points[i - 1].x() < to && !std::isnan(points[i - 1].y()))
            clipped.push_back(interpolate(points[i - 1], point, to));
    }
    return clipped;
}

} // namespace

ChartFigure::ChartFigure(const RunSet& runs, std::vector<ChartFigureMetric> metrics, std::pair<double, double> range)
    : m_runs(runs)
    , m_metrics(std::move(metrics))
    , m_range(range)
{
}

std::vector<LegendEntry> ChartFigure::legend() const
{
    std::vector<LegendEntry> entries;
    for (int r = 0; r < m_runs.count(); ++r) {
        const RunEntry& entry = m_runs.at(r);
        if (entry.visible)
            entries.push_back({entry.displayName, QColor::fromRgb(entry.colour)});
    }
    return entries;
}

struct ChartFigure::Chart {
    QRectF cell;
    QString title;
    QString unit;
    struct Line {
        int run;
        std::vector<QPointF> points; // in seconds and values; NaN y marks a gap
    };
    std::vector<Line> lines;
    bool hasValues = false;
    std::pair<double, double> valueRange{0, 1};
    AxisTicks valueTicks;
    QStringList valueLabels;
    double labelWidth = 0; // of the widest value label
};

void ChartFigure::paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int) const
{
    if (m_metrics.empty())
        return;
    const int count = int(m_metrics.size());
    const int columns = m_columns > 0 ? std::min(m_columns, count) : count <= 3 ? 1 : count <= 8 ? 2 : 3;
    const int rows = (count + columns - 1) / columns;
    const double gap = style.fontPixels;
    const double cellWidth = (area.width() - gap * (columns - 1)) / columns;
    const double cellHeight = (area.height() - gap * (rows - 1)) / rows;
    // The image's pixels per target pixel (2 for a 2× PNG), so that decimation fills device pixels.
    const double ratio = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    std::vector<Chart> charts;
    std::vector<double> labelWidths(std::size_t(columns), 0.0);
    for (int i = 0; i < count; ++i) {
        const QRectF cell(area.left() + (i % columns) * (cellWidth + gap), area.top() + (i / columns) * (cellHeight + gap),
                          cellWidth, cellHeight);
        charts.push_back(layOut(cell, m_metrics[std::size_t(i)], style, ratio));
        double& widest = labelWidths[std::size_t(i % columns)];
        widest = std::max(widest, charts.back().labelWidth);
    }
    for (int i = 0; i < count; ++i) {
        const Chart& chart = charts[std::size_t(i)];
        paintChart(painter, chart, chart.cell.left() + labelWidths[std::size_t(i % columns)] + style.fontPixels * 0.5, style);
    }
}

ChartFigure::Chart ChartFigure::layOut(const QRectF& cell, const ChartFigureMetric& metric, const ExportStyle& style,
                                       double devicePixelRatio) const
{
    Chart chart;
    chart.cell = cell;
    chart.title = m_runs.chartTitle(metric.metricId, metric.instance);
    for (int r = 0; r < m_runs.count(); ++r) {
        if (const auto* descriptor = m_runs.at(r).run->metric(metric.metricId)) {
            chart.unit = QString::fromStdString(descriptor->unit);
            break;
        }
    }
    const QFontMetricsF titleMetrics(style.chartTitleFont());
    const QFontMetricsF tickMetrics(style.tickFont());
    const auto [from, to] = m_range;
    // The plot's width only decides how finely the series are decimated (the labels' width comes
    // after the range is known), so an estimate of the label column serves.
    const double roughWidth = cell.width() - tickMetrics.horizontalAdvance(QStringLiteral("000.0 MiB/s"));
    const int columns = std::max(1, int(roughWidth * devicePixelRatio));
    double minimum = 0;
    double maximum = 0;
    for (int r = 0; r < m_runs.count(); ++r) {
        const RunEntry& entry = m_runs.at(r);
        if (!entry.visible)
            continue;
        const SeriesView view = entry.run->series(metric.metricId, metric.instance);
        if (view.isEmpty())
            continue;
        // The run's own part of the range: its trim window on the shared axis, when lines are cut.
        double runFrom = from;
        double runTo = to;
        if (m_linesCutToTrims && entry.trim) {
            runFrom = std::max(from, entry.trim->first + entry.offsetSeconds);
            runTo = std::min(to, entry.trim->second + entry.offsetSeconds);
        }
        if (!(runTo > runFrom)) {
            chart.lines.push_back({r, {}});
            continue;
        }
        // As finely as the whole range: the part's share of the plot's columns.
        const int runColumns = std::max(1, int(std::lround(columns * (runTo - runFrom) / std::max(1e-9, to - from))));
        const DecimatedSeries decimated = decimate(view.times, view.values, entry.offsetSeconds, runFrom, runTo, runColumns);
        std::vector<QPointF> points = clippedToRange(decimated.points, runFrom, runTo);
        for (const QPointF& point : points) {
            if (!std::isfinite(point.y()))
                continue;
            minimum = chart.hasValues ? std::min(minimum, point.y()) : point.y();
            maximum = chart.hasValues ? std::max(maximum, point.y()) : point.y();
            chart.hasValues = true;
        }
        chart.lines.push_back({r, std::move(points)});
    }
    if (chart.hasValues)
        chart.valueRange = valueAxisRange(minimum, maximum, chart.unit);
    const double plotHeight = cell.height() - titleMetrics.height() * 1.3 - tickMetrics.height() * 1.4;
    chart.valueTicks = valueTicks(chart.valueRange.first, chart.valueRange.second,
                                  std::max(2, int(plotHeight / (tickMetrics.height() * 3.5))), chart.unit);
    for (const double value : chart.valueTicks.values) {
        chart.valueLabels.append(UnitFormat::formatTick(value, chart.valueTicks.step, chart.unit));
        chart.labelWidth = std::max(chart.labelWidth, tickMetrics.horizontalAdvance(chart.valueLabels.back()));
    }
    return chart;
}

void ChartFigure::paintChart(QPainter& painter, const Chart& chart, double plotLeft, const ExportStyle& style) const
{
    const QFont titleFont = style.chartTitleFont();
    const QFont tickFont = style.tickFont();
    const QFontMetricsF titleMetrics(titleFont);
    const QFontMetricsF tickMetrics(tickFont);
    const QRectF& cell = chart.cell;
    const auto [from, to] = m_range;
    const auto [low, high] = chart.valueRange;
    const QRectF plot(QPointF(plotLeft, cell.top() + titleMetrics.height() * 1.3),
                      QPointF(cell.right() - style.fontPixels * 0.5, cell.bottom() - tickMetrics.height() * 1.4));
    const auto xOf = [&](double t) { return plot.left() + (t - from) / (to - from) * plot.width(); };
    const auto yOf = [&](double v) { return plot.bottom() - (v - low) / (high - low) * plot.height(); };

    painter.setFont(titleFont);
    painter.setPen(style.text);
    painter.drawText(QPointF(plot.left(), cell.top() + titleMetrics.ascent()),
                     titleMetrics.elidedText(chart.title, Qt::ElideRight, cell.right() - plot.left()));

    // Grid and tick labels. A value label is centred on its grid line, the lowest one on the zero
    // line too (pushed inside the plot it read as the value of the line above); the time labels
    // start no further left than the y axis, so the first one stays clear of it under the corner.
    const AxisTicks xTicks = timeTicks(from, to, std::max(2, int(plot.width() / (style.fontPixels * 6))));
    painter.setFont(tickFont);
    const QPen gridPen(style.grid, std::max(1.0, style.lineWidth / 3));
    for (int i = 0; i < int(chart.valueTicks.values.size()); ++i) {
        const double y = yOf(chart.valueTicks.values[std::size_t(i)]);
        if (y < plot.top() - 0.5 || y > plot.bottom() + 0.5)
            continue;
        painter.setPen(gridPen);
        painter.drawLine(QLineF(plot.left(), y, plot.right(), y));
        painter.setPen(style.mutedText);
        const QString& label = chart.valueLabels[i];
        const double baseline = y + (tickMetrics.ascent() - tickMetrics.descent()) / 2;
        painter.drawText(QPointF(plot.left() - style.fontPixels * 0.35 - tickMetrics.horizontalAdvance(label), baseline), label);
    }
    for (const double value : xTicks.values) {
        const double x = xOf(value);
        painter.setPen(gridPen);
        painter.drawLine(QLineF(x, plot.top(), x, plot.bottom()));
        painter.setPen(style.mutedText);
        const QString label = timeTickLabel(value, xTicks.step);
        const double width = tickMetrics.horizontalAdvance(label);
        const double left = std::clamp(x - width / 2, plot.left(), cell.right() - width);
        painter.drawText(QPointF(left, plot.bottom() + tickMetrics.height() * 0.2 + tickMetrics.ascent()), label);
    }
    painter.setPen(QPen(style.axis, std::max(1.0, style.lineWidth / 2.5)));
    painter.drawLine(QLineF(plot.bottomLeft(), plot.bottomRight()));
    painter.drawLine(QLineF(plot.bottomLeft(), plot.topLeft()));

    if (!chart.hasValues) {
        painter.setPen(style.mutedText);
        painter.drawText(plot, Qt::AlignCenter, tr("No samples in this window"));
        return;
    }
    // The baseline last, so that it is on top where runs overlap (as on screen).
    std::vector<const Chart::Line*> order;
    for (const Chart::Line& line : chart.lines) {
        if (line.run != m_runs.baselineIndex())
            order.push_back(&line);
    }
    for (const Chart::Line& line : chart.lines) {
        if (line.run == m_runs.baselineIndex())
            order.push_back(&line);
    }
    // Images are stroked as separate segments: QPainter's raster engine strokes a wide polyline
    // with joins as one outline whose rasterisation grows with its thousands of overlapping
    // zigzags (seconds for a 2× slide, bench_export), while each short segment is cheap. Vector
    // formats keep one path per run and chart.
    const bool raster = painter.device() && painter.device()->devType() == QInternal::Image;
    for (const Chart::Line* line : order) {
        QPen pen(QColor::fromRgb(m_runs.at(line->run).colour), style.lineWidth);
        pen.setJoinStyle(Qt::RoundJoin);
        pen.setCapStyle(Qt::RoundCap);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        if (raster) {
            std::vector<QLineF> segments;
            segments.reserve(line->points.size());
            for (std::size_t i = 1; i < line->points.size(); ++i) {
                const QPointF& a = line->points[i - 1];
                const QPointF& b = line->points[i];
                if (std::isfinite(a.y()) && std::isfinite(b.y()))
                    segments.emplace_back(QPointF(xOf(a.x()), yOf(a.y())), QPointF(xOf(b.x()), yOf(b.y())));
            }
            // Square caps close the notch between neighbouring segments like a round join would,
            // without the arcs that dominate the cost of round caps.
            pen.setCapStyle(Qt::SquareCap);
            painter.setPen(pen);
            painter.drawLines(segments.data(), int(segments.size()));
            continue;
        }
        QPainterPath path;
        bool penDown = false;
        for (const QPointF& point : line->points) {
            if (!std::isfinite(point.y())) {
                penDown = false;
                continue;
            }
            const QPointF mapped(xOf(point.x()), yOf(point.y()));
            if (penDown)
                path.lineTo(mapped);
            else
                path.moveTo(mapped);
            penDown = true;
        }
        if (!path.isEmpty())
            painter.drawPath(path);
    }
}
