#include "ProfileBuilder.h"

#include "ProfileEncoding.h"

#include <algorithm>

namespace runlens::profile {

ProfileBuilder::ProfileBuilder()
{
    m_stackIndex.reserve(1 << 14);
    m_frameIndex.reserve(1 << 12);
    m_key.reserve(512);
}

namespace {

// Names are clipped to what readers accept (ProfileLimits::maxTextBytes): a C++ template symbol
// can demangle to tens of kilobytes, and one such frame must not make the whole profile invalid.
// The cut backs off to a UTF-8 character boundary and says it was cut.
std::string_view clipped(std::string_view text, std::string& storage)
{
    constexpr std::size_t limit = format::ProfileLimits{}.maxTextBytes;
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

std::uint32_t ProfileBuilder::frame(format::FrameKind kind, std::string_view module, std::string_view symbol)
{
    std::string clippedModule;
    std::string clippedSymbol;
    module = clipped(module, clippedModule);
    symbol = clipped(symbol, clippedSymbol);
    m_key.clear();
    m_key += char('0' + int(kind));
    m_key.append(module);
    m_key += '\0';
    m_key.append(symbol);
    if (const auto it = m_frameIndex.find(std::string_view(m_key)); it != m_frameIndex.end())
        return it->second;
    const auto id = std::uint32_t(m_tables.frames.size());
    m_tables.frames.push_back({std::string(symbol), std::string(module), kind});
    m_frameIndex.emplace(m_key, id);
    return id;
}

std::uint32_t ProfileBuilder::stack(std::uint32_t parent, std::uint32_t frame)
{
    const std::uint64_t key = (std::uint64_t(parent) << 32) | frame;
    if (const auto it = m_stackIndex.find(key); it != m_stackIndex.end())
        return it->second;
    const auto id = std::uint32_t(m_tables.stacks.size());
    m_tables.stacks.push_back({parent, frame});
    m_stackIndex.emplace(key, id);
    return id;
}

void ProfileBuilder::task(std::uint32_t tid, std::uint32_t pid, std::string_view command)
{
    std::string clippedCommand;
    command = clipped(command, clippedCommand);
    const auto it = m_taskIndex.find(tid);
    if (it == m_taskIndex.end()) {
        const auto index = std::uint32_t(m_tables.tasks.size());
        m_tables.tasks.push_back({tid, pid, std::string(command)});
        m_taskIndex.emplace(tid, index);
        m_changedTasks.push_back(index);
        return;
    }
    format::ProfileTask& known = m_tables.tasks[it->second];
    if (known.pid == pid && known.command == command)
        return;
    known.pid = pid;
    known.command = std::string(command);
    if (std::find(m_changedTasks.begin(), m_changedTasks.end(), it->second) == m_changedTasks.end())
        m_changedTasks.push_back(it->second);
}

void ProfileBuilder::sample(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack)
{
    format::ProfileSamples& samples = m_tables.samples;
    samples.timeNs.push_back(timeNs);
    samples.cpu.push_back(cpu);
    samples.pid.push_back(pid);
    samples.tid.push_back(tid);
    samples.stack.push_back(stack);
    ++m_totalSamples;
}

void ProfileBuilder::clearBatch()
{
    format::ProfileSamples& samples = m_tables.samples;
    samples.timeNs.clear();
    samples.cpu.clear();
    samples.pid.clear();
    samples.tid.clear();
    samples.stack.clear();
    m_changedTasks.clear();
}

} // namespace runlens::profile
