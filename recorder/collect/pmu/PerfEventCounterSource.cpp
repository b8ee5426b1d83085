#include "PerfEventCounterSource.h"

#include "PerfEventParanoid.h"

#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

namespace runlens::collect::pmu {

namespace {

constexpr std::uint64_t kReadFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

int perfEventOpen(perf_event_attr& attr, int cpu, int groupFd)
{
    return int(syscall(SYS_perf_event_open, &attr, -1, cpu, groupFd, PERF_FLAG_FD_CLOEXEC));
}

std::string describe(const perf_event_attr& attr, int cpu)
{
    char text[96];
    std::snprintf(text, sizeof text, "perf_event_open(type %u, config 0x%llx) on cpu%d", attr.type,
                  static_cast<unsigned long long>(attr.config), cpu);
    return text;
}

} // namespace

PerfEventCounterSource::PerfEventCounterSource(const HostPaths& paths)
    : m_paranoid(perfEventParanoid(paths))
{
}

PerfEventCounterSource::~PerfEventCounterSource()
{
    close();
}

OpenFailure PerfEventCounterSource::openOne(std::span<const perf_event_attr> group, int cpu, std::vector<int>& fds,
                                            bool enabled)
{
    const std::size_t first = fds.size();
    int leader = -1;
    for (const perf_event_attr& event : group) {
        perf_event_attr attr = event;
        attr.size = sizeof attr;
        attr.read_format = kReadFormat;
        // Siblings follow the leader; only the leader decides whether the group starts enabled.
        attr.disabled = (leader < 0 && !enabled) ? 1 : 0;
        attr.inherit = 0;
        const int fd = perfEventOpen(attr, cpu, leader);
        if (fd < 0) {
            const int error = errno;
            for (std::size_t i = first; i < fds.size(); ++i)
                ::close(fds[i]);
            fds.resize(first);
            return OpenFailure::classify(error, describe(attr, cpu), m_paranoid);
        }
        if (leader < 0)
            leader = fd;
        fds.push_back(fd);
    }
    return {};
}

OpenFailure PerfEventCounterSource::probe(std::span<const perf_event_attr> group, int cpu, bool& fullyCounted)
{
    std::vector<int> fds;
    OpenFailure failure = openOne(group, cpu, fds, false);
    fullyCounted = false;
    if (!failure.ok())
        return failure;
    // A group the PMU cannot hold at once opens fine on some kernels but never runs: count
    // briefly and compare time running with time enabled (APerf's probe does the same).
    ioctl(fds[0], PERF_EVENT_IOC_ENABLE, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ioctl(fds[0], PERF_EVENT_IOC_DISABLE, 0);
    std::vector<std::uint64_t> buffer(3 + group.size());
    const ssize_t got = ::read(fds[0], buffer.data(), buffer.size() * sizeof(std::uint64_t));
    fullyCounted = got >= ssize_t(3 * sizeof(std::uint64_t)) && buffer[2] > 0 && buffer[2] >= buffer[1];
    for (int fd : fds)
        ::close(fd);
    return {};
}

std::vector<OpenFailure> PerfEventCounterSource::open(const std::vector<CounterGroupSpec>& groups,
                                                      std::span<const int> cpus)
{
    close();
    std::vector<OpenFailure> results;
    std::size_t largest = 0;
    for (const CounterGroupSpec& spec : groups) {
        OpenGroup group;
        group.size = spec.events.size();
        group.fds.reserve(group.size * cpus.size());
        OpenFailure failure;
        for (int cpu : cpus) {
            failure = openOne(spec.events, cpu, group.fds, true);
            if (!failure.ok())
                break;
        }
        if (!failure.ok()) {
            for (int fd : group.fds)
                ::close(fd);
            group.fds.clear();
            group.size = 0;
        }
        largest = std::max(largest, group.size);
        results.push_back(std::move(failure));
        m_groups.push_back(std::move(group));
    }
    m_buffer.assign(3 + largest, 0);
    return results;
}

bool PerfEventCounterSource::read(std::size_t group, std::size_t cpuIndex, GroupReading& reading)
{
    if (group >= m_groups.size() || m_groups[group].size == 0)
        return false;
    const OpenGroup& open = m_groups[group];
    const std::size_t first = cpuIndex * open.size;
    if (first >= open.fds.size())
        return false;
    const std::size_t bytes = (3 + open.size) * sizeof(std::uint64_t);
    const ssize_t got = ::read(open.fds[first], m_buffer.data(), bytes);
    // A short read (0 bytes) means a pinned group could not be scheduled, or the CPU is gone.
    if (got != ssize_t(bytes) || m_buffer[0] != open.size)
        return false;
    reading.enabled = m_buffer[1];
    reading.running = m_buffer[2];
    for (std::size_t i = 0; i < open.size && i < reading.values.size(); ++i)
        reading.values[i] = m_buffer[3 + i];
    return true;
}

void PerfEventCounterSource::close()
{
    for (OpenGroup& group : m_groups) {
        for (int fd : group.fds)
            ::close(fd);
    }
    m_groups.clear();
}

} // namespace runlens::collect::pmu
