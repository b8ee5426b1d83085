#include "ViewFigures.h"

#include "FlameGraphView.h"
#include "HeatMapView.h"
#include "RunSet.h"
#include "TimeController.h"

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
    , m_time(makeTime(range))
{
    // Built after the controller exists; the placeholder above keeps the base class simple.
    auto view = std::make_unique<HeatMapView>(runs, m_time.get());
    view->setMetric(metricId);
    replaceView(std::move(view));
    setLegend(legendOf(*runs));
}

HeatMapFigure::~HeatMapFigure()
{
    // The view refers to the controller: destroy it first.
    replaceView(nullptr);
}
