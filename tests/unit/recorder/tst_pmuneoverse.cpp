// The Neoverse event sets (Graviton2, 3, 4) against libpfm4's own Arm tables: every event of the
// compiled-in N1, V1 and V2 sets, named as Arm's architecture reference names it, encodes through
// libpfm4 to the raw code the set uses. Debian's x86 libpfm4 has no Arm tables, so this check
// runs in the arm64 build, under qemu-aarch64 (CTest label arm64); on x86 it says so and skips.
#include "EventSetCatalog.h"
#include "PfmEventEncoder.h"
#include "SysfsEventEncoder.h"

#include <QTest>

#include <cstdlib>
#include <map>
#include <set>

using namespace runlens::collect;
using namespace runlens::collect::pmu;

namespace {

// The sets' events by the name Arm gives them (PMUv3 common events), as libpfm4 spells them.
const std::map<std::string, std::string> kArmNames = {
    {"Instructions", "INST_RETIRED"},
    {"Cycles", "CPU_CYCLES"},
    {"BranchMisses", "BR_MIS_PRED"},
    {"L1IMisses", "L1I_CACHE_REFILL"},
    {"L1DMisses", "L1D_CACHE_REFILL"},
    {"L2Misses", "L2D_CACHE_REFILL"},
    {"LLCReadMisses", "LL_CACHE_MISS_RD"},
    {"ITLBMisses", "L1I_TLB_REFILL"},
    {"DTLBMisses", "L1D_TLB_REFILL"},
    {"ITLBWalks", "ITLB_WALK"},
    {"DTLBWalks", "DTLB_WALK"},
    {"FrontendStalls", "STALL_FRONTEND"},
    {"BackendStalls", "STALL_BACKEND"},
    {"StallSlotFrontend", "STALL_SLOT_FRONTEND"},
    {"StallSlotBackend", "STALL_SLOT_BACKEND"},
    {"StallSlot", "STALL_SLOT"},
    {"OpRetired", "OP_RETIRED"},
    {"OpSpec", "OP_SPEC"},
};
// Implementation-defined events libpfm4 4.13 has no name for: the sets keep their raw codes.
const std::set<std::string> kRawOnly = {"CodeSparsity"};

HostPaths graviton()
{
    HostPaths paths;
    paths.procRoot = RUNLENS_FIXTURES "/hosts/graviton3/proc";
    paths.sysRoot = RUNLENS_FIXTURES "/hosts/graviton3/sys";
    return paths;
}

} // namespace

class TestPmuNeoverse : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Before libpfm4 initialises: encode for PMUs this CPU (or qemu's) does not report.
        setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
        QVERIFY2(PfmEventEncoder::initialize().empty(), PfmEventEncoder::initialize().c_str());
    }

    void namesEncodeToTheSetsRawCodes_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("pmu");
        QTest::newRow("Graviton2") << "arm-neoverse-n1" << "arm_n1";
        QTest::newRow("Graviton3") << "arm-neoverse-v1" << "arm_v1";
        QTest::newRow("Graviton4") << "arm-neoverse-v2" << "arm_v2";
    }
    void namesEncodeToTheSetsRawCodes()
    {
        QFETCH(QString, set);
        QFETCH(QString, pmu);
        if (!PfmEventEncoder::knows("arm_n1"))
            QSKIP("this libpfm4 has no Arm tables (an x86 build); the arm64 build checks them under qemu-aarch64");
        QVERIFY2(PfmEventEncoder::knows(pmu.toStdString()), qPrintable(pmu));
        const EventSet* eventSet = EventSetCatalog::find(set.toStdString());
        QVERIFY(eventSet);
        const SysfsEventEncoder raw(graviton(), "armv8_pmuv3_0");
        int byName = 0;
        for (const EventDefinition& event : eventSet->events) {
            perf_event_attr byCode{};
            QVERIFY2(raw.encode(event.raw, byCode).empty(), event.raw.c_str());
            if (kRawOnly.count(event.name)) {
                qInfo("%s %s: raw 0x%llx (libpfm4 has no name for it)", qPrintable(set), event.name.c_str(),
                      static_cast<unsigned long long>(byCode.config));
                continue;
            }
            const auto name = kArmNames.find(event.name);
            QVERIFY2(name != kArmNames.end(), qPrintable(QStringLiteral("%1: no Arm name for %2; add it to the table")
                                                             .arg(set, QString::fromStdString(event.name))));
            perf_event_attr attr{};
            const std::string problem = PfmEventEncoder::encode(pmu.toStdString() + "::" + name->second, attr);
            QVERIFY2(problem.empty(), (pmu.toStdString() + "::" + name->second + ": " + problem).c_str());
            // The event number is config bits 0-15 in both encodings (libpfm4 adds no other bits here).
            QVERIFY2(attr.config == byCode.config, qPrintable(QStringLiteral("%1 %2 (%3): libpfm4 0x%4, the set 0x%5")
                                                                  .arg(set, QString::fromStdString(event.name),
                                                                       QString::fromStdString(name->second))
                                                                  .arg(attr.config, 0, 16)
                                                                  .arg(byCode.config, 0, 16)));
            ++byName;
        }
        QVERIFY(byName >= 13);
    }

    // Neoverse V3 (Graviton5-class) is newer than libpfm4 4.13: say so; its set keeps raw codes.
    void neoverseV3KeepsRawCodes()
    {
        const EventSet* eventSet = EventSetCatalog::find("arm-neoverse-v3");
        QVERIFY(eventSet);
        QVERIFY(eventSet->libpfmPmu.empty());
        if (!PfmEventEncoder::knows("arm_v3"))
            qInfo("this libpfm4 has no Neoverse V3 table (no arm_v3 PMU): arm-neoverse-v3 uses its raw codes");
        const SysfsEventEncoder raw(graviton(), "armv8_pmuv3_0");
        for (const EventDefinition& event : eventSet->events) {
            perf_event_attr attr{};
            QVERIFY2(raw.encode(event.raw, attr).empty(), event.raw.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestPmuNeoverse)
#include "tst_pmuneoverse.moc"
