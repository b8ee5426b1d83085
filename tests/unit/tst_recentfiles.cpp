#include "RecentFiles.h"

#include <QSettings>
#include <QSignalSpy>
#include <QTest>

class TestRecentFiles : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("RunlensTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_recentfiles"));
        QSettings().clear();
    }

    void newestFirstWithoutDuplicates()
    {
        RecentFiles recent(QStringLiteral("recent"), 3);
        QSignalSpy changed(&recent, &RecentFiles::changed);
        recent.add(QStringLiteral("/runs/a.tar.gz"));
        recent.add(QStringLiteral("/runs/b.tar.gz"));
        recent.add(QStringLiteral("/runs/a.tar.gz"));
        QCOMPARE(recent.files(), QStringList({QStringLiteral("/runs/a.tar.gz"), QStringLiteral("/runs/b.tar.gz")}));
        QCOMPARE(changed.count(), 3);
        recent.add(QStringLiteral("/runs/a.tar.gz")); // already first: nothing changes
        QCOMPARE(changed.count(), 3);
    }

    void dropsTheOldestBeyondCapacity()
    {
        RecentFiles recent(QStringLiteral("recent"), 2);
        recent.add(QStringLiteral("/r/1"));
        recent.add(QStringLiteral("/r/2"));
        recent.add(QStringLiteral("/r/3"));
        QCOMPARE(recent.files(), QStringList({QStringLiteral("/r/3"), QStringLiteral("/r/2")}));
    }

    void storesAbsolutePaths()
    {
        RecentFiles recent(QStringLiteral("recent"));
        recent.add(QStringLiteral("relative.tar.gz"));
        QCOMPARE(recent.files().first(), QDir::current().absoluteFilePath(QStringLiteral("relative.tar.gz")));
    }

    void survivesARestart()
    {
        {
            RecentFiles recent(QStringLiteral("recent"));
            recent.add(QStringLiteral("/r/x"));
            recent.add(QStringLiteral("/r/y"));
        }
        RecentFiles reopened(QStringLiteral("recent"));
        QCOMPARE(reopened.files(), QStringList({QStringLiteral("/r/y"), QStringLiteral("/r/x")}));
        reopened.remove(QStringLiteral("/r/y"));
        reopened.clear();
        QCOMPARE(RecentFiles(QStringLiteral("recent")).files(), QStringList());
    }

    void ignoresDamagedSettings()
    {
        QSettings().setValue(QStringLiteral("recent"),
                             QStringList({QStringLiteral("/a"), QString(), QStringLiteral("/a"), QStringLiteral("/b")}));
        RecentFiles recent(QStringLiteral("recent"), 5);
        QCOMPARE(recent.files(), QStringList({QStringLiteral("/a"), QStringLiteral("/b")}));
    }
};

QTEST_GUILESS_MAIN(TestRecentFiles)
#include "tst_recentfiles.moc"
