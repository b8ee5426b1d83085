#include "FlameScopeView.h"

#include "TimeAxisTicks.h"

#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace {

// White (no samples) through yellow to red (the busiest cell), as FlameScope colours its grid.
QColor heat(double fraction)
{
    if (fraction <= 0)
        return QColor(250, 250, 250);
    fraction = std::clamp(fraction, 0.0, 1.0);
    return QColor::fromHsvF(float(0.16 * (1.0 - fraction)), float(0.25 + 0.75 * fraction), 1.0f);
}

constexpr int kLegendWidth = 100; // the colour ramp

} // namespace

FlameScopeView::FlameScopeView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("flameScopeView"));
    setMouseTracking(true);
    setToolTip(tr("Samples per 20 ms: one column per second. Drag from one cell to another to select that time."));
}

void FlameScopeView::setProfile(const ProfileIndex* index, double offsetSeconds)
{
    m_offset = offsetSeconds;
    m_cells.clear();
    m_maximum = 0;
    m_columns = 0;
    m_image = QImage();
    if (index && index->scopeColumns() > 0) {
        m_cells = index->scopeCells();
        m_columns = index->scopeColumns();
        m_maximum = index->scopeMaximum();
        // A palette of 256 heats, then one pixel per cell: an hour is 180,000 cells.
        QList<QRgb> palette(256);
        for (int i = 0; i < 256; ++i)
            palette[i] = heat(i == 0 ? 0.0 : double(i) / 255.0).rgb();
        m_image = QImage(m_columns, kRows, QImage::Format_RGB32);
        for (int r = 0; r < kRows; ++r) {
            auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(r));
            for (int c = 0; c < m_columns; ++c) {
                const std::uint32_t count = m_cells[std::size_t(c) * kRows + std::size_t(r)];
                // Any sample at all shows: the lowest non-zero heat is 1, not a rounded 0.
                const int level = count == 0 || m_maximum == 0 ? 0 : std::max(1, int(std::lround(255.0 * count / m_maximum)));
                line[c] = palette[level];
            }
        }
    }
    m_dragStart.reset();
    m_dragEnd.reset();
    updateGeometry();
    update();
}

int FlameScopeView::countAt(int column, int row) const
{
    if (column < 0 || row < 0 || row >= kRows || std::size_t(column) * kRows >= m_cells.size())
        return 0;
    return int(m_cells[std::size_t(column) * kRows + std::size_t(row)]);
}

QSize FlameScopeView::sizeHint() const
{
    // An hour has 3,600 columns: the view squeezes them rather than asking for metres of screen.
    return {std::clamp(columns() * 8, 300, 1200), kRows * 4 + 2 * fontMetrics().height() + 14};
}

QRectF FlameScopeView::mapArea() const
{
    // Room for the legend above, the offsets within the second on the left, the seconds below.
    const QFontMetrics metrics = fontMetrics();
    const int left = metrics.horizontalAdvance(tr("1000 ms")) + 8;
    const int top = metrics.height() + 8;
    const int bottom = metrics.height() + 6;
    return QRectF(rect()).adjusted(left, top, -6, -bottom);
}

QRectF FlameScopeView::cellRect(int column, int row) const
{
    const QRectF area = mapArea();
    const double w = area.width() / std::max(1, columns());
    const double h = area.height() / kRows;
    return QRectF(area.left() + column * w, area.top() + row * h, w, h);
}

std::optional<std::pair<int, int>> FlameScopeView::cellAt(const QPointF& point) const
{
    const QRectF area = mapArea();
    if (columns() == 0 || !area.contains(point))
        return std::nullopt;
    const int column = std::clamp(int((point.x() - area.left()) / area.width() * columns()), 0, columns() - 1);
    const int row = std::clamp(int((point.y() - area.top()) / area.height() * kRows), 0, kRows - 1);
    return std::pair{column, row};
}

void FlameScopeView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (m_image.isNull()) {
        painter.drawText(rect(), Qt::AlignCenter, tr("No stack samples"));
        return;
    }
    const QRectF area = mapArea();
    painter.drawImage(area, m_image);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(area.adjusted(-0.5, -0.5, 0.5, 0.5));

    // Axes: the second since the run's start across, the offset within it down.
    const QFontMetrics metrics = fontMetrics();
    painter.setPen(palette().color(QPalette::Text));
    for (const int row : {0, kRows / 2, kRows}) {
        const double y = area.top() + area.height() * row / kRows;
        painter.drawLine(QPointF(area.left() - 4, y), QPointF(area.left(), y));
        const QRectF label(0, y - metrics.height() / 2.0, area.left() - 6, metrics.height());
        painter.drawText(label, Qt::AlignRight | Qt::AlignVCenter, tr("%1 ms").arg(row * 1000 / kRows));
    }
    const AxisTicks ticks = timeTicks(0, columns(), std::max(2, int(area.width() / 90)));
    for (const double second : ticks.values) {
        if (second < 0 || second > columns())
            continue;
        const double x = area.left() + area.width() * second / columns();
        painter.drawLine(QPointF(x, area.bottom()), QPointF(x, area.bottom() + 4));
        const QString text = timeTickLabel(second, ticks.step);
        const double textWidth = metrics.horizontalAdvance(text);
        const double left = std::clamp(x - textWidth / 2, 0.0, std::max(0.0, double(width()) - textWidth));
        painter.drawText(QPointF(left, area.bottom() + 4 + metrics.ascent()), text);
    }

    // The legend: what white and red stand for.
    const QString high = tr("%1 samples").arg(m_maximum);
    const QString title = tr("Samples per 20 ms:");
    const double highWidth = metrics.horizontalAdvance(high);
    const QRectF ramp(area.right() - highWidth - 6 - kLegendWidth, 4, kLegendWidth, metrics.height());
    QLinearGradient gradient(ramp.topLeft(), ramp.topRight());
    for (int i = 0; i <= 10; ++i)
        gradient.setColorAt(i / 10.0, heat(i / 10.0));
    painter.fillRect(ramp, gradient);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(ramp);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QPointF(ramp.right() + 6, ramp.top() + metrics.ascent()), high);
    const QString low = tr("0");
    const double lowWidth = metrics.horizontalAdvance(low);
    painter.drawText(QPointF(ramp.left() - 4 - lowWidth, ramp.top() + metrics.ascent()), low);
    // The title where there is room for it (a narrow tab shows the ramp alone).
    if (const double titleLeft = ramp.left() - 12 - lowWidth - metrics.horizontalAdvance(title); titleLeft >= 0)
        painter.drawText(QPointF(titleLeft, ramp.top() + metrics.ascent()), title);

    if (m_dragStart && m_dragEnd) {
        // The cells between the two ends, in time order (column by column, top to bottom).
        auto [a, b] = std::minmax(*m_dragStart, *m_dragEnd);
        painter.setPen(QPen(Qt::blue, 2));
        for (int c = a.first; c <= b.first; ++c) {
            const int first = c == a.first ? a.second : 0;
            const int last = c == b.first ? b.second : kRows - 1;
            painter.drawRect(cellRect(c, first).united(cellRect(c, last)));
        }
    }
}

void FlameScopeView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    m_dragStart = cellAt(event->position());
    m_dragEnd = m_dragStart;
    update();
}

void FlameScopeView::mouseMoveEvent(QMouseEvent* event)
{
    if (const auto cell = cellAt(event->position())) {
        setToolTip(tr("%1 s + %2 ms: %3 samples").arg(cell->first).arg(cell->second * 1000 / kRows).arg(countAt(cell->first, cell->second)));
        if (m_dragStart && (event->buttons() & Qt::LeftButton)) {
            m_dragEnd = cell;
            update();
        }
    }
}

void FlameScopeView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || !m_dragStart)
        return;
    if (const auto cell = cellAt(event->position()))
        m_dragEnd = cell;
    const auto [a, b] = std::minmax(*m_dragStart, *m_dragEnd);
    // From the start of the first cell to the end of the last one, on the shared axis.
    emit rangeSelected(timeOf(a.first, a.second) + m_offset, timeOf(b.first, b.second) + 1.0 / kRows + m_offset);
    update();
}
