// The process collector against synthetic /proc trees (exact values) and this machine's /proc.
#include "CollectorHarness.h"
#include "Emulation.h"
#include "ProcessCollector.h"

#include <QElapsedTimer>
#include <QTest>

#include <cmath>
#include <csignal>
#include <ctime>
#include <sys/wait.h>
#include <unistd.h>

using runlens::collect::ProcessCollector;

namespace {

double ticksPerSecond()
{
    return double(::sysconf(_SC_CLK_TCK));
}

double pageSize()
{
    return double(::sysconf(_SC_PAGESIZE));
}

// A /proc/PID/stat line as the kernel prints it, with the fields the collector reads set.
QByteArray statLine(int pid, const QByteArray& comm, quint64 utime, quint64 stime, quint64 threads = 1,
    quint64 startTime = 1000, qint64 rssPages = 100)
{
    const QByteArray p = QByteArray::number(pid);
    return p + " (" + comm + ") S 1 " + p + " " + p + " 0 -1 4194560 100 0 0 0 " + QByteArray::number(utime) + " "
        + QByteArray::number(stime) + " 0 0 -2 0 " + QByteArray::number(threads) + " 0 " + QByteArray::number(startTime)
        + " 12345678 " + QByteArray::number(rssPages) + " 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
}

QString statPath(int pid)
{
    return QStringLiteral("proc/%1/stat").arg(pid);
}

// Burns CPU in this thread for about the given time, so that the test process has ticks to show.
void burnCpu(double seconds)
{
    timespec start {};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start);
    volatile double sink = 0;
    for (;;) {
        for (int i = 0; i < 100000; ++i)
            sink = sink + std::sqrt(double(i));
        timespec now {};
        ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
        if (double(now.tv_sec - start.tv_sec) + double(now.tv_nsec - start.tv_nsec) * 1e-9 >= seconds)
            break;
    }
}

} // namespace

class TestProcessCollector : public QObject {
    Q_OBJECT

private slots:
    void parseStatWithAwkwardComm()
    {
        ProcessCollector::Stat stat;
        const QByteArray line = statLine(4242, "evil) name (x) S 1", 17, 4, 3, 777, 55);
        QVERIFY(ProcessCollector::parseStat(std::string_view(line.constData(), std::size_t(line.size())), stat));
        QCOMPARE(stat.pid, 4242);
        QCOMPARE(QByteArray(stat.comm.data(), qsizetype(stat.comm.size())), QByteArray("evil) name (x) S 1"));
        QCOMPARE(stat.utimeTicks, quint64(17));
        QCOMPARE(stat.stimeTicks, quint64(4));
        QCOMPARE(stat.threads, quint64(3));
        QCOMPARE(stat.startTimeTicks, quint64(777));
        QCOMPARE(stat.rssPages, qint64(55));

        const QByteArray empty = statLine(7, "", 1, 2);
        QVERIFY(ProcessCollector::parseStat(std::string_view(empty.constData(), std::size_t(empty.size())), stat));
        QVERIFY(stat.comm.empty());
        QCOMPARE(stat.utimeTicks, quint64(1));
    }

    void parseStatRejectsGarbage()
    {
        ProcessCollector::Stat stat;
        for (const char* text : { "", "12", "12 (x", "x (a) S 1 2 3", "12 (a) S 1 2 3 4 5 6 7 8 9 10 11",
                 "(a) S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23" }) {
            QVERIFY2(!ProcessCollector::parseStat(text, stat), text);
        }
    }

    void capturedStatFiles()
    {
        CollectorHarness h;
        for (const char* pid : { "1", "4", "6" })
            h.copyFixture(QStringLiteral("proc/processes/%1/stat").arg(QLatin1String(pid)),
                QStringLiteral("proc/%1/stat").arg(QLatin1String(pid)));
        ProcessCollector collector(16, 99999);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);
        QCOMPARE(h.value("proc.count"), 3.0);
        QCOMPARE(h.value("proc.threads_total"), 13.0);
        // The first sample has no interval: no CPU %, but the processes that used the most CPU so
        // far are shown with their memory and threads.
        QVERIFY(std::isnan(h.value("proc.cpu_user", "1/process_api")));
        QCOMPARE(h.value("proc.rss", "1/process_api"), 2311 * pageSize());
        QCOMPARE(h.value("proc.threads", "1/process_api"), 11.0);
        QCOMPARE(h.value("proc.threads", "4/kworker/R-rcu_gp"), 1.0);
        QCOMPARE(h.value("proc.rss", "6/kworker/R-kvfree_rcu_reclaim"), 0.0);

        h.write(QStringLiteral("proc/1/stat"),
            statLine(1, "process_api", 45 + quint64(ticksPerSecond()), 87, 11, 14, 2311));
        h.sample(collector, 1.0);
        COMPARE_NEAR(h.value("proc.cpu_user", "1/process_api"), 100.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu_system", "1/process_api"), 0.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu", "1/process_api"), 100.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu", "4/kworker/R-rcu_gp"), 0.0, 1e-9);
    }

    void commWithSpacesAndParenthesis()
    {
        CollectorHarness h;
        h.write(statPath(321), statLine(321, "my (weird)) proc", 10, 10));
        // A comm set with prctl can hold a newline and bytes that are not UTF-8.
        h.write(statPath(322), statLine(322, "bad\nname\xff", 5, 5));
        ProcessCollector collector(16, 99999);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);
        QVERIFY(h.has("proc.cpu", "321/my (weird)) proc"));
        QCOMPARE(h.value("proc.threads", "321/my (weird)) proc"), 1.0);
        QVERIFY(h.has("proc.cpu", "322/bad?name\xef\xbf\xbd"));
    }

    void cpuPercentFromTwoSamples()
    {
        const double hz = ticksPerSecond();
        CollectorHarness h;
        h.write(statPath(500), statLine(500, "worker", 1000, 300, 7, 4000, 2000));
        ProcessCollector collector(16, 99999);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);
        QVERIFY(std::isnan(h.value("proc.cpu", "500/worker")));

        // 2 s later: 3 s of user time (150 % of one CPU: two threads busy) and 0.5 s of system time.
        h.write(statPath(500), statLine(500, "worker", 1000 + quint64(3 * hz), 300 + quint64(0.5 * hz), 8, 4000, 3000));
        h.sample(collector, 2.0);
        COMPARE_NEAR(h.value("proc.cpu_user", "500/worker"), 150.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu_system", "500/worker"), 25.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu", "500/worker"), 175.0, 1e-9);
        QCOMPARE(h.value("proc.rss", "500/worker"), 3000 * pageSize());
        QCOMPARE(h.value("proc.threads", "500/worker"), 8.0);
        QCOMPARE(h.value("proc.count"), 1.0);
        QCOMPARE(h.value("proc.threads_total"), 8.0);
    }

    void topProcessesAndSelf()
    {
        const double hz = ticksPerSecond();
        CollectorHarness h;
        // Ten processes; pid 100+i uses i ticks per second. Pid 42 (the "recorder") uses nothing.
        for (int i = 0; i < 10; ++i)
            h.write(statPath(100 + i), statLine(100 + i, "p" + QByteArray::number(i), 0, 0));
        h.write(statPath(42), statLine(42, "runlens-rec", 0, 0));
        ProcessCollector collector(3, 42);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);

        for (int i = 0; i < 10; ++i)
            h.write(statPath(100 + i), statLine(100 + i, "p" + QByteArray::number(i), quint64(i * hz / 10), 0));
        h.sample(collector, 1.0);
        for (int i = 7; i < 10; ++i) {
            const QByteArray instance = QByteArray::number(100 + i) + "/p" + QByteArray::number(i);
            COMPARE_NEAR(h.value("proc.cpu", instance.constData()), i * 10.0, 1e-9);
        }
        COMPARE_NEAR(h.value("proc.cpu", "42/runlens-rec"), 0.0, 1e-9);
        QCOMPARE(h.value("proc.threads", "42/runlens-rec"), 1.0);
        for (int i = 0; i < 7; ++i) {
            const QByteArray instance = QByteArray::number(100 + i) + "/p" + QByteArray::number(i);
            if (h.has("proc.cpu", instance.constData()))
                QVERIFY2(std::isnan(h.value("proc.cpu", instance.constData())), instance.constData());
        }
        QCOMPARE(h.value("proc.count"), 11.0);

        // Next interval the order turns around: p0..p2 are the busiest now; p9 goes back to NaN.
        for (int i = 0; i < 10; ++i)
            h.write(statPath(100 + i),
                statLine(100 + i, "p" + QByteArray::number(i), quint64(i * hz / 10) + quint64((10 - i) * hz / 10), 0));
        h.sample(collector, 1.0);
        COMPARE_NEAR(h.value("proc.cpu", "100/p0"), 100.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu", "101/p1"), 90.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu", "102/p2"), 80.0, 1e-9);
        QVERIFY(std::isnan(h.value("proc.cpu", "109/p9")));
        QVERIFY(std::isnan(h.value("proc.rss", "109/p9")));
        QVERIFY(!std::isnan(h.value("proc.rss", "42/runlens-rec")));
        QCOMPARE(collector.details().value("top", 0), 3);
        QCOMPARE(collector.details().value("self_pid", 0), 42);
    }

    void processExitsAndAppears()
    {
        const double hz = ticksPerSecond();
        CollectorHarness h;
        h.write(statPath(10), statLine(10, "stays", 0, 0, 2));
        h.write(statPath(20), statLine(20, "leaves", 0, 0, 3));
        ProcessCollector collector(16, 99999);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);
        QCOMPARE(h.value("proc.count"), 2.0);
        QCOMPARE(h.value("proc.threads", "20/leaves"), 3.0);

        QVERIFY(QDir(h.root() + QStringLiteral("/proc/20")).removeRecursively());
        // Listed but gone before its stat file is read: skipped, not an error.
        QVERIFY(QDir(h.root()).mkpath(QStringLiteral("proc/30")));
        // Started during the interval: all of its CPU time belongs to the interval.
        h.write(statPath(40), statLine(40, "newcomer", quint64(hz / 2), quint64(hz / 4), 4));
        h.write(statPath(10), statLine(10, "stays", quint64(hz), 0, 2));
        h.sample(collector, 1.0);
        QCOMPARE(h.value("proc.count"), 2.0);
        QCOMPARE(h.value("proc.threads_total"), 6.0);
        QVERIFY(std::isnan(h.value("proc.threads", "20/leaves")));
        QVERIFY(std::isnan(h.value("proc.cpu", "20/leaves")));
        COMPARE_NEAR(h.value("proc.cpu", "10/stays"), 100.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu_user", "40/newcomer"), 50.0, 1e-9);
        COMPARE_NEAR(h.value("proc.cpu_system", "40/newcomer"), 25.0, 1e-9);
        QVERIFY(h.warnings.messages().empty());
        QCOMPARE(collector.details().value("processes", 0), 2);
    }

    void pidReuse()
    {
        const double hz = ticksPerSecond();
        CollectorHarness h;
        h.write(statPath(77), statLine(77, "old", quint64(50 * hz), 0, 1, 1000));
        ProcessCollector collector(16, 99999);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);
        h.write(statPath(77), statLine(77, "old", quint64(51 * hz), 0, 1, 1000));
        h.sample(collector, 1.0);
        COMPARE_NEAR(h.value("proc.cpu", "77/old"), 100.0, 1e-9);

        // The pid now belongs to a younger process with fewer ticks than the old one had: its CPU
        // is its own ticks, not a negative or NaN delta against the old process.
        h.write(statPath(77), statLine(77, "new", quint64(hz / 2), 0, 5, 9000));
        h.sample(collector, 1.0);
        COMPARE_NEAR(h.value("proc.cpu", "77/new"), 50.0, 1e-9);
        QCOMPARE(h.value("proc.threads", "77/new"), 5.0);
        QVERIFY(std::isnan(h.value("proc.cpu", "77/old")));

        // Same comm, reused again: still told apart by the start time.
        h.write(statPath(77), statLine(77, "new", quint64(hz / 4), 0, 5, 9500));
        h.sample(collector, 1.0);
        COMPARE_NEAR(h.value("proc.cpu", "77/new"), 25.0, 1e-9);
    }

    void commandLinesOfShownProcesses()
    {
        const double hz = ticksPerSecond();
        CollectorHarness h;
        h.write(statPath(500), statLine(500, "java", 0, 0));
        h.write(QStringLiteral("proc/500/cmdline"), QByteArray("java\0-jar\0/opt/a.jar\0", 21));
        h.write(statPath(501), statLine(501, "java", 0, 0));
        h.write(QStringLiteral("proc/501/cmdline"), QByteArray("java\0-jar\0b.jar\0", 16));
        h.write(statPath(2), statLine(2, "kthreadd", 0, 0)); // a kernel thread: empty cmdline
        h.write(QStringLiteral("proc/2/cmdline"), QByteArray());
        h.write(statPath(600), statLine(600, "idle", 0, 0)); // never among the top 2
        h.write(QStringLiteral("proc/600/cmdline"), QByteArray("idle\0", 5));
        ProcessCollector collector(2, 99999);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);
        h.write(statPath(500), statLine(500, "java", quint64(hz), 0));
        h.write(statPath(501), statLine(501, "java", quint64(hz / 2), 0));
        h.sample(collector, 1.0);

        const nlohmann::json lines = collector.details().at("command_lines");
        QVERIFY2(lines.at("500/java") == (nlohmann::json{"java", "-jar", "/opt/a.jar"}), lines.dump().c_str());
        QVERIFY2(lines.at("501/java") == (nlohmann::json{"java", "-jar", "b.jar"}), lines.dump().c_str());
        QVERIFY(!lines.contains("2/kthreadd"));
        QVERIFY(!lines.contains("600/idle")); // read only for processes shown
        QCOMPARE(collector.details().value("command_lines_dropped", -1), 0);
    }

    void unparsableStatWarns()
    {
        CollectorHarness h;
        h.write(statPath(5), statLine(5, "fine", 1, 1));
        h.write(statPath(6), "6 (broken");
        ProcessCollector collector(16, 99999);
        QCOMPARE(h.open(collector), std::string());
        h.sample(collector, 0);
        QCOMPARE(h.value("proc.count"), 1.0);
        QCOMPARE(h.warnings.messages().size(), std::size_t(1));
        QVERIFY(h.warnings.messages().front().find("6/stat") != std::string::npos);
    }

    void openFailsClearly()
    {
        CollectorHarness h;
        ProcessCollector collector;
        // An empty /proc: no process directories.
        QVERIFY(h.open(collector).find("no process directories") != std::string::npos);
        h.paths.procRoot = (h.root() + QStringLiteral("/missing")).toStdString();
        ProcessCollector other;
        const std::string reason = h.open(other);
        QVERIFY2(reason.find("No such file or directory") != std::string::npos, reason.c_str());
    }

    void descriptorsRegistered()
    {
        CollectorHarness h;
        h.write(statPath(1), statLine(1, "init", 0, 0));
        ProcessCollector collector;
        QCOMPARE(h.open(collector), std::string());
        for (const char* id : { "proc.cpu_user", "proc.cpu_system", "proc.cpu", "proc.rss", "proc.threads",
                 "proc.count", "proc.threads_total" })
            QVERIFY2(h.catalog.contains(id), id);
        for (const auto& descriptor : h.catalog.descriptors()) {
            QCOMPARE(QString::fromStdString(descriptor.category), QStringLiteral("Processes"));
            QVERIFY(!descriptor.description.empty());
        }
    }

    void realProc()
    {
        RUNLENS_SKIP_UNDER_EMULATION("/proc/self is qemu's process, not this test's");
        // A child that is alive at the first sample and gone at the second.
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            for (;;)
                ::pause();
        }

        CollectorHarness h;
        h.paths.procRoot = "/proc";
        ProcessCollector collector(1000); // every process, so that the child is shown too
        QCOMPARE(collector.open(h.paths, h.catalog), std::string());
        QElapsedTimer timer;
        timer.start();
        h.sample(collector, 0);

        const QByteArray self = QByteArray::number(::getpid()) + "/tst_processcoll"; // comm: 15 bytes
        const QByteArray childInstance = QByteArray::number(child) + "/tst_processcoll";
        QVERIFY2(h.has("proc.rss", self.constData()), self.constData());
        QVERIFY(h.value("proc.rss", childInstance.constData()) > 0);
        QVERIFY(h.value("proc.count") >= 2);

        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
        burnCpu(0.3);
        const double elapsed = double(timer.nsecsElapsed()) * 1e-9;
        h.sample(collector, elapsed);

        QVERIFY(std::isnan(h.value("proc.rss", childInstance.constData())));
        const double cpu = h.value("proc.cpu", self.constData());
        const double user = h.value("proc.cpu_user", self.constData());
        const double system = h.value("proc.cpu_system", self.constData());
        QVERIFY2(cpu > 0 && cpu <= 100.0 * ::sysconf(_SC_NPROCESSORS_ONLN) + 20, qPrintable(QString::number(cpu)));
        QVERIFY(user >= 0 && system >= 0);
        COMPARE_NEAR(cpu, user + system, 1e-9);
        QVERIFY(h.value("proc.rss", self.constData()) > 1024 * 1024);
        QVERIFY(h.value("proc.threads", self.constData()) >= 1);
        QVERIFY(h.value("proc.count") >= 2);
        QVERIFY(h.value("proc.threads_total") >= h.value("proc.count"));
        QVERIFY(collector.details().value("stat_files_kept_open", 0) > 0);
        QCOMPARE(collector.details().value("unparsable_stat_files", -1), 0);
    }

    void realProcWithTopAndSelf()
    {
        RUNLENS_SKIP_UNDER_EMULATION("/proc/self is qemu's process, not this test's");
        // The default configuration: the test process is "self" and always shown.
        CollectorHarness h;
        h.paths.procRoot = "/proc";
        ProcessCollector collector(1);
        QCOMPARE(collector.open(h.paths, h.catalog), std::string());
        h.sample(collector, 0);
        burnCpu(0.05);
        h.sample(collector, 0.5);
        const QByteArray self = QByteArray::number(::getpid()) + "/tst_processcoll";
        QVERIFY(!std::isnan(h.value("proc.cpu", self.constData())));
        int shown = 0;
        for (std::size_t i = 0; i < h.group.keys().size(); ++i) {
            if (h.group.keys()[i].metric == "proc.cpu" && !std::isnan(h.group.row()[i]))
                ++shown;
        }
        QVERIFY(shown == 1 || shown == 2);
    }
};

QTEST_GUILESS_MAIN(TestProcessCollector)
#include "tst_processcollector.moc"
