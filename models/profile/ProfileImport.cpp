#include "ProfileImport.h"

#include "ArchiveReader.h"
#include "FoldedImporter.h"
#include "FormatError.h"
#include "PerfScriptParser.h"

#include <archive.h>
#include <archive_entry.h>

#include <filesystem>
#include <fstream>
#include <memory>

using runlens::format::FormatError;
using runlens::format::looksLikePerfScript;

namespace {

// A profile text larger than this is refused rather than exhausting memory (gzip bombs too).
constexpr std::size_t kMaximumTextBytes = std::size_t(8) << 30;

bool isGzip(const std::string& head)
{
    return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x1f && static_cast<unsigned char>(head[1]) == 0x8b;
}

std::string readRawHead(const std::string& path, std::size_t bytes)
{
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw FormatError(path + " cannot be opened: check that it exists and that you may read it.");
    std::string head(bytes, '\0');
    file.read(head.data(), std::streamsize(bytes));
    head.resize(std::size_t(file.gcount()));
    return head;
}

// Decompresses a gzip file (up to `limit` bytes of output) through libarchive's raw format.
std::string gunzip(const std::string& path, std::size_t limit)
{
    std::unique_ptr<archive, decltype(&archive_read_free)> reader(archive_read_new(), &archive_read_free);
    archive_read_support_filter_gzip(reader.get());
    archive_read_support_format_raw(reader.get());
    if (archive_read_open_filename(reader.get(), path.c_str(), 1 << 16) != ARCHIVE_OK)
        throw FormatError(path + " cannot be decompressed: " + archive_error_string(reader.get()));
    archive_entry* entry = nullptr;
    if (archive_read_next_header(reader.get(), &entry) != ARCHIVE_OK)
        throw FormatError(path + " cannot be decompressed: " + archive_error_string(reader.get()));
    std::string text;
    std::size_t used = 0;
    for (;;) {
        const std::size_t chunk = 1 << 20;
        const std::size_t want = std::min(chunk, limit - used);
        if (want == 0)
            break;
        text.resize(used + want);
        const la_ssize_t got = archive_read_data(reader.get(), text.data() + used, want);
        if (got < 0)
            throw FormatError(path + " is damaged: " + archive_error_string(reader.get()));
        if (got == 0)
            break;
        used += std::size_t(got);
    }
    text.resize(used);
    return text;
}

ProfileFileKind kindOfText(const std::string& head)
{
    if (head.size() > 262 && head.compare(257, 5, "ustar") == 0)
        return ProfileFileKind::RunArchive;
    if (looksLikePerfScript(head))
        return ProfileFileKind::PerfScript;
    if (looksLikeFolded(head))
        return ProfileFileKind::Folded;
    return ProfileFileKind::Unrecognized;
}

} // namespace

ProfileFileKind detectProfileFileKind(const std::string& path)
{
    constexpr std::size_t kHead = 64 * 1024;
    std::string head = readRawHead(path, kHead);
    if (isGzip(head))
        head = gunzip(path, kHead);
    return kindOfText(head);
}

std::string readProfileText(const std::string& path)
{
    const std::string head = readRawHead(path, 2);
    if (isGzip(head))
        return gunzip(path, kMaximumTextBytes);
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw FormatError(path + " cannot be opened: check that it exists and that you may read it.");
    file.seekg(0, std::ios::end);
    const auto size = file.tellg();
    file.seekg(0);
    std::string text(std::size_t(std::max<std::streamoff>(0, size)), '\0');
    file.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(file.gcount()));
    return text;
}

runlens::format::RunArchive importProfileRun(const std::string& path)
{
    const std::string text = readProfileText(path);
    const std::string head = text.substr(0, 64 * 1024);
    runlens::format::RunArchive run;
    run.runName = std::filesystem::path(path).filename().string();
    std::string source;
    if (looksLikePerfScript(head)) {
        run.profile = runlens::format::readPerfScript(text);
        source = "perf script";
    } else if (looksLikeFolded(head)) {
        run.profile = importFolded(text);
        source = "folded stacks";
    } else {
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
    if (detectProfileFileKind(path) == ProfileFileKind::RunArchive) {
        auto archive = runlens::format::readRunArchive(path);
        if (!archive.profile)
            throw FormatError(path + " has no CPU profile: record with stack sampling enabled.");
        return std::move(*archive.profile);
    }
    return std::move(*importProfileRun(path).profile);
}
