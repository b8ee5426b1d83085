#include "ProfileImport.h"

#include "AperfImport.h"
#include "ArchiveReader.h"
#include "FoldedImporter.h"
#include "FormatError.h"
#include "InputLimits.h"
#include "PerfScriptParser.h"

#include <archive.h>
#include <archive_entry.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <utility>

using runlens::format::FormatError;
using runlens::format::looksLikePerfScript;

namespace {

namespace limits = runlens::format::limits;

// A plain file is mapped (the page cache holds it, not our heap); a gzip one is decompressed into
// memory, so it is held to less: a gzip bomb must end in a sentence, not in std::bad_alloc.
constexpr std::size_t kMaximumFileBytes = limits::kProfileFileBytes;
constexpr std::size_t kMaximumDecompressedBytes = limits::kProfileTextBytes;

// Only regular files: opening a named pipe would wait forever for a writer, a folder has no text.
void requireRegularFile(const std::string& path)
{
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0)
        throw FormatError(path + " cannot be opened: check that it exists and that you may read it.");
    if (S_ISDIR(status.st_mode))
        throw FormatError(path + " is a folder, not a profile file.");
    if (!S_ISREG(status.st_mode))
        throw FormatError(path + " is not a regular file (a pipe or a device): save the profile to a file first.");
}

bool isGzip(const std::string& head)
{
    return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
}

std::string readRawHead(const std::string& path, std::size_t bytes)
{
    requireRegularFile(path);
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw FormatError(path + " cannot be opened: check that it exists and that you may read it.");
    std::string head(bytes, '\0');
    file.read(head.data(), std::streamsize(bytes));
    head.resize(std::size_t(file.gcount()));
    return head;
}

// libarchive's reason, which it does not always give (a gzip stream without data has none).
std::string reasonOf(archive* reader)
{
    const char* reason = archive_error_string(reader);
    return reason ? reason : "it is not a complete gzip stream";
}

// Decompresses a gzip file through libarchive's raw format: its first `limit` bytes when
// `whole` is false (a look at its head), else all of it, refused when it expands beyond `limit`.
std::string gunzip(const std::string& path, std::size_t limit, bool whole = false)
{
    std::unique_ptr<archive, decltype(&archive_read_free)> reader(archive_read_new(), &archive_read_free);
    archive_read_support_filter_gzip(reader.get());
    archive_read_support_format_raw(reader.get());
    if (archive_read_open_filename(reader.get(), path.c_str(), 1 << 16) != ARCHIVE_OK)
        throw FormatError(path + " cannot be decompressed: " + reasonOf(reader.get()));
    archive_entry* entry = nullptr;
    if (archive_read_next_header(reader.get(), &entry) != ARCHIVE_OK)
        throw FormatError(path + " cannot be decompressed: " + reasonOf(reader.get()));
    std::string text;
    std::size_t used = 0;
    for (;;) {
        const std::size_t chunk = 1 << 20;
        const std::size_t want = std::min(chunk, limit - used);
        if (want == 0) {
            char probe = 0;
            if (whole && archive_read_data(reader.get(), &probe, 1) > 0)
                throw FormatError(path + " decompresses to more than the limit of " + std::to_string(limit >> 20)
                                  + " MiB of text: decompress it (gunzip) and open the text file.");
            break;
        }
        text.resize(used + want);
        const la_ssize_t got = archive_read_data(reader.get(), text.data() + used, want);
        if (got < 0)
            throw FormatError(path + " is damaged: " + reasonOf(reader.get()));
        if (got == 0)
            break;
        used += std::size_t(got);
    }
    text.resize(used);
    return text;
}

// How much of a file its kind is judged on.
constexpr std::size_t kHeadBytes = 64 * 1024;

// The kind of a file from its first kHeadBytes (`cut`: the file goes on). A head cut mid-line is
// judged on its whole lines: the cut last line of deep stacks (a folded line of 200 Java frames
// is 20 KB) has no count and would make the whole file unrecognised.
ProfileFileKind kindOfHead(std::string_view head, bool cut)
{
    if (head.size() > 262 && head.compare(257, 5, "ustar") == 0)
        return ProfileFileKind::RunArchive;
    if (cut) {
        if (const std::size_t lastNewline = head.rfind('\n'); lastNewline != std::string_view::npos)
            head = head.substr(0, lastNewline + 1);
    }
    if (looksLikePerfScript(head))
        return ProfileFileKind::PerfScript;
    if (looksLikeFolded(head))
        return ProfileFileKind::Folded;
    return ProfileFileKind::Unrecognized;
}

} // namespace

ProfileFileKind detectProfileFileKind(const std::string& path)
{
    std::string head = readRawHead(path, kHeadBytes);
    if (isGzip(head))
        head = gunzip(path, kHeadBytes);
    return kindOfHead(head, head.size() == kHeadBytes);
}

ProfileText::ProfileText(std::string decompressed)
    : m_decompressed(std::move(decompressed))
{
}

ProfileText::ProfileText(const void* mapping, std::size_t size)
    : m_mapping(mapping)
    , m_mappingSize(size)
{
}

ProfileText::~ProfileText()
{
    if (m_mapping)
        ::munmap(const_cast<void*>(m_mapping), m_mappingSize);
}

ProfileText::ProfileText(ProfileText&& other) noexcept
    : m_decompressed(std::move(other.m_decompressed))
    , m_mapping(std::exchange(other.m_mapping, nullptr))
    , m_mappingSize(std::exchange(other.m_mappingSize, 0))
{
}

ProfileText& ProfileText::operator=(ProfileText&& other) noexcept
{
    if (this != &other) {
        if (m_mapping)
            ::munmap(const_cast<void*>(m_mapping), m_mappingSize);
        m_decompressed = std::move(other.m_decompressed);
        m_mapping = std::exchange(other.m_mapping, nullptr);
        m_mappingSize = std::exchange(other.m_mappingSize, 0);
    }
    return *this;
}

std::string_view ProfileText::text() const
{
    if (m_mapping)
        return {static_cast<const char*>(m_mapping), m_mappingSize};
    return m_decompressed;
}

ProfileText readProfileText(const std::string& path)
{
    const std::string head = readRawHead(path, 2);
    if (isGzip(head))
        return ProfileText(gunzip(path, kMaximumDecompressedBytes, true));
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw FormatError(path + " cannot be opened: check that it exists and that you may read it.");
    struct stat status {};
    if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && std::uint64_t(status.st_size) > kMaximumFileBytes) {
        ::close(fd);
        throw FormatError(path + " is larger than the limit of " + std::to_string(kMaximumFileBytes >> 30)
                          + " GiB of profile text.");
    }
    if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0) {
        // MAP_POPULATE: the pages come from the page cache in one go, not one fault at a time.
        void* mapping = ::mmap(nullptr, std::size_t(status.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (mapping != MAP_FAILED) {
            ::close(fd);
            return ProfileText(mapping, std::size_t(status.st_size));
        }
    }
    // Not a regular file (a pipe, a /proc file) or not mappable: read it.
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            const int error = errno;
            ::close(fd);
            throw FormatError(path + " cannot be read: " + std::strerror(error));
        }
        if (got == 0)
            break;
        if (text.size() + std::size_t(got) > kMaximumDecompressedBytes) {
            ::close(fd);
            throw FormatError(path + " is larger than the limit of " + std::to_string(kMaximumDecompressedBytes >> 20)
                              + " MiB of profile text.");
        }
        text.append(buffer, std::size_t(got));
    }
    ::close(fd);
    return ProfileText(std::move(text));
}

runlens::format::RunArchive importProfileRun(const std::string& path)
{
    const ProfileText file = readProfileText(path);
    const std::string_view text = file.text();
    const ProfileFileKind kind = kindOfHead(text.substr(0, kHeadBytes), text.size() > kHeadBytes);
    runlens::format::RunArchive run;
    run.runName = std::filesystem::path(path).filename().string();
    std::string source;
    try {
        if (kind == ProfileFileKind::PerfScript) {
            source = "perf script";
            run.profile = runlens::format::readPerfScript(text);
        } else if (kind == ProfileFileKind::Folded) {
            source = "folded stacks";
            run.profile = importFolded(text);
        }
    } catch (const FormatError& error) {
        throw FormatError(path + " cannot be read as " + source + ": " + error.what() + ".");
    }
    if (source.empty()) {
        throw FormatError(path + " is neither a run archive, folded stacks nor `perf script` output. "
                                 "Open a .tar.gz recorded by runlens-rec, or the text of `perf script`.");
    }
    if (run.profile->empty())
        throw FormatError(path + " holds no stack samples (read as " + source + ").");
    run.manifest = {{"run", {{"name", run.runName}}}, {"imported_from", source}};
    return run;
}

runlens::format::ProfileTables loadProfile(const std::string& path)
{
    const ProfileFileKind kind = detectProfileFileKind(path);
    if (kind == ProfileFileKind::RunArchive && aperf::isAperfFile(path)) {
        for (auto& run : aperf::importAperfRuns(path)) {
            if (run.profile)
                return std::move(*run.profile);
        }
        throw FormatError(path + " has no CPU profile APerf kept as folded stacks (collapse.out) or perf script text "
                                 "(script.out).");
    }
    if (kind == ProfileFileKind::RunArchive) {
        auto archive = runlens::format::readRunArchive(path);
        if (!archive.profile)
            throw FormatError(path + " has no CPU profile: record with stack sampling enabled.");
        return std::move(*archive.profile);
    }
    return std::move(*importProfileRun(path).profile);
}
