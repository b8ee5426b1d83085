// One metric of every visible run on the shared time axis, with the interactions of the chart
// grid: rubber-band and wheel zoom, pan, a crosshair with each run's value, the explicit
// time-range selection (Shift+drag), and Alt+drag to slide the current run along the time axis.
// A run-level result (descriptor scope "run", a benchmark's final "Requests/sec") has no curve:
// each run's result is drawn as a level line across that run, from its start to its end, and the
// crosshair reads it anywhere in the run.
//
// This class is the only place that knows Qt Charts: the rest of the app talks to this interface
// (setMetric, refresh, the controller), so the renderer can be replaced without touching it
// (Qt Charts is deprecated from Qt 6.10 on). Qt Charts draws the frame, the axis lines and the
// title, rendered once per size and title into a cached image (paintEvent); grid and tick labels
// follow zoom and pan and are drawn here (see the constructor); the lines themselves are painted
// from the decimated columns into a cached image (SeriesRaster), because QLineSeries::replace()
// rebuilds and strokes a QPainterPath per series on every zoom, which measured over 200 ms for
// 48 series (tests/bench/bench_app) against a 16 ms frame.
#pragma once

#include <QChartView>
#include <QFont>
#include <QImage>
#include <QStaticText>
#include <QPointer>

#include <functional>
#include <optional>
#include <vector>

class RunSet;
class TimeController;
struct DecimatedSeries;
struct RunEntry;
class QValueAxis;
struct AxisTicks;

class TimeSeriesChart : public QChartView
{
    Q_OBJECT

public:
    TimeSeriesChart(RunSet* runs, TimeController* time, QWidget* parent = nullptr);
    ~TimeSeriesChart() override;

    void setMetric(const QString& metricId, const QString& instance);
    QString metricId() const { return m_metricId; }
    QString instance() const { return m_instance; }
    QString title() const;
    QString unit() const { return m_unit; }
    // Whether the metric is a run-level result, drawn as one level line per run.
    bool isRunResult() const { return m_runResult; }

    // Re-decimates every run for the current view range and width (the grid throttles calls).
    void refresh();

    // The left edge of every chart's plot area, so that charts stacked in a grid line up.
    static constexpr int kPlotLeft = 86;

    // For tests and exports: what is drawn.
    int drawnPointCount() const;
    std::vector<QPointF> drawnPoints(int runIndex) const;
    std::optional<std::pair<double, double>> yRange() const;
    // The window the summary uses, highlighted on the shared time axis: the selection, or without
    // one each visible run's trim window (its own seconds plus its offset), with the run it belongs to
    // (-1 for the selection).
    struct HighlightedWindow {
        double from = 0;
        double to = 0;
        int run = -1;
    };
    std::vector<HighlightedWindow> highlightedWindows() const;
    // The steady state proposed for the run selected in the run list, on the shared axis, while
    // it is not that run's trim and nothing is selected: hatched, so that a proposal never looks
    // like the window the summary uses. Accepting it is the run list's "Trim to Steady State".
    std::optional<HighlightedWindow> proposedWindow() const;
    // The tick labels along the time axis (Horizontal) or the value axis (Vertical).
    QStringList tickLabels(Qt::Orientation orientation) const;
    // The value of each visible run at shared time t (the sample at or before it), for the readout.
    std::vector<std::pair<int, double>> valuesAt(double time) const;
    // Plot-area x coordinate of a time, and back.
    double xOf(double time) const;
    double timeAt(double x) const;

signals:
    void focused(TimeSeriesChart* chart);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    enum class Drag { None, Zoom, Select, Pan, Offset, TrimEdge };
    // The trim window edge of a shown run under x (within a few pixels), the run selected in the
    // run list first: (run, 0 for the start or 1 for the end).
    std::optional<std::pair<int, int>> trimEdgeAt(double x) const;

    // The points of one run's series, decimated for the view, or its result as a level line.
    DecimatedSeries pointsOf(const RunEntry& entry, double from, double to, int columns) const;
    // A run's result (scope "run"): its last value, or nullopt when it has none.
    std::optional<double> resultOf(const RunEntry& entry) const;
    void updatePlotArea();
    // Lays the frame (title, axis lines, background) out for the current size and title, as
    // Qt Charts does only for charts without a fixed plot area, then fixes the plot area again.
    void layOutFrame();
    struct TickLabel {
        double value;
        QStaticText text;
    };

    void updateAxes(double yMin, double yMax);
    void setTickLabels(std::vector<TickLabel>& labels, const AxisTicks& ticks, const std::function<QString(double)>& format);
    void drawTickLabels(QPainter* painter) const;
    void paintLines();
    void renderChrome();
    QRect opaqueLinesRect() const;
    void drawLinesImage(QPainter* painter) const;
    QRectF plotArea() const;

    RunSet* m_runs;
    TimeController* m_time;
    QString m_metricId;
    QString m_instance;
    QString m_unit;
    bool m_runResult = false;
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    QFont m_labelFont;
    QColor m_labelColour;
    QColor m_gridColour;
    QColor m_backgroundColour; // of the chart and of the lines image over its plot area
    std::vector<TickLabel> m_xLabels;
    std::vector<TickLabel> m_yLabels;
    // Per run, the decimated points (NaN y marks a gap), and the lines painted from them.
    std::vector<std::vector<QPointF>> m_points;
    QImage m_lines;
    // Its left column and bottom row with the background transparent, drawn over the axis lines.
    QImage m_leftEdge;
    QImage m_bottomEdge;
    QImage m_chrome; // what Qt Charts draws, rendered once per size and title (renderChrome)
    std::optional<std::pair<double, double>> m_yRange;
    Drag m_drag = Drag::None;
    QPointF m_dragStart;
    QPointF m_dragNow;
    std::pair<double, double> m_panStartRange{0, 0};
    int m_offsetRun = -1;       // the run an Alt+drag moves along the time axis
    double m_offsetStart = 0;
    // The trim edge a drag moves, and the trim before it (Esc puts it back).
    std::pair<int, int> m_trimEdge{-1, 0};
    std::optional<std::pair<double, double>> m_trimStart;
};
