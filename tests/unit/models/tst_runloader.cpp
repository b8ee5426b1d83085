// The background loader: results in the order asked for, whatever finishes first, with failures
// in their place; a run delivered before its profile's samples are decoded and indexed, which
// follows, and samples found unreadable (or too large for the memory left) only then.
#include "FormatError.h"
#include "RunLoader.h"
#include "ShortChunkArchive.h"
#include "summary/SteadyState.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

#include <malloc.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

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

    void indexWithoutMemoryFailsWithASentence()
    {
#if RUNLENS_SANITIZE
        QSKIP("AddressSanitizer ends the process on a failed allocation instead of throwing std::bad_alloc, and "
              "RLIMIT_AS cannot apply to its terabytes of shadow address space");
#endif
        if (qEnvironmentVariableIsSet("RUNLENS_EMULATOR"))
            QSKIP("under qemu the address space limit would apply to the emulator's own reservations");
        // Twenty million samples (an hour of a 96-CPU host): the index's rows by task alone take up
        // to 80 MB, and it gets 4 MB (no room for a thread's stack either: both passes run on the
        // calling thread), in a child whose address space is limited (RLIMIT_AS), as on a host
        // that is out of memory. It must end in a sentence, not in std::terminate. (The
        // list is larger than the 64 MB a thread's malloc arena reserves: it cannot come from
        // address space reserved before the limit.)
        const RunPtr demo = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz"));
        runlens::format::RunArchive archive;
        archive.runName = "large";
        archive.profile = *demo->profile();
        auto& samples = archive.profile->samples;
        const std::size_t stacks = archive.profile->stacks.size();
        constexpr std::size_t kRows = 20'000'000;
        samples = {};
        for (auto* column : {&samples.cpu, &samples.pid, &samples.tid, &samples.stack})
            column->reserve(kRows);
        samples.timeNs.reserve(kRows);
        for (std::size_t row = 0; row < kRows; ++row) {
            samples.timeNs.push_back(std::int64_t(row) * 1000);
            samples.cpu.push_back(std::uint32_t(row % 64));
            samples.pid.push_back(std::uint32_t(100 + row % 1000));
            samples.tid.push_back(std::uint32_t(100 + row % 1000));
            samples.stack.push_back(std::uint32_t(row % stacks));
        }
        const auto large = std::make_shared<const Run>(QStringLiteral("/tmp/large.tar.gz"), std::move(archive), QString(),
                                                       ProfileIndexing::Later);
        int pipe[2];
        QCOMPARE(::pipe(pipe), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(pipe[0]);
            // The main heap's free space (tens of megabytes, left by the tests before) is mapped
            // already: glibc would serve the index's vectors from it once its threshold for mapping
            // large blocks has risen. Fixed at 128 KiB, every large block needs new address space.
            ::mallopt(M_MMAP_THRESHOLD, 128 * 1024);
            const rlimit limit{addressSpaceBytes() + (4u << 20), RLIM_INFINITY};
            ::setrlimit(RLIMIT_AS, &limit);
            // What escapes is reported by the exit status: the child must not unwind into Qt Test.
            try {
                const bool indexed = large->indexProfile();
                const QByteArray answer = (indexed ? QByteArray("indexed") : large->profileError().toUtf8())
                                        + (large->hasProfile() ? "|profile" : "|no profile");
                [[maybe_unused]] const auto written = ::write(pipe[1], answer.constData(), std::size_t(answer.size()));
            } catch (...) {
                ::_exit(3);
            }
            ::_exit(0);
        }
        ::close(pipe[1]);
        QByteArray answer;
        char buffer[512];
        for (ssize_t n; (n = ::read(pipe[0], buffer, sizeof buffer)) > 0;)
            answer.append(buffer, n);
        ::close(pipe[0]);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0, qPrintable(QStringLiteral("child status %1").arg(status)));
        QCOMPARE(answer, QByteArray("The CPU stack samples of /tmp/large.tar.gz are too large to open: not enough "
                                    "memory.|no profile"));
    }

private:
    // What the process has mapped now (VmSize), the base of the child's limit.
    static rlim_t addressSpaceBytes()
    {
        QFile status(QStringLiteral("/proc/self/status"));
        if (!status.open(QIODevice::ReadOnly))
            return 0;
        for (const QByteArray& line : status.readAll().split('\n')) {
            if (line.startsWith("VmSize:"))
                return rlim_t(line.mid(7).trimmed().split(' ').front().toULongLong()) * 1024;
        }
        return 0;
    }
};

QTEST_GUILESS_MAIN(TestRunLoader)
#include "tst_runloader.moc"
