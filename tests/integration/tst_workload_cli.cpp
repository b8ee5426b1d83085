// `runlens-rec record -- COMMAND`: the workload as a real child process of the real recorder, its
// output turned into metrics, and the real benchmarks Debian ships (sysbench, fio, pgbench) read by
// their presets while they run.
#include "ArchiveReader.h"
#include "FinishedProcess.h"
#include "MetricDescriptor.h"
#include "RunArchive.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <cmath>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace runlens::format;

namespace {

const QString kRecorder = QStringLiteral(RUNLENS_REC_PATH);

Finished finish(QProcess& process)
{
    return runToEnd(process, 120000); // the real benchmarks run for seconds each
}

QStringList recordArguments(const QString& out, const QString& name, const QStringList& extra)
{
    return QStringList{QStringLiteral("record"), QStringLiteral("--out"), out, QStringLiteral("--name"), name,
                       QStringLiteral("--interval"), QStringLiteral("200ms"), QStringLiteral("--imds-endpoint"),
                       QStringLiteral("off"), QStringLiteral("--collect"), QStringLiteral("cpu,mem")}
         + extra;
}

Finished record(const QString& out, const QString& name, const QStringList& extra)
{
    QProcess process;
    process.start(kRecorder, recordArguments(out, name, extra));
    return finish(process);
}

RunArchive readArchive(const QString& path)
{
    return readRunArchive(path.toStdString());
}

std::vector<double> valuesOf(const RunArchive& run, const char* metric)
{
    std::vector<double> values;
    const SeriesTable* group = run.group("workload");
    if (!group)
        return values;
    const int column = group->find(metric, "");
    if (column < 0)
        return values;
    for (double value : group->columns[std::size_t(column)]) {
        if (!std::isnan(value))
            values.push_back(value);
    }
    return values;
}

const MetricDescriptor* descriptorOf(const RunArchive& run, const std::string& id)
{
    for (const MetricDescriptor& descriptor : run.metrics) {
        if (descriptor.id == id)
            return &descriptor;
    }
    return nullptr;
}

// A TCP port nobody listens on right now, for the test's PostgreSQL server.
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

QString lastLine(const QString& text)
{
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.last();
}

// Waits until the recorder has written its status with at least one sample.
bool waitForRecording(const QString& out, const QString& name)
{
    const QString statusFile = out + QLatin1Char('/') + name + QStringLiteral(".spool/status.json");
    for (int attempt = 0; attempt < 400; ++attempt) {
        QFile file(statusFile);
        if (file.open(QIODevice::ReadOnly) && file.readAll().contains("\"samples\":"))
            return true;
        QTest::qWait(25);
    }
    return false;
}

} // namespace

class TestWorkloadCli : public QObject
{
    Q_OBJECT

private slots:
    void exitStatusAndOutputArePassedOn()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("status3"),
                                       {QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                                        QStringLiteral("echo to-stdout; echo to-stderr >&2; exit 3")});
        QCOMPARE(result.exitCode, 3);
        QVERIFY(result.out.startsWith(QStringLiteral("to-stdout\n")));
        QVERIFY(result.err.contains(QStringLiteral("to-stderr\n")));
        QVERIFY(result.err.contains(QStringLiteral("the command exited with status 3")));
        const QString archive = lastLine(result.out);
        QCOMPARE(archive, out.filePath(QStringLiteral("status3.tar.gz")));
        const RunArchive run = readArchive(archive);
        const auto& workload = run.manifest.at("workload");
        QCOMPARE(workload.at("exit_status").get<int>(), 3);
        QVERIFY(workload.at("signal").is_null());
        QCOMPARE(workload.at("command").size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(workload.at("command")[2].get<std::string>()),
                 QStringLiteral("echo to-stdout; echo to-stderr >&2; exit 3"));
        // Started after the first sample, ended before the last: the run covers the command.
        const std::int64_t started = workload.at("started_ns").get<std::int64_t>();
        const std::int64_t ended = workload.at("ended_ns").get<std::int64_t>();
        QVERIFY(started > 0 && ended >= started);
        QVERIFY(run.manifest.at("end").at("elapsed_ns").get<std::int64_t>() >= ended);
        QCOMPARE(QString::fromStdString(run.manifest.at("end").at("reason").get<std::string>()), QStringLiteral("command"));
        QCOMPARE(QByteArray::fromStdString(run.attachments.at("workload/output.txt")), QByteArray("to-stdout\nto-stderr\n"));
        QCOMPARE(QString::fromStdString(run.manifest.at("format_version").get<std::string>()), QStringLiteral("2.0"));

        QProcess info;
        info.start(kRecorder, {QStringLiteral("info"), archive});
        const Finished printed = finish(info);
        QVERIFY2(printed.out.contains(QStringLiteral("workload       sh -c echo to-stdout; echo to-stderr >&2; exit 3\n"
                                                     "  ended        with status 3\n"
                                                     "  matched      0 of 2 output lines\n")),
                 qPrintable(printed.out));
    }

    void aCommandKilledByASignalGivesTheShellsStatus()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("killed"),
                                       {QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("kill -TERM $$")});
        QCOMPARE(result.exitCode, 128 + SIGTERM);
        const RunArchive run = readArchive(lastLine(result.out));
        QCOMPARE(QString::fromStdString(run.manifest.at("workload").at("signal").get<std::string>()), QStringLiteral("SIGTERM"));
        QVERIFY(run.manifest.at("workload").at("exit_status").is_null());
    }

    // The app stops a remote recording with kill -INT on the recorder: the command must hear it,
    // end as it wants (here: print and exit 5), and the archive must say who stopped it.
    void sigintIsForwardedAndTheRecordingWaitsForTheCommand()
    {
        QTemporaryDir out;
        QProcess process;
        process.start(kRecorder, recordArguments(out.path(), QStringLiteral("forwarded"),
                                                 {QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                                                  QStringLiteral("trap 'echo got-int; exit 5' INT; echo ready; "
                                                                 "while :; do sleep 0.05; done")}));
        QVERIFY(process.waitForStarted());
        // The shell has set its trap once it says "ready" (passed through by the recorder).
        QByteArray printed;
        for (int attempt = 0; attempt < 400 && !printed.contains("ready\n"); ++attempt) {
            process.waitForReadyRead(25);
            printed += process.readAllStandardOutput();
        }
        QVERIFY(printed.startsWith("ready\n"));
        ::kill(pid_t(process.processId()), SIGINT);
        Finished result = finish(process);
        result.out.prepend(QString::fromUtf8(printed));
        QCOMPARE(result.exitCode, 5);
        QVERIFY2(result.err.contains(QStringLiteral("SIGINT passed on to the command")), qPrintable(result.err));
        const RunArchive run = readArchive(out.filePath(QStringLiteral("forwarded.tar.gz")));
        QCOMPARE(QString::fromStdString(run.manifest.at("end").at("reason").get<std::string>()), QStringLiteral("sigint"));
        QCOMPARE(run.manifest.at("workload").at("exit_status").get<int>(), 5);
        QVERIFY(run.attachments.at("workload/output.txt").find("got-int\n") != std::string::npos);
    }

    void theDurationEndsACommandThatRunsLonger()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("capped"),
                                       {QStringLiteral("--duration"), QStringLiteral("1s"), QStringLiteral("--"), QStringLiteral("sleep"),
                                        QStringLiteral("60")});
        QCOMPARE(result.exitCode, 128 + SIGTERM);
        const RunArchive run = readArchive(out.filePath(QStringLiteral("capped.tar.gz")));
        QCOMPARE(QString::fromStdString(run.manifest.at("workload").at("stopped_by_recorder").get<std::string>()),
                 QStringLiteral("the recording's --duration ended"));
        QCOMPARE(QString::fromStdString(run.manifest.at("workload").at("signal").get<std::string>()), QStringLiteral("SIGTERM"));
        QCOMPARE(QString::fromStdString(run.manifest.at("end").at("reason").get<std::string>()), QStringLiteral("duration"));
    }

    void outputKeptIsTheLastMebibyte()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("chatty"),
                                       {QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                                        QStringLiteral("head -c 3145728 /dev/zero | tr '\\000' a; echo; echo END")});
        QCOMPARE(result.exitCode, 0);
        const RunArchive run = readArchive(out.filePath(QStringLiteral("chatty.tar.gz")));
        const std::string& kept = run.attachments.at("workload/output.txt");
        QCOMPARE(kept.size(), std::size_t(1024 * 1024));
        QVERIFY(kept.ends_with("aaa\nEND\n"));
        QCOMPARE(run.manifest.at("workload").at("output_bytes").get<std::uint64_t>(), std::uint64_t(3145728 + 1 + 4));
        QCOMPARE(run.manifest.at("workload").at("output_kept_bytes").get<std::uint64_t>(), std::uint64_t(1024 * 1024));
        // The 3 MiB line was too long to match anything, and said so.
        QCOMPARE(run.manifest.at("workload").at("overlong_lines").get<int>(), 1);
    }

    void aMissingCommandRecordsNothing()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("missing"),
                                       {QStringLiteral("--"), QStringLiteral("no-such-benchmark-xyz"), QStringLiteral("--fast")});
        QCOMPARE(result.exitCode, 127);
        QVERIFY2(result.err.contains(QStringLiteral("cannot run no-such-benchmark-xyz: there is no such command in PATH. "
                                                    "Nothing was recorded.")),
                 qPrintable(result.err));
        QVERIFY(result.out.isEmpty());
        QVERIFY(QDir(out.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden).isEmpty());

        // A file that is not executable is refused before anything starts; one that is marked
        // executable but is not a program fails when started, and leaves nothing behind either.
        QTemporaryDir programs;
        const QString text = programs.filePath(QStringLiteral("notes.txt"));
        const QString garbage = programs.filePath(QStringLiteral("garbage"));
        for (const QString& path : {text, garbage}) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("\x7f\x01\x02 not a program");
        }
        QVERIFY(QFile::setPermissions(garbage, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const Finished notExecutable = record(out.path(), QStringLiteral("missing"), {QStringLiteral("--"), text});
        QCOMPARE(notExecutable.exitCode, 127);
        QVERIFY2(notExecutable.err.contains(QStringLiteral("it is not an executable file")), qPrintable(notExecutable.err));
        const Finished notAProgram = record(out.path(), QStringLiteral("missing"), {QStringLiteral("--"), garbage});
        QCOMPARE(notAProgram.exitCode, 127);
        QVERIFY2(notAProgram.err.contains(QStringLiteral("cannot start ") + garbage + QStringLiteral(": Exec format error. Nothing was recorded.")),
                 qPrintable(notAProgram.err));
        QVERIFY(notAProgram.out.isEmpty());
        QVERIFY(QDir(out.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden).isEmpty());
    }

    void badWorkloadOptionsAreExplained()
    {
        QTemporaryDir out;
        const Finished noWorkload = record(out.path(), QStringLiteral("x"), {QStringLiteral("--workload-metric"), QStringLiteral("tps=tps ([0-9]+)")});
        QCOMPARE(noWorkload.exitCode, 2);
        QVERIFY(noWorkload.err.contains(QStringLiteral("workload metrics need a workload")));
        const Finished badRule = record(out.path(), QStringLiteral("x"), {QStringLiteral("--workload-metric"), QStringLiteral("tps=tps [0-9]+"),
                                                                          QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(badRule.exitCode, 2);
        QVERIFY(badRule.err.contains(QStringLiteral("has no capture group")));
        // PCRE2's own sentence and where in the pattern it applies.
        const Finished badRegex = record(out.path(), QStringLiteral("x"), {QStringLiteral("--workload-metric"), QStringLiteral("tps=tps: ([0-9.]+"),
                                                                           QStringLiteral("--"), QStringLiteral("true")});
        QCOMPARE(badRegex.exitCode, 2);
        QVERIFY2(badRegex.err.contains(QStringLiteral("is not valid (missing closing parenthesis at offset 13)")), qPrintable(badRegex.err));
        const Finished badPreset = record(out.path(), QStringLiteral("x"), {QStringLiteral("--workload-preset"), QStringLiteral("ab"),
                                                                            QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY(badPreset.exitCode != 0);
        QVERIFY(badPreset.err.contains(QStringLiteral("sysbench")));
        const Finished nothingAfter = record(out.path(), QStringLiteral("x"), {QStringLiteral("--")});
        QCOMPARE(nothingAfter.exitCode, 2);
        QVERIFY(nothingAfter.err.contains(QStringLiteral("nothing follows --")));
        QVERIFY(QDir(out.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden).isEmpty());
    }

    void outputLinesBecomeValuesStampedOnArrival()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("ops"),
                                       {QStringLiteral("--workload-metric"), QStringLiteral("ops:ops/s=ops: ([0-9]+)"),
                                        QStringLiteral("--workload-result"), QStringLiteral("total=^total ([0-9.]+k)"),
                                        QStringLiteral("--"), QStringLiteral("sh"), QStringLiteral("-c"),
                                        QStringLiteral("for i in 1 2 3; do echo \"ops: ${i}00\"; sleep 0.3; done; echo 'total 1.5k'")});
        QCOMPARE(result.exitCode, 0);
        const RunArchive run = readArchive(out.filePath(QStringLiteral("ops.tar.gz")));
        QCOMPARE(valuesOf(run, "workload.ops"), (std::vector<double>{100, 200, 300}));
        QCOMPARE(valuesOf(run, "workload.total"), (std::vector<double>{1500}));
        const SeriesTable* group = run.group("workload");
        QVERIFY(group);
        // Stamped when the lines came, about 0.3 s apart, not on the 200 ms grid of the samples.
        const int column = group->find("workload.ops", "");
        std::vector<std::int64_t> stamps;
        for (std::size_t row = 0; row < group->rowCount(); ++row) {
            if (!std::isnan(group->columns[std::size_t(column)][row]))
                stamps.push_back(group->timestampsNs[row]);
        }
        QCOMPARE(stamps.size(), std::size_t(3));
        QVERIFY(stamps[1] - stamps[0] >= 250'000'000 && stamps[2] - stamps[1] >= 250'000'000);
        QVERIFY(stamps[0] >= run.manifest.at("workload").at("started_ns").get<std::int64_t>());
        const MetricDescriptor* ops = descriptorOf(run, "workload.ops");
        QVERIFY(ops);
        QCOMPARE(QString::fromStdString(ops->category), QStringLiteral("Workload"));
        QVERIFY(ops->better == BetterDirection::Higher);
        QVERIFY(ops->scope == MetricScope::Series);
        QVERIFY(descriptorOf(run, "workload.total")->scope == MetricScope::Run);
        QCOMPARE(run.manifest.at("workload").at("matched_lines").get<int>(), 4);
    }

    void aFollowedLogFileGivesValuesToo()
    {
        QTemporaryDir out;
        const QString log = out.filePath(QStringLiteral("service.log"));
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("rps 999\n"); // history: written before the recording
        file.flush();
        QProcess process;
        process.start(kRecorder, recordArguments(out.path(), QStringLiteral("followed"),
                                                 {QStringLiteral("--duration"), QStringLiteral("2s"), QStringLiteral("--follow"), log,
                                                  QStringLiteral("--workload-metric"), QStringLiteral("rps:req/s=^rps ([0-9]+)")}));
        QVERIFY(process.waitForStarted());
        QVERIFY(waitForRecording(out.path(), QStringLiteral("followed")));
        for (int value : {10, 20, 30}) {
            file.write("rps " + QByteArray::number(value) + "\n");
            file.flush();
            QTest::qWait(150);
        }
        const Finished result = finish(process);
        QCOMPARE(result.exitCode, 0);
        const RunArchive run = readArchive(out.filePath(QStringLiteral("followed.tar.gz")));
        QCOMPARE(valuesOf(run, "workload.rps"), (std::vector<double>{10, 20, 30}));
        QCOMPARE(QString::fromStdString(run.manifest.at("workload").at("follow").get<std::string>()), log);
        QVERIFY(!run.attachments.contains("workload/output.txt")); // no command, no output of its own
        QCOMPARE(QString::fromStdString(run.manifest.at("end").at("reason").get<std::string>()), QStringLiteral("duration"));
    }

    // The real benchmarks, as users run them, read by their presets while they run.
    void sysbenchPreset()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("sysbench"),
                                       {QStringLiteral("--workload-preset"), QStringLiteral("sysbench"), QStringLiteral("--"),
                                        QStringLiteral("sysbench"), QStringLiteral("cpu"), QStringLiteral("--threads=1"),
                                        QStringLiteral("--time=3"), QStringLiteral("--report-interval=1"), QStringLiteral("run")});
        QCOMPARE(result.exitCode, 0);
        const RunArchive run = readArchive(lastLine(result.out));
        const std::vector<double> eps = valuesOf(run, "workload.eps");
        QVERIFY2(eps.size() >= 2, qPrintable(result.out));
        const std::vector<double> total = valuesOf(run, "workload.final_eps");
        QCOMPARE(total.size(), std::size_t(1));
        for (double value : eps)
            QVERIFY(value > 0);
        // The run's events per second lie within what the intervals saw.
        QVERIFY(total[0] >= *std::min_element(eps.begin(), eps.end()) * 0.5);
        QVERIFY(total[0] <= *std::max_element(eps.begin(), eps.end()) * 1.5);
        QCOMPARE(valuesOf(run, "workload.latency").size(), eps.size());
    }

    void fioPreset()
    {
        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("fio"),
                                       {QStringLiteral("--workload-preset"), QStringLiteral("fio"), QStringLiteral("--"),
                                        QStringLiteral("fio"), QStringLiteral("--name=job"), QStringLiteral("--rw=randread"),
                                        QStringLiteral("--size=8m"), QStringLiteral("--bs=4k"), QStringLiteral("--runtime=3"),
                                        QStringLiteral("--time_based"), QStringLiteral("--status-interval=1"),
                                        QStringLiteral("--ioengine=psync"), QStringLiteral("--filename=") + out.filePath(QStringLiteral("fio.dat"))});
        QCOMPARE(result.exitCode, 0);
        const RunArchive run = readArchive(lastLine(result.out));
        const std::vector<double> iops = valuesOf(run, "workload.read_iops");
        QVERIFY2(iops.size() >= 2, qPrintable(result.out));
        const std::vector<double> bandwidth = valuesOf(run, "workload.read_bw");
        QCOMPARE(bandwidth.size(), iops.size());
        // 4 KiB blocks: bandwidth = IOPS × 4096, within fio's three significant digits.
        for (std::size_t i = 0; i < iops.size(); ++i)
            QVERIFY2(std::abs(bandwidth[i] / (iops[i] * 4096) - 1) < 0.02, qPrintable(QString::number(bandwidth[i] / (iops[i] * 4096))));
        QVERIFY(valuesOf(run, "workload.write_iops").empty());
    }

    void pgbenchPreset()
    {
        // A throwaway PostgreSQL 15 cluster, run as the postgres user (it refuses root).
        const QString bin = QStringLiteral("/usr/lib/postgresql/15/bin/");
        QVERIFY2(QFile::exists(bin + QStringLiteral("pgbench")), "postgresql-15 is not installed (.ci/debian-packages)");
        const passwd* postgres = getpwnam("postgres");
        QVERIFY2(postgres, "there is no postgres user");
        QTemporaryDir base(QStringLiteral("/tmp/rl-pgbench-XXXXXX"));
        QVERIFY(::chown(base.path().toUtf8().constData(), postgres->pw_uid, postgres->pw_gid) == 0);
        const QString port = QString::number(freePort());
        QVERIFY(port != QStringLiteral("0"));
        const QString data = base.filePath(QStringLiteral("data"));
        const auto asPostgres = [&](const QStringList& command) {
            QProcess process;
            process.start(QStringLiteral("runuser"), QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--")} + command);
            return finish(process);
        };
        QCOMPARE(asPostgres({bin + QStringLiteral("initdb"), QStringLiteral("-D"), data, QStringLiteral("-A"), QStringLiteral("trust")}).exitCode, 0);
        const Finished started = asPostgres({bin + QStringLiteral("pg_ctl"), QStringLiteral("-D"), data, QStringLiteral("-w"), QStringLiteral("-l"),
                                             base.filePath(QStringLiteral("log")), QStringLiteral("-o"),
                                             QStringLiteral("-p %1 -k %2 -c listen_addresses=''").arg(port, base.path()), QStringLiteral("start")});
        QCOMPARE(started.exitCode, 0);
        const auto stopServer = qScopeGuard([&] {
            asPostgres({bin + QStringLiteral("pg_ctl"), QStringLiteral("-D"), data, QStringLiteral("-m"), QStringLiteral("immediate"), QStringLiteral("stop")});
        });
        const QStringList connection{QStringLiteral("-h"), base.path(), QStringLiteral("-p"), port};
        QCOMPARE(asPostgres(QStringList{bin + QStringLiteral("pgbench"), QStringLiteral("-i"), QStringLiteral("-s"), QStringLiteral("1")} + connection
                            + QStringList{QStringLiteral("postgres")}).exitCode, 0);

        QTemporaryDir out;
        const Finished result = record(out.path(), QStringLiteral("pgbench"),
                                       QStringList{QStringLiteral("--workload-preset"), QStringLiteral("pgbench"), QStringLiteral("--"),
                                                   QStringLiteral("runuser"), QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"),
                                                   bin + QStringLiteral("pgbench"), QStringLiteral("-T"), QStringLiteral("3"), QStringLiteral("-P"),
                                                   QStringLiteral("1"), QStringLiteral("-c"), QStringLiteral("2")}
                                           + connection + QStringList{QStringLiteral("postgres")});
        QCOMPARE(result.exitCode, 0);
        const RunArchive run = readArchive(lastLine(result.out));
        const std::vector<double> tps = valuesOf(run, "workload.tps");
        QVERIFY2(tps.size() >= 2, qPrintable(result.err));
        const std::vector<double> total = valuesOf(run, "workload.final_tps");
        QCOMPARE(total.size(), std::size_t(1));
        QVERIFY(total[0] > 0);
        QCOMPARE(valuesOf(run, "workload.latency").size(), tps.size());
        QVERIFY(descriptorOf(run, "workload.final_tps")->scope == MetricScope::Run);
    }
};

QTEST_GUILESS_MAIN(TestWorkloadCli)
#include "tst_workload_cli.moc"
