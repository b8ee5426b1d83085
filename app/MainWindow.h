// The main window: menus, the welcome page, drag and drop, and the window state kept across runs.
#pragma once

#include <QMainWindow>
#include <QStringList>

class QAction;
class QMenu;
class QStackedWidget;
class RecentFiles;
class WelcomePage;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens run archives from any source (dialog, command line, drop, recent list). Files that
    // cannot be read are reported in one message naming each file; the others still open.
    void openRuns(const QStringList& paths);
    void openDemoRuns();

    QStringList openFiles() const { return m_openFiles; }
    WelcomePage* welcomePage() const { return m_welcomePage; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* recentMenu() const { return m_recentMenu; }
    RecentFiles* recentFiles() const { return m_recentFiles; }

signals:
    // Emitted with the files that passed the checks; the run loader (a later layer) listens.
    void runsOpened(const QStringList& paths);
    // Emitted with one user-facing sentence per file that could not be opened.
    void openFailed(const QStringList& messages);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void rebuildRecentMenu();
    void showOpenDialog();
    void closeAll();
    void showAbout();
    void restoreWindowState();
    void saveWindowState() const;

    QStackedWidget* m_pages = nullptr;
    WelcomePage* m_welcomePage = nullptr;
    RecentFiles* m_recentFiles = nullptr;
    QStringList m_openFiles;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_openAction = nullptr;
    QAction* m_closeAllAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_welcomeAction = nullptr;
    QAction* m_fullScreenAction = nullptr;
    QAction* m_statusBarAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_aboutQtAction = nullptr;
};
