#include "MemoryCollector.h"

#include "CounterDelta.h"
#include "TextCursor.h"

#include <array>
#include <cmath>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricKind;

constexpr auto kNeutral = BetterDirection::Neutral;
constexpr auto kLower = BetterDirection::Lower;
constexpr auto kHigher = BetterDirection::Higher;

struct KnownField {
    std::string_view key;
    const char* title;
    BetterDirection better;
    const char* description;
};

// The /proc/meminfo fields people look at, described for someone who is not a kernel developer.
// Every other field still gets a generic descriptor.
constexpr std::array kMeminfoFields = {
    KnownField{"MemTotal", "Total memory", kNeutral,
               "Physical memory the kernel can use (installed RAM minus what firmware and the kernel reserve)."},
    KnownField{"MemFree", "Free memory", kNeutral,
               "Memory not used for anything; Linux keeps it small on purpose, so look at available memory instead."},
    KnownField{"MemAvailable", "Available memory", kHigher,
               "Memory programs could still get without swapping, counting caches the kernel can drop."},
    KnownField{"Buffers", "Buffers", kNeutral,
               "Memory caching raw disk blocks (mostly file system metadata); given back when programs need it."},
    KnownField{"Cached", "Page cache", kNeutral,
               "Memory caching file contents (and shared memory); most of it is given back when programs need it."},
    KnownField{"SwapCached", "Swap cache", kNeutral,
               "Memory holding pages read back from swap that still have a copy in swap."},
    KnownField{"Active", "Active memory", kNeutral, "Memory used recently, which the kernel avoids reclaiming."},
    KnownField{"Inactive", "Inactive memory", kNeutral,
               "Memory not used recently, the first candidate when the kernel needs to free memory."},
    KnownField{"Unevictable", "Unevictable memory", kNeutral,
               "Memory that can never be reclaimed or swapped (locked pages, ramfs)."},
    KnownField{"Mlocked", "Locked memory", kNeutral, "Memory programs locked in RAM with mlock()."},
    KnownField{"SwapTotal", "Total swap", kNeutral, "Size of all swap space."},
    KnownField{"SwapFree", "Free swap", kHigher, "Swap space not in use."},
    KnownField{"Dirty", "Dirty memory", kLower, "File data changed in memory and not yet written to disk."},
    KnownField{"Writeback", "Writeback", kLower, "File data being written to disk right now."},
    KnownField{"AnonPages", "Anonymous memory", kNeutral,
               "Program memory not backed by a file (heap, stacks), except shared memory."},
    KnownField{"Mapped", "Mapped files", kNeutral,
               "File contents mapped into programs' address space (libraries, memory-mapped files)."},
    KnownField{"Shmem", "Shared memory", kNeutral,
               "Shared memory and tmpfs files; counted in the page cache but cannot simply be dropped."},
    KnownField{"Slab", "Kernel slab", kNeutral,
               "Memory the kernel uses for its own object caches (inodes, directory entries, network buffers)."},
    KnownField{"SReclaimable", "Reclaimable slab", kNeutral,
               "Part of the kernel's object caches that can be freed when memory runs short."},
    KnownField{"SUnreclaim", "Unreclaimable slab", kNeutral,
               "Part of the kernel's object caches that cannot be freed under memory pressure."},
    KnownField{"KernelStack", "Kernel stacks", kNeutral, "Memory used by the kernel stacks of all threads."},
    KnownField{"PageTables", "Page tables", kNeutral,
               "Memory used by the tables that map programs' virtual memory to physical memory."},
    KnownField{"CommitLimit", "Commit limit", kNeutral,
               "How much memory the kernel lets programs reserve when strict overcommit is on."},
    KnownField{"Committed_AS", "Committed memory", kNeutral,
               "Memory programs have reserved in total, whether or not they have touched it yet."},
    KnownField{"AnonHugePages", "Transparent huge pages", kNeutral,
               "Program memory backed by transparent huge pages (2 MiB pages that make address translation cheaper)."},
    KnownField{"HugePages_Total", "Huge page pool", kNeutral, "Number of pages in the preallocated huge page pool (hugetlbfs)."},
    KnownField{"HugePages_Free", "Free huge pages", kNeutral, "Number of pages of the huge page pool not yet allocated."},
    KnownField{"Hugepagesize", "Huge page size", kNeutral, "Size of one page of the preallocated huge page pool."},
};

// The /proc/vmstat counters people look at; all are recorded as rates.
constexpr std::array kVmstatFields = {
    KnownField{"pgfault", "Page faults", kLower,
               "Page faults per second, minor and major: each is a trip into the kernel when a program touches "
               "memory that is not mapped yet."},
    KnownField{"pgmajfault", "Major page faults", kLower,
               "Page faults per second that had to wait for a disk or swap read; each costs up to milliseconds."},
    KnownField{"pswpin", "Swap-ins", kLower, "Pages read back from swap per second."},
    KnownField{"pswpout", "Swap-outs", kLower, "Pages written out to swap per second."},
    KnownField{"pgpgin", "Paged in", kNeutral, "Kilobytes per second read from disk into memory."},
    KnownField{"pgpgout", "Paged out", kNeutral, "Kilobytes per second written from memory to disk."},
    KnownField{"compact_stall", "Compaction stalls", kLower,
               "Times per second a program had to wait while the kernel defragmented memory to find a large "
               "contiguous block."},
    KnownField{"compact_fail", "Compaction failures", kLower,
               "Times per second memory defragmentation failed to produce the block a program asked for."},
    KnownField{"thp_fault_alloc", "Huge pages allocated on fault", kNeutral,
               "Transparent huge pages per second given to programs when they touched new memory."},
    KnownField{"thp_fault_fallback", "Huge page fallbacks", kLower,
               "Times per second a transparent huge page was wanted on a fault but only small pages could be had."},
    KnownField{"oom_kill", "Out-of-memory kills", kLower, "Processes killed per second because memory ran out."},
    KnownField{"numa_hit", "NUMA hits", kNeutral,
               "Memory allocations per second served from the NUMA node they were meant for."},
    KnownField{"numa_miss", "NUMA misses", kLower,
               "Allocations per second that had to use another NUMA node than intended (slower memory)."},
    KnownField{"numa_foreign", "NUMA foreign", kLower,
               "Allocations per second intended for one NUMA node but served from another."},
    KnownField{"numa_interleave", "NUMA interleaved", kNeutral,
               "Allocations per second spread over NUMA nodes on purpose (interleave policy)."},
    KnownField{"numa_local", "NUMA local", kNeutral,
               "Allocations per second served from the NUMA node the program was running on."},
    KnownField{"numa_other", "NUMA remote", kLower,
               "Allocations per second served from a NUMA node other than the one the program ran on (slower)."},
    KnownField{"numa_pte_updates", "NUMA balancing scans", kNeutral,
               "Pages per second the kernel marked to sample where memory is used (automatic NUMA balancing)."},
    KnownField{"numa_hint_faults", "NUMA hint faults", kLower,
               "Faults per second caused on purpose by automatic NUMA balancing to see which node uses a page."},
    KnownField{"numa_pages_migrated", "NUMA migrations", kNeutral,
               "Pages per second moved to another NUMA node by automatic NUMA balancing."},
};

// Families of /proc/vmstat counters whose members differ by zone or reclaim path.
struct KnownPrefix {
    std::string_view prefix;
    const char* what;
    BetterDirection better;
};
constexpr std::array kVmstatPrefixes = {
    KnownPrefix{"pgscan", "Pages per second examined by memory reclaim; many mean the kernel is hunting for free memory",
                kLower},
    KnownPrefix{"pgsteal", "Pages per second freed by memory reclaim", kLower},
    KnownPrefix{"allocstall", "Times per second a program had to stop and free memory itself before it could allocate",
                kLower},
    KnownPrefix{"workingset_refault", "Pages per second read back soon after being evicted: a sign memory is too small",
                kLower},
    KnownPrefix{"numa_", "Automatic NUMA placement events per second", kNeutral},
    KnownPrefix{"thp_", "Transparent huge page events per second", kNeutral},
    KnownPrefix{"compact_", "Memory defragmentation (compaction) events per second", kNeutral},
};

// nr_* fields are levels (pages in a state right now), except these, which only ever grow.
constexpr std::array<std::string_view, 7> kCumulativeNrFields = {
    "nr_dirtied", "nr_written", "nr_throttled_written", "nr_vmscan_write", "nr_vmscan_immediate_reclaim",
    "nr_foll_pin_acquired", "nr_foll_pin_released",
};

bool isVmstatCounter(std::string_view key)
{
    if (key.starts_with("nr_")) {
        for (std::string_view cumulative : kCumulativeNrFields) {
            if (key == cumulative)
                return true;
        }
        return key.starts_with("nr_tlb_"); // TLB flush event counts of CONFIG_DEBUG_TLBFLUSH kernels
    }
    // The one level without the nr_ prefix: shadow entries kept to detect refaults.
    return key != "workingset_nodes";
}

const KnownField* findKnown(std::string_view key, bool vmstat)
{
    const auto find = [key](const auto& table) -> const KnownField* {
        for (const KnownField& known : table) {
            if (known.key == key)
                return &known;
        }
        return nullptr;
    };
    return vmstat ? find(kVmstatFields) : find(kMeminfoFields);
}

std::string sanitisedId(std::string_view prefix, std::string_view key)
{
    std::string id(prefix);
    for (const char c : key) {
        if (c >= 'A' && c <= 'Z')
            id += char(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')
            id += c;
        else if (c != ')')
            id += '_'; // "Active(anon)" -> "active_anon"
    }
    return id;
}

format::MetricDescriptor meminfoDescriptor(std::string id, std::string_view key, bool inKilobytes)
{
    format::MetricDescriptor descriptor;
    descriptor.id = std::move(id);
    descriptor.unit = inKilobytes ? "bytes" : "count";
    descriptor.kind = MetricKind::Gauge;
    descriptor.category = "Memory";
    if (const KnownField* known = findKnown(key, false)) {
        descriptor.title = known->title;
        descriptor.better = known->better;
        descriptor.description = known->description;
    } else {
        descriptor.title = std::string(key);
        descriptor.better = kNeutral;
        descriptor.description = "The kernel's " + std::string(key) + " figure from /proc/meminfo"
            + (inKilobytes ? ", in bytes." : " (a count).");
    }
    return descriptor;
}

format::MetricDescriptor vmstatDescriptor(std::string id, std::string_view key, bool counter)
{
    format::MetricDescriptor descriptor;
    descriptor.id = std::move(id);
    descriptor.title = std::string(key);
    // pgpgin and pgpgout count kilobytes, not pages or events.
    const bool kilobytes = key == "pgpgin" || key == "pgpgout";
    descriptor.unit = !counter ? "count" : kilobytes ? "KiB/s" : "/s";
    descriptor.kind = counter ? MetricKind::Rate : MetricKind::Gauge;
    descriptor.better = kNeutral;
    descriptor.category = "Memory";
    if (const KnownField* known = findKnown(key, true)) {
        descriptor.title = known->title;
        descriptor.better = known->better;
        descriptor.description = known->description;
        return descriptor;
    }
    if (counter) {
        for (const KnownPrefix& family : kVmstatPrefixes) {
            if (key.starts_with(family.prefix)) {
                descriptor.better = family.better;
                descriptor.description = std::string(family.what) + " (kernel counter " + std::string(key) + ").";
                return descriptor;
            }
        }
        descriptor.description = "How many times per second the kernel's " + std::string(key)
            + " counter in /proc/vmstat grew.";
    } else {
        descriptor.description = "The current level of the kernel's " + std::string(key)
            + " statistic in /proc/vmstat (usually a number of pages).";
    }
    return descriptor;
}

format::MetricDescriptor derivedDescriptor(std::string_view id)
{
    if (id == "mem.used")
        return {"mem.used", "Used memory", "bytes", MetricKind::Gauge, kLower, "", "Memory",
                "Memory in use that the kernel could not quickly give to a program: total minus available."};
    return {"mem.vm.pgminorfault", "Minor page faults", "/s", MetricKind::Rate, kLower, "", "Memory",
            "Page faults per second resolved without disk I/O (first touch of new memory, copy-on-write, cached files)."};
}

} // namespace

std::string MemoryCollector::meminfoMetricId(std::string_view key)
{
    // MemTotal, MemFree and MemAvailable would read "mem.memtotal": the group prefix already says it.
    if (key.starts_with("Mem") && key.size() > 3)
        key.remove_prefix(3);
    return sanitisedId("mem.", key);
}

std::string MemoryCollector::vmstatMetricId(std::string_view key)
{
    return sanitisedId("mem.vm.", key);
}

std::string_view MemoryCollector::summary() const
{
    return "Memory use, swap, page cache and the kernel's paging and reclaim counters (/proc/meminfo, /proc/vmstat)";
}

std::string MemoryCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    m_meminfo = Source{};
    m_vmstat = Source{};
    m_vmstat.vmstat = true;
    m_vmstatProblem.clear();
    m_sampleNumber = 0;
    m_memTotal = m_memAvailable = m_pgfault = m_pgmajfault = -1;
    m_usedColumn = m_minorFaultColumn = -1;

    if (!m_meminfo.file.open(paths.proc("meminfo")))
        return m_meminfo.file.error();
    const std::string_view meminfo = m_meminfo.file.read();
    if (!m_meminfo.file.error().empty())
        return m_meminfo.file.error();
    // Registers the descriptors of every field present now; later ones are added on first sight.
    parse(m_meminfo, meminfo, catalog, nullptr, 0);
    if (m_meminfo.fields.empty())
        return m_meminfo.file.path() + ": no \"Key: value\" lines, so it is not a Linux /proc/meminfo";

    // The memory levels are worth recording even where /proc/vmstat cannot be read.
    if (!m_vmstat.file.open(paths.proc("vmstat"))) {
        m_vmstatProblem = m_vmstat.file.error();
    } else {
        const std::string_view vmstat = m_vmstat.file.read();
        if (!m_vmstat.file.error().empty()) {
            m_vmstatProblem = m_vmstat.file.error();
            m_vmstat.file.close();
        } else {
            parse(m_vmstat, vmstat, catalog, nullptr, 0);
        }
    }

    if (m_memTotal >= 0 && m_memAvailable >= 0)
        catalog.add(derivedDescriptor("mem.used"));
    if (m_pgfault >= 0 && m_pgmajfault >= 0)
        catalog.add(derivedDescriptor("mem.vm.pgminorfault"));
    return {};
}

int MemoryCollector::fieldIndex(Source& source, std::size_t line, std::string_view key, bool inKilobytes,
                                MetricCatalog& catalog)
{
    if (line < source.byLine.size()) {
        const int cached = source.byLine[line];
        if (cached >= 0 && source.fields[std::size_t(cached)].key == key)
            return cached;
    }
    int index = -1;
    if (const auto it = source.byKey.find(key); it != source.byKey.end()) {
        index = it->second;
    } else {
        // First sight of this field (at open, or a kernel that adds a line mid-run): rare, may allocate.
        Field field;
        field.key = std::string(key);
        if (source.vmstat) {
            field.id = vmstatMetricId(key);
            field.rate = isVmstatCounter(key);
            catalog.add(vmstatDescriptor(field.id, key, field.rate));
        } else {
            field.id = meminfoMetricId(key);
            field.scale = inKilobytes ? 1024.0 : 1.0;
            catalog.add(meminfoDescriptor(field.id, key, inKilobytes));
        }
        index = int(source.fields.size());
        source.fields.push_back(std::move(field));
        source.byKey.emplace(std::string(key), index);
        if (source.vmstat && key == "pgfault")
            m_pgfault = index;
        else if (source.vmstat && key == "pgmajfault")
            m_pgmajfault = index;
        else if (!source.vmstat && key == "MemTotal")
            m_memTotal = index;
        else if (!source.vmstat && key == "MemAvailable")
            m_memAvailable = index;
    }
    if (line >= source.byLine.size())
        source.byLine.resize(line + 1, -1);
    source.byLine[line] = index;
    return index;
}

// Walks one read of the file. With a group, sets this sample's values; without (at open), only
// discovers the fields and registers their descriptors.
void MemoryCollector::parse(Source& source, std::string_view text, MetricCatalog& catalog, MetricGroup* group,
                            double seconds)
{
    TextCursor cursor(text);
    std::size_t line = 0;
    while (!cursor.atEnd()) {
        // meminfo: "Active(anon):       1536 kB" or "HugePages_Total:       0"; vmstat: "pgfault 7094335".
        std::string_view key = cursor.word();
        if (!source.vmstat && !key.empty() && key.back() == ':')
            key.remove_suffix(1);
        std::uint64_t raw = 0;
        if (key.empty() || !cursor.u64(raw)) {
            cursor.nextLine();
            continue;
        }
        const bool inKilobytes = !source.vmstat && cursor.word() == "kB";
        cursor.nextLine();

        Field& field = source.fields[std::size_t(fieldIndex(source, line++, key, inKilobytes, catalog))];
        if (!group)
            continue;
        if (field.column < 0)
            field.column = group->column(field.id);
        double value = 0;
        if (field.rate) {
            // Only a reading from the sample just before gives this interval's rate; a field that
            // skipped a sample (or the first sample) has none.
            const bool consecutive = field.previousAt != 0 && field.previousAt + 1 == m_sampleNumber;
            value = consecutive ? counterRate(field.previous, raw, seconds) : kNoValue;
            field.previous = raw;
            field.previousAt = m_sampleNumber;
        } else {
            value = double(raw) * field.scale;
        }
        field.value = value;
        field.seenAt = m_sampleNumber;
        group->set(field.column, value);
    }
}

const MemoryCollector::Field* MemoryCollector::fieldSeenNow(const Source& source, int index) const
{
    if (index < 0)
        return nullptr;
    const Field& field = source.fields[std::size_t(index)];
    return field.seenAt == m_sampleNumber ? &field : nullptr;
}

void MemoryCollector::setDerived(int& column, const char* id, double value, MetricCatalog& catalog, MetricGroup& group)
{
    if (column < 0) {
        catalog.add(derivedDescriptor(id)); // a no-op when open() already saw both sources
        column = group.column(id);
    }
    group.set(column, value);
}

void MemoryCollector::sample(SampleContext& context, MetricGroup& group)
{
    ++m_sampleNumber;
    const std::string_view meminfo = m_meminfo.file.read();
    if (!m_meminfo.file.error().empty())
        throw CollectorError(m_meminfo.file.error());
    parse(m_meminfo, meminfo, context.catalog, &group, context.elapsedSeconds);

    if (m_vmstat.file.isOpen()) {
        const std::string_view vmstat = m_vmstat.file.read();
        if (!m_vmstat.file.error().empty())
            throw CollectorError(m_vmstat.file.error());
        parse(m_vmstat, vmstat, context.catalog, &group, context.elapsedSeconds);
    }

    const Field* total = fieldSeenNow(m_meminfo, m_memTotal);
    const Field* available = fieldSeenNow(m_meminfo, m_memAvailable);
    if (total && available)
        setDerived(m_usedColumn, "mem.used", total->value - available->value, context.catalog, group);

    const Field* faults = fieldSeenNow(m_vmstat, m_pgfault);
    const Field* majorFaults = fieldSeenNow(m_vmstat, m_pgmajfault);
    if (faults && majorFaults) {
        // pgfault counts major faults too. The kernel sums its per-CPU event counts without a
        // lock, so the difference can dip a hair below zero: that is no fault at all.
        double minor = faults->value - majorFaults->value;
        if (minor < 0)
            minor = 0;
        setDerived(m_minorFaultColumn, "mem.vm.pgminorfault", minor, context.catalog, group);
    }
}

nlohmann::json MemoryCollector::details() const
{
    nlohmann::json json = nlohmann::json::object();
    json["meminfo_fields"] = m_meminfo.fields.size();
    json["vmstat_fields"] = m_vmstat.fields.size();
    if (!m_vmstatProblem.empty())
        json["vmstat"] = m_vmstatProblem;
    return json;
}

} // namespace runlens::collect
