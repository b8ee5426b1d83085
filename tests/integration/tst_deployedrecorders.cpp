// The recorders the app installs on hosts (build/recorders/<arch>/runlens-rec), and the one this
// build runs (build/recorder/runlens-rec): fully static (no INTERP, no dynamic section); the
// deployed ones stripped with their debug info beside them, small, and each able to record on an
// empty host — a directory holding nothing but the recorder, used as a chroot with only /proc,
// /sys and /dev bind-mounted (arm64 through qemu-aarch64-static copied in).
#include "Arm64Binfmt.h"
#include "RunLoader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace {

QString recorderFor(const QString& architecture)
{
    return QStringLiteral(RUNLENS_RECORDERS_DIR "/") + architecture + QStringLiteral("/runlens-rec");
}

QString run(const QString& program, const QStringList& arguments, int* exitCode = nullptr)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    process.waitForFinished(120000);
    if (exitCode)
        *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return QString::fromLocal8Bit(process.readAll());
}

} // namespace

class TestDeployedRecorders : public QObject
{
    Q_OBJECT

private slots:
    void staticAndStripped_data()
    {
        QTest::addColumn<QString>("architecture");
        QTest::addColumn<QString>("machine");
        QTest::newRow("x86_64") << "x86_64" << "Advanced Micro Devices X86-64";
        QTest::newRow("arm64") << "arm64" << "AArch64";
    }
    void staticAndStripped()
    {
        QFETCH(QString, architecture);
        QFETCH(QString, machine);
        if (architecture == QLatin1String("arm64") && !RUNLENS_ARM64_RECORDER)
            QSKIP("built with -DRUNLENS_ARM64_RECORDER=OFF: no arm64 recorder");
        const QString recorder = recorderFor(architecture);
        QVERIFY2(QFileInfo(recorder).isExecutable(), qPrintable(recorder));
        const QString header = run(QStringLiteral("readelf"), {QStringLiteral("-h"), recorder});
        QVERIFY2(header.contains(machine), qPrintable(header));
        const QString segments = run(QStringLiteral("readelf"), {QStringLiteral("-lW"), recorder});
        QVERIFY2(segments.contains(QLatin1String("LOAD")), qPrintable(segments));
        QVERIFY2(!segments.contains(QLatin1String("INTERP")), qPrintable(segments));
        QVERIFY2(!segments.contains(QLatin1String("DYNAMIC")), qPrintable(segments));
        const QString sections = run(QStringLiteral("readelf"), {QStringLiteral("-SW"), recorder});
        QVERIFY2(!sections.contains(QLatin1String(".debug_info")), "the deployed recorder is not stripped");
        QVERIFY2(!sections.contains(QLatin1String(".symtab")), "the deployed recorder is not stripped");
        QVERIFY2(sections.contains(QLatin1String(".gnu_debuglink")), qPrintable(sections));
        const QString debugInfo = run(QStringLiteral("readelf"), {QStringLiteral("-SW"), recorder + QStringLiteral(".debug")});
        QVERIFY2(debugInfo.contains(QLatin1String(".debug_info")), "runlens-rec.debug holds no debug info");
        // The size target of the recorder on hosts: what every upload costs.
        QVERIFY2(QFileInfo(recorder).size() <= 8 * 1024 * 1024, qPrintable(QString::number(QFileInfo(recorder).size())));
    }

    // The runlens-rec of this build, which the tests and the desktop run, is the same static binary
    // (unstripped), whatever this build's type or sanitizers.
    void thisBuildsRecorderIsStatic()
    {
        const QString segments = run(QStringLiteral("readelf"), {QStringLiteral("-lW"), QStringLiteral(RUNLENS_REC_PATH)});
        QVERIFY2(segments.contains(QLatin1String("LOAD")), qPrintable(segments));
        QVERIFY2(!segments.contains(QLatin1String("INTERP")), qPrintable(segments));
        QVERIFY2(!segments.contains(QLatin1String("DYNAMIC")), qPrintable(segments));
        const QString sections = run(QStringLiteral("readelf"), {QStringLiteral("-SW"), QStringLiteral(RUNLENS_REC_PATH)});
        QVERIFY2(sections.contains(QLatin1String(".debug_info")), "this build's runlens-rec should keep its debug info");
    }

    void recordsOnAnEmptyHost_data()
    {
        QTest::addColumn<QString>("architecture");
        QTest::newRow("x86_64") << "x86_64";
        QTest::newRow("arm64") << "arm64";
    }
    void recordsOnAnEmptyHost()
    {
        QFETCH(QString, architecture);
        if (architecture == QLatin1String("arm64") && !RUNLENS_ARM64_RECORDER)
            QSKIP("built with -DRUNLENS_ARM64_RECORDER=OFF: no arm64 recorder");
        if (geteuid() != 0)
            QSKIP("needs root for chroot and bind mounts (CI runs as root)");
        QTemporaryDir host;
        QVERIFY(host.isValid());
        const QDir root(host.path());
        for (const char* directory : {"proc", "sys", "dev", "out"})
            QVERIFY(root.mkpath(QString::fromLatin1(directory)));
        QVERIFY(QFile::copy(recorderFor(architecture), root.filePath(QStringLiteral("runlens-rec"))));
        QStringList command{QStringLiteral("/runlens-rec")};
        if (architecture == QLatin1String("arm64")) {
            QVERIFY2(QFile::copy(QStringLiteral("/usr/bin/qemu-aarch64-static"), root.filePath(QStringLiteral("qemu-aarch64-static"))),
                     "qemu-user-static is not installed");
            QFile::setPermissions(root.filePath(QStringLiteral("qemu-aarch64-static")), QFile::ExeOwner | QFile::ReadOwner);
            command.prepend(QStringLiteral("/qemu-aarch64-static"));
        }
        const QString name = QStringLiteral("empty-") + architecture;
        command << QStringLiteral("record") << QStringLiteral("--duration") << QStringLiteral("2s") << QStringLiteral("--interval")
                << QStringLiteral("500ms") << QStringLiteral("--imds-endpoint") << QStringLiteral("off") << QStringLiteral("--out")
                << QStringLiteral("/out") << QStringLiteral("--name") << name << QStringLiteral("--quiet");
        // A private mount namespace: the bind mounts vanish with the shell, whatever happens.
        const QString script = QStringLiteral("set -e; for d in proc sys dev; do mount --rbind /$d \"$1/$d\"; done; "
                                              "root=\"$1\"; shift; exec chroot \"$root\" \"$@\"");
        int exitCode = -1;
        const QString output = run(QStringLiteral("unshare"), QStringList{QStringLiteral("--mount"), QStringLiteral("--propagation"),
                                                                           QStringLiteral("private"), QStringLiteral("sh"),
                                                                           QStringLiteral("-c"), script, QStringLiteral("sh"), host.path()}
                                                                   + command,
                                   &exitCode);
        QVERIFY2(exitCode == 0, qPrintable(output));
        const QString archive = root.filePath(QStringLiteral("out/") + name + QStringLiteral(".tar.gz"));
        QVERIFY2(QFile::exists(archive), qPrintable(output));

        // It round-trips through this machine's `runlens-rec info` and opens in the app.
        const QString info = run(QStringLiteral(RUNLENS_REC_PATH), {QStringLiteral("info"), archive}, &exitCode);
        QVERIFY2(exitCode == 0 && info.contains(QStringLiteral("run            ") + name), qPrintable(info));
        const RunPtr opened = RunLoader::loadNow(archive);
        QVERIFY(opened->series(QStringLiteral("cpu.busy"), QStringLiteral("all")).size() >= 3);
        QVERIFY(opened->hasMetric(QStringLiteral("irq.ipi_rate")));
    }
};

QTEST_GUILESS_MAIN(TestDeployedRecorders)
#include "tst_deployedrecorders.moc"
