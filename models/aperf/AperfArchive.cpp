#include "AperfArchive.h"

#include "ArchiveEntryPath.h"
#include "FormatError.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <sys/stat.h>

namespace aperf {

namespace {

using runlens::format::FormatError;
using runlens::format::ReadLimits;

// As in the run-archive reader: the ratio is only judged once this much has come out, so that a
// small, well-compressed file is never called a bomb.
constexpr std::uint64_t kRatioFloorBytes = 64ull << 20;

// detectAperf looks at no more than this: APerf writes its data files first in a record archive,
// and a report's web app (bundle.js, main.css, a few MiB) comes before its data/ directory.
constexpr int kProbeEntries = 64;
constexpr std::uint64_t kProbeBytes = 64ull << 20;

// The file name stems APerf has used for its data (Rust module names and the 0.1.x names).
constexpr std::array<std::string_view, 27> kKnownNames = {
    "cpu_utilization", "vmstat", "meminfo", "interrupts", "diskstats", "disk_stats", "netstat",
    "numastat", "perf_stat", "processes", "memalloc", "ena_stat", "efa_stat", "systeminfo",
    "system_info", "sysctl", "kernel_config", "aperf_stats", "aperf_run_stats", "java_profile",
    "perf_profile", "flamegraph", "flamegraphs", "hotline", "meta_data", "mem_settings", "aperf_runlog"};

constexpr std::array<std::pair<std::string_view, std::string_view>, 3> kAliases = {{
    {"diskstats", "disk_stats"}, {"systeminfo", "system_info"}, {"aperf_stats", "aperf_run_stats"}}};

struct ArchiveDeleter {
    void operator()(archive* a) const { archive_read_free(a); }
};

bool isKnownName(std::string_view stem)
{
    return std::find(kKnownNames.begin(), kKnownNames.end(), stem) != kKnownNames.end();
}

// "_YYYY-MM-DD_HH_MM_SS", the suffix of APerf's data files from 0.1.7 to 1.2.2.
bool isTimestampSuffix(std::string_view suffix)
{
    static constexpr std::string_view kPattern = "_dddd-dd-dd_dd_dd_dd";
    if (suffix.size() != kPattern.size())
        return false;
    for (std::size_t i = 0; i < suffix.size(); ++i) {
        if (kPattern[i] == 'd' ? (suffix[i] < '0' || suffix[i] > '9') : suffix[i] != kPattern[i])
            return false;
    }
    return true;
}

bool isIdentifier(std::string_view text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}

enum class FlatName { Data, Yaml, Other };

// A file directly below the top directory, by the names APerf gives its files.
FlatName classifyFlatName(std::string_view name)
{
    if (name == "meta_data.bin" || name == "metadata.json")
        return FlatName::Data;
    const auto stemWithTimestamp = [](std::string_view stem) {
        return stem.size() > 20 && isTimestampSuffix(stem.substr(stem.size() - 20)) && isIdentifier(stem.substr(0, stem.size() - 20));
    };
    if (name.ends_with(".bin")) {
        const std::string_view stem = name.substr(0, name.size() - 4);
        if (isKnownName(stem) || stemWithTimestamp(stem))
            return FlatName::Data;
    } else if (name.ends_with(".yaml")) {
        const std::string_view stem = name.substr(0, name.size() - 5);
        if (stemWithTimestamp(stem))
            return FlatName::Yaml;
        const auto underscore = stem.find('_');
        for (std::size_t at = underscore; at != std::string_view::npos; at = stem.find('_', at + 1)) {
            if (isKnownName(stem.substr(0, at)))
                return FlatName::Yaml;
        }
    }
    return FlatName::Other;
}

// `data/archive/<run>.tar.gz` below a report's top directory: the run's name, else empty.
std::string embeddedRunName(std::string_view relative)
{
    static constexpr std::string_view kPrefix = "data/archive/";
    static constexpr std::string_view kSuffix = ".tar.gz";
    if (!relative.starts_with(kPrefix) || !relative.ends_with(kSuffix))
        return {};
    const std::string_view run = relative.substr(kPrefix.size(), relative.size() - kPrefix.size() - kSuffix.size());
    if (run.empty() || run.find('/') != std::string_view::npos)
        return {};
    return std::string(run);
}

// `data/js/<name>.js` below a report's top directory: the name, else empty.
std::string reportScriptName(std::string_view relative)
{
    static constexpr std::string_view kPrefix = "data/js/";
    static constexpr std::string_view kSuffix = ".js";
    if (!relative.starts_with(kPrefix) || !relative.ends_with(kSuffix))
        return {};
    const std::string_view name = relative.substr(kPrefix.size(), relative.size() - kPrefix.size() - kSuffix.size());
    if (!isIdentifier(name))
        return {};
    return std::string(name);
}

struct Entry {
    std::string path;     // as stored, "./" removed
    std::string top;      // its first component
    std::string relative; // below the top directory; empty for the top directory itself
    bool isDirectory = false;
};

// One gzip'd tar read entry by entry, in memory only, under ReadLimits. Every failure is a
// FormatError "<name> is not <what>: <why>".
class TarGzStream
{
public:
    TarGzStream(std::string name, std::string what, const ReadLimits& limits)
        : m_name(std::move(name)), m_what(std::move(what)), m_limits(limits), m_reader(archive_read_new())
    {
        // Only tar + gzip, as APerf writes them: every other format and filter is attack surface.
        archive_read_support_filter_gzip(m_reader.get());
        archive_read_support_format_tar(m_reader.get());
    }

    FormatError fail(const std::string& why) const { return FormatError(m_name + " is not " + m_what + ": " + why); }

    void openFile(const std::string& path)
    {
        struct stat info {};
        if (::stat(path.c_str(), &info) != 0)
            throw FormatError("cannot open " + m_name + ": " + std::strerror(errno));
        if (!S_ISREG(info.st_mode))
            throw FormatError(m_name + " is not a file");
        checkCompressedSize(std::uint64_t(info.st_size));
        if (!startsWithGzipMagic(path))
            throw fail("it is not a gzip-compressed tar file");
        m_path = path;
        if (archive_read_open_filename(m_reader.get(), path.c_str(), 256 * 1024) != ARCHIVE_OK)
            throw openFailure();
    }

    void openMemory(std::string_view bytes)
    {
        checkCompressedSize(bytes.size());
        if (bytes.size() < 2 || static_cast<unsigned char>(bytes[0]) != 0x1f || static_cast<unsigned char>(bytes[1]) != 0x8b)
            throw fail("it is not a gzip-compressed tar file");
        m_memory = bytes;
        if (archive_read_open_memory(m_reader.get(), bytes.data(), bytes.size()) != ARCHIVE_OK)
            throw openFailure();
    }

    // The next entry's header, checked (path, kind); false at the end of the archive.
    bool next(Entry& entry)
    {
        archive_entry* header = nullptr;
        const int status = archive_read_next_header(m_reader.get(), &header);
        if (status == ARCHIVE_EOF)
            return false;
        if (status < ARCHIVE_WARN) {
            if (m_entries == 0)
                throw fail("it is not a gzip-compressed tar file (" + libarchiveError() + ")");
            throw fail("it is damaged or truncated (" + libarchiveError() + ")");
        }
        if (++m_entries > m_limits.maxEntries)
            throw fail("it has more than " + std::to_string(m_limits.maxEntries) + " entries");
        checkTotals();

        const char* rawName = archive_entry_pathname(header);
        entry = Entry();
        entry.path = rawName ? rawName : "";
        checkPath(entry);
        if (archive_entry_hardlink(header))
            throw fail("it contains a hard link (" + entry.path + "); APerf archives hold only regular files");
        const mode_t type = archive_entry_filetype(header);
        entry.isDirectory = type == AE_IFDIR;
        if (!entry.isDirectory && type != AE_IFREG)
            throw fail("it contains " + std::string(runlens::format::archiveEntryKind(type)) + " (" + entry.path + "); APerf archives hold only regular files");
        m_declared = archive_entry_size_is_set(header) ? archive_entry_size(header) : 0;
        return true;
    }

    // The current entry's bytes; the limit is checked on the header's claim and on what comes out.
    std::string read(const Entry& entry)
    {
        const std::uint64_t limit = entryLimit(entry);
        std::string content;
        // What a header claims is not trusted with memory: grow from a modest start instead.
        content.reserve(std::size_t(std::min<la_int64_t>(m_declared, 16 << 20)));
        pump(entry, [&](const char* data, std::size_t n) {
            content.append(data, n);
            if (content.size() > limit)
                throw fail(entry.path + " is larger than the limit of " + std::to_string(limit) + " bytes");
        });
        return content;
    }

    // The current entry's bytes, read into buffers from `buffer()` (std::strings of a fixed size)
    // and each moved to `sink(buffer, bytes used)`, until the sink returns false; the same limits
    // as read().
    template<typename Buffer, typename Sink>
    void readBlocks(const Entry& entry, Buffer&& buffer, Sink&& sink)
    {
        const std::uint64_t limit = entryLimit(entry);
        std::uint64_t total = 0;
        std::string block = buffer();
        std::size_t filled = 0;
        for (;;) {
            const la_ssize_t n = archive_read_data(m_reader.get(), block.data() + filled, block.size() - filled);
            if (n < 0)
                throw fail("it is damaged or truncated while reading " + entry.path + " (" + libarchiveError() + ")");
            total += std::uint64_t(n);
            if (total > limit)
                throw fail(entry.path + " is larger than the limit of " + std::to_string(limit) + " bytes");
            checkTotals();
            filled += std::size_t(n);
            if (filled == block.size() || (n == 0 && filled > 0)) {
                if (!sink(std::move(block), filled))
                    return;
                block = buffer();
                filled = 0;
            }
            if (n == 0)
                break;
        }
    }

    // Passes over the current entry; still under the total and ratio limits, so a bomb in a file
    // nobody keeps is found as early as one that is kept.
    void skip(const Entry& entry)
    {
        pump(entry, [](const char*, std::size_t) {});
    }

    // The size the current entry's header declares.
    std::uint64_t declaredSize() const { return std::uint64_t(std::max<la_int64_t>(0, m_declared)); }

    std::uint64_t uncompressedSoFar() const { return std::uint64_t(std::max<la_int64_t>(0, archive_filter_bytes(m_reader.get(), 0))); }

private:
    template<typename Sink>
    void pump(const Entry& entry, Sink&& sink)
    {
        for (;;) {
            const la_ssize_t n = archive_read_data(m_reader.get(), m_chunk.data(), m_chunk.size());
            if (n == 0)
                break;
            if (n < 0)
                throw fail("it is damaged or truncated while reading " + entry.path + " (" + libarchiveError() + ")");
            sink(m_chunk.data(), std::size_t(n));
            checkTotals();
        }
    }

    // The most bytes the entry may have; its header's claim is checked first.
    std::uint64_t entryLimit(const Entry& entry) const
    {
        const bool json = entry.relative.ends_with(".json") || entry.relative.ends_with(".js");
        const std::uint64_t limit = json ? m_limits.maxJsonBytes : m_limits.maxEntryBytes;
        if (m_declared < 0 || std::uint64_t(m_declared) > limit)
            throw fail(entry.path + " declares " + std::to_string(m_declared) + " bytes, more than the limit of "
                       + std::to_string(limit));
        return limit;
    }

    // Opening decompresses the first block and recognises the format: a cut gzip stream or
    // gzip'd text (perf script output, folded stacks) fails here.
    // Which of the two it is, is told by reading the same source as plain gzip: a stream that gives
    // a tar block's worth of bytes is whole enough, so its content is what is wrong.
    FormatError openFailure() const
    {
        std::unique_ptr<archive, ArchiveDeleter> raw(archive_read_new());
        archive_read_support_filter_gzip(raw.get());
        archive_read_support_format_raw(raw.get());
        const int opened = m_path.empty() ? archive_read_open_memory(raw.get(), m_memory.data(), m_memory.size())
                                          : archive_read_open_filename(raw.get(), m_path.c_str(), 64 * 1024);
        archive_entry* header = nullptr;
        std::array<char, 512> block {};
        std::size_t got = 0;
        if (opened == ARCHIVE_OK && archive_read_next_header(raw.get(), &header) == ARCHIVE_OK) {
            for (la_ssize_t n = 0; got < block.size(); got += std::size_t(n)) {
                n = archive_read_data(raw.get(), block.data() + got, block.size() - got);
                if (n <= 0)
                    break;
            }
        }
        if (got == block.size())
            return fail("it is gzip-compressed but not a tar file (" + libarchiveError() + ")");
        return fail("it is damaged or truncated (" + libarchiveError() + ")");
    }

    void checkTotals() const
    {
        // Counted on the bytes the decompressor produced (data, headers, skipped entries), not on
        // what headers claim.
        const std::uint64_t total = uncompressedSoFar();
        if (total > m_limits.maxTotalBytes)
            throw fail("it unpacks to more than " + std::to_string(m_limits.maxTotalBytes >> 20) + " MiB");
        const auto compressed = std::uint64_t(std::max<la_int64_t>(1, archive_filter_bytes(m_reader.get(), -1)));
        if (total > kRatioFloorBytes && total / compressed > m_limits.maxCompressionRatio)
            throw fail("it expands more than " + std::to_string(m_limits.maxCompressionRatio)
                       + " times (a decompression bomb?)");
    }

    void checkCompressedSize(std::uint64_t size) const
    {
        if (size > m_limits.maxArchiveBytes)
            throw fail("it is larger than " + std::to_string(m_limits.maxArchiveBytes >> 20) + " MiB");
    }

    void checkPath(Entry& entry) const
    {
        while (entry.path.starts_with("./"))
            entry.path.erase(0, 2);
        try {
            entry.top = runlens::format::checkArchiveEntryPath(entry.path, m_limits, entry.relative, "APerf archives");
        } catch (const FormatError& error) {
            throw fail(error.what());
        }
        if (entry.top.empty())
            throw fail("it contains an entry without a name");
    }

    std::string libarchiveError() const
    {
        const char* text = archive_error_string(m_reader.get());
        return text ? text : "unknown error";
    }

    static bool startsWithGzipMagic(const std::string& path)
    {
        std::FILE* file = std::fopen(path.c_str(), "rbe");
        if (!file)
            return false;
        unsigned char magic[2] = {0, 0};
        const bool ok = std::fread(magic, 1, 2, file) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
        std::fclose(file);
        return ok;
    }

    std::string m_name;
    std::string m_what;
    std::string m_path;          // the source, for openFailure: a file,
    std::string_view m_memory;   // or bytes in memory
    ReadLimits m_limits;
    std::unique_ptr<archive, ArchiveDeleter> m_reader;
    std::vector<char> m_chunk = std::vector<char>(256 * 1024);
    std::uint64_t m_entries = 0;
    la_int64_t m_declared = 0;
};

// What the reading thread hands the parsing one, in archive order.
struct Block {
    enum class Kind { Header, Data, EndOfEntry, EndOfArchive, Failure };
    Kind kind = Kind::Data;
    Entry entry;                    // Header
    std::uint64_t declaredSize = 0; // Header
    std::string bytes;              // Data: a buffer of BlockQueue::kBlockBytes,
    std::size_t size = 0;           // of which this many are the entry's
    std::exception_ptr failure;     // Failure
};

// A bounded queue between the thread that decompresses an archive and the one that reads its
// entries, so that gunzip (a third of the work) runs beside the parsing, with a few MiB in flight.
class BlockQueue
{
public:
    static constexpr std::size_t kBlockBytes = 1 << 20;
    static constexpr std::size_t kMaxBlocks = 8;

    // Blocks while the queue is full; false once the reader has stopped listening.
    bool push(Block block)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [this] { return m_blocks.size() < kMaxBlocks || m_cancelled; });
        if (m_cancelled)
            return false;
        m_blocks.push_back(std::move(block));
        m_notEmpty.notify_one();
        return true;
    }
    Block pop()
    {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [this] { return !m_blocks.empty(); });
        Block block = std::move(m_blocks.front());
        m_blocks.pop_front();
        m_notFull.notify_one();
        return block;
    }
    // A buffer for the reading thread: one the parsing thread gave back, or a new one. Reused,
    // so that an archive of 750 MB costs 8 allocations, not 750 (each a fresh mmap to fault in).
    std::string buffer()
    {
        std::lock_guard lock(m_mutex);
        if (m_spare.empty())
            return std::string(kBlockBytes, '\0');
        std::string spare = std::move(m_spare.back());
        m_spare.pop_back();
        return spare;
    }
    void recycle(std::string&& buffer)
    {
        if (buffer.size() != kBlockBytes)
            return;
        std::lock_guard lock(m_mutex);
        if (m_spare.size() < kMaxBlocks + 2)
            m_spare.push_back(std::move(buffer));
    }
    void cancel()
    {
        std::lock_guard lock(m_mutex);
        m_cancelled = true;
        m_blocks.clear();
        m_notFull.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_notFull;
    std::condition_variable m_notEmpty;
    std::deque<Block> m_blocks;
    std::vector<std::string> m_spare;
    bool m_cancelled = false;
};

// The reading thread: every entry's header and bytes, then the end or the failure.
void decompress(TarGzStream& stream, BlockQueue& queue)
{
    try {
        Entry entry;
        while (stream.next(entry)) {
            Block header{Block::Kind::Header, entry, stream.declaredSize(), {}, 0, {}};
            if (!queue.push(std::move(header)))
                return;
            if (entry.isDirectory) {
                stream.skip(entry);
                continue;
            }
            // A reader that stopped listening (it failed) stops the decompression at once.
            bool listening = true;
            stream.readBlocks(entry, [&queue] { return queue.buffer(); }, [&](std::string&& bytes, std::size_t size) {
                listening = queue.push({Block::Kind::Data, {}, 0, std::move(bytes), size, {}});
                return listening;
            });
            if (!listening || !queue.push({Block::Kind::EndOfEntry, {}, 0, {}, 0, {}}))
                return;
        }
        queue.push({Block::Kind::EndOfArchive, {}, 0, {}, 0, {}});
    } catch (...) {
        queue.push({Block::Kind::Failure, {}, 0, {}, 0, std::current_exception()});
    }
}

AperfEntries readEntries(TarGzStream& stream, AperfEntrySink* sink)
{
    BlockQueue queue;
    std::thread reader(decompress, std::ref(stream), std::ref(queue));
    // However this ends, the reading thread is told to stop and waited for.
    struct Join {
        BlockQueue& queue;
        std::thread& thread;
        ~Join()
        {
            queue.cancel();
            thread.join();
        }
    } join{queue, reader};

    AperfEntries result;
    std::set<std::string> seen;
    bool anyEntry = false;
    bool anyData = false;
    enum class Current { None, Kept, Streamed } current = Current::None;
    std::string relative;
    std::string content;
    for (;;) {
        Block block = queue.pop();
        switch (block.kind) {
        case Block::Kind::Header: {
            const Entry& entry = block.entry;
            anyEntry = true;
            current = Current::None;
            if (result.topDirectory.empty())
                result.topDirectory = entry.top;
            else if (entry.top != result.topDirectory)
                throw stream.fail("its entries are not all inside one run directory (" + result.topDirectory + "/ and "
                                  + entry.top + "/)");
            if (entry.isDirectory)
                break;
            if (entry.relative.empty())
                throw stream.fail("it contains the file " + entry.path + " outside the run directory");
            if (!seen.insert(entry.relative).second)
                throw stream.fail("it contains " + entry.path + " twice");
            if (entry.relative.find('/') == std::string::npos && classifyFlatName(entry.relative) == FlatName::Data)
                anyData = true;
            relative = entry.relative;
            content.clear();
            if (sink && sink->wantsStream(relative, block.declaredSize)) {
                current = Current::Streamed;
                result.streamed.push_back(relative);
            } else {
                current = Current::Kept;
            }
            break;
        }
        case Block::Kind::Data:
            if (current == Current::Streamed)
                sink->data(std::string_view(block.bytes).substr(0, block.size));
            else if (current == Current::Kept)
                content.append(block.bytes, 0, block.size);
            queue.recycle(std::move(block.bytes));
            break;
        case Block::Kind::EndOfEntry:
            if (current == Current::Streamed) {
                sink->end();
            } else if (current == Current::Kept) {
                const std::string& bytes = result.files.emplace(relative, std::move(content)).first->second;
                content = std::string();
                if (sink)
                    sink->kept(relative, bytes);
            }
            current = Current::None;
            break;
        case Block::Kind::Failure:
            std::rethrow_exception(block.failure);
        case Block::Kind::EndOfArchive:
            if (!anyEntry)
                throw stream.fail("it is empty");
            if (!anyData)
                throw stream.fail("its directory " + result.topDirectory
                                  + "/ holds no APerf data file (meta_data.bin, metadata.json or <name>_<time>.bin)");
            return result;
        }
    }
}

} // namespace

AperfKind detectAperf(const std::string& path)
{
    try {
        TarGzStream stream(path, "an APerf archive", ReadLimits{});
        stream.openFile(path);
        std::string top;
        Entry entry;
        for (int i = 0; i < kProbeEntries && stream.next(entry); ++i) {
            if (top.empty())
                top = entry.top;
            else if (entry.top != top)
                return AperfKind::NotAperf; // APerf writes one top directory
            if (!entry.isDirectory) {
                const std::string& relative = entry.relative;
                if (relative.empty())
                    return AperfKind::NotAperf;
                // A Runlens run archive: its manifest, descriptors and series blocks.
                if (relative == "manifest.json" || relative == "metrics.json" || relative.starts_with("series/"))
                    return AperfKind::NotAperf;
                if (!embeddedRunName(relative).empty())
                    return AperfKind::ReportTarball;
                if (relative.find('/') == std::string::npos) {
                    switch (classifyFlatName(relative)) {
                    case FlatName::Data: return AperfKind::RecordArchive;
                    case FlatName::Yaml: return AperfKind::YamlEra;
                    case FlatName::Other: break;
                    }
                }
            }
            if (stream.uncompressedSoFar() > kProbeBytes)
                break;
            stream.skip(entry);
        }
    } catch (const std::exception&) {
        // Whatever cannot be read as a tar.gz of one directory is not an APerf run.
    }
    return AperfKind::NotAperf;
}

AperfEntries readAperfEntries(std::string_view tarGzBytes, const std::string& displayName, const ReadLimits& limits,
                              AperfEntrySink* sink)
{
    TarGzStream stream(displayName, "a usable APerf run archive", limits);
    stream.openMemory(tarGzBytes);
    return readEntries(stream, sink);
}

AperfEntries readAperfEntries(const std::string& path, const ReadLimits& limits, AperfEntrySink* sink)
{
    TarGzStream stream(path, "a usable APerf run archive", limits);
    stream.openFile(path);
    return readEntries(stream, sink);
}

AperfReport readAperfReport(const std::string& reportPath, const ReadLimits& limits)
{
    TarGzStream stream(reportPath, "a usable APerf report", limits);
    stream.openFile(reportPath);
    AperfReport report;
    std::string top;
    Entry entry;
    while (stream.next(entry)) {
        if (top.empty())
            top = entry.top;
        else if (entry.top != top)
            throw stream.fail("its entries are not all inside one report directory (" + top + "/ and " + entry.top + "/)");
        const std::string run = entry.isDirectory ? std::string() : embeddedRunName(entry.relative);
        const std::string script = entry.isDirectory ? std::string() : reportScriptName(entry.relative);
        if (!run.empty())
            report.archives.emplace_back(run, stream.read(entry));
        else if (!script.empty())
            report.scripts[script] = stream.read(entry);
        else
            stream.skip(entry);
    }
    if (report.archives.empty() && !report.scripts.contains("runs"))
        throw stream.fail("it holds no run archive under " + (top.empty() ? std::string("<report>") : top)
                          + "/data/archive/ and no data/js/runs.js");
    return report;
}

std::vector<std::pair<std::string, std::string>> embeddedRunArchives(const std::string& reportPath, const ReadLimits& limits)
{
    AperfReport report = readAperfReport(reportPath, limits);
    if (report.archives.empty())
        throw FormatError(reportPath + " is not a usable APerf report: it holds no run archive under data/archive/");
    return std::move(report.archives);
}

namespace {

// The names a data file may have: the one asked for, then its alias.
std::vector<std::string_view> namesOf(std::string_view name)
{
    std::vector<std::string_view> names = {name};
    for (const auto& [first, second] : kAliases) {
        if (name == first)
            names.push_back(second);
        else if (name == second)
            names.push_back(first);
    }
    return names;
}

// How well `file` matches `^<name>(_.*)?\.bin$`: 0 for <name>.bin, 1 with a timestamp, 2 with
// another suffix; nullopt when it does not.
std::optional<int> matchRank(std::string_view file, std::string_view name)
{
    if (file.size() < name.size() + 4 || !file.starts_with(name) || !file.ends_with(".bin") || file.find('/') != std::string_view::npos)
        return std::nullopt;
    const std::string_view middle = file.substr(name.size(), file.size() - name.size() - 4);
    if (middle.empty())
        return 0;
    if (isTimestampSuffix(middle))
        return 1;
    if (middle.front() == '_')
        return 2;
    return std::nullopt;
}

} // namespace

bool isDataFileOf(std::string_view file, std::string_view name)
{
    for (const std::string_view candidate : namesOf(name)) {
        if (matchRank(file, candidate))
            return true;
    }
    return false;
}

std::optional<std::string> findDataFile(const AperfEntries& entries, std::string_view name)
{
    for (const std::string_view wanted : namesOf(name)) {
        const std::string* best = nullptr;
        int bestRank = 0;
        const auto consider = [&](const std::string& file) {
            const std::optional<int> rank = matchRank(file, wanted);
            if (!rank)
                return;
            if (!best || *rank < bestRank || (*rank == bestRank && file < *best)) {
                best = &file;
                bestRank = *rank;
            }
        };
        for (const auto& [file, bytes] : entries.files)
            consider(file);
        for (const std::string& file : entries.streamed)
            consider(file);
        if (best)
            return *best;
    }
    return std::nullopt;
}

} // namespace aperf
