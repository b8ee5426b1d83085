// runlens-rec record --profile against real processes: a known hot function, system-call-heavy
// work, a process that exits mid-run, hidden kernel symbols, and no perf_event_open permission.
#include "ArchiveReader.h"
#include "FormatError.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <bit>
#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace runlens::format;

namespace {

const QString kRecorder = QStringLiteral(RUNLENS_REC_PATH);
const QString kTarget = QStringLiteral(RUNLENS_PROF_TARGET_PATH);
const std::string kCommand = "rl_prof_target";

QStringList recordArguments(const QString& out, const QString& name, const QString& duration)
{
    return {QStringLiteral("record"), QStringLiteral("--profile"), QStringLiteral("--duration"), duration,
            QStringLiteral("--imds-endpoint"), QStringLiteral("off"), QStringLiteral("--collect"), QStringLiteral("cpu"),
            QStringLiteral("--out"), out, QStringLiteral("--name"), name, QStringLiteral("-q")};
}

// Waits until the recorder has opened its collectors (status.json exists) or has exited.
bool waitUntilRecording(QProcess& recorder, const QString& spool)
{
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 60000) {
        if (QFile::exists(spool + QStringLiteral("/status.json")))
            return true;
        if (recorder.state() == QProcess::NotRunning)
            return false;
        QThread::msleep(20);
    }
    return false;
}

bool stackHas(const ProfileTables& profile, std::uint32_t stack, const std::string& symbol)
{
    while (stack != kNoStack) {
        if (profile.frames[profile.stacks[stack].frame].symbol == symbol)
            return true;
        stack = profile.stacks[stack].parent;
    }
    return false;
}

bool stackHasKernelName(const ProfileTables& profile, std::uint32_t stack)
{
    while (stack != kNoStack) {
        const ProfileFrame& frame = profile.frames[profile.stacks[stack].frame];
        if (frame.kind == FrameKind::Kernel && frame.symbol != "[unknown]")
            return true;
        stack = profile.stacks[stack].parent;
    }
    return false;
}

struct PidShare {
    int samples = 0;
    int matching = 0;
};

PidShare share(const ProfileTables& profile, std::uint32_t pid, const std::function<bool(std::uint32_t)>& predicate)
{
    PidShare result;
    for (std::size_t row = 0; row < profile.samples.size(); ++row) {
        if (profile.samples.pid[row] != pid)
            continue;
        ++result.samples;
        result.matching += predicate(profile.samples.stack[row]) ? 1 : 0;
    }
    return result;
}

const ProfileTask* task(const ProfileTables& profile, std::uint32_t tid)
{
    for (const ProfileTask& t : profile.tasks) {
        if (t.tid == tid)
            return &t;
    }
    return nullptr;
}

} // namespace

class TestProfileRecording : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        if (::geteuid() != 0) {
            // Sampling every CPU needs CAP_PERFMON (perf_event_paranoid is 2 on Debian).
            QFile paranoid(QStringLiteral("/proc/sys/kernel/perf_event_paranoid"));
            if (paranoid.open(QIODevice::ReadOnly) && paranoid.readAll().trimmed().toInt() > 0)
                QSKIP("needs root or perf_event_paranoid <= 0 to sample every CPU");
        }
    }

    void hotFunctionKernelFramesAndAnExitedProcess()
    {
        const QString out = m_dir.path();
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        recorder.start(kRecorder, recordArguments(out, QStringLiteral("prof"), QStringLiteral("3s")));
        QVERIFY(recorder.waitForStarted());
        QVERIFY(waitUntilRecording(recorder, out + QStringLiteral("/prof.spool")));

        QProcess hot;
        QProcess syscalls;
        QProcess shortLived;
        hot.start(kTarget, {QStringLiteral("hot"), QStringLiteral("2.5")});
        syscalls.start(kTarget, {QStringLiteral("syscalls"), QStringLiteral("2.5")});
        QVERIFY(hot.waitForStarted());
        QVERIFY(syscalls.waitForStarted());
        QThread::msleep(200);
        // Starts after the sampler and exits a second before the recording ends: it is known
        // only from the exec, mmap and exit records, /proc has forgotten it by the time of the drain.
        shortLived.start(kTarget, {QStringLiteral("short"), QStringLiteral("1.5")});
        QVERIFY(shortLived.waitForStarted());
        const auto hotPid = std::uint32_t(hot.processId());
        const auto syscallPid = std::uint32_t(syscalls.processId());
        const auto shortPid = std::uint32_t(shortLived.processId());
        QVERIFY(shortLived.waitForFinished(10000));
        QCOMPARE(shortLived.exitCode(), 0);
        QVERIFY(hot.waitForFinished(10000));
        QVERIFY(syscalls.waitForFinished(10000));
        QVERIFY(recorder.waitForFinished(120000));
        QCOMPARE(recorder.exitCode(), 0);

        const RunArchive run = readRunArchive((out + QStringLiteral("/prof.tar.gz")).toStdString());
        QVERIFY(run.profile.has_value());
        const ProfileTables& profile = *run.profile;
        const nlohmann::json* entry = run.collector("profile");
        QVERIFY(entry);
        QCOMPARE((*entry)["status"].get<std::string>(), std::string("ok"));
        QVERIFY(run.group("profile"));
        QCOMPARE(profile.info["backend"].get<std::string>(), std::string("native"));
        QCOMPARE(profile.info["frequency_hz"].get<int>(), 49);
        QVERIFY(profile.info["kernel_symbols"].get<bool>());
        QVERIFY(profile.info.contains("sampler_cpu_seconds"));
        // Each CPU's ring holds half a second of deep stacks at 49 Hz (1 KiB each: RingSize.h), in a
        // power of two of pages, and no more (it was a fixed 128 pages, 512 KiB here, then two 1 s
        // intervals, 128 KiB); nothing was lost for it.
        const auto page = std::size_t(::sysconf(_SC_PAGESIZE));
        const auto ring = profile.info["ring_bytes_per_cpu"].get<std::size_t>();
        QVERIFY2(ring % page == 0 && std::has_single_bit(ring / page), qPrintable(QString::number(ring)));
        QVERIFY2(ring >= 49 * 1024 / 2 && ring / 2 < 49 * 1024 / 2, qPrintable(QString::number(ring)));
        QCOMPARE(profile.info["lost_samples"].get<std::uint64_t>(), std::uint64_t(0));

        // Times count from the run's start, like the series: inside the recording, give or take a tick.
        for (std::size_t row = 0; row < profile.samples.size(); ++row) {
            QVERIFY2(profile.samples.timeNs[row] > -1'000'000'000 && profile.samples.timeNs[row] < 6'000'000'000,
                     qPrintable(QString::number(profile.samples.timeNs[row])));
        }

        const PidShare hotShare = share(profile, hotPid, [&](std::uint32_t stack) {
            return stackHas(profile, stack, "runlens_profile_hot_function");
        });
        qInfo("hot process: %d samples, %d in runlens_profile_hot_function", hotShare.samples, hotShare.matching);
        QVERIFY2(hotShare.samples >= 5, qPrintable(QString::number(hotShare.samples)));
        QVERIFY2(hotShare.matching * 100 >= hotShare.samples * 80, qPrintable(QString::number(hotShare.matching)));
        QVERIFY(task(profile, hotPid));
        QCOMPARE(task(profile, hotPid)->command, kCommand);
        QCOMPARE(task(profile, hotPid)->pid, hotPid);

        const PidShare kernelShare = share(profile, syscallPid, [&](std::uint32_t stack) { return stackHasKernelName(profile, stack); });
        // Kernel frames sit on top of the user frames that made the call. (Not on top of
        // runlens_profile_read_zero itself: libc's read() sets up no frame, so a frame-pointer walk
        // skips its caller and continues at main.)
        const PidShare userShare = share(profile, syscallPid, [&](std::uint32_t stack) {
            return stackHasKernelName(profile, stack) && stackHas(profile, stack, "main");
        });
        qInfo("system-call process: %d samples, %d with named kernel frames, %d of them under main",
              kernelShare.samples, kernelShare.matching, userShare.matching);
        QVERIFY(kernelShare.samples >= 5);
        QVERIFY2(kernelShare.matching * 100 >= kernelShare.samples * 30, qPrintable(QString::number(kernelShare.matching)));
        QVERIFY(userShare.matching > 0);

        const PidShare shortShare = share(profile, shortPid, [&](std::uint32_t stack) {
            return stackHas(profile, stack, "runlens_profile_short_lived_function");
        });
        qInfo("exited process: %d samples, %d in runlens_profile_short_lived_function", shortShare.samples, shortShare.matching);
        // A busy machine may give it little CPU; on an idle one it has about 70 samples.
        QVERIFY(shortShare.samples >= 2);
        QVERIFY2(shortShare.matching * 100 >= shortShare.samples * 80, qPrintable(QString::number(shortShare.matching)));
        QVERIFY(task(profile, shortPid));
        QCOMPARE(task(profile, shortPid)->command, kCommand);

        // `runlens-rec info` summarises the profile.
        QProcess info;
        info.start(kRecorder, {QStringLiteral("info"), out + QStringLiteral("/prof.tar.gz")});
        QVERIFY(info.waitForFinished(60000));
        const QString text = QString::fromUtf8(info.readAllStandardOutput());
        // Samples, not rows: a format 2.0 row may stand for several.
        qulonglong samples = 0;
        for (std::size_t row = 0; row < profile.samples.size(); ++row)
            samples += profile.samples.countAt(row);
        QVERIFY2(text.contains(QStringLiteral("profile        %1 samples").arg(samples)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("symbols from kallsyms")), qPrintable(text));
    }

    void hiddenKernelSymbolsAreReported()
    {
        // What kallsyms shows an unprivileged reader with kernel.kptr_restrict=1, or anyone with 2.
        const QString kallsyms = m_dir.filePath(QStringLiteral("kallsyms-hidden"));
        const QString restrict = m_dir.filePath(QStringLiteral("kptr_restrict"));
        {
            QFile file(kallsyms);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("0000000000000000 T _stext\n0000000000000000 T do_syscall_64\n0000000000000000 t read_zero\n");
            QFile level(restrict);
            QVERIFY(level.open(QIODevice::WriteOnly));
            level.write("2\n");
        }
        const QString out = m_dir.path();
        QProcess syscalls;
        syscalls.start(kTarget, {QStringLiteral("syscalls"), QStringLiteral("2")});
        QVERIFY(syscalls.waitForStarted());
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QStringList arguments = recordArguments(out, QStringLiteral("hidden"), QStringLiteral("1s"));
        arguments << QStringLiteral("--profile-kallsyms") << kallsyms << QStringLiteral("--profile-kptr-restrict") << restrict;
        recorder.start(kRecorder, arguments);
        QVERIFY(recorder.waitForFinished(120000));
        QCOMPARE(recorder.exitCode(), 0);
        syscalls.waitForFinished(10000);

        const RunArchive run = readRunArchive((out + QStringLiteral("/hidden.tar.gz")).toStdString());
        QVERIFY(run.profile.has_value());
        QCOMPARE(run.profile->info["kernel_symbols"].get<bool>(), false);
        const QString why = QString::fromStdString(run.profile->info["kernel_symbols_reason"].get<std::string>());
        QVERIFY2(why.contains(QStringLiteral("kernel.kptr_restrict is 2")), qPrintable(why));
        // Kernel frames are still there, marked as kernel, but unnamed.
        bool sawKernel = false;
        for (const ProfileFrame& frame : run.profile->frames) {
            if (frame.kind == FrameKind::Kernel) {
                sawKernel = true;
                QCOMPARE(frame.symbol, std::string("[unknown]"));
                QCOMPARE(frame.module, std::string("[kernel.kallsyms]"));
            }
        }
        QVERIFY(sawKernel);
        const nlohmann::json* entry = run.collector("profile");
        QVERIFY(entry);
        QCOMPARE((*entry)["details"]["kernel_symbols"].get<bool>(), false);
    }

    // The rings hold half a second of samples, not an interval: between the ticks (5 s apart here)
    // the drain thread reads them whenever one is half full. Sixteen rings at 1000 Hz (eight per
    // CPU: --profile-rings-per-cpu, the load-test seam) share the 4 MiB budget, 256 KiB each,
    // which 5 s of samples would overflow several times over if only the ticks read them.
    void theDrainThreadEmptiesSmallRingsBetweenTicks()
    {
        const QString out = m_dir.path();
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QStringList arguments = recordArguments(out, QStringLiteral("drains"), QStringLiteral("6s"));
        arguments << QStringLiteral("--interval") << QStringLiteral("5s") << QStringLiteral("--profile-hz")
                  << QStringLiteral("1000") << QStringLiteral("--profile-rings-per-cpu") << QStringLiteral("8");
        recorder.start(kRecorder, arguments);
        QVERIFY(recorder.waitForFinished(120000));
        QCOMPARE(recorder.exitCode(), 0);

        const RunArchive run = readRunArchive((out + QStringLiteral("/drains.tar.gz")).toStdString());
        QVERIFY(run.profile.has_value());
        const nlohmann::json& info = run.profile->info;
        const auto cpus = info["cpus"].get<std::size_t>();
        QCOMPARE(info["rings"].get<std::size_t>(), 8 * cpus);
        const auto page = std::size_t(::sysconf(_SC_PAGESIZE));
        QCOMPARE(info["ring_bytes_per_cpu"].get<std::size_t>(), std::min<std::size_t>(std::bit_floor((std::size_t(4) << 20) / (8 * cpus * page)) * page, 512 << 10));
        const auto samples = info["samples"].get<std::uint64_t>();
        const auto lost = info["lost_samples"].get<std::uint64_t>();
        const auto drains = info["drains"].get<std::uint64_t>();
        const QString figures = QStringLiteral("samples %1, lost %2, drains %3").arg(samples).arg(lost).arg(drains);
        // About 16 rings x 1000 Hz x 6 s; the ticks alone are three drains, the final one included.
        QVERIFY2(samples > 8 * cpus * 1000, qPrintable(figures));
        QVERIFY2(drains > 6, qPrintable(figures));
        QVERIFY2(lost * 20 < samples, qPrintable(figures));
        const nlohmann::json* entry = run.collector("profile");
        QVERIFY(entry);
        // The drain thread's CPU is the collector's cost too.
        QVERIFY2((*entry)["cpu_seconds"].get<double>() >= info["sampler_cpu_seconds"].get<double>() * 0.5, qPrintable(QString::fromStdString(entry->dump())));
    }

    void withoutPermissionTheRecordingGoesOn_data()
    {
        QTest::addColumn<bool>("unprivileged");
        QTest::newRow("simulated EACCES") << false;
        QTest::newRow("unprivileged user") << true;
    }

    void withoutPermissionTheRecordingGoesOn()
    {
        QFETCH(bool, unprivileged);
        QTemporaryDir out;
        QVERIFY(out.isValid());
        const QString name = unprivileged ? QStringLiteral("nobody") : QStringLiteral("denied");
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QStringList arguments = recordArguments(out.path(), name, QStringLiteral("1s"));
        if (unprivileged) {
            if (::geteuid() != 0)
                QSKIP("needs root to drop to an unprivileged user with setpriv");
            QFile paranoid(QStringLiteral("/proc/sys/kernel/perf_event_paranoid"));
            if (!paranoid.open(QIODevice::ReadOnly) || paranoid.readAll().trimmed().toInt() < 1)
                QSKIP("perf_event_paranoid lets unprivileged users sample every CPU here");
            QVERIFY(::chmod(out.path().toLocal8Bit().constData(), 0777) == 0);
            arguments.prepend(kRecorder);
            arguments = QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups")}
                      + arguments;
            recorder.start(QStringLiteral("setpriv"), arguments);
        } else {
            arguments << QStringLiteral("--profile-simulate-error") << QStringLiteral("EACCES");
            recorder.start(kRecorder, arguments);
        }
        QVERIFY(recorder.waitForFinished(120000));
        QCOMPARE(recorder.exitCode(), 0);

        const RunArchive run = readRunArchive((out.path() + QLatin1Char('/') + name + QStringLiteral(".tar.gz")).toStdString());
        QVERIFY(!run.profile.has_value());
        // The metrics were recorded all the same.
        QVERIFY(run.group("cpu"));
        QVERIFY(run.group("cpu")->rowCount() >= 1);
        const nlohmann::json* entry = run.collector("profile");
        QVERIFY(entry);
        QCOMPARE((*entry)["status"].get<std::string>(), std::string("unavailable"));
        const QString why = QString::fromStdString((*entry)["reason"].get<std::string>());
        QVERIFY2(why.contains(QStringLiteral("perf_event_paranoid")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("the recording goes on without a profile")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("Permission denied")), qPrintable(why));
    }

    void crashedRecordingIsPackedWithItsProfile()
    {
        const QString out = m_dir.path();
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        recorder.start(kRecorder, recordArguments(out, QStringLiteral("crashed"), QStringLiteral("60s")));
        QVERIFY(recorder.waitForStarted());
        const QString spool = out + QStringLiteral("/crashed.spool");
        QVERIFY(waitUntilRecording(recorder, spool));
        QProcess hot;
        hot.start(kTarget, {QStringLiteral("hot"), QStringLiteral("2.5")});
        QVERIFY(hot.waitForStarted());
        const auto hotPid = std::uint32_t(hot.processId());
        QVERIFY(hot.waitForFinished(20000));
        // Kill only once a batch written after the hot process ended is in the journal: on a busy
        // machine the first drain (naming every program seen so far) can take seconds.
        const QString journal = spool + QStringLiteral("/profile.journal");
        const qint64 sizeAtExit = QFileInfo(journal).size();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(journal).size() > sizeAtExit, 60000);
        ::kill(pid_t(recorder.processId()), SIGKILL);
        QVERIFY(recorder.waitForFinished(10000));
        QVERIFY(QFile::exists(spool + QStringLiteral("/profile.journal")));

        QProcess pack;
        pack.start(kRecorder, {QStringLiteral("pack"), spool});
        QVERIFY(pack.waitForFinished(120000));
        QCOMPARE(pack.exitCode(), 0);
        const RunArchive run = readRunArchive((out + QStringLiteral("/crashed.tar.gz")).toStdString());
        QCOMPARE(run.manifest["end"]["reason"].get<std::string>(), std::string("recovered"));
        QVERIFY(run.profile.has_value());
        const PidShare hotShare = share(*run.profile, hotPid, [&](std::uint32_t stack) {
            return stackHas(*run.profile, stack, "runlens_profile_hot_function");
        });
        QVERIFY(hotShare.samples >= 1);
        QVERIFY(hotShare.matching * 100 >= hotShare.samples * 80);
    }

    void perfBackendImportsPerfScript_data()
    {
        // perf script's samples go to the journal in batches as they are read; a batch of 7
        // samples makes a short recording many batches, with the periods' verdict across them.
        QTest::addColumn<QString>("batch");
        QTest::newRow("default batches") << QString();
        QTest::newRow("batches of 7") << QStringLiteral("7");
    }

    void perfBackendImportsPerfScript()
    {
        QFETCH(QString, batch);
        if (QStandardPaths::findExecutable(QStringLiteral("perf")).isEmpty() && !QFile::exists(QStringLiteral("/usr/bin/perf")))
            QSKIP("perf is not installed");
        const QString out = m_dir.path() + (batch.isEmpty() ? QString() : QStringLiteral("/batch") + batch);
        QVERIFY(QDir().mkpath(out));
        QProcess recorder;
        recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        QStringList arguments = recordArguments(out, QStringLiteral("perfbackend"), QStringLiteral("3s"));
        arguments << QStringLiteral("--profile-backend") << QStringLiteral("perf");
        if (!batch.isEmpty())
            arguments << QStringLiteral("--profile-perf-batch") << batch;
        recorder.start(kRecorder, arguments);
        QVERIFY(recorder.waitForStarted());
        QVERIFY(waitUntilRecording(recorder, out + QStringLiteral("/perfbackend.spool")));
        QProcess hot;
        hot.start(kTarget, {QStringLiteral("hot"), QStringLiteral("2")});
        QVERIFY(hot.waitForStarted());
        const auto hotPid = std::uint32_t(hot.processId());
        QVERIFY(hot.waitForFinished(20000));
        QVERIFY(recorder.waitForFinished(120000));
        QCOMPARE(recorder.exitCode(), 0);

        const RunArchive run = readRunArchive((out + QStringLiteral("/perfbackend.tar.gz")).toStdString());
        const nlohmann::json* entry = run.collector("profile");
        QVERIFY(entry);
        QVERIFY2((*entry)["status"].get<std::string>() == "ok", entry->dump().c_str());
        QVERIFY(run.profile.has_value());
        QCOMPARE(run.profile->info["backend"].get<std::string>(), std::string("perf"));
        QVERIFY(run.profile->info["sampler_cpu_seconds"].get<double>() > 0);
        // Every sample perf script printed reached the archive, whatever the batches.
        std::uint64_t archived = 0;
        for (std::size_t row = 0; row < run.profile->samples.size(); ++row)
            archived += run.profile->samples.countAt(row);
        QCOMPARE(archived, run.profile->info["samples"].get<std::uint64_t>());
        // The event perf sampled, read from its headers: cpu-clock without a PMU (here), whose
        // fixed period leaves sample counts; cycles on a PMU, whose periods the archive keeps.
        const std::string event = run.profile->info["event"].get<std::string>();
        qInfo("perf backend: event %s, %zu periods", event.c_str(), run.profile->samples.period.size());
        if (event.starts_with("cpu-clock"))
            QVERIFY(run.profile->samples.period.empty());
        else
            QCOMPARE(run.profile->samples.period.size(), run.profile->samples.size());
        const PidShare hotShare = share(*run.profile, hotPid, [&](std::uint32_t stack) {
            return stackHas(*run.profile, stack, "runlens_profile_hot_function");
        });
        qInfo("perf backend: %zu samples, hot process %d, %d in runlens_profile_hot_function", run.profile->samples.size(),
              hotShare.samples, hotShare.matching);
        QVERIFY(hotShare.samples >= 5);
        QVERIFY(hotShare.matching * 100 >= hotShare.samples * 80);
        QVERIFY(task(*run.profile, hotPid));
        QCOMPARE(task(*run.profile, hotPid)->command, kCommand);
        // Times count from the run's start and end with it: perf is stopped at the end, which on a
        // loaded machine takes a while, hence the margin. A sample of a thread perf did not know
        // (":-1 PID/-1") once came out at the clock's zero, some 84,000 s before the run.
        const auto endNs = run.manifest["end"]["elapsed_ns"].get<std::int64_t>();
        for (std::size_t row = 0; row < run.profile->samples.size(); ++row) {
            const std::int64_t time = run.profile->samples.timeNs[row];
            QVERIFY2(time > -1'000'000'000 && time <= endNs + 5'000'000'000,
                     qPrintable(QStringLiteral("sample %1 at %2 ns, the run ended at %3 ns").arg(row).arg(time).arg(endNs)));
        }
    }

    void profileHzNeedsProfile()
    {
        QProcess recorder;
        recorder.start(kRecorder, {QStringLiteral("record"), QStringLiteral("--profile-hz"), QStringLiteral("99"),
                                   QStringLiteral("--duration"), QStringLiteral("1s"), QStringLiteral("--out"), m_dir.path()});
        QVERIFY(recorder.waitForFinished(60000));
        QVERIFY(recorder.exitCode() != 0);
        QVERIFY(QString::fromUtf8(recorder.readAllStandardError()).contains(QStringLiteral("--profile")));
    }
};

QTEST_GUILESS_MAIN(TestProfileRecording)
#include "tst_profile_recording.moc"
