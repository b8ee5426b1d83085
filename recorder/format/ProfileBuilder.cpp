#include "ProfileBuilder.h"

#include "ProfileEncoding.h"

#include <algorithm>

namespace runlens::format {

namespace {

// Names are clipped to what readers accept (ProfileLimits::maxTextBytes): a C++ template symbol
// can demangle to tens of kilobytes, and one such frame must not make the whole profile invalid.
// The cut backs off to a UTF-8 character boundary and says it was cut.
std::string_view clipped(std::string_view text, std::string& storage)
{
    constexpr std::size_t limit = ProfileLimits{}.maxTextBytes;
    if (text.size() <= limit)
        return text;
    std::size_t cut = limit - 3;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    storage.assign(text.substr(0, cut));
    storage += "...";
    return storage;
}

} // namespace

ProfileBuilder::ProfileBuilder(Commands commands)
    : m_commands(commands)
{
    m_stackIds.reserve(1 << 14);
    m_frameIds.reserve(1 << 12);
    m_key.reserve(512);
}

std::uint32_t ProfileBuilder::frame(std::string_view symbol, std::string_view module, FrameKind kind, std::string_view address)
{
    std::string clippedModule;
    std::string clippedSymbol;
    module = clipped(module, clippedModule);
    symbol = clipped(symbol, clippedSymbol);
    const std::uint64_t hash = frameHash(symbol, module, kind, address);
    const std::uint32_t found = m_frameIds.find(hash, [&](std::uint32_t id) {
        const FrameTable::Frame frame = m_frames.at(id);
        return frame.kind == kind && frame.symbol == symbol && frame.module == module && addressOf(id) == address;
    });
    if (found != IdTable::kNone)
        return found;
    const std::uint32_t id = m_frames.add(symbol, module, kind);
    if (!address.empty())
        m_frameAddresses.emplace(id, std::string(address));
    m_frameIds.insert(hash, id, [&](std::uint32_t kept) {
        const FrameTable::Frame frame = m_frames.at(kept);
        return frameHash(frame.symbol, frame.module, frame.kind, addressOf(kept));
    });
    return id;
}

std::uint64_t ProfileBuilder::frameHash(std::string_view symbol, std::string_view module, FrameKind kind, std::string_view address)
{
    std::uint64_t hash = mixKey(hashBytes(symbol) ^ std::uint64_t(kind));
    hash = mixKey(hash ^ hashBytes(module));
    return address.empty() ? hash : mixKey(hash ^ hashBytes(address));
}

std::string_view ProfileBuilder::addressOf(std::uint32_t frame) const
{
    if (m_frameAddresses.empty())
        return {};
    const auto it = m_frameAddresses.find(frame);
    return it != m_frameAddresses.end() ? std::string_view(it->second) : std::string_view();
}

void ProfileBuilder::updateTask(std::uint32_t tid, std::uint32_t pid, std::string_view command)
{
    std::string clippedCommand;
    command = clipped(command, clippedCommand);
    const auto known = m_taskOfThread.find(tid);
    if (m_commands == Commands::PerSample) {
        // One row per (thread, process, command): the samples taken before an exec keep the old name.
        m_key.assign(reinterpret_cast<const char*>(&tid), sizeof tid);
        m_key.append(reinterpret_cast<const char*>(&pid), sizeof pid);
        m_key.append(command);
        auto it = m_taskIds.find(std::string_view(m_key));
        if (it == m_taskIds.end()) {
            it = m_taskIds.emplace(m_key, std::uint32_t(m_tables.tasks.size())).first;
            m_tables.tasks.push_back({tid, pid, std::string(command)});
            m_changedTasks.push_back(it->second);
            m_threadRenamed = m_threadRenamed || known != m_taskOfThread.end();
        }
        m_taskOfThread[tid] = it->second;
        m_lastTask = it->second;
        return;
    }
    if (known == m_taskOfThread.end()) {
        const auto index = std::uint32_t(m_tables.tasks.size());
        m_tables.tasks.push_back({tid, pid, std::string(command)});
        m_taskOfThread.emplace(tid, index);
        m_changedTasks.push_back(index);
        m_lastTask = index;
        return;
    }
    m_lastTask = known->second;
    ProfileTask& task = m_tables.tasks[known->second];
    if (task.pid == pid && task.command == command)
        return;
    task.pid = pid;
    task.command.assign(command);
    if (std::find(m_changedTasks.begin(), m_changedTasks.end(), known->second) == m_changedTasks.end())
        m_changedTasks.push_back(known->second);
}

void ProfileBuilder::clearBatch()
{
    ProfileSamples& samples = m_tables.samples;
    samples.timeNs.clear();
    samples.cpu.clear();
    samples.pid.clear();
    samples.tid.clear();
    samples.stack.clear();
    samples.count.clear();
    samples.period.clear();
    samples.task.clear();
    m_changedTasks.clear();
}

ProfileTables ProfileBuilder::take(bool rebaseTimes)
{
    auto& times = m_tables.samples.timeNs;
    if (rebaseTimes && !times.empty()) {
        const std::int64_t first = *std::min_element(times.begin(), times.end());
        for (auto& t : times)
            t -= first;
    }
    if (!m_threadRenamed)
        m_tables.samples.task = {};
    m_tables.frames = m_frames.toProfileFrames();
    if (!m_frameAddresses.empty()) {
        nlohmann::json addresses = nlohmann::json::object();
        for (const auto& [frame, address] : m_frameAddresses)
            addresses[std::to_string(frame)] = address;
        m_tables.info[kFrameAddressesKey] = std::move(addresses);
    }
    return std::move(m_tables);
}

} // namespace runlens::format
