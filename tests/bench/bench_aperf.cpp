// APerf record archive import at scale (issue target in brackets):
//   - aperf::importAperfRuns of a record archive of 192 CPUs × 1 h at 1 s    [<= 2 s wall]
//   - peak memory of the import                                          [<= 2× imported column bytes]
// The archive is synthetic but has APerf 1.2.0's layout and encoding (see
// /work/shared/reference/aperf-archive.md §1-3): `bench_run/` with `<name>_2026-01-30_08_25_32.bin`
// data files, each 3601 bincode records `Data::<X>Raw { time: TimeEnum::DateTime, data: String }`
// (u32 Data variant, u32 0, u64 length + RFC 3339 time with 9 fraction digits, u64 length + text)
// holding the kernel texts of a Graviton-like host: /proc/stat, /proc/meminfo, /proc/vmstat,
// /proc/interrupts (GICv3, ITS-MSI queues, IPI lines), /proc/diskstats, /proc/net/netstat and the
// legacy PMU lines "<cpu> <metric>; <nr>; <dr>;<scale>" of 13 metrics. Counters grow at rates that
// follow a per-CPU load wave. meta_data.bin is left out (APerf's importer does not need it).
//
// It prints the archive's compressed size, the data files' uncompressed sizes, the import's wall
// and CPU seconds, its peak RSS (VmHWM reset just before the import) and the imported column
// bytes (rows × columns × 8 + timestamps), and checks the imported run against what was
// generated (instances, rows, first rates, constant gauges, PMU ratios). It fails (exit 1) only
// when a result is wrong, never on time or memory.
//
//   bench_aperf                 192 CPUs × 3600 s (~750 MB of text; generation takes a while)
//   bench_aperf --quick         16 CPUs × 120 s (the CTest run)
//   bench_aperf --cpus N --seconds S
//   bench_aperf --write FILE    writes the archive to FILE and exits (to profile the import alone)
//   bench_aperf --read FILE     imports FILE instead of generating one (checks assume --cpus/--seconds)
#include "AperfImport.h"

#include <archive.h>
#include <archive_entry.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// --- Text building ---------------------------------------------------------------------------------

struct Text {
    std::string s;

    void clear() { s.clear(); }
    Text& str(std::string_view text)
    {
        s.append(text);
        return *this;
    }
    Text& ch(char c)
    {
        s.push_back(c);
        return *this;
    }
    Text& num(std::uint64_t value)
    {
        char buffer[24];
        const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
        s.append(buffer, std::size_t(end - buffer));
        return *this;
    }
    // Right-aligned in `width` characters, as printf("%*lu").
    Text& padded(std::uint64_t value, std::size_t width)
    {
        char buffer[24];
        const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
        const std::size_t n = std::size_t(end - buffer);
        if (n < width)
            s.append(width - n, ' ');
        s.append(buffer, n);
        return *this;
    }
    // Left-aligned, as printf("%-*s").
    Text& left(std::string_view text, std::size_t width)
    {
        s.append(text);
        if (text.size() < width)
            s.append(width - text.size(), ' ');
        return *this;
    }
};

class Random
{
public:
    explicit Random(std::uint64_t seed)
        : m_state(seed)
    {
    }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }
    double real() { return double(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t m_state;
};

constexpr double kPi = 3.14159265358979323846;

// --- The data files ------------------------------------------------------------------------------

// "2026-01-30T08:25:46.947091447Z" from Unix ns, as chrono writes DateTime<Utc> (AutoSi, 9 digits).
std::string rfc3339(std::int64_t ns)
{
    const std::time_t seconds = std::time_t(ns / 1'000'000'000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%09dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                  parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, int(ns % 1'000'000'000));
    return text;
}

// One data file in the making: records appended to a temporary file (the tar header needs the size).
class DataFile
{
public:
    DataFile(std::string name, std::string path, std::uint32_t variant)
        : name(std::move(name)), path(std::move(path)), m_variant(variant)
    {
        m_file = std::fopen(this->path.c_str(), "wbe");
        if (!m_file) {
            std::perror(this->path.c_str());
            std::exit(2);
        }
        std::setvbuf(m_file, nullptr, _IOFBF, 1 << 20);
    }
    ~DataFile() { close(); }
    DataFile(const DataFile&) = delete;
    DataFile& operator=(const DataFile&) = delete;

    void record(std::int64_t timeNs, std::string_view text)
    {
        const std::string time = rfc3339(timeNs);
        char header[64];
        std::size_t n = 0;
        const auto put32 = [&](std::uint32_t v) {
            for (int i = 0; i < 4; ++i)
                header[n++] = char((v >> (8 * i)) & 0xff);
        };
        const auto put64 = [&](std::uint64_t v) {
            for (int i = 0; i < 8; ++i)
                header[n++] = char((v >> (8 * i)) & 0xff);
        };
        put32(m_variant);
        put32(0); // TimeEnum::DateTime
        put64(time.size());
        std::memcpy(header + n, time.data(), time.size());
        n += time.size();
        put64(text.size());
        std::fwrite(header, 1, n, m_file);
        std::fwrite(text.data(), 1, text.size(), m_file);
        bytes += n + text.size();
        ++records;
    }
    void close()
    {
        if (m_file)
            std::fclose(m_file);
        m_file = nullptr;
    }

    std::string name; // in the archive, below bench_run/
    std::string path; // the temporary file
    std::uint64_t bytes = 0;
    std::uint64_t records = 0;

private:
    std::uint32_t m_variant;
    std::FILE* m_file = nullptr;
};

// What the checks compare the import with.
struct Expected {
    double cpu0UserFirst = 0;   // cpu.user of cpu0 at row 1 (%)
    double memTotalBytes = 0;   // mem.total, constant
    double ipcCpu0First = 0;    // pmu.ipc of cpu0 at row 0 (record 1)
    double ipcAllLast = 0;      // pmu.ipc of "all" at the last row
    std::size_t irqLines = 0;   // interrupt lines with per-CPU counts
};

struct Shape {
    int cpus = 192;
    int seconds = 3600;
    std::int64_t startNs = 0; // 2026-01-30T08:25:46.947091447Z
};

// The host's load on a CPU at a second: a slow wave per CPU, some noise.
double load(const Shape& shape, int cpu, int second, Random& random)
{
    const double phase = double(second) / 600.0 + double(cpu) / double(std::max(1, shape.cpus));
    const double value = 0.45 + 0.3 * std::sin(2 * kPi * phase) + (random.real() - 0.5) * 0.2;
    return std::clamp(value, 0.02, 0.98);
}

// Record i of a file is taken at start + i s + the file's offset + a jitter of up to 2 ms.
std::int64_t sampleTime(const Shape& shape, int i, std::int64_t offsetNs, Random& random)
{
    return shape.startNs + std::int64_t(i) * 1'000'000'000 + offsetNs + std::int64_t(random.below(2'000'000));
}

// /proc/stat
void writeProcStat(const Shape& shape, DataFile& file, Expected& expected)
{
    Random random(1);
    struct Cpu {
        std::array<std::uint64_t, 10> v{};
    };
    std::vector<Cpu> cpus(std::size_t(shape.cpus));
    for (Cpu& cpu : cpus)
        cpu.v = {1'300'000 + random.below(100'000), 85'000 + random.below(10'000), 780'000 + random.below(20'000),
                 166'000'000 + random.below(200'000), 1'000 + random.below(60'000), 0, 500 + random.below(3'000), 0, 0, 0};
    std::vector<std::uint64_t> irqs(64);
    for (std::size_t k = 0; k < irqs.size(); ++k)
        irqs[k] = k % 3 == 0 ? 0 : random.below(5'000'000'000ULL >> (k % 7));
    std::array<std::uint64_t, 10> softirqs{};
    for (auto& s : softirqs)
        s = random.below(400'000'000);
    std::uint64_t ctxt = 9'648'115'227, forks = 26'631'657;
    Text text;
    std::array<std::uint64_t, 10> firstCpu0{};
    for (int i = 0; i <= shape.seconds; ++i) {
        if (i > 0) {
            for (int c = 0; c < shape.cpus; ++c) {
                auto& v = cpus[std::size_t(c)].v;
                const double busy = load(shape, c, i, random) * 100.0;
                const std::uint64_t ticks = 99 + random.below(3);
                const std::uint64_t user = std::uint64_t(busy * 0.75);
                const std::uint64_t system = std::uint64_t(busy * 0.18);
                const std::uint64_t softirq = random.below(3);
                const std::uint64_t nice = random.below(2);
                const std::uint64_t iowait = random.below(3);
                const std::uint64_t used = user + system + softirq + nice + iowait;
                const std::uint64_t idle = ticks > used ? ticks - used : 0;
                v[0] += user;
                v[1] += nice;
                v[2] += system;
                v[3] += idle;
                v[4] += iowait;
                v[6] += softirq;
            }
            for (std::size_t k = 0; k < irqs.size(); ++k)
                irqs[k] += k % 3 == 0 ? 0 : random.below(20'000 >> (k % 5));
            for (auto& s : softirqs)
                s += random.below(50'000);
            ctxt += std::uint64_t(shape.cpus) * (2'000 + random.below(2'000));
            forks += random.below(40);
        }
        std::array<std::uint64_t, 10> all{};
        for (const Cpu& cpu : cpus)
            for (std::size_t k = 0; k < 10; ++k)
                all[k] += cpu.v[k];
        if (i == 0)
            firstCpu0 = cpus[0].v;
        if (i == 1) {
            double whole = 0;
            for (std::size_t k = 0; k < 8; ++k)
                whole += double(cpus[0].v[k] - firstCpu0[k]);
            expected.cpu0UserFirst = double(cpus[0].v[0] - firstCpu0[0]) / whole * 100.0;
        }
        text.clear();
        text.str("cpu ");
        for (const std::uint64_t value : all)
            text.ch(' ').num(value);
        text.ch('\n');
        for (int c = 0; c < shape.cpus; ++c) {
            text.str("cpu").num(std::uint64_t(c));
            for (const std::uint64_t value : cpus[std::size_t(c)].v)
                text.ch(' ').num(value);
            text.ch('\n');
        }
        std::uint64_t intrTotal = 0;
        for (const std::uint64_t value : irqs)
            intrTotal += value;
        text.str("intr ").num(intrTotal);
        for (const std::uint64_t value : irqs)
            text.ch(' ').num(value);
        text.str("\nctxt ").num(ctxt).str("\nbtime 1768076849\nprocesses ").num(forks);
        text.str("\nprocs_running ").num(1 + random.below(std::uint64_t(shape.cpus) / 4 + 1));
        text.str("\nprocs_blocked ").num(random.below(3));
        std::uint64_t softTotal = 0;
        for (const std::uint64_t value : softirqs)
            softTotal += value;
        text.str("\nsoftirq ").num(softTotal);
        for (const std::uint64_t value : softirqs)
            text.ch(' ').num(value);
        text.ch('\n');
        file.record(sampleTime(shape, i, 0, random), text.s);
    }
}

// /proc/meminfo: 55 fields, some levels move, totals stay.
void writeMeminfo(const Shape& shape, DataFile& file, Expected& expected)
{
    struct Field {
        const char* key;
        std::uint64_t base; // kB, or a count for HugePages_*
        double swing;       // relative amplitude of the wave; 0 = constant
        bool kilobytes;
    };
    const std::uint64_t total = 1'584'000'000; // a 192-vCPU, 1.5 TiB Graviton host
    const Field fields[] = {
        {"MemTotal", total, 0, true}, {"MemFree", 600'000'000, 0.2, true}, {"MemAvailable", 1'300'000'000, 0.1, true},
        {"Buffers", 20'000'000, 0.05, true}, {"Cached", 700'000'000, 0.1, true}, {"SwapCached", 0, 0, true},
        {"Active", 300'000'000, 0.1, true}, {"Inactive", 500'000'000, 0.1, true}, {"Active(anon)", 200'000'000, 0.2, true},
        {"Inactive(anon)", 45'000'000, 0.1, true}, {"Active(file)", 100'000'000, 0.1, true},
        {"Inactive(file)", 455'000'000, 0.1, true}, {"Unevictable", 0, 0, true}, {"Mlocked", 0, 0, true},
        {"SwapTotal", 0, 0, true}, {"SwapFree", 0, 0, true}, {"Zswap", 0, 0, true}, {"Zswapped", 0, 0, true},
        {"Dirty", 60'000, 0.9, true}, {"Writeback", 0, 0, true}, {"AnonPages", 245'000'000, 0.2, true},
        {"Mapped", 25'000'000, 0.05, true}, {"Shmem", 90'000, 0.01, true}, {"KReclaimable", 35'000'000, 0.05, true},
        {"Slab", 39'000'000, 0.05, true}, {"SReclaimable", 35'000'000, 0.05, true}, {"SUnreclaim", 3'700'000, 0.02, true},
        {"KernelStack", 150'000, 0.1, true}, {"ShadowCallStack", 38'000, 0.1, true}, {"PageTables", 3'000'000, 0.2, true},
        {"SecPageTables", 0, 0, true}, {"NFS_Unstable", 0, 0, true}, {"Bounce", 0, 0, true}, {"WritebackTmp", 0, 0, true},
        {"CommitLimit", total / 2, 0, true}, {"Committed_AS", 400'000'000, 0.2, true},
        {"VmallocTotal", 135'290'290'112, 0, true}, {"VmallocUsed", 2'290'000, 0.01, true}, {"VmallocChunk", 0, 0, true},
        {"Percpu", 650'000, 0, true}, {"HardwareCorrupted", 0, 0, true}, {"AnonHugePages", 80'000'000, 0.3, true},
        {"ShmemHugePages", 0, 0, true}, {"ShmemPmdMapped", 0, 0, true}, {"FileHugePages", 0, 0, true},
        {"FilePmdMapped", 0, 0, true}, {"CmaTotal", 65'536, 0, true}, {"CmaFree", 52'912, 0.01, true},
        {"Unaccepted", 0, 0, true}, {"HugePages_Total", 0, 0, false}, {"HugePages_Free", 0, 0, false},
        {"HugePages_Rsvd", 0, 0, false}, {"HugePages_Surp", 0, 0, false}, {"Hugepagesize", 2048, 0, true},
        {"Hugetlb", 0, 0, true},
    };
    expected.memTotalBytes = double(total) * 1024.0;
    Random random(2);
    Text text;
    for (int i = 0; i <= shape.seconds; ++i) {
        text.clear();
        for (const Field& field : fields) {
            std::uint64_t value = field.base;
            if (field.swing > 0) {
                const double wave = std::sin(2 * kPi * double(i) / 900.0 + double(field.base % 7));
                value = std::uint64_t(double(field.base) * (1.0 + field.swing * (0.8 * wave + 0.2 * (random.real() - 0.5))));
            }
            const std::string key = std::string(field.key) + ":";
            if (field.kilobytes)
                text.left(key, 16).padded(value, 8).str(" kB\n");
            else
                text.left(key, 16).padded(value, 8).ch('\n');
        }
        file.record(sampleTime(shape, i, -15'000'000, random), text.s);
    }
}

// /proc/vmstat: the 153 fields of a 6.1 arm64 kernel, plus a few newer ones (~170).
void writeVmstat(const Shape& shape, DataFile& file)
{
    static constexpr std::string_view kNames =
        "nr_free_pages nr_zone_inactive_anon nr_zone_active_anon nr_zone_inactive_file nr_zone_active_file "
        "nr_zone_unevictable nr_zone_write_pending nr_mlock nr_page_table_pages nr_bounce nr_zspages nr_free_cma "
        "numa_hit numa_miss numa_foreign numa_interleave numa_local numa_other nr_inactive_anon nr_active_anon "
        "nr_inactive_file nr_active_file nr_unevictable nr_slab_reclaimable nr_slab_unreclaimable nr_isolated_anon "
        "nr_isolated_file workingset_nodes workingset_refault_anon workingset_refault_file workingset_activate_anon "
        "workingset_activate_file workingset_restore_anon workingset_restore_file workingset_nodereclaim nr_anon_pages "
        "nr_mapped nr_file_pages nr_dirty nr_writeback nr_writeback_temp nr_shmem nr_shmem_hugepages nr_shmem_pmdmapped "
        "nr_file_hugepages nr_file_pmdmapped nr_anon_transparent_hugepages nr_vmscan_write nr_vmscan_immediate_reclaim "
        "nr_dirtied nr_written nr_throttled_written nr_kernel_misc_reclaimable nr_foll_pin_acquired nr_foll_pin_released "
        "nr_kernel_stack nr_shadow_call_stack nr_sec_page_table_pages nr_swapcached nr_dirty_threshold "
        "nr_dirty_background_threshold pgpgin pgpgout pswpin pswpout pgalloc_dma pgalloc_dma32 pgalloc_normal "
        "pgalloc_movable allocstall_dma allocstall_dma32 allocstall_normal allocstall_movable pgskip_dma pgskip_dma32 "
        "pgskip_normal pgskip_movable pgfree pgactivate pgdeactivate pglazyfree pgfault pgmajfault pglazyfreed pgrefill "
        "pgreuse pgsteal_kswapd pgsteal_direct pgsteal_khugepaged pgdemote_kswapd pgdemote_direct pgdemote_khugepaged "
        "pgscan_kswapd pgscan_direct pgscan_khugepaged pgscan_direct_throttle pgscan_anon pgscan_file pgsteal_anon "
        "pgsteal_file zone_reclaim_failed pginodesteal slabs_scanned kswapd_inodesteal kswapd_low_wmark_hit_quickly "
        "kswapd_high_wmark_hit_quickly pageoutrun pgrotated drop_pagecache drop_slab oom_kill numa_pte_updates "
        "numa_huge_pte_updates numa_hint_faults numa_hint_faults_local numa_pages_migrated pgmigrate_success "
        "pgmigrate_fail thp_migration_success thp_migration_fail thp_migration_split compact_migrate_scanned "
        "compact_free_scanned compact_isolated compact_stall compact_fail compact_success compact_daemon_wake "
        "compact_daemon_migrate_scanned compact_daemon_free_scanned htlb_buddy_alloc_success htlb_buddy_alloc_fail "
        "cma_alloc_success cma_alloc_fail unevictable_pgs_culled unevictable_pgs_scanned unevictable_pgs_rescued "
        "unevictable_pgs_mlocked unevictable_pgs_munlocked unevictable_pgs_cleared unevictable_pgs_stranded "
        "thp_fault_alloc thp_fault_fallback thp_fault_fallback_charge thp_collapse_alloc thp_collapse_alloc_failed "
        "thp_file_alloc thp_file_fallback thp_file_fallback_charge thp_file_mapped thp_split_page thp_split_page_failed "
        "thp_deferred_split_page thp_split_pmd thp_scan_exceed_none_pte thp_scan_exceed_swap_pte "
        "thp_scan_exceed_share_pte thp_zero_page_alloc thp_zero_page_alloc_failed thp_swpout thp_swpout_fallback "
        "balloon_inflate balloon_deflate balloon_migrate swap_ra swap_ra_hit ksm_swpin_copy cow_ksm zswpin zswpout "
        "direct_map_level2_splits direct_map_level3_splits nr_unstable";
    std::vector<std::string_view> names;
    for (std::size_t at = 0; at < kNames.size();) {
        const std::size_t space = std::min(kNames.find(' ', at), kNames.size());
        names.push_back(kNames.substr(at, space - at));
        at = space + 1;
    }
    Random random(3);
    std::vector<std::uint64_t> values(names.size());
    std::vector<std::uint64_t> rates(names.size());
    std::vector<bool> levels(names.size());
    for (std::size_t k = 0; k < names.size(); ++k) {
        // As the importer (and APerf) tell them: nr_* are levels but for the few that only grow.
        static constexpr std::string_view kGrowingNr[] = {"nr_dirtied", "nr_written", "nr_throttled_written", "nr_vmscan_write",
                                                          "nr_vmscan_immediate_reclaim", "nr_foll_pin_acquired",
                                                          "nr_foll_pin_released"};
        const bool level = (names[k].starts_with("nr_")
                            && std::find(std::begin(kGrowingNr), std::end(kGrowingNr), names[k]) == std::end(kGrowingNr))
                        || names[k] == "workingset_nodes";
        levels[k] = level;
        const std::uint64_t kind = random.below(10);
        values[k] = kind < 4 ? 0 : random.below(level ? 50'000'000 : 5'000'000'000ULL);
        rates[k] = level ? 0 : kind < 4 ? 0 : kind < 8 ? random.below(100) : random.below(1'000'000);
    }
    Text text;
    for (int i = 0; i <= shape.seconds; ++i) {
        text.clear();
        for (std::size_t k = 0; k < names.size(); ++k) {
            if (i > 0) {
                if (rates[k] > 0)
                    values[k] += random.below(2 * rates[k]);
                else if (levels[k] && values[k] > 1000)
                    values[k] = values[k] - values[k] / 1000 + random.below(values[k] / 500);
            }
            text.str(names[k]).ch(' ').num(values[k]).ch('\n');
        }
        file.record(sampleTime(shape, i, -12'000'000, random), text.s);
    }
}

// /proc/interrupts of an arm64 host with GICv3 and ITS-MSI (nvme and ena queues on one CPU each).
void writeInterrupts(const Shape& shape, DataFile& file, Expected& expected)
{
    struct Line {
        std::string label;       // "10", "IPI0"
        std::string description; // after the counts
        int onlyCpu = -1;        // its counts grow on this CPU only; -1 all, -2 none
        std::uint64_t rate = 0;  // per second and CPU at full load
    };
    std::vector<Line> lineSpecs;
    lineSpecs.push_back({"10", "GICv3  27 Level     arch_timer", -1, 250});
    lineSpecs.push_back({"14", "GICv3  37 Level     ttyS0", 0, 3});
    for (int k = 0; k < 8; ++k)
        lineSpecs.push_back({std::to_string(17 + k), "GICv3  " + std::to_string(48 + k) + " Edge      ACPI:Ged", -2, 0});
    lineSpecs.push_back({"49", "GICv3  23 Level     arm-pmu", -1, 2});
    lineSpecs.push_back({"50", "ARMH0061:00   3 Edge      ACPI:Event", -2, 0});
    lineSpecs.push_back({"51", "ARMH0061:00   4 Edge      ACPI:Event", -2, 0});
    lineSpecs.push_back({"52", "ITS-MSI 65536 Edge      nvme0q0", 0, 0});
    for (int q = 1; q <= 8; ++q)
        lineSpecs.push_back({std::to_string(52 + q), "ITS-MSI " + std::to_string(65536 + q) + " Edge      nvme0q" + std::to_string(q),
                             (q - 1) * shape.cpus / 8, 800});
    lineSpecs.push_back({"61", "ITS-MSI 81920 Edge      ena-mgmnt@pci:0000:00:05.0", 1 % shape.cpus, 1});
    for (int q = 0; q < 16; ++q)
        lineSpecs.push_back({std::to_string(62 + q), "ITS-MSI " + std::to_string(81921 + q) + " Edge      eth0-Tx-Rx-" + std::to_string(q),
                             (q * shape.cpus / 16 + 3) % shape.cpus, 4000});
    const char* const kIpis[] = {"Rescheduling interrupts", "Function call interrupts", "CPU stop interrupts",
                                 "CPU stop (for crash dump) interrupts", "Timer broadcast interrupts", "IRQ work interrupts",
                                 "CPU wake-up interrupts"};
    const std::uint64_t kIpiRates[] = {600, 40, 0, 0, 0, 25, 0};
    for (int k = 0; k < 7; ++k)
        lineSpecs.push_back({"IPI" + std::to_string(k), kIpis[k], kIpiRates[k] ? -1 : -2, kIpiRates[k]});
    expected.irqLines = lineSpecs.size();

    const std::size_t cpus = std::size_t(shape.cpus);
    Random random(4);
    std::vector<std::vector<std::uint64_t>> counts(lineSpecs.size(), std::vector<std::uint64_t>(cpus, 0));
    for (std::size_t l = 0; l < lineSpecs.size(); ++l) {
        for (std::size_t c = 0; c < cpus; ++c) {
            const Line& line = lineSpecs[l];
            const bool grows = line.onlyCpu == -1 || std::size_t(line.onlyCpu) == c;
            counts[l][c] = grows ? line.rate * 500'000 + random.below(line.rate * 50'000 + 1) : 0;
        }
    }
    // The width of the IRQ numbers ("prec" in show_interrupts): 3 digits for < 1000 IRQs.
    constexpr std::size_t kPrec = 3;
    Text header;
    header.s.append(kPrec + 8, ' ');
    for (std::size_t c = 0; c < cpus; ++c)
        header.left("CPU" + std::to_string(c), 11);
    header.ch('\n');
    Text text;
    std::vector<double> loads(cpus);
    for (int i = 0; i <= shape.seconds; ++i) {
        if (i > 0) {
            for (std::size_t c = 0; c < cpus; ++c)
                loads[c] = load(shape, int(c), i, random);
            for (std::size_t l = 0; l < lineSpecs.size(); ++l) {
                const Line& line = lineSpecs[l];
                if (line.rate == 0 || line.onlyCpu == -2)
                    continue;
                if (line.onlyCpu >= 0) {
                    counts[l][std::size_t(line.onlyCpu)] += random.below(line.rate * 2);
                    continue;
                }
                for (std::size_t c = 0; c < cpus; ++c)
                    counts[l][c] += std::uint64_t(double(line.rate) * (0.2 + loads[c])) + random.below(line.rate / 4 + 1);
            }
        }
        text.clear();
        text.str(header.s);
        for (std::size_t l = 0; l < lineSpecs.size(); ++l) {
            const Line& line = lineSpecs[l];
            // "%*d: " for numbered lines, "IPI%u:" for arm64's IPIs.
            if (!line.label.starts_with("IPI"))
                text.s.append(kPrec - std::min(kPrec, line.label.size()), ' ');
            text.str(line.label).ch(':');
            for (std::size_t c = 0; c < cpus; ++c)
                text.ch(' ').padded(counts[l][c], 10);
            text.str(line.label.starts_with("IPI") ? "       " : "   ").str(line.description).ch('\n');
        }
        text.str("Err:          0\n");
        file.record(sampleTime(shape, i, -16'000'000, random), text.s);
    }
}

// /proc/diskstats: an nvme root disk and its partitions, two data disks, loop devices.
void writeDiskstats(const Shape& shape, DataFile& file)
{
    struct Device {
        int major, minor;
        std::string name;
        double activity; // share of the I/O
    };
    const std::vector<Device> devices = {
        {7, 0, "loop0", 0}, {7, 1, "loop1", 0}, {7, 2, "loop2", 0}, {7, 3, "loop3", 0},
        {259, 0, "nvme0n1", 0.1}, {259, 1, "nvme0n1p1", 0.1}, {259, 2, "nvme0n1p128", 0},
        {259, 3, "nvme1n1", 1.0}, {259, 4, "nvme2n1", 0.7},
    };
    Random random(5);
    std::vector<std::array<std::uint64_t, 17>> stats(devices.size());
    for (auto& s : stats)
        for (auto& v : s)
            v = random.below(100'000'000);
    Text text;
    for (int i = 0; i <= shape.seconds; ++i) {
        text.clear();
        for (std::size_t d = 0; d < devices.size(); ++d) {
            auto& s = stats[d];
            if (i > 0 && devices[d].activity > 0) {
                const double a = devices[d].activity;
                const std::uint64_t reads = std::uint64_t(a * double(random.below(3000)));
                const std::uint64_t writes = std::uint64_t(a * double(random.below(5000)));
                s[0] += reads;
                s[1] += reads / 8;
                s[2] += reads * 64;
                s[3] += reads / 4;
                s[4] += writes;
                s[5] += writes / 3;
                s[6] += writes * 96;
                s[7] += writes / 2;
                s[8] = random.below(32);
                s[9] += std::min<std::uint64_t>(1000, (reads + writes) / 5);
                s[10] += (reads + writes) / 3;
                s[15] += random.below(20);
                s[16] += random.below(10);
            }
            text.padded(std::uint64_t(devices[d].major), 4).ch(' ').padded(std::uint64_t(devices[d].minor), 7).ch(' ');
            text.str(devices[d].name);
            for (const std::uint64_t value : s)
                text.ch(' ').num(value);
            text.ch('\n');
        }
        file.record(sampleTime(shape, i, -15'500'000, random), text.s);
    }
}

// /proc/net/netstat: TcpExt, IpExt and MPTcpExt, header and value lines.
void writeNetstat(const Shape& shape, DataFile& file)
{
    static constexpr std::string_view kTcpExt =
        "SyncookiesSent SyncookiesRecv SyncookiesFailed EmbryonicRsts PruneCalled RcvPruned OfoPruned OutOfWindowIcmps "
        "LockDroppedIcmps ArpFilter TW TWRecycled TWKilled PAWSActive PAWSEstab DelayedACKs DelayedACKLocked "
        "DelayedACKLost ListenOverflows ListenDrops TCPHPHits TCPPureAcks TCPHPAcks TCPRenoRecovery TCPSackRecovery "
        "TCPSACKReneging TCPSACKReorder TCPRenoReorder TCPTSReorder TCPFullUndo TCPPartialUndo TCPDSACKUndo TCPLossUndo "
        "TCPLostRetransmit TCPRenoFailures TCPSackFailures TCPLossFailures TCPFastRetrans TCPSlowStartRetrans "
        "TCPTimeouts TCPLossProbes TCPLossProbeRecovery TCPRenoRecoveryFail TCPSackRecoveryFail TCPRcvCollapsed "
        "TCPBacklogCoalesce TCPDSACKOldSent TCPDSACKOfoSent TCPDSACKRecv TCPDSACKOfoRecv TCPAbortOnData "
        "TCPAbortOnClose TCPAbortOnMemory TCPAbortOnTimeout TCPAbortOnLinger TCPAbortFailed TCPMemoryPressures "
        "TCPMemoryPressuresChrono TCPSACKDiscard TCPDSACKIgnoredOld TCPDSACKIgnoredNoUndo TCPSpuriousRTOs "
        "TCPMD5NotFound TCPMD5Unexpected TCPMD5Failure TCPSackShifted TCPSackMerged TCPSackShiftFallback "
        "TCPBacklogDrop PFMemallocDrop TCPMinTTLDrop TCPDeferAcceptDrop IPReversePathFilter TCPTimeWaitOverflow "
        "TCPReqQFullDoCookies TCPReqQFullDrop TCPRetransFail TCPRcvCoalesce TCPOFOQueue TCPOFODrop TCPOFOMerge "
        "TCPChallengeACK TCPSYNChallenge TCPFastOpenActive TCPFastOpenActiveFail TCPFastOpenPassive "
        "TCPFastOpenPassiveFail TCPFastOpenListenOverflow TCPFastOpenCookieReqd TCPFastOpenBlackhole "
        "TCPSpuriousRtxHostQueues BusyPollRxPackets TCPAutoCorking TCPFromZeroWindowAdv TCPToZeroWindowAdv "
        "TCPWantZeroWindowAdv TCPSynRetrans TCPOrigDataSent TCPHystartTrainDetect TCPHystartTrainCwnd "
        "TCPHystartDelayDetect TCPHystartDelayCwnd TCPACKSkippedSynRecv TCPACKSkippedPAWS TCPACKSkippedSeq "
        "TCPACKSkippedFinWait2 TCPACKSkippedTimeWait TCPACKSkippedChallenge TCPWinProbe TCPKeepAlive TCPMTUPFail "
        "TCPMTUPSuccess TCPDelivered TCPDeliveredCE TCPAckCompressed TCPZeroWindowDrop TCPRcvQDrop TCPWqueueTooBig "
        "TCPFastOpenPassiveAltKey TcpTimeoutRehash TcpDuplicateDataRehash TCPDSACKRecvSegs TCPDSACKIgnoredDubious "
        "TCPMigrateReqSuccess TCPMigrateReqFailure TCPECNRehash";
    static constexpr std::string_view kIpExt =
        "InNoRoutes InTruncatedPkts InMcastPkts OutMcastPkts InBcastPkts OutBcastPkts InOctets OutOctets InMcastOctets "
        "OutMcastOctets InBcastOctets OutBcastOctets InCsumErrors InNoECTPkts InECT1Pkts InECT0Pkts InCEPkts "
        "ReasmOverlaps";
    static constexpr std::string_view kMpTcpExt =
        "MPCapableSYNRX MPCapableACKRX MPCapableFallbackACK MPCapableFallbackSYNACK MPTCPRetrans MPJoinNoTokenFound "
        "MPJoinSynRx MPJoinSynBackupRx MPJoinSynAckRx MPJoinSynAckBackupRx MPJoinSynAckHMacFailure MPJoinAckRx "
        "MPJoinAckHMacFailure DSSNotMatching DSSCorruptionFallback DSSCorruptionReset InfiniteMapRx OFOQueueTail "
        "OFOQueue OFOMerge NoDSSInWindow DuplicateData AddAddr EchoAdd RmAddr RmSubflow MPCurrEstab";
    struct Section {
        std::string_view prefix;
        std::vector<std::string_view> names;
        std::vector<std::uint64_t> values;
        std::vector<std::uint64_t> rates;
    };
    Random random(6);
    std::vector<Section> sections;
    for (const auto& [prefix, list] : {std::pair{std::string_view("TcpExt:"), kTcpExt}, std::pair{std::string_view("IpExt:"), kIpExt},
                                       std::pair{std::string_view("MPTcpExt:"), kMpTcpExt}}) {
        Section section{prefix, {}, {}, {}};
        for (std::size_t at = 0; at < list.size();) {
            const std::size_t space = std::min(list.find(' ', at), list.size());
            section.names.push_back(list.substr(at, space - at));
            at = space + 1;
        }
        for (const std::string_view name : section.names) {
            const std::uint64_t kind = random.below(10);
            const bool octets = name.ends_with("Octets");
            section.values.push_back(kind < 5 ? 0 : random.below(octets ? 20'000'000'000'000ULL : 20'000'000));
            section.rates.push_back(kind < 5 ? 0 : octets ? 50'000'000 + random.below(100'000'000) : random.below(20'000));
        }
        sections.push_back(std::move(section));
    }
    Text text;
    for (int i = 0; i <= shape.seconds; ++i) {
        text.clear();
        for (Section& section : sections) {
            text.str(section.prefix);
            for (const std::string_view name : section.names)
                text.ch(' ').str(name);
            text.ch('\n').str(section.prefix);
            for (std::size_t k = 0; k < section.values.size(); ++k) {
                if (i > 0 && section.rates[k] > 0)
                    section.values[k] += random.below(2 * section.rates[k]);
                text.ch(' ').num(section.values[k]);
            }
            text.ch('\n');
        }
        file.record(sampleTime(shape, i, 300'000, random), text.s);
    }
}

// APerf ≤ 1.2.3's PMU lines: per interval and CPU, 13 metrics "<cpu> <metric>; <nr>; <dr>;<scale>".
void writePerfStat(const Shape& shape, DataFile& file, Expected& expected)
{
    struct Metric {
        const char* name;
        double perNr; // nr per dr / scale, roughly
        std::uint64_t scale;
        bool cyclesDenominator;
    };
    static constexpr Metric kMetrics[] = {
        {"ipc", 1.6, 1, true},
        {"stall-frontend-pkc", 0.15, 1000, true},
        {"branch-mpki", 0.004, 1000, false},
        {"code-sparsity", 0.00002, 1000, false},
        {"inst-tlb-mpki", 0.0003, 1000, false},
        {"inst-tlb-tw-pki", 0.00005, 1000, false},
        {"inst-l1-mpki", 0.01, 1000, false},
        {"stall-backend-pkc", 0.25, 1000, true},
        {"l3-mpki", 0.0005, 1000, false},
        {"l2-mpki", 0.003, 1000, false},
        {"data-tlb-mpki", 0.002, 1000, false},
        {"data-tlb-tw-pki", 0.0004, 1000, false},
        {"data-l1-mpki", 0.02, 1000, false},
    };
    Random random(7);
    Text text;
    for (int i = 0; i <= shape.seconds; ++i) {
        text.clear();
        double allNr = 0, allDr = 0;
        for (int c = 0; c < shape.cpus; ++c) {
            const double busy = load(shape, c, i, random);
            const double cycles = busy * 2.6e9 * 0.5; // the counters are multiplexed: half the time each
            const double instructions = cycles * (1.2 + 0.8 * random.real());
            for (const Metric& metric : kMetrics) {
                const double dr = metric.cyclesDenominator ? cycles * (0.98 + 0.04 * random.real())
                                                           : instructions * (0.98 + 0.04 * random.real());
                const double nr = std::string_view(metric.name) == "ipc" ? instructions : dr * metric.perNr * (0.5 + random.real());
                const std::uint64_t nrCount = std::uint64_t(nr), drCount = std::uint64_t(dr);
                text.num(std::uint64_t(c)).ch(' ').str(metric.name).str("; ").num(nrCount).str("; ").num(drCount).ch(';').num(metric.scale).ch('\n');
                if (std::string_view(metric.name) == "ipc") {
                    if (i == 1 && c == 0)
                        expected.ipcCpu0First = double(nrCount) / double(drCount);
                    allNr += double(nrCount);
                    allDr += double(drCount);
                }
            }
        }
        if (i == shape.seconds)
            expected.ipcAllLast = allNr / allDr;
        file.record(sampleTime(shape, i, -14'700'000, random), text.s);
    }
}

// --- The archive ---------------------------------------------------------------------------------

// The data files into `<archive>` as bench_run/<name>, streamed through libarchive's gzip'd tar.
void writeTarGz(const std::string& archivePath, const std::vector<DataFile*>& files)
{
    archive* writer = archive_write_new();
    archive_write_set_format_gnutar(writer); // the Rust tar crate's default header
    archive_write_add_filter_gzip(writer);   // flate2's default level, as APerf
    archive_write_set_bytes_in_last_block(writer, 1);
    if (archive_write_open_filename(writer, archivePath.c_str()) != ARCHIVE_OK) {
        std::fprintf(stderr, "cannot write %s: %s\n", archivePath.c_str(), archive_error_string(writer));
        std::exit(2);
    }
    archive_entry* directory = archive_entry_new();
    archive_entry_set_pathname(directory, "bench_run/");
    archive_entry_set_filetype(directory, AE_IFDIR);
    archive_entry_set_perm(directory, 0755);
    archive_entry_set_mtime(directory, 1769761546, 0);
    archive_write_header(writer, directory);
    archive_entry_free(directory);
    std::vector<char> chunk(1 << 20);
    for (const DataFile* file : files) {
        archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, ("bench_run/" + file->name).c_str());
        archive_entry_set_size(entry, la_int64_t(file->bytes));
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_entry_set_mtime(entry, 1769761546, 0);
        archive_write_header(writer, entry);
        archive_entry_free(entry);
        std::FILE* in = std::fopen(file->path.c_str(), "rbe");
        if (!in) {
            std::perror(file->path.c_str());
            std::exit(2);
        }
        std::size_t n = 0;
        while ((n = std::fread(chunk.data(), 1, chunk.size(), in)) > 0)
            archive_write_data(writer, chunk.data(), n);
        std::fclose(in);
    }
    if (archive_write_close(writer) != ARCHIVE_OK) {
        std::fprintf(stderr, "cannot write %s: %s\n", archivePath.c_str(), archive_error_string(writer));
        std::exit(2);
    }
    archive_write_free(writer);
}

// --- Measuring -----------------------------------------------------------------------------------

double cpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// A field of /proc/self/status in bytes ("VmRSS", "VmHWM"), or 0.
std::uint64_t statusBytes(const char* field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::string prefix = std::string(field) + ":";
    while (std::getline(status, line)) {
        if (line.starts_with(prefix))
            return std::strtoull(line.c_str() + prefix.size(), nullptr, 10) * 1024;
    }
    return 0;
}

// Resets VmHWM to the current RSS (Linux ≥ 4.0); false when the kernel does not allow it.
bool resetPeakRss()
{
    std::FILE* file = std::fopen("/proc/self/clear_refs", "we");
    if (!file)
        return false;
    const bool ok = std::fputs("5", file) >= 0;
    return std::fclose(file) == 0 && ok;
}

double mib(std::uint64_t bytes)
{
    return double(bytes) / double(1 << 20);
}

// --- Checks --------------------------------------------------------------------------------------

int g_failures = 0;

void check(bool ok, const std::string& what)
{
    if (!ok) {
        std::printf("WRONG: %s\n", what.c_str());
        ++g_failures;
    }
}

bool near(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

std::size_t instances(const runlens::format::SeriesTable& table, const std::string& metric)
{
    return std::size_t(std::count_if(table.keys.begin(), table.keys.end(), [&](const auto& key) { return key.metric == metric; }));
}

const std::vector<double>* column(const runlens::format::SeriesTable* table, const std::string& metric, const std::string& instance)
{
    if (!table)
        return nullptr;
    const int index = table->find(metric, instance);
    return index < 0 ? nullptr : &table->columns[std::size_t(index)];
}

void checkRun(const std::vector<runlens::format::RunArchive>& runs, const Shape& shape, const Expected* expected)
{
    check(runs.size() == 1, "one run, got " + std::to_string(runs.size()));
    if (runs.size() != 1)
        return;
    const auto& run = runs.front();
    const std::size_t cpus = std::size_t(shape.cpus);
    const std::size_t rows = std::size_t(shape.seconds) + 1;
    check(run.runName == "bench_run", "run name bench_run, got " + run.runName);
    const auto manifestImport = run.manifest.contains("import") ? run.manifest["import"] : nlohmann::json();
    check(manifestImport.is_object() && manifestImport["skipped"].empty(), "nothing skipped: " + manifestImport.dump());

    const auto* cpu = run.group("cpu");
    check(cpu && cpu->rowCount() == rows, "cpu rows " + std::to_string(cpu ? cpu->rowCount() : 0) + " != " + std::to_string(rows));
    if (cpu) {
        check(instances(*cpu, "cpu.user") == cpus + 1, "cpu.user instances " + std::to_string(instances(*cpu, "cpu.user")));
        check(instances(*cpu, "cpu.busy") == cpus + 1, "cpu.busy instances " + std::to_string(instances(*cpu, "cpu.busy")));
        const auto* user0 = column(cpu, "cpu.user", "cpu0");
        const auto* userAll = column(cpu, "cpu.user", "all");
        check(user0 && std::isnan((*user0)[0]), "cpu.user cpu0 row 0 is no value");
        check(userAll && std::isnan((*userAll)[0]), "cpu.user all row 0 is no value");
        if (user0 && expected)
            check(near((*user0)[1], expected->cpu0UserFirst), "cpu.user cpu0 row 1 " + std::to_string((*user0)[1]) + " != "
                                                                     + std::to_string(expected->cpu0UserFirst));
        if (userAll)
            check(std::all_of(userAll->begin() + 1, userAll->end(), [](double v) { return v > 0 && v < 100; }),
                  "cpu.user all in (0, 100) after row 0");
        check(column(cpu, "cpu.context_switches", "") != nullptr, "cpu.context_switches present");
        const auto* zero = cpu->timestampsNs.empty() ? nullptr : &cpu->timestampsNs;
        check(zero && (*zero)[0] >= 0 && (*zero)[0] < 20'000'000 && std::abs((*zero)[rows - 1] - std::int64_t(shape.seconds) * 1'000'000'000) < 30'000'000,
              "cpu timestamps span the run");
    }

    const auto* mem = run.group("mem");
    check(mem && mem->rowCount() == rows, "mem rows");
    if (mem) {
        check(mem->keys.size() >= 50, "mem columns " + std::to_string(mem->keys.size()));
        const auto* total = column(mem, "mem.total", "");
        check(total && std::all_of(total->begin(), total->end(), [&](double v) { return expected ? v == expected->memTotalBytes : v > 0; }),
              "mem.total constant");
        check(column(mem, "mem.used", "") != nullptr, "mem.used present");
    }

    const auto* vm = run.group("mem.vm");
    check(vm && vm->rowCount() == rows && vm->keys.size() >= 100, "mem.vm rows and columns");

    const auto* irq = run.group("irq");
    check(irq && irq->rowCount() == rows, "irq rows");
    if (irq) {
        check(instances(*irq, "irq.cpu_rate") == cpus + 1, "irq.cpu_rate instances " + std::to_string(instances(*irq, "irq.cpu_rate")));
        check(instances(*irq, "irq.ipi_cpu_rate") == cpus, "irq.ipi_cpu_rate instances");
        if (expected)
            check(instances(*irq, "irq.rate") == expected->irqLines + 1,
                  "irq.rate instances " + std::to_string(instances(*irq, "irq.rate")) + " != lines + Err");
        check(column(irq, "irq.rate", "IPI0") && column(irq, "irq.rate", "10"), "irq.rate of IPI0 and 10");
        const auto* timer = column(irq, "irq.rate", "10");
        check(timer && std::isnan((*timer)[0]) && !std::isnan((*timer)[1]), "irq.rate 10: none at row 0, a rate at row 1");
        check(column(irq, "irq.ipi_rate", "") != nullptr, "irq.ipi_rate present");
    }

    const auto* disk = run.group("disk");
    check(disk && disk->rowCount() == rows, "disk rows");
    if (disk) {
        check(column(disk, "disk.write_iops", "nvme1n1") && !column(disk, "disk.write_iops", "loop0")
                  && !column(disk, "disk.write_iops", "nvme0n1p1"),
              "disk instances: disks, no loops, no partitions");
    }

    const auto* net = run.group("net");
    check(net && net->rowCount() == rows && net->keys.size() >= 40, "net rows and columns");
    if (net)
        check(column(net, "net.ipext.inoctets", "") || column(net, "net.ipext.outoctets", ""), "net.ipext octets present");

    const auto* pmu = run.group("pmu");
    check(pmu && pmu->rowCount() == rows - 1, "pmu rows " + std::to_string(pmu ? pmu->rowCount() : 0) + " != " + std::to_string(rows - 1));
    if (pmu) {
        check(instances(*pmu, "pmu.ipc") == cpus + 1, "pmu.ipc instances " + std::to_string(instances(*pmu, "pmu.ipc")));
        const auto* ipc0 = column(pmu, "pmu.ipc", "cpu0");
        const auto* ipcAll = column(pmu, "pmu.ipc", "all");
        if (ipc0 && expected)
            check(near((*ipc0)[0], expected->ipcCpu0First), "pmu.ipc cpu0 row 0");
        if (ipcAll && expected)
            check(near(ipcAll->back(), expected->ipcAllLast, 1e-9), "pmu.ipc all last row");
        std::size_t metrics = 0;
        for (const auto& key : pmu->keys)
            metrics += key.instance == "all";
        check(metrics == 13, "13 pmu metrics, got " + std::to_string(metrics));
    }
}

} // namespace

int main(int argc, char** argv)
{
    Shape shape;
    bool quick = false;
    std::string writePath;
    std::string readPath;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--quick") {
            quick = true;
            shape.cpus = 16;
            shape.seconds = 120;
        } else if (arg == "--cpus" && i + 1 < argc) {
            shape.cpus = std::max(1, std::atoi(argv[++i]));
        } else if (arg == "--seconds" && i + 1 < argc) {
            shape.seconds = std::max(2, std::atoi(argv[++i]));
        } else if (arg == "--write" && i + 1 < argc) {
            writePath = argv[++i];
        } else if (arg == "--read" && i + 1 < argc) {
            readPath = argv[++i];
        } else {
            std::fprintf(stderr, "usage: bench_aperf [--quick] [--cpus N] [--seconds S] [--write FILE | --read FILE]\n");
            return 2;
        }
    }
    {
        std::tm start{};
        start.tm_year = 2026 - 1900;
        start.tm_mon = 0;
        start.tm_mday = 30;
        start.tm_hour = 8;
        start.tm_min = 25;
        start.tm_sec = 46;
        shape.startNs = std::int64_t(timegm(&start)) * 1'000'000'000 + 947'091'447;
    }

    std::printf("APerf record archive import: %d CPUs x %d s at 1 s (%d records per file)%s\n", shape.cpus, shape.seconds,
                shape.seconds + 1, quick ? " [--quick]" : "");

    std::string archivePath = readPath;
    std::string directory;
    Expected expected;
    const bool generate = readPath.empty();
    if (generate) {
        const char* tmp = std::getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/bench_aperf.XXXXXX";
        if (!mkdtemp(pattern.data())) {
            std::perror("mkdtemp");
            return 2;
        }
        directory = pattern;
        archivePath = writePath.empty() ? directory + "/bench_run.tar.gz" : writePath;

        const auto t0 = std::chrono::steady_clock::now();
        const std::string suffix = "_2026-01-30_08_25_32.bin";
        // The Data variants of APerf 1.2.0 (test_run_1).
        DataFile stat("cpu_utilization" + suffix, directory + "/stat.tmp", 0);
        DataFile vmstat("vmstat" + suffix, directory + "/vmstat.tmp", 1);
        DataFile disks("diskstats" + suffix, directory + "/diskstats.tmp", 2);
        DataFile interrupts("interrupts" + suffix, directory + "/interrupts.tmp", 5);
        DataFile perfStat("perf_stat" + suffix, directory + "/perf_stat.tmp", 7);
        DataFile meminfo("meminfo" + suffix, directory + "/meminfo.tmp", 9);
        DataFile netstat("netstat" + suffix, directory + "/netstat.tmp", 10);
        writeProcStat(shape, stat, expected);
        writeMeminfo(shape, meminfo, expected);
        writeVmstat(shape, vmstat);
        writeInterrupts(shape, interrupts, expected);
        writeDiskstats(shape, disks);
        writeNetstat(shape, netstat);
        writePerfStat(shape, perfStat, expected);
        const std::vector<DataFile*> files = {&stat, &disks, &interrupts, &meminfo, &netstat, &perfStat, &vmstat};
        for (DataFile* file : files)
            file->close();
        const auto t1 = std::chrono::steady_clock::now();
        writeTarGz(archivePath, files);
        const auto t2 = std::chrono::steady_clock::now();

        std::uint64_t total = 0;
        std::printf("data files (uncompressed):\n");
        for (const DataFile* file : files) {
            std::printf("  %-40s %9.1f MiB  %llu records\n", file->name.c_str(), mib(file->bytes), (unsigned long long)file->records);
            total += file->bytes;
            std::remove(file->path.c_str());
        }
        struct stat info {};
        ::stat(archivePath.c_str(), &info);
        std::printf("archive: %.1f MiB gzip'd tar, %.1f MiB of data files (ratio %.1f)\n", mib(std::uint64_t(info.st_size)),
                    mib(total), double(total) / double(std::max<off_t>(1, info.st_size)));
        std::printf("generation: %.1f s text, %.1f s tar.gz\n", std::chrono::duration<double>(t1 - t0).count(),
                    std::chrono::duration<double>(t2 - t1).count());
        if (!writePath.empty()) {
            ::rmdir(directory.c_str());
            std::printf("wrote %s\n", writePath.c_str());
            return 0;
        }
    } else {
        struct stat info {};
        if (::stat(archivePath.c_str(), &info) != 0) {
            std::perror(archivePath.c_str());
            return 2;
        }
        std::printf("archive: %.1f MiB gzip'd tar (%s)\n", mib(std::uint64_t(info.st_size)), archivePath.c_str());
    }

    // --- The import ---
    const bool hwmReset = resetPeakRss();
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    const std::uint64_t rssBefore = statusBytes("VmRSS");
    const double cpu0 = cpuSeconds();
    const auto w0 = std::chrono::steady_clock::now();
    std::vector<runlens::format::RunArchive> runs;
    try {
        runs = aperf::importAperfRuns(archivePath);
    } catch (const std::exception& error) {
        std::printf("WRONG: the import failed: %s\n", error.what());
        if (generate) {
            std::remove(archivePath.c_str());
            ::rmdir(directory.c_str());
        }
        return 1;
    }
    const auto w1 = std::chrono::steady_clock::now();
    const double cpu1 = cpuSeconds();
    rusage after{};
    getrusage(RUSAGE_SELF, &after);
    const std::uint64_t hwm = statusBytes("VmHWM");
    const std::uint64_t peak = hwmReset ? hwm : std::uint64_t(after.ru_maxrss) * 1024;
    const std::uint64_t growth = peak > rssBefore ? peak - rssBefore : 0;

    std::uint64_t columnBytes = 0;
    std::size_t columns = 0;
    for (const auto& run : runs) {
        for (const auto& table : run.series) {
            columnBytes += table.rowCount() * (table.columns.size() + 1) * sizeof(double);
            columns += table.columns.size();
        }
    }
    const double wall = std::chrono::duration<double>(w1 - w0).count();
    std::printf("import: %.2f s wall, %.2f s CPU   [target <= 2 s]\n", wall, cpu1 - cpu0);
    std::printf("peak RSS: %.1f MiB (%s), %.1f MiB before the import, growth %.1f MiB\n", mib(peak),
                hwmReset ? "VmHWM reset before the import" : "ru_maxrss of the process", mib(rssBefore), mib(growth));
    std::printf("imported: %zu series groups, %zu columns, %.1f MiB of column bytes (rows x (columns + timestamps) x 8)\n",
                runs.empty() ? std::size_t(0) : runs.front().series.size(), columns, mib(columnBytes));
    std::printf("peak growth / column bytes: %.2f   [target <= 2]\n", columnBytes ? double(growth) / double(columnBytes) : 0.0);
    std::printf("page faults during the import: %ld minor, %ld major\n", after.ru_minflt - before.ru_minflt,
                after.ru_majflt - before.ru_majflt);

    checkRun(runs, shape, generate ? &expected : nullptr);
    if (generate) {
        std::remove(archivePath.c_str());
        ::rmdir(directory.c_str());
    }
    if (g_failures > 0) {
        std::printf("%d check(s) WRONG\n", g_failures);
        return 1;
    }
    std::printf("checks: ok\n");
    return 0;
}
