// runlens-rec as users and the app's SSH layer run it: a real process on the real /proc, stopped
// with signals, killed, starved of disk space and denied permission.
#include "FinishedProcess.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>
#include <unistd.h>

namespace {

const QString kRecorder = QStringLiteral(RUNLENS_REC_PATH);

Finished runRecorder(const QStringList& arguments)
{
    QProcess process;
    process.start(kRecorder, arguments);
    return runToEnd(process);
}

QStringList recordArguments(const QString& out, const QString& name, const QStringList& extra = {})
{
    return QStringList{QStringLiteral("record"), QStringLiteral("--out"), out, QStringLiteral("--name"), name,
                       QStringLiteral("--interval"), QStringLiteral("200ms"), QStringLiteral("--imds-endpoint"),
                       QStringLiteral("off")}
         + extra;
}

QJsonObject status(const QString& out, const QString& name)
{
    const Finished result = runRecorder({QStringLiteral("status"), out, QStringLiteral("--name"), name});
    return QJsonDocument::fromJson(result.out.toUtf8()).object();
}

// Waits until the recording has taken at least `samples` samples, as the app does over SSH.
bool waitForSamples(const QString& out, const QString& name, int samples)
{
    for (int attempt = 0; attempt < 300; ++attempt) {
        const QJsonObject now = status(out, name);
        if (now.value(QStringLiteral("state")).toString() == QStringLiteral("recording")
            && now.value(QStringLiteral("samples")).toInt() >= samples)
            return true;
        QTest::qWait(50);
    }
    return false;
}

QJsonObject manifestOf(const QString& archive)
{
    const Finished info = runRecorder({QStringLiteral("info"), QStringLiteral("--json"), archive});
    return QJsonDocument::fromJson(info.out.toUtf8()).object().value(QStringLiteral("manifest")).toObject();
}

} // namespace

class TestRecorderCli : public QObject
{
    Q_OBJECT

private slots:
    void listCollectorsSaysWhatThisHostOffers()
    {
        const Finished result = runRecorder({QStringLiteral("list-collectors")});
        QCOMPARE(result.exitCode, 0);
        for (const char* name : {"cpu", "mem", "irq", "disk", "net", "proc"})
            QVERIFY2(result.out.contains(QRegularExpression(QStringLiteral("\\n%1\\s+available").arg(QLatin1String(name)))),
                     qPrintable(result.out));

        QTemporaryDir empty;
        const Finished nothing = runRecorder({QStringLiteral("list-collectors"), QStringLiteral("--proc-root"), empty.path()});
        QCOMPARE(nothing.exitCode, 0);
        QVERIFY2(nothing.out.contains(QRegularExpression(QStringLiteral("\\ncpu\\s+unavailable\\s+.*No such file"))),
                 qPrintable(nothing.out));
    }

    void sigintFinishesAValidArchive()
    {
        QTemporaryDir out;
        QProcess recorder;
        recorder.start(kRecorder, recordArguments(out.path(), QStringLiteral("interrupted")));
        QVERIFY(recorder.waitForStarted());
        QVERIFY(waitForSamples(out.path(), QStringLiteral("interrupted"), 3));
        const QJsonObject running = status(out.path(), QStringLiteral("interrupted"));
        QCOMPARE(running.value(QStringLiteral("pid")).toInteger(), recorder.processId());
        QVERIFY(running.value(QStringLiteral("alive")).toBool());

        ::kill(pid_t(recorder.processId()), SIGINT);
        const Finished result = runToEnd(recorder);
        QCOMPARE(result.exitCode, 0);
        const QString archive = out.filePath(QStringLiteral("interrupted.tar.gz"));
        QCOMPARE(result.out.trimmed(), archive);
        QVERIFY(result.err.contains(QStringLiteral("SIGINT received")));
        const QJsonObject manifest = manifestOf(archive);
        QCOMPARE(manifest.value(QStringLiteral("end")).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("sigint"));
        QVERIFY(manifest.value(QStringLiteral("end")).toObject().value(QStringLiteral("samples")).toInt() >= 3);
        QVERIFY(!QDir(out.filePath(QStringLiteral("interrupted.spool"))).exists());
        QCOMPARE(status(out.path(), QStringLiteral("interrupted")).value(QStringLiteral("state")).toString(), QStringLiteral("done"));

        const Finished info = runRecorder({QStringLiteral("info"), archive});
        QCOMPARE(info.exitCode, 0);
        QVERIFY(info.out.contains(QStringLiteral("ended          sigint")));
        QVERIFY(info.out.contains(QStringLiteral("cpu.user")));
    }

    void sigtermFinishesToo()
    {
        QTemporaryDir out;
        QProcess recorder;
        recorder.start(kRecorder, recordArguments(out.path(), QStringLiteral("terminated")));
        QVERIFY(waitForSamples(out.path(), QStringLiteral("terminated"), 2));
        recorder.terminate();
        QCOMPARE(runToEnd(recorder).exitCode, 0);
        const QJsonObject manifest = manifestOf(out.filePath(QStringLiteral("terminated.tar.gz")));
        QCOMPARE(manifest.value(QStringLiteral("end")).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("sigterm"));
    }

    void durationEndsTheRecording()
    {
        QTemporaryDir out;
        const Finished result = runRecorder(recordArguments(out.path(), QStringLiteral("timed"),
                                                            {QStringLiteral("--duration"), QStringLiteral("1s"),
                                                             QStringLiteral("--note"), QStringLiteral("a note"),
                                                             QStringLiteral("--tag"), QStringLiteral("variant=tuned")}));
        QCOMPARE(result.exitCode, 0);
        const QJsonObject manifest = manifestOf(out.filePath(QStringLiteral("timed.tar.gz")));
        QCOMPARE(manifest.value(QStringLiteral("end")).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("duration"));
        // Samples at 0, 0.2 ... 1.0 s; a slow (sanitizer) build may skip ticks it overran, never add any.
        const QJsonObject end = manifest.value(QStringLiteral("end")).toObject();
        QVERIFY(end.value(QStringLiteral("samples")).toInt() >= 2 && end.value(QStringLiteral("samples")).toInt() <= 6);
        QVERIFY(end.value(QStringLiteral("elapsed_ns")).toDouble() >= 1e9);
        QCOMPARE(manifest.value(QStringLiteral("run")).toObject().value(QStringLiteral("tags")).toObject().value(QStringLiteral("variant")).toString(),
                 QStringLiteral("tuned"));
    }

    void killMinusNineThenPackRecovers()
    {
        QTemporaryDir out;
        QProcess recorder;
        recorder.start(kRecorder, recordArguments(out.path(), QStringLiteral("crashed")));
        QVERIFY(waitForSamples(out.path(), QStringLiteral("crashed"), 4));
        recorder.kill(); // SIGKILL: no handler runs
        recorder.waitForFinished();
        const QString spool = out.filePath(QStringLiteral("crashed.spool"));
        QVERIFY(QDir(spool).exists());
        QVERIFY(!QFile::exists(out.filePath(QStringLiteral("crashed.tar.gz"))));
        QCOMPARE(status(out.path(), QStringLiteral("crashed")).value(QStringLiteral("state")).toString(), QStringLiteral("interrupted"));

        const Finished pack = runRecorder({QStringLiteral("pack"), spool});
        QCOMPARE(pack.exitCode, 0);
        const QString archive = out.filePath(QStringLiteral("crashed.tar.gz"));
        QCOMPARE(pack.out.trimmed(), archive);
        QVERIFY(pack.err.contains(QStringLiteral("recovered")));
        const QJsonObject manifest = manifestOf(archive);
        QCOMPARE(manifest.value(QStringLiteral("end")).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("recovered"));
        const int cpuRows = manifest.value(QStringLiteral("pack")).toObject().value(QStringLiteral("groups")).toObject()
                                .value(QStringLiteral("cpu")).toObject().value(QStringLiteral("rows")).toInt();
        QVERIFY2(cpuRows >= 4, qPrintable(QString::number(cpuRows)));
        // `info` takes the duration and the samples from what reached the disk (it printed
        // "nan s, - samples" for recovered runs).
        const Finished info = runRecorder({QStringLiteral("info"), archive});
        const int recorderRows = manifest.value(QStringLiteral("pack")).toObject().value(QStringLiteral("groups")).toObject()
                                     .value(QStringLiteral("recorder")).toObject().value(QStringLiteral("rows")).toInt();
        const QRegularExpression duration(QStringLiteral("duration +([0-9.]+) s, ([0-9]+) samples"));
        const QRegularExpressionMatch match = duration.match(info.out);
        QVERIFY2(match.hasMatch(), qPrintable(info.out));
        QVERIFY(match.captured(1).toDouble() >= 0.6); // 4 samples 200 ms apart
        QCOMPARE(match.captured(2).toInt(), recorderRows);
    }

    void existingArchiveIsNeverOverwritten()
    {
        QTemporaryDir out;
        QFile existing(out.filePath(QStringLiteral("mine.tar.gz")));
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("precious");
        existing.close();
        const Finished result = runRecorder(recordArguments(out.path(), QStringLiteral("mine"), {QStringLiteral("--duration"), QStringLiteral("1s")}));
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QStringLiteral("already exists")), qPrintable(result.err));
        QVERIFY(existing.open(QIODevice::ReadOnly));
        QCOMPARE(existing.readAll(), QByteArray("precious"));
    }

    void readOnlyOutputDirectoryIsAClearError()
    {
        QTemporaryDir out;
        QVERIFY(QFile::setPermissions(out.path(), QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther));
        QProcess recorder;
        // Root may write anywhere; run the recorder as nobody so the permission applies, as it
        // does for the unprivileged users who meet this.
        recorder.setChildProcessModifier([] {
            if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
                ::_exit(99);
        });
        recorder.start(kRecorder, recordArguments(out.path(), QStringLiteral("denied"), {QStringLiteral("--duration"), QStringLiteral("1s")}));
        const Finished result = runToEnd(recorder);
        QFile::setPermissions(out.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QStringLiteral("Permission denied")) && result.err.contains(QStringLiteral("writable --out")),
                 qPrintable(result.err));
    }

    void recordsUnprivileged()
    {
        QTemporaryDir out;
        QVERIFY(QFile::setPermissions(out.path(), QFileDevice::Permissions(0x7777)));
        QProcess recorder;
        // An ordinary user: what it may not read is recorded as unavailable, the rest goes on.
        recorder.setChildProcessModifier([] {
            if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
                ::_exit(99);
        });
        recorder.start(kRecorder, recordArguments(out.path(), QStringLiteral("unprivileged"), {QStringLiteral("--duration"), QStringLiteral("1s")}));
        const Finished result = runToEnd(recorder);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        const QJsonObject manifest = manifestOf(out.filePath(QStringLiteral("unprivileged.tar.gz")));
        int ok = 0;
        for (const QJsonValue& collector : manifest.value(QStringLiteral("collectors")).toArray()) {
            const QJsonObject entry = collector.toObject();
            if (entry.value(QStringLiteral("status")).toString() == QStringLiteral("ok"))
                ++ok;
            else
                QVERIFY2(!entry.value(QStringLiteral("reason")).toString().isEmpty(),
                         qPrintable(entry.value(QStringLiteral("name")).toString() + QStringLiteral(" gives no reason")));
        }
        QVERIFY(ok >= 7);
    }

    void fullDiskStopsAndKeepsTheSpool()
    {
        QTemporaryDir out;
        QProcess recorder;
        // A file-size limit makes writes fail the way a full disk does, without filling one.
        recorder.setChildProcessModifier([] {
            std::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{600 * 1024, 600 * 1024};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        });
        recorder.start(kRecorder, recordArguments(out.path(), QStringLiteral("full"), {QStringLiteral("--interval"), QStringLiteral("50ms")}));
        const Finished result = runToEnd(recorder);
        QVERIFY2(result.exitCode == 1, qPrintable(result.err));
        QVERIFY2(result.err.contains(QStringLiteral("stopped: cannot write")) && result.err.contains(QStringLiteral("File too large")),
                 qPrintable(result.err));
        const QString spool = out.filePath(QStringLiteral("full.spool"));
        QVERIFY(QDir(spool).exists());
        QVERIFY2(result.err.contains(QStringLiteral("kept in ") + spool), qPrintable(result.err));
        // The archive fitted under the limit: it ends at the error and says why.
        const QJsonObject end = manifestOf(out.filePath(QStringLiteral("full.tar.gz"))).value(QStringLiteral("end")).toObject();
        QCOMPARE(end.value(QStringLiteral("reason")).toString(), QStringLiteral("error"));
        QVERIFY(end.value(QStringLiteral("message")).toString().contains(QStringLiteral("File too large")));
        // The kept spool packs again, to another name, with all its samples.
        const Finished pack = runRecorder({QStringLiteral("pack"), spool, QStringLiteral("-o"), out.filePath(QStringLiteral("again.tar.gz"))});
        QCOMPARE(pack.exitCode, 0);
        QVERIFY(QFile::exists(out.filePath(QStringLiteral("again.tar.gz"))));
    }

    // --scrape asks for its collector by itself: a --collect list without it must not drop the
    // endpoint (it did), while --skip scrape still does.
    void scrapeRunsWhateverCollectLists()
    {
        QTemporaryDir out;
        const auto statusOfScrape = [&out](const QString& name, const QStringList& extra) {
            const Finished result = runRecorder(recordArguments(out.path(), name, QStringList{QStringLiteral("--duration"), QStringLiteral("400ms"),
                                                                                            QStringLiteral("--scrape"), QStringLiteral("http://127.0.0.1:1/metrics")}
                                                                                     + extra));
            if (result.exitCode != 0)
                return QStringLiteral("exit %1: %2").arg(result.exitCode).arg(result.err);
            for (const QJsonValue& collector : manifestOf(out.filePath(name + QStringLiteral(".tar.gz"))).value(QStringLiteral("collectors")).toArray()) {
                if (collector.toObject().value(QStringLiteral("name")).toString() == QStringLiteral("scrape"))
                    return collector.toObject().value(QStringLiteral("status")).toString();
            }
            return QStringLiteral("absent");
        };
        QCOMPARE(statusOfScrape(QStringLiteral("listed"), {QStringLiteral("--collect"), QStringLiteral("cpu")}), QStringLiteral("ok"));
        QCOMPARE(statusOfScrape(QStringLiteral("skipped"), {QStringLiteral("--skip"), QStringLiteral("scrape")}), QStringLiteral("skipped"));
    }

    void badArgumentsAreExplained()
    {
        Finished result = runRecorder({QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("soon")});
        QVERIFY(result.exitCode != 0);
        QVERIFY2(result.err.contains(QStringLiteral("is not a duration")), qPrintable(result.err));
        result = runRecorder({QStringLiteral("record"), QStringLiteral("--name"), QStringLiteral("runs/x"), QStringLiteral("--imds-endpoint"), QStringLiteral("off")});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QStringLiteral("cannot contain '/'")), qPrintable(result.err));
        result = runRecorder({QStringLiteral("info"), QStringLiteral(RUNLENS_SOURCE_DIR "/README.md")});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains(QStringLiteral("not a gzip-compressed tar file")), qPrintable(result.err));
    }

    // Issue 19: CLI11 answered "ARCHIVE: File does not exist" with exit 105; the reader says it.
    void infoOnAMissingFileSaysSo()
    {
        const QString missing = QStringLiteral(RUNLENS_SOURCE_DIR "/no-such-run.tar.gz");
        const Finished result = runRecorder({QStringLiteral("info"), missing});
        QCOMPARE(result.exitCode, 1);
        QCOMPARE(result.err.trimmed(),
                 QStringLiteral("runlens-rec: cannot open ") + missing + QStringLiteral(": there is no such file (check its name and folder)"));
    }

    // Fuzzing finds (tests/fuzz/corpus/run_archive): `info` aborted on both.
    void infoReadsProfileInfoOfOtherTypes()
    {
        const QString archive = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fuzz/corpus/run_archive/D13_info_value_types.tar.gz");
        for (const QStringList& arguments : {QStringList{QStringLiteral("info"), archive},
                                             QStringList{QStringLiteral("info"), QStringLiteral("--json"), archive}}) {
            const Finished result = runRecorder(arguments);
            QCOMPARE(result.exitCode, 0);
            QVERIFY2(result.out.contains(QStringLiteral("profile")), qPrintable(result.out));
        }
    }

    void infoRefusesADeepManifest()
    {
        const QString archive = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fuzz/corpus/run_archive/B03_manifest_deep_array_1e5.tar.gz");
        const Finished result = runRecorder({QStringLiteral("info"), QStringLiteral("--json"), archive});
        QCOMPARE(result.exitCode, 1);
        QCOMPARE(result.err.trimmed(), QStringLiteral("runlens-rec: ") + archive
                                           + QStringLiteral(" is not a usable run archive: manifest.json nests deeper than the limit of 64 levels"));
    }
};

QTEST_GUILESS_MAIN(TestRecorderCli)
#include "tst_recorder_cli.moc"
