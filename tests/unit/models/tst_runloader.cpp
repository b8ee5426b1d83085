// The background loader: results in the order asked for, whatever finishes first, with failures
// in their place.
#include "RunLoader.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TestRunLoader : public QObject
{
    Q_OBJECT

private slots:
    void deliversInRequestOrder()
    {
        const QString baseline = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz");
        const QString tuned = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz");
        QTemporaryDir directory;
        const QString broken = directory.filePath(QStringLiteral("broken.tar.gz"));
        {
            QFile file(broken);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not an archive");
        }

        // The broken file fails at once and the tuned run may finish before the baseline; the
        // signals still come in the order of the list, across two load() calls.
        RunLoader loader;
        QStringList order;
        connect(&loader, &RunLoader::runLoaded, this, [&](const RunPtr& run) { order.append(run->filePath()); });
        connect(&loader, &RunLoader::loadFailed, this, [&](const QString& path, const QString& message) {
            QVERIFY(message.contains(QLatin1String("broken.tar.gz")));
            order.append(path);
        });
        QSignalSpy idle(&loader, &RunLoader::idle);
        loader.load({baseline, broken});
        loader.load({tuned});
        QVERIFY(loader.isBusy());
        QVERIFY(idle.wait(60000));
        QCOMPARE(idle.count(), 1);
        QCOMPARE(order, QStringList({baseline, broken, tuned}));
        QVERIFY(!loader.isBusy());
    }
};

QTEST_GUILESS_MAIN(TestRunLoader)
#include "tst_runloader.moc"
