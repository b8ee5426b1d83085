// PmuCollector through a ReplayCounterSource: golden derived values for every built-in event set
// (scaling by time enabled/running, ratios of sums for "all", effective GHz from busy time,
// top-down shares that add up), events the host lacks, permission refusals, a user event file,
// and an allocation-free sample().
#include "CollectorHarness.h"
#include "EventSetCatalog.h"
#include "PmuCollector.h"
#include "ReplayCounterSource.h"

#include <QDirIterator>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdlib>
#include <map>
#include <new>

#include "AllocationCounter.h"

using namespace runlens::collect;
using namespace runlens::collect::pmu;

namespace {

// Counts per interval for cpu0 and cpu1, chosen so that ratios of sums differ from means of
// ratios and the top-down shares of each vendor's formulas add up to 100 %.
const std::map<std::string, std::pair<double, double>> kDeltas = {
    {"Instructions", {1e9, 3e9}},
    {"Cycles", {2e9, 1e9}},
    {"BranchMisses", {5e6, 9e6}},
    // Intel top-down (Skylake: 4 slots per cycle; Ice Lake and later: TOPDOWN.SLOTS).
    {"Slots", {8e9, 4e9}},
    {"RetiredSlots", {2e9, 1e9}},
    {"UopsRetiredSlots", {2e9, 1e9}},
    {"UopsNotDelivered", {1e9, 1e9}},
    {"BackendSlots", {3e9, 1e9}},
    {"UopsIssued", {2.5e9, 1.5e9}},
    {"RecoveryCycles", {1e8, 5e7}},
    // Arm: the stall slots split into front-end and back-end.
    {"StallSlotFrontend", {2e9, 1e9}},
    {"StallSlotBackend", {4e9, 2e9}},
    {"StallSlot", {6e9, 3e9}},
    {"OpRetired", {1e9, 3e9}},
    {"OpSpec", {1.25e9, 3.5e9}},
    // Software.
    {"TaskClock", {1e9, 1e9}},
    {"ContextSwitches", {1200, 800}},
    {"CpuMigrations", {10, 30}},
    {"PageFaults", {5000, 0}},
};

double deltaFor(const std::string& event, std::size_t cpu)
{
    const auto known = kDeltas.find(event);
    if (known != kDeltas.end())
        return cpu == 0 ? known->second.first : known->second.second;
    // Any other event: a distinct count per event and CPU.
    return double((std::hash<std::string>()(event) % 97) + 1) * 1e6 * double(cpu + 1);
}

QByteArray procStat(quint64 busy0, quint64 busy1)
{
    // user nice system idle iowait irq softirq steal; busy = user + nice + system + irq + softirq.
    return "cpu  " + QByteArray::number(busy0 + busy1) + " 0 0 1000 0 0 0 0 0 0\n"
         + "cpu0 " + QByteArray::number(busy0) + " 0 0 500 0 0 0 0 0 0\n"
         + "cpu1 " + QByteArray::number(busy1) + " 0 0 500 0 0 0 0 0 0\nintr 1 2 3\nctxt 5\n";
}

QByteArray cpuInfo(const EventSet& set)
{
    QByteArray text;
    for (int cpu = 0; cpu < 2; ++cpu) {
        text += "processor\t: " + QByteArray::number(cpu) + "\n";
        if (set.armImplementer >= 0) {
            text += "CPU implementer\t: 0x" + QByteArray::number(set.armImplementer, 16) + "\n";
            text += "CPU part\t: 0x" + QByteArray::number(set.armParts.front(), 16) + "\n\n";
        } else {
            text += "vendor_id\t: " + QByteArray::fromStdString(set.vendor) + "\n";
            text += "cpu family\t: " + QByteArray::number(set.family) + "\n";
            text += "model\t\t: " + QByteArray::number(set.models.empty() ? 2 : set.models.front().first) + "\n\n";
        }
    }
    return text;
}

class Fixture
{
public:
    // host: the fixture sysfs tree ("intel", "amd", "arm"); set: whose cpuinfo to write.
    Fixture(const char* host, const EventSet& set, PmuSettings settings = {}, std::size_t budget = 4)
    {
        const QString root = QStringLiteral(RUNLENS_FIXTURES "/pmu/") + QLatin1String(host) + QStringLiteral("/sys");
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            if (file.open(QIODevice::ReadOnly))
                harness.write(QStringLiteral("sys/") + QDir(root).relativeFilePath(path), file.readAll());
        }
        harness.write(QStringLiteral("proc/cpuinfo"), cpuInfo(set));
        harness.write(QStringLiteral("proc/stat"), procStat(1000, 1000));
        auto owned = std::make_unique<ReplayCounterSource>(budget);
        source = owned.get();
        collector = std::make_unique<PmuCollector>(std::move(settings), std::move(owned));
    }

    // Readings (the base, then one per interval) for every opened group on both CPUs.
    void feedInterval(double runningShare = 0.5, std::size_t steps = 2)
    {
        const nlohmann::json details = collector->details();
        for (std::size_t g = 0; g < details["groups"].size(); ++g) {
            const auto& group = details["groups"][g];
            const bool software = group["name"] == "software";
            const double share = software ? 1.0 : runningShare;
            for (std::size_t cpu = 0; cpu < 2; ++cpu) {
                for (std::size_t step = 0; step < steps; ++step) {
                    std::vector<std::uint64_t> values;
                    // What the counter saw while it was on the PMU; scaling must undo the share.
                    for (const auto& event : group["events"])
                        values.push_back(1000 + std::uint64_t(deltaFor(event.get<std::string>(), cpu) * share) * step);
                    source->addReading(step, g, cpu, 5'000'000'000 + 1'000'000'000 * step,
                                       std::uint64_t(5e9 * share) + std::uint64_t(1e9 * share) * step, values);
                }
            }
        }
    }

    CollectorHarness harness;
    ReplayCounterSource* source = nullptr;
    std::unique_ptr<PmuCollector> collector;
};

const char* sysHostFor(const EventSet& set)
{
    if (set.armImplementer >= 0)
        return "arm";
    return set.vendor == "AuthenticAMD" ? "amd" : "intel";
}

} // namespace

class TestPmuCollector : public QObject
{
    Q_OBJECT

private slots:
    void goldenValuesForEverySet_data()
    {
        QTest::addColumn<QString>("set");
        for (const EventSet& set : EventSetCatalog::builtIn()) {
            if (set.name != "generic")
                QTest::newRow(set.name.c_str()) << QString::fromStdString(set.name);
        }
    }
    void goldenValuesForEverySet()
    {
        QFETCH(QString, set);
        const EventSet& eventSet = *EventSetCatalog::find(set.toStdString());
        Fixture f(sysHostFor(eventSet), eventSet);
        QCOMPARE(f.harness.open(*f.collector), std::string());
        QVERIFY2(f.collector->hasHardwareCounters(), f.collector->hardwareMissingReason().c_str());
        const nlohmann::json details = f.collector->details();
        QCOMPARE(details["counter_budget"].get<int>(), 4);
        QVERIFY2(details["event_set"].get<std::string>().rfind(eventSet.name, 0) == 0, details.dump().c_str());
        QVERIFY2(!details.contains("metrics_not_derived"), details.dump(1).c_str());
        QCOMPARE(details["metrics"].size(), eventSet.metrics.size() + 4); // + the software rates
        // Groups hold at most the budget; Instructions and Cycles share the first.
        QCOMPARE(details["groups"][0]["events"][0].get<std::string>(), std::string("Instructions"));
        QCOMPARE(details["groups"][0]["events"][1].get<std::string>(), std::string("Cycles"));
        for (const auto& group : details["groups"])
            QVERIFY(group["events"].size() <= 4);

        f.feedInterval(0.5);
        f.harness.sample(*f.collector, 0);
        QVERIFY(std::isnan(f.harness.value("pmu.ipc", "cpu0"))); // no previous reading yet
        f.source->nextStep();
        // cpu0 busy 1 s, cpu1 busy 0.25 s (USER_HZ 100).
        f.harness.write(QStringLiteral("proc/stat"), procStat(1100, 1025));
        f.harness.sample(*f.collector, 1.0);

        COMPARE_NEAR(f.harness.value("pmu.ipc", "cpu0"), 0.5, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.ipc", "cpu1"), 3.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.ipc", "all"), 4.0 / 3.0, 1e-9); // ratio of sums, not 1.75
        COMPARE_NEAR(f.harness.value("pmu.cpi", "all"), 0.75, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.branch_mpki", "cpu0"), 5.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.branch_mpki", "all"), 3.5, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.effective_ghz", "cpu0"), 2.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.effective_ghz", "cpu1"), 4.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.effective_ghz", "all"), 2.4, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.multiplex_pct", "hw0"), 50.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.multiplex_pct", "software"), 100.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.task_clock", "cpu0"), 1000.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.context_switches", "all"), 2000.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.cpu_migrations", "cpu1"), 30.0, 1e-9);
        // Every metric of the set has a value on every row.
        for (const auto& id : details["metrics"]) {
            for (const char* row : {"cpu0", "cpu1", "all"}) {
                const double value = f.harness.value(id.get<std::string>().c_str(), row);
                QVERIFY2(std::isfinite(value), qPrintable(QStringLiteral("%1 %2").arg(QString::fromStdString(id), QLatin1String(row))));
            }
        }
        // A miss rate is an ordinary event: check one against its hand-computed value.
        const std::string l1d = eventSet.name.rfind("arm", 0) == 0 ? "L1DMisses" : "L1DMisses";
        COMPARE_NEAR(f.harness.value("pmu.l1d_mpki", "cpu1"), deltaFor(l1d, 1) / 3e9 * 1000, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.l1d_mpki", "all"), (deltaFor(l1d, 0) + deltaFor(l1d, 1)) / 4e9 * 1000, 1e-9);
        // Top-down level 1 covers every slot where the set derives all four (Intel, Neoverse V).
        if (f.harness.has("pmu.topdown_retiring", "all") && eventSet.vendor != "AuthenticAMD") {
            for (const char* row : {"cpu0", "cpu1", "all"}) {
                const double sum = f.harness.value("pmu.topdown_retiring", row)
                                 + f.harness.value("pmu.topdown_bad_speculation", row)
                                 + f.harness.value("pmu.topdown_frontend_bound", row)
                                 + f.harness.value("pmu.topdown_backend_bound", row);
                COMPARE_NEAR(sum, 100.0, 1e-6);
            }
        }
        for (const auto& descriptor : f.harness.catalog.descriptors()) {
            QCOMPARE(descriptor.category, std::string("CPU counters"));
            QVERIFY2(!descriptor.description.empty() && !descriptor.unit.empty(), descriptor.id.c_str());
        }
    }

    void zen4TopDownSpecifics()
    {
        const EventSet& set = *EventSetCatalog::find("amd-zen4");
        Fixture f("amd", set);
        QCOMPARE(f.harness.open(*f.collector), std::string());
        f.feedInterval(1.0);
        f.harness.sample(*f.collector, 0);
        f.source->nextStep();
        f.harness.sample(*f.collector, 1.0);
        // 6 dispatch slots per cycle: back-end slots over 6 × cycles.
        COMPARE_NEAR(f.harness.value("pmu.topdown_backend_bound", "cpu0"), deltaFor("BackendSlots", 0) / 12e9 * 100, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.stall_backend_pkc", "cpu0"), deltaFor("BackendSlots", 0) / 6 / 2e9 * 1000, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.topdown_retiring", "all"), (deltaFor("RetiredOps", 0) + deltaFor("RetiredOps", 1)) / 18e9 * 100, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.multiplex_pct", "hw0"), 100.0, 1e-9);
    }

    void armTopDownNeedsSlotsPerCycle()
    {
        // Neoverse V1 behind a kernel or hypervisor that does not publish caps/slots.
        const EventSet& set = *EventSetCatalog::find("arm-neoverse-v1");
        Fixture f("arm", set);
        f.harness.remove(QStringLiteral("sys/bus/event_source/devices/armv8_pmuv3_0/caps/slots"));
        QCOMPARE(f.harness.open(*f.collector), std::string());
        QVERIFY(f.harness.catalog.contains("pmu.ipc"));
        QVERIFY(!f.harness.catalog.contains("pmu.topdown_frontend_bound"));
        const nlohmann::json details = f.collector->details();
        bool explained = false;
        for (const auto& skipped : details["metrics_not_derived"])
            explained = explained || (skipped["name"] == "pmu.topdown_frontend_bound"
                                      && skipped["reason"].get<std::string>().find("caps/slots") != std::string::npos);
        QVERIFY2(explained, details.dump(1).c_str());
    }

    void missingEventDropsOnlyItsMetrics()
    {
        const EventSet& set = *EventSetCatalog::find("intel-skylake-sp");
        Fixture f("intel", set);
        f.source->setUnsupported(4, 0x151); // L1D.REPLACEMENT refused by the host
        QCOMPARE(f.harness.open(*f.collector), std::string());
        const nlohmann::json details = f.collector->details();
        QVERIFY2(details.contains("metrics_not_derived"), details.dump().c_str());
        QCOMPARE(details["metrics_not_derived"][0]["name"].get<std::string>(), std::string("pmu.l1d_mpki"));
        const std::string reason = details["metrics_not_derived"][0]["reason"];
        QVERIFY2(reason.find("needs L1DMisses (unsupported") != std::string::npos, reason.c_str());
        QCOMPARE(details["events_not_counted"][0]["name"].get<std::string>(), std::string("L1DMisses"));
        QVERIFY(f.harness.catalog.contains("pmu.ipc"));
        QVERIFY(!f.harness.catalog.contains("pmu.l1d_mpki"));
    }

    void permissionRefusalKeepsSoftwareCounters()
    {
        const EventSet& set = *EventSetCatalog::find("intel-icelake-sp");
        Fixture f("intel", set);
        f.source->setPermissionDenied(true);
        QCOMPARE(f.harness.open(*f.collector), std::string());
        QVERIFY(!f.collector->hasHardwareCounters());
        const std::string& reason = f.collector->hardwareMissingReason();
        for (const char* hint : {"perf_event_paranoid", "CAP_PERFMON", "sudo"})
            QVERIFY2(reason.find(hint) != std::string::npos, reason.c_str());
        QVERIFY(f.harness.catalog.contains("pmu.context_switches"));
        QVERIFY(!f.harness.catalog.contains("pmu.ipc"));
        QCOMPARE(f.collector->details()["hardware_counters"].get<std::string>(), std::string("missing"));
    }

    void noPmuHostRecordsSoftwareAndSaysWhy()
    {
        const EventSet& set = *EventSetCatalog::find("amd-zen3");
        Fixture f("none", set);
        QCOMPARE(f.harness.open(*f.collector), std::string());
        QVERIFY(!f.collector->hasHardwareCounters());
        const nlohmann::json details = f.collector->details();
        const std::string reason = details["hardware_missing_reason"];
        QVERIFY2(reason.find("no hardware PMU") != std::string::npos, reason.c_str());
        // The set this CPU would get is still named.
        QVERIFY2(details["event_set"].get<std::string>().find("amd-zen3") == 0, details.dump().c_str());
        QCOMPARE(details["groups"].size(), std::size_t(1));
        f.feedInterval();
        f.harness.sample(*f.collector, 0);
        f.source->nextStep();
        f.harness.sample(*f.collector, 2.0);
        COMPARE_NEAR(f.harness.value("pmu.page_faults", "cpu0"), 2500.0, 1e-9);
        COMPARE_NEAR(f.harness.value("pmu.page_faults", "all"), 2500.0, 1e-9);
    }

    void userEventFileAddsMetrics()
    {
        const EventSet& set = *EventSetCatalog::find("intel-skylake-sp");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("extra.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"events": {"Loads": "cpu/event=0xd0,umask=0x81/"},
                       "metrics": {"loads-per-cycle": "Loads / Cycles", "ipc": "Instructions / Cycles * 2"}})");
        file.close();
        Fixture f("intel", set, PmuSettings{path.toStdString()});
        QCOMPARE(f.harness.open(*f.collector), std::string());
        QVERIFY(f.harness.catalog.contains("pmu.loads_per_cycle"));
        f.feedInterval();
        f.harness.sample(*f.collector, 0);
        f.source->nextStep();
        f.harness.sample(*f.collector, 1.0);
        COMPARE_NEAR(f.harness.value("pmu.ipc", "cpu0"), 1.0, 1e-9); // the user's formula replaced ours
        COMPARE_NEAR(f.harness.value("pmu.loads_per_cycle", "cpu0"), deltaFor("Loads", 0) / 2e9, 1e-9);

        Fixture broken("intel", set, PmuSettings{dir.filePath(QStringLiteral("missing.json")).toStdString()});
        const std::string why = broken.harness.open(*broken.collector);
        QVERIFY2(why.find("--pmu-events") == 0 && why.find("missing.json") != std::string::npos, why.c_str());
    }

    void samplingAllocatesNothing()
    {
        const EventSet& set = *EventSetCatalog::find("intel-sapphire-rapids");
        Fixture f("intel", set);
        QCOMPARE(f.harness.open(*f.collector), std::string());
        f.feedInterval(0.5, 3);
        f.harness.sample(*f.collector, 0);
        f.source->nextStep();
        f.harness.sample(*f.collector, 1.0);
        f.harness.write(QStringLiteral("proc/stat"), procStat(1200, 1100));
        f.source->nextStep();
        // Third sample: columns are interned and buffers sized, so nothing may allocate.
        f.harness.group.startRow();
        SampleContext context{0, 1.0, f.harness.catalog, f.harness.warnings};
        g_allocations = 0;
        g_countAllocations = true;
        f.collector->sample(context, f.harness.group);
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        COMPARE_NEAR(f.harness.value("pmu.ipc", "all"), 4.0 / 3.0, 1e-9);
        QCOMPARE(f.harness.warnings.total(), std::uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestPmuCollector)
#include "tst_pmucollector.moc"
