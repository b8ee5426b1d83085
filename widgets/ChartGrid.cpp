#include "ChartGrid.h"

#include "HeatMapView.h"
#include "RunSet.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"

#include <QComboBox>
#include <QMenu>
#include <QHBoxLayout>
#include <QScrollBar>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

struct ChartGrid::Panel {
    QWidget* widget = nullptr;
    QComboBox* instances = nullptr;
    QToolButton* heatToggle = nullptr;
    TimeSeriesChart* chart = nullptr;
    HeatMapView* heat = nullptr;
    bool heatShown = false; // the choice, not the widget state (widgets show only once laid out)
    bool stale = true;      // scrolled out of sight when the view last changed
};

ChartGrid::ChartGrid(RunSet* runs, TimeController* time, QWidget* parent)
    : QScrollArea(parent)
    , m_runs(runs)
    , m_time(time)
{
    setObjectName(QStringLiteral("chartGrid"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    m_content = new QWidget(this);
    m_layout = new QVBoxLayout(m_content);
    m_layout->setContentsMargins(6, 6, 6, 6);
    m_layout->setSpacing(4);
    m_layout->addStretch(1);
    setWidget(m_content);

    // Zoom, pan and run edits arrive in bursts (a wheel turn, a drag); redraw once per frame.
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(16);
    connect(&m_refreshTimer, &QTimer::timeout, this, &ChartGrid::refreshNow);
    connect(time, &TimeController::viewRangeChanged, this, &ChartGrid::scheduleRefresh);
    connect(runs, &RunSet::runChanged, this, &ChartGrid::scheduleRefresh);
    connect(runs, &RunSet::baselineChanged, this, &ChartGrid::scheduleRefresh);
    connect(runs, &RunSet::orderChanged, this, &ChartGrid::scheduleRefresh);
    // The run selected in the run list shows its proposed steady state.
    connect(runs, &RunSet::currentChanged, this, &ChartGrid::scheduleRefresh);
    // Charts out of sight are brought up to date when they scroll into view, not on every zoom.
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &ChartGrid::scheduleRefresh);
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, &ChartGrid::scheduleRefresh);
    connect(verticalScrollBar(), &QScrollBar::rangeChanged, this, &ChartGrid::revealPending);
    const auto runsChanged = [this] {
        for (const auto& panel : m_panels)
            refreshInstances(*panel);
        scheduleRefresh();
    };
    connect(runs, &RunSet::runAdded, this, runsChanged);
    connect(runs, &RunSet::runRemoved, this, runsChanged);
    connect(runs, &RunSet::runsReset, this, runsChanged);
}

ChartGrid::~ChartGrid() = default;

QString ChartGrid::defaultInstance(const QString& metricId) const
{
    for (int r = 0; r < m_runs->count(); ++r) {
        if (m_runs->at(r).run->hasMetric(metricId))
            return m_runs->at(r).run->defaultInstance(metricId);
    }
    return {};
}

int ChartGrid::indexOf(const Panel* panel) const
{
    for (std::size_t i = 0; i < m_panels.size(); ++i) {
        if (m_panels[i].get() == panel)
            return int(i);
    }
    return -1;
}

int ChartGrid::addChart(const QString& metricId, const QString& instance)
{
    m_panels.push_back(std::make_unique<Panel>());
    Panel* panel = m_panels.back().get();
    panel->widget = new QWidget(m_content);
    auto* column = new QVBoxLayout(panel->widget);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    auto* header = new QHBoxLayout;
    header->setContentsMargins(TimeSeriesChart::kPlotLeft, 0, 4, 0);
    panel->instances = new QComboBox(panel->widget);
    panel->instances->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    panel->instances->setToolTip(tr("Which instance to show: the aggregate of all, or one CPU, disk, interface …"));
    panel->heatToggle = new QToolButton(panel->widget);
    panel->heatToggle->setText(tr("Heat map"));
    panel->heatToggle->setCheckable(true);
    panel->heatToggle->setAutoRaise(true);
    panel->heatToggle->setToolTip(tr("Show every instance (each CPU, disk …) over time as a heat map"));
    auto* close = new QToolButton(panel->widget);
    close->setText(QStringLiteral("✕"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Remove this chart"));
    header->addStretch(1);
    header->addWidget(panel->instances);
    header->addWidget(panel->heatToggle);
    header->addWidget(close);
    column->addLayout(header);
    panel->chart = new TimeSeriesChart(m_runs, m_time, panel->widget);
    panel->chart->setMinimumHeight(200);
    panel->chart->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(panel->chart, &QWidget::customContextMenuRequested, this,
            [this, panel](const QPoint& position) { showContextMenu(panel, panel->chart, position); });
    column->addWidget(panel->chart);
    m_layout->insertWidget(m_layout->count() - 1, panel->widget);

    panel->chart->setMetric(metricId, instance.isEmpty() ? defaultInstance(metricId) : instance);
    refreshInstances(*panel);
    connect(panel->instances, &QComboBox::activated, this, [this, panel](int) {
        panel->chart->setMetric(panel->chart->metricId(), panel->instances->currentData().toString());
        emit chartsChanged();
    });
    connect(panel->heatToggle, &QToolButton::toggled, this, [this, panel](bool shown) {
        if (const int index = indexOf(panel); index >= 0)
            setHeatMapShown(index, shown);
    });
    connect(close, &QToolButton::clicked, this, [this, panel] {
        if (const int index = indexOf(panel); index >= 0)
            removeChart(index);
    });
    emit chartsChanged();
    return count() - 1;
}

void ChartGrid::refreshInstances(Panel& panel)
{
    QStringList instances;
    for (int r = 0; r < m_runs->count(); ++r) {
        for (const QString& instance : m_runs->at(r).run->instances(panel.chart->metricId())) {
            if (!instances.contains(instance))
                instances.append(instance);
        }
    }
    panel.instances->clear();
    for (const QString& instance : instances) {
        panel.instances->addItem(instance.isEmpty() ? tr("value") : instance == QLatin1String("all") ? tr("all (aggregate)") : instance, instance);
        // What the instance sums (a command's PIDs), per run that has it.
        QStringList notes;
        for (int r = 0; r < m_runs->count(); ++r) {
            const QString note = m_runs->at(r).run->instanceNote(panel.chart->metricId(), instance);
            if (!note.isEmpty())
                notes.append(m_runs->at(r).name() + QStringLiteral(": ") + note);
        }
        if (!notes.isEmpty())
            panel.instances->setItemData(panel.instances->count() - 1, notes.join(QLatin1Char('\n')), Qt::ToolTipRole);
    }
    panel.instances->setCurrentIndex(std::max(0, int(instances.indexOf(panel.chart->instance()))));
    panel.instances->setVisible(instances.size() > 1);
    const auto perInstance = std::count_if(instances.begin(), instances.end(),
                                           [](const QString& i) { return !Run::isAggregate(i); });
    panel.heatToggle->setVisible(perInstance > 1);
}

bool ChartGrid::isHeatMapShown(int index) const
{
    return index >= 0 && index < count() && m_panels[std::size_t(index)]->heatShown;
}

QToolButton* ChartGrid::heatMapToggle(int index) const
{
    return index >= 0 && index < count() ? m_panels[std::size_t(index)]->heatToggle : nullptr;
}

void ChartGrid::showContextMenu(Panel* panel, QWidget* view, const QPoint& position)
{
    const int index = indexOf(panel);
    if (index < 0)
        return;
    const bool heatMap = view == panel->heat;
    QMenu menu(this);
    menu.addAction(heatMap ? tr("Export Heat Map…") : tr("Export Chart…"), this,
                   [this, index, heatMap] { emit exportRequested(index, heatMap); });
    menu.addAction(heatMap ? tr("Copy Heat Map as Image") : tr("Copy Chart as Image"), this,
                   [this, index, heatMap] { emit copyRequested(index, heatMap); });
    menu.exec(view->mapToGlobal(position));
}

HeatMapView* ChartGrid::heatMap(int index) const
{
    return index >= 0 && index < count() ? m_panels[std::size_t(index)]->heat : nullptr;
}

void ChartGrid::setHeatMapShown(int index, bool shown)
{
    if (index < 0 || index >= count())
        return;
    Panel* panel = m_panels[std::size_t(index)].get();
    panel->heatShown = shown;
    if (shown && !panel->heat) {
        panel->heat = new HeatMapView(m_runs, m_time, panel->widget);
        panel->heat->setMetric(panel->chart->metricId());
        panel->heat->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(panel->heat, &QWidget::customContextMenuRequested, this,
                [this, panel](const QPoint& position) { showContextMenu(panel, panel->heat, position); });
        panel->widget->layout()->addWidget(panel->heat);
    }
    if (panel->heat) {
        panel->heat->setVisible(shown);
        panel->heat->setMinimumHeight(shown ? panel->heat->sizeHint().height() : 0);
    }
    panel->instances->setEnabled(!shown);
    panel->chart->setVisible(!shown);
    const QSignalBlocker blocker(panel->heatToggle);
    panel->heatToggle->setChecked(shown);
}

void ChartGrid::removeChart(int index)
{
    if (index < 0 || index >= count())
        return;
    delete m_panels[std::size_t(index)]->widget;
    m_panels.erase(m_panels.begin() + index);
    // The charts below move up into sight without a scroll: those skipped while out of sight
    // still showed the range they were last drawn for, not the shared zoom.
    scheduleRefresh();
    emit chartsChanged();
}

void ChartGrid::revealChart(int index)
{
    if (index < 0 || index >= count())
        return;
    // A chart just added has no place yet: scrolling to it at once aimed at its empty geometry
    // and left it below the fold. So it is scrolled to once the layout has placed it, which grows
    // the scroll range (revealPending); a chart that fits without that is scrolled to next turn.
    m_revealing = m_panels[std::size_t(index)]->widget;
    QTimer::singleShot(0, this, &ChartGrid::revealPending);
}

void ChartGrid::revealPending()
{
    if (!m_revealing)
        return;
    if (m_revealing->height() < m_revealing->minimumSizeHint().height())
        return; // not laid out yet
    ensureWidgetVisible(m_revealing, 0, 0);
    m_revealing.clear();
}

void ChartGrid::clear()
{
    while (count() > 0)
        removeChart(count() - 1);
}

TimeSeriesChart* ChartGrid::chart(int index) const
{
    return index >= 0 && index < count() ? m_panels[std::size_t(index)]->chart : nullptr;
}

QComboBox* ChartGrid::instanceChooser(int index) const
{
    return index >= 0 && index < count() ? m_panels[std::size_t(index)]->instances : nullptr;
}

std::vector<std::pair<QString, QString>> ChartGrid::charts() const
{
    std::vector<std::pair<QString, QString>> result;
    for (const auto& panel : m_panels)
        result.emplace_back(panel->chart->metricId(), panel->chart->instance());
    return result;
}

void ChartGrid::setCharts(const std::vector<std::pair<QString, QString>>& charts)
{
    clear();
    for (const auto& [metric, instance] : charts)
        addChart(metric, instance);
}

void ChartGrid::scheduleRefresh()
{
    if (!m_refreshTimer.isActive())
        m_refreshTimer.start();
}

void ChartGrid::refreshNow()
{
    m_refreshTimer.stop();
    const QRect visible(m_content->mapFrom(viewport(), QPoint(0, 0)), viewport()->size());
    for (const auto& panel : m_panels) {
        // Before the first layout every geometry is empty: draw everything then.
        const bool inSight = !isVisible() || panel->widget->geometry().isEmpty() || panel->widget->geometry().intersects(visible);
        if (!inSight) {
            panel->stale = true;
            continue;
        }
        panel->stale = false;
        if (panel->heatShown)
            panel->heat->refresh();
        else
            panel->chart->refresh();
    }
}
