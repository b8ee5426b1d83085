// The one time axis every view shares: what is shown (zoom, view-only), where the pointer is
// (crosshair), and the explicit time-range selection that flame graphs and summaries use.
// Zoom and selection are different things and never change each other.
#pragma once

#include <QObject>

#include <optional>
#include <utility>

class TimeController : public QObject
{
    Q_OBJECT

public:
    using Range = std::pair<double, double>;

    explicit TimeController(QObject* parent = nullptr);

    // The span of all data; the view range is clamped to it and reset returns to it.
    void setExtent(Range extent);
    Range extent() const { return m_extent; }

    Range viewRange() const { return m_view; }
    bool isZoomed() const { return m_view != m_extent; }
    void setViewRange(Range range);
    // Zooms around an anchor time: factor < 1 zooms in, > 1 zooms out (the mouse wheel).
    void zoomAt(double anchor, double factor);
    // Moves the view by a time delta, keeping its width (dragging, arrow keys).
    void pan(double delta);
    void resetZoom();

    std::optional<double> cursor() const { return m_cursor; }
    void setCursor(std::optional<double> time);

    std::optional<Range> selection() const { return m_selection; }
    void setSelection(std::optional<Range> range);

    // The smallest view width, so zooming in cannot go below one sample's resolution.
    static constexpr double kMinimumWidth = 1e-3;

signals:
    void extentChanged(TimeController::Range extent);
    void viewRangeChanged(TimeController::Range range);
    void cursorChanged(std::optional<double> time);
    void selectionChanged(std::optional<TimeController::Range> range);

private:
    Range clamp(Range range) const;

    Range m_extent{0, 1};
    Range m_view{0, 1};
    std::optional<double> m_cursor;
    std::optional<Range> m_selection;
};
