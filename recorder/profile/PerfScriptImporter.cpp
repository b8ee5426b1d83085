#include "PerfScriptImporter.h"

#include <cstdlib>
#include <string>

namespace runlens::profile {

namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

std::uint32_t number(std::string_view text)
{
    return std::uint32_t(std::strtoul(std::string(text).c_str(), nullptr, 10));
}

format::FrameKind kindOf(std::string_view module, std::uint64_t address)
{
    if (module == "[kernel.kallsyms]" || (module.starts_with('[') && address >= 0xffff800000000000ull))
        return format::FrameKind::Kernel;
    if (module.find("perf-") != std::string_view::npos && module.ends_with(".map"))
        return format::FrameKind::Jit;
    if (module == "[unknown]" || module.empty())
        return format::FrameKind::Unknown;
    return format::FrameKind::User;
}

} // namespace

PerfScriptImporter::PerfScriptImporter(ProfileBuilder& builder, std::int64_t zeroNs)
    : m_builder(builder)
    , m_zeroNs(zeroNs)
{
}

void PerfScriptImporter::endSample()
{
    if (!m_inSample)
        return;
    std::uint32_t stack = format::kNoStack;
    for (auto it = m_frames.rbegin(); it != m_frames.rend(); ++it)
        stack = m_builder.stack(stack, *it);
    m_builder.sample(m_timeNs, m_cpu, m_pid, m_tid, stack);
    ++m_statistics.samples;
    m_inSample = false;
    m_frames.clear();
}

void PerfScriptImporter::addLine(std::string_view line)
{
    if (trim(line).empty()) {
        endSample();
        return;
    }
    if (line.front() == '\t' || line.front() == ' ') {
        if (!m_inSample) {
            ++m_statistics.skippedLines;
            return;
        }
        // "ADDRESS SYMBOL (MODULE)"; the symbol may contain spaces and parentheses, the module is
        // the last parenthesised part.
        const std::string_view frame = trim(line);
        const auto space = frame.find(' ');
        const auto open = frame.rfind(" (");
        if (space == std::string_view::npos || open == std::string_view::npos || open < space || !frame.ends_with(')')) {
            ++m_statistics.skippedLines;
            return;
        }
        const std::uint64_t address = std::strtoull(std::string(frame.substr(0, space)).c_str(), nullptr, 16);
        std::string_view symbol = trim(frame.substr(space + 1, open - space - 1));
        std::string_view module = frame.substr(open + 2, frame.size() - open - 3);
        const format::FrameKind kind = kindOf(module, address);
        if (kind == format::FrameKind::User || kind == format::FrameKind::Jit) {
            if (const auto slash = module.rfind('/'); slash != std::string_view::npos)
                module.remove_prefix(slash + 1);
        }
        if (symbol.empty())
            symbol = "[unknown]";
        if (kind == format::FrameKind::Unknown)
            module = "";
        m_frames.push_back(m_builder.frame(kind, module, symbol));
        return;
    }
    // A header: "COMM PID/TID [CPU] SECONDS.MICROS:"; COMM may contain spaces, so parse from the right.
    endSample();
    const auto bracket = line.rfind(" [");
    const auto close = bracket == std::string_view::npos ? std::string_view::npos : line.find(']', bracket);
    const auto colon = close == std::string_view::npos ? std::string_view::npos : line.find(':', close);
    if (colon == std::string_view::npos) {
        ++m_statistics.skippedLines;
        return;
    }
    const std::string_view before = trim(line.substr(0, bracket));
    const auto lastSpace = before.rfind(' ');
    const std::string_view ids = lastSpace == std::string_view::npos ? before : before.substr(lastSpace + 1);
    const std::string_view command = lastSpace == std::string_view::npos ? std::string_view() : trim(before.substr(0, lastSpace));
    const auto slash = ids.find('/');
    if (slash == std::string_view::npos) {
        ++m_statistics.skippedLines;
        return;
    }
    m_pid = number(ids.substr(0, slash));
    m_tid = number(ids.substr(slash + 1));
    m_cpu = number(line.substr(bracket + 2, close - bracket - 2));
    const std::string time(trim(line.substr(close + 1, colon - close - 1)));
    const auto dot = time.find('.');
    const std::int64_t seconds = std::strtoll(time.c_str(), nullptr, 10);
    std::int64_t fraction = 0;
    if (dot != std::string::npos) {
        std::string digits = time.substr(dot + 1, 9);
        digits.resize(9, '0');
        fraction = std::strtoll(digits.c_str(), nullptr, 10);
    }
    m_timeNs = seconds * 1'000'000'000 + fraction - m_zeroNs;
    m_builder.task(m_tid, m_pid, command.empty() ? std::string_view("[unknown]") : command);
    m_inSample = true;
}

void PerfScriptImporter::finish()
{
    endSample();
}

void PerfScriptImporter::read(std::FILE* input)
{
    char* line = nullptr;
    std::size_t capacity = 0;
    ssize_t length = 0;
    while ((length = ::getline(&line, &capacity, input)) >= 0)
        addLine(std::string_view(line, std::size_t(length)));
    std::free(line); // NOLINT: getline's buffer
    finish();
}

} // namespace runlens::profile
