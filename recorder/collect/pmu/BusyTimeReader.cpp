#include "BusyTimeReader.h"

#include "TextCursor.h"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <limits>

namespace runlens::collect::pmu {

namespace {
constexpr std::uint64_t kUnknown = std::numeric_limits<std::uint64_t>::max();
constexpr std::size_t kMaxCpus = 65536;
} // namespace

std::string BusyTimeReader::open(const HostPaths& paths)
{
    const long ticks = sysconf(_SC_CLK_TCK);
    m_secondsPerTick = ticks > 0 ? 1.0 / double(ticks) : 0.01;
    m_previous.clear();
    m_current.clear();
    if (!m_file.open(paths.proc("stat")))
        return m_file.error();
    return {};
}

bool BusyTimeReader::read()
{
    const std::string_view text = m_file.read();
    if (!m_file.error().empty())
        return false;
    m_previous.swap(m_current);
    std::fill(m_current.begin(), m_current.end(), kUnknown);
    TextCursor cursor(text);
    while (!cursor.atEnd()) {
        const std::string_view key = cursor.word();
        if (key.size() <= 3 || key.substr(0, 3) != "cpu") {
            if (!m_current.empty() && key.substr(0, 3) != "cpu")
                break; // the cpu lines come first; the rest (intr) is long and not needed
            cursor.nextLine();
            continue;
        }
        std::size_t number = 0;
        const auto [end, error] = std::from_chars(key.data() + 3, key.data() + key.size(), number);
        if (error != std::errc() || end != key.data() + key.size() || number >= kMaxCpus) {
            cursor.nextLine();
            continue;
        }
        // user nice system idle iowait irq softirq steal: busy = all but idle, iowait and steal.
        std::uint64_t fields[8] = {};
        std::size_t count = 0;
        while (count < 8 && cursor.u64(fields[count]))
            ++count;
        cursor.nextLine();
        if (count < 7)
            continue;
        if (number >= m_current.size()) {
            m_current.resize(number + 1, kUnknown);
            m_previous.resize(number + 1, kUnknown);
        }
        m_current[number] = fields[0] + fields[1] + fields[2] + fields[5] + fields[6];
    }
    return true;
}

double BusyTimeReader::busySeconds(int cpu) const
{
    const std::size_t index = std::size_t(cpu);
    if (cpu < 0 || index >= m_current.size() || index >= m_previous.size() || m_current[index] == kUnknown
        || m_previous[index] == kUnknown || m_current[index] < m_previous[index])
        return std::numeric_limits<double>::quiet_NaN();
    return double(m_current[index] - m_previous[index]) * m_secondsPerTick;
}

} // namespace runlens::collect::pmu
