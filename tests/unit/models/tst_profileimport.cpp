// Importers of other tools' profiles (perf script, folded stacks, gzip) and the folded output of
// `runlens convert`, on the hand-written fixtures of tests/fixtures/profile.
#include "FoldedImporter.h"
#include "FoldedWriter.h"
#include "FormatError.h"
#include "PerfScriptParser.h"
#include "ProfileBuilder.h"
#include "ProfileImport.h"
#include "RunLoader.h"
#include "StackTree.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::kFrameAddressesKey;
using runlens::format::kUnknownPid;
using runlens::format::PerfScriptStatistics;
using runlens::format::ProfileTables;
using runlens::format::readPerfScript;

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
        const ProfileTables profile = readPerfScript(readAll(fixture(QStringLiteral("perf-mixed.txt"))), &statistics);
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
        QCOMPARE(unknown, 4); // "[unknown]" in libssl.so.3 (2 addresses) and in [unknown] (2)

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
        const ProfileTables profile = readPerfScript(readAll(fixture(QStringLiteral("perf-tid-only.txt"))));
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
        QCOMPARE(readPerfScript(text).samples.size(), std::size_t(1));
        // Its header pattern wants a command of two characters at least: "a 1/2 ..." is no header.
        PerfScriptStatistics statistics;
        QCOMPARE(readPerfScript("a 1/2 [000] 1.0: cycles:\n\t1 f (m)\n\n", &statistics).samples.size(), std::size_t(0));
        QCOMPARE(statistics.unrecognizedLines, std::size_t(1));
    }

    void gzipIsReadByContent()
    {
        const QString plain = fixture(QStringLiteral("perf-mixed.txt"));
        const QString gzip = fixture(QStringLiteral("perf-mixed.txt.gz"));
        QCOMPARE(detectProfileFileKind(gzip.toStdString()), ProfileFileKind::PerfScript);
        QCOMPARE(detectProfileFileKind(plain.toStdString()), ProfileFileKind::PerfScript);
        QCOMPARE(detectProfileFileKind(fixture(QStringLiteral("folded-simple.txt")).toStdString()), ProfileFileKind::Folded);
        QCOMPARE(std::string(readProfileText(gzip.toStdString()).text()), readAll(plain));
        QCOMPARE(std::string(readProfileText(plain.toStdString()).text()), readAll(plain));
        // A name that says nothing: the content decides.
        QTemporaryDir directory;
        const QString renamed = directory.filePath(QStringLiteral("profile.bin"));
        QVERIFY(QFile::copy(gzip, renamed));
        QCOMPARE(detectProfileFileKind(renamed.toStdString()), ProfileFileKind::PerfScript);
    }

    // Deep stacks make long lines: 200 Java frames are 20 KB of folded text a line, so the 64 KiB
    // the detector reads ends mid-line; the whole lines before the cut decide.
    void deepFoldedStacksAreRecognised()
    {
        std::string text;
        for (int line = 0; line < 12; ++line) {
            text += "java";
            for (int depth = 0; depth < 200; ++depth)
                text.append(";org/example/service/Handler").append(std::to_string(line)).append("_").append(std::to_string(depth)).append(".handle");
            // Appended, not `" " + std::to_string(...)`: GCC 12's -Wrestrict false positive at -O3.
            text.append(" ").append(std::to_string(line + 1)).append("\n");
        }
        QVERIFY(text.size() > 64 * 1024);
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("deep.folded"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text.data(), qint64(text.size()));
        file.close();
        QCOMPARE(detectProfileFileKind(path.toStdString()), ProfileFileKind::Folded);
        const runlens::format::RunArchive run = importProfileRun(path.toStdString());
        QVERIFY(run.profile);
        QCOMPARE(run.profile->samples.size(), std::size_t(12));
        QCOMPARE(run.profile->frames.size(), std::size_t(12 * 200 + 1));
        // One line longer than the whole head still cannot be judged.
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(std::string(70 * 1024, 'a').data(), 70 * 1024);
        file.close();
        QCOMPARE(detectProfileFileKind(path.toStdString()), ProfileFileKind::Unrecognized);
    }

    void foldedStacks()
    {
        FoldedStatistics statistics;
        const ProfileTables profile = importFolded(readAll(fixture(QStringLiteral("folded-simple.txt"))), &statistics);
        // One row per line, standing for its count (samples and weight alike).
        QCOMPARE(profile.samples.size(), std::size_t(5));
        QCOMPARE(profile.samples.count, (std::vector<std::uint64_t>{3, 2, 4, 1, 1}));
        QCOMPARE(profile.samples.period, profile.samples.count);
        QCOMPARE(StackTree::build(profile)->totalSamples(), std::uint64_t(3 + 2 + 4 + 1 + 1));
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
        QVERIFY(looksLikeFolded("a;b 10101010\n"));
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

    void foldedCountsAreWeightsNotRows()
    {
        // What the reference prints for seconds of cpu-clock (10101010 ns per sample), and what
        // async-profiler prints for allocated bytes: far more than any count of rows.
        const std::string text = "java;alloc;bigArray 18446744073709551000\njava;alloc;small 4000000000\nidle 1\n";
        const ProfileTables profile = importFolded(text);
        QCOMPARE(profile.samples.size(), std::size_t(3));
        const StackTreePtr tree = StackTree::build(profile, {}, runlens::format::SampleWeight::EventCount);
        QCOMPARE(tree->node(*tree->find({"java", "alloc", "small"})).total, std::uint64_t(4'000'000'000));
        QCOMPARE(tree->node(*tree->find({"java", "alloc", "bigArray"})).total, std::uint64_t(18446744073709551000ull));
        FoldedOptions options;
        QCOMPARE(writeFolded(profile, options), text.substr(text.find("idle")) + text.substr(0, text.find("idle")));
    }

    void samplesWeighTheirPeriods()
    {
        // cycles in frequency mode: the kernel changes the period from sample to sample.
        const std::string text = "app 1/1 [000] 1.0: 1 cycles:\n\t1 warm (/app)\n\n"
                                 "app 1/1 [000] 1.1: 1000003 cycles:\n\t1 hot (/app)\n\n"
                                 "app 1/1 [000] 1.2: 2503 cycles:\n\t1 warm (/app)\n\n"
                                 "app 1/1 [000] 1.3: cycles:\n\t1 warm (/app)\n\n"   // no period: 1
                                 "app 1/1 [000] 1.4: 0 cycles:\n\t1 warm (/app)\n\n"; // 0: 1 as well
        const ProfileTables profile = readPerfScript(text);
        QCOMPARE(profile.samples.period, (std::vector<std::uint64_t>{1, 1000003, 2503, 1, 1}));
        QVERIFY(profile.samples.count.empty());
        const StackTreePtr bySamples = StackTree::build(profile);
        const StackTreePtr byPeriod = StackTree::build(profile, {}, runlens::format::SampleWeight::EventCount);
        QCOMPARE(bySamples->node(*bySamples->find({"warm"})).total, std::uint64_t(4));
        QCOMPARE(bySamples->node(*bySamples->find({"hot"})).total, std::uint64_t(1));
        QCOMPARE(byPeriod->node(*byPeriod->find({"warm"})).total, std::uint64_t(2506));
        QCOMPARE(byPeriod->node(*byPeriod->find({"hot"})).total, std::uint64_t(1000003));
        FoldedOptions options;
        QCOMPARE(writeFolded(profile, options), std::string("app;hot 1000003\napp;warm 2506\n"));
        options.samples = true;
        QCOMPARE(writeFolded(profile, options), std::string("app;hot 1\napp;warm 4\n"));
    }

    void eachSampleKeepsItsCommand()
    {
        // A shell script that execs: one thread, two names, as the reference counts them.
        const std::string text = "build.sh 7/7 [000] 1.0: 1 cpu-clock:\n\t1 main (/bin/dash)\n\n"
                                 "build.sh 7/7 [000] 1.1: 1 cpu-clock:\n\t1 main (/bin/dash)\n\n"
                                 "cc1 7/7 [000] 1.2: 1 cpu-clock:\n\t1 main (/usr/lib/cc1)\n\n"
                                 "worker 7/8 [001] 1.2: 1 cpu-clock:\n\t1 main (/usr/lib/cc1)\n\n";
        const ProfileTables profile = readPerfScript(text);
        QCOMPARE(profile.tasks.size(), std::size_t(3));
        QCOMPARE(profile.samples.task.size(), std::size_t(4));
        QCOMPARE(profile.tasks[profile.samples.task[0]].command, std::string("build.sh"));
        QCOMPARE(profile.tasks[profile.samples.task[2]].command, std::string("cc1"));
        QCOMPARE(profile.tasks[profile.samples.task[3]].command, std::string("worker"));
        FoldedOptions options;
        options.tid = true;
        QCOMPARE(writeFolded(profile, options), std::string("build.sh-7/7;main 2\ncc1-7/7;main 1\nworker-7/8;main 1\n"));
        // Without a rename the column is left out: the thread says which task.
        QVERIFY(readPerfScript("a1 7/7 [000] 1.0: 1 cpu-clock:\n\t1 main (/x)\n\n").samples.task.empty());
    }

    void headerForms_data()
    {
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("command");
        QTest::addColumn<uint>("pid");
        QTest::addColumn<uint>("tid");
        QTest::addColumn<QString>("event");
        QTest::addColumn<qulonglong>("period");
        const uint unknown = kUnknownPid;
        QTest::newRow("pid/tid cpu time period event") << "java 12688/12764 [002] 6544038.708352: 10309278 cpu-clock:"
                                                        << "java" << 12688u << 12764u << "cpu-clock" << 10309278ull;
        QTest::newRow("tid only, cpu") << "java 12688 [002] 6544038.708352: 235 cpu-clock:" << "java" << unknown << 12688u
                                       << "cpu-clock" << 235ull;
        QTest::newRow("tid only, no cpu") << "java 25607 4794564.109216: 1 cycles:" << "java" << unknown << 25607u << "cycles"
                                          << 1ull;
        QTest::newRow("blank in comm") << "V8 WorkerThread 24636/25607 [000] 94564.109216: 100 cycles:" << "V8 WorkerThread"
                                       << 24636u << 25607u << "cycles" << 100ull;
        QTest::newRow("no period") << "perf 5/6 [001] 1.000001: cycles:u:" << "perf" << 5u << 6u << "cycles:u" << 1ull;
        QTest::newRow("pmu event") << "perf 5/6 [001] 1.000001: 7 cpu/event=0x3c/:" << "perf" << 5u << 6u << "cpu/event=0x3c/"
                                   << 7ull;
        QTest::newRow("no time, no cpu") << "java 19983 cycles:" << "java" << unknown << 19983u << "" << 1ull;
        QTest::newRow("colon in comm") << "kworker/0:1 44/44 [003] 7.5: 250000 cpu-clock:  " << "kworker/0:1" << 44u << 44u
                                       << "cpu-clock" << 250000ull;
        QTest::newRow("tid 0") << "swapper 0/0 [000] 1.0: 1 cpu-clock:" << "swapper" << unknown << 0u << "cpu-clock" << 1ull;
        QTest::newRow("one-character comm") << "a 12 [000] 1.0: 1 cycles:" << "a 12 [000] 1.0:" << unknown << 1u << "cycles"
                                            << 1ull;
    }
    void headerForms()
    {
        QFETCH(QString, header);
        QFETCH(QString, command);
        QFETCH(uint, pid);
        QFETCH(uint, tid);
        QFETCH(QString, event);
        QFETCH(qulonglong, period);
        PerfScriptStatistics statistics;
        const std::string text = header.toStdString() + "\n\t1 main (/x)\n\n";
        QVERIFY(runlens::format::looksLikePerfScript(text));
        const ProfileTables profile = readPerfScript(text, &statistics);
        QCOMPARE(profile.samples.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(profile.tasks.at(0).command), command);
        QCOMPARE(profile.samples.pid[0], pid);
        QCOMPARE(profile.samples.tid[0], tid);
        QCOMPARE(QString::fromStdString(statistics.event), event);
        QCOMPARE(profile.samples.period[0], std::uint64_t(period));
    }

    void onlyTheFirstEventTypeIsKept()
    {
        PerfScriptStatistics statistics;
        const ProfileTables profile = readPerfScript(readAll(QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/perf-script/mixed-events.txt")),
                                                     &statistics);
        QCOMPARE(statistics.event, std::string("cycles"));
        // The event stackcollapse-perf.pl names in its message (mixed-events.stderr).
        QCOMPARE(statistics.otherEvent, std::string("instructions"));
        QVERIFY(statistics.otherEventSamples > 0);
        QCOMPARE(profile.info["other_event"].get<std::string>(), std::string("instructions"));
    }

    void detectionAcceptsPerfAndRejectsTheRest()
    {
        using runlens::format::looksLikePerfScript;
        QVERIFY(looksLikePerfScript("java 19983 cycles:\n\t7f1 foo (/x)\n\n"));
        QVERIFY(looksLikePerfScript("# ========\n# cmdline : perf record\n\nperf 1 [000] 1.0: 1 cycles:\n\tff f (m)\n"));
        QVERIFY(looksLikePerfScript("perf 1/1 [000] 1.0: 1 cycles:\n\n"));
        QVERIFY(!looksLikePerfScript("a;b;c 12\nd;e 3\n"));
        QVERIFY(!looksLikePerfScript("time,cpu,user\n0,1,2\n"));
        QVERIFY(!looksLikePerfScript("{\"run\": 1}\n"));
        QVERIFY(!looksLikePerfScript("Dec  1 18:00:01 host kernel: [ 12.5] usb 1-1: new device\nDec  1 18:00:02 host x\n"));
        QVERIFY(!looksLikePerfScript(""));
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
