// The stack of charts, one per chosen metric, all on the TimeController's axis. Each chart has a
// header with an instance chooser (aggregate by default; cpu12, nvme0n1 ...) and a close button.
#pragma once

#include <QPointer>
#include <QScrollArea>
#include <QTimer>

#include <memory>
#include <utility>
#include <vector>

class HeatMapView;
class QComboBox;
class QToolButton;
class QVBoxLayout;
class RunSet;
class TimeController;
class TimeSeriesChart;

class ChartGrid : public QScrollArea
{
    Q_OBJECT

public:
    ChartGrid(RunSet* runs, TimeController* time, QWidget* parent = nullptr);
    ~ChartGrid() override;

    // Adds a chart for the metric (the aggregate, or the only instance); returns its index.
    int addChart(const QString& metricId, const QString& instance = {});
    void removeChart(int index);
    // Scrolls the chart into view once it is laid out (a chart just added is not yet).
    void revealChart(int index);
    void clear();
    int count() const { return int(m_panels.size()); }
    TimeSeriesChart* chart(int index) const;
    QComboBox* instanceChooser(int index) const;
    // The per-instance heat map of a chart (CPU × time), created when first shown.
    QToolButton* heatMapToggle(int index) const;
    HeatMapView* heatMap(int index) const;
    void setHeatMapShown(int index, bool shown);
    bool isHeatMapShown(int index) const;
    // (metric, instance) of every chart, top to bottom: what a saved session stores.
    std::vector<std::pair<QString, QString>> charts() const;
    void setCharts(const std::vector<std::pair<QString, QString>>& charts);

    // Redraws every chart now (tests, exports); normally redraws are coalesced per frame.
    void refreshNow();

signals:
    void chartsChanged();
    // From a chart's context menu: export it, or copy it as an image (heatMap: the heat map shown
    // in its place). What that means for files is the app's business.
    void exportRequested(int index, bool heatMap);
    void copyRequested(int index, bool heatMap);

private:
    struct Panel;
    void scheduleRefresh();
    void revealPending();
    int indexOf(const Panel* panel) const;
    void refreshInstances(Panel& panel);
    QString defaultInstance(const QString& metricId) const;
    void showContextMenu(Panel* panel, QWidget* view, const QPoint& position);

    RunSet* m_runs;
    TimeController* m_time;
    QWidget* m_content = nullptr;
    QVBoxLayout* m_layout = nullptr;
    std::vector<std::unique_ptr<Panel>> m_panels; // the widgets inside belong to m_content
    QTimer m_refreshTimer;
    QPointer<QWidget> m_revealing; // the chart revealChart scrolls to once it is laid out
};
