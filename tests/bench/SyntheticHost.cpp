#include "SyntheticHost.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <utility>
#include <unistd.h>

namespace fs = std::filesystem;

namespace runlens::bench {

namespace {

// USER_HZ: /proc/stat and /proc/PID/stat count in these ticks on every Linux architecture.
constexpr std::uint64_t kTicksPerSecond = 100;
// The host booted ten days before sample 0, so counters start far from zero as on a real host.
constexpr double kUptimeAtStart = 864000.0;
constexpr std::uint64_t kBootTime = 1780000000 - std::uint64_t(kUptimeAtStart);
constexpr std::uint32_t kPidMax = 4194304;

constexpr std::array<const char*, 10> kSoftirqNames = {"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK",
                                                       "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU"};
enum Softirq { Hi, Timer, NetTx, NetRx, Block, IrqPoll, Tasklet, Sched, Hrtimer, Rcu };

// Key lists copied from a 6.x kernel's files (the format, not the values).
constexpr const char* kVmstatKeys =
    "nr_free_pages nr_free_pages_blocks nr_zone_inactive_anon nr_zone_active_anon nr_zone_inactive_file "
    "nr_zone_active_file nr_zone_unevictable nr_zone_write_pending nr_mlock nr_zspages nr_free_cma numa_hit "
    "numa_miss numa_foreign numa_interleave numa_local numa_other nr_inactive_anon nr_active_anon "
    "nr_inactive_file nr_active_file nr_unevictable nr_slab_reclaimable nr_slab_unreclaimable nr_isolated_anon "
    "nr_isolated_file workingset_nodes workingset_refault_anon workingset_refault_file workingset_activate_anon "
    "workingset_activate_file workingset_restore_anon workingset_restore_file workingset_nodereclaim "
    "nr_anon_pages nr_mapped nr_file_pages nr_dirty nr_writeback nr_shmem nr_shmem_hugepages "
    "nr_shmem_pmdmapped nr_file_hugepages nr_file_pmdmapped nr_anon_transparent_hugepages nr_vmscan_write "
    "nr_vmscan_immediate_reclaim nr_dirtied nr_written nr_throttled_written nr_kernel_misc_reclaimable "
    "nr_foll_pin_acquired nr_foll_pin_released nr_kernel_stack nr_page_table_pages nr_sec_page_table_pages "
    "nr_iommu_pages nr_swapcached pgpromote_success pgpromote_candidate pgdemote_kswapd pgdemote_direct "
    "pgdemote_khugepaged nr_hugetlb nr_dirty_threshold nr_dirty_background_threshold nr_memmap_pages "
    "nr_memmap_boot_pages pgpgin pgpgout pswpin pswpout pgalloc_dma pgalloc_dma32 pgalloc_normal "
    "pgalloc_movable pgalloc_device allocstall_dma allocstall_dma32 allocstall_normal allocstall_movable "
    "allocstall_device pgskip_dma pgskip_dma32 pgskip_normal pgskip_movable pgskip_device pgfree pgactivate "
    "pgdeactivate pglazyfree pgfault pgmajfault pglazyfreed pgrefill pgreuse pgsteal_kswapd pgsteal_direct "
    "pgsteal_khugepaged pgscan_kswapd pgscan_direct pgscan_khugepaged pgscan_direct_throttle pgscan_anon "
    "pgscan_file pgsteal_anon pgsteal_file zone_reclaim_failed pginodesteal slabs_scanned kswapd_inodesteal "
    "kswapd_low_wmark_hit_quickly kswapd_high_wmark_hit_quickly pageoutrun pgrotated drop_pagecache drop_slab "
    "oom_kill numa_pte_updates numa_huge_pte_updates numa_hint_faults numa_hint_faults_local "
    "numa_pages_migrated pgmigrate_success pgmigrate_fail thp_migration_success thp_migration_fail "
    "thp_migration_split compact_migrate_scanned compact_free_scanned compact_isolated compact_stall "
    "compact_fail compact_success compact_daemon_wake compact_daemon_migrate_scanned "
    "compact_daemon_free_scanned htlb_buddy_alloc_success htlb_buddy_alloc_fail unevictable_pgs_culled "
    "unevictable_pgs_scanned unevictable_pgs_rescued unevictable_pgs_mlocked unevictable_pgs_munlocked "
    "unevictable_pgs_cleared unevictable_pgs_stranded thp_fault_alloc thp_fault_fallback "
    "thp_fault_fallback_charge thp_collapse_alloc thp_collapse_alloc_failed thp_file_alloc thp_file_fallback "
    "thp_file_fallback_charge thp_file_mapped thp_split_page thp_split_page_failed thp_deferred_split_page "
    "thp_underused_split_page thp_split_pmd thp_scan_exceed_none_pte thp_scan_exceed_swap_pte "
    "thp_scan_exceed_share_pte thp_split_pud thp_zero_page_alloc thp_zero_page_alloc_failed thp_swpout "
    "thp_swpout_fallback balloon_inflate balloon_deflate balloon_migrate swap_ra swap_ra_hit swpin_zero "
    "swpout_zero ksm_swpin_copy cow_ksm zswpin zswpout zswpwb direct_map_level2_splits "
    "direct_map_level3_splits direct_map_level2_collapses direct_map_level3_collapses nr_unstable";

struct Section {
    const char* prefix;
    const char* keys;
};

constexpr std::array<Section, 6> kSnmpSections = {{
    {"Ip", "Forwarding DefaultTTL InReceives InHdrErrors InAddrErrors ForwDatagrams InUnknownProtos InDiscards "
           "InDelivers OutRequests OutDiscards OutNoRoutes ReasmTimeout ReasmReqds ReasmOKs ReasmFails FragOKs "
           "FragFails FragCreates OutTransmits"},
    {"Icmp", "InMsgs InErrors InCsumErrors InDestUnreachs InTimeExcds InParmProbs InSrcQuenchs InRedirects InEchos "
             "InEchoReps InTimestamps InTimestampReps InAddrMasks InAddrMaskReps OutMsgs OutErrors "
             "OutRateLimitGlobal OutRateLimitHost OutDestUnreachs OutTimeExcds OutParmProbs OutSrcQuenchs "
             "OutRedirects OutEchos OutEchoReps OutTimestamps OutTimestampReps OutAddrMasks OutAddrMaskReps"},
    {"IcmpMsg", "InType3 InType8 OutType0 OutType3"},
    {"Tcp", "RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs "
            "OutSegs RetransSegs InErrs OutRsts InCsumErrors"},
    {"Udp", "InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors"},
    {"UdpLite",
     "InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors"},
}};

constexpr std::array<Section, 3> kNetstatSections = {{
    {"TcpExt",
     "SyncookiesSent SyncookiesRecv SyncookiesFailed EmbryonicRsts PruneCalled RcvPruned OfoPruned OutOfWindowIcmps "
     "LockDroppedIcmps ArpFilter TW TWRecycled TWKilled PAWSActive PAWSEstab BeyondWindow TSEcrRejected PAWSOldAck "
     "PAWSTimewait DelayedACKs DelayedACKLocked DelayedACKLost ListenOverflows ListenDrops TCPHPHits TCPPureAcks "
     "TCPHPAcks TCPRenoRecovery TCPSackRecovery TCPSACKReneging TCPSACKReorder TCPRenoReorder TCPTSReorder "
     "TCPFullUndo TCPPartialUndo TCPDSACKUndo TCPLossUndo TCPLostRetransmit TCPRenoFailures TCPSackFailures "
     "TCPLossFailures TCPFastRetrans TCPSlowStartRetrans TCPTimeouts TCPLossProbes TCPLossProbeRecovery "
     "TCPRenoRecoveryFail TCPSackRecoveryFail TCPRcvCollapsed TCPBacklogCoalesce TCPDSACKOldSent TCPDSACKOfoSent "
     "TCPDSACKRecv TCPDSACKOfoRecv TCPAbortOnData TCPAbortOnClose TCPAbortOnMemory TCPAbortOnTimeout "
     "TCPAbortOnLinger TCPAbortFailed TCPMemoryPressures TCPMemoryPressuresChrono TCPSACKDiscard "
     "TCPDSACKIgnoredOld TCPDSACKIgnoredNoUndo TCPSpuriousRTOs TCPMD5NotFound TCPMD5Unexpected TCPMD5Failure "
     "TCPSackShifted TCPSackMerged TCPSackShiftFallback TCPBacklogDrop PFMemallocDrop TCPMinTTLDrop "
     "TCPDeferAcceptDrop IPReversePathFilter TCPTimeWaitOverflow TCPReqQFullDoCookies TCPReqQFullDrop "
     "TCPRetransFail TCPRcvCoalesce TCPOFOQueue TCPOFODrop TCPOFOMerge TCPChallengeACK TCPSYNChallenge "
     "TCPFastOpenActive TCPFastOpenActiveFail TCPFastOpenPassive TCPFastOpenPassiveFail TCPFastOpenListenOverflow "
     "TCPFastOpenCookieReqd TCPFastOpenBlackhole TCPSpuriousRtxHostQueues BusyPollRxPackets TCPAutoCorking "
     "TCPFromZeroWindowAdv TCPToZeroWindowAdv TCPWantZeroWindowAdv TCPSynRetrans TCPOrigDataSent "
     "TCPHystartTrainDetect TCPHystartTrainCwnd TCPHystartDelayDetect TCPHystartDelayCwnd TCPACKSkippedSynRecv "
     "TCPACKSkippedPAWS TCPACKSkippedSeq TCPACKSkippedFinWait2 TCPACKSkippedTimeWait TCPACKSkippedChallenge "
     "TCPWinProbe TCPKeepAlive TCPMTUPFail TCPMTUPSuccess TCPDelivered TCPDeliveredCE TCPAckCompressed "
     "TCPZeroWindowDrop TCPRcvQDrop TCPWqueueTooBig TCPFastOpenPassiveAltKey TcpTimeoutRehash "
     "TcpDuplicateDataRehash TCPDSACKRecvSegs TCPDSACKIgnoredDubious TCPMigrateReqSuccess TCPMigrateReqFailure "
     "TCPPLBRehash"},
    {"IpExt", "InNoRoutes InTruncatedPkts InMcastPkts OutMcastPkts InBcastPkts OutBcastPkts InOctets OutOctets "
              "InMcastOctets OutMcastOctets InBcastOctets OutBcastOctets InCsumErrors InNoECTPkts InECT1Pkts "
              "InECT0Pkts InCEPkts ReasmOverlaps"},
    {"MPTcpExt",
     "MPCapableSYNRX MPCapableSYNTX MPCapableSYNACKRX MPCapableACKRX MPCapableFallbackACK MPCapableFallbackSYNACK "
     "MPCapableSYNTXDrop MPCapableSYNTXDisabled MPCapableEndpAttempt MPFallbackTokenInit MPTCPRetrans "
     "MPJoinNoTokenFound MPJoinSynRx MPJoinSynBackupRx MPJoinSynAckRx MPJoinSynAckBackupRx MPJoinSynAckHMacFailure "
     "MPJoinAckRx MPJoinAckHMacFailure MPJoinRejected MPJoinSynTx MPJoinSynTxCreatSkErr MPJoinSynTxBindErr "
     "MPJoinSynTxConnectErr DSSNotMatching DSSCorruptionFallback DSSCorruptionReset InfiniteMapTx InfiniteMapRx "
     "DSSNoMatchTCP DataCsumErr OFOQueueTail OFOQueue OFOMerge NoDSSInWindow DuplicateData AddAddr AddAddrTx "
     "AddAddrTxDrop EchoAdd EchoAddTx EchoAddTxDrop PortAdd AddAddrDrop MPJoinPortSynRx MPJoinPortSynAckRx "
     "MPJoinPortAckRx MismatchPortSynRx MismatchPortAckRx RmAddr RmAddrDrop RmAddrTx RmAddrTxDrop RmSubflow "
     "MPPrioTx MPPrioRx MPFailTx MPFailRx MPFastcloseTx MPFastcloseRx MPRstTx MPRstRx SubflowStale "
     "SubflowRecover SndWndShared RcvWndShared RcvWndConflictUpdate RcvWndConflict MPCurrEstab Blackhole"},
}};

// How a counter of vmstat, snmp or netstat moves each second.
enum class Motion { Constant, Counter, Rare, Gauge };

struct MotionSpec {
    std::string_view key; // "Tcp.InSegs", "pgfault"
    Motion motion;
    double low;
    double high;
};

// The counters that move on a busy server; everything else is either frozen or moves rarely.
constexpr MotionSpec kKnownMotions[] = {
    {"pgfault", Motion::Counter, 2e5, 1.5e6},
    {"pgalloc_normal", Motion::Counter, 3e5, 2e6},
    {"pgfree", Motion::Counter, 3e5, 2.1e6},
    {"numa_hit", Motion::Counter, 3e5, 2e6},
    {"numa_local", Motion::Counter, 3e5, 2e6},
    {"pgactivate", Motion::Counter, 1e3, 5e4},
    {"pgpgin", Motion::Counter, 1e4, 1e6},
    {"pgpgout", Motion::Counter, 1e4, 8e5},
    {"pgreuse", Motion::Counter, 1e3, 1e5},
    {"nr_dirtied", Motion::Counter, 1e3, 1e5},
    {"nr_written", Motion::Counter, 1e3, 1e5},
    {"pgmajfault", Motion::Counter, 0, 50},
    {"pgalloc_dma32", Motion::Counter, 0, 100},
    {"pgdeactivate", Motion::Counter, 0, 1e3},
    {"pgrefill", Motion::Counter, 0, 1e3},
    {"pgscan_kswapd", Motion::Counter, 0, 2e3},
    {"pgsteal_kswapd", Motion::Counter, 0, 2e3},
    {"pgscan_file", Motion::Counter, 0, 2e3},
    {"pgsteal_file", Motion::Counter, 0, 2e3},
    {"slabs_scanned", Motion::Counter, 0, 1e4},
    {"numa_miss", Motion::Counter, 0, 1e3},
    {"numa_foreign", Motion::Counter, 0, 1e3},
    {"numa_other", Motion::Counter, 0, 1e3},
    {"thp_fault_alloc", Motion::Counter, 0, 50},
    {"pgmigrate_success", Motion::Counter, 0, 100},
    {"nr_dirty_threshold", Motion::Constant, 0, 0},
    {"nr_dirty_background_threshold", Motion::Constant, 0, 0},
    {"Ip.Forwarding", Motion::Constant, 1, 1},
    {"Ip.DefaultTTL", Motion::Constant, 64, 64},
    {"Ip.InReceives", Motion::Counter, 2e5, 1.5e6},
    {"Ip.InDelivers", Motion::Counter, 2e5, 1.5e6},
    {"Ip.OutRequests", Motion::Counter, 2e5, 1.4e6},
    {"Ip.OutTransmits", Motion::Counter, 2e5, 1.4e6},
    {"Tcp.RtoAlgorithm", Motion::Constant, 1, 1},
    {"Tcp.RtoMin", Motion::Constant, 200, 200},
    {"Tcp.RtoMax", Motion::Constant, 120000, 120000},
    {"Tcp.MaxConn", Motion::Constant, -1, -1},
    {"Tcp.ActiveOpens", Motion::Counter, 10, 500},
    {"Tcp.PassiveOpens", Motion::Counter, 50, 2000},
    {"Tcp.AttemptFails", Motion::Counter, 0, 20},
    {"Tcp.EstabResets", Motion::Counter, 0, 50},
    {"Tcp.CurrEstab", Motion::Gauge, 2000, 20000},
    {"Tcp.InSegs", Motion::Counter, 2e5, 1.4e6},
    {"Tcp.OutSegs", Motion::Counter, 2e5, 1.4e6},
    {"Tcp.RetransSegs", Motion::Counter, 10, 2000},
    {"Tcp.OutRsts", Motion::Counter, 10, 500},
    {"Udp.InDatagrams", Motion::Counter, 100, 5e3},
    {"Udp.OutDatagrams", Motion::Counter, 100, 5e3},
    {"TcpExt.TW", Motion::Counter, 10, 500},
    {"TcpExt.DelayedACKs", Motion::Counter, 1e3, 2e4},
    {"TcpExt.TCPHPHits", Motion::Counter, 1e4, 3e5},
    {"TcpExt.TCPPureAcks", Motion::Counter, 1e4, 2e5},
    {"TcpExt.TCPHPAcks", Motion::Counter, 1e4, 2e5},
    {"TcpExt.TCPRcvCoalesce", Motion::Counter, 1e3, 5e4},
    {"TcpExt.TCPAutoCorking", Motion::Counter, 100, 1e4},
    {"TcpExt.TCPOrigDataSent", Motion::Counter, 1e5, 1e6},
    {"TcpExt.TCPDelivered", Motion::Counter, 1e5, 1e6},
    {"TcpExt.TCPKeepAlive", Motion::Counter, 0, 100},
    {"TcpExt.TCPLossProbes", Motion::Counter, 0, 200},
    {"TcpExt.TCPFastRetrans", Motion::Counter, 0, 300},
    {"TcpExt.TCPTimeouts", Motion::Counter, 0, 50},
    {"TcpExt.TCPBacklogCoalesce", Motion::Counter, 0, 1e3},
    {"TcpExt.ListenOverflows", Motion::Counter, 0, 3},
    {"TcpExt.ListenDrops", Motion::Counter, 0, 3},
    {"IpExt.InOctets", Motion::Counter, 1e8, 2e9},
    {"IpExt.OutOctets", Motion::Counter, 1e8, 2e9},
    {"IpExt.InNoECTPkts", Motion::Counter, 2e5, 1.5e6},
    {"MPTcpExt.MPCurrEstab", Motion::Gauge, 0, 0},
};

// Kernel threads and programs of a busy database and web server, with how many CPU ticks per second
// each uses (a range the rate wanders in) and how many threads it has.
struct ProgramSpec {
    const char* comm;
    int copies;
    double lowTicks;
    double highTicks;
    int threads;
};

constexpr ProgramSpec kUserPrograms[] = {
    {"systemd-journal", 1, 0.5, 3, 1}, {"systemd-udevd", 1, 0, 0.2, 1}, {"systemd-logind", 1, 0, 0.1, 1},
    {"dbus-daemon", 1, 0, 0.2, 1},     {"(sd-pam)", 1, 0, 0, 1},        {"sshd", 3, 0, 0.1, 1},
    {"cron", 1, 0, 0.02, 1},           {"rsyslogd", 1, 0.1, 1, 4},      {"chronyd", 1, 0, 0.05, 1},
    {"tmux: server", 1, 0, 0.5, 1},    {"irqbalance", 1, 0.1, 1, 2},    {"containerd", 1, 1, 5, 48},
    {"dockerd", 1, 1, 3, 64},          {"kubelet", 1, 5, 20, 80},       {"node_exporter", 1, 0.5, 2, 16},
    {"java", 4, 300, 2500, 320},       {"mysqld", 1, 300, 800, 96},     {"redis-server", 2, 50, 99, 6},
    {"Web Content", 4, 10, 60, 28},    {"python3", 10, 30, 100, 3},     {"nginx", 16, 5, 40, 1},
    {"postgres", 60, 0, 95, 1},        {"bash", 20, 0, 0.05, 1},        {"agetty", 1, 0, 0, 1},
};
// Programs that start and exit while the host runs (process churn).
constexpr std::array<const char*, 6> kShortLived = {"sh", "grep", "sleep", "cat", "awk", "logrotate"};

constexpr std::array<const char*, 4> kPerCpuThreads = {"cpuhp/", "migration/", "ksoftirqd/", "kworker/"};

std::string nicName(int index)
{
    return "ens" + std::to_string(5 + index);
}

std::string diskName(int index)
{
    return "nvme" + std::to_string(index) + "n1";
}

std::vector<std::string_view> splitWords(std::string_view text)
{
    std::vector<std::string_view> words;
    while (!text.empty()) {
        const std::size_t start = text.find_first_not_of(' ');
        if (start == std::string_view::npos)
            break;
        text.remove_prefix(start);
        const std::size_t end = std::min(text.find(' '), text.size());
        words.push_back(text.substr(0, end));
        text.remove_prefix(end);
    }
    return words;
}

// The CPU list of a node as the kernel prints it: cores split in contiguous ranges, SMT siblings in
// the upper half ("0-47,96-143").
std::string nodeCpuList(int node, int nodes, int cpus)
{
    const auto range = [](int first, int last) {
        return first == last ? std::to_string(first) : std::to_string(first) + "-" + std::to_string(last);
    };
    if (cpus % (2 * nodes) == 0) {
        const int cores = cpus / 2;
        const int perNode = cores / nodes;
        const int first = node * perNode;
        return range(first, first + perNode - 1) + "," + range(cores + first, cores + first + perNode - 1);
    }
    const int first = node * cpus / nodes;
    const int last = (node + 1) * cpus / nodes - 1;
    return last < first ? std::string() : range(first, last);
}

} // namespace

struct SyntheticHost::Impl {
    // A file of the tree kept open for writing: rewriting through the same descriptor keeps the inode
    // the recorder has open, and saves an open/close per file and step.
    struct File {
        std::string path;
        int fd = -1;
        std::size_t size = 0;

        File() = default;
        File(const File&) = delete;
        File& operator=(const File&) = delete;
        File(File&& other) noexcept
            : path(std::move(other.path))
            , fd(std::exchange(other.fd, -1))
            , size(other.size)
        {
        }
        File& operator=(File&& other) noexcept
        {
            if (this != &other) {
                close();
                path = std::move(other.path);
                fd = std::exchange(other.fd, -1);
                size = other.size;
            }
            return *this;
        }
        ~File() { close(); }
        void close()
        {
            if (fd >= 0)
                ::close(fd);
            fd = -1;
        }
    };

    // splitmix64: tiny, fast and good enough for plausible noise; the same seed gives the same tree.
    struct Rng {
        std::uint64_t state = 0;
        std::uint64_t next()
        {
            std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            return z ^ (z >> 31);
        }
        double unit() { return double(next() >> 11) * 0x1.0p-53; }
        double uniform(double low, double high) { return low + (high - low) * unit(); }
        bool chance(double p) { return unit() < p; }
        std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }
        // A whole number of events whose expectation is `mean`: the fraction is rounded at random
        // so that small rates still add up right over many samples.
        std::uint64_t count(double mean)
        {
            if (mean <= 0)
                return 0;
            const double whole = std::floor(mean);
            return std::uint64_t(whole) + (chance(mean - whole) ? 1 : 0);
        }
    };

    // A level that wanders by a few percent per step within its bounds.
    static double wander(Rng& rng, double value, double low, double high, double step = 0.03)
    {
        const double span = high - low;
        value += rng.uniform(-step, step) * span;
        return std::clamp(value, low, high);
    }

    struct Cpu {
        std::array<std::uint64_t, 10> times{}; // user nice system idle iowait irq softirq steal guest guest_nice
        double bias = 1;  // how much busier than the host average this CPU tends to be
        double busy = 0.3;
        double niceShare = 0;     // of the busy time, on the few CPUs that run a niced job
        bool iowaitProne = false; // runs tasks that wait for the disks
        std::array<std::uint32_t, 10> softirqs{};
        std::uint32_t deviceIrqsThisStep = 0; // NIC and NVMe interrupts handled this step, for NET_RX/BLOCK
        std::uint32_t nicIrqsThisStep = 0;
    };

    enum class IrqKind { Legacy, Misc, Nic, Nvme, Nmi, Local, Pmi, IrqWork, Reschedule, FunctionCall, Tlb,
                         MachineCheckPoll, Frozen, Single };

    struct IrqLine {
        std::string label;       // "147" or "LOC"
        std::string chip;        // numbered lines: " %8s" chip, " %*lu" hwirq, "-%-8s" type, "  %s" action
        unsigned hwirq = 0;
        const char* type = "edge";
        std::string description; // the action of a numbered line, the text of an x86 line
        int number = -1;         // IRQ number, -1 for the x86 lines
        IrqKind kind = IrqKind::Frozen;
        int affineCpu = 0;
        double rate = 0;         // interrupts per second on the affine CPU
        std::vector<std::uint32_t> perCpu;
        std::size_t offset = 0;  // of the first count in the /proc/interrupts text
        std::vector<int> pending; // CPUs whose count changed since the last write
        bool allPending = false;
    };

    struct Disk {
        std::string name;
        int major = 259;
        int minor = 0;
        bool loop = false;
        bool partition = false;
        std::array<std::uint64_t, 17> fields{};
        double readIops = 0, writeIops = 0, readSize = 64, writeSize = 64, latency = 0.2;
        std::uint32_t inFlight = 0;
    };

    struct Nic {
        std::string name;
        std::array<std::uint64_t, 16> fields{};
        double rxBytes = 0, txBytes = 0, rxPacket = 900, txPacket = 900;
    };

    struct Counter {
        std::string name;
        Motion motion = Motion::Rare;
        double low = 0, high = 0;
        std::int64_t value = 0;
        double level = 0; // for gauges
    };

    struct CounterSection {
        std::string prefix;
        std::string header; // "Tcp: RtoAlgorithm RtoMin ..." with its newline
        std::vector<Counter> counters;
    };

    struct MemField {
        std::string label; // "MemTotal:" padded as the kernel pads it
        bool kilobytes = true;
        double value = 0;
        double low = 0, high = 0; // wander bounds; equal for constants
    };

    struct Process {
        int pid = 0;
        std::string comm;
        bool kernel = false;
        bool shortLived = false;
        char state = 'S';
        int ppid = 1, pgrp = 0, session = 0, tty = 0, processor = 0, priority = 20, nice = 0;
        unsigned flags = 4194560;
        std::uint64_t minflt = 0, majflt = 0, utime = 0, stime = 0, cutime = 0, cstime = 0;
        std::uint64_t threads = 1, startTime = 0, vsize = 0, startCode = 0, endCode = 0, startStack = 0;
        std::int64_t rss = 0;
        double lowTicks = 0, highTicks = 0, rate = 0, systemShare = 0.2;
        bool dirty = true;
        File file;
    };

    std::string root;
    SyntheticHostShape shape;
    Rng rng;
    std::uint64_t sample = 0;
    bool created = false;
    std::size_t bytesWritten = 0;
    std::size_t filesWritten = 0;
    std::string text; // reused for every file that is formatted whole

    std::vector<Cpu> cpus;
    double hostLoad = 0.35;
    std::uint64_t contextSwitches = 0, forks = 0;
    std::uint32_t procsRunning = 0, procsBlocked = 0;
    double load1 = 0, load5 = 0, load15 = 0;
    File statFile, uptimeFile, loadavgFile;

    std::vector<IrqLine> irqLines;
    int nrIrqs = 0;
    int precision = 3;
    std::string interruptsText;
    File interruptsFile, softirqsFile;

    std::vector<MemField> meminfo;
    File meminfoFile;
    std::vector<Counter> vmstat;
    File vmstatFile;

    struct Pressure {
        std::array<std::uint64_t, 2> total{};
        std::array<std::array<double, 3>, 2> averages{};
        std::array<double, 2> share{};
        std::array<double, 2> maxShare{};
        bool fullAlwaysZero = false;
        File file;
    };
    std::array<Pressure, 3> pressure;

    std::vector<Disk> disks;
    File diskstatsFile;
    std::vector<Nic> nics;
    File netDevFile;
    std::vector<CounterSection> snmp, netstat;
    File snmpFile, netstatFile;

    std::vector<Process> processes;
    std::uint32_t lastPid = 0;
    std::size_t churnCursor = 0;

    Impl(std::string rootDirectory, SyntheticHostShape hostShape)
        : root(std::move(rootDirectory))
        , shape(hostShape)
    {
        rng.state = shape.seed * 0x2545f4914f6cdd1dull + 1;
        build();
    }

    // The host's state at sample 0, in memory only: tests can ask what the tree holds without
    // writing it, and the same shape and seed always give the same host.
    void build()
    {
        buildCpus();
        double busyCpus = 0;
        for (const Cpu& cpu : cpus)
            busyCpus += cpu.busy;
        load1 = load5 = load15 = busyCpus; // a host that has been running like this for a while
        buildInterrupts();
        buildMemory();
        deriveMemory();
        pressure[0].fullAlwaysZero = true; // the system-wide "full" CPU line exists and stays zero
        snmp = buildSections(kSnmpSections);
        netstat = buildSections(kNetstatSections);
        buildDisks();
        buildNics();
        buildProcesses();
    }

    std::string proc(std::string_view relative) const { return root + "/proc/" + std::string(relative); }
    std::string sys(std::string_view relative) const { return root + "/sys/" + std::string(relative); }
    double uptime() const { return kUptimeAtStart + double(sample); }

    // --- files ----------------------------------------------------------------------------------

    [[noreturn]] static void fail(const std::string& path, const char* what)
    {
        throw std::runtime_error("synthetic host: cannot " + std::string(what) + " " + path + ": " +
                                 std::strerror(errno));
    }

    void openFile(File& file, std::string path)
    {
        file.close();
        file.path = std::move(path);
        file.size = 0;
        file.fd = ::open(file.path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (file.fd < 0)
            fail(file.path, "create");
    }

    // One pwrite of the whole content, then the tail of a longer old content is cut. Writing before
    // truncating means a reader racing with the generator sees old or new text, never an empty file.
    void write(File& file, std::string_view content)
    {
        std::size_t done = 0;
        while (done < content.size()) {
            const ssize_t n = ::pwrite(file.fd, content.data() + done, content.size() - done, off_t(done));
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                fail(file.path, "write");
            }
            done += std::size_t(n);
        }
        if (content.size() < file.size && ::ftruncate(file.fd, off_t(content.size())) != 0)
            fail(file.path, "truncate");
        file.size = content.size();
        bytesWritten += content.size();
        ++filesWritten;
    }

    void writeOnce(const std::string& path, std::string_view content)
    {
        File file;
        openFile(file, path);
        write(file, content);
    }

    // --- formatting -----------------------------------------------------------------------------

    static void put(std::string& out, std::string_view piece) { out.append(piece); }
    static void putU(std::string& out, std::uint64_t value)
    {
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        out.append(digits, end);
    }
    static void putI(std::string& out, std::int64_t value)
    {
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        out.append(digits, end);
    }
    // printf("%*lu"): right-aligned, wider numbers are not cut.
    static void putRight(std::string& out, std::uint64_t value, int width)
    {
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        const int length = int(end - digits);
        if (length < width)
            out.append(std::size_t(width - length), ' ');
        out.append(digits, end);
    }
    static void putRight(std::string& out, std::string_view text, int width)
    {
        if (int(text.size()) < width)
            out.append(std::size_t(width - int(text.size())), ' ');
        out.append(text);
    }
    static void putLeft(std::string& out, std::string_view text, int width)
    {
        out.append(text);
        if (int(text.size()) < width)
            out.append(std::size_t(width - int(text.size())), ' ');
    }
    // The kernel's "%lu.%02lu" of fixed-point averages.
    static void putHundredths(std::string& out, double value)
    {
        const std::uint64_t hundredths = std::uint64_t(std::llround(std::max(0.0, value) * 100));
        putU(out, hundredths / 100);
        out += '.';
        out += char('0' + hundredths % 100 / 10);
        out += char('0' + hundredths % 10);
    }
    // A %10u cell of /proc/interrupts, patched in place: u32 counts never need more than 10 digits.
    static void patchCell(std::string& text, std::size_t offset, std::uint32_t value)
    {
        char* cell = text.data() + offset;
        int position = 9;
        do {
            cell[position--] = char('0' + value % 10);
            value /= 10;
        } while (value != 0 && position >= 0);
        while (position >= 0)
            cell[position--] = ' ';
    }

    // --- building the host ------------------------------------------------------------------------

    void buildCpus()
    {
        cpus.resize(std::size_t(shape.cpus));
        for (Cpu& cpu : cpus) {
            cpu.bias = rng.uniform(0.5, 1.5);
            cpu.busy = std::clamp(hostLoad * cpu.bias, 0.02, 0.98);
            cpu.niceShare = rng.chance(0.05) ? rng.uniform(0.05, 0.3) : 0;
            cpu.iowaitProne = rng.chance(0.2);
            // Ten days of history, most of it idle.
            const double ticks = kUptimeAtStart * double(kTicksPerSecond);
            const double busy = rng.uniform(0.1, 0.4);
            cpu.times[0] = std::uint64_t(ticks * busy * 0.72);
            cpu.times[1] = std::uint64_t(ticks * busy * cpu.niceShare);
            cpu.times[2] = std::uint64_t(ticks * busy * 0.20);
            cpu.times[4] = std::uint64_t(ticks * rng.uniform(0.001, 0.01));
            cpu.times[5] = std::uint64_t(ticks * busy * 0.01);
            cpu.times[6] = std::uint64_t(ticks * busy * 0.03);
            cpu.times[7] = rng.below(2000);
            cpu.times[3] = std::uint64_t(ticks) - cpu.times[0] - cpu.times[1] - cpu.times[2] - cpu.times[4] -
                           cpu.times[5] - cpu.times[6] - cpu.times[7];
            for (std::uint32_t& count : cpu.softirqs)
                count = std::uint32_t(rng.below(50'000'000));
            cpu.softirqs[Hi] = std::uint32_t(rng.below(20));
            cpu.softirqs[IrqPoll] = 0;
        }
        contextSwitches = 40'000'000'000ull + rng.below(1'000'000'000);
        forks = 90'000'000 + rng.below(1'000'000);
    }

    void addIrq(int number, IrqKind kind, std::string chip, unsigned hwirq, const char* type, std::string action,
                double rate, int affineCpu)
    {
        IrqLine line;
        line.number = number;
        line.label = std::to_string(number);
        line.kind = kind;
        line.chip = std::move(chip);
        line.hwirq = hwirq;
        line.type = type;
        line.description = std::move(action);
        line.rate = rate;
        line.affineCpu = affineCpu % shape.cpus;
        line.perCpu.assign(std::size_t(shape.cpus), 0);
        // History: the line was balanced onto a few other CPUs before settling where it is.
        const double history = rate * kUptimeAtStart;
        line.perCpu[std::size_t(line.affineCpu)] = std::uint32_t(std::fmod(history, 4294967296.0));
        for (int moved = int(rng.below(3)); moved > 0; --moved)
            line.perCpu[rng.below(std::size_t(shape.cpus))] += std::uint32_t(rng.below(100000));
        irqLines.push_back(std::move(line));
    }

    void addArchIrq(const char* label, IrqKind kind, const char* description)
    {
        IrqLine line;
        line.label = label;
        line.kind = kind;
        line.description = description;
        line.perCpu.assign(kind == IrqKind::Single ? 1 : std::size_t(shape.cpus), 0);
        for (std::uint32_t& count : line.perCpu) {
            switch (kind) {
            case IrqKind::Local: count = std::uint32_t(rng.uniform(1e8, 2.1e8)); break;
            case IrqKind::Reschedule:
            case IrqKind::FunctionCall: count = std::uint32_t(rng.uniform(1e7, 4e8)); break;
            case IrqKind::Tlb: count = std::uint32_t(rng.uniform(1e6, 1e8)); break;
            case IrqKind::Nmi:
            case IrqKind::Pmi: count = std::uint32_t(rng.uniform(8e4, 9e4)); break;
            case IrqKind::IrqWork: count = std::uint32_t(rng.below(300000)); break;
            case IrqKind::MachineCheckPoll: count = 2880; break;
            default: count = 0; break;
            }
        }
        irqLines.push_back(std::move(line));
    }

    void buildInterrupts()
    {
        int number = 0;
        const auto add = [this, &number](IrqKind kind, std::string chip, unsigned hwirq, const char* type,
                                         std::string action, double rate, int cpu) {
            if (int(irqLines.size()) < shape.interruptLines)
                addIrq(number, kind, std::move(chip), hwirq, type, std::move(action), rate, cpu);
            ++number;
        };
        // Legacy ISA lines through the remapped IO-APIC: number, pin, trigger, driver.
        struct Legacy {
            int irq;
            unsigned pin;
            const char* type;
            const char* action;
        };
        constexpr std::array<Legacy, 6> legacy = {{{0, 2, "edge", "timer"},
                                                   {1, 1, "edge", "i8042"},
                                                   {4, 4, "edge", "ttyS0"},
                                                   {8, 8, "edge", "rtc0"},
                                                   {9, 9, "fasteoi", "acpi"},
                                                   {12, 12, "edge", "i8042"}}};
        for (const Legacy& line : legacy) {
            number = line.irq;
            add(IrqKind::Legacy, "IR-IO-APIC", line.pin, line.type, line.action, line.irq == 9 ? 0.1 : 0.0, 0);
        }
        number = 24;
        for (unsigned unit = 0; unit < 4; ++unit)
            add(IrqKind::Misc, "DMAR-MSI", unit, "edge", "dmar" + std::to_string(unit), 0, 0);
        constexpr std::array<const char*, 6> misc = {"PCIe PME, aerdrv", "PCIe PME, aerdrv", "xhci_hcd",
                                                     "ahci[0000:00:17.0]", "mei_me", "ipmi_si"};
        for (std::size_t i = 0; i < misc.size(); ++i) {
            add(IrqKind::Misc, "IR-PCI-MSI-0000:00:" + std::to_string(10 + i) + ".0", 0, "edge", misc[i],
                i == 2 ? 2.0 : 0.05, number);
        }
        // NICs: one management vector and four queue vectors each, spread over the CPUs.
        for (int nic = 0; nic < shape.nics; ++nic) {
            const std::string bus = "IR-PCI-MSIX-0000:" + std::to_string(16 + nic) + ":00.0";
            const std::string name = nicName(nic);
            add(IrqKind::Misc, bus, 0, "edge", name, 0.2, nic * 5);
            for (unsigned queue = 0; queue < 4; ++queue) {
                add(IrqKind::Nic, bus, queue + 1, "edge", name + "-TxRx-" + std::to_string(queue),
                    rng.uniform(2000, 20000), (nic * 4 + int(queue)) * 3 + 1);
            }
            number += int(rng.below(2)); // freed vectors leave gaps in the numbering
        }
        // NVMe: an admin queue and I/O queues per disk, as many as the remaining lines allow.
        const int remaining = std::max(0, shape.interruptLines - int(irqLines.size()));
        const int perDisk = shape.disks > 0 ? remaining / shape.disks : 0;
        const int extra = shape.disks > 0 ? remaining % shape.disks : 0;
        for (int disk = 0; disk < shape.disks; ++disk) {
            const int queues = perDisk + (disk < extra ? 1 : 0);
            const std::string bus = "IR-PCI-MSIX-0000:" + std::to_string(64 + disk) + ":00.0";
            for (int queue = 0; queue < queues; ++queue) {
                add(IrqKind::Nvme, bus, unsigned(queue), "edge",
                    "nvme" + std::to_string(disk) + "q" + std::to_string(queue),
                    queue == 0 ? 0.01 : rng.uniform(100, 5000), disk * 3 + queue * 64 + 2);
            }
        }
        // Fill up to the asked number of lines if the devices above did not get there.
        while (int(irqLines.size()) < shape.interruptLines)
            add(IrqKind::Misc, "IR-PCI-MSI-0000:00:1f.0", 0, "edge", "spare" + std::to_string(number), 0.01, number);

        // nr_irqs of x86: the legacy and IO-APIC lines plus 8 per possible CPU; /proc/stat's intr
        // line lists every one of them, which makes it the longest line of that file.
        nrIrqs = std::max(number, 24 + 8 * shape.cpus + 256);
        precision = 3;
        for (int limit = 1000; precision < 10 && limit <= nrIrqs; limit *= 10)
            ++precision;

        addArchIrq("NMI", IrqKind::Nmi, "Non-maskable interrupts");
        addArchIrq("LOC", IrqKind::Local, "Local timer interrupts");
        addArchIrq("SPU", IrqKind::Frozen, "Spurious interrupts");
        addArchIrq("PMI", IrqKind::Pmi, "Performance monitoring interrupts");
        addArchIrq("IWI", IrqKind::IrqWork, "IRQ work interrupts");
        addArchIrq("RTR", IrqKind::Frozen, "APIC ICR read retries");
        addArchIrq("RES", IrqKind::Reschedule, "Rescheduling interrupts");
        addArchIrq("CAL", IrqKind::FunctionCall, "Function call interrupts");
        addArchIrq("TLB", IrqKind::Tlb, "TLB shootdowns");
        addArchIrq("TRM", IrqKind::Frozen, "Thermal event interrupts");
        addArchIrq("THR", IrqKind::Frozen, "Threshold APIC interrupts");
        addArchIrq("DFR", IrqKind::Frozen, "Deferred Error APIC interrupts");
        addArchIrq("MCE", IrqKind::Frozen, "Machine check exceptions");
        addArchIrq("MCP", IrqKind::MachineCheckPoll, "Machine check polls");
        addArchIrq("ERR", IrqKind::Single, "");
        addArchIrq("MIS", IrqKind::Single, "");
        addArchIrq("PIN", IrqKind::Frozen, "Posted-interrupt notification event");
        addArchIrq("NPI", IrqKind::Frozen, "Nested posted-interrupt event");
        addArchIrq("PIW", IrqKind::Frozen, "Posted-interrupt wakeup event");
    }

    void buildMemory()
    {
        const double total = 1584874720; // 1.5 TiB in kB
        const auto field = [this](std::string key, double value, double low, double high, bool kilobytes = true) {
            MemField entry;
            key += ':';
            // The kernel's labels are padded to 16 columns, longer ones get one blank.
            entry.label = key.size() < 16 ? key + std::string(16 - key.size(), ' ') : key + ' ';
            entry.kilobytes = kilobytes;
            entry.value = value;
            entry.low = low;
            entry.high = high;
            meminfo.push_back(std::move(entry));
        };
        const auto fixed = [&field](std::string key, double value, bool kilobytes = true) {
            field(std::move(key), value, value, value, kilobytes);
        };
        fixed("MemTotal", total);
        field("MemFree", 0.4 * total, 0.25 * total, 0.6 * total);
        field("MemAvailable", 0, 0, 0); // derived
        field("Buffers", 1.2e6, 0.8e6, 2e6);
        field("Cached", 4.8e8, 3.5e8, 6e8);
        fixed("SwapCached", 0);
        field("Active", 0, 0, 0);   // derived
        field("Inactive", 0, 0, 0); // derived
        field("Active(anon)", 3.1e8, 2.5e8, 4e8);
        field("Inactive(anon)", 6.2e7, 4e7, 9e7);
        field("Active(file)", 2.6e8, 2e8, 3.2e8);
        field("Inactive(file)", 2.1e8, 1.5e8, 2.7e8);
        fixed("Unevictable", 38120);
        fixed("Mlocked", 38120);
        fixed("SwapTotal", 0);
        fixed("SwapFree", 0);
        fixed("Zswap", 0);
        fixed("Zswapped", 0);
        field("Dirty", 4e5, 0, 2e6);
        field("Writeback", 0, 0, 2e4);
        field("AnonPages", 3.8e8, 3e8, 4.6e8);
        field("Mapped", 4.2e6, 3.5e6, 5e6);
        field("Shmem", 1.1e7, 1e7, 1.2e7);
        field("KReclaimable", 0, 0, 0); // = SReclaimable
        field("Slab", 0, 0, 0);         // derived
        field("SReclaimable", 2.1e7, 1.8e7, 2.5e7);
        field("SUnreclaim", 6.5e6, 6e6, 7e6);
        field("KernelStack", 98000, 90000, 110000);
        field("PageTables", 1.4e6, 1.2e6, 1.6e6);
        fixed("SecPageTables", 0);
        fixed("NFS_Unstable", 0);
        fixed("Bounce", 0);
        fixed("WritebackTmp", 0);
        fixed("CommitLimit", total / 2);
        field("Committed_AS", 5.2e8, 4.8e8, 5.8e8);
        fixed("VmallocTotal", 34359738367.0);
        field("VmallocUsed", 7.2e5, 7e5, 7.5e5);
        fixed("VmallocChunk", 0);
        fixed("Percpu", 412000);
        fixed("HardwareCorrupted", 0);
        field("AnonHugePages", 1.2e8, 1e8, 1.4e8);
        fixed("ShmemHugePages", 0);
        fixed("ShmemPmdMapped", 0);
        fixed("FileHugePages", 0);
        fixed("FilePmdMapped", 0);
        fixed("Balloon", 0);
        fixed("HugePages_Total", 0, false);
        fixed("HugePages_Free", 0, false);
        fixed("HugePages_Rsvd", 0, false);
        fixed("HugePages_Surp", 0, false);
        fixed("Hugepagesize", 2048);
        fixed("Hugetlb", 0);
        fixed("DirectMap4k", 1.2e6);
        fixed("DirectMap2M", 1.6e8);
        fixed("DirectMap1G", 1.45e9);

        for (const std::string_view key : splitWords(kVmstatKeys))
            vmstat.push_back(makeCounter(std::string(key), std::string(key)));
    }

    Counter makeCounter(std::string name, std::string_view specKey)
    {
        Counter counter;
        counter.name = std::move(name);
        counter.motion = Motion::Rare;
        const bool vmstatGauge = counter.name.starts_with("nr_") && counter.name != "nr_vmscan_write" &&
                                 counter.name != "nr_vmscan_immediate_reclaim" && counter.name != "nr_dirtied" &&
                                 counter.name != "nr_written" && counter.name != "nr_throttled_written" &&
                                 counter.name != "nr_foll_pin_acquired" && counter.name != "nr_foll_pin_released";
        bool known = false;
        for (const MotionSpec& spec : kKnownMotions) {
            if (spec.key == specKey) {
                counter.motion = spec.motion;
                counter.low = spec.low;
                counter.high = spec.high;
                known = true;
            }
        }
        if (!known && vmstatGauge) {
            // A quarter of the levels are empty on a host like this one (no swap, no CMA ...).
            const bool empty = rng.chance(0.25);
            counter.motion = Motion::Gauge;
            const double level = empty ? 0 : std::exp(rng.uniform(std::log(1e3), std::log(1e8)));
            counter.low = level * 0.9;
            counter.high = level * 1.1;
        } else if (!known) {
            // Half of the other counters never move (features not in use), the rest rarely.
            counter.motion = rng.chance(0.5) ? Motion::Constant : Motion::Rare;
            counter.high = 10;
        }
        switch (counter.motion) {
        case Motion::Constant:
            counter.value = known ? std::int64_t(counter.low) : 0;
            if (known && counter.name.starts_with("nr_dirty"))
                counter.value = std::int64_t(rng.uniform(1e7, 4e7));
            if (!known && rng.chance(0.5))
                counter.value = std::int64_t(rng.below(1000));
            break;
        case Motion::Counter: counter.value = std::int64_t(counter.high * rng.uniform(2e4, 3e5)); break;
        case Motion::Rare: counter.value = std::int64_t(rng.below(100000)); break;
        case Motion::Gauge:
            counter.level = rng.uniform(counter.low, counter.high);
            counter.value = std::int64_t(counter.level);
            break;
        }
        return counter;
    }

    void step(Counter& counter, double load)
    {
        switch (counter.motion) {
        case Motion::Constant: break;
        case Motion::Counter:
            counter.value += std::int64_t(rng.count(load * rng.uniform(counter.low, counter.high)));
            break;
        case Motion::Rare:
            if (rng.chance(0.02))
                counter.value += std::int64_t(1 + rng.below(std::uint64_t(counter.high)));
            break;
        case Motion::Gauge:
            counter.level = wander(rng, counter.level, counter.low, counter.high);
            counter.value = std::int64_t(counter.level);
            break;
        }
    }

    std::vector<CounterSection> buildSections(const auto& sections)
    {
        std::vector<CounterSection> result;
        for (const Section& section : sections) {
            CounterSection built;
            built.prefix = section.prefix;
            built.header = built.prefix + ":";
            for (const std::string_view key : splitWords(section.keys)) {
                built.header += ' ';
                built.header += key;
                built.counters.push_back(makeCounter(std::string(key), built.prefix + "." + std::string(key)));
            }
            built.header += '\n';
            result.push_back(std::move(built));
        }
        return result;
    }

    void buildDisks()
    {
        for (int loop = 0; loop < shape.loopDevices; ++loop) {
            Disk disk;
            disk.name = "loop" + std::to_string(loop);
            disk.major = 7;
            disk.minor = loop;
            disk.loop = true;
            disks.push_back(std::move(disk));
        }
        int minor = 0;
        int partitionsLeft = shape.partitions;
        for (int index = 0; index < shape.disks; ++index) {
            Disk disk;
            disk.name = diskName(index);
            disk.minor = minor++;
            disk.readIops = rng.uniform(100, 20000);
            disk.writeIops = rng.uniform(100, 15000);
            disk.readSize = rng.uniform(8, 256);
            disk.writeSize = rng.uniform(8, 256);
            disk.latency = rng.uniform(0.08, 1.5);
            seedDiskHistory(disk);
            disks.push_back(disk);
            // The boot disk has two partitions, the next few one each.
            const int partitions = std::min(partitionsLeft, index == 0 ? 2 : 1);
            for (int number = 1; number <= partitions; ++number) {
                Disk partition;
                partition.name = disk.name + "p" + std::to_string(number);
                partition.minor = minor++;
                partition.partition = true;
                partition.readIops = disk.readIops * 0.5;
                partition.writeIops = disk.writeIops * 0.5;
                partition.readSize = disk.readSize;
                partition.writeSize = disk.writeSize;
                partition.latency = disk.latency;
                seedDiskHistory(partition);
                disks.push_back(std::move(partition));
            }
            partitionsLeft -= partitions;
        }
    }

    void seedDiskHistory(Disk& disk)
    {
        const double seconds = kUptimeAtStart * 0.2; // busy a fifth of the time since boot
        disk.fields[0] = std::uint64_t(disk.readIops * seconds);
        disk.fields[1] = disk.fields[0] / 20;
        disk.fields[2] = std::uint64_t(double(disk.fields[0]) * disk.readSize);
        disk.fields[3] = std::uint32_t(std::fmod(double(disk.fields[0]) * disk.latency, 4294967296.0));
        disk.fields[4] = std::uint64_t(disk.writeIops * seconds);
        disk.fields[5] = disk.fields[4] / 10;
        disk.fields[6] = std::uint64_t(double(disk.fields[4]) * disk.writeSize);
        disk.fields[7] = std::uint32_t(std::fmod(double(disk.fields[4]) * disk.latency * 1.5, 4294967296.0));
        disk.fields[9] = std::uint32_t(seconds * 1000 * 0.8);
        disk.fields[10] = std::uint32_t(std::fmod(double(disk.fields[3] + disk.fields[7]), 4294967296.0));
        disk.fields[11] = std::uint64_t(seconds * 2);
        disk.fields[13] = disk.fields[11] * 2048;
        disk.fields[14] = disk.fields[11] * 3;
        disk.fields[15] = std::uint64_t(seconds * 40);
        disk.fields[16] = disk.fields[15] * 2;
    }

    void buildNics()
    {
        for (int index = -1; index < shape.nics; ++index) {
            Nic nic;
            nic.name = index < 0 ? "lo" : nicName(index);
            nic.rxBytes = index < 0 ? 2e5 : rng.uniform(5e7, 2.5e9);
            nic.txBytes = index < 0 ? 2e5 : rng.uniform(5e7, 2.5e9);
            nic.rxPacket = index < 0 ? 300 : rng.uniform(400, 1400);
            nic.txPacket = index < 0 ? 300 : rng.uniform(400, 1400);
            nic.fields[0] = std::uint64_t(nic.rxBytes * kUptimeAtStart * 0.3);
            nic.fields[1] = std::uint64_t(double(nic.fields[0]) / nic.rxPacket);
            nic.fields[3] = rng.below(5000);
            nic.fields[7] = rng.below(100000);
            nic.fields[8] = std::uint64_t(nic.txBytes * kUptimeAtStart * 0.3);
            nic.fields[9] = std::uint64_t(double(nic.fields[8]) / nic.txPacket);
            nics.push_back(std::move(nic));
        }
    }

    void addProcess(int pid, std::string comm, bool kernel, double lowTicks, double highTicks, std::uint64_t threads)
    {
        Process process;
        process.pid = pid;
        process.comm = std::move(comm);
        process.kernel = kernel;
        process.lowTicks = lowTicks;
        process.highTicks = highTicks;
        process.rate = rng.uniform(lowTicks, highTicks);
        process.threads = threads;
        process.processor = int(rng.below(std::uint64_t(shape.cpus)));
        process.startTime = std::uint64_t(rng.uniform(0.0, kUptimeAtStart * 0.01) * double(kTicksPerSecond));
        const double seconds = kUptimeAtStart - double(process.startTime) / double(kTicksPerSecond);
        const double ticks = process.rate * seconds * 0.5;
        process.systemShare = rng.uniform(0.05, 0.4);
        process.utime = std::uint64_t(ticks * (1 - process.systemShare));
        process.stime = std::uint64_t(ticks * process.systemShare);
        if (kernel) {
            process.ppid = pid == 2 ? 0 : 2;
            process.flags = 69238880; // PF_KTHREAD | PF_NOFREEZE | ...
            process.state = process.comm.starts_with("kworker") ? 'I' : 'S';
            // High-priority workers ("kworker/3:1H-kblockd") run at nice -20.
            process.nice = process.comm.find("H-") != std::string::npos ? -20 : 0;
            process.priority = 20 + process.nice;
        } else {
            process.ppid = pid == 1 ? 0 : 1;
            process.pgrp = pid;
            process.session = pid;
            process.flags = 4194560;
            process.vsize = std::uint64_t(rng.uniform(8e6, double(threads) * 2e8 + 2e8));
            process.rss = std::int64_t(rng.uniform(500, 2000) + double(threads) * rng.uniform(200, 4000));
            process.minflt = std::uint64_t(ticks * 50);
            process.majflt = rng.below(500);
            process.startCode = 0x55d1c0000000ull + rng.below(0x10000000) * 4096;
            process.endCode = process.startCode + 0x200000 + rng.below(0x1000) * 4096;
            process.startStack = 0x7ffc00000000ull + rng.below(0x100000) * 4096;
        }
        processes.push_back(std::move(process));
    }

    void buildProcesses()
    {
        const int kernelThreads = shape.processes / 2;
        const std::array<const char*, 12> kernelHead = {
            "kthreadd", "rcu_gp", "rcu_par_gp", "slub_flushwq", "netns", "kworker/0:0H-events_highpri",
            "mm_percpu_wq", "rcu_tasks_kthread", "rcu_tasks_rude_kthread", "rcu_tasks_trace_kthread",
            "rcu_preempt", "kworker/u385:2-events_unbound"};
        int pid = 1;
        addProcess(pid++, "systemd", false, 0.5, 3, 1);
        for (const char* comm : kernelHead) {
            if (int(processes.size()) > kernelThreads)
                break;
            addProcess(pid++, comm, true, 0, std::string_view(comm) == "rcu_preempt" ? 8 : 0.3, 1);
        }
        for (int cpu = 0; int(processes.size()) <= kernelThreads; ++cpu) {
            for (const char* prefix : kPerCpuThreads) {
                if (int(processes.size()) > kernelThreads)
                    break;
                std::string comm = prefix + std::to_string(cpu % std::max(1, shape.cpus));
                const bool softirq = std::string_view(prefix) == "ksoftirqd/";
                if (std::string_view(prefix) == "kworker/")
                    comm += (cpu % 3 == 0) ? ":1H-kblockd" : ":0-mm_percpu_wq";
                addProcess(pid++, std::move(comm), true, 0, softirq ? 5 : 0.2, 1);
            }
        }
        pid = 1800 + int(rng.below(200));
        for (std::size_t program = 0; int(processes.size()) < shape.processes; ++program) {
            const ProgramSpec& spec = kUserPrograms[program % std::size(kUserPrograms)];
            const int copies = program < std::size(kUserPrograms) ? spec.copies : 1;
            for (int copy = 0; copy < copies && int(processes.size()) < shape.processes; ++copy) {
                // Of sixty postgres backends, a third is busy.
                const bool idleCopy = std::string_view(spec.comm) == "postgres" && copy % 3 != 0;
                addProcess(pid, spec.comm, false, idleCopy ? 0 : spec.lowTicks, idleCopy ? 0.2 : spec.highTicks,
                           std::uint64_t(spec.threads));
                pid += 1 + int(rng.below(40));
            }
            // A few short-lived processes that the churn replaces.
            if (program % 3 == 0 && int(processes.size()) < shape.processes) {
                addProcess(pid, kShortLived[program % kShortLived.size()], false, 0, 0.5, 1);
                processes.back().shortLived = true;
                pid += 1 + int(rng.below(40));
            }
        }
        lastPid = std::uint32_t(pid) + 200000;
    }

    // --- one simulated second ---------------------------------------------------------------------

    void stepOnce()
    {
        ++sample;
        hostLoad = wander(rng, hostLoad, 0.1, 0.9, 0.02);
        for (Cpu& cpu : cpus) {
            cpu.deviceIrqsThisStep = 0;
            cpu.nicIrqsThisStep = 0;
        }
        // Interrupts first: the time a CPU spends in hard and soft interrupts follows from them.
        stepInterrupts();
        std::uint64_t switches = 0;
        double busyCpus = 0;
        for (Cpu& cpu : cpus) {
            cpu.busy = std::clamp(cpu.busy + rng.uniform(-0.08, 0.08) + (hostLoad * cpu.bias - cpu.busy) * 0.1,
                                  0.01, 0.99);
            busyCpus += cpu.busy;
            // The tick does not land exactly on the second: 99 to 101 ticks per second.
            const std::uint64_t total = kTicksPerSecond - 1 + rng.below(3);
            const double busy = double(total) * cpu.busy;
            // Most columns are zero on most CPUs of a real server: nice only where a niced batch job
            // runs, steal almost never on metal or Nitro, I/O wait on a few CPUs, hard and soft
            // interrupt time only where device interrupts land (about 2 and 5 us per interrupt).
            const std::uint64_t system = rng.count(busy * 0.2);
            const std::uint64_t nice = rng.count(busy * cpu.niceShare);
            const std::uint64_t irq = rng.count(double(cpu.deviceIrqsThisStep + cpu.nicIrqsThisStep) * 2e-6 * 100);
            const std::uint64_t softirq = rng.count(double(cpu.deviceIrqsThisStep + cpu.nicIrqsThisStep) * 5e-6 * 100);
            const std::uint64_t steal = rng.chance(0.002) ? 1 : 0;
            const std::uint64_t iowait = cpu.iowaitProne ? rng.count(double(total) * rng.uniform(0, 0.05)) : 0;
            std::uint64_t user = rng.count(busy * (0.8 - cpu.niceShare));
            std::uint64_t used = user + system + nice + irq + softirq + steal + iowait;
            if (used > total) {
                user -= std::min(user, used - total);
                used = user + system + nice + irq + softirq + steal + iowait;
            }
            cpu.times[0] += user;
            cpu.times[1] += nice;
            cpu.times[2] += system;
            cpu.times[3] += total - std::min(total, used);
            cpu.times[4] += iowait;
            cpu.times[5] += irq;
            cpu.times[6] += softirq;
            cpu.times[7] += steal;
            switches += rng.count(1000 + cpu.busy * 20000 * rng.uniform(0.7, 1.3));
        }
        contextSwitches += switches;
        const std::uint64_t newProcesses = rng.count(rng.uniform(50, 400));
        forks += newProcesses;
        lastPid = std::uint32_t((lastPid + newProcesses) % kPidMax);
        if (lastPid < 300)
            lastPid += 300;
        procsRunning = std::uint32_t(std::max(1.0, busyCpus * rng.uniform(0.8, 1.2)));
        procsBlocked = std::uint32_t(rng.below(6));
        const auto decay = [](double& average, double value, double seconds) {
            average += (value - average) * (1 - std::exp(-1 / seconds));
        };
        decay(load1, double(procsRunning + procsBlocked), 60);
        decay(load5, double(procsRunning + procsBlocked), 300);
        decay(load15, double(procsRunning + procsBlocked), 900);

        stepSoftirqs();
        stepMemory();
        stepPressure();
        stepDisks();
        stepNetwork();
        stepProcesses();
    }

    void markPending(IrqLine& line, int cpu)
    {
        if (line.pending.empty() || line.pending.back() != cpu)
            line.pending.push_back(cpu);
    }

    void stepInterrupts()
    {
        for (IrqLine& line : irqLines) {
            switch (line.kind) {
            case IrqKind::Frozen:
            case IrqKind::Single: continue;
            case IrqKind::Legacy:
            case IrqKind::Misc:
            case IrqKind::Nic:
            case IrqKind::Nvme: {
                const double low = line.kind == IrqKind::Nic ? 2000 : line.kind == IrqKind::Nvme ? 100 : 0;
                const double high = line.kind == IrqKind::Nic ? 20000 : line.kind == IrqKind::Nvme ? 5000 : line.rate;
                if (high > low)
                    line.rate = wander(rng, line.rate, low, high, 0.05);
                // irqbalance moves a device line to another CPU now and then.
                if (line.kind != IrqKind::Legacy && rng.chance(0.0005))
                    line.affineCpu = int(rng.below(std::uint64_t(shape.cpus)));
                const std::uint64_t events = rng.count(line.rate * rng.uniform(0.8, 1.2));
                if (events == 0)
                    continue;
                line.perCpu[std::size_t(line.affineCpu)] += std::uint32_t(events);
                Cpu& cpu = cpus[std::size_t(line.affineCpu)];
                if (line.kind == IrqKind::Nic)
                    cpu.nicIrqsThisStep += std::uint32_t(events);
                else if (line.kind == IrqKind::Nvme)
                    cpu.deviceIrqsThisStep += std::uint32_t(events);
                markPending(line, line.affineCpu);
                continue;
            }
            default: break;
            }
            for (std::size_t index = 0; index < line.perCpu.size(); ++index) {
                const double busy = cpus[index].busy;
                double mean = 0;
                switch (line.kind) {
                case IrqKind::Nmi:
                case IrqKind::Pmi: mean = 0.1; break; // the NMI watchdog, every ten seconds
                case IrqKind::Local: mean = 60 + 190 * busy; break;
                case IrqKind::IrqWork: mean = 0.5 * busy; break;
                case IrqKind::Reschedule: mean = 20 + 2000 * busy * rng.uniform(0.5, 1.5); break;
                case IrqKind::FunctionCall: mean = 10 + 800 * busy * rng.uniform(0.5, 1.5); break;
                case IrqKind::Tlb: mean = 400 * busy * rng.uniform(0.3, 1.7); break;
                case IrqKind::MachineCheckPoll: mean = 1.0 / 300; break;
                default: break;
                }
                line.perCpu[index] += std::uint32_t(rng.count(mean));
            }
            line.allPending = true;
        }
    }

    void stepSoftirqs()
    {
        for (Cpu& cpu : cpus) {
            cpu.softirqs[Timer] += std::uint32_t(rng.count(20 + 230 * cpu.busy));
            cpu.softirqs[NetTx] += std::uint32_t(rng.count(cpu.nicIrqsThisStep * 0.05));
            cpu.softirqs[NetRx] += std::uint32_t(rng.count(cpu.nicIrqsThisStep * 1.1 + 0.5));
            cpu.softirqs[Block] += cpu.deviceIrqsThisStep;
            cpu.softirqs[Tasklet] += std::uint32_t(rng.count(0.2));
            cpu.softirqs[Sched] += std::uint32_t(rng.count(20 + 480 * cpu.busy));
            cpu.softirqs[Hrtimer] += std::uint32_t(rng.count(0.05));
            cpu.softirqs[Rcu] += std::uint32_t(rng.count(20 + 280 * cpu.busy));
        }
    }

    void stepMemory()
    {
        for (MemField& field : meminfo) {
            if (field.high > field.low)
                field.value = std::round(wander(rng, field.value, field.low, field.high, 0.005));
        }
        deriveMemory();
        for (Counter& counter : vmstat)
            step(counter, hostLoad / 0.5);
    }

    MemField& mem(std::string_view key)
    {
        for (MemField& field : meminfo) {
            if (std::string_view(field.label).substr(0, key.size()) == key && field.label[key.size()] == ':')
                return field;
        }
        throw std::logic_error("synthetic host: no meminfo field " + std::string(key));
    }

    void deriveMemory()
    {
        mem("MemAvailable").value = mem("MemFree").value + 0.8 * mem("Cached").value + mem("SReclaimable").value;
        mem("Active").value = mem("Active(anon)").value + mem("Active(file)").value;
        mem("Inactive").value = mem("Inactive(anon)").value + mem("Inactive(file)").value;
        mem("KReclaimable").value = mem("SReclaimable").value;
        mem("Slab").value = mem("SReclaimable").value + mem("SUnreclaim").value;
    }

    void stepPressure()
    {
        const std::array<double, 3> maxSome = {0.4, 0.05, 0.3};
        for (std::size_t resource = 0; resource < pressure.size(); ++resource) {
            Pressure& p = pressure[resource];
            for (std::size_t line = 0; line < 2; ++line) {
                if (line == 1 && p.fullAlwaysZero)
                    continue;
                const double limit = line == 0 ? maxSome[resource] : maxSome[resource] * 0.5;
                p.share[line] = wander(rng, p.share[line], 0, limit, 0.1);
                const double stalled = p.share[line] * 1e6; // microseconds of this second
                p.total[line] += std::uint64_t(stalled);
                const std::array<double, 3> windows = {10, 60, 300};
                for (std::size_t w = 0; w < 3; ++w)
                    p.averages[line][w] += (p.share[line] * 100 - p.averages[line][w]) * (1 - std::exp(-1 / windows[w]));
            }
        }
    }

    void stepDisks()
    {
        for (Disk& disk : disks) {
            if (disk.loop)
                continue;
            disk.readIops = wander(rng, disk.readIops, 0, 20000, 0.03);
            disk.writeIops = wander(rng, disk.writeIops, 0, 15000, 0.03);
            disk.latency = wander(rng, disk.latency, 0.05, 2.0, 0.02);
            const std::uint64_t reads = rng.count(disk.readIops);
            const std::uint64_t writes = rng.count(disk.writeIops);
            const double readMs = double(reads) * disk.latency;
            const double writeMs = double(writes) * disk.latency * 1.5;
            disk.fields[0] += reads;
            disk.fields[1] += rng.count(double(reads) * 0.05);
            disk.fields[2] += std::uint64_t(double(reads) * disk.readSize);
            disk.fields[3] = std::uint32_t(disk.fields[3] + rng.count(readMs));
            disk.fields[4] += writes;
            disk.fields[5] += rng.count(double(writes) * 0.1);
            disk.fields[6] += std::uint64_t(double(writes) * disk.writeSize);
            disk.fields[7] = std::uint32_t(disk.fields[7] + rng.count(writeMs));
            disk.inFlight = std::uint32_t(rng.below(std::uint64_t(1 + (readMs + writeMs) / 1000)));
            disk.fields[8] = disk.inFlight;
            disk.fields[9] = std::uint32_t(disk.fields[9] + std::min<std::uint64_t>(1000, rng.count((readMs + writeMs) * 0.6)));
            disk.fields[10] = std::uint32_t(disk.fields[10] + rng.count(readMs + writeMs));
            if (rng.chance(0.05)) {
                const std::uint64_t discards = 1 + rng.below(20);
                disk.fields[11] += discards;
                disk.fields[13] += discards * 2048;
                disk.fields[14] = std::uint32_t(disk.fields[14] + discards * 3);
            }
            const std::uint64_t flushes = rng.count(rng.uniform(10, 500));
            disk.fields[15] += flushes;
            disk.fields[16] = std::uint32_t(disk.fields[16] + flushes * 2);
        }
    }

    void stepNetwork()
    {
        for (Nic& nic : nics) {
            const bool loopback = nic.name == "lo";
            nic.rxBytes = wander(rng, nic.rxBytes, loopback ? 1e4 : 1e7, loopback ? 1e6 : 3e9, 0.03);
            nic.txBytes = wander(rng, nic.txBytes, loopback ? 1e4 : 1e7, loopback ? 1e6 : 3e9, 0.03);
            const std::uint64_t rx = rng.count(nic.rxBytes);
            const std::uint64_t tx = loopback ? rx : rng.count(nic.txBytes);
            nic.fields[0] += rx;
            nic.fields[1] += rng.count(double(rx) / nic.rxPacket);
            nic.fields[8] += tx;
            nic.fields[9] += rng.count(double(tx) / nic.txPacket);
            if (!loopback) {
                nic.fields[3] += rng.chance(0.05) ? 1 + rng.below(10) : 0;  // drops
                nic.fields[7] += rng.count(rng.uniform(0, 20));            // multicast
                nic.fields[11] += rng.chance(0.01) ? 1 : 0;                  // tx drops
            } else {
                nic.fields[1] = nic.fields[9];
            }
        }
        for (auto* sections : {&snmp, &netstat}) {
            for (CounterSection& section : *sections) {
                for (Counter& counter : section.counters)
                    step(counter, hostLoad / 0.5);
            }
        }
    }

    void stepProcesses()
    {
        for (Process& process : processes) {
            const bool busy = process.highTicks >= 1;
            if (process.highTicks > 0)
                process.rate = wander(rng, process.rate, process.lowTicks, process.highTicks, 0.05);
            const std::uint64_t ticks = rng.count(process.rate * rng.uniform(0.6, 1.4));
            if (ticks > 0) {
                const std::uint64_t system = rng.count(double(ticks) * process.systemShare);
                process.stime += std::min(system, ticks);
                process.utime += ticks - std::min(system, ticks);
                process.processor = int(rng.below(std::uint64_t(shape.cpus)));
                process.dirty = true;
            }
            if (!process.kernel && (busy || rng.chance(0.05))) {
                process.minflt += rng.count(busy ? rng.uniform(100, 10000) : 5);
                const double rss = double(process.rss);
                process.rss = std::max<std::int64_t>(100, std::int64_t(rss * rng.uniform(0.995, 1.005)));
                if (process.threads > 8 && rng.chance(0.05))
                    process.threads = process.threads + 1 - rng.below(3);
                process.dirty = true;
            }
            const char state = busy && rng.chance(0.5) ? 'R' : (process.comm.starts_with("kworker") ? 'I' : 'S');
            if (state != process.state) {
                process.state = state;
                process.dirty = true;
            }
        }
        if (shape.processChurnEverySamples > 0 && sample % std::uint64_t(shape.processChurnEverySamples) == 0)
            churnOneProcess();
    }

    // A short-lived process exits and another starts with a new pid.
    void churnOneProcess()
    {
        for (std::size_t tried = 0; tried < processes.size(); ++tried) {
            Process& process = processes[churnCursor++ % processes.size()];
            if (!process.shortLived)
                continue;
            if (created) {
                process.file.close();
                const std::string directory = proc(std::to_string(process.pid));
                std::error_code error;
                fs::remove_all(directory, error);
            }
            lastPid = std::uint32_t((lastPid + 1 + rng.below(50)) % kPidMax);
            process.pid = int(std::max<std::uint32_t>(lastPid, 300));
            process.comm = kShortLived[rng.below(kShortLived.size())];
            process.startTime = std::uint64_t(uptime() * double(kTicksPerSecond));
            process.utime = 0;
            process.stime = 0;
            process.minflt = 100 + rng.below(1000);
            process.majflt = 0;
            process.rss = std::int64_t(200 + rng.below(600));
            process.rate = rng.uniform(0, 0.5);
            process.dirty = true;
            if (created)
                createProcessFile(process);
            return;
        }
    }

    // --- writing the files --------------------------------------------------------------------------

    void createProcessFile(Process& process)
    {
        const std::string directory = proc(std::to_string(process.pid));
        fs::create_directories(directory);
        openFile(process.file, directory + "/stat");
    }

    void writeStat()
    {
        text.clear();
        std::array<std::uint64_t, 10> sum{};
        for (const Cpu& cpu : cpus) {
            for (std::size_t i = 0; i < sum.size(); ++i)
                sum[i] += cpu.times[i];
        }
        put(text, "cpu ");
        for (const std::uint64_t value : sum) {
            text += ' ';
            putU(text, value);
        }
        text += '\n';
        for (std::size_t index = 0; index < cpus.size(); ++index) {
            put(text, "cpu");
            putU(text, index);
            for (const std::uint64_t value : cpus[index].times) {
                text += ' ';
                putU(text, value);
            }
            text += '\n';
        }
        // intr: the total, then one count per IRQ number up to nr_irqs.
        std::uint64_t total = 0;
        std::vector<std::uint64_t>& perIrq = intrScratch;
        perIrq.assign(std::size_t(nrIrqs), 0);
        for (const IrqLine& line : irqLines) {
            std::uint64_t lineTotal = 0;
            for (const std::uint32_t count : line.perCpu)
                lineTotal += count;
            total += lineTotal;
            if (line.number >= 0 && line.number < nrIrqs)
                perIrq[std::size_t(line.number)] = std::uint32_t(lineTotal);
        }
        put(text, "intr ");
        putU(text, total);
        for (const std::uint64_t count : perIrq) {
            text += ' ';
            putU(text, count);
        }
        put(text, "\nctxt ");
        putU(text, contextSwitches);
        put(text, "\nbtime ");
        putU(text, kBootTime);
        put(text, "\nprocesses ");
        putU(text, forks);
        put(text, "\nprocs_running ");
        putU(text, procsRunning);
        put(text, "\nprocs_blocked ");
        putU(text, procsBlocked);
        std::array<std::uint64_t, 10> softirqSum{};
        for (const Cpu& cpu : cpus) {
            for (std::size_t i = 0; i < softirqSum.size(); ++i)
                softirqSum[i] += cpu.softirqs[i];
        }
        std::uint64_t softirqTotal = 0;
        for (const std::uint64_t value : softirqSum)
            softirqTotal += value;
        put(text, "\nsoftirq ");
        putU(text, softirqTotal);
        for (const std::uint64_t value : softirqSum) {
            text += ' ';
            putU(text, value);
        }
        text += '\n';
        write(statFile, text);
    }
    std::vector<std::uint64_t> intrScratch;

    // Builds the whole text once; later steps patch the fixed-width cells that changed.
    void formatInterrupts()
    {
        interruptsText.clear();
        interruptsText.append(std::size_t(precision + 8), ' ');
        for (int cpu = 0; cpu < shape.cpus; ++cpu) {
            put(interruptsText, "CPU");
            putLeft(interruptsText, std::to_string(cpu), 8);
        }
        interruptsText += '\n';
        for (IrqLine& line : irqLines) {
            putRight(interruptsText, line.label, precision);
            put(interruptsText, ": ");
            line.offset = interruptsText.size();
            if (line.kind == IrqKind::Single) {
                putRight(interruptsText, line.perCpu[0], 10);
                interruptsText += '\n';
                continue;
            }
            for (const std::uint32_t count : line.perCpu) {
                putRight(interruptsText, count, 10);
                interruptsText += ' ';
            }
            if (line.number >= 0) {
                // show_interrupts(): " %8s" chip, " %*lu" hwirq, "-%-8s" type, "  %s" action.
                interruptsText += ' ';
                putRight(interruptsText, line.chip, 8);
                interruptsText += ' ';
                putRight(interruptsText, std::uint64_t(line.hwirq), precision);
                interruptsText += '-';
                putLeft(interruptsText, line.type, 8);
                put(interruptsText, "  ");
                interruptsText += line.description;
            } else {
                put(interruptsText, "  ");
                interruptsText += line.description;
            }
            interruptsText += '\n';
            line.pending.clear();
            line.allPending = false;
        }
    }

    void writeInterrupts()
    {
        for (IrqLine& line : irqLines) {
            if (line.allPending) {
                for (std::size_t cpu = 0; cpu < line.perCpu.size(); ++cpu)
                    patchCell(interruptsText, line.offset + cpu * 11, line.perCpu[cpu]);
            } else {
                for (const int cpu : line.pending)
                    patchCell(interruptsText, line.offset + std::size_t(cpu) * 11, line.perCpu[std::size_t(cpu)]);
            }
            line.pending.clear();
            line.allPending = false;
        }
        write(interruptsFile, interruptsText);
    }

    void writeSoftirqs()
    {
        text.clear();
        text.append(20, ' ');
        for (int cpu = 0; cpu < shape.cpus; ++cpu) {
            put(text, "CPU");
            putLeft(text, std::to_string(cpu), 8);
        }
        text += '\n';
        for (std::size_t kind = 0; kind < kSoftirqNames.size(); ++kind) {
            putRight(text, std::string(kSoftirqNames[kind]) + ":", 13);
            for (const Cpu& cpu : cpus) {
                text += ' ';
                putRight(text, cpu.softirqs[kind], 10);
            }
            text += '\n';
        }
        write(softirqsFile, text);
    }

    void writeMeminfo()
    {
        text.clear();
        for (const MemField& field : meminfo) {
            put(text, field.label);
            putRight(text, std::uint64_t(field.value), 8);
            put(text, field.kilobytes ? " kB\n" : "\n");
        }
        write(meminfoFile, text);
        text.clear();
        for (const Counter& counter : vmstat) {
            put(text, counter.name);
            text += ' ';
            putI(text, counter.value);
            text += '\n';
        }
        write(vmstatFile, text);
    }

    void writeLoad()
    {
        text.clear();
        putHundredths(text, load1);
        text += ' ';
        putHundredths(text, load5);
        text += ' ';
        putHundredths(text, load15);
        text += ' ';
        putU(text, procsRunning);
        text += '/';
        std::uint64_t threads = 0;
        for (const Process& process : processes)
            threads += process.threads;
        putU(text, threads);
        text += ' ';
        putU(text, lastPid);
        text += '\n';
        write(loadavgFile, text);

        text.clear();
        putHundredths(text, uptime());
        text += ' ';
        std::uint64_t idle = 0;
        for (const Cpu& cpu : cpus)
            idle += cpu.times[3];
        putHundredths(text, double(idle) / double(kTicksPerSecond));
        text += '\n';
        write(uptimeFile, text);
    }

    void writePressure()
    {
        for (Pressure& p : pressure) {
            text.clear();
            for (std::size_t line = 0; line < 2; ++line) {
                put(text, line == 0 ? "some avg10=" : "full avg10=");
                putHundredths(text, p.averages[line][0]);
                put(text, " avg60=");
                putHundredths(text, p.averages[line][1]);
                put(text, " avg300=");
                putHundredths(text, p.averages[line][2]);
                put(text, " total=");
                putU(text, p.total[line]);
                text += '\n';
            }
            write(p.file, text);
        }
    }

    void writeDiskstats()
    {
        text.clear();
        for (const Disk& disk : disks) {
            putRight(text, std::uint64_t(disk.major), 4);
            text += ' ';
            putRight(text, std::uint64_t(disk.minor), 7);
            text += ' ';
            put(text, disk.name);
            for (const std::uint64_t value : disk.fields) {
                text += ' ';
                putU(text, value);
            }
            text += '\n';
        }
        write(diskstatsFile, text);
    }

    void writeNetwork()
    {
        text.clear();
        put(text, "Inter-|   Receive                                                |  Transmit\n"
                  " face |bytes    packets errs drop fifo frame compressed multicast|"
                  "bytes    packets errs drop fifo colls carrier compressed\n");
        constexpr std::array<int, 16> widths = {8, 7, 4, 4, 4, 5, 10, 9, 8, 7, 4, 4, 4, 5, 7, 10};
        for (const Nic& nic : nics) {
            putRight(text, nic.name, 6);
            text += ':';
            for (std::size_t i = 0; i < nic.fields.size(); ++i) {
                if (i > 0)
                    text += ' ';
                putRight(text, nic.fields[i], widths[i]);
            }
            text += '\n';
        }
        write(netDevFile, text);

        for (auto [sections, file] : {std::pair{&snmp, &snmpFile}, std::pair{&netstat, &netstatFile}}) {
            text.clear();
            for (const CounterSection& section : *sections) {
                put(text, section.header);
                put(text, section.prefix);
                text += ':';
                for (const Counter& counter : section.counters) {
                    text += ' ';
                    putI(text, counter.value);
                }
                text += '\n';
            }
            write(*file, text);
        }
    }

    void writeProcess(Process& process)
    {
        if (!process.dirty)
            return;
        process.dirty = false;
        text.clear();
        const auto field = [this](auto value) {
            text += ' ';
            if constexpr (std::is_signed_v<decltype(value)>)
                putI(text, std::int64_t(value));
            else
                putU(text, std::uint64_t(value));
        };
        putU(text, std::uint64_t(process.pid));
        put(text, " (");
        put(text, process.comm);
        put(text, ") ");
        text += process.state;
        field(process.ppid);
        field(process.pgrp);
        field(process.session);
        field(process.tty);
        field(-1); // tpgid
        field(process.flags);
        field(process.minflt);
        field(std::uint64_t(0)); // cminflt
        field(process.majflt);
        field(std::uint64_t(0)); // cmajflt
        field(process.utime);
        field(process.stime);
        field(process.cutime);
        field(process.cstime);
        field(process.priority);
        field(process.nice);
        field(process.threads);
        field(0); // itrealvalue
        field(process.startTime);
        field(process.vsize);
        field(process.rss);
        put(text, " 18446744073709551615"); // rsslim: unlimited
        field(process.startCode);
        field(process.endCode);
        field(process.startStack);
        put(text, " 0 0 0 0"); // kstkesp kstkeip signal blocked
        field(process.kernel ? std::uint64_t(2147483647) : std::uint64_t(4096)); // sigignore
        field(process.kernel ? std::uint64_t(0) : std::uint64_t(1260));         // sigcatch
        put(text, " 0 0 0 17"); // wchan nswap cnswap exit_signal
        field(process.processor);
        put(text, " 0 0 0 0 0"); // rt_priority policy delayacct_blkio_ticks guest_time cguest_time
        if (process.kernel) {
            put(text, " 0 0 0 0 0 0 0 0\n");
        } else {
            field(process.endCode + 0x10000);  // start_data
            field(process.endCode + 0x12000);  // end_data
            field(process.endCode + 0x400000); // start_brk
            field(process.startStack + 0x2000); // arg_start
            field(process.startStack + 0x2040); // arg_end
            field(process.startStack + 0x2040); // env_start
            field(process.startStack + 0x2fe0); // env_end
            put(text, " 0\n");
        }
        write(process.file, text);
    }

    void writeAll()
    {
        bytesWritten = 0;
        filesWritten = 0;
        writeStat();
        writeInterrupts();
        writeSoftirqs();
        writeMeminfo();
        writeLoad();
        writePressure();
        writeDiskstats();
        writeNetwork();
        for (Process& process : processes)
            writeProcess(process);
    }

    void create()
    {
        if (created)
            throw std::logic_error("synthetic host: create() called twice");
        std::error_code error;
        if (fs::exists(root + "/proc", error))
            throw std::runtime_error("synthetic host: " + root + "/proc already exists; give an empty directory");


        for (const char* directory : {"proc/pressure", "proc/net", "proc/sys/kernel", "sys/devices/system/cpu",
                                      "sys/class/block"})
            fs::create_directories(root + "/" + directory);
        const std::string cpuList = "0-" + std::to_string(shape.cpus - 1) + "\n";
        for (const char* name : {"online", "possible", "present"})
            writeOnce(sys(std::string("devices/system/cpu/") + name), cpuList);
        const std::string nodeList = shape.numaNodes > 1 ? "0-" + std::to_string(shape.numaNodes - 1) + "\n" : "0\n";
        fs::create_directories(sys("devices/system/node"));
        for (const char* name : {"online", "possible", "has_cpu", "has_memory", "has_normal_memory"})
            writeOnce(sys(std::string("devices/system/node/") + name), nodeList);
        for (int node = 0; node < shape.numaNodes; ++node) {
            const std::string directory = sys("devices/system/node/node" + std::to_string(node));
            fs::create_directories(directory);
            writeOnce(directory + "/cpulist", nodeCpuList(node, shape.numaNodes, shape.cpus) + "\n");
            const std::uint64_t total = std::uint64_t(mem("MemTotal").value) / std::uint64_t(shape.numaNodes);
            const std::uint64_t free = std::uint64_t(mem("MemFree").value) / std::uint64_t(shape.numaNodes);
            std::string nodeMeminfo;
            for (const auto& [key, value] :
                 {std::pair{"MemTotal:", total}, std::pair{"MemFree:", free}, std::pair{"MemUsed:", total - free}}) {
                put(nodeMeminfo, "Node " + std::to_string(node) + " ");
                putLeft(nodeMeminfo, key, 16);
                putRight(nodeMeminfo, value, 8);
                put(nodeMeminfo, " kB\n");
            }
            writeOnce(directory + "/meminfo", nodeMeminfo);
        }
        for (const Disk& disk : disks) {
            const std::string directory = sys("class/block/" + disk.name);
            fs::create_directories(directory + "/slaves");
            if (disk.partition) {
                writeOnce(directory + "/partition", disk.name.substr(disk.name.rfind('p') + 1) + "\n");
            }
        }
        writeOncePerRunFiles();

        openFile(statFile, proc("stat"));
        openFile(uptimeFile, proc("uptime"));
        openFile(loadavgFile, proc("loadavg"));
        openFile(interruptsFile, proc("interrupts"));
        openFile(softirqsFile, proc("softirqs"));
        openFile(meminfoFile, proc("meminfo"));
        openFile(vmstatFile, proc("vmstat"));
        for (std::size_t resource = 0; resource < pressure.size(); ++resource) {
            const char* names[] = {"cpu", "memory", "io"};
            openFile(pressure[resource].file, proc(std::string("pressure/") + names[resource]));
        }
        openFile(diskstatsFile, proc("diskstats"));
        openFile(netDevFile, proc("net/dev"));
        openFile(snmpFile, proc("net/snmp"));
        openFile(netstatFile, proc("net/netstat"));
        for (Process& process : processes)
            createProcessFile(process);

        formatInterrupts();
        created = true;
        writeAll();
    }

    // What a recorder reads once per run (host facts): CPU model and topology, clocksource, THP,
    // a few sysctls. Written once; nothing here changes while the host runs.
    void writeOncePerRunFiles()
    {
        writeOnce(proc("sys/kernel/osrelease"), "6.1.0-18-amd64\n");
        writeOnce(proc("sys/kernel/ostype"), "Linux\n");
        writeOnce(proc("sys/kernel/hostname"), "synthetic-" + std::to_string(shape.cpus) + "\n");
        writeOnce(proc("sys/kernel/pid_max"), std::to_string(kPidMax) + "\n");
        fs::create_directories(proc("sys/vm"));
        writeOnce(proc("sys/vm/swappiness"), "60\n");
        writeOnce(proc("sys/vm/dirty_ratio"), "20\n");
        fs::create_directories(proc("sys/net/core"));
        writeOnce(proc("sys/net/core/somaxconn"), "4096\n");
        writeOnce(proc("cmdline"), "BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=UUID=5d0c1b7e-2a41-4c63-9f1e-"
                                   "3a7f6f2c9b10 ro quiet\n");

        // Two sockets of 48 cores with two hardware threads each; the siblings of core c are c and
        // c + cores, as the kernel numbers them on Intel servers.
        const bool smt = shape.cpus % 2 == 0 && shape.cpus >= 2;
        const int cores = smt ? shape.cpus / 2 : shape.cpus;
        const int sockets = std::max(1, std::min(shape.numaNodes, cores));
        const int coresPerSocket = std::max(1, cores / sockets);
        std::string cpuinfo;
        for (int cpu = 0; cpu < shape.cpus; ++cpu) {
            const int core = cpu % cores;
            const int socket = std::min(sockets - 1, core / coresPerSocket);
            const std::string siblings = smt ? std::to_string(core) + "," + std::to_string(core + cores)
                                             : std::to_string(core);
            const std::string topology = sys("devices/system/cpu/cpu" + std::to_string(cpu) + "/topology");
            fs::create_directories(topology);
            writeOnce(topology + "/physical_package_id", std::to_string(socket) + "\n");
            writeOnce(topology + "/core_cpus_list", siblings + "\n");
            writeOnce(topology + "/thread_siblings_list", siblings + "\n");
            cpuinfo += "processor\t: " + std::to_string(cpu) +
                       "\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 143\n"
                       "model name\t: Intel(R) Xeon(R) Platinum 8488C\nstepping\t: 8\nmicrocode\t: 0x2b000590\n"
                       "cpu MHz\t\t: 2400.000\ncache size\t: 107520 KB\nphysical id\t: " + std::to_string(socket) +
                       "\nsiblings\t: " + std::to_string(shape.cpus / sockets) + "\ncore id\t\t: " +
                       std::to_string(core % coresPerSocket) + "\ncpu cores\t: " + std::to_string(coresPerSocket) +
                       "\napicid\t\t: " + std::to_string(cpu * 2) + "\ninitial apicid\t: " + std::to_string(cpu * 2) +
                       "\nfpu\t\t: yes\nfpu_exception\t: yes\ncpuid level\t: 31\nwp\t\t: yes\n"
                       "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx "
                       "fxsr sse sse2 ss ht syscall nx pdpe1gb rdtscp lm constant_tsc arch_perfmon rep_good nopl "
                       "xtopology nonstop_tsc cpuid aperfmperf tsc_known_freq pni pclmulqdq monitor ssse3 fma cx16 "
                       "pdcm pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand "
                       "hypervisor lahf_lm abm 3dnowprefetch invpcid_single ssbd ibrs ibpb stibp ibrs_enhanced "
                       "fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid avx512f avx512dq rdseed adx smap "
                       "avx512ifma clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt xsavec xgetbv1 xsaves "
                       "avx_vnni avx512_bf16 wbnoinvd ida arat avx512vbmi umip pku ospke waitpkg avx512_vbmi2 gfni "
                       "vaes vpclmulqdq avx512_vnni avx512_bitalg tme avx512_vpopcntdq rdpid cldemote movdiri "
                       "movdir64b md_clear serialize amx_bf16 avx512_fp16 amx_tile amx_int8 flush_l1d arch_capabilities\n"
                       "bugs\t\t: spectre_v1 spectre_v2 spec_store_bypass swapgs eibrs_pbrsb\nbogomips\t: 4800.00\n"
                       "clflush size\t: 64\ncache_alignment\t: 64\naddress sizes\t: 46 bits physical, 57 bits virtual\n"
                       "power management:\n\n";
        }
        writeOnce(proc("cpuinfo"), cpuinfo);
        const std::string cpufreq = sys("devices/system/cpu/cpu0/cpufreq");
        fs::create_directories(cpufreq);
        writeOnce(cpufreq + "/scaling_driver", "intel_pstate\n");
        writeOnce(cpufreq + "/scaling_governor", "performance\n");
        const std::string clocksource = sys("devices/system/clocksource/clocksource0");
        fs::create_directories(clocksource);
        writeOnce(clocksource + "/current_clocksource", "tsc\n");
        writeOnce(clocksource + "/available_clocksource", "tsc hpet acpi_pm \n");
        const std::string thp = sys("kernel/mm/transparent_hugepage");
        fs::create_directories(thp);
        writeOnce(thp + "/enabled", "always [madvise] never\n");
        writeOnce(thp + "/defrag", "always defer defer+madvise [madvise] never\n");
    }

    void advance(std::uint64_t target)
    {
        if (!created)
            throw std::logic_error("synthetic host: advance() before create()");
        if (target <= sample)
            throw std::logic_error("synthetic host: advance(" + std::to_string(target) + ") is not after sample " +
                                   std::to_string(sample));
        while (sample < target)
            stepOnce();
        writeAll();
    }
};

SyntheticHost::SyntheticHost(std::string root, SyntheticHostShape shape)
    : m_impl(std::make_unique<Impl>(std::move(root), shape))
{
}

SyntheticHost::~SyntheticHost() = default;

void SyntheticHost::create()
{
    m_impl->create();
}

void SyntheticHost::advance(std::uint64_t sample)
{
    m_impl->advance(sample);
}

std::uint64_t SyntheticHost::sample() const
{
    return m_impl->sample;
}

std::string SyntheticHost::procRoot() const
{
    return m_impl->root + "/proc";
}

std::string SyntheticHost::sysRoot() const
{
    return m_impl->root + "/sys";
}

const SyntheticHostShape& SyntheticHost::shape() const
{
    return m_impl->shape;
}

std::vector<std::string> SyntheticHost::diskNames() const
{
    std::vector<std::string> names;
    for (int index = 0; index < m_impl->shape.disks; ++index)
        names.push_back(diskName(index));
    return names;
}

std::vector<std::string> SyntheticHost::partitionNames() const
{
    std::vector<std::string> names;
    for (const Impl::Disk& disk : m_impl->disks) {
        if (disk.partition)
            names.push_back(disk.name);
    }
    return names;
}

std::vector<std::string> SyntheticHost::loopDeviceNames() const
{
    std::vector<std::string> names;
    for (int index = 0; index < m_impl->shape.loopDevices; ++index)
        names.push_back("loop" + std::to_string(index));
    return names;
}

std::vector<std::string> SyntheticHost::nicNames() const
{
    std::vector<std::string> names;
    for (int index = 0; index < m_impl->shape.nics; ++index)
        names.push_back(nicName(index));
    return names;
}

std::vector<std::string> SyntheticHost::interruptLabels() const
{
    std::vector<std::string> labels;
    for (const Impl::IrqLine& line : m_impl->irqLines)
        labels.push_back(line.label);
    return labels;
}

std::size_t SyntheticHost::processCount() const
{
    return m_impl->processes.size();
}

std::size_t SyntheticHost::bytesWrittenLastStep() const
{
    return m_impl->bytesWritten;
}

std::size_t SyntheticHost::filesWrittenLastStep() const
{
    return m_impl->filesWritten;
}

} // namespace runlens::bench
