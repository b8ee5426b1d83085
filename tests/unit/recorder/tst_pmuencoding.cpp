// Event encoding and PMU detection without a PMU: raw codes through fixture sysfs format/
// directories (Intel, AMD's split event select, Arm's own PMU type), libpfm4 names for the x86
// models forced with LIBPFM_ENCODE_INACTIVE and cross-checked against the raw codes, and the
// detector on fixture hosts, including this build VM's "no PMU".
#include "EventSetCatalog.h"
#include "PfmEventEncoder.h"
#include "PmuDetector.h"
#include "SysfsEventEncoder.h"

#include <QTest>

#include <cstdlib>

using namespace runlens::collect;
using namespace runlens::collect::pmu;

namespace {

HostPaths fixture(const char* host, const char* sysHost = nullptr)
{
    HostPaths paths;
    paths.procRoot = std::string(RUNLENS_FIXTURES "/pmu/") + host + "/proc";
    paths.sysRoot = std::string(RUNLENS_FIXTURES "/pmu/") + (sysHost ? sysHost : host) + "/sys";
    return paths;
}

perf_event_attr encodeRaw(const char* host, const char* device, const char* event)
{
    perf_event_attr attr{};
    const std::string problem = SysfsEventEncoder(fixture(host), device).encode(event, attr);
    if (!problem.empty())
        qWarning("%s", problem.c_str());
    return attr;
}

// The bits an x86 event select shares between libpfm4's and the kernel's encodings: event,
// umask, edge, inv, cmask and AMD's extended event bits (libpfm may add others, such as INT).
constexpr std::uint64_t kX86SelectBits = (0xff'ff'ff'ffull & ~((1ull << 16) | (1ull << 17) | (1ull << 20) | (1ull << 22)))
                                       | (0xfull << 32);

} // namespace

class TestPmuEncoding : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Before libpfm4 initialises: encode for model PMUs that CPUID does not report.
        setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
    }

    void intelRaw()
    {
        const perf_event_attr attr = encodeRaw("intel", "cpu", "core/event=0x9c,umask=0x1,cmask=0x4/");
        QCOMPARE(attr.type, 4u);
        QCOMPARE(attr.config, 0x0400019cull);
        // A named event of the PMU, as perf spells it.
        QCOMPARE(encodeRaw("intel", "cpu", "cpu/cpu-cycles/").config, 0x3cull);
        // config1 fields.
        QCOMPARE(encodeRaw("intel", "cpu", "cpu/event=0xcd,umask=0x1,ldlat=0x20/").config1, 0x20ull);
    }

    void amdSplitEventSelect()
    {
        // Zen 4's 0x1a0 needs the extended event bits 32-35 ("config:0-7,32-35").
        const perf_event_attr attr = encodeRaw("amd", "cpu", "core/event=0x1a0,umask=0x1e/");
        QCOMPARE(attr.type, 4u);
        QCOMPARE(attr.config, 0x1'0000'1ea0ull);
        QCOMPARE(encodeRaw("amd", "cpu", "cpu/event=0xc0/").config, 0xc0ull);
    }

    void armOwnTypeAndAlias()
    {
        const perf_event_attr attr = encodeRaw("arm", "armv8_pmuv3_0", "core/event=0x11c/");
        QCOMPARE(attr.type, 8u);
        QCOMPARE(attr.config, 0x11cull);
        // APerf's spelling names the device itself.
        QCOMPARE(encodeRaw("arm", "armv8_pmuv3_0", "armv8_pmuv3_0/event=0x8/").config, 0x8ull);
    }

    void rawErrorsSayWhy()
    {
        perf_event_attr attr{};
        std::string problem = SysfsEventEncoder(fixture("intel"), "cpu").encode("cpu/event=0x1c0/", attr);
        QVERIFY2(problem.find("does not fit") != std::string::npos, problem.c_str());
        problem = SysfsEventEncoder(fixture("intel"), "cpu").encode("cpu/flavour=1/", attr);
        QVERIFY2(problem.find("no format field or event \"flavour\"") != std::string::npos, problem.c_str());
        problem = SysfsEventEncoder(fixture("none"), "").encode("core/event=0x11/", attr);
        QVERIFY2(problem.find("has none") != std::string::npos, problem.c_str());
        problem = SysfsEventEncoder(fixture("none"), "").encode("armv8_pmuv3_0/event=0x11/", attr);
        QVERIFY2(problem.find("no PMU named \"armv8_pmuv3_0\"") != std::string::npos, problem.c_str());
        problem = SysfsEventEncoder(fixture("intel"), "cpu").encode("event=0x3c", attr);
        QVERIFY2(problem.find("pmu/field=value") != std::string::npos, problem.c_str());
    }

    // Every libpfm4 name of a built-in x86 set encodes with Debian's libpfm4 and agrees with the
    // raw code written beside it: two independent sources for the same event.
    void libpfmMatchesRawCodes_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("sysHost");
        QTest::newRow("skx") << "intel-skylake-sp" << "intel";
        QTest::newRow("icx") << "intel-icelake-sp" << "intel";
        QTest::newRow("spr") << "intel-sapphire-rapids" << "intel";
        QTest::newRow("zen2") << "amd-zen2" << "amd";
        QTest::newRow("zen3") << "amd-zen3" << "amd";
        QTest::newRow("zen4") << "amd-zen4" << "amd";
    }
    void libpfmMatchesRawCodes()
    {
        QFETCH(QString, set);
        QFETCH(QString, sysHost);
        const EventSet* eventSet = EventSetCatalog::find(set.toStdString());
        QVERIFY(eventSet);
        if (!PfmEventEncoder::knows("skx") && !PfmEventEncoder::knows("amd64_fam17h_zen2"))
            QSKIP("this libpfm4 has no x86 tables (an arm64 build); the x86_64 build checks them, tst_pmuneoverse the Arm ones");
        QVERIFY2(PfmEventEncoder::knows(eventSet->libpfmPmu), eventSet->libpfmPmu.c_str());
        const SysfsEventEncoder raw(fixture(qPrintable(sysHost)), "cpu");
        int checked = 0;
        for (const EventDefinition& event : eventSet->events) {
            if (event.pfm.empty())
                continue;
            perf_event_attr byName{};
            const std::string problem = PfmEventEncoder::encode(eventSet->libpfmPmu + "::" + event.pfm, byName);
            QVERIFY2(problem.empty(), (set.toStdString() + ": " + problem).c_str());
            perf_event_attr byCode{};
            QVERIFY2(raw.encode(event.raw, byCode).empty(), event.raw.c_str());
            QVERIFY2((byName.config & kX86SelectBits) == (byCode.config & kX86SelectBits),
                     qPrintable(QStringLiteral("%1 %2: libpfm4 0x%3, raw 0x%4")
                                    .arg(set, QString::fromStdString(event.name))
                                    .arg(byName.config, 0, 16)
                                    .arg(byCode.config, 0, 16)));
            ++checked;
        }
        QVERIFY(checked >= 3);
    }

    void genericEventsThroughLibpfm()
    {
        perf_event_attr attr{};
        QCOMPARE(PfmEventEncoder::encode("perf::INSTRUCTIONS", attr), std::string());
        QCOMPARE(attr.type, std::uint32_t(PERF_TYPE_HARDWARE));
        QCOMPARE(attr.config, std::uint64_t(PERF_COUNT_HW_INSTRUCTIONS));
        const std::string problem = PfmEventEncoder::encode("skx::NO_SUCH_EVENT", attr);
        QVERIFY2(problem.find("cannot encode") != std::string::npos, problem.c_str());
    }

    void detectsIntel()
    {
        const HostPmu host = PmuDetector::detect(fixture("intel"));
        QCOMPARE(host.device, std::string("cpu"));
        QCOMPARE(host.type, 4u);
        QCOMPARE(host.kernelName, std::string("skylake"));
        QCOMPARE(host.vendor, std::string("GenuineIntel"));
        QCOMPARE(host.model, 0x55);
        QVERIFY(host.missingReason.empty());
        QCOMPARE(EventSetCatalog::select(host)->name, std::string("intel-skylake-sp"));
    }

    void detectsAmd()
    {
        const HostPmu host = PmuDetector::detect(fixture("amd-zen4", "amd"));
        QCOMPARE(host.device, std::string("cpu"));
        QCOMPARE(host.family, 0x19);
        QCOMPARE(host.model, 0x11);
        QCOMPARE(EventSetCatalog::select(host)->name, std::string("amd-zen4"));
    }

    void detectsArmWithSlots()
    {
        const HostPmu host = PmuDetector::detect(fixture("arm"));
        QCOMPARE(host.device, std::string("armv8_pmuv3_0"));
        QCOMPARE(host.type, 8u);
        QCOMPARE(host.slotsPerCycle, 8.0);
        QCOMPARE(host.armImplementer, 0x41);
        QCOMPARE(host.armPart, 0xd40);
        QCOMPARE(host.cpuDescription(), std::string("Arm implementer 0x41 part 0xd40"));
        QCOMPARE(EventSetCatalog::select(host)->name, std::string("arm-neoverse-v1"));
    }

    void noPmuSaysWhy()
    {
        const HostPmu host = PmuDetector::detect(fixture("none"));
        QVERIFY(!host.hasHardwarePmu());
        const std::string& reason = host.missingReason;
        QVERIFY2(reason.find("no hardware PMU") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("has no cpu or armv8_pmuv3 device") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("breakpoint, msr, software, tracepoint, uprobe") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("instance sizes") != std::string::npos, reason.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPmuEncoding)
#include "tst_pmuencoding.moc"
