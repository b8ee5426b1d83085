// The built programs as a user meets them: started as processes, from an empty directory, with a
// minimal environment and no display.
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result {
    int exitCode = -1;
    QString out;
    QString err;
};

Result run(const QString& program, const QStringList& arguments, const QString& workingDirectory)
{
    QProcess process;
    QProcessEnvironment bare;
    bare.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    bare.insert(QStringLiteral("HOME"), workingDirectory);
    process.setProcessEnvironment(bare); // no DISPLAY, no QT_QPA_PLATFORM
    process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    if (!process.waitForFinished(60000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

} // namespace

class TestExecutables : public QObject
{
    Q_OBJECT

    QTemporaryDir m_emptyDirectory;

private slots:
    void recorderVersionFromAnEmptyDirectory()
    {
        QVERIFY(QDir(m_emptyDirectory.path()).isEmpty());
        const Result result = run(QStringLiteral(RUNLENS_REC_PATH), {QStringLiteral("--version")}, m_emptyDirectory.path());
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(QRegularExpression(QStringLiteral(R"(^runlens-rec \d+\.\d+\.\d+ \(run archive format \d+\.\d+\)\n$)"))
                     .match(result.out)
                     .hasMatch(),
                 qPrintable(result.out));
    }

    void recorderHelp()
    {
        const Result result = run(QStringLiteral(RUNLENS_REC_PATH), {QStringLiteral("--help")}, m_emptyDirectory.path());
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains(QStringLiteral("runlens-rec records")));
        QVERIFY(result.out.contains(QStringLiteral("--version")));
    }

    void recorderRejectsUnknownOptions()
    {
        const Result result = run(QStringLiteral(RUNLENS_REC_PATH), {QStringLiteral("--frobnicate")}, m_emptyDirectory.path());
        QVERIFY(result.exitCode != 0);
        QVERIFY(result.err.contains(QStringLiteral("frobnicate")));
    }

    void recorderNeedsOnlyGlibc()
    {
        if (RUNLENS_SANITIZE)
            QSKIP("A sanitizer build links the sanitizer runtimes dynamically.");
        const Result result = run(QStringLiteral("readelf"), {QStringLiteral("-d"), QStringLiteral(RUNLENS_REC_PATH)},
                                  m_emptyDirectory.path());
        QCOMPARE(result.exitCode, 0);
        static const QRegularExpression needed(QStringLiteral(R"(\(NEEDED\)\s+Shared library: \[([^\]]+)\])"));
        static const QRegularExpression glibc(QStringLiteral(R"(^(libc|libm|libpthread|libdl|librt|ld-linux[-a-z0-9_]*)\.so\.\d+$)"));
        QStringList libraries;
        for (auto it = needed.globalMatch(result.out); it.hasNext();)
            libraries.append(it.next().captured(1));
        // The app's build takes the fully static recorder (glibc included) of its native sub-build:
        // no dynamic section at all. A recorder-only build without RUNLENS_STATIC_RECORDER links
        // glibc dynamically, and nothing else.
        if (libraries.isEmpty()) {
            QVERIFY2(result.out.contains(QStringLiteral("no dynamic section")), qPrintable(result.out));
            return;
        }
        QVERIFY(libraries.contains(QStringLiteral("libc.so.6")));
        for (const QString& library : libraries)
            QVERIFY2(glibc.match(library).hasMatch(), qPrintable(library + QStringLiteral(" is not part of glibc")));
    }

    void appHelpAndVersionWithoutADisplay()
    {
        const Result version = run(QStringLiteral(RUNLENS_APP_PATH), {QStringLiteral("--version")}, m_emptyDirectory.path());
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(QRegularExpression(QStringLiteral(R"(^runlens \d+\.\d+\.\d+\n$)")).match(version.out).hasMatch(),
                 qPrintable(version.out + version.err));

        const Result help = run(QStringLiteral(RUNLENS_APP_PATH), {QStringLiteral("--help")}, m_emptyDirectory.path());
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(QStringLiteral("Usage:")));
        QVERIFY(help.out.contains(QStringLiteral("[FILE...]")));

        const Result wrong = run(QStringLiteral(RUNLENS_APP_PATH), {QStringLiteral("--frobnicate")}, m_emptyDirectory.path());
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY(wrong.err.contains(QStringLiteral("frobnicate")));
    }
};

QTEST_GUILESS_MAIN(TestExecutables)
#include "tst_executables.moc"
