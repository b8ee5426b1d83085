// What the main window can export: the chart grid's charts, its heat maps, the flame graph as shown
// (plain or differential) and the summary table as filtered. The export dialog asks this for its
// choices, and for the figures of what the user chose: the dialog's request, turned into a
// FigureRequest from the views' state and drawn by buildFigures().
#pragma once

#include "ExportDialog.h"
#include "FigureRequest.h"

class ChartGrid;
class FlameGraphPanel;
class RunSet;
class SummaryView;
class TimeController;

class ExportSources
{
public:
    ExportSources(RunSet* runs, TimeController* time, ChartGrid* charts, FlameGraphPanel* flameGraph, SummaryView* summary);

    ExportDialog::Choices choices() const;
    FigureRequest figureRequest(const ExportRequest& request) const;
    std::vector<std::unique_ptr<Figure>> figures(const ExportRequest& request) const;

    // The range of the shared time axis a window choice means.
    std::pair<double, double> rangeOf(ExportWindow window) const;

private:
    RunSet* m_runs;
    TimeController* m_time;
    ChartGrid* m_charts;
    FlameGraphPanel* m_flameGraph;
    SummaryView* m_summary;
};
