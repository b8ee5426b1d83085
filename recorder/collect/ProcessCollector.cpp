#include "ProcessCollector.h"

#include "CounterDelta.h"
#include "TextCursor.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace runlens::collect {

namespace {

constexpr std::size_t kDirBufferBytes = 64 * 1024;
// A stat line is about 52 numbers and a comm of at most 64 bytes: well under 2 KiB.
constexpr std::size_t kStatBufferBytes = 4096;
constexpr std::size_t kExpectedProcesses = 1024;
// Stat files kept open are bounded so that a host with tens of thousands of processes does not
// starve the other collectors (and the PMU, which needs descriptors per CPU) of descriptors.
constexpr std::size_t kMaxKeptOpen = 16384;
// Command lines kept for the manifest: a busy host churns through processes, so the list is bounded
// (the manifest stays well under a megabyte) and so is each line. Enough to tell programs apart:
// the interpreter, its options and the script or main class come first.
constexpr std::size_t kMaxCommandLines = 2048;
constexpr std::size_t kCommandLineBytes = 512;
constexpr std::size_t kMaxArguments = 16;

enum ColumnSlot { CpuUser, CpuSystem, Cpu, Rss, Threads, SlotCount };
constexpr const char* kColumnMetrics[SlotCount]
    = { "proc.cpu_user", "proc.cpu_system", "proc.cpu", "proc.rss", "proc.threads" };

std::string describeErrno(const std::string& path, int error)
{
    return path + ": " + std::strerror(error);
}

// Calls onPid for every numeric entry of the directory, re-listing it from the start. The
// directory stays open between samples and the records land in a reused buffer, so listing
// allocates nothing (opendir/readdir would allocate a DIR and its buffer each time).
// Returns 0 or the errno that stopped the listing.
template <class OnPid> int forEachPid(int dirFd, std::vector<char>& buffer, OnPid&& onPid)
{
    if (::lseek(dirFd, 0, SEEK_SET) < 0)
        return errno;
    for (;;) {
        const ssize_t filled = ::getdents64(dirFd, buffer.data(), buffer.size());
        if (filled < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        if (filled == 0)
            return 0;
        for (ssize_t offset = 0; offset < filled;) {
            const char* record = buffer.data() + offset;
            unsigned short length = 0;
            std::memcpy(&length, record + offsetof(dirent64, d_reclen), sizeof length);
            const unsigned char type = static_cast<unsigned char>(record[offsetof(dirent64, d_type)]);
            const char* name = record + offsetof(dirent64, d_name);
            if (length == 0)
                return EIO; // a malformed record would loop forever
            offset += length;
            if (type != DT_DIR && type != DT_UNKNOWN)
                continue;
            int pid = 0;
            const std::size_t nameLength = ::strnlen(name, 16);
            const auto [end, error] = std::from_chars(name, name + nameLength, pid);
            if (error != std::errc() || end != name + nameLength || pid <= 0)
                continue;
            onPid(pid);
        }
    }
}

// Instance names end up in JSON and on screen: control characters become '?' and bytes that are
// not UTF-8 (a comm cut in the middle of a character, or set to binary) become U+FFFD.
std::string printableName(std::string_view raw)
{
    std::string text(raw);
    for (char& c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    }
    const std::string quoted = nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return nlohmann::json::parse(quoted).get<std::string>();
}

format::MetricDescriptor descriptor(const char* id, const char* title, const char* unit, format::MetricKind kind,
    format::BetterDirection better, const char* dimension, const char* description)
{
    return { id, title, unit, kind, better, dimension, "Processes", description };
}

} // namespace

ProcessCollector::Process::~Process()
{
    if (fd >= 0)
        ::close(fd);
}

bool ProcessCollector::parseStat(std::string_view text, Stat& stat)
{
    const std::size_t open = text.find('(');
    const std::size_t close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return false;

    TextCursor head(text.substr(0, open));
    std::uint64_t pid = 0;
    if (!head.u64(pid) || pid == 0 || pid > std::uint64_t(INT32_MAX))
        return false;
    stat.pid = int(pid);
    stat.comm = text.substr(open + 1, close - open - 1);

    // Fields are numbered from 1 as in proc(5); the cursor starts at field 3 (state).
    TextCursor fields(text.substr(close + 1));
    const auto skip = [&fields](int count) {
        for (int i = 0; i < count; ++i) {
            if (fields.word().empty())
                return false;
        }
        return true;
    };
    return skip(11) // state .. cmajflt (3-13)
        && fields.u64(stat.utimeTicks) // 14
        && fields.u64(stat.stimeTicks) // 15
        && skip(4) // cutime cstime priority nice (16-19)
        && fields.u64(stat.threads) // 20
        && skip(1) // itrealvalue (21)
        && fields.u64(stat.startTimeTicks) // 22
        && skip(1) // vsize (23)
        && fields.i64(stat.rssPages); // 24
}

ProcessCollector::ProcessCollector(std::size_t topCount, pid_t selfPid)
    : m_topCount(topCount)
    , m_selfPid(selfPid)
{
}

ProcessCollector::~ProcessCollector()
{
    m_processes.clear(); // closes the stat files before the directory
    if (m_procDir >= 0)
        ::close(m_procDir);
}

std::string_view ProcessCollector::summary() const
{
    return "The top processes by CPU each interval, and the recorder itself: user and system CPU, RSS, threads "
           "(/proc/PID/stat)";
}

std::string ProcessCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    m_paths = paths;
    if (m_selfPid == 0)
        m_selfPid = ::getpid();
    if (m_procDir >= 0)
        ::close(m_procDir);
    m_processes.clear();
    m_openFds = 0;
    m_sampledBefore = false;
    m_colCount = -1;
    m_colThreadsTotal = -1;
    m_commandLines.clear();
    m_commandLinesDropped = 0;

    m_procDir = ::open(m_paths.procRoot.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (m_procDir < 0)
        return describeErrno(m_paths.procRoot, errno);

    if (const long ticks = ::sysconf(_SC_CLK_TCK); ticks > 0)
        m_ticksPerSecond = double(ticks);
    if (const long pageSize = ::sysconf(_SC_PAGESIZE); pageSize > 0)
        m_pageSize = double(pageSize);

    // Keep at most half of the soft descriptor limit for stat files; the rest of the recorder
    // needs descriptors too. Processes beyond the budget are read with open/pread/close.
    rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        m_fdBudget = std::min<std::size_t>(std::size_t(limit.rlim_cur) / 2, kMaxKeptOpen);
    else
        m_fdBudget = kMaxKeptOpen;

    m_dirBuffer.resize(kDirBufferBytes);
    m_statBuffer.resize(kStatBufferBytes);
    m_processes.reserve(kExpectedProcesses);
    m_ranking.reserve(kExpectedProcesses);

    std::size_t pids = 0;
    if (const int error = forEachPid(m_procDir, m_dirBuffer, [&pids](int) { ++pids; }); error != 0)
        return describeErrno(m_paths.procRoot, error);
    if (pids == 0)
        return m_paths.procRoot + ": no process directories (is procfs mounted there?)";

    using format::BetterDirection;
    using format::MetricKind;
    catalog.add(
        descriptor("proc.cpu_user", "Process user CPU", "%", MetricKind::Percent, BetterDirection::Lower, "process",
            "CPU time the process spent in user mode, as % of one CPU (above 100 when several "
            "threads run at once)"));
    catalog.add(
        descriptor("proc.cpu_system", "Process system CPU", "%", MetricKind::Percent, BetterDirection::Lower, "process",
            "CPU time the kernel spent working for the process (system calls, page faults), as % of "
            "one CPU"));
    catalog.add(descriptor("proc.cpu", "Process CPU", "%", MetricKind::Percent, BetterDirection::Lower, "process",
        "User plus system CPU of the process, as % of one CPU; only the busiest processes of "
        "each interval and the recorder have values"));
    catalog.add(descriptor("proc.rss", "Process resident memory", "bytes", MetricKind::Gauge, BetterDirection::Lower,
        "process", "Memory of the process that is in RAM (resident set size)"));
    catalog.add(descriptor("proc.threads", "Process threads", "count", MetricKind::Gauge, BetterDirection::Neutral,
        "process", "Number of threads of the process"));
    catalog.add(descriptor("proc.count", "Processes", "count", MetricKind::Gauge, BetterDirection::Neutral, "",
        "Number of processes on the host"));
    catalog.add(descriptor("proc.threads_total", "Threads", "count", MetricKind::Gauge, BetterDirection::Neutral, "",
        "Number of threads of all processes on the host"));
    return {};
}

void ProcessCollector::sample(SampleContext& context, MetricGroup& group)
{
    if (m_procDir < 0)
        throw CollectorError("the process collector was not opened");
    m_elapsedSeconds = context.elapsedSeconds;
    ++m_generation;
    m_ranking.clear();
    m_processCount = 0;
    m_threadsTotal = 0;

    if (const int error = forEachPid(m_procDir, m_dirBuffer, [&](int pid) { readProcess(context, pid); }); error != 0)
        throw CollectorError(describeErrno(m_paths.procRoot, error));

    // Processes not listed this time have exited.
    for (auto it = m_processes.begin(); it != m_processes.end();) {
        if (it->second.generation != m_generation)
            it = forget(it);
        else
            ++it;
    }

    const std::size_t top = std::min(m_topCount, m_ranking.size());
    std::partial_sort(m_ranking.begin(), m_ranking.begin() + std::ptrdiff_t(top), m_ranking.end(),
        [](const Process* a, const Process* b) {
            if (a->rankTicks != b->rankTicks)
                return a->rankTicks > b->rankTicks;
            return a->pid < b->pid; // a stable choice among equals
        });
    bool selfShown = false;
    for (std::size_t i = 0; i < top; ++i) {
        show(group, *m_ranking[i]);
        selfShown = selfShown || m_ranking[i]->pid == m_selfPid;
    }
    if (!selfShown) {
        if (const auto self = m_processes.find(int(m_selfPid)); self != m_processes.end())
            show(group, self->second);
    }

    if (m_colCount < 0) {
        m_colCount = group.column("proc.count");
        m_colThreadsTotal = group.column("proc.threads_total");
    }
    group.set(m_colCount, double(m_processCount));
    group.set(m_colThreadsTotal, double(m_threadsTotal));
    m_sampledBefore = true;
}

void ProcessCollector::readProcess(SampleContext& context, int pid)
{
    const auto found = m_processes.find(pid);
    Process* process = found != m_processes.end() ? &found->second : nullptr;
    if (process && process->generation == m_generation)
        return; // listed twice in one pass (the directory changed while being read): counted once
    int fd = process ? process->fd : -1;
    std::string_view text;
    const bool read = readStatFile(pid, fd, text);
    if (process)
        process->fd = fd;
    if (!read)
        return; // exited between the listing and the read: it is dropped below

    Stat stat;
    if (!parseStat(text, stat) || stat.pid != pid) {
        ++m_unparsable;
        context.warnings.add(m_paths.proc(std::to_string(pid) + "/stat") + ": not in the expected format; skipped");
        if (!process && fd >= 0) {
            ::close(fd);
            --m_openFds;
        }
        return;
    }

    bool isNew = false;
    if (!process) {
        process = &m_processes.try_emplace(pid).first->second;
        process->pid = pid;
        process->fd = fd;
        isNew = true;
    } else if (process->startTimeTicks != stat.startTimeTicks) {
        // The pid now belongs to another process: its counters start from zero.
        isNew = true;
        process->previousKnown = false;
        process->comm.clear();
        process->instance.clear();
    }
    process->generation = m_generation;
    process->startTimeTicks = stat.startTimeTicks;

    if (process->instance.empty() || process->comm != stat.comm) {
        // A new process, or one that exec'd or renamed itself: a new instance with its own columns.
        process->comm.assign(stat.comm);
        char digits[16];
        const auto end = std::to_chars(digits, digits + sizeof digits, pid).ptr;
        process->instance.assign(digits, end);
        process->instance += '/';
        process->instance += printableName(stat.comm);
        std::fill(std::begin(process->columns), std::end(process->columns), -1);
    }

    double userTicks = kNoValue;
    double systemTicks = kNoValue;
    if (process->previousKnown) {
        userTicks = counterDelta(process->utimeTicks, stat.utimeTicks);
        systemTicks = counterDelta(process->stimeTicks, stat.stimeTicks);
    } else if (isNew && m_sampledBefore) {
        // Not listed at the previous sample, so it started since: all of its CPU time is this interval's.
        userTicks = double(stat.utimeTicks);
        systemTicks = double(stat.stimeTicks);
    }
    process->utimeTicks = stat.utimeTicks;
    process->stimeTicks = stat.stimeTicks;
    process->previousKnown = true;

    const double seconds = m_elapsedSeconds;
    const double toPercent = seconds > 0 ? 100.0 / (m_ticksPerSecond * seconds) : kNoValue;
    process->cpuUser = userTicks * toPercent;
    process->cpuSystem = systemTicks * toPercent;
    process->rssBytes = double(std::max<std::int64_t>(stat.rssPages, 0)) * m_pageSize;
    process->threads = double(stat.threads);
    if (m_sampledBefore && seconds > 0) {
        const double interval = userTicks + systemTicks;
        process->rankTicks = std::isnan(interval) ? 0 : interval;
    } else {
        // No interval yet: the processes that used the most CPU so far are the best guess.
        process->rankTicks = double(stat.utimeTicks + stat.stimeTicks);
    }

    ++m_processCount;
    m_threadsTotal += stat.threads;
    m_ranking.push_back(process);
}

bool ProcessCollector::readStatFile(int pid, int& fd, std::string_view& text)
{
    if (fd >= 0) {
        const ssize_t n = ::pread(fd, m_statBuffer.data(), m_statBuffer.size(), 0);
        if (n > 0) {
            text = { m_statBuffer.data(), std::size_t(n) };
            return true;
        }
        // ESRCH: the process this descriptor belongs to is gone. The pid is still listed, so it
        // may have been reused by a new process: look again by path.
        ::close(fd);
        fd = -1;
        --m_openFds;
    }

    char path[32];
    auto end = std::to_chars(path, path + 16, pid).ptr;
    std::memcpy(end, "/stat", 6);
    const int opened = ::openat(m_procDir, path, O_RDONLY | O_CLOEXEC);
    if (opened < 0)
        return false;
    const ssize_t n = ::pread(opened, m_statBuffer.data(), m_statBuffer.size(), 0);
    if (n <= 0) {
        ::close(opened);
        return false;
    }
    if (m_openFds < m_fdBudget) {
        fd = opened;
        ++m_openFds;
    } else {
        ::close(opened);
    }
    text = { m_statBuffer.data(), std::size_t(n) };
    return true;
}

void ProcessCollector::show(MetricGroup& group, Process& process)
{
    if (process.columns[0] < 0) {
        for (int slot = 0; slot < SlotCount; ++slot)
            process.columns[slot] = group.column(kColumnMetrics[slot], process.instance);
        rememberCommandLine(process);
    }
    group.set(process.columns[CpuUser], process.cpuUser);
    group.set(process.columns[CpuSystem], process.cpuSystem);
    group.set(process.columns[Cpu], process.cpuUser + process.cpuSystem);
    group.set(process.columns[Rss], process.rssBytes);
    group.set(process.columns[Threads], process.threads);
}

void ProcessCollector::rememberCommandLine(const Process& process)
{
    // Read once per instance, only for the processes shown: the scan of every process stays one
    // pread of its stat file.
    if (m_commandLines.contains(process.instance))
        return;
    if (m_commandLines.size() >= kMaxCommandLines) {
        ++m_commandLinesDropped;
        return;
    }
    char path[32];
    auto end = std::to_chars(path, path + 16, process.pid).ptr;
    std::memcpy(end, "/cmdline", 9);
    const int fd = ::openat(m_procDir, path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    char text[kCommandLineBytes];
    const ssize_t n = ::pread(fd, text, sizeof text, 0);
    ::close(fd);
    if (n <= 0)
        return; // a kernel thread, or a process that exited: the app falls back to the command name
    // NUL-separated arguments; the last may be cut by the bound.
    std::vector<std::string> arguments;
    std::string_view rest(text, std::size_t(n));
    while (!rest.empty() && arguments.size() < kMaxArguments) {
        const std::size_t nul = rest.find('\0');
        arguments.push_back(printableName(rest.substr(0, nul)));
        if (nul == std::string_view::npos)
            break;
        rest.remove_prefix(nul + 1);
    }
    m_commandLines.emplace(process.instance, std::move(arguments));
}

std::unordered_map<int, ProcessCollector::Process>::iterator ProcessCollector::forget(
    std::unordered_map<int, Process>::iterator it)
{
    if (it->second.fd >= 0)
        --m_openFds; // the Process destructor closes it
    return m_processes.erase(it);
}

nlohmann::json ProcessCollector::details() const
{
    return {
        { "top", m_topCount },
        { "self_pid", m_selfPid },
        { "processes", m_processCount },
        { "stat_files_kept_open", m_openFds },
        { "stat_file_budget", m_fdBudget },
        { "unparsable_stat_files", m_unparsable },
        { "command_lines", m_commandLines },
        { "command_lines_dropped", m_commandLinesDropped },
    };
}

} // namespace runlens::collect
