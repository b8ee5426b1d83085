#include "ProfileBuilder.h"

#include <algorithm>

using runlens::format::FrameKind;

ProfileBuilder::ProfileBuilder()
{
    m_stackIds.reserve(1 << 14);
}

std::uint32_t ProfileBuilder::frame(std::string_view symbol, std::string_view module, FrameKind kind,
                                    std::string_view address)
{
    m_key.assign(symbol);
    m_key.push_back('\0');
    m_key.append(module);
    if (!address.empty()) {
        m_key.push_back('\0');
        m_key.append(address);
    }
    const auto it = m_frameIds.find(std::string_view(m_key));
    if (it != m_frameIds.end())
        return it->second;
    const auto id = std::uint32_t(m_tables.frames.size());
    m_tables.frames.push_back({std::string(symbol), std::string(module), kind});
    m_frameIds.emplace(m_key, id);
    if (!address.empty())
        m_addresses[std::to_string(id)] = std::string(address);
    return id;
}

void ProfileBuilder::updateTask(std::uint32_t tid, std::uint32_t pid, std::string_view command)
{
    const auto [it, inserted] = m_taskIndex.try_emplace(tid, std::uint32_t(m_tables.tasks.size()));
    m_lastTask = it->second;
    if (inserted) {
        m_tables.tasks.push_back({tid, pid, std::string(command)});
        return;
    }
    auto& task = m_tables.tasks[it->second];
    task.pid = pid;
    if (task.command != command)
        task.command.assign(command);
}

runlens::format::ProfileTables ProfileBuilder::take(bool rebaseTimes)
{
    auto& times = m_tables.samples.timeNs;
    if (rebaseTimes && !times.empty()) {
        const std::int64_t first = *std::min_element(times.begin(), times.end());
        for (auto& t : times)
            t -= first;
    }
    if (!m_addresses.empty())
        m_tables.info[kFrameAddressesKey] = std::move(m_addresses);
    return std::move(m_tables);
}
