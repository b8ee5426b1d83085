#include "SeriesRaster.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

constexpr float kEmptyLow = std::numeric_limits<float>::max();
constexpr float kEmptyHigh = std::numeric_limits<float>::lowest();

} // namespace

SeriesRaster::SeriesRaster(QImage& image)
    : m_image(image)
    , m_low(std::size_t(std::max(0, image.width())), kEmptyLow)
    , m_high(std::size_t(std::max(0, image.width())), kEmptyHigh)
{
    Q_ASSERT(image.format() == QImage::Format_ARGB32_Premultiplied || image.format() == QImage::Format_RGB32);
    // bits() once: scanLine() checks for a shared copy on every call, in the innermost loop.
    m_bits = image.bits();
    m_bytesPerLine = image.bytesPerLine();
    m_touched.reserve(std::size_t(std::max(0, image.width())));
}

void SeriesRaster::extendColumn(int column, double yFrom, double yTo)
{
    if (column < 0 || column >= int(m_low.size()))
        return;
    const auto low = float(std::min(yFrom, yTo));
    const auto high = float(std::max(yFrom, yTo));
    float& currentLow = m_low[std::size_t(column)];
    float& currentHigh = m_high[std::size_t(column)];
    if (currentLow > currentHigh)
        m_touched.push_back(column);
    currentLow = std::min(currentLow, low);
    currentHigh = std::max(currentHigh, high);
}

void SeriesRaster::drawSeries(std::span<const QPointF> points, QRgb colour, double width)
{
    m_wideSegments.clear();
    const QPointF* previous = nullptr;
    for (const QPointF& point : points) {
        if (std::isnan(point.y())) {
            previous = nullptr; // a gap: no line across it
            continue;
        }
        if (previous) {
            const double x0 = previous->x();
            const double x1 = point.x();
            if (std::fabs(x1 - x0) < kSpanSegmentWidth) {
                // A narrow segment: it covers, in the columns it crosses, the rows between its ends.
                // Split where it crosses a column boundary so each column gets its own part.
                const int column0 = int(std::floor(x0));
                const int column1 = int(std::floor(x1));
                if (column0 == column1) {
                    extendColumn(column0, previous->y(), point.y());
                } else {
                    const int step = column1 > column0 ? 1 : -1;
                    double y = previous->y();
                    for (int column = column0; column != column1; column += step) {
                        const double boundary = step > 0 ? column + 1 : column;
                        const double yBoundary = previous->y() + (point.y() - previous->y()) * (boundary - x0) / (x1 - x0);
                        extendColumn(column, y, yBoundary);
                        y = yBoundary;
                    }
                    extendColumn(column1, y, point.y());
                }
            } else {
                m_wideSegments.emplace_back(*previous, point);
            }
        } else {
            extendColumn(int(std::floor(point.x())), point.y(), point.y()); // an isolated sample is a dot
        }
        previous = &point;
    }

    flushSpans(colour, std::max(1, int(std::lround(width))));
    if (!m_wideSegments.empty()) {
        QPainter painter(&m_image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(QColor::fromRgb(colour), width));
        painter.drawLines(m_wideSegments.data(), int(m_wideSegments.size()));
    }
}

void SeriesRaster::flushSpans(QRgb colour, int thickness)
{
    const QRgb pixel = qPremultiply(colour | 0xff000000u);
    const int width = m_image.width();
    const int height = m_image.height();
    // A span covers the rows its values fall into, widened by the pen so a flat line is as thick
    // as a slanted one drawn by QPainter.
    const int before = (thickness - 1) / 2;
    const int after = thickness - 1 - before;
    // The axis minimum maps to y == height, the image's bottom edge: that is drawn in the last row,
    // or a series that stays at its minimum (a counter idling at zero) would not show at all.
    const auto row = [height](float y) {
        const int row = int(std::floor(y));
        return row == height ? height - 1 : row;
    };
    for (const int column : m_touched) {
        float& low = m_low[std::size_t(column)];
        float& high = m_high[std::size_t(column)];
        const int top = std::max(0, row(low) - before);
        const int bottom = std::min(height - 1, row(high) + after);
        const int left = std::max(0, column - before);
        const int right = std::min(width - 1, column + after);
        uchar* line = m_bits + std::ptrdiff_t(top) * m_bytesPerLine;
        for (int row = top; row <= bottom; ++row, line += m_bytesPerLine) {
            auto* pixels = reinterpret_cast<QRgb*>(line);
            for (int x = left; x <= right; ++x)
                pixels[x] = pixel;
        }
        low = kEmptyLow;
        high = kEmptyHigh;
    }
    m_touched.clear();
}

void SeriesRaster::drawVerticalLine(int x, QRgb colour)
{
    if (x < 0 || x >= m_image.width())
        return;
    const QRgb pixel = qPremultiply(colour | 0xff000000u);
    uchar* line = m_bits;
    for (int row = 0; row < m_image.height(); ++row, line += m_bytesPerLine)
        reinterpret_cast<QRgb*>(line)[x] = pixel;
}

void SeriesRaster::drawHorizontalLine(int y, QRgb colour)
{
    if (y < 0 || y >= m_image.height())
        return;
    auto* pixels = reinterpret_cast<QRgb*>(m_bits + std::ptrdiff_t(y) * m_bytesPerLine);
    std::fill(pixels, pixels + m_image.width(), qPremultiply(colour | 0xff000000u));
}
