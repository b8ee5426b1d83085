#include "DrainThread.h"

#include "Clocks.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace runlens::profile {

namespace {

// After a drain the thread waits this long before it listens again: the rings fill at their own
// pace, and one drain reads them all, so wake-ups of many rings in a row cost one drain, not one
// each (192 rings at 49 Hz would otherwise wake it hundreds of times a second).
constexpr auto kQuietAfterDrain = std::chrono::milliseconds(20);

} // namespace

DrainThread::DrainThread(std::vector<int> ringDescriptors, std::function<void()> drain)
    : m_rings(std::move(ringDescriptors))
    , m_drain(std::move(drain))
{
}

DrainThread::~DrainThread()
{
    stop();
}

std::string DrainThread::start()
{
    m_stopEvent = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (m_stopEvent < 0)
        return std::string("cannot create the sampler's drain thread: eventfd: ") + std::strerror(errno);
    // The recorder's stop signals (Ctrl-C, SIGTERM, SIGCHLD of a workload) must reach the main
    // thread, whose wait they end: the new thread starts, and stays, with every signal blocked.
    sigset_t all;
    sigset_t previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    try {
        m_thread = std::thread([this] { run(); });
    } catch (const std::system_error& error) {
        pthread_sigmask(SIG_SETMASK, &previous, nullptr);
        ::close(m_stopEvent);
        m_stopEvent = -1;
        return std::string("cannot start the sampler's drain thread: ") + error.what();
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    return {};
}

void DrainThread::stop()
{
    if (m_thread.joinable()) {
        const std::uint64_t one = 1;
        [[maybe_unused]] const ssize_t written = ::write(m_stopEvent, &one, sizeof one);
        m_thread.join();
    }
    if (m_stopEvent >= 0) {
        ::close(m_stopEvent);
        m_stopEvent = -1;
    }
}

void DrainThread::run()
{
    std::vector<pollfd> waits;
    waits.reserve(m_rings.size() + 1);
    waits.push_back({m_stopEvent, POLLIN, 0});
    for (const int ring : m_rings)
        waits.push_back({ring, POLLIN, 0});
    const double cpuAtStart = collect::threadCpuSeconds();
    for (;;) {
        const int ready = ::poll(waits.data(), nfds_t(waits.size()), -1);
        if (ready < 0) {
            if (errno == EINTR)
                continue;
            break; // cannot wait any more: the tick drains alone, with more samples lost when rings fill
        }
        if (waits[0].revents != 0)
            break;
        bool wanted = false;
        for (std::size_t i = 1; i < waits.size(); ++i) {
            if (waits[i].revents & (POLLERR | POLLHUP | POLLNVAL))
                waits[i].fd = -1; // that CPU's event ended (it went offline): poll ignores it from now on
            else if (waits[i].revents & POLLIN)
                wanted = true;
        }
        if (wanted) {
            m_drain();
            m_wakeups.fetch_add(1, std::memory_order_relaxed);
            m_cpuSeconds.store(collect::threadCpuSeconds() - cpuAtStart, std::memory_order_relaxed);
            // Quiet for a moment, unless asked to stop.
            pollfd stopOnly {m_stopEvent, POLLIN, 0};
            if (::poll(&stopOnly, 1, int(kQuietAfterDrain.count())) > 0)
                break;
        }
    }
    m_cpuSeconds.store(collect::threadCpuSeconds() - cpuAtStart, std::memory_order_relaxed);
}

} // namespace runlens::profile
