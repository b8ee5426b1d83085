#include "StackSampler.h"

#include "Clocks.h"
#include "CpuList.h"
#include "InputLimits.h"
#include "OpenFailure.h"
#include "PerfEventParanoid.h"
#include "ProcFile.h"
#include "RingSize.h"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <dirent.h>

namespace runlens::profile {

namespace {

int perfEventOpen(perf_event_attr& attr, int cpu)
{
    return int(syscall(SYS_perf_event_open, &attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC));
}

template<typename T>
T field(const unsigned char* record, std::size_t offset)
{
    T value;
    std::memcpy(&value, record + offset, sizeof(T));
    return value;
}

std::string_view baseName(std::string_view path)
{
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

perf_event_attr samplingAttributes(std::uint32_t type, std::uint64_t config, int frequencyHz)
{
    perf_event_attr attr {};
    attr.size = sizeof attr;
    attr.type = type;
    attr.config = config;
    attr.freq = 1;
    attr.sample_freq = std::uint64_t(frequencyHz);
    attr.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN;
    attr.disabled = 1;
    // Side-band records: executable mappings, command names (also at exec), forks and exits, so
    // that a process is symbolized with what it had mapped even after it is gone.
    attr.mmap = 1;
    attr.mmap2 = 1;
    attr.comm = 1;
    attr.comm_exec = 1;
    attr.task = 1;
    attr.use_clockid = 1;
    attr.clockid = CLOCK_MONOTONIC;
    return attr;
}

} // namespace

struct StackSampler::Ring {
    int cpu = -1;
    int fd = -1;
    void* base = MAP_FAILED;
    std::size_t mapBytes = 0;
    const unsigned char* data = nullptr;
    std::uint64_t dataSize = 0;
    std::uint64_t head = 0; // data_head read at the start of the current drain

    perf_event_mmap_page* meta() const { return static_cast<perf_event_mmap_page*>(base); }

    ~Ring()
    {
        if (base != MAP_FAILED)
            ::munmap(base, mapBytes);
        if (fd >= 0)
            ::close(fd);
    }
};

StackSampler::StackSampler(ProfileOptions options, collect::HostPaths paths)
    : m_options(std::move(options))
    , m_paths(std::move(paths))
    , m_keepPeriods(m_options.simulatedHardwareEvent)
{
    m_frames.reserve(512);
    m_scratch.resize(1 << 16);
    // 32 MiB of address space, resident only as stacks fill it: an hour of 200,000 distinct
    // stacks builds about a million, and the table then never moves (ProfileBuilder::reserveStacks).
    m_builder.reserveStacks(std::size_t(4) << 20);
}

StackSampler::~StackSampler() = default;

std::string StackSampler::open()
{
    const double before = collect::threadCpuSeconds();
    const int paranoid = collect::pmu::perfEventParanoid(m_paths);
    if (m_options.simulatedOpenError != 0)
        return collect::pmu::OpenFailure::classify(m_options.simulatedOpenError, "perf_event_open(cpu-clock sampling) on cpu0", paranoid).message;

    const std::vector<int> cpus = collect::onlineCpus(m_paths);

    // cycles when the PMU offers it (it stops in idle, so only work is sampled); otherwise the
    // cpu-clock software event, which every kernel and hypervisor has.
    perf_event_attr attr = samplingAttributes(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, m_options.frequencyHz);
    m_event = "cycles";
    int probe = perfEventOpen(attr, cpus.front());
    if (probe < 0 && errno != EACCES && errno != EPERM) {
        attr = samplingAttributes(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, m_options.frequencyHz);
        m_event = "cpu-clock";
        probe = perfEventOpen(attr, cpus.front());
    }
    if (probe < 0)
        return collect::pmu::OpenFailure::classify(errno, "perf_event_open(" + m_event + " sampling) on cpu" + std::to_string(cpus.front()), paranoid).message;
    ::close(probe);
    // In frequency mode the kernel retunes a hardware event's period as the load changes, so a
    // sample of cycles weighs its period; cpu-clock turns the frequency into a fixed period, and
    // its samples weigh the same (counts say it all).
    m_keepPeriods = attr.type == PERF_TYPE_HARDWARE;

    const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
    const std::size_t ringsPerCpu = std::size_t(std::max(m_options.ringsPerCpu, 1));
    const std::size_t dataPages = ringDataPages(cpus.size() * ringsPerCpu, page, m_options.frequencyHz);
    // The kernel wakes the drain thread when a ring is half full (DrainThread.h).
    attr.watermark = 1;
    attr.wakeup_watermark = std::uint32_t(ringWakeupBytes(dataPages * page));
    for (const int cpu : cpus) {
        for (std::size_t copy = 0; copy < ringsPerCpu; ++copy) {
            bool offline = false;
            if (std::string why = openRing(attr, cpu, dataPages, paranoid, offline); !why.empty()) {
                m_rings.clear();
                return why;
            }
            if (offline)
                break;
        }
        if (!m_rings.empty() && m_rings.back()->cpu == cpu)
            ++m_cpuCount;
    }
    if (m_rings.empty())
        return "no online CPU could be sampled";

    loadKernelSymbols();
    readRunningProcesses();
    m_cpuSeconds += collect::threadCpuSeconds() - before;
    return {};
}

std::string StackSampler::openRing(perf_event_attr attr, int cpu, std::size_t dataPages, int paranoid, bool& offline)
{
    const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
    auto ring = std::make_unique<Ring>();
    ring->cpu = cpu;
    ring->fd = perfEventOpen(attr, cpu);
    if (ring->fd < 0) {
        if (errno == ENODEV || errno == ENOENT) {
            offline = true; // went offline meanwhile
            return {};
        }
        return collect::pmu::OpenFailure::classify(errno, "perf_event_open(" + m_event + " sampling) on cpu" + std::to_string(cpu), paranoid).message;
    }
    // Half a second of deep stacks within the memory budget (RingSize.h); smaller rings when the
    // locked-memory budget (perf_event_mlock_kb, RLIMIT_MEMLOCK) is tighter still (the kernel then
    // wakes the drain thread only when such a ring is full: its watermark was fixed at the open).
    for (std::size_t pages = dataPages; pages >= 1 && ring->base == MAP_FAILED; pages /= 2) {
        ring->mapBytes = (pages + 1) * page;
        ring->base = ::mmap(nullptr, ring->mapBytes, PROT_READ | PROT_WRITE, MAP_SHARED, ring->fd, 0);
    }
    if (ring->base == MAP_FAILED) {
        return "cannot map the sample buffer of cpu" + std::to_string(cpu) + ": " + std::strerror(errno)
             + " (raise kernel.perf_event_mlock_kb or RLIMIT_MEMLOCK)";
    }
    perf_event_mmap_page* meta = ring->meta();
    ring->data = static_cast<const unsigned char*>(ring->base) + (meta->data_offset ? meta->data_offset : page);
    ring->dataSize = meta->data_size ? meta->data_size : ring->mapBytes - page;
    m_ringBytes = std::size_t(ring->dataSize);
    m_rings.push_back(std::move(ring));
    return {};
}

void StackSampler::loadKernelSymbols()
{
    const std::string kallsyms = m_options.kallsymsPath.empty() ? m_paths.proc("kallsyms") : m_options.kallsymsPath;
    const std::string restrict = m_options.kptrRestrictPath.empty() ? m_paths.proc("sys/kernel/kptr_restrict") : m_options.kptrRestrictPath;
    m_kernel.load(kallsyms, restrict, m_options.kernelNamesFile);
}

void StackSampler::handleRecord(const unsigned char* record)
{
    perf_event_header header;
    std::memcpy(&header, record, sizeof header);
    if (header.type == PERF_RECORD_SAMPLE)
        handleSample(record, header.size);
    else
        handleSideBand(record, header.type, header.misc);
}

void StackSampler::start(std::int64_t zeroMonotonicNs)
{
    m_zeroNs = zeroMonotonicNs;
    for (const auto& ring : m_rings)
        ::ioctl(ring->fd, PERF_EVENT_IOC_ENABLE, 0);
    m_started = true;
}

void StackSampler::stop()
{
    for (const auto& ring : m_rings)
        ::ioctl(ring->fd, PERF_EVENT_IOC_DISABLE, 0);
}

void StackSampler::readRunningProcesses()
{
    DIR* directory = ::opendir(m_paths.procRoot.c_str());
    if (!directory)
        return;
    while (const dirent* entry = ::readdir(directory)) {
        char* end = nullptr;
        const unsigned long pid = std::strtoul(entry->d_name, &end, 10);
        if (*end == '\0' && pid > 0 && pid <= 0xffffffffu)
            process(std::uint32_t(pid));
    }
    ::closedir(directory);
}

std::uint32_t StackSampler::fileIndex(std::string_view path)
{
    if (const auto it = m_fileIndex.find(std::string(path)); it != m_fileIndex.end())
        return it->second;
    const auto index = std::uint32_t(m_files.size());
    m_files.emplace_back(path);
    m_fileModules.push_back(-2);
    std::string shown = path.empty() ? std::string("[anon]") : std::string(baseName(path));
    m_fileModuleNames.push_back(std::move(shown));
    m_fileIndex.emplace(std::string(path), index);
    return index;
}

ProcessImage& StackSampler::process(std::uint32_t pid)
{
    if (const auto it = m_processes.find(pid); it != m_processes.end())
        return *it->second;
    auto image = std::make_unique<ProcessImage>();
    ++m_processesSeen;
    if (pid != 0) {
        std::string text;
        const std::string directory = m_paths.proc(std::to_string(pid));
        if (collect::readWholeFile(directory + "/maps", text))
            parseProcMaps(text, *image, [this](std::string_view path) { return fileIndex(path); });
        if (collect::readWholeFile(directory + "/comm", text)) {
            while (!text.empty() && text.back() == '\n')
                text.pop_back();
            image->command = text;
        }
    } else {
        image->command = "swapper";
    }
    return *m_processes.emplace(pid, std::move(image)).first->second;
}

void StackSampler::ensureTask(std::uint32_t pid, std::uint32_t tid, const ProcessImage* image)
{
    if (m_builder.knowsTask(tid))
        return;
    std::string command;
    if (pid == 0) {
        command = "swapper";
    } else if (collect::readWholeFile(m_paths.proc(std::to_string(pid) + "/task/" + std::to_string(tid) + "/comm"), command)) {
        while (!command.empty() && command.back() == '\n')
            command.pop_back();
    } else if (image && !image->command.empty()) {
        command = image->command;
    } else {
        command = "[unknown]";
    }
    m_builder.task(tid, pid, command);
}

void StackSampler::handleSideBand(const unsigned char* record, std::uint32_t type, std::uint16_t misc)
{
    ++m_sideBandRecords;
    const auto size = field<std::uint16_t>(record, 6);
    switch (type) {
    case PERF_RECORD_MMAP2: {
        if (size < 72)
            return;
        const auto pid = field<std::uint32_t>(record, 8);
        if (pid == std::uint32_t(-1) || pid == 0)
            return; // kernel text and modules: named through kallsyms
        Mapping mapping;
        mapping.start = field<std::uint64_t>(record, 16);
        mapping.end = mapping.start + field<std::uint64_t>(record, 24);
        mapping.fileOffset = field<std::uint64_t>(record, 32);
        const char* name = reinterpret_cast<const char*>(record + 72);
        const std::string_view path(name, strnlen(name, size - 72));
        const std::uint32_t file = fileIndex(path == "//anon" ? std::string_view() : path);
        mapping.file = file;
        process(pid).map(mapping);
        return;
    }
    case PERF_RECORD_COMM: {
        if (size < 17)
            return;
        const auto pid = field<std::uint32_t>(record, 8);
        const auto tid = field<std::uint32_t>(record, 12);
        const char* name = reinterpret_cast<const char*>(record + 16);
        const std::string_view command(name, strnlen(name, size - 16));
        ProcessImage& image = process(pid);
        if ((misc & PERF_RECORD_MISC_COMM_EXEC) && pid == tid)
            image.clear(); // the old program is gone; its new mappings follow as MMAP2 records
        if (pid == tid)
            image.command = command;
        m_builder.task(tid, pid, command);
        return;
    }
    case PERF_RECORD_FORK: {
        if (size < 24)
            return;
        const auto pid = field<std::uint32_t>(record, 8);
        const auto ppid = field<std::uint32_t>(record, 12);
        const auto tid = field<std::uint32_t>(record, 16);
        if (pid != ppid && !m_processes.contains(pid)) {
            // A new process starts as a copy of its parent until it calls exec.
            const ProcessImage& parent = process(ppid);
            auto child = std::make_unique<ProcessImage>();
            for (const Mapping& mapping : parent.mappings())
                child->map(mapping);
            child->command = parent.command;
            child->mapsRead = true;
            ++m_processesSeen;
            m_processes.emplace(pid, std::move(child));
        }
        ProcessImage& image = process(pid);
        image.exitedAtDrain = 0; // a recycled pid
        m_builder.task(tid, pid, image.command);
        return;
    }
    case PERF_RECORD_EXIT: {
        if (size < 24)
            return;
        const auto pid = field<std::uint32_t>(record, 8);
        const auto tid = field<std::uint32_t>(record, 16);
        if (pid == tid) {
            if (const auto it = m_processes.find(pid); it != m_processes.end())
                it->second->exitedAtDrain = m_drains;
        }
        return;
    }
    case PERF_RECORD_LOST:
        if (size >= 24)
            m_lost += field<std::uint64_t>(record, 16);
        return;
    default:
        return;
    }
}

std::uint32_t StackSampler::kernelFrame(std::uint64_t address)
{
    if (const auto it = m_kernelFrames.find(address); it != m_kernelFrames.end())
        return it->second;
    KernelSymbols::Match match;
    const std::uint32_t frame = m_kernel.find(address, match)
                                  ? m_builder.frame(match.symbol, match.module, format::FrameKind::Kernel)
                                  : m_builder.frame("[unknown]", "[kernel.kallsyms]", format::FrameKind::Kernel);
    m_kernelFrames.emplace(address, frame);
    return frame;
}

std::uint32_t StackSampler::userFrame(std::uint32_t pid, ProcessImage& image, std::uint64_t address)
{
    const Mapping* mapping = image.find(address);
    if (mapping && !m_files[mapping->file].empty() && m_files[mapping->file].front() == '/') {
        // Cached by file and offset, not by process and address: a new process running a known
        // program (a compiler started a thousand times) finds its frames already named.
        const std::uint64_t offset = address - mapping->start + mapping->fileOffset;
        const std::uint64_t key = (std::uint64_t(mapping->file) << 40) ^ offset;
        if (const auto it = m_fileFrames.find(key); it != m_fileFrames.end())
            return it->second;
        int& module = m_fileModules[mapping->file];
        if (module == -2)
            module = m_elf.open(m_files[mapping->file]);
        const std::string_view symbol = m_elf.symbolize(module, offset);
        const std::uint32_t frame = m_builder.frame(symbol.empty() ? std::string_view("[unknown]") : symbol,
                                                    m_fileModuleNames[mapping->file], format::FrameKind::User);
        m_fileFrames.emplace(key, frame);
        return frame;
    }
    if (const auto it = image.frames.find(address); it != image.frames.end())
        return it->second;
    // Anonymous executable memory: code a JIT compiled, named in /tmp/perf-PID.map when the
    // runtime writes one. Looked at again at most once a second, as runtimes append to it (a
    // drain comes up to 50 times a second, and a grown map is read whole).
    if (image.perfMapEpoch != m_perfMapEpoch) {
        image.perfMapEpoch = m_perfMapEpoch;
        image.perfMap.refresh(m_options.perfMapDirectory + "/perf-" + std::to_string(pid) + ".map");
    }
    if (const std::string_view name = image.perfMap.find(address); !name.empty()) {
        m_text = "perf-" + std::to_string(pid) + ".map";
        const std::uint32_t frame = m_builder.frame(name, m_text, format::FrameKind::Jit);
        image.frames.emplace(address, frame);
        ++m_jitFrames;
        return frame;
    }
    // Not cached: the JIT may name it later, and garbage addresses from a broken frame-pointer
    // walk would only fill the cache.
    if (mapping)
        return m_builder.frame("[unknown]", m_fileModuleNames[mapping->file], format::FrameKind::Unknown);
    return m_builder.frame("[unknown]", "", format::FrameKind::Unknown);
}

void StackSampler::handleSample(const unsigned char* record, std::size_t size)
{
    // PERF_SAMPLE_TID | TIME | CPU | PERIOD | CALLCHAIN: pid, tid, time, cpu, reserved, period, nr, ips[nr]
    if (size < 48)
        return;
    const auto pid = field<std::uint32_t>(record, 8);
    const auto tid = field<std::uint32_t>(record, 12);
    const auto time = field<std::uint64_t>(record, 16);
    const auto cpu = field<std::uint32_t>(record, 24);
    const auto period = field<std::uint64_t>(record, 32);
    const auto depth = field<std::uint64_t>(record, 40);
    if (depth > (size - 48) / 8)
        return;
    ProcessImage* image = pid != 0 ? &process(pid) : nullptr;
    ensureTask(pid, tid, image);

    m_frames.clear();
    std::uint64_t context = PERF_CONTEXT_USER;
    bool first = true;
    for (std::uint64_t i = 0; i < depth; ++i) {
        std::uint64_t address = field<std::uint64_t>(record, 48 + i * 8);
        if (address >= std::uint64_t(PERF_CONTEXT_MAX)) {
            context = address;
            first = true;
            continue;
        }
        // Callers' entries are return addresses; one byte back is inside the call instruction,
        // which belongs to the caller even when the call is the last instruction of a function.
        if (!first && address > 0)
            --address;
        first = false;
        if (context == PERF_CONTEXT_KERNEL)
            m_frames.push_back(kernelFrame(address));
        else if (context == PERF_CONTEXT_USER && image)
            m_frames.push_back(userFrame(pid, *image, address));
    }
    // Readers refuse stacks deeper than InputLimits.h allows (the kernel's default is 127 frames,
    // kernel.perf_event_max_stack may raise it): keep the innermost, where the time is spent.
    if (m_frames.size() > format::limits::kStackDepth)
        m_frames.resize(format::limits::kStackDepth);
    std::uint32_t stack = format::kNoStack;
    for (auto it = m_frames.rbegin(); it != m_frames.rend(); ++it)
        stack = m_builder.stack(stack, *it);
    if (m_keepPeriods)
        m_builder.weightedSample(std::int64_t(time) - m_zeroNs, cpu, pid, tid, stack, 1, period);
    else
        m_builder.sample(std::int64_t(time) - m_zeroNs, cpu, pid, tid, stack);
}

void StackSampler::drain()
{
    if (!m_started)
        return;
    const double before = collect::threadCpuSeconds();
    ++m_drains;
    const std::int64_t now = collect::monotonicNs();
    if (now - m_perfMapEpochStartNs >= 1'000'000'000) {
        ++m_perfMapEpoch;
        m_perfMapEpochStartNs = now;
    }
    // Processes that exited before the previous drain have had all their samples read by now.
    std::erase_if(m_processes, [this](const auto& entry) {
        return entry.second->exitedAtDrain != 0 && entry.second->exitedAtDrain + 1 < m_drains;
    });

    const auto forEachRecord = [this](Ring& ring, auto&& handle) {
        std::uint64_t tail = ring.meta()->data_tail;
        while (tail < ring.head) {
            const std::uint64_t offset = tail & (ring.dataSize - 1);
            perf_event_header header;
            std::memcpy(&header, ring.data + offset, sizeof header);
            if (header.size < sizeof header || header.size > ring.head - tail)
                break; // cannot happen with an intact ring; stop rather than read garbage
            const unsigned char* record = ring.data + offset;
            if (offset + header.size > ring.dataSize) {
                // The record wraps around the end of the ring: copy it into one piece.
                const std::size_t firstPart = std::size_t(ring.dataSize - offset);
                std::memcpy(m_scratch.data(), ring.data + offset, firstPart);
                std::memcpy(m_scratch.data() + firstPart, ring.data, header.size - firstPart);
                record = m_scratch.data();
            }
            handle(record, header);
            tail += header.size;
        }
    };

    for (const auto& ring : m_rings)
        ring->head = __atomic_load_n(&ring->meta()->data_head, __ATOMIC_ACQUIRE);
    // Side-band records first, from every CPU: a process may exec on one CPU and be sampled on another.
    for (const auto& ring : m_rings) {
        forEachRecord(*ring, [this](const unsigned char* record, const perf_event_header& header) {
            if (header.type != PERF_RECORD_SAMPLE)
                handleSideBand(record, header.type, header.misc);
        });
    }
    for (const auto& ring : m_rings) {
        forEachRecord(*ring, [this](const unsigned char* record, const perf_event_header& header) {
            if (header.type == PERF_RECORD_SAMPLE)
                handleSample(record, header.size);
        });
        __atomic_store_n(&ring->meta()->data_tail, ring->head, __ATOMIC_RELEASE);
    }
    m_cpuSeconds += collect::threadCpuSeconds() - before;
}

std::vector<int> StackSampler::ringDescriptors() const
{
    std::vector<int> descriptors;
    descriptors.reserve(m_rings.size());
    for (const auto& ring : m_rings)
        descriptors.push_back(ring->fd);
    return descriptors;
}

nlohmann::json StackSampler::info() const
{
    nlohmann::json info = {
        {"backend", "native"},
        {"event", m_event},
        {"frequency_hz", m_options.frequencyHz},
        {"cpus", m_cpuCount},
        {"rings", m_rings.size()},
        {"drains", m_drains - 1},
        {"callchains", "frame pointers, kernel and user"},
        {"clock", "CLOCK_MONOTONIC, counted from the run's start"},
        {"kernel_symbols", m_kernel.available()},
        {"kernel_symbol_count", m_kernel.size()},
        {"samples", m_builder.totalSamples()},
        {"lost_samples", m_lost},
        {"processes_seen", m_processesSeen},
        {"modules", m_elf.moduleCount()},
        {"modules_with_separate_debuginfo", m_elf.modulesWithDebugInfo()},
        {"jit_frames", m_jitFrames},
        {"frames", m_builder.frameCount()},
        {"stacks", m_builder.tables().stacks.size()},
        {"ring_bytes_per_cpu", m_ringBytes},
        {"sampler_cpu_seconds", m_cpuSeconds},
    };
    if (!m_kernel.available())
        info["kernel_symbols_reason"] = m_kernel.whyUnavailable();
    if (!m_elf.failures().empty())
        info["unreadable_modules"] = m_elf.failures();
    return info;
}

} // namespace runlens::profile
