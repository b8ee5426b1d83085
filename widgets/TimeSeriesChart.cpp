#include "TimeSeriesChart.h"

#include "Decimator.h"
#include "RunSet.h"
#include "SeriesRaster.h"
#include "TimeAxisTicks.h"
#include "TimeController.h"
#include "UnitFormat.h"
#include "summary/WindowStatistics.h"

#include <QChart>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QHash>
#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace {

constexpr int kPlotTop = 30;
constexpr int kPlotRight = 14;
constexpr int kPlotBottom = 26;

// Tick labels laid out once for every chart: the charts of a grid show the same time labels, and
// laying a label out (QStaticText::prepare) was most of updating the axes on a zoom (bench_app).
QStaticText preparedLabel(const QString& text, const QFont& font, const QString& fontKey)
{
    static QHash<QString, QStaticText> cache; // GUI thread only
    const QString key = fontKey + QChar(0) + text;
    if (const auto cached = cache.constFind(key); cached != cache.cend())
        return *cached;
    if (cache.size() >= 2000)
        cache.clear(); // the labels of zooms long past
    QStaticText staticText(text);
    staticText.setTextFormat(Qt::PlainText);
    staticText.prepare(QTransform(), font);
    cache.insert(key, staticText);
    return staticText;
}

} // namespace

TimeSeriesChart::TimeSeriesChart(RunSet* runs, TimeController* time, QWidget* parent)
    // Constructed with its chart: setChart() would release, not delete, the default one.
    : QChartView(new QChart, parent)
    , m_runs(runs)
    , m_time(time)
{
    setRenderHint(QPainter::Antialiasing);
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);
    setRubberBand(QChartView::NoRubberBand); // zoom goes through the TimeController, for every chart
    viewport()->setAutoFillBackground(false);  // the chart's background covers it: don't fill twice
    // Nor does the grid behind it: paintEvent covers every pixel (the chrome, then the lines).
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumHeight(160);

    QChart* chart = this->chart(); // owned by the view
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->hide(); // one shared legend (the run list) instead of one per chart
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(0, 0, 0, 0));
    QFont titleFont = chart->titleFont();
    titleFont.setBold(true);
    chart->setTitleFont(titleFont);

    // Qt Charts draws the frame, the axis lines and the title; it is never told about zoom or
    // pan. Grid lines and tick labels are drawn here at our ticks: a range change on a Qt Charts
    // axis relayouts every tick label as a rich-text document even when labels are hidden, which
    // on each zoom or pan step cost more than decimating and painting all the lines (bench_app).
    m_xAxis = new QValueAxis;
    m_yAxis = new QValueAxis;
    for (QValueAxis* axis : {m_xAxis, m_yAxis}) {
        axis->setRange(0, 1);
        axis->setTickCount(2);
        axis->setLabelsVisible(false);
        axis->setGridLineVisible(false);
        axis->setMinorTickCount(0);
    }
    m_labelFont = font();
    m_labelFont.setPointSizeF(m_labelFont.pointSizeF() * 0.85);
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    // The theme's colours, known once the axes are in the chart. The grid colour is made opaque
    // against the background because the grid is written straight into the lines' pixels.
    m_labelColour = m_xAxis->labelsBrush().color();
    const QColor grid = m_xAxis->gridLineColor();
    // The theme paints the background with a gradient (white to white in the light theme): a
    // gradient is fetched pixel by pixel on every repaint, about a sixth of a chart grid redraw
    // (bench_app), where a plain colour is a memory fill. The lines image is filled with the same
    // colour, so that it covers the plot area opaque and is copied, not blended (paintLines).
    const QBrush themeBackground = chart->backgroundBrush();
    m_backgroundColour = themeBackground.gradient() && !themeBackground.gradient()->stops().isEmpty()
                           ? themeBackground.gradient()->stops().constFirst().second
                           : themeBackground.color();
    chart->setBackgroundBrush(m_backgroundColour);
    const QColor background = m_backgroundColour;
    const double alpha = grid.alphaF();
    m_gridColour = QColor::fromRgbF(float(grid.redF() * alpha + background.redF() * (1 - alpha)),
                                    float(grid.greenF() * alpha + background.greenF() * (1 - alpha)),
                                    float(grid.blueF() * alpha + background.blueF() * (1 - alpha)));

    connect(m_time, &TimeController::cursorChanged, this, [this] { viewport()->update(); });
    connect(m_time, &TimeController::selectionChanged, this, [this] { viewport()->update(); });
    // Whatever Qt Charts changes in its scene (a new title, the layout after a resize) renders
    // the chrome again; zoom and pan never touch the scene.
    connect(scene(), &QGraphicsScene::changed, this, [this] {
        m_chrome = QImage();
        viewport()->update();
    });
}

TimeSeriesChart::~TimeSeriesChart() = default;

void TimeSeriesChart::setMetric(const QString& metricId, const QString& instance)
{
    m_metricId = metricId;
    m_instance = instance;
    m_unit.clear();
    m_runResult = false;
    for (int r = 0; r < m_runs->count(); ++r) {
        if (const auto* descriptor = m_runs->at(r).run->metric(metricId)) {
            m_unit = QString::fromStdString(descriptor->unit);
            m_runResult = descriptor->scope == runlens::format::MetricScope::Run;
            setToolTip(QString::fromStdString(descriptor->description));
            break;
        }
    }
    chart()->setTitle(title());
    // Qt Charts elides and places a new title only when it lays the frame out, which it does not
    // do for a fixed plot area: a chart switched to cpu1 kept the aggregate's title.
    layOutFrame();
    refresh();
}

QString TimeSeriesChart::title() const
{
    return m_runs->chartTitle(m_metricId, m_instance);
}

QRectF TimeSeriesChart::plotArea() const
{
    return QRectF(kPlotLeft, kPlotTop, std::max(10, width() - kPlotLeft - kPlotRight),
                  std::max(10, height() - kPlotTop - kPlotBottom));
}

void TimeSeriesChart::updatePlotArea()
{
    // A fixed plot area, the same in every chart, keeps crosshairs and ranges lined up
    // whatever the widths of the axis labels.
    chart()->setPlotArea(plotArea());
}

void TimeSeriesChart::resizeEvent(QResizeEvent* event)
{
    // While its plot area is fixed, Qt Charts (6.4) lays out none of its frame again on a resize
    // (AbstractChartLayout::setGeometry updates only charts without a fixed geometry): a grown
    // chart kept its old width's white band, title and axis line, a shrunk one its old centre's
    // title, cached as they were in the chrome. So the frame is laid out for the new size unfixed,
    // at once (the layout request would come after the plot area is fixed again), then fixed.
    chart()->setPlotArea(QRectF());
    QChartView::resizeEvent(event);
    layOutFrame();
    refresh();
}

void TimeSeriesChart::layOutFrame()
{
    chart()->setPlotArea(QRectF());
    chart()->layout()->activate();
    updatePlotArea();
}

void TimeSeriesChart::refresh()
{
    const auto [from, to] = m_time->viewRange();
    const int columns = std::max(1, int(plotArea().width()));

    m_points.assign(std::size_t(m_runs->count()), {});
    double yMin = 0;
    double yMax = 0;
    bool any = false;
    for (int r = 0; r < m_runs->count(); ++r) {
        const RunEntry& entry = m_runs->at(r);
        if (!entry.visible)
            continue;
        DecimatedSeries decimated = pointsOf(entry, from, to, columns);
        if (decimated.hasValues) {
            yMin = any ? std::min(yMin, decimated.minimum) : decimated.minimum;
            yMax = any ? std::max(yMax, decimated.maximum) : decimated.maximum;
            any = true;
        }
        m_points[std::size_t(r)] = std::move(decimated.points);
    }

    if (any) {
        std::tie(yMin, yMax) = valueAxisRange(yMin, yMax, m_unit);
        m_yRange = std::make_pair(yMin, yMax);
    } else {
        m_yRange.reset();
        yMin = 0;
        yMax = 1;
    }
    updateAxes(yMin, yMax);
    paintLines();
    viewport()->update();
}

std::optional<double> TimeSeriesChart::resultOf(const RunEntry& entry) const
{
    const std::vector<double> result = WindowStatistics::runResult(entry.run->series(m_metricId, m_instance));
    return result.empty() ? std::nullopt : std::optional<double>(result.front());
}

DecimatedSeries TimeSeriesChart::pointsOf(const RunEntry& entry, double from, double to, int columns) const
{
    if (!m_runResult) {
        const SeriesView view = entry.run->series(m_metricId, m_instance);
        return decimate(view.times, view.values, entry.offsetSeconds, from, to, columns);
    }
    // A result describes the whole run, not the moment the benchmark printed it (usually its
    // last second): a level across the run compares at a glance with the other runs' levels,
    // where a single dot at the end would hide under the axis or the next run's line.
    DecimatedSeries level;
    if (const auto value = resultOf(entry)) {
        const double start = entry.offsetSeconds;
        const double end = start + std::max(entry.run->durationSeconds(), entry.run->intervalSeconds());
        level.points = {QPointF(start, *value), QPointF(end, *value)};
        level.minimum = level.maximum = *value;
        level.hasValues = true;
    }
    return level;
}

void TimeSeriesChart::paintLines()
{
    const QRectF area = plotArea();
    const qreal ratio = devicePixelRatioF();
    // Painted in device pixels; the ratio is set afterwards so drawForeground scales it back.
    // Reused while the size stays: a fresh image of this size is a fresh mmap, page faults and all.
    // Opaque, on the chart's background colour: Qt Charts draws nothing visible inside the plot
    // area (no plot background, grid or series), so the image can cover it, and drawing an opaque
    // image is a copy of its rows where a transparent one is blended pixel by pixel (bench_app).
    const QSize size = (area.size() * ratio).toSize();
    if (m_lines.size() != size)
        m_lines = QImage(size, QImage::Format_RGB32);
    m_lines.fill(m_backgroundColour);
    if (m_yRange) {
        const auto [from, to] = m_time->viewRange();
        const auto [yMin, yMax] = *m_yRange;
        const double xScale = area.width() * ratio / (to - from);
        const double yScale = area.height() * ratio / (yMax - yMin);
        const double bottom = area.height() * ratio;
        // The baseline last, so that it is on top where runs overlap.
        std::vector<int> order;
        for (int r = 0; r < int(m_points.size()); ++r) {
            if (r != m_runs->baselineIndex())
                order.push_back(r);
        }
        if (m_runs->baselineIndex() >= 0 && m_runs->baselineIndex() < int(m_points.size()))
            order.push_back(m_runs->baselineIndex());

        // The grid under the lines, one device pixel wide.
        SeriesRaster raster(m_lines);
        for (const TickLabel& label : m_xLabels)
            raster.drawVerticalLine(int(std::floor((label.value - from) * xScale)), m_gridColour.rgb());
        for (const TickLabel& label : m_yLabels)
            raster.drawHorizontalLine(int(std::floor(bottom - (label.value - yMin) * yScale)), m_gridColour.rgb());

        std::vector<QPointF> mapped;
        for (const int r : order) {
            const auto& points = m_points[std::size_t(r)];
            mapped.resize(points.size());
            std::transform(points.begin(), points.end(), mapped.begin(), [&](const QPointF& point) {
                return QPointF((point.x() - from) * xScale, bottom - (point.y() - yMin) * yScale);
            });
            raster.drawSeries(mapped, m_runs->at(r).colour, ratio);
        }
    }
    m_lines.setDevicePixelRatio(ratio);

    // Qt Charts draws the left and bottom axis lines on the plot area's edges, half inside it. The
    // opaque image would hide that half, so its outermost device pixels there are drawn blended
    // instead, with the background made transparent: the axis lines show where no line or grid
    // line is drawn over them, as under the transparent image this used to be.
    const int edge = std::min({int(std::ceil(ratio)), size.width(), size.height()});
    const QRgb background = m_backgroundColour.rgb();
    const auto transparentBackground = [&](const QRect& rect) {
        QImage image = m_lines.copy(rect).convertToFormat(QImage::Format_ARGB32_Premultiplied);
        for (int y = 0; y < image.height(); ++y) {
            auto* pixels = reinterpret_cast<QRgb*>(image.scanLine(y));
            std::replace(pixels, pixels + image.width(), background, QRgb(0));
        }
        image.setDevicePixelRatio(ratio);
        return image;
    };
    m_leftEdge = transparentBackground(QRect(0, 0, edge, size.height() - edge));
    m_bottomEdge = transparentBackground(QRect(0, size.height() - edge, size.width(), edge));
}

QRect TimeSeriesChart::opaqueLinesRect() const
{
    // In logical pixels, the part of the plot area that the lines image covers opaque: all but
    // the edges above, rounded inwards.
    const qreal ratio = m_lines.devicePixelRatio();
    const QRectF area = plotArea();
    const QRectF inner = area.adjusted(m_leftEdge.width() / ratio, 0, 0, -m_bottomEdge.height() / ratio);
    return QRect(QPoint(int(std::ceil(inner.left())), int(std::ceil(inner.top()))),
                 QPoint(int(std::floor(inner.right())) - 1, int(std::floor(inner.bottom())) - 1));
}

void TimeSeriesChart::drawLinesImage(QPainter* painter) const
{
    const QRectF area = plotArea();
    const qreal ratio = m_lines.devicePixelRatio();
    const int left = m_leftEdge.width();
    const int bottom = m_bottomEdge.height();
    painter->drawImage(area.topLeft() + QPointF(left / ratio, 0), m_lines, QRectF(left, 0, m_lines.width() - left, m_lines.height() - bottom));
    painter->drawImage(area.topLeft(), m_leftEdge);
    painter->drawImage(QPointF(area.left(), area.bottom() - bottom / ratio), m_bottomEdge);
}

void TimeSeriesChart::updateAxes(double yMin, double yMax)
{
    const auto [from, to] = m_time->viewRange();
    const AxisTicks xTicks = timeTicks(from, to, std::max(2, int(plotArea().width() / 110)));
    // Byte ticks fall on round binary sizes (4 GiB, 8 GiB), not on round decimal byte counts.
    const AxisTicks yTicks = valueTicks(yMin, yMax, std::max(2, int(plotArea().height() / 40)), m_unit);

    setTickLabels(m_xLabels, xTicks, [&](double value) { return timeTickLabel(value, xTicks.step); });
    setTickLabels(m_yLabels, yTicks, [&](double value) { return UnitFormat::formatTick(value, yTicks.step, m_unit); });
}

void TimeSeriesChart::setTickLabels(std::vector<TickLabel>& labels, const AxisTicks& ticks,
                                    const std::function<QString(double)>& format)
{
    // A label is laid out once (QStaticText) and kept while its text stays: during a pan most
    // labels only move.
    std::vector<TickLabel> next;
    next.reserve(ticks.values.size());
    const QString fontKey = m_labelFont.key();
    for (const double value : ticks.values) {
        const QString text = format(value);
        const auto reused = std::find_if(labels.begin(), labels.end(), [&](const TickLabel& label) { return label.text.text() == text; });
        if (reused != labels.end()) {
            next.push_back({value, std::move(reused->text)});
            labels.erase(reused);
        } else {
            next.push_back({value, preparedLabel(text, m_labelFont, fontKey)});
        }
    }
    labels = std::move(next);
}

void TimeSeriesChart::drawTickLabels(QPainter* painter) const
{
    const QRectF area = plotArea();
    const auto [yMin, yMax] = m_yRange.value_or(std::make_pair(0.0, 1.0));
    painter->setFont(m_labelFont);
    painter->setPen(m_labelColour);
    for (const TickLabel& label : m_xLabels) {
        const QSizeF size = label.text.size();
        const double x = xOf(label.value);
        painter->drawStaticText(QPointF(std::round(x - size.width() / 2), area.bottom() + 4), label.text);
    }
    for (const TickLabel& label : m_yLabels) {
        const QSizeF size = label.text.size();
        const double y = area.bottom() - (label.value - yMin) / (yMax - yMin) * area.height();
        painter->drawStaticText(QPointF(std::round(area.left() - 6 - size.width()), std::round(y - size.height() / 2)), label.text);
    }
}

QStringList TimeSeriesChart::tickLabels(Qt::Orientation orientation) const
{
    QStringList texts;
    for (const TickLabel& label : orientation == Qt::Horizontal ? m_xLabels : m_yLabels)
        texts.append(label.text.text());
    return texts;
}

int TimeSeriesChart::drawnPointCount() const
{
    int count = 0;
    for (const auto& points : m_points)
        count += int(std::count_if(points.begin(), points.end(), [](const QPointF& p) { return !std::isnan(p.y()); }));
    return count;
}

std::vector<QPointF> TimeSeriesChart::drawnPoints(int runIndex) const
{
    std::vector<QPointF> points;
    if (runIndex < 0 || runIndex >= int(m_points.size()))
        return points;
    for (const QPointF& point : m_points[std::size_t(runIndex)]) {
        if (!std::isnan(point.y()))
            points.push_back(point);
    }
    return points;
}

std::optional<std::pair<double, double>> TimeSeriesChart::yRange() const
{
    return m_yRange;
}

std::vector<std::pair<int, double>> TimeSeriesChart::valuesAt(double time) const
{
    std::vector<std::pair<int, double>> values;
    for (int r = 0; r < m_runs->count(); ++r) {
        const RunEntry& entry = m_runs->at(r);
        if (!entry.visible)
            continue;
        const double runTime = time - entry.offsetSeconds;
        if (m_runResult) {
            const auto value = resultOf(entry);
            if (value && runTime >= 0 && runTime <= std::max(entry.run->durationSeconds(), entry.run->intervalSeconds()))
                values.emplace_back(r, *value);
            continue;
        }
        const SeriesView view = entry.run->series(m_metricId, m_instance);
        if (view.isEmpty())
            continue;
        // The sample that was current at that time: the last one at or before it.
        auto it = std::upper_bound(view.times.begin(), view.times.end(), runTime);
        if (it == view.times.begin())
            continue;
        const std::size_t index = std::size_t(std::prev(it) - view.times.begin());
        if (runTime - view.times[index] > entry.run->intervalSeconds() * 1.5 && it == view.times.end())
            continue; // past the end of this run
        values.emplace_back(r, view.values[index]);
    }
    return values;
}

double TimeSeriesChart::xOf(double time) const
{
    const QRectF area = plotArea();
    const auto [from, to] = m_time->viewRange();
    return area.left() + (time - from) / (to - from) * area.width();
}

double TimeSeriesChart::timeAt(double x) const
{
    const QRectF area = plotArea();
    const auto [from, to] = m_time->viewRange();
    return from + (x - area.left()) / area.width() * (to - from);
}

std::optional<std::pair<int, int>> TimeSeriesChart::trimEdgeAt(double x) const
{
    // Trim windows are drawn only without a selection; their edges are only grabbed then.
    if (m_time->selection())
        return std::nullopt;
    constexpr double kReach = 5; // pixels either side of an edge
    std::optional<std::pair<int, int>> nearest;
    double nearestDistance = kReach;
    const int current = m_runs->currentIndex();
    for (const HighlightedWindow& window : highlightedWindows()) {
        if (window.run < 0)
            continue;
        for (int edge = 0; edge < 2; ++edge) {
            const double distance = std::fabs(xOf(edge == 0 ? window.from : window.to) - x);
            // The selected run's edge wins a tie: it is the one the user is working on.
            if (distance < nearestDistance || (distance <= nearestDistance && window.run == current)) {
                nearestDistance = distance;
                nearest = std::make_pair(window.run, edge);
            }
        }
    }
    return nearest;
}

void TimeSeriesChart::mousePressEvent(QMouseEvent* event)
{
    emit focused(this);
    if (event->button() == Qt::LeftButton) {
        const auto edge = event->modifiers() == Qt::NoModifier ? trimEdgeAt(event->position().x()) : std::nullopt;
        m_drag = edge                                     ? Drag::TrimEdge
               : event->modifiers() & Qt::ShiftModifier   ? Drag::Select
               : event->modifiers() & Qt::ControlModifier ? Drag::Pan
               : event->modifiers() & Qt::AltModifier     ? Drag::Offset
                                                          : Drag::Zoom;
        if (edge) {
            m_trimEdge = *edge;
            m_trimStart = m_runs->at(edge->first).trim;
        }
        if (m_drag == Drag::Offset) {
            // The run picked in the run list, else the last one opened (usually the tuned run).
            m_offsetRun = m_runs->currentIndex() >= 0 ? m_runs->currentIndex() : m_runs->count() - 1;
            if (m_offsetRun < 0)
                m_drag = Drag::None;
            else
                m_offsetStart = m_runs->at(m_offsetRun).offsetSeconds;
        }
    } else if (event->button() == Qt::MiddleButton) {
        m_drag = Drag::Pan;
    } else {
        return QChartView::mousePressEvent(event);
    }
    m_dragStart = m_dragNow = event->position();
    m_panStartRange = m_time->viewRange();
    event->accept();
}

void TimeSeriesChart::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF position = event->position();
    if (plotArea().contains(position) || m_drag != Drag::None)
        m_time->setCursor(timeAt(position.x()));
    else
        m_time->setCursor(std::nullopt);
    if (m_drag == Drag::None)
        viewport()->setCursor(trimEdgeAt(position.x()) ? Qt::SizeHorCursor : Qt::ArrowCursor);
    if (m_drag == Drag::TrimEdge && m_trimStart && m_trimEdge.first < m_runs->count()) {
        // The edge follows the mouse in the run's own seconds, within the run.
        const RunEntry& entry = m_runs->at(m_trimEdge.first);
        const double t = std::clamp(timeAt(position.x()) - entry.offsetSeconds, 0.0, entry.run->durationSeconds());
        auto trim = *m_trimStart;
        (m_trimEdge.second == 0 ? trim.first : trim.second) = t;
        if (trim.first != trim.second)
            m_runs->setTrim(m_trimEdge.first, trim); // RunSet swaps edges dragged past each other
    }
    if (m_drag == Drag::Offset && m_offsetRun < m_runs->count()) {
        const double secondsPerPixel = (m_panStartRange.second - m_panStartRange.first) / plotArea().width();
        m_runs->setOffset(m_offsetRun, m_offsetStart + (position.x() - m_dragStart.x()) * secondsPerPixel);
    }
    if (m_drag == Drag::Pan) {
        const double secondsPerPixel = (m_panStartRange.second - m_panStartRange.first) / plotArea().width();
        const double delta = -(position.x() - m_dragStart.x()) * secondsPerPixel;
        m_time->setViewRange({m_panStartRange.first + delta, m_panStartRange.second + delta});
    }
    m_dragNow = position;
    if (m_drag != Drag::None)
        viewport()->update();
}

void TimeSeriesChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_drag == Drag::None)
        return QChartView::mouseReleaseEvent(event);
    const double a = timeAt(m_dragStart.x());
    const double b = timeAt(event->position().x());
    const bool moved = std::fabs(event->position().x() - m_dragStart.x()) >= 4;
    if (m_drag == Drag::Zoom && moved)
        m_time->setViewRange({std::min(a, b), std::max(a, b)});
    else if (m_drag == Drag::Select && moved)
        m_time->setSelection(std::make_pair(std::min(a, b), std::max(a, b)));
    else if (m_drag == Drag::Select)
        m_time->setSelection(std::nullopt); // a Shift+click clears the selection
    m_drag = Drag::None;
    viewport()->update();
    event->accept();
}

void TimeSeriesChart::mouseDoubleClickEvent(QMouseEvent* event)
{
    m_time->resetZoom();
    event->accept();
}

void TimeSeriesChart::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    if (event->modifiers() & Qt::ShiftModifier) {
        const auto [from, to] = m_time->viewRange();
        m_time->pan(-(to - from) * 0.1 * steps);
    } else {
        m_time->zoomAt(timeAt(event->position().x()), std::pow(0.8, steps));
    }
    event->accept();
}

void TimeSeriesChart::leaveEvent(QEvent* event)
{
    m_time->setCursor(std::nullopt);
    QChartView::leaveEvent(event);
}

void TimeSeriesChart::keyPressEvent(QKeyEvent* event)
{
    const auto [from, to] = m_time->viewRange();
    switch (event->key()) {
    case Qt::Key_Escape:
        if (m_drag != Drag::None) {
            if (m_drag == Drag::Offset && m_offsetRun < m_runs->count())
                m_runs->setOffset(m_offsetRun, m_offsetStart); // Esc puts the run back
            if (m_drag == Drag::TrimEdge && m_trimEdge.first < m_runs->count())
                m_runs->setTrim(m_trimEdge.first, m_trimStart); // and the trim
            m_drag = Drag::None;
            viewport()->update();
        } else {
            m_time->resetZoom();
        }
        break;
    case Qt::Key_Left: m_time->pan(-(to - from) * 0.1); break;
    case Qt::Key_Right: m_time->pan((to - from) * 0.1); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: m_time->zoomAt((from + to) / 2, 0.8); break;
    case Qt::Key_Minus: m_time->zoomAt((from + to) / 2, 1.25); break;
    default: QChartView::keyPressEvent(event); return;
    }
    event->accept();
}

std::vector<TimeSeriesChart::HighlightedWindow> TimeSeriesChart::highlightedWindows() const
{
    if (const auto selection = m_time->selection())
        return {{selection->first, selection->second, -1}};
    std::vector<HighlightedWindow> windows;
    for (int r = 0; r < m_runs->count(); ++r) {
        const RunEntry& entry = m_runs->at(r);
        if (entry.visible && entry.trim)
            windows.push_back({entry.trim->first + entry.offsetSeconds, entry.trim->second + entry.offsetSeconds, r});
    }
    return windows;
}

std::optional<TimeSeriesChart::HighlightedWindow> TimeSeriesChart::proposedWindow() const
{
    const int current = m_runs->currentIndex();
    if (m_time->selection() || current < 0 || current >= m_runs->count() || !m_runs->at(current).visible)
        return std::nullopt;
    const RunEntry& entry = m_runs->at(current);
    const SteadyStateProposal& proposal = m_runs->steadyState(current);
    if (!proposal.window || entry.trim == proposal.window)
        return std::nullopt;
    return HighlightedWindow{proposal.window->first + entry.offsetSeconds, proposal.window->second + entry.offsetSeconds, current};
}

void TimeSeriesChart::renderChrome()
{
    // The window's colour where the chart's background does not reach, as the grid behind showed
    // it before the viewport became opaque.
    const qreal ratio = devicePixelRatioF();
    m_chrome = QImage((QSizeF(viewport()->size()) * ratio).toSize(), QImage::Format_RGB32);
    m_chrome.setDevicePixelRatio(ratio);
    m_chrome.fill(palette().color(QPalette::Window));
    QPainter painter(&m_chrome);
    painter.setRenderHints(renderHints());
    // The scene's own render, not the view's: that would call drawForeground, the lines and all.
    scene()->render(&painter, QRectF(QPointF(0, 0), QSizeF(viewport()->size())), sceneRect(), Qt::IgnoreAspectRatio);
}

void TimeSeriesChart::paintEvent(QPaintEvent* event)
{
    // Instead of QGraphicsView::paintEvent: what Qt Charts draws (background, axis lines, title)
    // changes with the size or the title, never on zoom or pan, yet painting the scene filled the
    // background, stroked the axis lines and laid the title out as rich text, per chart and per
    // frame: about a third of a chart grid redraw (bench_app). So it is rendered once into an
    // image and copied; the lines image covers the plot area, so that part is not copied twice.
    if (m_chrome.isNull() || m_chrome.size() != (QSizeF(viewport()->size()) * devicePixelRatioF()).toSize())
        renderChrome();
    QPainter painter(viewport());
    painter.setRenderHints(renderHints());
    const QRectF area = plotArea();
    QRegion chrome = event->region();
    if (m_lines.size() == (area.size() * devicePixelRatioF()).toSize())
        chrome -= opaqueLinesRect();
    const qreal ratio = m_chrome.devicePixelRatio();
    for (const QRect& rect : chrome)
        painter.drawImage(rect.topLeft(), m_chrome, QRectF(QPointF(rect.topLeft()) * ratio, QSizeF(rect.size()) * ratio));
    drawForeground(&painter, QRectF(event->rect()));
}

void TimeSeriesChart::changeEvent(QEvent* event)
{
    // The window colour around the chart's background is part of the chrome.
    if (event->type() == QEvent::PaletteChange) {
        m_chrome = QImage();
        viewport()->update();
    }
    QChartView::changeEvent(event);
}

void TimeSeriesChart::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF area = plotArea();
    painter->save();
    drawTickLabels(painter);
    drawLinesImage(painter);
    painter->setClipRect(area);

    for (const HighlightedWindow& window : highlightedWindows()) {
        const double left = xOf(window.from);
        const double right = xOf(window.to);
        // The selection in the highlight colour; a trim window in its run's colour, fainter and
        // dashed at the edges: several runs can have different ones.
        const QColor colour = window.run < 0 ? palette().highlight().color() : QColor::fromRgb(m_runs->at(window.run).colour);
        QColor band = colour;
        band.setAlpha(window.run < 0 ? 45 : 30);
        painter->fillRect(QRectF(QPointF(left, area.top()), QPointF(right, area.bottom())), band);
        painter->setPen(QPen(colour, 1.0, window.run < 0 ? Qt::SolidLine : Qt::DashLine));
        painter->drawLine(QLineF(left, area.top(), left, area.bottom()));
        painter->drawLine(QLineF(right, area.top(), right, area.bottom()));
    }

    if (const auto proposed = proposedWindow()) {
        const double left = xOf(proposed->from);
        const double right = xOf(proposed->to);
        QColor colour = QColor::fromRgb(m_runs->at(proposed->run).colour);
        colour.setAlpha(110);
        painter->fillRect(QRectF(QPointF(left, area.top()), QPointF(right, area.bottom())), QBrush(colour, Qt::BDiagPattern));
        painter->setPen(QPen(colour, 1.0, Qt::DotLine));
        painter->drawLine(QLineF(left, area.top(), left, area.bottom()));
        painter->drawLine(QLineF(right, area.top(), right, area.bottom()));
        colour.setAlpha(255);
        painter->setPen(colour);
        painter->drawText(QRectF(left + 4, area.top() + 2, std::max(0.0, right - left - 8), QFontMetricsF(font()).height()),
                          Qt::AlignLeft | Qt::AlignTop, tr("Steady state? Right-click the run to trim to it"));
    }

    if (m_drag == Drag::Zoom || m_drag == Drag::Select) {
        QColor fill = m_drag == Drag::Zoom ? QColor(120, 120, 120, 50) : palette().highlight().color();
        if (m_drag == Drag::Select)
            fill.setAlpha(70);
        painter->fillRect(QRectF(QPointF(m_dragStart.x(), area.top()), QPointF(m_dragNow.x(), area.bottom())), fill);
    }

    if (const auto cursor = m_time->cursor()) {
        const double x = xOf(*cursor);
        painter->setPen(QPen(QColor(90, 90, 90), 1.0, Qt::DashLine));
        painter->drawLine(QLineF(x, area.top(), x, area.bottom()));
        // The readout: each run's value at the crosshair, in the run's colour.
        const auto values = valuesAt(*cursor);
        if (!values.empty()) {
            const QFontMetrics metrics(font());
            QStringList lines;
            int width = 0;
            for (const auto& [run, value] : values) {
                lines.append(QStringLiteral("%1: %2").arg(m_runs->at(run).displayName, UnitFormat::format(value, m_unit)));
                width = std::max(width, metrics.horizontalAdvance(lines.back()));
            }
            const int lineHeight = metrics.height();
            QRectF box(x + 8, area.top() + 4, width + 14, lineHeight * int(lines.size()) + 6);
            if (box.right() > area.right())
                box.moveRight(x - 8);
            painter->setClipping(false);
            painter->setPen(QColor(160, 160, 160));
            painter->setBrush(QColor(255, 255, 255, 230));
            painter->drawRect(box);
            for (int i = 0; i < int(lines.size()); ++i) {
                painter->setPen(QColor::fromRgb(m_runs->at(values[std::size_t(i)].first).colour).darker(130));
                painter->drawText(QPointF(box.left() + 7, box.top() + 3 + metrics.ascent() + i * lineHeight), lines[i]);
            }
        }
    }
    painter->restore();
}
