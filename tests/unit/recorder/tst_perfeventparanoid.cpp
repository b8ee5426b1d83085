// perf_event_paranoid is read through HostPaths, like every other kernel fact, so a captured or
// synthetic /proc decides what the refused-open messages say.
#include "PerfEventParanoid.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <climits>

using runlens::collect::HostPaths;
using runlens::collect::pmu::perfEventParanoid;

class TestPerfEventParanoid : public QObject
{
    Q_OBJECT

    QTemporaryDir m_proc;

    HostPaths withParanoid(const QByteArray& content)
    {
        QDir(m_proc.path()).mkpath(QStringLiteral("sys/kernel"));
        QFile file(m_proc.filePath(QStringLiteral("sys/kernel/perf_event_paranoid")));
        if (file.open(QIODevice::WriteOnly))
            file.write(content);
        HostPaths paths;
        paths.procRoot = m_proc.path().toStdString();
        return paths;
    }

private slots:
    void readsTheLevelUnderProcRoot()
    {
        QVERIFY(m_proc.isValid());
        QCOMPARE(perfEventParanoid(withParanoid("-1\n")), -1);
        QCOMPARE(perfEventParanoid(withParanoid("4\n")), 4);
    }

    void unreadableOrGarbledIsUnknown()
    {
        QCOMPARE(perfEventParanoid(withParanoid("garbage\n")), INT_MIN);
        QCOMPARE(perfEventParanoid(withParanoid("")), INT_MIN);
        HostPaths missing;
        missing.procRoot = "/nonexistent";
        QCOMPARE(perfEventParanoid(missing), INT_MIN);
    }
};

QTEST_GUILESS_MAIN(TestPerfEventParanoid)
#include "tst_perfeventparanoid.moc"
