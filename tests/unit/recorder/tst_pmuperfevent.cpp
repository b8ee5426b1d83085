// The real perf_event_open path on this machine: software counters on every online CPU, the
// classification of refusals, and the collector on a host without a hardware PMU.
#include "AllCollectors.h"
#include "ArchiveReader.h"
#include "CollectorHarness.h"
#include "Emulation.h"
#include "RecordingSession.h"
#include "PerfEventCounterSource.h"
#include "PmuCollector.h"

#include <QFileInfo>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <chrono>
#include <thread>

using namespace runlens::collect;
using namespace runlens::collect::pmu;

namespace {

std::vector<int> onlineCpus()
{
    std::vector<int> cpus;
    for (int cpu = 0; cpu < int(std::thread::hardware_concurrency()); ++cpu)
        cpus.push_back(cpu);
    return cpus;
}

CounterGroupSpec softwareGroup()
{
    CounterGroupSpec spec;
    spec.name = "software";
    for (std::uint64_t config : {PERF_COUNT_SW_TASK_CLOCK, PERF_COUNT_SW_CONTEXT_SWITCHES}) {
        perf_event_attr attr{};
        attr.type = PERF_TYPE_SOFTWARE;
        attr.config = config;
        spec.events.push_back(attr);
    }
    return spec;
}

void spin(std::chrono::milliseconds duration)
{
    const auto end = std::chrono::steady_clock::now() + duration;
    volatile std::uint64_t sink = 0;
    while (std::chrono::steady_clock::now() < end)
        sink = sink + 1;
}

bool hostHasCorePmu()
{
    return QFileInfo::exists(QStringLiteral("/sys/bus/event_source/devices/cpu"))
        || QFileInfo::exists(QStringLiteral("/sys/bus/event_source/devices/armv8_pmuv3_0"));
}

} // namespace

class TestPmuPerfEvent : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        RUNLENS_SKIP_UNDER_EMULATION("qemu does not implement perf_event_open");
    }

    void softwareGroupsOnEveryCpu()
    {
        PerfEventCounterSource source;
        const std::vector<int> cpus = onlineCpus();
        const std::vector<OpenFailure> results = source.open({softwareGroup()}, cpus);
        QCOMPARE(results.size(), std::size_t(1));
        if (results[0].kind == OpenFailure::Kind::Permission)
            QSKIP(results[0].message.c_str());
        QVERIFY2(results[0].ok(), results[0].message.c_str());

        std::vector<std::uint64_t> first(cpus.size() * 2);
        std::vector<std::uint64_t> firstEnabled(cpus.size());
        for (std::size_t c = 0; c < cpus.size(); ++c) {
            GroupReading reading;
            reading.values = std::span<std::uint64_t>(first.data() + c * 2, 2);
            QVERIFY(source.read(0, c, reading));
            firstEnabled[c] = reading.enabled;
        }
        spin(std::chrono::milliseconds(50));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        for (std::size_t c = 0; c < cpus.size(); ++c) {
            std::uint64_t values[2] = {};
            GroupReading reading;
            reading.values = values;
            QVERIFY(source.read(0, c, reading));
            // Counted system-wide, the task clock advances with wall time on every CPU.
            QVERIFY2(values[0] > first[c * 2], qPrintable(QStringLiteral("cpu%1").arg(cpus[c])));
            QVERIFY(reading.enabled > firstEnabled[c]);
            QCOMPARE(reading.running, reading.enabled); // software events never multiplex
            QVERIFY(values[1] >= first[c * 2 + 1]);
        }
        GroupReading none;
        QVERIFY(!source.read(1, 0, none)); // no such group
    }

    void hardwareRefusedWithoutPmu()
    {
        if (hostHasCorePmu())
            QSKIP("this host has a hardware PMU");
        PerfEventCounterSource source;
        perf_event_attr cycles{};
        cycles.type = PERF_TYPE_HARDWARE;
        cycles.config = PERF_COUNT_HW_CPU_CYCLES;
        bool fullyCounted = true;
        const OpenFailure failure = source.probe(std::span<const perf_event_attr>(&cycles, 1), 0, fullyCounted);
        QCOMPARE(failure.kind, OpenFailure::Kind::Unsupported);
        QVERIFY(!fullyCounted);
        QVERIFY2(failure.message.find("cpu0") != std::string::npos, failure.message.c_str());
    }

    void failuresAreClassified()
    {
        const OpenFailure permission = OpenFailure::classify(EACCES, "cycles on cpu3", 2);
        QCOMPARE(permission.kind, OpenFailure::Kind::Permission);
        for (const char* hint : {"cycles on cpu3", "perf_event_paranoid", "it is 2", "CAP_PERFMON", "sudo"})
            QVERIFY2(permission.message.find(hint) != std::string::npos, permission.message.c_str());
        QCOMPARE(OpenFailure::classify(EPERM, "x", 3).kind, OpenFailure::Kind::Permission);
        const OpenFailure files = OpenFailure::classify(EMFILE, "x", 2);
        QCOMPARE(files.kind, OpenFailure::Kind::Resource);
        QVERIFY2(files.message.find("ulimit -n") != std::string::npos, files.message.c_str());
        QCOMPARE(OpenFailure::classify(EBUSY, "x", 2).kind, OpenFailure::Kind::Resource);
        const OpenFailure unsupported = OpenFailure::classify(ENOENT, "x", 2);
        QCOMPARE(unsupported.kind, OpenFailure::Kind::Unsupported);
        QVERIFY2(unsupported.message.find("instance sizes") != std::string::npos, unsupported.message.c_str());
        QCOMPARE(OpenFailure::classify(EOPNOTSUPP, "x", 2).kind, OpenFailure::Kind::Unsupported);
    }

    // The collector against the real /proc and /sys of this machine.
    void collectorOnThisHost()
    {
        CollectorHarness harness;
        harness.paths = HostPaths{};
        PmuCollector collector;
        const std::string why = harness.open(collector);
        if (why.find("permission") != std::string::npos || why.find("CAP_PERFMON") != std::string::npos)
            QSKIP(why.c_str());
        QVERIFY2(why.empty(), why.c_str());
        if (!hostHasCorePmu()) {
            QVERIFY(!collector.hasHardwareCounters());
            QVERIFY2(collector.hardwareMissingReason().find("no hardware PMU") != std::string::npos,
                     collector.hardwareMissingReason().c_str());
        }
        harness.sample(collector, 0);
        spin(std::chrono::milliseconds(30));
        std::this_thread::sleep_for(std::chrono::milliseconds(70));
        harness.sample(collector, 0.1);
        const double taskClock = harness.value("pmu.task_clock", "all");
        // About 1000 ms/s per CPU when counted system-wide; wide bounds, the machine is shared.
        QVERIFY2(taskClock > 100 && taskClock < 20000 * double(std::thread::hardware_concurrency()),
                 qPrintable(QString::number(taskClock)));
        QVERIFY(std::isfinite(harness.value("pmu.context_switches", "cpu0")));
        QVERIFY(harness.value("pmu.context_switches", "all") >= 0);
        const nlohmann::json details = collector.details();
        QCOMPARE(details["cpus"].get<std::size_t>(), std::size_t(std::thread::hardware_concurrency()));
    }

    // A recording on this host through the real engine: the pmu collector is "ok", its software
    // rates are in the archive, and without a PMU the manifest says why.
    void recordingOnThisHostSucceeds()
    {
        QTemporaryDir dir;
        runlens::recorder::RecordOptions options;
        options.name = "pmu-run";
        options.outDirectory = dir.path().toStdString();
        options.imdsEndpoint = "off";
        options.quiet = true;
        options.collect = {"pmu"};
        runlens::recorder::RecordingSession session(options, createAllCollectors());
        session.start();
        session.tick(0);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        session.tick(200'000'000);
        const auto run = runlens::format::readRunArchive(session.finish(runlens::recorder::EndReason::Duration));
        const nlohmann::json* pmu = nullptr;
        for (const auto& collector : run.manifest["collectors"]) {
            if (collector["name"] == "pmu")
                pmu = &collector;
        }
        QVERIFY(pmu);
        QCOMPARE((*pmu)["status"].get<std::string>(), std::string("ok"));
        if (!hostHasCorePmu()) {
            const std::string reason = (*pmu)["details"]["hardware_missing_reason"];
            QVERIFY2(reason.find("no hardware PMU") != std::string::npos, reason.c_str());
        }
        const auto* table = run.group("pmu");
        QVERIFY(table);
        const int column = table->find("pmu.task_clock", "all");
        QVERIFY(column >= 0);
        QVERIFY(std::isfinite(table->columns[std::size_t(column)].back()));
    }
};

QTEST_GUILESS_MAIN(TestPmuPerfEvent)
#include "tst_pmuperfevent.moc"
