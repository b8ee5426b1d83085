// The views' figures: a flame graph (plain or differential) and a per-instance heat map, each
// drawn by the app's own view at the export's size (see WidgetFigure).
#pragma once

#include "StackTree.h"
#include "WidgetFigure.h"

#include <memory>
#include <utility>

class RunSet;
class TimeController;

class FlameGraphFigure : public WidgetFigure
{
public:
    // `baselineName` names the other run of a differential tree, for the view's legend.
    FlameGraphFigure(StackTreePtr tree, const QString& selectedName, const QString& baselineName = {});
};

class HeatMapFigure : public WidgetFigure
{
public:
    // One band per visible run of `runs`, over `range` on the shared time axis.
    HeatMapFigure(RunSet* runs, const QString& metricId, std::pair<double, double> range);
    ~HeatMapFigure() override;

protected:
    // The view, then a time axis under its bands (on screen the chart above it has the axis).
    void paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int page) const override;

private:
    std::pair<double, double> m_range;
    std::unique_ptr<TimeController> m_time; // the window the heat map shows
};
