#include "ViewFigures.h"

#include "FlameGraphView.h"
#include "HeatMapView.h"
#include "RunSet.h"
#include "TimeAxisTicks.h"
#include "TimeController.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace {

std::unique_ptr<QWidget> makeFlameGraph(StackTreePtr tree, const QString& selectedName, const QString& baselineName)
{
    auto view = std::make_unique<FlameGraphView>();
    view->setTree(std::move(tree));
    view->setRunNames(selectedName, baselineName);
    return view;
}

std::unique_ptr<TimeController> makeTime(std::pair<double, double> range)
{
    auto time = std::make_unique<TimeController>();
    time->setExtent(range);
    time->setViewRange(range);
    return time;
}

std::vector<LegendEntry> legendOf(const RunSet& runs)
{
    std::vector<LegendEntry> entries;
    for (int r = 0; r < runs.count(); ++r) {
        if (runs.at(r).visible)
            entries.push_back({runs.at(r).displayName, QColor::fromRgb(runs.at(r).colour)});
    }
    return entries;
}

} // namespace

FlameGraphFigure::FlameGraphFigure(StackTreePtr tree, const QString& selectedName, const QString& baselineName)
    : WidgetFigure(makeFlameGraph(std::move(tree), selectedName, baselineName))
{
}

HeatMapFigure::HeatMapFigure(RunSet* runs, const QString& metricId, std::pair<double, double> range)
    : WidgetFigure(std::make_unique<QWidget>())
    , m_range(range)
    , m_time(makeTime(range))
{
    // Built after the controller exists; the placeholder above keeps the base class simple.
    auto view = std::make_unique<HeatMapView>(runs, m_time.get());
    view->setMetric(metricId);
    view->setTimeAxisShown(false); // drawn in the figure's style by paintContent
    replaceView(std::move(view));
    setLegend(legendOf(*runs));
}

HeatMapFigure::~HeatMapFigure()
{
    // The view refers to the controller: destroy it first.
    replaceView(nullptr);
}

void HeatMapFigure::paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int) const
{
    const QFont font = style.tickFont();
    const QFontMetricsF metrics(font);
    const double axisHeight = metrics.height() * 1.6;
    const auto [viewRect, zoom] = paintView(painter, area.adjusted(0, 0, 0, -axisHeight), style);
    const auto* view = static_cast<const HeatMapView*>(this->view());
    const QRect plot = view->plotArea();
    const QRect bands = view->bandsArea();
    const double left = viewRect.left() + plot.left() * zoom;
    const double right = viewRect.left() + (plot.left() + plot.width()) * zoom;
    // Right under the last band (the view may be taller than its bands).
    const double top = viewRect.top() + (bands.isValid() ? bands.top() + bands.height() : plot.top() + plot.height()) * zoom + 2;
    const auto [from, to] = m_range;
    const AxisTicks ticks = timeTicks(from, to, std::max(2, int((right - left) / (style.fontPixels * 6))));
    painter.setFont(font);
    painter.setPen(QPen(style.axis, 1));
    painter.drawLine(QLineF(left, top, right, top));
    for (const double value : ticks.values) {
        const double x = left + (value - from) / (to - from) * (right - left);
        painter.setPen(QPen(style.axis, 1));
        painter.drawLine(QLineF(x, top, x, top + metrics.height() * 0.3));
        const QString label = timeTickLabel(value, ticks.step);
        const double width = metrics.horizontalAdvance(label);
        painter.setPen(style.mutedText);
        painter.drawText(QPointF(std::clamp(x - width / 2, area.left(), area.right() - width), top + metrics.height() * 0.35 + metrics.ascent()), label);
    }
}
