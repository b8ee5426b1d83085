#include "TimeSeriesChart.h"

#include "Decimator.h"
#include "RunSet.h"
#include "SeriesRaster.h"
#include "TimeAxisTicks.h"
#include "TimeController.h"
#include "UnitFormat.h"

#include <QChart>
#include <QMouseEvent>
#include <QPainter>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace {

constexpr int kPlotTop = 30;
constexpr int kPlotRight = 14;
constexpr int kPlotBottom = 26;

QString timeLabel(double seconds, double step)
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
    const QColor background = chart->backgroundBrush().color();
    const double alpha = grid.alphaF();
    m_gridColour = QColor::fromRgbF(float(grid.redF() * alpha + background.redF() * (1 - alpha)),
                                    float(grid.greenF() * alpha + background.greenF() * (1 - alpha)),
                                    float(grid.blueF() * alpha + background.blueF() * (1 - alpha)));

    connect(m_time, &TimeController::cursorChanged, this, [this] { viewport()->update(); });
    connect(m_time, &TimeController::selectionChanged, this, [this] { viewport()->update(); });
}

TimeSeriesChart::~TimeSeriesChart() = default;

void TimeSeriesChart::setMetric(const QString& metricId, const QString& instance)
{
    m_metricId = metricId;
    m_instance = instance;
    m_unit.clear();
    for (int r = 0; r < m_runs->count(); ++r) {
        if (const auto* descriptor = m_runs->at(r).run->metric(metricId)) {
            m_unit = QString::fromStdString(descriptor->unit);
            setToolTip(QString::fromStdString(descriptor->description));
            break;
        }
    }
    chart()->setTitle(title());
    refresh();
}

QString TimeSeriesChart::title() const
{
    QString name = m_metricId;
    for (int r = 0; r < m_runs->count(); ++r) {
        if (const auto* descriptor = m_runs->at(r).run->metric(m_metricId)) {
            if (!descriptor->title.empty())
                name = QString::fromStdString(descriptor->title);
            break;
        }
    }
    if (!m_instance.isEmpty() && m_instance != QLatin1String("all"))
        name += QStringLiteral(" — ") + m_instance;
    return m_unit.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, m_unit);
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
    QChartView::resizeEvent(event);
    updatePlotArea();
    refresh();
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
        const SeriesView view = entry.run->series(m_metricId, m_instance);
        DecimatedSeries decimated = decimate(view.times, view.values, entry.offsetSeconds, from, to, columns);
        if (decimated.hasValues) {
            yMin = any ? std::min(yMin, decimated.minimum) : decimated.minimum;
            yMax = any ? std::max(yMax, decimated.maximum) : decimated.maximum;
            any = true;
        }
        m_points[std::size_t(r)] = std::move(decimated.points);
    }

    if (any) {
        // Counts and rates start at zero so that changes are not exaggerated.
        if (yMin >= 0)
            yMin = 0;
        if (m_unit == QLatin1String("%") && yMax <= 100 && yMax > 50)
            yMax = 100;
        if (yMax - yMin < 1e-12)
            yMax = yMin + (std::fabs(yMin) > 0 ? std::fabs(yMin) * 0.1 : 1.0);
        else
            yMax += (yMax - yMin) * 0.05;
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

void TimeSeriesChart::paintLines()
{
    const QRectF area = plotArea();
    const qreal ratio = devicePixelRatioF();
    // Painted in device pixels; the ratio is set afterwards so drawForeground scales it back.
    // Reused while the size stays: a fresh image of this size is a fresh mmap, page faults and all.
    const QSize size = (area.size() * ratio).toSize();
    if (m_lines.size() != size)
        m_lines = QImage(size, QImage::Format_ARGB32_Premultiplied);
    m_lines.fill(Qt::transparent);
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
}

void TimeSeriesChart::updateAxes(double yMin, double yMax)
{
    const auto [from, to] = m_time->viewRange();
    const AxisTicks xTicks = timeTicks(from, to, std::max(2, int(plotArea().width() / 110)));
    // Byte ticks fall on round binary sizes (4 GiB, 8 GiB), not on round decimal byte counts.
    double scale = 1;
    if (m_unit.startsWith(QLatin1String("bytes"))) {
        while (std::max(std::fabs(yMin), std::fabs(yMax)) / scale >= 1024)
            scale *= 1024;
    }
    AxisTicks yTicks = niceTicks(yMin / scale, yMax / scale, std::max(2, int(plotArea().height() / 40)));
    for (double& value : yTicks.values)
        value *= scale;
    yTicks.step *= scale;

    setTickLabels(m_xLabels, xTicks, [&](double value) { return timeLabel(value, xTicks.step); });
    setTickLabels(m_yLabels, yTicks, [&](double value) { return UnitFormat::formatTick(value, yTicks.step, m_unit); });
}

void TimeSeriesChart::setTickLabels(std::vector<TickLabel>& labels, const AxisTicks& ticks,
                                    const std::function<QString(double)>& format)
{
    // A label is laid out once (QStaticText) and kept while its text stays: during a pan most
    // labels only move.
    std::vector<TickLabel> next;
    next.reserve(ticks.values.size());
    for (const double value : ticks.values) {
        const QString text = format(value);
        const auto reused = std::find_if(labels.begin(), labels.end(), [&](const TickLabel& label) { return label.text.text() == text; });
        if (reused != labels.end()) {
            next.push_back({value, std::move(reused->text)});
            labels.erase(reused);
        } else {
            QStaticText staticText(text);
            staticText.setTextFormat(Qt::PlainText);
            staticText.prepare(QTransform(), m_labelFont);
            next.push_back({value, std::move(staticText)});
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
        const SeriesView view = entry.run->series(m_metricId, m_instance);
        if (view.isEmpty())
            continue;
        const double runTime = time - entry.offsetSeconds;
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

void TimeSeriesChart::mousePressEvent(QMouseEvent* event)
{
    emit focused(this);
    if (event->button() == Qt::LeftButton) {
        m_drag = event->modifiers() & Qt::ShiftModifier   ? Drag::Select
               : event->modifiers() & Qt::ControlModifier ? Drag::Pan
               : event->modifiers() & Qt::AltModifier     ? Drag::Offset
                                                          : Drag::Zoom;
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

void TimeSeriesChart::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF area = plotArea();
    painter->save();
    drawTickLabels(painter);
    painter->drawImage(area.topLeft(), m_lines);
    painter->setClipRect(area);

    if (const auto selection = m_time->selection()) {
        const double left = xOf(selection->first);
        const double right = xOf(selection->second);
        QColor band = palette().highlight().color();
        band.setAlpha(45);
        painter->fillRect(QRectF(QPointF(left, area.top()), QPointF(right, area.bottom())), band);
        QPen edge(palette().highlight().color(), 1.0);
        painter->setPen(edge);
        painter->drawLine(QLineF(left, area.top(), left, area.bottom()));
        painter->drawLine(QLineF(right, area.top(), right, area.bottom()));
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
