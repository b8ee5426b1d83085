#include "TimeController.h"

#include <algorithm>

TimeController::TimeController(QObject* parent)
    : QObject(parent)
{
}

TimeController::Range TimeController::clamp(Range range) const
{
    if (range.first > range.second)
        std::swap(range.first, range.second);
    const double extentWidth = std::max(kMinimumWidth, m_extent.second - m_extent.first);
    double width = std::clamp(range.second - range.first, kMinimumWidth, extentWidth);
    double start = std::clamp(range.first, m_extent.first, std::max(m_extent.first, m_extent.second - width));
    return {start, start + width};
}

void TimeController::setExtent(Range extent)
{
    if (extent.first > extent.second)
        std::swap(extent.first, extent.second);
    if (extent.second - extent.first < kMinimumWidth)
        extent.second = extent.first + 1;
    const bool wasZoomed = isZoomed();
    if (extent == m_extent)
        return;
    m_extent = extent;
    emit extentChanged(m_extent);
    // A view that showed everything keeps showing everything as runs come and go.
    setViewRange(wasZoomed ? clamp(m_view) : m_extent);
}

void TimeController::setViewRange(Range range)
{
    range = clamp(range);
    if (range == m_view)
        return;
    m_view = range;
    emit viewRangeChanged(m_view);
}

void TimeController::zoomAt(double anchor, double factor)
{
    if (!(factor > 0))
        return;
    const double start = anchor - (anchor - m_view.first) * factor;
    const double end = anchor + (m_view.second - anchor) * factor;
    setViewRange({start, end});
}

void TimeController::pan(double delta)
{
    setViewRange({m_view.first + delta, m_view.second + delta});
}

void TimeController::resetZoom()
{
    setViewRange(m_extent);
}

void TimeController::setCursor(std::optional<double> time)
{
    if (time == m_cursor)
        return;
    m_cursor = time;
    emit cursorChanged(m_cursor);
}

void TimeController::setSelection(std::optional<Range> range)
{
    if (range && range->first > range->second)
        std::swap(range->first, range->second);
    if (range == m_selection)
        return;
    m_selection = range;
    emit selectionChanged(m_selection);
}
