// Importers of other tools' profiles (perf script, folded stacks, gzip) and the folded output of
// `runlens convert`, on the hand-written fixtures of tests/fixtures/profile.
#include "FoldedImporter.h"
#include "FoldedWriter.h"
#include "FormatError.h"
#include "PerfScriptImporter.h"
#include "ProfileBuilder.h"
#include "ProfileImport.h"
#include "RunLoader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileTables;

namespace {

QString fixture(const QString& name)
{
    return QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/profile/") + name;
}

std::string readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll().toStdString();
}

// The frames of a sample's stack, outermost first, as "symbol" strings.
QStringList framesOf(const ProfileTables& profile, std::size_t sample)
{
    QStringList frames;
    for (std::uint32_t s = profile.samples.stack[sample]; s != kNoStack; s = profile.stacks[s].parent)
        frames.prepend(QString::fromStdString(profile.frames[profile.stacks[s].frame].symbol));
    return frames;
}

const runlens::format::ProfileTask* taskOf(const ProfileTables& profile, std::uint32_t tid)
{
    for (const auto& task : profile.tasks) {
        if (task.tid == tid)
            return &task;
    }
    return nullptr;
}

} // namespace

class TestProfileImport : public QObject
{
    Q_OBJECT

private slots:
    void perfScriptSamplesFramesAndTasks()
    {
        PerfScriptStatistics statistics;
        const ProfileTables profile = importPerfScript(readAll(fixture(QStringLiteral("perf-mixed.txt"))), &statistics);
        // Ten sample blocks, one of a second event type (instructions) left out.
        QCOMPARE(profile.samples.size(), std::size_t(9));
        QCOMPARE(statistics.otherEventSamples, std::size_t(1));
        QCOMPARE(statistics.unrecognizedLines, std::size_t(0));
        QCOMPARE(profile.info.value("event", std::string()), std::string("cpu-clock"));
        // Times relative to the first sample, CPUs from "[nnn]".
        QCOMPARE(profile.samples.timeNs.front(), std::int64_t(0));
        QCOMPARE(profile.samples.timeNs[1], std::int64_t(10'000'000));
        QCOMPARE(profile.samples.timeNs.back(), std::int64_t(90'000'000));
        QCOMPARE(profile.samples.cpu[1], 1u);
        QCOMPARE(profile.samples.pid[0], 1200u);
        QCOMPARE(profile.samples.tid[0], 1201u);

        // Kernel frames, offsets stripped, outermost first.
        QCOMPARE(framesOf(profile, 0), (QStringList{"__libc_start_main", "main", "handle_request(Request const&)",
                                                    "default_idle", "native_safe_halt"}));
        // An inline chain a->b: b is inlined into a, and marked as stackcollapse marks it.
        QCOMPARE(framesOf(profile, 2), (QStringList{"main", "handle_request(Request const&)", "parse_header",
                                                    "(anonymous namespace)::skip_ws(char const*)_[i]"}));
        // Unresolved frames stay "[unknown]", one frame per address.
        QCOMPARE(framesOf(profile, 3), (QStringList{"main", "[unknown]", "[unknown]"}));
        QVERIFY(profile.samples.stack[3] != profile.samples.stack[4]);
        // An empty stack.
        QCOMPARE(profile.samples.stack[7], kNoStack);

        int kernel = 0, jit = 0, unknown = 0;
        for (const auto& frame : profile.frames) {
            if (frame.symbol == "native_safe_halt" || frame.symbol == "start_kernel")
                QCOMPARE(int(frame.kind), int(FrameKind::Kernel));
            if (frame.module == "/tmp/perf-2000.map")
                QCOMPARE(int(frame.kind), int(FrameKind::Jit));
            if (frame.module == "[unknown]")
                QCOMPARE(int(frame.kind), int(FrameKind::Unknown));
            if (frame.module == "/opt/server/bin/server" || frame.module.ends_with("libc.so.6"))
                QCOMPARE(int(frame.kind), int(FrameKind::User));
            kernel += frame.kind == FrameKind::Kernel;
            jit += frame.kind == FrameKind::Jit;
            unknown += frame.kind == FrameKind::Unknown;
        }
        QCOMPARE(kernel, 3); // native_safe_halt, default_idle, start_kernel ([kernel.kallsyms].init.text)
        QCOMPARE(jit, 2);
        QCOMPARE(unknown, 2);

        // Tasks: pid and command per thread; a blank in the command kept; "0/0" prints no pid.
        QCOMPARE(taskOf(profile, 1202)->pid, 1200u);
        QCOMPARE(taskOf(profile, 3007)->command, std::string("V8 WorkerThread"));
        QCOMPARE(taskOf(profile, 0)->pid, kUnknownPid);
        QCOMPARE(taskOf(profile, 0)->command, std::string("swapper"));
        // The addresses of unresolved frames are kept for --addrs.
        QVERIFY(profile.info.contains(kFrameAddressesKey));
        QCOMPARE(profile.info[kFrameAddressesKey].size(), std::size_t(4));
    }

    void perfScriptWithThreadIdsOnly()
    {
        const ProfileTables profile = importPerfScript(readAll(fixture(QStringLiteral("perf-tid-only.txt"))));
        QCOMPARE(profile.samples.size(), std::size_t(3));
        QCOMPARE(profile.samples.pid[0], kUnknownPid);
        QCOMPARE(profile.samples.tid[0], 25607u);
        QCOMPARE(profile.samples.timeNs[2], std::int64_t(20'000'000));
        QCOMPARE(framesOf(profile, 2), (QStringList{"[unknown]", "tcp_sendmsg"}));
    }

    void lastBlockNeedsItsEmptyLine()
    {
        // stackcollapse-perf.pl counts a sample at the empty line that ends it.
        const std::string text = "ab 1/2 [000] 1.0: cycles:\n\t1 f (m)\n\nab 1/2 [000] 2.0: cycles:\n\t1 g (m)\n";
        QCOMPARE(importPerfScript(text).samples.size(), std::size_t(1));
        // Its header pattern wants a command of two characters at least: "a 1/2 ..." is no header.
        PerfScriptStatistics statistics;
        QCOMPARE(importPerfScript("a 1/2 [000] 1.0: cycles:\n\t1 f (m)\n\n", &statistics).samples.size(), std::size_t(0));
        QCOMPARE(statistics.unrecognizedLines, std::size_t(1));
    }

    void gzipIsReadByContent()
    {
        const QString plain = fixture(QStringLiteral("perf-mixed.txt"));
        const QString gzip = fixture(QStringLiteral("perf-mixed.txt.gz"));
        QCOMPARE(detectProfileFileKind(gzip.toStdString()), ProfileFileKind::PerfScript);
        QCOMPARE(detectProfileFileKind(plain.toStdString()), ProfileFileKind::PerfScript);
        QCOMPARE(detectProfileFileKind(fixture(QStringLiteral("folded-simple.txt")).toStdString()), ProfileFileKind::Folded);
        QCOMPARE(readProfileText(gzip.toStdString()), readAll(plain));
        // A name that says nothing: the content decides.
        QTemporaryDir directory;
        const QString renamed = directory.filePath(QStringLiteral("profile.bin"));
        QVERIFY(QFile::copy(gzip, renamed));
        QCOMPARE(detectProfileFileKind(renamed.toStdString()), ProfileFileKind::PerfScript);
    }

    void foldedStacks()
    {
        FoldedStatistics statistics;
        const ProfileTables profile = importFolded(readAll(fixture(QStringLiteral("folded-simple.txt"))), &statistics);
        QCOMPARE(profile.samples.size(), std::size_t(3 + 2 + 4 + 1 + 1));
        QCOMPARE(statistics.unrecognizedLines, std::size_t(0));
        QCOMPARE(framesOf(profile, 0), (QStringList{"server", "main", "handle_request", "default_idle", "native_safe_halt"}));
        for (const auto& frame : profile.frames) {
            if (frame.symbol == "native_safe_halt")
                QCOMPARE(int(frame.kind), int(FrameKind::Kernel));
            if (frame.symbol == "Ljava/io/PrintStream:::print")
                QCOMPARE(int(frame.kind), int(FrameKind::Jit));
            QVERIFY(!frame.symbol.ends_with("_[k]") && !frame.symbol.ends_with("_[j]"));
        }
        QVERIFY(profile.tasks.empty());
        QVERIFY(looksLikeFolded("a;b 1\nc 2\n"));
        QVERIFY(!looksLikeFolded("a;b one\n"));
    }

    void foldedOutputLikeStackcollapse_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QStringList>("options");
        QTest::newRow("perf") << "perf-mixed.txt" << "perf-mixed.folded" << QStringList{};
        QTest::newRow("perf gzip") << "perf-mixed.txt.gz" << "perf-mixed.folded" << QStringList{};
        QTest::newRow("perf --pid") << "perf-mixed.txt" << "perf-mixed.pid.folded" << QStringList{"pid"};
        QTest::newRow("perf --tid --kernel --jit")
            << "perf-mixed.txt" << "perf-mixed.tid-kernel-jit.folded" << QStringList{"tid", "kernel", "jit"};
        QTest::newRow("perf --addrs") << "perf-mixed.txt" << "perf-mixed.addrs.folded" << QStringList{"addrs"};
        QTest::newRow("tid only") << "perf-tid-only.txt" << "perf-tid-only.folded" << QStringList{};
        QTest::newRow("tid only --tid --kernel --jit")
            << "perf-tid-only.txt" << "perf-tid-only.tid-kernel-jit.folded" << QStringList{"tid", "kernel", "jit"};
        QTest::newRow("folded") << "folded-simple.txt" << "folded-simple.folded" << QStringList{};
        QTest::newRow("folded --kernel --jit")
            << "folded-simple.txt" << "folded-simple.kernel-jit.folded" << QStringList{"kernel", "jit"};
    }
    void foldedOutputLikeStackcollapse()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QFETCH(QStringList, options);
        FoldedOptions folded;
        folded.pid = options.contains(QLatin1String("pid"));
        folded.tid = options.contains(QLatin1String("tid"));
        folded.kernel = options.contains(QLatin1String("kernel"));
        folded.jit = options.contains(QLatin1String("jit"));
        folded.addrs = options.contains(QLatin1String("addrs"));
        const std::string output = writeFolded(loadProfile(fixture(input).toStdString()), folded);
        QCOMPARE(QString::fromStdString(output), QString::fromStdString(readAll(fixture(expected))));
    }

    void importedFileOpensAsRun()
    {
        const RunPtr run = RunLoader::loadNow(fixture(QStringLiteral("perf-mixed.txt.gz")));
        QVERIFY(run);
        QCOMPARE(run->name(), QStringLiteral("perf-mixed.txt.gz"));
        QVERIFY(run->metrics().empty());
        QVERIFY(run->profile());
        QCOMPARE(run->profile()->samples.size(), std::size_t(9));
    }

    void unrecognisedFileIsAnError()
    {
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("notes.txt"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("just some notes\nnothing to see\n");
        file.close();
        QCOMPARE(detectProfileFileKind(path.toStdString()), ProfileFileKind::Unrecognized);
        QVERIFY_THROWS_EXCEPTION(runlens::format::FormatError, importProfileRun(path.toStdString()));
        QVERIFY_THROWS_EXCEPTION(runlens::format::FormatError, RunLoader::loadNow(path));
    }
};

QTEST_GUILESS_MAIN(TestProfileImport)
#include "tst_profileimport.moc"
