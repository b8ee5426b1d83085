#include "ExportSources.h"

#include "ChartGrid.h"
#include "FigureTexts.h"
#include "FlameGraphPanel.h"
#include "FlameGraphView.h"
#include "ProfileFilterView.h"
#include "RunSet.h"
#include "TimeController.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTable.h"
#include "summary/SummaryView.h"

#include <QCoreApplication>

#include <algorithm>
#include <optional>

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
    case ExportWindow::TrimWindows: {
        // The span of the shown runs' windows on the shared axis (a run without a trim: all of it).
        std::optional<std::pair<double, double>> span;
        for (int r = 0; r < m_runs->count(); ++r) {
            const RunEntry& entry = m_runs->at(r);
            if (!entry.visible)
                continue;
            const auto window = entry.trim.value_or(std::make_pair(0.0, entry.run->durationSeconds()));
            const std::pair<double, double> shown{window.first + entry.offsetSeconds, window.second + entry.offsetSeconds};
            span = span ? std::make_pair(std::min(span->first, shown.first), std::max(span->second, shown.second)) : shown;
        }
        return span && span->second > span->first ? *span : m_runs->timeExtent();
    }
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
                               FigureTexts::windowSubtitle(rangeOf(ExportWindow::WholeRun), true),
                               FigureTexts::trimSubtitle()};
    choices.text.subtitle = choices.windowSubtitles.front();
    // The flame graph and the summary table are exported as shown, computed for the selection;
    // without one the flame graph covers the whole run and the summary each run's trim window
    // (or the whole run). Naming the zoom window above them would misstate what they show.
    const QString wholeRun = choices.windowSubtitles[int(ExportWindow::WholeRun)];
    bool trimmed = false;
    for (int r = 0; r < m_runs->count(); ++r)
        trimmed = trimmed || (m_runs->at(r).visible && m_runs->at(r).trim);
    choices.hasTrims = trimmed;
    const QString selection = choices.windowSubtitles[int(ExportWindow::Selection)];
    choices.computedSubtitles[ExportSubject::FlameGraph] = choices.hasSelection ? selection : wholeRun;
    // A graph narrowed to some CPUs or processes says so: it is not the whole machine.
    if (const QString filter = m_flameGraph ? m_flameGraph->filterView()->description() : QString(); !filter.isEmpty())
        choices.computedSubtitles[ExportSubject::FlameGraph] += QCoreApplication::translate("ExportSources", " · only %1").arg(filter);
    choices.computedSubtitles[ExportSubject::Summary] = choices.hasSelection ? selection
                                                        : trimmed            ? FigureTexts::trimSubtitle()
                                                                             : wholeRun;
    return choices;
}

FigureRequest ExportSources::figureRequest(const ExportRequest& request) const
{
    FigureRequest figure;
    figure.subject = request.subject;
    figure.pagePerChart = request.pagePerChart;
    figure.range = rangeOf(request.window);
    figure.linesCutToTrims = request.window == ExportWindow::TrimWindows;
    figure.text = request.text;
    figure.hostFacts = request.hostFacts;
    const auto charts = m_charts->charts();
    for (const int index : request.charts) {
        if (index >= 0 && index < int(charts.size()))
            figure.charts.push_back({charts[std::size_t(index)].first, charts[std::size_t(index)].second});
    }
    if (request.subject == ExportSubject::FlameGraph) {
        const FlameGraphView* view = m_flameGraph->view();
        figure.flameGraph.tree = view->tree();
        figure.flameGraph.selectedName = view->selectedName();
        figure.flameGraph.baselineName = view->baselineName();
    }
    if (request.subject == ExportSubject::Summary)
        figure.summaryTable = m_summary->table()->filterModel();
    return figure;
}

std::vector<std::unique_ptr<Figure>> ExportSources::figures(const ExportRequest& request) const
{
    return buildFigures(*m_runs, figureRequest(request));
}
