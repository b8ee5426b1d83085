// The remote layer against a real OpenSSH server on 127.0.0.1: host keys, authentication, the
// recorder installed and run detached, progress, fetch with resume and checksum, hostile names,
// and the headless `runlens remote` commands.
#include "Arm64Binfmt.h"
#include "SshdFixture.h"

#include "RunLoader.h"
#include "remote/QuotedCommand.h"
#include "remote/RecorderInstaller.h"
#include "remote/RemoteHostInfo.h"
#include "remote/RemoteRecording.h"
#include "remote/SshSession.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>

#include <unistd.h>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cmath>

namespace {

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestRemote : public QObject
{
    Q_OBJECT

private:
    SshdFixture m_sshd;
    QTemporaryDir m_work;
    QString m_remoteDir; // stands in for ~/.cache/runlens on the "host"

    SshTarget target(const QString& knownHosts, const QString& identity = QString()) const
    {
        SshTarget target = m_sshd.clientTarget(knownHosts);
        if (!identity.isEmpty())
            target.identityFile = identity;
        target.timeoutSeconds = 20;
        return target;
    }

    SshPrompts accepting(QStringList* shown = nullptr) const
    {
        SshPrompts prompts;
        prompts.acceptNewHostKey = [shown](const QString&, const QString&, const QString& fingerprint) {
            if (shown)
                shown->append(fingerprint);
            return true;
        };
        return prompts;
    }

    // A connected session with the first host key already trusted.
    std::unique_ptr<SshSession> connected(const QString& knownHosts)
    {
        auto session = std::make_unique<SshSession>(target(knownHosts), accepting());
        session->connect();
        return session;
    }

    QString installRecorder(SshSession& session)
    {
        const RemoteHostInfo info = RemoteHostInfo::probe(session);
        RecorderInstaller installer({{QStringLiteral("x86_64"), QStringLiteral(RUNLENS_REC_PATH)}});
        return installer.install(session, info, m_remoteDir).remotePath;
    }

    // A 3 s recording at 500 ms, without the EC2 metadata lookup (no IMDS here).
    static RecordingRequest threeSeconds(const QString& name)
    {
        RecordingRequest request;
        request.name = name;
        request.duration = QStringLiteral("3s");
        request.interval = QStringLiteral("500ms");
        request.extraRecorderArguments = {QStringLiteral("--imds-endpoint"), QStringLiteral("off")};
        return request;
    }

    RecordingStatus waitUntilFinished(RemoteRecording& recording, const QString& name, QList<RecordingStatus>* seen = nullptr)
    {
        const QDeadlineTimer safetyNet(90000);
        RecordingStatus status;
        while (!(status = recording.status(name)).isFinished() && !safetyNet.hasExpired()) {
            if (seen)
                seen->append(status);
            QThread::msleep(300);
        }
        return status;
    }

private slots:
    void initTestCase()
    {
        qunsetenv("SSH_AUTH_SOCK");
        QVERIFY(m_work.isValid());
        QVERIFY2(m_sshd.start(), qPrintable(m_sshd.why()));
        m_remoteDir = m_work.filePath(QStringLiteral("remote"));
    }

    void cleanupTestCase() { m_sshd.stop(); }

    void quotingSurvivesTheShell_data()
    {
        QTest::addColumn<QString>("word");
        QTest::newRow("plain") << QStringLiteral("run1");
        QTest::newRow("quote") << QStringLiteral("it's");
        QTest::newRow("everything") << QStringLiteral("a 'b' \"c\" $(touch x) `y` ; & | > < \\ $HOME * ~");
        QTest::newRow("empty") << QString();
    }

    void quotingSurvivesTheShell()
    {
        QFETCH(QString, word);
        const QString command = QuotedCommand({QStringLiteral("printf"), QStringLiteral("%s"), word}).toString();
        QProcess shell;
        shell.setWorkingDirectory(m_work.path());
        shell.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
        QVERIFY(shell.waitForFinished(30000));
        QCOMPARE(QString::fromUtf8(shell.readAllStandardOutput()), word);
        QVERIFY(!QFile::exists(m_work.filePath(QStringLiteral("x"))));
        QCOMPARE(QuotedCommand::quote(QStringLiteral("it's")), QStringLiteral("'it'\\''s'"));
    }

    void unknownHostKeyIsRefusedWithoutConsent()
    {
        const QString knownHosts = m_work.filePath(QStringLiteral("refused_known_hosts"));
        QStringList shown;
        SshPrompts prompts;
        prompts.acceptNewHostKey = [&shown](const QString&, const QString&, const QString& fingerprint) {
            shown.append(fingerprint);
            return false;
        };
        SshSession session(target(knownHosts), prompts);
        try {
            session.connect();
            QFAIL("connected although the host key was not accepted");
        } catch (const SshError& error) {
            QCOMPARE(error.kind(), SshError::Kind::HostKeyUnknown);
            QVERIFY2(error.message().contains(m_sshd.hostKeyFingerprint()), qPrintable(error.message()));
        }
        QCOMPARE(shown, QStringList{m_sshd.hostKeyFingerprint()});
        QVERIFY(readAll(knownHosts).isEmpty());
    }

    void endToEnd()
    {
        const QString knownHosts = m_work.filePath(QStringLiteral("e2e_known_hosts"));
        QStringList shown;
        SshSession session(target(knownHosts), accepting(&shown));
        session.connect();
        // The unknown key was shown with its SHA256 fingerprint, accepted and recorded.
        QVERIFY(m_sshd.hostKeyFingerprint().startsWith(QLatin1String("SHA256:")));
        QCOMPARE(shown, QStringList{m_sshd.hostKeyFingerprint()});
        QCOMPARE(session.hostKeyFingerprint(), m_sshd.hostKeyFingerprint());
        QVERIFY(readAll(knownHosts).contains(QStringLiteral("[127.0.0.1]:%1").arg(m_sshd.port()).toLatin1()));

        const RemoteHostInfo info = RemoteHostInfo::probe(session);
        QCOMPARE(info.os, QStringLiteral("Linux"));
        QCOMPARE(info.architecture, QStringLiteral("x86_64"));
        QCOMPARE(info.home, QDir::homePath());
        QVERIFY(!info.pmuAdvice().isEmpty());
        // The test's sshd logs in as the user running the tests: root here and in CI.
        QCOMPARE(info.root, ::getuid() == 0);
        if (info.root)
            QVERIFY2(info.pmuAdvice().startsWith(QStringLiteral("Logged in as root")), qPrintable(info.pmuAdvice()));
        // A non-root login on a locked-down host gets the sysctl advice, not a root one.
        RemoteHostInfo user = info;
        user.root = false;
        user.perfEventParanoid = 2;
        user.passwordlessSudo = false;
        QVERIFY(user.pmuAdvice().contains(QStringLiteral("perf_event_paranoid=0")));

        // Uploaded once, byte-identical, skipped the second time.
        RecorderInstaller installer({{QStringLiteral("x86_64"), QStringLiteral(RUNLENS_REC_PATH)}});
        qint64 uploadedBytes = 0;
        const RecorderInstallResult first = installer.install(session, info, m_remoteDir, [&](qint64 done, qint64) {
            uploadedBytes = done;
            return true;
        });
        QVERIFY(first.uploaded);
        QCOMPARE(uploadedBytes, QFileInfo(QStringLiteral(RUNLENS_REC_PATH)).size());
        QCOMPARE(readAll(first.remotePath), readAll(QStringLiteral(RUNLENS_REC_PATH)));
        QVERIFY2(first.version.startsWith(QLatin1String("runlens-rec ")), qPrintable(first.version));
        const RecorderInstallResult second = installer.install(session, info, m_remoteDir);
        QVERIFY(!second.uploaded);

        RemoteRecording recording(session, first.remotePath, m_remoteDir + QStringLiteral("/runs"));
        RecordingRequest request = threeSeconds(QStringLiteral("e2e"));
        request.profile = true;
        recording.start(request);
        QList<RecordingStatus> seen;
        const RecordingStatus final = waitUntilFinished(recording, request.name, &seen);
        QCOMPARE(final.state, QStringLiteral("done"));
        QVERIFY(!seen.isEmpty());
        QCOMPARE(seen.constFirst().state, QStringLiteral("recording"));
        QVERIFY(seen.constLast().samples >= seen.constFirst().samples);
        QVERIFY(final.archiveBytes > 0);

        const QString localDir = m_work.filePath(QStringLiteral("fetched"));
        qint64 lastDone = -1, lastTotal = -1;
        const QString local = recording.fetch(request.name, localDir, [&](qint64 done, qint64 total) {
            lastDone = done;
            lastTotal = total;
            return true;
        });
        QCOMPARE(local, QDir(localDir).filePath(QStringLiteral("e2e.tar.gz")));
        QCOMPARE(lastDone, final.archiveBytes);
        QCOMPARE(lastTotal, final.archiveBytes);
        QCOMPARE(readAll(local), readAll(recording.remoteArchivePath(request.name)));
        QVERIFY(!QFile::exists(local + QStringLiteral(".part")));

        const RunPtr run = RunLoader::loadNow(local);
        QVERIFY(run->hasMetric(QStringLiteral("cpu.busy")));
        QVERIFY(run->series(QStringLiteral("cpu.busy"), QStringLiteral("all")).size() >= 3);
        // --profile reached the recorder: the run has stack samples (we run as root here).
        if (!run->profile()) {
            for (const auto& collector : run->manifest().value("collectors", nlohmann::json::array()))
                if (collector.value("name", "") == "profile")
                    qWarning("profile collector: %s", collector.dump().c_str());
            qWarning("pack: %s", run->manifest().value("pack", nlohmann::json()).dump().c_str());
        }
        QVERIFY(run->profile());
        QVERIFY(run->profile()->samples.size() > 0);

        const QList<RemoteRun> runs = recording.listRuns();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.constFirst().name, QStringLiteral("e2e"));
        QCOMPARE(runs.constFirst().bytes, final.archiveBytes);
        recording.deleteRun(request.name);
        QVERIFY(recording.listRuns().isEmpty());
    }

    // A Graviton host: the host reports aarch64 (here the probe's answer is overridden, as this
    // sshd runs on x86_64), the arm64 recorder is the one uploaded and verified by SHA-256, and
    // where this kernel runs arm64 binaries through binfmt_misc and qemu-aarch64 it records 3 s,
    // is fetched and opens.
    void arm64HostGetsTheArm64Recorder()
    {
        if (!RUNLENS_ARM64_RECORDER)
            QSKIP("built with -DRUNLENS_ARM64_RECORDER=OFF: no arm64 recorder");
        const QString arm64Recorder = QStringLiteral(RUNLENS_RECORDERS_DIR "/arm64/runlens-rec");
        QVERIFY2(QFileInfo(arm64Recorder).isExecutable(), qPrintable(arm64Recorder));
        QCOMPARE(RecorderInstaller::architectureOf(arm64Recorder), QStringLiteral("arm64"));
        auto session = connected(m_work.filePath(QStringLiteral("arm_known_hosts")));
        RemoteHostInfo graviton = RemoteHostInfo::probe(*session);
        graviton.machine = QStringLiteral("aarch64");
        graviton.architecture = QStringLiteral("arm64");
        const QString remoteDir = m_work.filePath(QStringLiteral("arm"));

        // Without an arm64 recorder: a sentence naming the host, its architecture and what there is.
        try {
            RecorderInstaller({{QStringLiteral("x86_64"), QStringLiteral(RUNLENS_REC_PATH)}}).install(*session, graviton, remoteDir);
            QFAIL("installed an x86_64 recorder on an arm64 host");
        } catch (const SshError& error) {
            QCOMPARE(error.kind(), SshError::Kind::Unsupported);
            QVERIFY2(error.message().startsWith(QLatin1String("127.0.0.1 is an aarch64 host, and this installation has no recorder for it (it has: x86_64).")),
                     qPrintable(error.message()));
        }
        QVERIFY(!QFile::exists(remoteDir));

        RecorderInstaller installer({{QStringLiteral("x86_64"), QStringLiteral(RUNLENS_REC_PATH)},
                                     {QStringLiteral("arm64"), arm64Recorder}});
        const bool runsArm64 = Arm64Binfmt::ensureRegistered();
        RecorderInstallResult installed;
        try {
            installed = installer.install(*session, graviton, remoteDir);
        } catch (const SshError& error) {
            // Only `runlens-rec --version` on the host may fail, where it cannot run arm64 code.
            QVERIFY2(!runsArm64, qPrintable(error.message()));
            QCOMPARE(RecorderInstaller::sha256OfFile(remoteDir + QStringLiteral("/runlens-rec")),
                     RecorderInstaller::sha256OfFile(arm64Recorder));
            QSKIP("this kernel does not run arm64 binaries (binfmt_misc with qemu-aarch64 could not be registered); "
                  "the arm64 recorder was uploaded and verified, not run");
        }
        QVERIFY(installed.uploaded);
        QCOMPARE(readAll(installed.remotePath), readAll(arm64Recorder));
        QVERIFY2(installed.version.startsWith(QLatin1String("runlens-rec ")), qPrintable(installed.version));

        RemoteRecording recording(*session, installed.remotePath, remoteDir + QStringLiteral("/runs"));
        const RecordingRequest request = threeSeconds(QStringLiteral("graviton"));
        recording.start(request);
        const RecordingStatus final = waitUntilFinished(recording, request.name);
        QCOMPARE(final.state, QStringLiteral("done"));
        const QString local = recording.fetch(request.name, m_work.filePath(QStringLiteral("fetched-arm64")));
        const RunPtr run = RunLoader::loadNow(local);
        QVERIFY(run->series(QStringLiteral("cpu.busy"), QStringLiteral("all")).size() >= 3);
    }

    void changedHostKeyIsRefused()
    {
        const QString knownHosts = m_work.filePath(QStringLiteral("changed_known_hosts"));
        connected(knownHosts).reset();
        const QByteArray trusted = readAll(knownHosts);
        QVERIFY(!trusted.isEmpty());
        QVERIFY2(m_sshd.restartWithOtherHostKey(), qPrintable(m_sshd.why()));
        bool asked = false;
        SshPrompts prompts;
        prompts.acceptNewHostKey = [&asked](const QString&, const QString&, const QString&) { return asked = true; };
        SshSession session(target(knownHosts), prompts);
        try {
            session.connect();
            QFAIL("connected although the host key changed");
        } catch (const SshError& error) {
            QCOMPARE(error.kind(), SshError::Kind::HostKeyChanged);
            QVERIFY2(error.message().contains(QLatin1String("ssh-keygen -R")), qPrintable(error.message()));
        }
        QVERIFY(!asked); // a changed key is never offered for acceptance
        QCOMPARE(readAll(knownHosts), trusted);
        QVERIFY2(m_sshd.restartWithFirstHostKey(), qPrintable(m_sshd.why()));
    }

    void wrongKeyFailsAuthentication()
    {
        SshSession session(target(m_work.filePath(QStringLiteral("wrong_known_hosts")), m_sshd.wrongKey()), accepting());
        try {
            session.connect();
            QFAIL("authenticated with a key the server does not know");
        } catch (const SshError& error) {
            QCOMPARE(error.kind(), SshError::Kind::Authentication);
            QVERIFY2(error.message().contains(m_sshd.wrongKey()), qPrintable(error.message()));
            QVERIFY2(error.message().contains(QLatin1String("refused by the server")), qPrintable(error.message()));
        }
    }

    void pemKeyAuthenticates()
    {
        SshSession session(target(m_work.filePath(QStringLiteral("pem_known_hosts")), m_sshd.pemKey()), accepting());
        session.connect();
        QCOMPARE(session.run(QStringLiteral("echo ok")).out, QByteArray("ok\n"));
    }

    void downloadResumesAfterCut()
    {
        QDir().mkpath(m_remoteDir);
        const QString remote = m_remoteDir + QStringLiteral("/big.bin");
        QByteArray contents(3 * 1024 * 1024, Qt::Uninitialized);
        QRandomGenerator generator(42);
        generator.fillRange(reinterpret_cast<quint32*>(contents.data()), contents.size() / 4);
        {
            QFile file(remote);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(contents);
        }
        const QString knownHosts = m_work.filePath(QStringLiteral("resume_known_hosts"));
        const QString local = m_work.filePath(QStringLiteral("big.bin.part"));
        auto session = connected(knownHosts);
        bool cut = false;
        try {
            session->downloadResuming(remote, local, [&](qint64 done, qint64) {
                if (!cut && done >= 256 * 1024) {
                    cut = true;
                    m_sshd.cutConnections();
                }
                return true;
            });
            QFAIL("the download finished although the connection was cut");
        } catch (const SshError& error) {
            QVERIFY2(error.kind() == SshError::Kind::Transfer || error.kind() == SshError::Kind::Connection, qPrintable(error.message()));
        }
        const qint64 partial = QFileInfo(local).size();
        QVERIFY(partial >= 256 * 1024);
        QVERIFY(partial < contents.size());

        qint64 resumedFrom = -1;
        session = connected(knownHosts);
        QCOMPARE(session->downloadResuming(remote, local, [&](qint64 done, qint64) {
            if (resumedFrom < 0)
                resumedFrom = done;
            return true;
        }), qint64(contents.size()));
        QCOMPARE(resumedFrom, partial);
        QCOMPARE(readAll(local), contents);
    }

    void hostileRunNameIsHarmless()
    {
        const QString knownHosts = m_work.filePath(QStringLiteral("hostile_known_hosts"));
        auto session = connected(knownHosts);
        const QString recorder = installRecorder(*session);
        const QString runs = m_remoteDir + QStringLiteral("/runs");
        RemoteRecording recording(*session, recorder, runs);
        RecordingRequest request;
        request.name = QStringLiteral("it's \"a run\"; $(touch pwned1) `touch pwned2` & touch pwned3 | x > y");
        request.duration = QStringLiteral("1s");
        request.extraRecorderArguments = {QStringLiteral("--imds-endpoint"), QStringLiteral("off")};
        recording.start(request);
        QCOMPARE(waitUntilFinished(recording, request.name).state, QStringLiteral("done"));
        const QString local = recording.fetch(request.name, m_work.filePath(QStringLiteral("hostile")));
        QCOMPARE(QFileInfo(local).fileName(), request.name + QStringLiteral(".tar.gz"));
        QCOMPARE(RunLoader::loadNow(local)->hasMetric(QStringLiteral("cpu.busy")), true);
        for (const QString& dir : {runs, m_remoteDir, QDir::homePath(), QDir::currentPath()}) {
            for (const QString& trap : {QStringLiteral("pwned1"), QStringLiteral("pwned2"), QStringLiteral("pwned3"), QStringLiteral("y")})
                QVERIFY2(!QFile::exists(QDir(dir).filePath(trap)), qPrintable(QDir(dir).filePath(trap)));
        }
        recording.deleteRun(request.name);
    }

    void recordingSurvivesDroppedSession()
    {
        const QString knownHosts = m_work.filePath(QStringLiteral("drop_known_hosts"));
        auto session = connected(knownHosts);
        const QString recorder = installRecorder(*session);
        const QString runs = m_remoteDir + QStringLiteral("/runs");
        {
            RemoteRecording recording(*session, recorder, runs);
            const RecordingRequest request = threeSeconds(QStringLiteral("survivor"));
            recording.start(request);
            QCOMPARE(recording.status(request.name).state, QStringLiteral("recording"));
        }
        m_sshd.cutConnections();
        session = connected(knownHosts);
        RemoteRecording recording(*session, recorder, runs);
        const RecordingStatus status = waitUntilFinished(recording, QStringLiteral("survivor"));
        QCOMPARE(status.state, QStringLiteral("done"));
        const RunPtr run = RunLoader::loadNow(recording.fetch(QStringLiteral("survivor"), m_work.filePath(QStringLiteral("survivor"))));
        // Samples kept coming after the cut: the run covers the whole 3 seconds.
        QVERIFY(run->series(QStringLiteral("cpu.busy"), QStringLiteral("all")).size() >= 6);
        recording.deleteRun(QStringLiteral("survivor"));
    }

    void stopEarlyWritesTheArchive()
    {
        auto session = connected(m_work.filePath(QStringLiteral("stop_known_hosts")));
        RemoteRecording recording(*session, installRecorder(*session), m_remoteDir + QStringLiteral("/runs"));
        RecordingRequest request;
        request.name = QStringLiteral("stopped");
        request.interval = QStringLiteral("200ms");
        request.extraRecorderArguments = {QStringLiteral("--imds-endpoint"), QStringLiteral("off")};
        recording.start(request); // no duration: runs until stopped
        const QDeadlineTimer safetyNet(30000);
        while (recording.status(request.name).samples < 3 && !safetyNet.hasExpired())
            QThread::msleep(200);
        recording.stop(request.name);
        QCOMPARE(waitUntilFinished(recording, request.name).state, QStringLiteral("done"));
        recording.deleteRun(request.name);
    }

    // A benchmark run by the remote recorder: the dialog's "Workload" field, end to end through
    // a real sshd. The recording ends when the command does; its output lines became values.
    void workloadRunsUnderTheRemoteRecorder()
    {
        auto session = connected(m_work.filePath(QStringLiteral("workload_known_hosts")));
        RemoteRecording recording(*session, installRecorder(*session), m_remoteDir + QStringLiteral("/runs"));
        RecordingRequest request;
        request.name = QStringLiteral("with-workload");
        request.interval = QStringLiteral("200ms");
        request.extraRecorderArguments = {QStringLiteral("--imds-endpoint"), QStringLiteral("off"), QStringLiteral("--workload-metric"),
                                          QStringLiteral("ops:ops/s=ops: ([0-9]+)")};
        request.workloadCommand = QStringLiteral("for i in 1 2 3; do echo \"ops: ${i}0\"; sleep 0.3; done");
        recording.start(request); // no duration: until the command exits
        QCOMPARE(waitUntilFinished(recording, request.name).state, QStringLiteral("done"));
        const RunPtr run = RunLoader::loadNow(recording.fetch(request.name, m_work.filePath(QStringLiteral("with-workload"))));
        std::vector<double> values;
        for (double value : run->series(QStringLiteral("workload.ops"), QString()).values) {
            if (!std::isnan(value))
                values.push_back(value);
        }
        QCOMPARE(values, (std::vector<double>{10, 20, 30}));
        QCOMPARE(run->manifest().at("workload").at("exit_status").get<int>(), 0);
        recording.deleteRun(request.name);
    }

    void headlessCommands()
    {
        const QString knownHosts = m_work.filePath(QStringLiteral("headless_known_hosts"));
        const QString fetched = m_work.filePath(QStringLiteral("headless"));
        const QStringList connection{QStringLiteral("--port"), QString::number(m_sshd.port()),
                                     QStringLiteral("--user"), m_sshd.userName(),
                                     QStringLiteral("--identity"), m_sshd.userKey(),
                                     QStringLiteral("--known-hosts"), knownHosts,
                                     QStringLiteral("--ssh-config"), m_sshd.clientConfig(),
                                     QStringLiteral("--remote-dir"), m_remoteDir};
        const QStringList record = QStringList{QStringLiteral("remote"), QStringLiteral("record"), QStringLiteral("127.0.0.1")} + connection
            + QStringList{QStringLiteral("--name"), QStringLiteral("head less"), QStringLiteral("--duration"), QStringLiteral("2s"),
                          QStringLiteral("--interval"), QStringLiteral("500ms"), QStringLiteral("--recorder"), QStringLiteral(RUNLENS_REC_PATH),
                          QStringLiteral("--recorder-arg=--imds-endpoint=off"), QStringLiteral("--fetch"), fetched};
        auto runlens = [](const QStringList& arguments, QByteArray* out, QByteArray* err) {
            QProcess process;
            process.start(QStringLiteral(RUNLENS_APP_PATH), arguments);
            process.waitForFinished(120000);
            *out = process.readAllStandardOutput();
            *err = process.readAllStandardError();
            return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        };
        QByteArray out, err;
        // No silent acceptance of an unknown key.
        QCOMPARE(runlens(record, &out, &err), 1);
        QVERIFY2(err.contains(m_sshd.hostKeyFingerprint().toLatin1()), err.constData());
        QVERIFY(readAll(knownHosts).isEmpty());

        QCOMPARE(runlens(record + QStringList{QStringLiteral("--accept-new-host-key")}, &out, &err), 0);
        const QString local = QString::fromUtf8(out.trimmed());
        QCOMPARE(local, QDir(fetched).filePath(QStringLiteral("head less.tar.gz")));
        QVERIFY(RunLoader::loadNow(local)->hasMetric(QStringLiteral("cpu.busy")));

        QCOMPARE(runlens(QStringList{QStringLiteral("remote"), QStringLiteral("list"), QStringLiteral("127.0.0.1")} + connection, &out, &err), 0);
        QVERIFY2(out.contains("head less\t"), out.constData());

        const QString again = m_work.filePath(QStringLiteral("headless-again"));
        QCOMPARE(runlens(QStringList{QStringLiteral("remote"), QStringLiteral("fetch"), QStringLiteral("127.0.0.1"), QStringLiteral("head less"),
                                     QStringLiteral("--to"), again, QStringLiteral("--delete-remote")} + connection, &out, &err), 0);
        QCOMPARE(readAll(QString::fromUtf8(out.trimmed())), readAll(local));
        QVERIFY(!QFile::exists(m_remoteDir + QStringLiteral("/runs/head less.tar.gz")));

        QCOMPARE(runlens({QStringLiteral("remote"), QStringLiteral("fetch"), QStringLiteral("127.0.0.1")}, &out, &err), 2);
    }
};

QTEST_GUILESS_MAIN(TestRemote)
#include "tst_remote.moc"
