#include "PerfScriptImporter.h"

#include "ProfileBuilder.h"

#include <cstring>
#include <optional>
#include <vector>

using runlens::format::FrameKind;
using runlens::format::kNoStack;

namespace {

// Perl's \s, \d and \w, which the patterns of stackcollapse-perf.pl are written in.
bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
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

struct Header {
    std::string_view command;
    std::uint32_t pid = kUnknownPid;
    std::uint32_t tid = 0;
    std::uint32_t cpu = 0;
    std::int64_t timeNs = 0;
    std::string_view event; // empty when the line names none
};

// ^(\S.+?)\s+(\d+)\/*(\d+)*\s+  — the command is the shortest prefix (two characters at least)
// followed by blanks, a number, optionally /number, and a blank.
bool parseHeader(std::string_view line, Header& header)
{
    const std::size_t n = line.size();
    if (n == 0 || isSpace(line[0]))
        return false;
    for (std::size_t i = 2; i < n; ++i) {
        if (!isSpace(line[i]))
            continue;
        std::size_t j = i;
        while (j < n && isSpace(line[j]))
            ++j;
        const std::size_t firstBegin = j;
        while (j < n && isDigit(line[j]))
            ++j;
        if (j == firstBegin)
            continue;
        const std::size_t firstEnd = j;
        while (j < n && line[j] == '/')
            ++j;
        const std::size_t secondBegin = j;
        while (j < n && isDigit(line[j]))
            ++j;
        const std::size_t secondEnd = j;
        if (j >= n || !isSpace(line[j]))
            continue;
        header.command = line.substr(0, i);
        const std::string_view first = line.substr(firstBegin, firstEnd - firstBegin);
        const std::string_view second = line.substr(secondBegin, secondEnd - secondBegin);
        // Perl's `not $tid`: an absent tid and the tid "0" both mean "only a thread id was printed".
        if (second.empty() || second == "0") {
            header.pid = kUnknownPid;
            header.tid = parseU32(first);
        } else {
            header.pid = parseU32(first);
            header.tid = parseU32(second);
        }
        // Optional "[cpu]", then "seconds.fraction:".
        while (j < n && isSpace(line[j]))
            ++j;
        header.cpu = 0;
        if (j < n && line[j] == '[') {
            const std::size_t begin = ++j;
            while (j < n && isDigit(line[j]))
                ++j;
            header.cpu = parseU32(line.substr(begin, j - begin));
            if (j < n && line[j] == ']')
                ++j;
            while (j < n && isSpace(line[j]))
                ++j;
        }
        header.timeNs = 0;
        std::size_t k = j;
        std::int64_t seconds = 0;
        while (k < n && isDigit(line[k]))
            seconds = seconds * 10 + (line[k++] - '0');
        if (k > j && k < n && line[k] == '.') {
            ++k;
            std::int64_t fraction = 0;
            int digits = 0;
            while (k < n && isDigit(line[k])) {
                if (digits < 9) {
                    fraction = fraction * 10 + (line[k] - '0');
                    ++digits;
                }
                ++k;
            }
            for (; digits < 9; ++digits)
                fraction *= 10;
            if (k < n && line[k] == ':')
                header.timeNs = seconds * 1'000'000'000 + fraction;
        }
        // :\s*(\d+)*\s+(\S+):\s*$  — the event is the last word, before a final colon.
        header.event = {};
        std::size_t end = n;
        while (end > 0 && isSpace(line[end - 1]))
            --end;
        if (end > 0 && line[end - 1] == ':') {
            const std::size_t tokenEnd = end - 1;
            std::size_t tokenBegin = tokenEnd;
            while (tokenBegin > 0 && !isSpace(line[tokenBegin - 1]))
                --tokenBegin;
            std::size_t p = tokenBegin;
            while (p > 0 && isSpace(line[p - 1]))
                --p;
            if (tokenEnd > tokenBegin && p < tokenBegin) {
                while (p > 0 && isDigit(line[p - 1]))
                    --p;
                while (p > 0 && isSpace(line[p - 1]))
                    --p;
                if (p > 0 && line[p - 1] == ':')
                    header.event = line.substr(tokenBegin, tokenEnd - tokenBegin);
            }
        }
        return true;
    }
    return false;
}

struct FrameLine {
    std::string_view address;
    std::string_view function; // the raw text between the address and " (module)"
    std::string_view module;
};

// ^\s*(\w+)\s*(.+) \((\S*)\)  — the greedy function text ends at the last " (" that a module
// without blanks and a closing parenthesis follow.
bool parseFrameLine(std::string_view line, FrameLine& frame)
{
    const std::size_t n = line.size();
    std::size_t i = 0;
    while (i < n && isSpace(line[i]))
        ++i;
    const std::size_t addressBegin = i;
    while (i < n && isWord(line[i]))
        ++i;
    if (i == addressBegin)
        return false;
    frame.address = line.substr(addressBegin, i - addressBegin);
    while (i < n && isSpace(line[i]))
        ++i;
    const std::size_t functionBegin = i;
    std::size_t open = line.rfind('(');
    while (open != std::string_view::npos && open >= functionBegin + 2) {
        if (line[open - 1] == ' ') {
            std::size_t runEnd = open + 1;
            while (runEnd < n && !isSpace(line[runEnd]))
                ++runEnd;
            const std::string_view run = line.substr(open + 1, runEnd - open - 1);
            const std::size_t close = run.rfind(')');
            if (close != std::string_view::npos) {
                frame.function = line.substr(functionBegin, open - 1 - functionBegin);
                frame.module = run.substr(0, close);
                return true;
            }
        }
        open = line.rfind('(', open - 1);
    }
    return false;
}

// s/\+0x[\da-f]+$//
std::string_view stripOffset(std::string_view function)
{
    std::size_t i = function.size();
    while (i > 0 && (isDigit(function[i - 1]) || (function[i - 1] >= 'a' && function[i - 1] <= 'f')))
        --i;
    if (i < function.size() && i >= 3 && function.substr(i - 3, 3) == "+0x")
        return function.substr(0, i - 3);
    return function;
}

} // namespace

FrameKind frameKindOfModule(std::string_view module, std::string_view symbol)
{
    if (module == "[unknown]" || (module.empty() && symbol == "[unknown]"))
        return FrameKind::Unknown;
    if (module.starts_with("[JIT]"))
        return FrameKind::Jit;
    const std::size_t perfMap = module.find("/tmp/perf-");
    if (perfMap != std::string_view::npos) {
        std::size_t i = perfMap + 10;
        const std::size_t digits = i;
        while (i < module.size() && isDigit(module[i]))
            ++i;
        if (i > digits && module.substr(i, 4) == ".map")
            return FrameKind::Jit;
    }
    const bool userMapping = module == "[vdso]" || module == "[vsyscall]" || module == "[heap]"
                          || module == "[stack]" || module.starts_with("[anon");
    if (!userMapping && ((module.starts_with('[') && module.find("unknown") == std::string_view::npos)
                         || module.ends_with("vmlinux")))
        return FrameKind::Kernel;
    return FrameKind::User;
}

runlens::format::ProfileTables importPerfScript(std::string_view text, PerfScriptStatistics* statistics)
{
    PerfScriptStatistics stats;
    ProfileBuilder builder;
    builder.tables().info = {{"source", "perf script"}};

    // The frames of one frame line, in stackcollapse's order, cached by the line's text: the same
    // lines repeat in every sample. `count == 0` marks a line whose frame is skipped.
    // Each chain also remembers the last stack it extended and the result: the same call site
    // is nearly always reached from the same callers, so most samples build their stack without
    // touching the (large, cache-missing) stack table.
    struct Chain {
        std::uint32_t offset = 0;
        std::uint32_t count = 0;
        std::uint32_t memoParent = 0xfffffffeu; // no stack id has this value
        std::uint32_t memoStack = kNoStack;
    };
    std::vector<Chain> chains;
    StringTable chainByFunction; // function without offset + module (+ address) -> chain
    StringTable chainByLine;     // the frame line as printed -> chain: return addresses repeat
    std::vector<std::uint32_t> chainFrames;
    std::string lookupKey;
    std::string symbol;

    std::vector<std::uint32_t> leafFirst; // the chains of the current sample, innermost first
    bool inSample = false;                // stackcollapse's "defined $pname"
    Header header;
    Header current;
    std::string_view firstEvent;
    bool haveEvent = false;

    const char* cursor = text.data();
    const char* const end = text.data() + text.size();
    while (cursor < end) {
        const char* newline = static_cast<const char*>(std::memchr(cursor, '\n', std::size_t(end - cursor)));
        const char* lineEnd = newline ? newline : end;
        const std::string_view line(cursor, std::size_t(lineEnd - cursor));
        cursor = newline ? newline + 1 : end;
        ++stats.lines;

        if (!line.empty() && line[0] == '#')
            continue;
        if (line.empty()) {
            if (inSample) {
                std::uint32_t stack = kNoStack;
                for (auto it = leafFirst.rbegin(); it != leafFirst.rend(); ++it) {
                    Chain& chain = chains[*it];
                    if (chain.memoParent == stack) {
                        stack = chain.memoStack;
                        continue;
                    }
                    const std::uint32_t parent = stack;
                    // Outermost first: the chain [a, b_[i]] is a calling the inlined b.
                    for (std::uint32_t i = 0; i < chain.count; ++i)
                        stack = builder.stack(stack, chainFrames[chain.offset + i]);
                    chain.memoParent = parent;
                    chain.memoStack = stack;
                }
                builder.task(current.tid, current.pid, current.command);
                builder.sample(current.timeNs, current.cpu, current.pid, current.tid, stack);
            }
            leafFirst.clear();
            inSample = false;
            continue;
        }
        if (parseHeader(line, header)) {
            if (!header.event.empty()) {
                if (!haveEvent) {
                    firstEvent = header.event;
                    haveEvent = true;
                } else if (header.event != firstEvent) {
                    ++stats.otherEventSamples;
                    continue;
                }
            }
            current = header;
            inSample = true;
            continue;
        }
        if (!inSample) {
            FrameLine frameLine;
            if (!parseFrameLine(line, frameLine))
                ++stats.unrecognizedLines;
            continue;
        }
        // Most frame lines were seen before, byte for byte (the same call site): one lookup.
        const std::uint64_t lineHash = StringTable::hash(line);
        if (const std::uint32_t* cached = chainByLine.find(line, lineHash)) {
            leafFirst.push_back(*cached);
            continue;
        }
        FrameLine frameLine;
        if (!parseFrameLine(line, frameLine)) {
            ++stats.unrecognizedLines;
            continue;
        }
        // The cache key is the function without its +0x offset (which differs from sample to
        // sample) and the module; unresolved frames keep their address (for --addrs) in it too.
        const std::string_view function = stripOffset(frameLine.function);
        const bool unresolved = function.find("[unknown]") != std::string_view::npos;
        lookupKey.assign(function);
        lookupKey.push_back('\x1f');
        lookupKey.append(frameLine.module);
        if (unresolved) {
            lookupKey.push_back('\x1f');
            lookupKey.append(frameLine.address);
        }
        const std::uint64_t keyHash = StringTable::hash(lookupKey);
        const std::uint32_t* known = chainByFunction.find(lookupKey, keyHash);
        std::uint32_t chainIndex = known ? *known : std::uint32_t(chains.size());
        if (!known) {
            Chain chain;
            chain.offset = std::uint32_t(chainFrames.size());
            if (!function.starts_with('(')) {
                std::size_t begin = 0;
                for (;;) {
                    const std::size_t arrow = function.find("->", begin);
                    const std::string_view piece =
                        function.substr(begin, arrow == std::string_view::npos ? std::string_view::npos : arrow - begin);
                    symbol.assign(piece);
                    if (chain.count > 0)
                        symbol += "_[i]";
                    const bool pieceUnresolved = piece == "[unknown]";
                    chainFrames.push_back(builder.frame(symbol, frameLine.module,
                                                        frameKindOfModule(frameLine.module, piece),
                                                        pieceUnresolved ? frameLine.address : std::string_view()));
                    ++chain.count;
                    if (arrow == std::string_view::npos)
                        break;
                    begin = arrow + 2;
                }
            }
            chains.push_back(chain);
            chainByFunction.insert(lookupKey, keyHash, chainIndex);
        }
        // Bounded: lines with ever new addresses (leaf frames) must not grow the cache forever.
        if (chainByLine.arenaBytes() < (std::size_t(256) << 20))
            chainByLine.insert(line, lineHash, chainIndex);
        leafFirst.push_back(chainIndex);
    }

    auto tables = builder.take(true);
    if (haveEvent)
        tables.info["event"] = std::string(firstEvent);
    if (stats.otherEventSamples > 0)
        tables.info["other_event_samples"] = stats.otherEventSamples;
    if (statistics)
        *statistics = stats;
    return tables;
}

bool looksLikePerfScript(std::string_view text)
{
    Header header;
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
        if (!sawHeader) {
            if (line.empty())
                continue;
            if (!parseHeader(line, header))
                return false;
            sawHeader = true;
            continue;
        }
        return line.empty() || (isSpace(line[0]) && parseFrameLine(line, frame));
    }
    return false;
}
