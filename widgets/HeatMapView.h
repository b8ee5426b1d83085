// Every instance of a metric (each CPU, disk ...) over time as a heat map, one band per visible
// run: rows are instances, columns are time, colour is the value. On hosts with many CPUs this
// shows what an aggregate hides (one CPU saturated while the rest idle).
#pragma once

#include <QImage>
#include <QWidget>

#include <vector>

class RunSet;
class TimeController;

class HeatMapView : public QWidget
{
    Q_OBJECT

public:
    HeatMapView(RunSet* runs, TimeController* time, QWidget* parent = nullptr);

    void setMetric(const QString& metricId);
    QString metricId() const { return m_metricId; }
    void refresh();

    // The value range the colours span, for the legend and for tests.
    std::pair<double, double> valueRange() const { return {m_low, m_high}; }
    // Rows (instances) shown for a run, and the colour of a cell, for tests.
    QStringList instances(int runIndex) const;
    QColor cellColour(int runIndex, int row, int column) const;
    static QColor colourFor(double fraction);
    // Where the bands may go (time runs from its left edge to its right edge), and where they are.
    QRect plotArea() const;
    QRect bandsArea() const;
    // What the header and the axis show: the metric's title (as its chart names it), where the
    // colour legend is drawn, and the time axis's labels.
    QString title() const;
    QRect legendRect() const;
    QStringList timeTickLabels() const;
    // Exports draw the time axis themselves, in the figure's style and scale.
    void setTimeAxisShown(bool shown);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

public:
    QSize sizeHint() const override;

private:
    struct Band {
        int run = -1;
        QStringList instances;
        QImage image; // one pixel per (time column, instance), scaled when painted
        QRect rect;   // where the band is painted
    };

    double timeAt(double x) const;

    RunSet* m_runs;
    TimeController* m_time;
    QString m_metricId;
    QString m_unit;
    std::vector<Band> m_bands;
    double m_low = 0;
    double m_high = 1;
    bool m_timeAxisShown = true;
};
