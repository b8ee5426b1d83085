#include "FlameGraphPanel.h"

#include "FlameGraphView.h"
#include "FlameScopeView.h"
#include "ProfileFilterView.h"
#include "FlameGraphRequest.h"
#include "TimeController.h"
#include "TopFunctionsModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QHeaderView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

FlameGraphPanel::FlameGraphPanel(RunSet* runs, TimeController* time, QWidget* parent)
    : QWidget(parent)
    , m_runs(runs)
    , m_time(time)
{
    setObjectName(QStringLiteral("flameGraphPanel"));
    m_view = new FlameGraphView(this);
    m_mode = new QComboBox(this);
    m_mode->addItems({tr("Flame graph"), tr("Icicle graph")});
    m_mode->setToolTip(tr("Flame graph: callers at the bottom. Icicle graph: callers at the top."));
    m_compare = new QCheckBox(tr("Compare with baseline"), this);
    m_compare->setChecked(true);
    m_compare->setToolTip(tr("Colour the current run's flame graph by the change from the baseline run"));
    m_normalisation = new QComboBox(this);
    m_normalisation->addItems({tr("by share of samples"), tr("by samples per second")});
    m_normalisation->setToolTip(tr("Share of samples compares where the time went; samples per second also "
                                   "shows how much more or less CPU was used"));
    m_colourNoise = new QCheckBox(tr("Colour noise"), this);
    m_colourNoise->setObjectName(QStringLiteral("flameGraphColourNoise"));
    m_colourNoise->setToolTip(tr("When runs are tagged as repeats of variants (group or variant tags), frames whose change "
                                 "is within the noise of the repeats are drawn neutral. Check to colour every change."));
    m_colourNoise->setVisible(false);
    m_weight = new QComboBox(this);
    m_weight->setObjectName(QStringLiteral("flameGraphWeight"));
    m_weight->addItem(tr("Samples"), int(runlens::format::SampleWeight::Samples));
    m_weight->addItem(tr("Event count (period)"), int(runlens::format::SampleWeight::EventCount));
    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search functions (regular expression)"));
    m_search->setClearButtonEnabled(true);
    m_matched = new QLabel(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("flameGraphStatus"));

    m_scroll = new QScrollArea(this);
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    // A deep graph is taller than the panel, and a scroll area starts at its top: a flame graph
    // (root at the bottom) opened on empty space under the breadcrumb line. So the root's end
    // is kept in sight: for each new graph, and as the canvas grows or shrinks while the user has
    // not scrolled away from it.
    QScrollBar* vertical = m_scroll->verticalScrollBar();
    connect(vertical, &QScrollBar::rangeChanged, this, [this] {
        if (m_rootInSight)
            showRoot();
    });
    connect(vertical, &QScrollBar::valueChanged, this, [this, vertical](int value) {
        m_rootInSight = value == (m_view->isIcicle() ? vertical->minimum() : vertical->maximum());
    });

    // Beside the graph: the functions by self and total time, and the frames that disappeared.
    m_tabs = new QTabWidget(this);
    m_topModel = new TopFunctionsModel(this);
    m_topView = new QTableView(m_tabs);
    m_topView->setObjectName(QStringLiteral("topFunctions"));
    m_topView->setModel(m_topModel);
    m_topView->setSortingEnabled(true);
    m_topView->sortByColumn(m_topModel->sectionOf(TopFunctionsModel::Self), Qt::DescendingOrder);
    m_topView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_topView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_topView->verticalHeader()->hide();
    // Sized to their contents per tree (fitTopFunctionsColumns), not stretched: a stretched last
    // column pushed the baseline and the change out of sight.
    m_topView->horizontalHeader()->setStretchLastSection(false);
    // One line per function, elided in the middle: C++ names keep their start and their end.
    m_topView->setWordWrap(false);
    m_topView->setTextElideMode(Qt::ElideMiddle);
    m_tabs->addTab(m_topView, tr("Top functions"));
    m_disappeared = new QListWidget(m_tabs);
    m_disappeared->setObjectName(QStringLiteral("disappearedFrames"));
    m_disappeared->setToolTip(tr("Frames the baseline has and the current run does not: they have no width in the graph"));
    m_tabs->addTab(m_disappeared, tr("Only in baseline"));
    m_scope = new FlameScopeView(m_tabs);
    m_tabs->addTab(m_scope, tr("Heat map"));
    m_tabs->setTabToolTip(2, tr("The current run's samples per 20 ms, a column per second: drag to select a time range"));
    m_filter = new ProfileFilterView(m_tabs);
    m_tabs->addTab(m_filter, tr("Processes && CPUs"));
    m_tabs->setTabToolTip(3, tr("Which CPUs, processes and threads the flame graph counts, with their samples"));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_scroll);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setSizes({620, 380});

    auto* tools = new QHBoxLayout;
    tools->addWidget(m_mode);
    tools->addWidget(m_compare);
    tools->addWidget(m_normalisation);
    tools->addWidget(m_colourNoise);
    tools->addWidget(m_weight);
    tools->addWidget(m_search, 1);
    tools->addWidget(m_matched);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(tools);
    layout->addWidget(m_status);
    layout->addWidget(splitter, 1);

    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_view->setIcicle(index == 1);
        showRoot();
    });
    connect(m_compare, &QCheckBox::toggled, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_colourNoise, &QCheckBox::toggled, m_view, &FlameGraphView::setNoiseColoured);
    connect(m_normalisation, &QComboBox::currentIndexChanged, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_weight, &QComboBox::currentIndexChanged, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_search, &QLineEdit::textChanged, m_view, &FlameGraphView::setSearchPattern);
    connect(m_view, &FlameGraphView::searchMatched, this, [this](double share) {
        m_matched->setText(m_search->text().isEmpty() ? QString()
                                                      : tr("%1% matched").arg(QString::number(share * 100, 'f', 1)));
    });
    connect(m_disappeared, &QListWidget::currentTextChanged, m_view, &FlameGraphView::setHighlightedFunction);
    connect(m_topView, &QTableView::clicked, this, [this](const QModelIndex& index) {
        m_view->setHighlightedFunction(
            m_topModel->data(m_topModel->index(index.row(), TopFunctionsModel::Function)).toString());
    });
    for (auto signal : {&RunSet::runAdded, &RunSet::runRemoved, &RunSet::runChanged, &RunSet::baselineChanged,
                        &RunSet::currentChanged})
        connect(m_runs, signal, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_runs, &RunSet::runsReset, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_runs, &RunSet::orderChanged, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_time, &TimeController::selectionChanged, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_filter, &ProfileFilterView::filterChanged, this, &FlameGraphPanel::scheduleRefresh);
    connect(m_scope, &FlameScopeView::rangeSelected, this,
            [this](double begin, double end) { m_time->setSelection(TimeController::Range{begin, end}); });
    scheduleRefresh();
}

void FlameGraphPanel::scheduleRefresh()
{
    if (m_pending)
        return;
    m_pending = true;
    // Several signals in a row (a run added, then made current) rebuild once.
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        refresh();
    });
}

int FlameGraphPanel::selectedRun() const
{
    const int current = m_runs->currentIndex();
    if (current >= 0 && current < m_runs->count() && m_runs->at(current).run->hasProfile())
        return current;
    // Otherwise the last run with a profile: usually the one just opened.
    for (int i = m_runs->count() - 1; i >= 0; --i) {
        if (m_runs->at(i).run->hasProfile())
            return i;
    }
    return -1;
}

void FlameGraphPanel::refresh()
{
    const int selected = selectedRun();
    if (selected < 0) {
        m_jobs.cancelAll();
        m_view->setTree(nullptr);
        m_status->setText(tr("None of the open runs has CPU stack samples. Record with stack sampling, or open "
                             "folded stacks or `perf script` output."));
        // Samples there were, but unreadable: say so rather than that there were none.
        for (int i = m_runs->count() - 1; i >= 0; --i) {
            if (const QString error = m_runs->at(i).run->profileError(); !error.isEmpty()) {
                m_status->setText(error);
                break;
            }
        }
        m_topModel->setTree(nullptr);
        m_scope->setProfile(nullptr, 0);
        m_filter->setIndex(nullptr, false);
        m_shownRun.reset();
        m_shownIndex = nullptr;
        // The last runs' frames must not outlive them (after Close All the list still named them).
        showDisappeared(nullptr);
        emit treeShown();
        return;
    }
    const int baseline = m_runs->baselineIndex();
    const bool diff = m_compare->isChecked() && baseline >= 0 && baseline != selected
                   && m_runs->at(baseline).run->hasProfile();
    FlameGraphRequest request;
    request.selected = m_runs->at(selected);
    if (diff) {
        request.baseline = m_runs->at(baseline);
        // Runs tagged as repeats of two different variants: each side is its variant's runs.
        const QString selectedGroup = request.selected.run->repeatGroup();
        const QString baselineGroup = request.baseline->run->repeatGroup();
        if (!selectedGroup.isEmpty() && !baselineGroup.isEmpty() && selectedGroup != baselineGroup) {
            for (int i = 0; i < m_runs->count(); ++i) {
                const RunEntry& entry = m_runs->at(i);
                if (i == selected || i == baseline || !entry.visible || !entry.run->hasProfile())
                    continue;
                if (entry.run->repeatGroup() == selectedGroup)
                    request.selectedRepeats.push_back(entry);
                else if (entry.run->repeatGroup() == baselineGroup)
                    request.baselineRepeats.push_back(entry);
            }
        }
    }
    m_colourNoise->setVisible(!request.baselineRepeats.empty() || !request.selectedRepeats.empty());
    request.range = m_time->selection();
    request.normalisation =
        m_normalisation->currentIndex() == 1 ? DiffNormalisation::PerSecond : DiffNormalisation::TotalSamples;
    // Event counts need periods in every run shown; the choice is kept for when they have them.
    // Samples not decoded yet count as having them until they are (the loader's profileIndexed
    // refreshes the panel then), so that the choice does not flicker off and on.
    const auto periodsIn = [](const RunEntry& entry) {
        const runlens::format::ProfileTables* profile = entry.run->profile();
        return !profile || profile->hasPeriods();
    };
    bool periods = periodsIn(request.selected) && (!request.baseline || periodsIn(*request.baseline));
    for (const auto* repeats : {&request.baselineRepeats, &request.selectedRepeats}) {
        for (const RunEntry& entry : *repeats)
            periods = periods && periodsIn(entry);
    }
    m_weight->setEnabled(periods);
    m_weight->setToolTip(periods ? tr("Samples: how often a stack was seen. Event count: the sum of the samples' periods "
                                      "(cycles, nanoseconds), which weighs each sample by what it stands for when the "
                                      "kernel changed the period, as in frequency mode; what stackcollapse-perf.pl adds up.")
                                 : tr("The runs shown record no periods (every sample weighs the same): only samples."));
    request.weight = runlens::format::SampleWeight(m_weight->currentData().toInt());
    showIndexOf(request.selected.run, request.selected.offsetSeconds);
    request.cpus = m_filter->cpus();
    request.pids = m_filter->pids();
    request.tids = m_filter->tids();
    m_status->setText(request.selected.run->profileIndex()
                          ? tr("Computing the flame graph…")
                          : tr("Indexing the profile of %1 (charts can be used meanwhile)…").arg(request.selected.name()));
    // The request holds the runs (shared pointers), so closing a run meanwhile cannot pull the
    // samples from under the job; a newer request drops this one's answer.
    m_jobs.start([request](JobControl&) { return request.run(); },
                 [this](const FlameGraph& result) { showResult(result); });
}

void FlameGraphPanel::showResult(const FlameGraph& result)
{
    if (!result.error.isEmpty()) {
        // A run's samples were unreadable: refresh() picks another run once the loader says so.
        m_status->setText(result.error);
        m_view->setTree(nullptr);
        m_topModel->setTree(nullptr);
        showDisappeared(nullptr);
        emit treeShown();
        return;
    }
    const auto& range = result.range;
    const bool events = result.weight == runlens::format::SampleWeight::EventCount;
    if (range) {
        m_status->setText((events ? tr("%1 events of %2 between %3 s and %4 s (the selected range)")
                                  : tr("%1 samples of %2 between %3 s and %4 s (the selected range)"))
                              .arg(result.selectedSamples)
                              .arg(result.selectedName)
                              .arg(range->first, 0, 'f', 2)
                              .arg(range->second, 0, 'f', 2));
    } else if (result.trimmed) {
        m_status->setText((events ? tr("%1 events of %2 in the runs' trim windows (select a range in a chart to narrow it)")
                                  : tr("%1 samples of %2 in the runs' trim windows (select a range in a chart to narrow it)"))
                              .arg(result.selectedSamples)
                              .arg(result.selectedName));
    } else {
        m_status->setText((events ? tr("%1 events of %2 (the whole run; select a range in a chart to narrow it)")
                                  : tr("%1 samples of %2 (the whole run; select a range in a chart to narrow it)"))
                              .arg(result.selectedSamples)
                              .arg(result.selectedName));
    }

    if (result.filtered)
        m_status->setText(tr("%1. Only %2.").arg(m_status->text(), m_filter->description()));
    if (const StackTree* tree = result.tree.get(); tree && (tree->baselineRepeats() > 1 || tree->selectedRepeats() > 1)) {
        m_status->setText(m_status->text() + QLatin1Char(' ')
                          + (tree->hasVerdicts() ? tr("Variants compared: %1 runs against %2 of the baseline, each frame tested "
                                                      "across the runs.")
                                                       .arg(tree->selectedRepeats())
                                                       .arg(tree->baselineRepeats())
                                                 : tr("Variants pooled: %1 runs against %2; fewer than three runs on a side "
                                                      "give no noise to test against.")
                                                       .arg(tree->selectedRepeats())
                                                       .arg(tree->baselineRepeats())));
    }
    // The job may have built the index (or the loader finished it meanwhile): its views follow.
    if (m_shownRun)
        showIndexOf(m_shownRun, m_shownOffset);
    m_view->setRunNames(result.selectedName, result.baselineName);
    m_view->setTree(result.tree);
    showRoot();
    m_topModel->setTree(result.tree);
    fitTopFunctionsColumns();
    showDisappeared(result.tree.get());
    emit treeShown();
}

void FlameGraphPanel::showIndexOf(const RunPtr& run, double offsetSeconds)
{
    // The heat map and the process list are rebuilt only for another run, offset or index: a new
    // selection must keep the user's process choices.
    const ProfileIndex* index = run->profileIndex();
    const bool sameRun = m_shownRun == run && m_shownIndex == index;
    if (!sameRun || m_shownOffset != offsetSeconds)
        m_scope->setProfile(index, offsetSeconds);
    m_filter->setIndex(index, sameRun);
    m_shownRun = run;
    m_shownIndex = index;
    m_shownOffset = offsetSeconds;
}

void FlameGraphPanel::showDisappeared(const StackTree* tree)
{
    m_disappeared->clear();
    if (tree && tree->isDiff()) {
        const double base = double(std::max<std::uint64_t>(1, tree->baselineSamples()));
        for (const std::uint32_t node : tree->disappeared()) {
            const auto& function = tree->functionOf(node);
            auto* item = new QListWidgetItem(QString::fromStdString(function.symbol), m_disappeared);
            item->setToolTip(tr("%1 baseline samples (%2% of the baseline)")
                                 .arg(tree->baselineTotal(node))
                                 .arg(QString::number(100.0 * double(tree->baselineTotal(node)) / base, 'f', 2)));
        }
    }
    m_tabs->setTabText(1, tr("Only in baseline (%1)").arg(m_disappeared->count()));
}

void FlameGraphPanel::showRoot()
{
    // The canvas's new height may still be pending in the layout: rangeChanged comes back here.
    m_rootInSight = true;
    QScrollBar* vertical = m_scroll->verticalScrollBar();
    vertical->setValue(m_view->isIcicle() ? vertical->minimum() : vertical->maximum());
}

void FlameGraphPanel::fitTopFunctionsColumns()
{
    QHeaderView* header = m_topView->horizontalHeader();
    // A model reset forgets the sort indicator's column, which moves with the tree's columns.
    header->setSortIndicator(m_topModel->sectionOf(m_topModel->sortColumn()), m_topModel->sortOrder());
    m_topView->resizeColumnsToContents();
    // The leading columns (a difference's values, change and verdict) keep their width; the
    // function's name takes what is left of the view, elided in the middle, never less than a
    // readable minimum. The counts and the module follow, a scroll away.
    const int leading = m_topModel->leadingSections();
    int used = 0;
    for (int section = 1; section < leading; ++section)
        used += header->sectionSize(section);
    const int available = m_topView->viewport()->width() - used;
    const int minimum = m_topView->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 10;
    header->resizeSection(0, std::max(minimum, std::min(header->sectionSize(0), available)));
}
