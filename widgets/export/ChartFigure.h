// Time-series charts for export: one or more metrics of every visible run over a window, laid out
// in a grid on one page, with the runs' colours in a shared legend; optionally each run's line cut
// to its own trim window.
//
// Unlike TimeSeriesChart, which paints lines into a cached image for speed on screen, each run's
// line here is one QPainterPath, so SVG and PDF get vectors (one <path> per run and chart) that
// stay sharp when a slide is scaled. Series are decimated for the target's width in device pixels.
#pragma once

#include "Figure.h"

#include <QCoreApplication>
#include <QPointF>

#include <utility>
#include <vector>

class RunSet;

struct ChartFigureMetric {
    QString metricId;
    QString instance; // empty: the metric's aggregate (or its only series)
};

class ChartFigure : public Figure
{
    Q_DECLARE_TR_FUNCTIONS(ChartFigure)

public:
    // `range` is on the shared time axis (seconds, run offsets applied).
    ChartFigure(const RunSet& runs, std::vector<ChartFigureMetric> metrics, std::pair<double, double> range);

    // Charts across; 0 picks by count (one column up to three charts, then two, then three).
    void setColumns(int columns) { m_columns = columns; }
    // Each run's line only over its trim window (a run without one: the whole range). For windows
    // per run, where the figure's range is the span of them all: a run's line that went on past
    // its window showed samples its summary and flame graph leave out.
    void setLinesCutToTrims(bool cut) { m_linesCutToTrims = cut; }

    std::vector<LegendEntry> legend() const override;

protected:
    void paintContent(QPainter& painter, const QRectF& area, const ExportStyle& style, int page) const override;

private:
    struct Chart;
    // Decimates the runs for the cell and picks the value axis; what the chart will draw.
    Chart layOut(const QRectF& cell, const ChartFigureMetric& metric, const ExportStyle& style, double devicePixelRatio) const;
    // plotLeft is shared by the charts of a column, so that their time axes line up.
    void paintChart(QPainter& painter, const Chart& chart, double plotLeft, const ExportStyle& style) const;

    const RunSet& m_runs;
    std::vector<ChartFigureMetric> m_metrics;
    std::pair<double, double> m_range;
    int m_columns = 0;
    bool m_linesCutToTrims = false;
};
