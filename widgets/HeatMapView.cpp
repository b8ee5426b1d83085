#include "HeatMapView.h"

#include "RunSet.h"
#include "TimeAxisTicks.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"
#include "UnitFormat.h"

#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace {

constexpr int kBandGap = 6;
constexpr int kTitleHeight = 18;     // each run's name above its band
constexpr int kHeaderHeight = 24;    // the metric's title and the colour legend
constexpr int kAxisHeight = 20;      // the time axis under the bands
constexpr int kLegendWidth = 120;    // the colour ramp, with its low and high values either side
constexpr int kMaximumRowHeight = 16;

} // namespace

HeatMapView::HeatMapView(RunSet* runs, TimeController* time, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_time(time)
{
    setMouseTracking(true);
    setMinimumHeight(120);
    setAttribute(Qt::WA_OpaquePaintEvent);
    connect(time, &TimeController::cursorChanged, this, qOverload<>(&QWidget::update));
    connect(time, &TimeController::selectionChanged, this, qOverload<>(&QWidget::update));
}

QColor HeatMapView::colourFor(double fraction)
{
    // A perceptually ordered ramp from pale yellow to dark red (like ColorBrewer's YlOrRd),
    // readable for colour-blind users because it runs in lightness too.
    static const QColor stops[] = {QColor(0xff, 0xff, 0xcc), QColor(0xfe, 0xd9, 0x76), QColor(0xfd, 0x8d, 0x3c),
                                   QColor(0xe3, 0x1a, 0x1c), QColor(0x80, 0x00, 0x26)};
    fraction = std::clamp(fraction, 0.0, 1.0) * 4.0;
    const int index = std::min(3, int(fraction));
    const double t = fraction - index;
    const QColor& a = stops[index];
    const QColor& b = stops[index + 1];
    return QColor(int(a.red() + (b.red() - a.red()) * t), int(a.green() + (b.green() - a.green()) * t),
                  int(a.blue() + (b.blue() - a.blue()) * t));
}

void HeatMapView::setMetric(const QString& metricId)
{
    m_metricId = metricId;
    m_unit.clear();
    for (int r = 0; r < m_runs->count(); ++r) {
        if (const auto* descriptor = m_runs->at(r).run->metric(metricId)) {
            m_unit = QString::fromStdString(descriptor->unit);
            break;
        }
    }
    refresh();
}

QRect HeatMapView::plotArea() const
{
    return QRect(TimeSeriesChart::kPlotLeft, kHeaderHeight, std::max(10, width() - TimeSeriesChart::kPlotLeft - 14),
                 std::max(10, height() - kHeaderHeight - kAxisHeight));
}

QString HeatMapView::title() const
{
    return m_runs->chartTitle(m_metricId, QString());
}

QRect HeatMapView::legendRect() const
{
    const QRect area = plotArea();
    const int textWidth = fontMetrics().horizontalAdvance(UnitFormat::format(m_high, m_unit)) + 6;
    return QRect(area.right() - textWidth - kLegendWidth, 6, kLegendWidth, kHeaderHeight - 12);
}

void HeatMapView::setTimeAxisShown(bool shown)
{
    m_timeAxisShown = shown;
    update();
}

QStringList HeatMapView::timeTickLabels() const
{
    const auto [from, to] = m_time->viewRange();
    const AxisTicks ticks = timeTicks(from, to, std::max(2, plotArea().width() / 110));
    QStringList labels;
    for (const double value : ticks.values)
        labels.append(timeTickLabel(value, ticks.step));
    return labels;
}

QRect HeatMapView::bandsArea() const
{
    QRect area;
    for (const Band& band : m_bands)
        area = area.united(band.rect);
    return area;
}

QSize HeatMapView::sizeHint() const
{
    int rows = 0;
    for (int r = 0; r < m_runs->count(); ++r)
        rows += int(m_runs->at(r).run->instances(m_metricId).size());
    return QSize(600, std::clamp(rows * (rows > 32 ? 3 : kMaximumRowHeight) + m_runs->count() * (kTitleHeight + kBandGap)
                                     + kHeaderHeight + kAxisHeight, 120, 640));
}

void HeatMapView::refresh()
{
    m_bands.clear();
    const QRect area = plotArea();
    const int columns = std::max(1, area.width());
    const auto [from, to] = m_time->viewRange();
    const double secondsPerColumn = (to - from) / columns;

    // First pass: the value range over everything visible, shared by all bands so colours compare.
    bool any = false;
    m_low = 0;
    m_high = 0;
    std::vector<std::vector<std::vector<double>>> cells; // band, row, column (max in the column)
    for (int r = 0; r < m_runs->count(); ++r) {
        const RunEntry& entry = m_runs->at(r);
        if (!entry.visible)
            continue;
        Band band;
        band.run = r;
        for (const QString& instance : entry.run->instances(m_metricId)) {
            if (!Run::isAggregate(instance))
                band.instances.append(instance);
        }
        if (band.instances.isEmpty())
            continue;
        std::vector<std::vector<double>> rows(std::size_t(band.instances.size()), std::vector<double>(std::size_t(columns), std::nan("")));
        for (int row = 0; row < int(band.instances.size()); ++row) {
            const SeriesView view = entry.run->series(m_metricId, band.instances[row]);
            for (std::size_t i = 0; i < view.size(); ++i) {
                const double t = view.times[i] + entry.offsetSeconds;
                const double value = view.values[i];
                // A sample covers the interval before it: the one just past the view's end still
                // covers its last columns (skipping it left them empty, short of the right edge).
                if (t < from || t - entry.run->intervalSeconds() > to || std::isnan(value))
                    continue;
                // A sample covers the interval before it; paint it over the columns it spans.
                const double start = std::max(from, t - entry.run->intervalSeconds());
                const int first = std::clamp(int((start - from) / secondsPerColumn), 0, columns - 1);
                const int last = std::clamp(int((t - from) / secondsPerColumn), 0, columns - 1);
                for (int c = first; c <= last; ++c) {
                    double& cell = rows[std::size_t(row)][std::size_t(c)];
                    cell = std::isnan(cell) ? value : std::max(cell, value);
                }
                m_low = any ? std::min(m_low, value) : value;
                m_high = any ? std::max(m_high, value) : value;
                any = true;
            }
        }
        cells.push_back(std::move(rows));
        m_bands.push_back(std::move(band));
    }
    if (m_unit == QLatin1String("%")) {
        m_low = 0;
        m_high = std::max(m_high, 1.0);
    }
    if (m_high - m_low < 1e-12)
        m_high = m_low + 1;

    // Second pass: the images, and where each band goes.
    int totalRows = 0;
    for (const Band& band : m_bands)
        totalRows += int(band.instances.size());
    const int available = area.height() - int(m_bands.size()) * (kTitleHeight + kBandGap);
    const double rowHeight = totalRows > 0 ? std::min<double>(kMaximumRowHeight, std::max(1.0, double(available) / totalRows)) : 1;
    int y = area.top();
    for (std::size_t b = 0; b < m_bands.size(); ++b) {
        Band& band = m_bands[b];
        band.image = QImage(columns, int(band.instances.size()), QImage::Format_RGB32);
        band.image.fill(QColor(0xf2, 0xf2, 0xf2));
        for (int row = 0; row < int(band.instances.size()); ++row) {
            auto* line = reinterpret_cast<QRgb*>(band.image.scanLine(row));
            for (int c = 0; c < columns; ++c) {
                const double value = cells[b][std::size_t(row)][std::size_t(c)];
                if (!std::isnan(value))
                    line[c] = colourFor((value - m_low) / (m_high - m_low)).rgb();
            }
        }
        y += kTitleHeight;
        band.rect = QRect(area.left(), y, area.width(), std::max(1, int(std::lround(rowHeight * band.instances.size()))));
        y = band.rect.bottom() + 1 + kBandGap;
    }
    update();
}

QStringList HeatMapView::instances(int runIndex) const
{
    for (const Band& band : m_bands) {
        if (band.run == runIndex)
            return band.instances;
    }
    return {};
}

QColor HeatMapView::cellColour(int runIndex, int row, int column) const
{
    for (const Band& band : m_bands) {
        if (band.run == runIndex && band.image.valid(column, row))
            return band.image.pixelColor(column, row);
    }
    return {};
}

void HeatMapView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().window());
    const QRect area = plotArea();
    const auto [from, to] = m_time->viewRange();
    const auto xOf = [&](double t) { return area.left() + (t - from) / (to - from) * area.width(); };

    // The metric's title, as its chart has it, and the legend: what pale and dark stand for.
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(palette().text().color());
    painter.drawText(QRect(area.left(), 0, area.width(), kHeaderHeight), Qt::AlignHCenter | Qt::AlignVCenter, title());
    painter.setFont(font());
    const QRect legend = legendRect();
    QLinearGradient ramp(legend.topLeft(), legend.topRight());
    for (int stop = 0; stop <= 4; ++stop)
        ramp.setColorAt(stop / 4.0, colourFor(stop / 4.0));
    painter.fillRect(legend, ramp);
    painter.drawRect(legend.adjusted(0, 0, -1, -1));
    painter.drawText(QRect(0, 0, legend.left() - 4, kHeaderHeight), Qt::AlignRight | Qt::AlignVCenter, UnitFormat::format(m_low, m_unit));
    painter.drawText(QRect(legend.right() + 5, 0, width(), kHeaderHeight), Qt::AlignLeft | Qt::AlignVCenter, UnitFormat::format(m_high, m_unit));

    // The time axis under the bands, with the charts' ticks and labels.
    const int axisY = (m_bands.empty() ? area.bottom() : bandsArea().bottom()) + 2;
    const AxisTicks ticks = m_timeAxisShown ? timeTicks(from, to, std::max(2, area.width() / 110)) : AxisTicks{};
    if (m_timeAxisShown)
        painter.drawLine(area.left(), axisY, area.right(), axisY);
    for (const double value : ticks.values) {
        const double x = xOf(value);
        painter.drawLine(QPointF(x, axisY), QPointF(x, axisY + 4));
        const QString label = timeTickLabel(value, ticks.step);
        const int labelWidth = fontMetrics().horizontalAdvance(label);
        const double left = std::clamp(x - labelWidth / 2.0, double(area.left()) - labelWidth / 2.0, double(width() - labelWidth - 2));
        painter.drawText(QRectF(left, axisY + 4, labelWidth + 2, fontMetrics().height()), Qt::AlignLeft | Qt::AlignTop, label);
    }

    for (const Band& band : m_bands) {
        const RunEntry& entry = m_runs->at(band.run);
        painter.setPen(QColor::fromRgb(entry.colour).darker(120));
        painter.setFont(bold);
        painter.drawText(QRect(band.rect.left(), band.rect.top() - kTitleHeight, band.rect.width(), kTitleHeight),
                         Qt::AlignLeft | Qt::AlignVCenter, entry.displayName);
        painter.setFont(font());
        painter.drawImage(band.rect, band.image);
        // Label a few rows on the left: the first, the last, and evenly spaced ones between.
        painter.setPen(palette().text().color());
        const int rows = int(band.instances.size());
        const int every = std::max(1, int(std::ceil(rows * fontMetrics().height() / double(std::max(1, band.rect.height())))));
        for (int row = 0; row < rows; row += every) {
            const double y = band.rect.top() + (row + 0.5) * band.rect.height() / rows;
            painter.drawText(QRectF(0, y - fontMetrics().height() / 2.0, band.rect.left() - 6, fontMetrics().height()),
                             Qt::AlignRight | Qt::AlignVCenter, band.instances[row]);
        }
    }
    if (const auto selection = m_time->selection()) {
        QColor band = palette().highlight().color();
        band.setAlpha(60);
        painter.fillRect(QRectF(QPointF(xOf(selection->first), area.top()), QPointF(xOf(selection->second), area.bottom())), band);
    }
    if (const auto cursor = m_time->cursor()) {
        painter.setPen(QPen(QColor(40, 40, 40), 1.0, Qt::DashLine));
        painter.drawLine(QPointF(xOf(*cursor), area.top()), QPointF(xOf(*cursor), area.bottom()));
    }
}

void HeatMapView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    refresh();
}

double HeatMapView::timeAt(double x) const
{
    const QRect area = plotArea();
    const auto [from, to] = m_time->viewRange();
    return from + (x - area.left()) / area.width() * (to - from);
}

void HeatMapView::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint position = event->position().toPoint();
    if (!plotArea().contains(position)) {
        m_time->setCursor(std::nullopt);
        return;
    }
    const double time = timeAt(position.x());
    m_time->setCursor(time);
    for (const Band& band : m_bands) {
        if (!band.rect.contains(position))
            continue;
        const int row = std::clamp(int((position.y() - band.rect.top()) * band.instances.size() / std::max(1, band.rect.height())), 0,
                                   int(band.instances.size()) - 1);
        const RunEntry& entry = m_runs->at(band.run);
        const SeriesView view = entry.run->series(m_metricId, band.instances[row]);
        const auto it = std::upper_bound(view.times.begin(), view.times.end(), time - entry.offsetSeconds);
        const double value = it == view.times.begin() ? std::nan("") : view.values[std::size_t(std::prev(it) - view.times.begin())];
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("%1, %2: %3").arg(entry.displayName, band.instances[row], UnitFormat::format(value, m_unit)), this);
        return;
    }
    QToolTip::hideText();
}

void HeatMapView::leaveEvent(QEvent* event)
{
    m_time->setCursor(std::nullopt);
    QWidget::leaveEvent(event);
}

void HeatMapView::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0)
        m_time->zoomAt(timeAt(event->position().x()), std::pow(0.8, steps));
    event->accept();
}
