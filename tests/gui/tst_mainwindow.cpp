// The main window driven as a user would, rendered offscreen; screenshots land in the build tree.
#include "MainWindow.h"
#include "RecentFiles.h"
#include "WelcomePage.h"

#include <QApplication>
#include <QCommandLinkButton>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPainter>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

namespace {

QStringList actionTexts(const QMenu* menu)
{
    QStringList texts;
    for (const QAction* action : menu->actions()) {
        if (!action->isSeparator())
            texts.append(action->text());
    }
    return texts;
}

// The window and any open popup menu composed into one picture, as the user would see them.
QImage screenshot(QMainWindow& window, QMenu* openMenu)
{
    QImage image = window.grab().toImage();
    if (openMenu && openMenu->isVisible()) {
        QPainter painter(&image);
        painter.drawPixmap(window.mapFromGlobal(openMenu->pos()), openMenu->grab());
    }
    return image;
}

void dropFiles(QWidget* target, const QStringList& paths)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& path : paths)
        urls.append(QUrl::fromLocalFile(path));
    mime.setUrls(urls);
    const QPoint centre = target->rect().center();
    QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

    QTemporaryDir m_files;

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RunlensTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
        QSettings().clear();
        QVERIFY(m_files.isValid());
    }

    void showsTheWelcomePageAndMenus()
    {
        MainWindow window;
        window.resize(1100, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QVERIFY(window.welcomePage()->isVisible());
        QVERIFY(window.welcomePage()->openButton()->isEnabled());
        QCOMPARE(window.welcomePage()->openButton()->text(), QStringLiteral("Open Run Archives…"));
        // Entries of later features are shown, disabled, with the reason.
        QVERIFY(!window.welcomePage()->connectButton()->isEnabled());
        QVERIFY(!window.welcomePage()->connectButton()->toolTip().isEmpty());
        QVERIFY(!window.welcomePage()->demoButton()->isEnabled());

        QStringList menuTitles;
        for (const QAction* action : window.menuBar()->actions())
            menuTitles.append(action->text());
        QCOMPARE(menuTitles, QStringList({QStringLiteral("&File"), QStringLiteral("&View"), QStringLiteral("&Help")}));
        QCOMPARE(actionTexts(window.fileMenu()),
                 QStringList({QStringLiteral("&Open Runs…"), QStringLiteral("Open &Recent"), QStringLiteral("&Close All"),
                              QStringLiteral("&Quit")}));
        QCOMPARE(window.fileMenu()->actions().first()->shortcut(), QKeySequence(QKeySequence::Open));

        // Open the File menu the way a user does (Alt+F), then photograph window and menu.
        QTest::keyClick(&window, Qt::Key_F, Qt::AltModifier);
        QTRY_VERIFY(window.fileMenu()->isVisible());
        const QImage image = screenshot(window, window.fileMenu());
        const QString path = QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-welcome.png");
        QVERIFY(image.save(path));
        QCOMPARE(QImage(path).size(), image.size());
        QVERIFY(image.width() >= 1100);
        window.fileMenu()->close();
    }

    void droppedFilesOpenAndMissingOnesAreReported()
    {
        const QString run = m_files.filePath(QStringLiteral("baseline.tar.gz"));
        {
            QFile file(run);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        const QString missing = m_files.filePath(QStringLiteral("gone.tar.gz"));

        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::runsOpened);
        QSignalSpy failed(&window, &MainWindow::openFailed);
        dropFiles(&window, {run, missing});

        QCOMPARE(opened.count(), 1);
        QCOMPARE(opened.first().first().toStringList(), QStringList({run}));
        QCOMPARE(failed.count(), 1);
        const QStringList problems = failed.first().first().toStringList();
        QCOMPARE(problems.size(), 1);
        QVERIFY(problems.first().contains(missing));
        QVERIFY(problems.first().contains(QStringLiteral("does not exist")));
        QCOMPARE(window.openFiles(), QStringList({run}));

        // The opened file is offered again in Open Recent and on the welcome page.
        QCOMPARE(window.recentFiles()->files().first(), run);
        QVERIFY(window.recentMenu()->actions().first()->text().contains(QStringLiteral("baseline.tar.gz")));
        QCOMPARE(window.welcomePage()->recentList()->count(), 1);
        QCOMPARE(window.welcomePage()->recentList()->item(0)->data(Qt::UserRole).toString(), run);
    }

    void closeAllReturnsToTheWelcomePage()
    {
        const QString run = m_files.filePath(QStringLiteral("tuned.tar.gz"));
        {
            QFile file(run);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.openRuns({run});
        QCOMPARE(window.openFiles().size(), 1);
        QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(window.openFiles().isEmpty());
        QVERIFY(window.welcomePage()->isVisible());
    }

    void remembersItsGeometry()
    {
        {
            MainWindow window;
            window.show();
            window.resize(900, 650);
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.close();
        }
        MainWindow reopened;
        QCOMPARE(reopened.size(), QSize(900, 650));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
