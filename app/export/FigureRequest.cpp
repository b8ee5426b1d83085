#include "FigureRequest.h"

#include "FigureTexts.h"
#include "RunSet.h"
#include "export/TableFigure.h"
#include "export/ViewFigures.h"
#include "summary/SummaryTable.h"

std::vector<std::unique_ptr<Figure>> buildFigures(RunSet& runs, const FigureRequest& request)
{
    std::vector<std::unique_ptr<Figure>> figures;
    FigureText text = request.text;
    if (request.hostFacts) {
        const QString hosts = FigureTexts::hostFootnote(runs);
        text.footnote = text.footnote.isEmpty() ? hosts : text.footnote + QLatin1Char('\n') + hosts;
    }
    const auto add = [&](std::unique_ptr<Figure> figure) {
        figure->setText(text);
        figures.push_back(std::move(figure));
    };
    switch (request.subject) {
    case ExportSubject::Charts:
        if (request.charts.empty())
            break;
        if (request.pagePerChart) {
            for (const ChartFigureMetric& metric : request.charts) {
                auto figure = std::make_unique<ChartFigure>(runs, std::vector<ChartFigureMetric>{metric}, request.range);
                figure->setLinesCutToTrims(request.linesCutToTrims);
                add(std::move(figure));
            }
        } else {
            auto figure = std::make_unique<ChartFigure>(runs, request.charts, request.range);
            figure->setColumns(request.columns);
            figure->setLinesCutToTrims(request.linesCutToTrims);
            add(std::move(figure));
        }
        break;
    case ExportSubject::HeatMap:
        if (!request.charts.empty())
            add(std::make_unique<HeatMapFigure>(&runs, request.charts.front().metricId, request.range));
        break;
    case ExportSubject::FlameGraph:
        if (request.flameGraph.tree)
            add(std::make_unique<FlameGraphFigure>(request.flameGraph.tree, request.flameGraph.selectedName,
                                                   request.flameGraph.baselineName));
        break;
    case ExportSubject::Summary:
        if (request.summaryTable) {
            auto figure = std::make_unique<TableFigure>(*request.summaryTable);
            figure->setCellColour(&SummaryTable::deltaColour);
            add(std::move(figure));
        }
        break;
    }
    return figures;
}
