// A figure drawn by one of the app's own views (the flame graph, the heat map): the view is laid
// out again at the export's size, in the export's fonts and colours, and rendered through
// QWidget::render onto the export's painter, so an SVG or PDF gets the view's rectangles and text
// as vectors, not a screenshot.
#pragma once

#include "Figure.h"

#include <QWidget>

#include <memory>

class WidgetFigure : public Figure
{
public:
    // Takes the view (not shown anywhere; it exists for the export only).
    explicit WidgetFigure(std::unique_ptr<QWidget> view);
    ~WidgetFigure() override;

    QWidget* view() const { return m_view.get(); }
    void setLegend(std::vector<LegendEntry> legend) { m_legend = std::move(legend); }
    std::vector<LegendEntry> legend() const override { return m_legend; }

protected:
    // For subclasses whose view needs members of their own first (a time controller).
    void replaceView(std::unique_ptr<QWidget> view);
    void paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int page) const override;
    // Lays the view out for `area`, renders it, and returns where it went on the page and the
    // scale from the view's pixels to the page's.
    std::pair<QRectF, double> paintView(QPainter& painter, const QRectF& area, const ExportStyle& style) const;

private:
    std::unique_ptr<QWidget> m_view;
    std::vector<LegendEntry> m_legend;
};
