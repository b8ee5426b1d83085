// The kernel's CPU list format: what the online, possible and sibling lists parse to, and which
// texts are refused rather than read as a wrong count.
#include "CpuList.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <string>
#include <vector>

using runlens::collect::HostPaths;
using runlens::collect::onlineCpus;
using runlens::collect::parseCpuList;

namespace {

QList<int> toList(const std::vector<int>& cpus)
{
    return QList<int>(cpus.begin(), cpus.end());
}

} // namespace

class TestCpuList : public QObject
{
    Q_OBJECT

private slots:
    void parses_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QList<int>>("cpus");
        QTest::newRow("ranges and singles") << QByteArray("0-3,8,10-11") << true << QList<int>{0, 1, 2, 3, 8, 10, 11};
        QTest::newRow("trailing newline") << QByteArray("0-3\n") << true << QList<int>{0, 1, 2, 3};
        QTest::newRow("one cpu") << QByteArray("5\n") << true << QList<int>{5};
        QTest::newRow("blanks around") << QByteArray("  0,2 \r\n") << true << QList<int>{0, 2};
        QTest::newRow("empty") << QByteArray("") << true << QList<int>{};
        QTest::newRow("only a newline") << QByteArray("\n") << true << QList<int>{};
        QTest::newRow("largest id") << QByteArray("65534-65535") << true << QList<int>{65534, 65535};
        QTest::newRow("trailing comma") << QByteArray("1,") << true << QList<int>{1};
        QTest::newRow("not a number") << QByteArray("garbage") << false << QList<int>{};
        QTest::newRow("backwards range") << QByteArray("3-1") << false << QList<int>{};
        QTest::newRow("open range") << QByteArray("0-") << false << QList<int>{};
        QTest::newRow("negative") << QByteArray("-1") << false << QList<int>{};
        QTest::newRow("empty item") << QByteArray("0,,2") << false << QList<int>{};
        QTest::newRow("junk after a number") << QByteArray("0-3x") << false << QList<int>{};
        QTest::newRow("beyond any host") << QByteArray("0-70000") << false << QList<int>{};
    }

    void parses()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, valid);
        QFETCH(QList<int>, cpus);
        const std::optional<std::vector<int>> parsed = parseCpuList(std::string(text.constData(), std::size_t(text.size())));
        QCOMPARE(parsed.has_value(), valid);
        if (parsed)
            QCOMPARE(toList(*parsed), cpus);
    }

    void onlineCpusFromSysfs()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        QVERIFY(QDir(root.path()).mkpath(QStringLiteral("devices/system/cpu")));
        QFile online(root.filePath(QStringLiteral("devices/system/cpu/online")));
        QVERIFY(online.open(QIODevice::WriteOnly));
        online.write("0,2-3\n");
        online.close();

        HostPaths paths;
        paths.sysRoot = root.path().toStdString();
        QCOMPARE(toList(onlineCpus(paths)), (QList<int>{0, 2, 3}));
    }

    // Without a readable list the callers still get CPU 0 to open their first event on.
    void onlineCpusWithoutSysfsStartAtZero()
    {
        HostPaths paths;
        paths.sysRoot = "/nonexistent";
        const std::vector<int> cpus = onlineCpus(paths);
        QVERIFY(!cpus.empty());
        QCOMPARE(cpus.front(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCpuList)
#include "tst_cpulist.moc"
