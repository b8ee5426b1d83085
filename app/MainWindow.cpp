#include "MainWindow.h"
#include "remote/ConnectDialog.h"

#include "ChartGrid.h"
#include "DefaultCharts.h"
#include "DemoRuns.h"
#include "FlameGraphPanel.h"
#include "GettingStartedDialog.h"
#include "KeyboardShortcutsDialog.h"
#include "MetricBrowser.h"
#include "SeriesExport.h"
#include "MetricTreeModel.h"
#include "RecentFiles.h"
#include "RunListModel.h"
#include "RunListView.h"
#include "RunLoader.h"
#include "RunSet.h"
#include "RunlensVersion.h"
#include "SessionFile.h"
#include "SummaryResources.h"
#include "TimeController.h"
#include "WelcomePage.h"
#include "export/ExportDialog.h"
#include "export/ExportSources.h"
#include "export/FigureWriter.h"
#include "export/ExportFonts.h"
#include "TimeSeriesChart.h"
#include "summary/LiveSummary.h"
#include "summary/SummaryTable.h"
#include "summary/SummaryView.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {

QStringList localFilesOf(const QMimeData* mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl& url : mime->urls()) {
        if (url.isLocalFile())
            files.append(url.toLocalFile());
    }
    return files;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_recentFiles(new RecentFiles(QStringLiteral("recentFiles"), RecentFiles::kDefaultCapacity, this))
    , m_runs(new RunSet(this))
    , m_time(new TimeController(this))
    , m_loader(new RunLoader(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Runlens"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/runlens.svg")));
    setAcceptDrops(true);

    m_pages = new QStackedWidget(this);
    m_welcomePage = new WelcomePage(m_pages);
    m_pages->addWidget(m_welcomePage);
    setCentralWidget(m_pages);

    m_welcomePage->setConnectAvailable(true);
    connect(m_welcomePage, &WelcomePage::connectRequested, this, &MainWindow::showConnectDialog);
    m_welcomePage->setDemoAvailable(!DemoRuns::files().isEmpty(), tr("This build has no demo runs bundled."));
    connect(m_welcomePage, &WelcomePage::openRunsRequested, this, &MainWindow::showOpenDialog);
    connect(m_welcomePage, &WelcomePage::demoRequested, this, &MainWindow::openDemoRuns);
    connect(m_welcomePage, &WelcomePage::recentFileActivated, this,
            [this](const QString& path) { openRuns({path}); });

    createAnalysisPage();
    createActions();
    createMenus();
    createSummaryDock();
    createFlameGraphDock();
    m_exportSources = std::make_unique<ExportSources>(m_runs, m_time, m_chartGrid, m_flameGraph, m_summaryView);
    connect(m_chartGrid, &ChartGrid::exportRequested, this, [this](int index, bool heatMap) {
        if (ExportDialog* dialog = showExportDialog(heatMap ? ExportSubject::HeatMap : ExportSubject::Charts))
            dialog->focusChart(index);
    });
    connect(m_chartGrid, &ChartGrid::copyRequested, this, [this](int index, bool heatMap) {
        ExportRequest request;
        request.subject = heatMap ? ExportSubject::HeatMap : ExportSubject::Charts;
        request.charts = {index};
        copyFigure(request);
    });
    connect(m_recentFiles, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    statusBar()->showMessage(tr("Open run archives or drop them here to compare them."));
    restoreWindowState();
}

MainWindow::~MainWindow() = default;

void MainWindow::copyFigure(ExportRequest request)
{
    request.text = m_exportSources->choices().text;
    const auto figures = m_exportSources->figures(request);
    if (figures.empty()) {
        statusBar()->showMessage(tr("There is nothing to copy: add a chart first."), 5000);
        return;
    }
    ExportTarget target;
    target.style = ExportStyle::presentation(target.size, ExportFonts::family());
    FigureWriter::copyToClipboard(*figures.front(), target);
    statusBar()->showMessage(tr("Copied as a %1 × %2 image.").arg(target.size.width()).arg(target.size.height()), 5000);
}

ExportDialog* MainWindow::showExportDialog(ExportSubject subject)
{
    if (m_runs->count() == 0) {
        statusBar()->showMessage(tr("Open runs first: there is nothing to export yet."), 5000);
        return nullptr;
    }
    auto* dialog = new ExportDialog(m_exportSources->choices(),
                                    [this](const ExportRequest& request) { return m_exportSources->figures(request); }, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSubject(subject);
    dialog->open();
    return dialog;
}

void MainWindow::createActions()
{
    m_openAction = new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open Runs…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open one or more run archives"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::showOpenDialog);

    m_connectAction = new QAction(QIcon::fromTheme(QStringLiteral("network-server")), tr("&Connect to Host…"), this);
    m_connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    m_connectAction->setStatusTip(tr("Record on a host over SSH and open the run"));
    connect(m_connectAction, &QAction::triggered, this, &MainWindow::showConnectDialog);

    m_saveSessionAction = new QAction(tr("&Save Session…"), this);
    m_saveSessionAction->setShortcut(QKeySequence::Save);
    m_saveSessionAction->setStatusTip(tr("Save the open runs, charts, zoom and selection to a .runlens file"));
    connect(m_saveSessionAction, &QAction::triggered, this, [this] {
        if (m_runs->count() == 0) {
            statusBar()->showMessage(tr("Open runs first: a session remembers the open runs and charts."), 5000);
            return;
        }
        QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), QString(), tr("Runlens sessions (*.runlens)"));
        if (path.isEmpty())
            return;
        if (!path.endsWith(QLatin1String(".runlens")))
            path += QStringLiteral(".runlens");
        saveSession(path);
    });

    m_exportAction = new QAction(QIcon::fromTheme(QStringLiteral("document-export")), tr("&Export…"), this);
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportAction->setStatusTip(tr("Export charts, the flame graph, a heat map or the summary as PNG, SVG or PDF for slides"));
    connect(m_exportAction, &QAction::triggered, this, [this] {
        // The view the user is working in, else the charts.
        const QWidget* focus = QApplication::focusWidget();
        const auto within = [focus](const QWidget* dock) { return focus && dock && dock->isAncestorOf(focus); };
        showExportDialog(within(m_flameGraphDock) ? ExportSubject::FlameGraph
                         : within(m_summaryDock)  ? ExportSubject::Summary
                                                  : ExportSubject::Charts);
    });

    m_copyImageAction = new QAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("Copy Charts as &Image"), this);
    m_copyImageAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    m_copyImageAction->setStatusTip(tr("Put every chart on the clipboard as a 1920×1080 presentation image"));
    connect(m_copyImageAction, &QAction::triggered, this, [this] {
        ExportRequest request;
        for (int i = 0; i < m_chartGrid->count(); ++i)
            request.charts.push_back(i);
        copyFigure(request);
    });

    m_closeAllAction = new QAction(tr("C&lose All"), this);
    m_closeAllAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_closeAllAction->setStatusTip(tr("Close every open run and return to the welcome page"));
    connect(m_closeAllAction, &QAction::triggered, this, &MainWindow::closeAll);

    m_quitAction = new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this);
    // Some platform themes define no Quit key; Ctrl+Q is what Linux desktop users expect.
    const QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    m_quitAction->setShortcuts(quitKeys.isEmpty() ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Q)} : quitKeys);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    // The two pages as a pair of choices: whichever page shows, the View menu leads to the other
    // (the welcome page alone hid the open runs' list, metrics and charts with no way back).
    m_welcomeAction = new QAction(tr("&Welcome Page"), this);
    m_welcomeAction->setCheckable(true);
    m_welcomeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(m_welcomeAction, &QAction::triggered, this, [this] { m_pages->setCurrentWidget(m_welcomePage); });
    m_analysisAction = new QAction(tr("Runs and C&harts"), this);
    m_analysisAction->setObjectName(QStringLiteral("analysisAction"));
    m_analysisAction->setCheckable(true);
    m_analysisAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    m_analysisAction->setStatusTip(tr("Back to the open runs, their metrics and charts"));
    connect(m_analysisAction, &QAction::triggered, this, [this] { m_pages->setCurrentWidget(m_analysisPage); });
    auto* pages = new QActionGroup(this);
    pages->addAction(m_welcomeAction);
    pages->addAction(m_analysisAction);
    const auto followPage = [this] {
        m_welcomeAction->setChecked(m_pages->currentWidget() == m_welcomePage);
        m_analysisAction->setChecked(m_pages->currentWidget() == m_analysisPage);
        // Without runs the analysis page is empty: nothing to go back to.
        m_analysisAction->setEnabled(m_runs->count() > 0);
    };
    connect(m_pages, &QStackedWidget::currentChanged, this, followPage);
    connect(m_pages, &QStackedWidget::currentChanged, this,
            [this] { QTimer::singleShot(0, this, &MainWindow::fitRunListHeight); });
    for (auto signal : {&RunSet::runAdded, &RunSet::runRemoved})
        connect(m_runs, signal, this, followPage);
    connect(m_runs, &RunSet::runsReset, this, followPage);
    followPage();

    m_fullScreenAction = new QAction(tr("Full Scree&n"), this);
    m_fullScreenAction->setShortcut(QKeySequence::FullScreen);
    m_fullScreenAction->setCheckable(true);
    connect(m_fullScreenAction, &QAction::toggled, this,
            [this](bool on) { setWindowState(windowState().setFlag(Qt::WindowFullScreen, on)); });

    m_statusBarAction = new QAction(tr("Show &Status Bar"), this);
    m_statusBarAction->setCheckable(true);
    m_statusBarAction->setChecked(true);
    connect(m_statusBarAction, &QAction::toggled, this, [this](bool on) { statusBar()->setVisible(on); });

    m_resetZoomAction = new QAction(tr("&Reset Zoom"), this);
    m_resetZoomAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_resetZoomAction->setStatusTip(tr("Show the whole time range again (also: double-click or Esc in a chart)"));
    connect(m_resetZoomAction, &QAction::triggered, m_time, &TimeController::resetZoom);

    m_clearSelectionAction = new QAction(tr("C&lear Selection"), this);
    m_clearSelectionAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_clearSelectionAction->setStatusTip(tr("Forget the selected time range (Shift+drag in a chart selects one)"));
    connect(m_clearSelectionAction, &QAction::triggered, this, [this] { m_time->setSelection(std::nullopt); });

    m_wallClockAction = new QAction(tr("Align Runs by Wall Cl&ock"), this);
    m_wallClockAction->setCheckable(true);
    m_wallClockAction->setStatusTip(tr("Place runs at their real start times instead of overlaying their starts"));
    connect(m_wallClockAction, &QAction::toggled, this, [this](bool on) {
        m_runs->setAlignment(on ? RunSet::Alignment::WallClock : RunSet::Alignment::Start);
    });

    // Ctrl+F searches where the user is working: in the flame graph its functions, in the summary
    // its metrics, anywhere else the metric browser (the analysis page is shown for it).
    m_findAction = new QAction(tr("F&ind…"), this);
    m_findAction->setObjectName(QStringLiteral("findAction"));
    m_findAction->setShortcut(QKeySequence::Find);
    m_findAction->setStatusTip(tr("Search the panel you are in: flame graph functions, summary metrics, or the metric browser"));
    connect(m_findAction, &QAction::triggered, this, &MainWindow::focusSearch);

    m_gettingStartedAction = new QAction(tr("&Getting Started"), this);
    m_gettingStartedAction->setShortcut(QKeySequence::HelpContents);
    connect(m_gettingStartedAction, &QAction::triggered, this, [this] {
        auto* dialog = new GettingStartedDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    m_shortcutsAction = new QAction(tr("&Keyboard Shortcuts"), this);
    connect(m_shortcutsAction, &QAction::triggered, this, [this] {
        auto* dialog = new KeyboardShortcutsDialog(menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });

    m_aboutAction = new QAction(tr("&About Runlens"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    m_aboutQtAction = new QAction(tr("About &Qt"), this);
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_fileMenu->addAction(m_openAction);
    m_fileMenu->addAction(m_connectAction);
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_fileMenu->addAction(m_saveSessionAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_exportAction);
    m_fileMenu->addAction(m_copyImageAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_closeAllAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_viewMenu->addAction(m_welcomeAction);
    m_viewMenu->addAction(m_analysisAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_findAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_resetZoomAction);
    m_viewMenu->addAction(m_clearSelectionAction);
    m_viewMenu->addAction(m_wallClockAction);
    m_viewMenu->addAction(tr("Align Runs by Steady Stat&e"), this, [this] {
        // Offsets, not a mode: the wall-clock mode would put them back.
        m_wallClockAction->setChecked(false);
        const int aligned = m_runs->alignBySteadyState();
        statusBar()->showMessage(aligned > 0 ? tr("Aligned %n run(s) at the start of their steady state", nullptr, aligned)
                                             : tr("No run has a steady state to align by"),
                                 5000);
    });
    // Every run's trim at once: the run list's actions, so that its context menu and Esc agree.
    QMenu* trims = m_viewMenu->addMenu(tr("&Trim"));
    trims->setObjectName(QStringLiteral("trimMenu"));
    trims->addAction(m_runList->trimAllAction());
    trims->addAction(m_runList->trimAllToSteadyStateAction());
    trims->addAction(m_runList->clearTrimsAction());
    trims->addAction(m_runList->undoTrimsAction());
    connect(m_runList, &RunListView::trimsReported, this, [this](const QString& message) { statusBar()->showMessage(message, 5000); });
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_statusBarAction);
    m_viewMenu->addAction(m_fullScreenAction);

    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    m_helpMenu->addAction(m_gettingStartedAction);
    m_helpMenu->addAction(m_shortcutsAction);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAction);
    m_helpMenu->addAction(m_aboutQtAction);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_recentFiles->files();
    for (int i = 0; i < files.size(); ++i) {
        // &1..&9 give keyboard access, as in most desktop applications.
        const QString label = i < 9 ? QStringLiteral("&%1  %2").arg(i + 1).arg(QFileInfo(files[i]).fileName())
                                    : QFileInfo(files[i]).fileName();
        QAction* action = m_recentMenu->addAction(label);
        action->setStatusTip(files[i]);
        action->setToolTip(files[i]);
        const QString path = files[i];
        connect(action, &QAction::triggered, this, [this, path] { openRuns({path}); });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent run archives"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear Recent"), m_recentFiles, &RecentFiles::clear);
    }
    m_welcomePage->setRecentFiles(files);
}

// Not modal: one dialog per host, so several hosts can record side by side; each fetched run opens
// beside the runs already open.
void MainWindow::showConnectDialog()
{
    auto* dialog = new ConnectDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ConnectDialog::runFetched, this, [this](const QString& path) { openRuns({path}); });
    dialog->show();
}

void MainWindow::showOpenDialog()
{
    const QString startDirectory =
        m_recentFiles->files().isEmpty() ? QString() : QFileInfo(m_recentFiles->files().first()).absolutePath();
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open Run Archives"), startDirectory,
        tr("Run archives and sessions (*.tar.gz *.tgz *.runlens);;Profiles: folded stacks, perf script (*.folded *.collapsed *.txt *.perf *.gz);;All files (*)"));
    if (!paths.isEmpty())
        openRuns(paths);
}

void MainWindow::createAnalysisPage()
{
    m_runListModel = new RunListModel(m_runs, this);
    m_metricModel = new MetricTreeModel(m_runs, this);

    m_analysisPage = new QWidget(m_pages);
    m_analysisPage->setObjectName(QStringLiteral("analysisPage"));
    m_runList = new RunListView(m_analysisPage);
    m_runList->setRunModel(m_runListModel);
    m_metricBrowser = new MetricBrowser(m_analysisPage);
    m_metricBrowser->setMetricModel(m_metricModel);
    m_chartGrid = new ChartGrid(m_runs, m_time, m_analysisPage);

    auto* side = new QSplitter(Qt::Vertical, m_analysisPage);
    m_sideSplitter = side;
    side->addWidget(m_runList);
    side->addWidget(m_metricBrowser);
    side->setStretchFactor(0, 1);
    side->setStretchFactor(1, 3);
    // After the rows are laid out: their height is known then.
    connect(m_runListModel, &QAbstractItemModel::rowsInserted, this,
            [this] { QTimer::singleShot(0, this, &MainWindow::fitRunListHeight); });
    m_splitter = new QSplitter(Qt::Horizontal, m_analysisPage);
    m_splitter->setObjectName(QStringLiteral("analysisSplitter"));
    m_splitter->addWidget(side);
    m_splitter->addWidget(m_chartGrid);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({380, 900});
    auto* layout = new QVBoxLayout(m_analysisPage);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    m_pages->addWidget(m_analysisPage);

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(200);
    m_progress->setVisible(false);
    m_cancelLoading = new QToolButton(this);
    m_cancelLoading->setText(tr("Cancel"));
    m_cancelLoading->setToolTip(tr("Stop opening the run archives that are still loading"));
    m_cancelLoading->setVisible(false);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelLoading);

    connect(m_cancelLoading, &QToolButton::clicked, m_loader, &RunLoader::cancelAll);
    connect(m_loader, &RunLoader::progressChanged, this, [this](double fraction) {
        m_progress->setValue(int(fraction * 1000));
    });
    connect(m_loader, &RunLoader::runLoaded, this, &MainWindow::addRun);
    // A flame graph asked for meanwhile built the index itself, or waited for it; either way the
    // heat map and the process list can show now.
    connect(m_loader, &RunLoader::profileIndexed, this, [this] { m_flameGraph->scheduleRefresh(); });
    // Found after the run opened: its charts stay, and the problem is told with the others at the end.
    connect(m_loader, &RunLoader::profileFailed, this, [this](const RunPtr&, const QString& message) {
        m_pendingProblems.append(tr("%1\nIts charts are shown, without a flame graph.").arg(message));
        m_flameGraph->scheduleRefresh();
    });
    connect(m_loader, &RunLoader::loadFailed, this, [this](const QString&, const QString& message) {
        m_pendingProblems.append(message);
    });
    connect(m_loader, &RunLoader::loadCancelled, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Opening %1 was cancelled.").arg(QFileInfo(path).fileName()), 5000);
    });
    connect(m_loader, &RunLoader::idle, this, [this] {
        m_progress->setVisible(false);
        m_cancelLoading->setVisible(false);
        if (!m_pendingProblems.isEmpty())
            reportProblems(std::exchange(m_pendingProblems, {}));
        applyPendingSession();
        emit loadingFinished();
    });
    connect(m_metricBrowser, &MetricBrowser::metricActivated, this, [this](const QString& id) {
        // Added at the bottom of the grid, which may be out of sight: brought into view.
        m_chartGrid->revealChart(m_chartGrid->addChart(id));
    });
    connect(m_metricBrowser, &MetricBrowser::copySeriesRequested, this, [this](const QString& id) {
        // The runs shown, in the long format of `runlens convert --to csv`, ready for a spreadsheet.
        std::vector<RunPtr> shown;
        for (int r = 0; r < m_runs->count(); ++r) {
            if (m_runs->at(r).visible)
                shown.push_back(m_runs->at(r).run);
        }
        SeriesExport::Selection selection;
        selection.metrics = {id};
        QGuiApplication::clipboard()->setText(QString::fromUtf8(SeriesExport::toCsv(shown, selection)));
        statusBar()->showMessage(tr("Copied the series of %1 of %n run(s) as CSV", nullptr, int(shown.size())).arg(id), 5000);
    });
    connect(m_runList, &RunListView::currentRunChanged, m_runs, &RunSet::setCurrentIndex);
    connect(m_runList, &RunListView::removeRequested, this, [this](int run) {
        m_runs->remove(run);
        if (m_runs->count() == 0)
            closeAll();
    });
    for (auto signal : {&RunSet::runAdded, &RunSet::runRemoved, &RunSet::runChanged})
        connect(m_runs, signal, this, &MainWindow::updateExtent);
}

QStringList MainWindow::openFiles() const
{
    QStringList files;
    for (int i = 0; i < m_runs->count(); ++i)
        files.append(m_runs->at(i).run->filePath());
    return files;
}

bool MainWindow::isLoading() const
{
    return m_loader->isBusy();
}

void MainWindow::openRuns(const QStringList& paths)
{
    QStringList toLoad;
    QStringList problems;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (path.endsWith(QLatin1String(".runlens")) && info.isFile()) {
            openSession(path);
            continue;
        }
        if (!info.exists()) {
            problems.append(tr("%1 does not exist. Check the path, or remove it from Open Recent.").arg(path));
            m_recentFiles->remove(path);
        } else if (!info.isFile()) {
            problems.append(tr("%1 is not a file. Choose a run archive (.tar.gz).").arg(path));
        } else if (!info.isReadable()) {
            problems.append(tr("%1 cannot be read: permission denied. Check the file's permissions.").arg(path));
        } else if (m_runs->indexOf(info.absoluteFilePath()) >= 0) {
            statusBar()->showMessage(tr("%1 is already open.").arg(info.fileName()), 5000);
        } else {
            toLoad.append(info.absoluteFilePath());
        }
    }
    if (!toLoad.isEmpty()) {
        statusBar()->showMessage(tr("Opening %n run archive(s)…", nullptr, int(toLoad.size())));
        m_progress->setValue(0);
        m_progress->setVisible(true);
        m_cancelLoading->setVisible(true);
        m_loader->load(toLoad);
    }
    if (!problems.isEmpty())
        reportProblems(problems);
    // Nothing new to load and nothing in flight (a session may have started loads of its own).
    if (toLoad.isEmpty() && !m_loader->isBusy())
        emit loadingFinished();
}

void MainWindow::addRun(const RunPtr& run)
{
    const bool first = m_runs->count() == 0;
    m_runs->add(run);
    m_recentFiles->add(run->filePath());
    m_pages->setCurrentWidget(m_analysisPage);
    if (first || m_chartGrid->count() == 0)
        addDefaultCharts();
    statusBar()->showMessage(tr("Opened %1 (%2).").arg(run->name(), QFileInfo(run->filePath()).fileName()), 5000);
    emit runsOpened({run->filePath()});
}

void MainWindow::addDefaultCharts()
{
    for (const QString& metric : DefaultCharts::metrics(*m_runs))
        m_chartGrid->addChart(metric);
}

void MainWindow::updateExtent()
{
    m_time->setExtent(m_runs->timeExtent());
}

void MainWindow::reportProblems(const QStringList& problems)
{
    emit openFailed(problems);
    // Window-modal and non-blocking: the runs already open stay usable behind the message.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Some files could not be opened"),
                                problems.join(QStringLiteral("\n\n")), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("openProblems"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

bool MainWindow::saveSession(const QString& path)
{
    std::vector<Session::ChartState> charts;
    const auto chosen = m_chartGrid->charts();
    for (int i = 0; i < int(chosen.size()); ++i) {
        charts.push_back({chosen[std::size_t(i)].first, chosen[std::size_t(i)].second, m_chartGrid->isHeatMapShown(i)});
    }
    const Session session = Session::capture(*m_runs, *m_time, std::move(charts),
                                             m_summaryView->pricePerformance()->model()->enteredInputs());
    QString error;
    if (!SessionFile::write(session, path, &error)) {
        reportProblems({error});
        return false;
    }
    m_recentFiles->add(path);
    statusBar()->showMessage(tr("Session saved to %1.").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::openSession(const QString& path)
{
    QString error;
    std::optional<Session> session = SessionFile::read(path, &error);
    if (!session) {
        reportProblems({error});
        return;
    }
    m_recentFiles->add(path);
    m_pendingSession = std::move(session);
    const QStringList missing = [&] {
        QStringList files;
        for (const QString& run : m_pendingSession->filePaths()) {
            if (m_runs->indexOf(run) < 0)
                files.append(run);
        }
        return files;
    }();
    if (missing.isEmpty())
        applyPendingSession();
    else
        openRuns(missing);
}

void MainWindow::applyPendingSession()
{
    if (!m_pendingSession)
        return;
    const Session session = std::move(*m_pendingSession);
    m_pendingSession.reset();
    session.applyTo(*m_runs);
    m_summaryView->pricePerformance()->model()->setEnteredInputs(session.priceInputs(*m_runs));
    m_chartGrid->clear();
    for (const Session::ChartState& chart : session.charts) {
        const int index = m_chartGrid->addChart(chart.metricId, chart.instance);
        if (chart.heatMap)
            m_chartGrid->setHeatMapShown(index, true);
    }
    updateExtent();
    if (session.view)
        m_time->setViewRange(*session.view);
    m_time->setSelection(session.selection);
    m_wallClockAction->setChecked(session.wallClockAlignment);
    if (m_runs->count() > 0)
        m_pages->setCurrentWidget(m_analysisPage);
}

void MainWindow::openDemoRuns()
{
    const QStringList files = DemoRuns::files();
    if (files.isEmpty()) {
        statusBar()->showMessage(tr("This build has no demo runs bundled."));
        return;
    }
    openRuns(files);
}

void MainWindow::closeAll()
{
    m_loader->cancelAll();
    m_chartGrid->clear();
    m_runs->clear();
    m_time->setSelection(std::nullopt);
    // Close All starts over: the next runs must not open filtered by the last ones' searches.
    m_metricBrowser->filterEdit()->clear();
    m_summaryView->table()->searchField()->clear();
    m_flameGraph->searchField()->clear();
    m_pages->setCurrentWidget(m_welcomePage);
    statusBar()->showMessage(tr("All runs closed."));
}

void MainWindow::focusSearch()
{
    const QWidget* focus = QApplication::focusWidget();
    QLineEdit* search = nullptr;
    if (focus && m_flameGraphDock->isAncestorOf(focus))
        search = m_flameGraph->searchField();
    else if (focus && m_summaryDock->isAncestorOf(focus))
        search = m_summaryView->table()->searchField();
    else {
        if (m_runs->count() > 0)
            m_pages->setCurrentWidget(m_analysisPage);
        search = m_metricBrowser->filterEdit();
    }
    search->setFocus(Qt::ShortcutFocusReason);
    search->selectAll();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Runlens"),
                       tr("<h3>Runlens %1</h3>"
                          "<p>Record a host while a workload runs, then compare baseline and tuned runs: "
                          "system metrics, CPU counters and flame graphs, side by side.</p>"
                          "<p>Recordings are made with <code>runlens-rec</code> on the host under test.</p>")
                           .arg(QString::fromLatin1(runlens::kVersion)));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    saveWindowState();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localFilesOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QStringList files = localFilesOf(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    openRuns(files);
}

void MainWindow::fitRunListHeight()
{
    const QList<int> sizes = m_sideSplitter->sizes();
    if (sizes.size() != 2 || !m_runList->isVisible())
        return;
    const int total = sizes[0] + sizes[1];
    const int height = std::min(m_runList->heightForAllRuns(), total / 2);
    if (height > sizes[0])
        m_sideSplitter->setSizes({height, total - height});
}

void MainWindow::restoreWindowState()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1280, 800);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    m_splitter->restoreState(settings.value(QStringLiteral("mainWindow/splitter")).toByteArray());
    // Which columns of the run list the user chose to see (the secondary ones start hidden).
    const QVariant hidden = settings.value(QStringLiteral("mainWindow/runListHiddenColumns"));
    if (hidden.isValid()) {
        const QStringList columns = hidden.toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (int column = 1; column < RunListModel::ColumnCount; ++column)
            m_runList->setColumnHidden(column, columns.contains(QString::number(column)));
    }
    m_statusBarAction->setChecked(settings.value(QStringLiteral("mainWindow/statusBarVisible"), true).toBool());
}

void MainWindow::saveWindowState() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    settings.setValue(QStringLiteral("mainWindow/splitter"), m_splitter->saveState());
    QStringList hidden;
    for (int column = 1; column < RunListModel::ColumnCount; ++column) {
        if (m_runList->isColumnHidden(column))
            hidden.append(QString::number(column));
    }
    // A string, not a list: an empty list does not survive every QSettings backend as "none hidden".
    settings.setValue(QStringLiteral("mainWindow/runListHiddenColumns"), hidden.join(QLatin1Char(',')));
    settings.setValue(QStringLiteral("mainWindow/statusBarVisible"), m_statusBarAction->isChecked());
}

// The summary sits in a dock under the charts: a click on a metric there shows its chart, with
// the window the summary used (the selection, else each run's trim window) highlighted in it.
void MainWindow::createSummaryDock()
{
    m_liveSummary = new LiveSummary(m_runs, m_time, this);
    // The built-in resources: a failure here is a broken build, not a user's mistake.
    QString error;
    auto rules = SummaryResources::findingRules(SummaryResources::kFindingRules, &error);
    if (!rules)
        qWarning("%s", qPrintable(error));
    auto comparability = SummaryResources::comparability(&error);
    if (!comparability)
        qWarning("%s", qPrintable(error));
    m_liveSummary->setRules(std::move(rules), std::move(comparability));
    m_summaryView = new SummaryView(this);
    const auto prices = SummaryResources::read(SummaryResources::kPrices, &error);
    if (!prices || !m_summaryView->setPriceTable(*prices, &error))
        qWarning("%s: %s", qPrintable(SummaryResources::kPrices), qPrintable(error));
    m_summaryDock = new QDockWidget(tr("Summary"), this);
    m_summaryDock->setObjectName(QStringLiteral("summaryDock"));
    m_summaryDock->setWidget(m_summaryView);
    addDockWidget(Qt::BottomDockWidgetArea, m_summaryDock);
    m_summaryDock->hide();
    QAction* toggle = m_summaryDock->toggleViewAction();
    toggle->setText(tr("S&ummary"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    toggle->setStatusTip(tr("What changed against the baseline, whether it is beyond noise, findings and host differences"));
    m_viewMenu->insertAction(m_resetZoomAction, toggle);
    m_viewMenu->insertSeparator(m_resetZoomAction);
    SummaryTable* table = m_summaryView->table();
    m_viewMenu->insertAction(m_resetZoomAction, table->copyCsvAction());
    m_viewMenu->insertAction(m_resetZoomAction, table->copyMarkdownAction());
    m_viewMenu->insertSeparator(m_resetZoomAction);

    connect(m_liveSummary, &LiveSummary::reportChanged, m_summaryView, &SummaryView::setReport);
    connect(m_liveSummary, &LiveSummary::busyChanged, m_summaryView, &SummaryView::setBusy);
    connect(m_summaryView, &SummaryView::metricActivated, this, &MainWindow::showMetricChart);
    // Per-instance rows are computed with the rest of the report, off the GUI thread.
    connect(m_summaryView, &SummaryView::instanceMetricsChanged, m_liveSummary, &LiveSummary::setInstanceMetrics);
    // Shown with the first run, hidden with the last: there is nothing to summarise before.
    connect(m_runs, &RunSet::runAdded, this, [this] {
        if (m_runs->count() == 1) {
            m_summaryDock->show();
            // A third of the window: the charts stay the main view.
            resizeDocks({m_summaryDock}, {std::max(220, height() / 3)}, Qt::Vertical);
        }
    });
    const auto hideWhenEmpty = [this] {
        if (m_runs->count() == 0)
            m_summaryDock->hide();
    };
    connect(m_runs, &RunSet::runRemoved, this, hideWhenEmpty);
    connect(m_runs, &RunSet::runsReset, this, hideWhenEmpty);
}

void MainWindow::showMetricChart(const QString& metricId, const QString& instance)
{
    m_pages->setCurrentWidget(m_analysisPage);
    const auto charts = m_chartGrid->charts();
    // The metric's chart in whatever instance it shows; for one instance, a chart of that instance.
    const bool oneInstance = !Run::isAggregate(instance);
    int index = -1;
    for (int i = 0; i < int(charts.size()); ++i) {
        const auto& [chartMetric, chartInstance] = charts[std::size_t(i)];
        if (chartMetric == metricId && (!oneInstance || chartInstance == instance))
            index = i;
    }
    if (index < 0)
        index = m_chartGrid->addChart(metricId, oneInstance ? instance : QString());
    m_chartGrid->revealChart(index);
}

// The flame graph sits next to the summary: the current run's stacks (or their change from the
// baseline) for the selected time range. Shown when a run with stack samples opens.
void MainWindow::createFlameGraphDock()
{
    m_flameGraphDock = new QDockWidget(tr("Flame Graph"), this);
    m_flameGraphDock->setObjectName(QStringLiteral("flameGraphDock"));
    m_flameGraph = new FlameGraphPanel(m_runs, m_time, m_flameGraphDock);
    m_flameGraphDock->setWidget(m_flameGraph);
    // Beside the summary rather than tabbed with it: showing one never hides the other.
    addDockWidget(Qt::BottomDockWidgetArea, m_flameGraphDock);
    splitDockWidget(m_summaryDock, m_flameGraphDock, Qt::Horizontal);
    m_flameGraphDock->hide();
    QAction* toggle = m_flameGraphDock->toggleViewAction();
    toggle->setText(tr("&Flame Graph"));
    toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_4));
    toggle->setStatusTip(tr("Where the CPU time went in the current run, or what changed from the baseline"));
    m_viewMenu->insertAction(m_resetZoomAction, toggle);
    connect(m_runs, &RunSet::runAdded, this, [this](int index) {
        if (m_runs->at(index).run->hasProfile())
            m_flameGraphDock->show();
    });
    // As the summary does: with every run closed there is no graph to show, only an empty dock.
    connect(m_runs, &RunSet::runsReset, this, [this] {
        if (m_runs->count() == 0)
            m_flameGraphDock->hide();
    });
}
