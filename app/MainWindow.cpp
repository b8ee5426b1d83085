#include "MainWindow.h"

#include "RecentFiles.h"
#include "RunlensVersion.h"
#include "WelcomePage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>

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
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Runlens"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/runlens.svg")));
    setAcceptDrops(true);

    m_pages = new QStackedWidget(this);
    m_welcomePage = new WelcomePage(m_pages);
    m_pages->addWidget(m_welcomePage);
    setCentralWidget(m_pages);

    m_welcomePage->setConnectAvailable(false, tr("Recording on a remote host over SSH is not available in this "
                                                 "version yet."));
    m_welcomePage->setDemoAvailable(false, tr("This build has no demo runs bundled yet."));
    connect(m_welcomePage, &WelcomePage::openRunsRequested, this, &MainWindow::showOpenDialog);
    connect(m_welcomePage, &WelcomePage::demoRequested, this, &MainWindow::openDemoRuns);
    connect(m_welcomePage, &WelcomePage::recentFileActivated, this,
            [this](const QString& path) { openRuns({path}); });

    createActions();
    createMenus();
    connect(m_recentFiles, &RecentFiles::changed, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();

    statusBar()->showMessage(tr("Open run archives or drop them here to compare them."));
    restoreWindowState();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    m_openAction = new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open Runs…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open one or more run archives"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::showOpenDialog);

    m_closeAllAction = new QAction(tr("&Close All"), this);
    m_closeAllAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_closeAllAction->setStatusTip(tr("Close every open run and return to the welcome page"));
    connect(m_closeAllAction, &QAction::triggered, this, &MainWindow::closeAll);

    m_quitAction = new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this);
    // Some platform themes define no Quit key; Ctrl+Q is what Linux desktop users expect.
    const QList<QKeySequence> quitKeys = QKeySequence::keyBindings(QKeySequence::Quit);
    m_quitAction->setShortcuts(quitKeys.isEmpty() ? QList<QKeySequence>{QKeySequence(Qt::CTRL | Qt::Key_Q)} : quitKeys);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_welcomeAction = new QAction(tr("&Welcome Page"), this);
    connect(m_welcomeAction, &QAction::triggered, this, [this] { m_pages->setCurrentWidget(m_welcomePage); });

    m_fullScreenAction = new QAction(tr("&Full Screen"), this);
    m_fullScreenAction->setShortcut(QKeySequence::FullScreen);
    m_fullScreenAction->setCheckable(true);
    connect(m_fullScreenAction, &QAction::toggled, this,
            [this](bool on) { setWindowState(windowState().setFlag(Qt::WindowFullScreen, on)); });

    m_statusBarAction = new QAction(tr("Show &Status Bar"), this);
    m_statusBarAction->setCheckable(true);
    m_statusBarAction->setChecked(true);
    connect(m_statusBarAction, &QAction::toggled, this, [this](bool on) { statusBar()->setVisible(on); });

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
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_closeAllAction);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("viewMenu"));
    m_viewMenu->addAction(m_welcomeAction);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_statusBarAction);
    m_viewMenu->addAction(m_fullScreenAction);

    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
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

void MainWindow::showOpenDialog()
{
    const QString startDirectory =
        m_recentFiles->files().isEmpty() ? QString() : QFileInfo(m_recentFiles->files().first()).absolutePath();
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open Run Archives"), startDirectory,
        tr("Run archives (*.tar.gz *.tgz);;All files (*)"));
    if (!paths.isEmpty())
        openRuns(paths);
}

void MainWindow::openRuns(const QStringList& paths)
{
    QStringList opened;
    QStringList problems;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.exists()) {
            problems.append(tr("%1 does not exist. Check the path, or remove it from Open Recent.").arg(path));
            m_recentFiles->remove(path);
        } else if (!info.isFile()) {
            problems.append(tr("%1 is not a file. Choose a run archive (.tar.gz).").arg(path));
        } else if (!info.isReadable()) {
            problems.append(tr("%1 cannot be read: permission denied. Check the file's permissions.").arg(path));
        } else {
            const QString absolute = info.absoluteFilePath();
            if (!m_openFiles.contains(absolute))
                m_openFiles.append(absolute);
            m_recentFiles->add(absolute);
            opened.append(absolute);
        }
    }

    if (!opened.isEmpty()) {
        statusBar()->showMessage(tr("%n run archive(s) selected.", nullptr, int(opened.size())));
        emit runsOpened(opened);
    }
    if (!problems.isEmpty()) {
        emit openFailed(problems);
        // Window-modal and non-blocking: the runs already open stay usable behind the message.
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Some files could not be opened"),
                                    problems.join(QLatin1Char('\n')), QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    }
}

void MainWindow::openDemoRuns()
{
    statusBar()->showMessage(tr("This build has no demo runs bundled yet."));
}

void MainWindow::closeAll()
{
    m_openFiles.clear();
    m_pages->setCurrentWidget(m_welcomePage);
    statusBar()->showMessage(tr("All runs closed."));
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

void MainWindow::restoreWindowState()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray()))
        resize(1280, 800);
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    m_statusBarAction->setChecked(settings.value(QStringLiteral("mainWindow/statusBarVisible"), true).toBool());
}

void MainWindow::saveWindowState() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    settings.setValue(QStringLiteral("mainWindow/statusBarVisible"), m_statusBarAction->isChecked());
}
