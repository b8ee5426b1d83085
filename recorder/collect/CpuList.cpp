#include "CpuList.h"

#include "ProcFile.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>

namespace runlens::collect {

namespace {

std::optional<int> cpuId(std::string_view text)
{
    int id = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() || id < 0 || id > kMaxCpuId)
        return std::nullopt;
    return id;
}

} // namespace

std::optional<std::vector<int>> parseCpuList(std::string_view text)
{
    constexpr std::string_view blanks = " \t\r\n";
    const std::size_t start = text.find_first_not_of(blanks);
    if (start == std::string_view::npos)
        return std::vector<int>{};
    text = text.substr(start, text.find_last_not_of(blanks) - start + 1);

    std::vector<int> cpus;
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        const std::size_t dash = item.find('-');
        const std::optional<int> first = cpuId(item.substr(0, dash));
        const std::optional<int> last = dash == std::string_view::npos ? first : cpuId(item.substr(dash + 1));
        if (!first || !last || *last < *first)
            return std::nullopt;
        for (int cpu = *first; cpu <= *last; ++cpu)
            cpus.push_back(cpu);
    }
    return cpus;
}

std::vector<int> onlineCpus(const HostPaths& paths)
{
    std::string text;
    std::vector<int> cpus;
    if (readWholeFile(paths.sys("devices/system/cpu/online"), text))
        cpus = parseCpuList(text).value_or(std::vector<int>{});
    if (cpus.empty()) {
        const long count = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
        for (long cpu = 0; cpu < count; ++cpu)
            cpus.push_back(int(cpu));
    }
    return cpus;
}

} // namespace runlens::collect
