// The main window: menus, the welcome page, drag and drop, and the window state kept across runs.
#pragma once

#include <QMainWindow>
#include <QStringList>

#include "Run.h"
#include "Session.h"

#include <memory>
#include <optional>

class ChartGrid;
class ExportDialog;
class ExportSources;
enum class ExportSubject;
struct ExportRequest;
class FlameGraphPanel;
class LiveSummary;
class QDockWidget;
class SummaryView;
class MetricBrowser;
class MetricTreeModel;
class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QSplitter;
class QStackedWidget;
class QToolButton;
class RecentFiles;
class RunListModel;
class RunListView;
class RunLoader;
class RunSet;
class TimeController;
class WelcomePage;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens run archives from any source (dialog, command line, drop, recent list) in the
    // background. Files that cannot be read are reported in one message naming each file and the
    // reason; the runs already open stay open.
    void openRuns(const QStringList& paths);
    void openDemoRuns();
    // Saves the open runs, charts, zoom and selection to a .runlens file; false with a message on failure.
    bool saveSession(const QString& path);
    // Reopens a saved session: loads its runs, then restores names, baseline, charts and zoom.
    void openSession(const QString& path);

    QStringList openFiles() const;
    bool isLoading() const;
    WelcomePage* welcomePage() const { return m_welcomePage; }
    RunSet* runSet() const { return m_runs; }
    TimeController* timeController() const { return m_time; }
    ChartGrid* chartGrid() const { return m_chartGrid; }
    MetricBrowser* metricBrowser() const { return m_metricBrowser; }
    RunListView* runListView() const { return m_runList; }
    QWidget* analysisPage() const { return m_analysisPage; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* viewMenu() const { return m_viewMenu; }
    QMenu* helpMenu() const { return m_helpMenu; }
    QMenu* recentMenu() const { return m_recentMenu; }
    RecentFiles* recentFiles() const { return m_recentFiles; }
    SummaryView* summaryView() const { return m_summaryView; }
    LiveSummary* liveSummary() const { return m_liveSummary; }
    QDockWidget* summaryDock() const { return m_summaryDock; }
    FlameGraphPanel* flameGraphPanel() const { return m_flameGraph; }
    QAction* exportAction() const { return m_exportAction; }
    QAction* copyImageAction() const { return m_copyImageAction; }
    // Opens File › Export on a subject (the dialog deletes itself when closed).
    ExportDialog* showExportDialog(ExportSubject subject);
    const ExportSources& exportSources() const { return *m_exportSources; }
    // Puts the request's figure on the clipboard as a 1920×1080 presentation image (the title is
    // the default one).
    void copyFigure(ExportRequest request);
    QDockWidget* flameGraphDock() const { return m_flameGraphDock; }

signals:
    // Emitted with each run's file once it is loaded and shown.
    void runsOpened(const QStringList& paths);
    // Emitted with one user-facing sentence per file that could not be opened.
    void openFailed(const QStringList& messages);
    // Every requested file has loaded or failed.
    void loadingFinished();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createAnalysisPage();
    void addRun(const RunPtr& run);
    void reportProblems(const QStringList& problems);
    void addDefaultCharts();
    void updateExtent();
    void applyPendingSession();
    void rebuildRecentMenu();
    void showOpenDialog();
    void showConnectDialog();
    void closeAll();
    void showAbout();
    // Ctrl+F: focuses the search of the panel that has the keyboard focus (see the Find action).
    void focusSearch();
    void createSummaryDock();
    void createFlameGraphDock();
    // Scrolls to the metric's chart (of that instance, when one is named), adding it if needed.
    void showMetricChart(const QString& metricId, const QString& instance = {});
    void restoreWindowState();
    // Grows the run list (up to half of its pane) so that every open run is in sight: it is the
    // legend of every chart. Never shrinks it: a height the user chose stays.
    void fitRunListHeight();
    void saveWindowState() const;

    QStackedWidget* m_pages = nullptr;
    WelcomePage* m_welcomePage = nullptr;
    RecentFiles* m_recentFiles = nullptr;
    RunSet* m_runs = nullptr;
    TimeController* m_time = nullptr;
    RunLoader* m_loader = nullptr;
    RunListModel* m_runListModel = nullptr;
    MetricTreeModel* m_metricModel = nullptr;
    QWidget* m_analysisPage = nullptr;
    RunListView* m_runList = nullptr;
    MetricBrowser* m_metricBrowser = nullptr;
    ChartGrid* m_chartGrid = nullptr;
    QSplitter* m_splitter = nullptr;
    QSplitter* m_sideSplitter = nullptr; // the run list above the metric browser
    LiveSummary* m_liveSummary = nullptr;
    SummaryView* m_summaryView = nullptr;
    QDockWidget* m_summaryDock = nullptr;
    FlameGraphPanel* m_flameGraph = nullptr;
    QDockWidget* m_flameGraphDock = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelLoading = nullptr;
    QStringList m_pendingProblems;
    std::optional<Session> m_pendingSession;
    std::unique_ptr<ExportSources> m_exportSources;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_connectAction = nullptr;
    QAction* m_closeAllAction = nullptr;
    QAction* m_saveSessionAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_welcomeAction = nullptr;
    QAction* m_findAction = nullptr;
    QAction* m_gettingStartedAction = nullptr;
    QAction* m_shortcutsAction = nullptr;
    QAction* m_analysisAction = nullptr;
    QAction* m_fullScreenAction = nullptr;
    QAction* m_statusBarAction = nullptr;
    QAction* m_resetZoomAction = nullptr;
    QAction* m_clearSelectionAction = nullptr;
    QAction* m_exportAction = nullptr;
    QAction* m_copyImageAction = nullptr;
    QAction* m_wallClockAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_aboutQtAction = nullptr;
};
