// The background loader: results in the order asked for, whatever finishes first, with failures
// in their place; a run delivered before its profile's samples are decoded and indexed, which
// follows, and samples found unreadable only then.
#include "FormatError.h"
#include "RunLoader.h"
#include "ShortChunkArchive.h"
#include "summary/SteadyState.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

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

    void deliversTheRunBeforeIndexingItsProfile()
    {
        // The demo's tuned run has stacks. Its charts need only the columns: the run comes as
        // soon as they are read, and profileIndexed follows when the index is built.
        const QString tuned = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz");
        RunLoader loader;
        QStringList events;
        RunPtr loaded;
        connect(&loader, &RunLoader::runLoaded, this, [&](const RunPtr& run) {
            loaded = run;
            events.append(run->profileIndex() ? QStringLiteral("loaded, indexed") : QStringLiteral("loaded"));
            // The samples are still encoded: the run says it has them, but holds none yet.
            if (!run->hasProfile() || run->profile())
                events.append(QStringLiteral("samples decoded before delivery"));
        });
        connect(&loader, &RunLoader::profileIndexed, this, [&](const RunPtr& run) {
            QCOMPARE(run, loaded);
            events.append(run->profileIndex() ? QStringLiteral("indexed") : QStringLiteral("indexed without an index"));
        });
        QSignalSpy idle(&loader, &RunLoader::idle);
        loader.load({tuned});
        QVERIFY(idle.wait(60000));
        QCOMPARE(events, QStringList({QStringLiteral("loaded"), QStringLiteral("indexed")}));
        QVERIFY(loaded->profile() && loaded->profileIndex()->totalSamples() > 0);
        QCOMPARE(loaded->profileIndex()->totalSamples(), RunLoader::loadNow(tuned)->profileIndex()->totalSamples());
        QVERIFY(loaded->profileError().isEmpty());
        // The steady state was found in the load job and is kept: the same proposal every time.
        QCOMPARE(&loaded->steadyState(), &loaded->steadyState());

        // loadNow (the command line) indexes at once.
        QVERIFY(RunLoader::loadNow(tuned)->profileIndex() != nullptr);
    }

    void reportsUnreadableSamplesAfterTheRun()
    {
        // The demo's samples in chunks (format 2.0), the last chunk one byte short: the run opens
        // with its charts, then profileFailed says what the reader would have said at once.
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("short-chunk.tar.gz"));
        writeShortChunkCopy(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz", path.toStdString(), "short-chunk");
        QString atOnce;
        try {
            RunLoader::loadNow(path);
        } catch (const runlens::format::FormatError& error) {
            atOnce = QString::fromStdString(error.what());
        }
        QVERIFY2(atOnce.startsWith(path + QStringLiteral(" is not a usable run archive: profile/samples/")), qPrintable(atOnce));
        QVERIFY2(atOnce.contains(QLatin1String(" fewer than its ")), qPrintable(atOnce));

        RunLoader loader;
        QStringList events;
        RunPtr loaded;
        connect(&loader, &RunLoader::runLoaded, this, [&](const RunPtr& run) {
            loaded = run;
            events.append(run->hasProfile() ? QStringLiteral("loaded with samples") : QStringLiteral("loaded"));
        });
        connect(&loader, &RunLoader::profileIndexed, this, [&](const RunPtr&) { events.append(QStringLiteral("indexed")); });
        connect(&loader, &RunLoader::profileFailed, this, [&](const RunPtr& run, const QString& message) {
            QCOMPARE(run, loaded);
            QCOMPARE(message, atOnce);
            events.append(QStringLiteral("failed"));
        });
        connect(&loader, &RunLoader::loadFailed, this, [&](const QString&, const QString& message) { events.append(message); });
        QSignalSpy idle(&loader, &RunLoader::idle);
        loader.load({path});
        QVERIFY(idle.wait(60000));
        QCOMPARE(events, QStringList({QStringLiteral("loaded with samples"), QStringLiteral("failed")}));
        QVERIFY(!loaded->hasProfile());
        QVERIFY(loaded->series(QStringLiteral("cpu.busy"), QStringLiteral("all")).size() > 10);
        QVERIFY(loaded->profile() == nullptr && loaded->profileIndex() == nullptr);
        QCOMPARE(loaded->profileError(), atOnce);
        // Asked again (a flame graph), it fails at once with the same words.
        QVERIFY(!loaded->indexProfile());
        QCOMPARE(loaded->profileError(), atOnce);
    }

    void indexesAProfileOnceWhoeverAsks()
    {
        const RunPtr run = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz"));
        runlens::format::RunArchive archive;
        archive.runName = "later";
        archive.profile = *run->profile();
        const auto later = std::make_shared<const Run>(QStringLiteral("/tmp/later"), std::move(archive), QString(),
                                                       ProfileIndexing::Later);
        QVERIFY(later->profileIndex() == nullptr);
        // A cancelled build leaves no index; the next call starts again.
        QVERIFY(!later->indexProfile([](double) { return false; }));
        QVERIFY(later->profileIndex() == nullptr);
        // Two threads at once: one builds, the other waits for it; both see the same index.
        QFuture<bool> first = QtConcurrent::run([later] { return later->indexProfile(); });
        QFuture<bool> second = QtConcurrent::run([later] { return later->indexProfile(); });
        QVERIFY(first.result() && second.result());
        const ProfileIndex* index = later->profileIndex();
        QVERIFY(index != nullptr);
        QCOMPARE(index->totalSamples(), run->profileIndex()->totalSamples());
        QVERIFY(later->indexProfile());
        QCOMPARE(later->profileIndex(), index);
    }
};

QTEST_GUILESS_MAIN(TestRunLoader)
#include "tst_runloader.moc"
