#include "PerfScriptParser.h"

#include "FormatError.h"
#include "ParallelPerfScriptImport.h"

#include <cstdlib>
#include <limits>
#include <cstring>
#include <thread>

namespace runlens::format {

namespace {

// Perl's \s, \d and \w (ASCII: the script reads bytes), which the script's patterns are written in.
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n';
}
bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}
bool isWord(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

std::uint32_t parseU32(std::string_view digits)
{
    std::uint32_t value = 0;
    for (const char c : digits)
        value = value * 10 + std::uint32_t(c - '0');
    return value;
}

std::uint64_t parseU64(std::string_view digits)
{
    std::uint64_t value = 0;
    for (const char c : digits) {
        const std::uint64_t next = value * 10 + std::uint64_t(c - '0');
        value = next < value ? ~std::uint64_t(0) : next; // saturate: a garbage period stays huge
    }
    return value;
}

// One sample header line.
struct HeaderLine {
    std::string_view command;
    std::uint32_t pid = kUnknownPid;
    std::uint32_t tid = 0;
    std::uint32_t cpu = 0;
    std::int64_t timeNs = 0;
    bool hasEvent = false;
    std::string_view event;
    std::uint64_t period = 1;

    // ^(\S.+?)\s+(\d+)\/*(\d+)*\s+  — the command is the shortest prefix (two characters at least)
    // followed by blanks, a number, optionally slashes and a number, and a blank.
    bool parse(std::string_view line)
    {
        const std::size_t n = line.size();
        if (n < 3 || isSpace(line[0]))
            return false;
        for (std::size_t i = 2; i < n; ++i) {
            if (!isSpace(line[i]))
                continue;
            std::size_t j = i;
            while (j < n && isSpace(line[j]))
                ++j;
            // A later start inside the same blanks would fail the same way: skip them (a line
            // of a million blanks must not cost a million squared steps).
            const std::size_t blanksEnd = j;
            const auto failed = [&] { i = blanksEnd - 1; };
            const std::size_t firstBegin = j;
            while (j < n && isDigit(line[j]))
                ++j;
            if (j == firstBegin) {
                failed();
                continue;
            }
            const std::size_t firstEnd = j;
            while (j < n && line[j] == '/')
                ++j;
            const std::size_t secondBegin = j;
            while (j < n && isDigit(line[j]))
                ++j;
            const std::size_t secondEnd = j;
            if (j >= n || !isSpace(line[j])) {
                failed();
                continue;
            }
            command = line.substr(0, i);
            const std::string_view first = line.substr(firstBegin, firstEnd - firstBegin);
            const std::string_view second = line.substr(secondBegin, secondEnd - secondBegin);
            // Perl's `not $tid`: no second number, or "0", means only the thread id was printed.
            if (second.empty() || second == "0") {
                pid = kUnknownPid;
                tid = parseU32(first);
            } else {
                pid = parseU32(first);
                tid = parseU32(second);
            }
            if (!parseCpuAndTime(line, j)) {
                // perf prints a thread it does not know as ":-1 PID/-1": the command then ends,
                // as in stackcollapse-perf.pl, at the period ("...84277.228879:" with pid 20408163),
                // and the "[cpu] time:" went into it. The name stays the reference's; the time and
                // CPU are the ones printed, not 0 (a sample at boot, hours before the run).
                bool found = false;
                for (std::size_t at = line.find('['); !found && at != std::string_view::npos && at < i; at = line.find('[', at + 1))
                    found = parseCpuAndTime(line, at);
                if (!found)
                    cpu = 0;
            }
            parseEvent(line);
            return true;
        }
        return false;
    }

    // Not the script's business, but the run's: an optional "[cpu]", then "seconds.fraction:".
    // False when no time follows (timeNs is then 0).
    bool parseCpuAndTime(std::string_view line, std::size_t j)
    {
        const std::size_t n = line.size();
        while (j < n && isSpace(line[j]))
            ++j;
        cpu = 0;
        if (j < n && line[j] == '[') {
            const std::size_t begin = ++j;
            while (j < n && isDigit(line[j]))
                ++j;
            cpu = parseU32(line.substr(begin, j - begin));
            if (j < n && line[j] == ']')
                ++j;
            while (j < n && isSpace(line[j]))
                ++j;
        }
        timeNs = 0;
        std::size_t k = j;
        std::int64_t seconds = 0;
        // At most 9,223,372,029 s, so that the nanoseconds fit 63 bits (perf's clocks count seconds
        // since boot); a longer number stops here and is no time.
        constexpr std::int64_t kDigitLimit = std::numeric_limits<std::int64_t>::max() / 1'000'000'000 / 10;
        while (k < n && isDigit(line[k]) && seconds < kDigitLimit)
            seconds = seconds * 10 + (line[k++] - '0');
        if (k == j || k >= n || line[k] != '.')
            return false;
        ++k;
        std::int64_t fraction = 0;
        int digits = 0;
        for (; k < n && isDigit(line[k]); ++k) {
            if (digits < 9) {
                fraction = fraction * 10 + (line[k] - '0');
                ++digits;
            }
        }
        for (; digits < 9; ++digits)
            fraction *= 10;
        if (k >= n || line[k] != ':')
            return false;
        timeNs = seconds * 1'000'000'000 + fraction;
        return true;
    }

    // :\s*(\d+)*\s+(\S+):\s*$  — the event is the last word before a final colon; the period, when
    // printed, the number between it and the colon before.
    void parseEvent(std::string_view line)
    {
        hasEvent = false;
        period = 1;
        std::size_t end = line.size();
        while (end > 0 && isSpace(line[end - 1]))
            --end;
        if (end < 2 || line[end - 1] != ':')
            return;
        const std::size_t tokenEnd = end - 1;
        std::size_t tokenBegin = tokenEnd;
        while (tokenBegin > 0 && !isSpace(line[tokenBegin - 1]))
            --tokenBegin;
        if (tokenBegin == tokenEnd)
            return;
        std::size_t p = tokenBegin;
        while (p > 0 && isSpace(line[p - 1]))
            --p;
        if (p == tokenBegin)
            return;
        const std::size_t digitsEnd = p;
        while (p > 0 && isDigit(line[p - 1]))
            --p;
        const std::string_view digits = line.substr(p, digitsEnd - p);
        while (p > 0 && isSpace(line[p - 1]))
            --p;
        if (p == 0 || line[p - 1] != ':')
            return;
        hasEvent = true;
        event = line.substr(tokenBegin, tokenEnd - tokenBegin);
        // `$period = 1 if not $period`: no number, or "0", weighs 1 ("00" is true to Perl and adds 0).
        period = digits.empty() || digits == "0" ? 1 : parseU64(digits);
    }
};

struct FrameLine {
    std::string_view address;
    std::string_view function; // between the address and " (module)"
    std::string_view module;

    // ^\s*(\w+)\s*(.+) \((.*)\)  — the function runs to the last " (" that a ')' follows, the module
    // to the last ')'. When that " (" leaves no room for a function after the address and its
    // blanks, the pattern backtracks into them (the function is then one blank or the address's
    // last character), as Perl does.
    bool parse(std::string_view line)
    {
        const std::size_t n = line.size();
        std::size_t start = 0;
        while (start < n && isSpace(line[start]))
            ++start;
        std::size_t wordEnd = start;
        while (wordEnd < n && isWord(line[wordEnd]))
            ++wordEnd;
        if (wordEnd == start)
            return false;
        const std::size_t close = line.rfind(')');
        if (close == std::string_view::npos || close < 2)
            return false;
        const std::size_t open = line.rfind(" (", close - 2);
        if (open == std::string_view::npos)
            return false;
        std::size_t blanksEnd = wordEnd;
        while (blanksEnd < n && isSpace(line[blanksEnd]))
            ++blanksEnd;
        std::size_t addressEnd = wordEnd;
        std::size_t functionBegin = 0;
        if (open >= blanksEnd + 1)
            functionBegin = blanksEnd;
        else if (open >= wordEnd + 1)
            functionBegin = open - 1;
        else if (open >= start + 2)
            functionBegin = addressEnd = open - 1;
        else
            return false;
        address = line.substr(start, addressEnd - start);
        function = line.substr(functionBegin, open - functionBegin);
        module = line.substr(open + 2, close - open - 2);
        return true;
    }
};

// s/\+0x[\da-f]+$//
std::string_view withoutOffset(std::string_view function)
{
    std::size_t i = function.size();
    while (i > 0 && (isDigit(function[i - 1]) || (function[i - 1] >= 'a' && function[i - 1] <= 'f')))
        --i;
    if (i < function.size() && i >= 3 && function.substr(i - 3, 3) == "+0x")
        return function.substr(0, i - 3);
    return function;
}

// $mod =~ m:/tmp/perf-\d+\.map:
bool isPerfMap(std::string_view module)
{
    for (std::size_t at = module.find("/tmp/perf-"); at != std::string_view::npos; at = module.find("/tmp/perf-", at + 1)) {
        std::size_t i = at + 10;
        const std::size_t digits = i;
        while (i < module.size() && isDigit(module[i]))
            ++i;
        if (i > digits && module.substr(i, 4) == ".map")
            return true;
    }
    return false;
}

} // namespace

FrameKind frameKindOfModule(std::string_view module)
{
    if (module == "[unknown]")
        return FrameKind::Unknown;
    if (module.starts_with("[JIT]") || isPerfMap(module))
        return FrameKind::Jit;
    const bool userMapping = module == "[vdso]" || module == "[vsyscall]" || module == "[heap]" || module == "[stack]"
                          || module.starts_with("[anon") || module.starts_with("//anon");
    if (!userMapping && ((module.starts_with('[') && module.find("unknown") == std::string_view::npos) || module.ends_with("vmlinux")))
        return FrameKind::Kernel;
    return FrameKind::User;
}

PerfScriptParser::PerfScriptParser(ProfileBuilder& builder, std::int64_t zeroNs, const PerfScriptLimits& limits)
    : m_builder(builder)
    , m_zeroNs(zeroNs)
    , m_limits(limits)
{
}

void PerfScriptParser::parse(std::string_view text)
{
    const char* cursor = text.data();
    const char* const end = text.data() + text.size();
    // 1: the line read was a sample's header, its first frame line (the leaf) comes next; 2: that
    // line was read too, the rest of the sample may be a block read before.
    int afterHeader = 0;
    while (cursor < end) {
        if (afterHeader == 2) {
            afterHeader = 0;
            if (m_inSample && *cursor != '\n') {
                if (const char* emptyLine = readBlock(cursor, end)) {
                    cursor = emptyLine;
                    continue;
                }
            }
        }
        const char* newline = static_cast<const char*>(std::memchr(cursor, '\n', std::size_t(end - cursor)));
        const char* lineEnd = newline ? newline : end;
        m_sampleStarted = false;
        addLine(std::string_view(cursor, std::size_t(lineEnd - cursor)));
        cursor = newline ? newline + 1 : end;
        afterHeader = m_sampleStarted ? 1 : afterHeader == 1 ? 2 : 0;
    }
    // The blocks' keys are this text.
    m_blockByText.clear();
    m_blocks.clear();
    m_noEmptyLineFrom = m_noEmptyLineTo = nullptr;
}

const char* PerfScriptParser::readBlock(const char* begin, const char* end)
{
    // Whole lines up to the first empty line (which must be there: else the sample does not count).
    // Short blocks save little and would make the cache (some 60 bytes a block) large next to the
    // text; the number of blocks is bounded too.
    constexpr std::size_t kMinimumBlockBytes = 256;
    constexpr std::size_t kMaximumBlockBytes = std::size_t(1) << 20;
    constexpr std::size_t kMaximumBlocks = std::size_t(1) << 22;
    // A scan that found no empty line tells the samples it passed over not to scan again (text
    // without empty lines must not be scanned a megabyte for each of its samples).
    if (m_noEmptyLineTo && begin >= m_noEmptyLineFrom && begin < m_noEmptyLineTo)
        return nullptr;
    std::uint32_t lines = 0;
    const char* blockEnd = nullptr;
    for (const char* at = begin;;) {
        const char* newline = static_cast<const char*>(std::memchr(at, '\n', std::size_t(end - at)));
        if (!newline || newline + 1 >= end || std::size_t(newline - begin) > kMaximumBlockBytes) {
            m_noEmptyLineFrom = begin;
            m_noEmptyLineTo = newline ? newline : end;
            return nullptr;
        }
        ++lines;
        if (newline[1] == '\n') {
            blockEnd = newline + 1;
            break;
        }
        at = newline + 1;
    }
    const std::string_view block(begin, std::size_t(blockEnd - begin));
    if (block.size() < kMinimumBlockBytes)
        return nullptr;
    const std::uint64_t hash = StringTable::hash(block);
    std::uint32_t index = kNoBlock;
    if (const std::uint32_t* known = m_blockByText.find(block, hash)) {
        index = *known;
        const Block& cached = m_blocks[index];
        if (!cached.framesOnly)
            return nullptr;
        if (cached.ready) {
            m_statistics.lines += cached.lines;
            m_outerStack = cached.stack;
            m_outerKnown = true;
            return blockEnd;
        }
    } else if (m_blocks.size() < kMaximumBlocks) {
        index = std::uint32_t(m_blocks.size());
        m_blocks.push_back({lines, kNoStack, false, true});
        m_blockByText.insertBorrowed(block, hash, index);
    } else {
        return nullptr;
    }
    // Read this once line by line; endSample() then gives the block its stack. Each line pushes
    // one chain if it is a frame line, none otherwise.
    const std::size_t chainsBefore = m_leafFirst.size();
    for (const char* at = begin; at < blockEnd;) {
        const char* newline = static_cast<const char*>(std::memchr(at, '\n', std::size_t(blockEnd - at)));
        addLine(std::string_view(at, std::size_t(newline - at)));
        at = newline + 1;
    }
    if (m_inSample && m_leafFirst.size() - chainsBefore == lines) {
        m_pendingBlock = index;
        m_pendingChains = lines;
    } else {
        m_blocks[index].framesOnly = false;
    }
    return blockEnd;
}

void PerfScriptParser::read(std::FILE* input, const std::function<void()>& afterLine)
{
    // getline's buffer, freed however the loop ends (addLine throws on a limit).
    struct LineBuffer {
        char* bytes = nullptr;
        std::size_t capacity = 0;
        ~LineBuffer() { std::free(bytes); } // NOLINT: getline allocates with malloc
    } line;
    ssize_t length = 0;
    while ((length = ::getline(&line.bytes, &line.capacity, input)) >= 0) {
        std::string_view text(line.bytes, std::size_t(length));
        if (text.ends_with('\n'))
            text.remove_suffix(1);
        addLine(text);
        if (afterLine)
            afterLine();
    }
}

void PerfScriptParser::endSample()
{
    const auto extend = [this](std::uint32_t stack, std::uint32_t chainIndex) {
        Chain& chain = m_chains[chainIndex];
        if (chain.memoParent == stack)
            return chain.memoStack;
        const std::uint32_t parent = stack;
        for (std::uint32_t i = 0; i < chain.count; ++i)
            stack = m_builder.stack(stack, m_chainFrames[chain.offset + i]);
        chain.memoParent = parent;
        chain.memoStack = stack;
        return stack;
    };
    // From the outermost frames: a cached block's stack, or the chains of a block read now.
    std::uint32_t stack = m_outerKnown ? m_outerStack : kNoStack;
    auto it = m_leafFirst.rbegin();
    if (m_pendingBlock != kNoBlock) {
        for (std::uint32_t i = 0; i < m_pendingChains; ++i, ++it)
            stack = extend(stack, *it);
        m_blocks[m_pendingBlock].stack = stack;
        m_blocks[m_pendingBlock].ready = true;
    }
    for (; it != m_leafFirst.rend(); ++it)
        stack = extend(stack, *it);
    if (m_statistics.samples >= m_limits.maxSamples)
        throw FormatError("it has more than the limit of " + std::to_string(m_limits.maxSamples) + " samples");
    m_builder.task(m_tid, m_pid, m_command);
    m_builder.weightedSample(m_timeNs - m_zeroNs, m_cpu, m_pid, m_tid, stack, 1, m_period);
    ++m_statistics.samples;
}

void PerfScriptParser::addLine(std::string_view line)
{
    ++m_statistics.lines;
    if (line.size() > m_limits.maxLineBytes)
        throw FormatError("line " + std::to_string(m_statistics.lines) + " is longer than the limit of "
                          + std::to_string(m_limits.maxLineBytes) + " bytes");
    if (!line.empty() && line[0] == '#')
        return;
    if (line.empty()) {
        if (m_inSample)
            endSample();
        m_leafFirst.clear();
        m_inSample = false;
        m_outerKnown = false;
        m_pendingBlock = kNoBlock;
        return;
    }
    HeaderLine header;
    if (header.parse(line)) {
        if (header.hasEvent) {
            // The first event named is the one kept: adding cycles to instructions means nothing.
            if (m_statistics.event.empty()) {
                m_statistics.event.assign(header.event);
            } else if (header.event != m_statistics.event) {
                if (m_statistics.otherEvent.empty())
                    m_statistics.otherEvent.assign(header.event);
                ++m_statistics.otherEventSamples;
                return;
            }
        }
        m_command.assign(header.command);
        m_pid = header.pid;
        m_tid = header.tid;
        m_cpu = header.cpu;
        m_timeNs = header.timeNs;
        m_period = header.period;
        m_inSample = true;
        m_sampleStarted = true;
        return;
    }
    frameLine(line);
}

void PerfScriptParser::frameLine(std::string_view line)
{
    // Most frame lines were seen before, byte for byte (the same call site): one lookup.
    const std::uint64_t lineHash = StringTable::hash(line);
    if (m_inSample && m_leafFirst.size() >= m_limits.maxStackDepth)
        throw FormatError("line " + std::to_string(m_statistics.lines) + " makes a stack deeper than the limit of "
                          + std::to_string(m_limits.maxStackDepth) + " frames");
    if (const std::uint32_t* cached = m_chainByLine.find(line, lineHash)) {
        if (m_inSample)
            m_leafFirst.push_back(*cached);
        return;
    }
    FrameLine frame;
    if (!frame.parse(line)) {
        if (m_statistics.unrecognizedLines++ == 0)
            m_statistics.firstUnrecognizedLine.assign(line.substr(0, 200));
        return;
    }
    if (!m_inSample)
        return;
    // The cache key is the function without its +0x offset (which differs from sample to sample)
    // and the module; unresolved frames keep their address (for --addrs) in it too.
    const std::string_view function = withoutOffset(frame.function);
    const bool unresolved = function.find("[unknown]") != std::string_view::npos;
    m_lookupKey.assign(function);
    m_lookupKey.push_back('\x1f');
    m_lookupKey.append(frame.module);
    if (unresolved) {
        m_lookupKey.push_back('\x1f');
        m_lookupKey.append(frame.address);
    }
    const std::uint64_t keyHash = StringTable::hash(m_lookupKey);
    const std::uint32_t* known = m_chainByFunction.find(m_lookupKey, keyHash);
    const std::uint32_t chainIndex = known ? *known : std::uint32_t(m_chains.size());
    if (!known) {
        Chain chain;
        chain.offset = std::uint32_t(m_chainFrames.size());
        // `next if $rawfunc =~ /^\(/`: "(anonymous)" style process names, not functions.
        if (!function.starts_with('(')) {
            const FrameKind kind = frameKindOfModule(frame.module);
            // split /->/: inlined functions, outermost first; Perl drops trailing empty fields.
            std::vector<std::string_view> pieces;
            for (std::size_t begin = 0;;) {
                const std::size_t arrow = function.find("->", begin);
                pieces.push_back(function.substr(begin, arrow == std::string_view::npos ? std::string_view::npos : arrow - begin));
                if (arrow == std::string_view::npos)
                    break;
                begin = arrow + 2;
            }
            while (!pieces.empty() && pieces.back().empty())
                pieces.pop_back();
            for (std::size_t i = 0; i < pieces.size(); ++i) {
                const bool pieceUnresolved = pieces[i] == "[unknown]";
                m_symbol.assign(pieces[i]);
                if (i > 0)
                    m_symbol += "_[i]"; // what the script marks inlined frames with
                m_chainFrames.push_back(m_builder.frame(m_symbol, frame.module, pieceUnresolved ? FrameKind::Unknown : kind,
                                                        pieceUnresolved ? frame.address : std::string_view()));
                ++chain.count;
            }
        }
        m_chains.push_back(chain);
        m_chainByFunction.insert(m_lookupKey, keyHash, chainIndex);
    }
    // Bounded: lines with ever new addresses (leaf frames) must not grow the cache forever.
    if (m_chainByLine.arenaBytes() < (std::size_t(256) << 20))
        m_chainByLine.insert(line, lineHash, chainIndex);
    m_leafFirst.push_back(chainIndex);
}

void PerfScriptParser::describe(nlohmann::json& info) const
{
    describePerfScript(m_statistics, info);
}

void describePerfScript(const PerfScriptStatistics& statistics, nlohmann::json& info)
{
    info["source"] = "perf script";
    if (!statistics.event.empty())
        info["event"] = statistics.event;
    if (statistics.otherEventSamples > 0) {
        info["other_event_samples"] = statistics.otherEventSamples;
        info["other_event"] = statistics.otherEvent;
    }
    if (statistics.unrecognizedLines > 0)
        info["unrecognized_lines"] = statistics.unrecognizedLines;
}

ProfileTables readPerfScript(std::string_view text, PerfScriptStatistics* statistics)
{
    if (text.size() >= kParallelImportBytes && std::thread::hardware_concurrency() >= kParallelImportCores)
        return readPerfScriptInChunks(text, statistics);
    return readPerfScriptOnOneThread(text, statistics);
}

std::string_view firstPerfScriptEvent(std::string_view text)
{
    // As addLine() meets the lines: comments and empty lines are no headers, every other line is
    // tried as one first.
    HeaderLine header;
    for (std::size_t pos = 0; pos < text.size();) {
        std::size_t newline = text.find('\n', pos);
        if (newline == std::string_view::npos)
            newline = text.size();
        const std::string_view line = text.substr(pos, newline - pos);
        pos = newline + 1;
        if (!line.empty() && line[0] != '#' && header.parse(line) && header.hasEvent)
            return header.event;
    }
    return {};
}

ProfileTables readPerfScriptOnOneThread(std::string_view text, PerfScriptStatistics* statistics)
{
    ProfileBuilder builder(ProfileBuilder::Commands::PerSample);
    PerfScriptParser parser(builder);
    parser.parse(text);
    ProfileTables profile = builder.take(true);
    parser.describe(profile.info);
    if (statistics)
        *statistics = parser.statistics();
    return profile;
}

bool looksLikePerfScript(std::string_view text)
{
    HeaderLine header;
    FrameLine frame;
    bool sawHeader = false;
    std::size_t checked = 0;
    std::size_t pos = 0;
    while (pos < text.size() && checked < 64) {
        std::size_t newline = text.find('\n', pos);
        if (newline == std::string_view::npos)
            newline = text.size();
        const std::string_view line = text.substr(pos, newline - pos);
        pos = newline + 1;
        if (!line.empty() && line[0] == '#')
            continue;
        ++checked;
        if (line.empty()) {
            if (sawHeader)
                return true;
            continue;
        }
        if (header.parse(line)) {
            sawHeader = true;
            continue;
        }
        // The first line that counts must be a header; after one, a frame line settles it.
        return sawHeader && isSpace(line[0]) && frame.parse(line);
    }
    return false;
}

} // namespace runlens::format
