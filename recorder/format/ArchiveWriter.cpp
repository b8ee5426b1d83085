#include "ArchiveWriter.h"

#include "FormatError.h"

#include <archive.h>
#include <archive_entry.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <memory>
#include <unistd.h>

namespace runlens::format {

namespace {

struct EntryDeleter {
    void operator()(archive_entry* entry) const { archive_entry_free(entry); }
};

std::string directoryOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash == 0 ? 1 : slash);
}

std::string fileNameOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Moves from to to, failing with EEXIST rather than replacing an existing file.
int renameNoReplace(const std::string& from, const std::string& to)
{
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS)
        return errno;
    // File systems without RENAME_NOREPLACE: link() refuses an existing target just the same.
    if (::link(from.c_str(), to.c_str()) != 0)
        return errno;
    ::unlink(from.c_str());
    return 0;
}

} // namespace

ArchiveWriter::ArchiveWriter(std::string finalPath, std::string runName)
    : m_finalPath(std::move(finalPath))
    , m_runName(std::move(runName))
{
    m_temporaryPath = directoryOf(m_finalPath) + "/." + fileNameOf(m_finalPath) + ".partial-" + std::to_string(::getpid());
    m_mtime = std::time(nullptr);
}

ArchiveWriter::~ArchiveWriter()
{
    if (m_archive)
        archive_write_free(m_archive);
    if (!m_committed)
        ::unlink(m_temporaryPath.c_str());
}

void ArchiveWriter::fail(const std::string& what)
{
    std::string reason = m_archive && archive_error_string(m_archive) ? archive_error_string(m_archive) : "";
    if (reason.empty() && errno != 0)
        reason = std::strerror(errno);
    throw FormatError("cannot write the run archive " + m_finalPath + ": " + what + (reason.empty() ? "" : ": " + reason));
}

void ArchiveWriter::open()
{
    if (::access(m_finalPath.c_str(), F_OK) == 0)
        throw FormatError(m_finalPath + " already exists; choose another run name or move the old archive away");
    m_archive = archive_write_new();
    if (!m_archive)
        throw FormatError("cannot write the run archive " + m_finalPath + ": out of memory");
    archive_write_add_filter_gzip(m_archive);
    archive_write_set_filter_option(m_archive, "gzip", "compression-level", "6");
    archive_write_set_format_pax_restricted(m_archive);
    // Without this libarchive pads the last block to 10 KiB; the default block size is fine, the
    // padding only wastes space in small archives.
    archive_write_set_bytes_in_last_block(m_archive, 1);
    errno = 0;
    if (archive_write_open_filename(m_archive, m_temporaryPath.c_str()) != ARCHIVE_OK)
        fail("cannot create " + m_temporaryPath);
}

void ArchiveWriter::beginFile(const std::string& relativePath, std::uint64_t size)
{
    std::unique_ptr<archive_entry, EntryDeleter> entry(archive_entry_new());
    const std::string path = m_runName + "/" + relativePath;
    archive_entry_set_pathname(entry.get(), path.c_str());
    archive_entry_set_size(entry.get(), la_int64_t(size));
    archive_entry_set_filetype(entry.get(), AE_IFREG);
    archive_entry_set_perm(entry.get(), 0644);
    archive_entry_set_mtime(entry.get(), m_mtime, 0);
    errno = 0;
    if (archive_write_header(m_archive, entry.get()) != ARCHIVE_OK)
        fail("cannot add " + path);
    m_entryRemaining = size;
}

void ArchiveWriter::writeData(std::string_view chunk)
{
    if (chunk.size() > m_entryRemaining)
        throw FormatError("internal error: more data than declared for an entry of " + m_finalPath);
    while (!chunk.empty()) {
        errno = 0;
        const la_ssize_t written = archive_write_data(m_archive, chunk.data(), chunk.size());
        if (written <= 0)
            fail("cannot write data");
        chunk.remove_prefix(std::size_t(written));
        m_entryRemaining -= std::uint64_t(written);
    }
}

void ArchiveWriter::endFile()
{
    if (m_entryRemaining != 0)
        throw FormatError("internal error: an entry of " + m_finalPath + " is shorter than declared");
}

void ArchiveWriter::addFile(const std::string& relativePath, std::string_view content)
{
    beginFile(relativePath, content.size());
    writeData(content);
    endFile();
}

void ArchiveWriter::commit()
{
    errno = 0;
    // Errors of the compressor and of the last writes surface only here.
    if (archive_write_close(m_archive) != ARCHIVE_OK)
        fail("cannot finish the archive");
    archive_write_free(m_archive);
    m_archive = nullptr;

    const int fd = ::open(m_temporaryPath.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
        const int error = errno;
        if (fd >= 0)
            ::close(fd);
        throw FormatError("cannot write the run archive " + m_finalPath + ": cannot flush it to disk: "
                          + std::strerror(error));
    }
    ::close(fd);
    if (const int error = renameNoReplace(m_temporaryPath, m_finalPath); error != 0) {
        if (error == EEXIST)
            throw FormatError(m_finalPath + " already exists; choose another run name or move the old archive away");
        throw FormatError("cannot move the finished archive to " + m_finalPath + ": " + std::strerror(error));
    }
    m_committed = true;
}

} // namespace runlens::format
