// One export as a value: what to draw (charts, a heat map, the flame graph, the summary table), over
// which range of the shared time axis, with which words → the figures, one per page. The export
// dialog (through ExportSources) and `runlens export` each fill one in from their own input and
// call buildFigures(); a new export subject is a value of ExportSubject, a field here if it needs
// one, and a case in buildFigures().
#pragma once

#include "FlameGraphRequest.h"
#include "export/ChartFigure.h"
#include "export/Figure.h"

#include <memory>
#include <utility>
#include <vector>

class QAbstractItemModel;
class RunSet;

enum class ExportSubject { Charts, FlameGraph, HeatMap, Summary };

struct FigureRequest {
    ExportSubject subject = ExportSubject::Charts;
    std::vector<ChartFigureMetric> charts; // Charts: one chart each; HeatMap: the first one's metric
    bool pagePerChart = false;             // Charts: a page per chart instead of one grid
    int columns = 0;                       // Charts: charts across the grid; 0 chooses by count
    std::pair<double, double> range;       // on the shared time axis
    bool linesCutToTrims = false;          // Charts: each run's line only over its trim window
    FigureText text;
    bool hostFacts = false;                // each run's host appended to the footnote
    FlameGraph flameGraph;                 // FlameGraph: the tree as shown
    const QAbstractItemModel* summaryTable = nullptr; // Summary: the rows as filtered; outlives the figures
};

// The figures of the request, one per page; empty when it has nothing to draw (no chart chosen,
// no tree, no table).
std::vector<std::unique_ptr<Figure>> buildFigures(RunSet& runs, const FigureRequest& request);
