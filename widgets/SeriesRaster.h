// Draws the lines of decimated time series into an image, fast enough to redraw every chart of
// the grid within one frame.
//
// A decimated dense series is a zigzag of segments less than a pixel or two wide. Stroking them
// one by one with an antialiased pen costs about a microsecond each in QPainter's raster engine
// (tens of milliseconds for a chart grid); yet all they cover is, per pixel column, one vertical
// run of pixels from the lowest to the highest value the line passes through in that column. So
// the narrow segments are merged per column and written straight into the image's scanlines,
// and only the wide ones, where the line really is a slanted line (after zooming in), go through
// QPainter with antialiasing.
#pragma once

#include <QImage>
#include <QPointF>
#include <QRgb>

#include <span>
#include <vector>

class SeriesRaster
{
public:
    // Paints onto `image` (Format_ARGB32_Premultiplied, or Format_RGB32 for an opaque one: the
    // pixels written are opaque either way), whose pixels are device pixels.
    explicit SeriesRaster(QImage& image);

    // One series, points already in device-pixel coordinates of the image, in time order; a
    // point with NaN y breaks the line (a gap in the samples). `width` is the pen width in device
    // pixels. Later series are drawn over earlier ones.
    void drawSeries(std::span<const QPointF> points, QRgb colour, double width);

    // Grid lines: a full-height line at pixel column x, a full-width line at pixel row y.
    void drawVerticalLine(int x, QRgb colour);
    void drawHorizontalLine(int y, QRgb colour);

    // Segments narrower than this many device pixels are merged into column spans.
    static constexpr double kSpanSegmentWidth = 2.0;

private:
    void extendColumn(int column, double yFrom, double yTo);
    void flushSpans(QRgb colour, int thickness);

    QImage& m_image;
    uchar* m_bits = nullptr;
    qsizetype m_bytesPerLine = 0;
    // Per column, the span the current series covers, as pixel rows; empty when low > high.
    std::vector<float> m_low;
    std::vector<float> m_high;
    std::vector<int> m_touched; // columns with a span, so a flush visits only those
    std::vector<QLineF> m_wideSegments;
};
