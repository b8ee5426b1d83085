#include "ParallelPerfScriptImport.h"

#include "ParallelWork.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <memory>
#include <thread>
#include <vector>

namespace runlens::format {

namespace {

// Where the chunk that should start near `from` starts: right after the next empty line (the text
// "\n\n": the second '\n' ends an empty line), or the text's end.
std::size_t chunkStartAfter(std::string_view text, std::size_t from)
{
    std::size_t at = std::max<std::size_t>(from, 1);
    while (at < text.size()) {
        const void* found = std::memchr(text.data() + at, '\n', text.size() - at);
        if (!found)
            break;
        const std::size_t newline = std::size_t(static_cast<const char*>(found) - text.data());
        if (text[newline - 1] == '\n')
            return newline + 1;
        at = newline + 1;
    }
    return text.size();
}

struct Chunk {
    std::string_view text;
    std::string event; // the event the text before this chunk named first
    std::unique_ptr<ProfileBuilder> builder;
    PerfScriptStatistics statistics;
    std::exception_ptr error;

    void read()
    {
        try {
            builder = std::make_unique<ProfileBuilder>(ProfileBuilder::Commands::PerSample);
            PerfScriptParser parser(*builder);
            parser.keepEvent(event);
            parser.parse(text);
            statistics = parser.statistics();
        } catch (...) {
            error = std::current_exception();
        }
    }
};

// The statistics of the whole text from those of its chunks, in text order.
void addStatistics(PerfScriptStatistics& total, const PerfScriptStatistics& chunk)
{
    total.lines += chunk.lines;
    total.samples += chunk.samples;
    if (total.unrecognizedLines == 0)
        total.firstUnrecognizedLine = chunk.firstUnrecognizedLine;
    total.unrecognizedLines += chunk.unrecognizedLines;
    total.otherEventSamples += chunk.otherEventSamples;
    if (total.otherEvent.empty())
        total.otherEvent = chunk.otherEvent;
    if (total.event.empty())
        total.event = chunk.event;
}

} // namespace

ProfileTables readPerfScriptInChunks(std::string_view text, PerfScriptStatistics* statistics, const PerfScriptChunking& chunking)
{
    unsigned threads = chunking.threads;
    if (threads == 0)
        threads = std::clamp(std::thread::hardware_concurrency(), 1u, PerfScriptChunking::kMaximumThreads);
    const std::size_t chunkBytes = chunking.chunkBytes > 0
                                       ? chunking.chunkBytes
                                       : std::max(text.size() / threads + 1, PerfScriptChunking::kMinimumChunkBytes);

    std::vector<Chunk> chunks;
    for (std::size_t begin = 0; begin < text.size();) {
        const std::size_t end = chunkStartAfter(text, begin + chunkBytes);
        chunks.push_back({text.substr(begin, end - begin), {}, {}, {}, {}});
        begin = end;
    }
    if (chunks.size() < 2 || threads < 2)
        return readPerfScriptOnOneThread(text, statistics);

    // The first event named is kept in every chunk: where a chunk starts, the text before it has
    // decided (mostly its first line).
    std::string_view event;
    for (Chunk& chunk : chunks) {
        chunk.event = event;
        if (event.empty())
            event = firstPerfScriptEvent(chunk.text);
    }

    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        for (std::size_t i = next++; i < chunks.size(); i = next++)
            chunks[i].read();
    };
    runOnThreads(unsigned(std::min<std::size_t>(threads, chunks.size())), work);

    PerfScriptStatistics total;
    for (const Chunk& chunk : chunks) {
        // A limit crossed (its message names a line of the whole text, or counts what the whole
        // text holds) is reported as one thread reports it.
        if (chunk.error)
            return readPerfScriptOnOneThread(text, statistics);
        addStatistics(total, chunk.statistics);
    }
    if (total.samples > PerfScriptLimits{}.maxSamples)
        return readPerfScriptOnOneThread(text, statistics);

    ProfileBuilder& whole = *chunks.front().builder;
    for (std::size_t i = 1; i < chunks.size(); ++i) {
        whole.append(*chunks[i].builder);
        chunks[i].builder.reset();
    }
    ProfileTables profile = whole.take(true);
    describePerfScript(total, profile.info);
    if (statistics)
        *statistics = std::move(total);
    return profile;
}

} // namespace runlens::format
