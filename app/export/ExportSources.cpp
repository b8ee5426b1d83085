#include "ExportSources.h"

#include "ChartGrid.h"
#include "FigureTexts.h"
#include "FlameGraphPanel.h"
#include "FlameGraphView.h"
#include "RunSet.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"
#include "export/ChartFigure.h"
#include "export/TableFigure.h"
#include "export/ViewFigures.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTable.h"
#include "summary/SummaryView.h"

ExportSources::ExportSources(RunSet* runs, TimeController* time, ChartGrid* charts, FlameGraphPanel* flameGraph,
                             SummaryView* summary)
    : m_runs(runs)
    , m_time(time)
    , m_charts(charts)
    , m_flameGraph(flameGraph)
    , m_summary(summary)
{
}

std::pair<double, double> ExportSources::rangeOf(ExportWindow window) const
{
    switch (window) {
    case ExportWindow::View: return m_time->viewRange();
    case ExportWindow::Selection: return m_time->selection().value_or(m_time->viewRange());
    case ExportWindow::WholeRun: return m_runs->timeExtent();
    }
    return m_time->viewRange();
}

ExportDialog::Choices ExportSources::choices() const
{
    ExportDialog::Choices choices;
    const auto charts = m_charts->charts();
    for (int i = 0; i < int(charts.size()); ++i) {
        const auto& [metricId, instance] = charts[std::size_t(i)];
        choices.charts.append(m_runs->chartTitle(metricId, instance));
        bool perInstance = false;
        for (int r = 0; r < m_runs->count() && !perInstance; ++r)
            perInstance = m_runs->at(r).run->instances(metricId).size() > 1;
        if (perInstance)
            choices.heatMapCharts.push_back(i);
    }
    choices.hasFlameGraph = m_flameGraph && m_flameGraph->view()->tree() && m_flameGraph->view()->tree()->totalSamples() > 0;
    choices.hasSummary = m_summary && m_summary->table()->filterModel()->rowCount() > 0;
    choices.hasSelection = m_time->selection().has_value();
    choices.text.title = FigureTexts::runsTitle(*m_runs);
    choices.windowSubtitles = {FigureTexts::windowSubtitle(rangeOf(ExportWindow::View), !m_time->isZoomed()),
                               FigureTexts::windowSubtitle(rangeOf(ExportWindow::Selection), false),
                               FigureTexts::windowSubtitle(rangeOf(ExportWindow::WholeRun), true)};
    choices.text.subtitle = choices.windowSubtitles.front();
    return choices;
}

std::vector<std::unique_ptr<Figure>> ExportSources::figures(const ExportRequest& request) const
{
    std::vector<std::unique_ptr<Figure>> figures;
    FigureText text = request.text;
    if (request.hostFacts) {
        const QString hosts = FigureTexts::hostFootnote(*m_runs);
        text.footnote = text.footnote.isEmpty() ? hosts : text.footnote + QLatin1Char('\n') + hosts;
    }
    const std::pair<double, double> range = rangeOf(request.window);
    const auto charts = m_charts->charts();
    const auto metricOf = [&](int index) {
        const auto& [metricId, instance] = charts.at(std::size_t(index));
        return ChartFigureMetric{metricId, instance};
    };
    switch (request.subject) {
    case ExportSubject::Charts: {
        std::vector<ChartFigureMetric> metrics;
        for (const int index : request.charts) {
            if (index >= 0 && index < int(charts.size()))
                metrics.push_back(metricOf(index));
        }
        if (metrics.empty())
            break;
        if (request.pagePerChart) {
            for (const ChartFigureMetric& metric : metrics) {
                auto figure = std::make_unique<ChartFigure>(*m_runs, std::vector<ChartFigureMetric>{metric}, range);
                figure->setText(text);
                figures.push_back(std::move(figure));
            }
        } else {
            auto figure = std::make_unique<ChartFigure>(*m_runs, std::move(metrics), range);
            figure->setText(text);
            figures.push_back(std::move(figure));
        }
        break;
    }
    case ExportSubject::HeatMap:
        if (!request.charts.empty() && request.charts.front() < int(charts.size())) {
            auto figure = std::make_unique<HeatMapFigure>(m_runs, charts.at(std::size_t(request.charts.front())).first, range);
            figure->setText(text);
            figures.push_back(std::move(figure));
        }
        break;
    case ExportSubject::FlameGraph:
        if (const FlameGraphView* view = m_flameGraph->view(); view->tree()) {
            auto figure = std::make_unique<FlameGraphFigure>(view->tree(), view->selectedName(), view->baselineName());
            figure->setText(text);
            figures.push_back(std::move(figure));
        }
        break;
    case ExportSubject::Summary: {
        auto figure = std::make_unique<TableFigure>(*m_summary->table()->filterModel());
        figure->setCellColour(&SummaryTable::deltaColour);
        figure->setText(text);
        figures.push_back(std::move(figure));
        break;
    }
    }
    return figures;
}
