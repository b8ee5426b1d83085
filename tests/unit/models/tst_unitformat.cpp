#include "UnitFormat.h"

#include <QTest>

#include <cmath>

class TestUnitFormat : public QObject
{
    Q_OBJECT

private slots:
    void formats_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bytes") << 1536.0 * 1024 * 1024 << "bytes" << "1.5 GiB";
        QTest::newRow("small bytes") << 512.0 << "bytes" << "512 B";
        QTest::newRow("bytes per second") << 230.0 * 1024 * 1024 << "bytes/s" << "230 MiB/s";
        QTest::newRow("rate") << 4200.0 << "/s" << "4.2 k/s";
        QTest::newRow("percent") << 12.345 << "%" << "12.3 %";
        QTest::newRow("big percent never scales") << 1500.0 << "%" << "1500 %";
        QTest::newRow("milliseconds") << 3.14159 << "ms" << "3.14 ms";
        QTest::newRow("count") << 2500000.0 << "count" << "2.5M";
        QTest::newRow("zero") << 0.0 << "/s" << "0 /s";
        QTest::newRow("no value") << std::nan("") << "%" << "–";
        QTest::newRow("negative") << -2048.0 << "bytes" << "-2 KiB";
        // Units as people read them: vmstat's kilobytes as bytes, task clock as busy CPUs.
        QTest::newRow("kilobytes per second") << 2048.0 << "KiB/s" << "2 MiB/s";
        QTest::newRow("task clock") << 2000.0 << "ms/s" << "2 CPUs";
        QTest::newRow("task clock of one core") << 730.0 << "ms/s" << "0.73 CPUs";
    }
    void formats()
    {
        QFETCH(double, value);
        QFETCH(QString, unit);
        QFETCH(QString, expected);
        QCOMPARE(UnitFormat::format(value, unit), expected);
    }

    void ticksFollowTheirStep()
    {
        QCOMPARE(UnitFormat::formatTick(0.5, 0.5, QStringLiteral("%")), QStringLiteral("0.5 %"));
        QCOMPARE(UnitFormat::formatTick(50, 10, QStringLiteral("%")), QStringLiteral("50 %"));
        QCOMPARE(UnitFormat::formatTick(8.0 * 1024 * 1024 * 1024, 4.0 * 1024 * 1024 * 1024, QStringLiteral("bytes")),
                 QStringLiteral("8 GiB"));
        QCOMPARE(UnitFormat::formatTick(2500, 500, QStringLiteral("/s")), QStringLiteral("2.5 k/s"));
    }
};

QTEST_GUILESS_MAIN(TestUnitFormat)
#include "tst_unitformat.moc"
