#include "FollowedFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace runlens::workload {

namespace {

constexpr std::size_t kReadChunk = 256 * 1024;

} // namespace

FollowedFile::FollowedFile(std::string path)
    : m_path(std::move(path))
    , m_buffer(kReadChunk, '\0')
{
}

FollowedFile::~FollowedFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void FollowedFile::open()
{
    reopen(true);
}

bool FollowedFile::reopen(bool atEnd)
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = ::open(m_path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (m_fd < 0) {
        m_problem = m_path + ": " + std::strerror(errno) + (errno == ENOENT ? " (waiting for it to appear)" : "");
        return false;
    }
    struct stat info {};
    if (::fstat(m_fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        m_problem = m_path + ": not a regular file";
        ::close(m_fd);
        m_fd = -1;
        return false;
    }
    m_device = info.st_dev;
    m_inode = info.st_ino;
    m_offset = atEnd ? info.st_size : 0;
    m_problem.clear();
    return true;
}

std::string_view FollowedFile::readAppended()
{
    if (m_fd < 0 && !reopen(false))
        return {};
    struct stat byPath {};
    struct stat open {};
    if (::fstat(m_fd, &open) == 0 && open.st_size < m_offset)
        m_offset = 0; // truncated in place (`> log`): the new content starts at 0
    ssize_t count = ::pread(m_fd, m_buffer.data(), m_buffer.size(), m_offset);
    if (count > 0) {
        m_offset += count;
        m_bytesRead += std::uint64_t(count);
        return {m_buffer.data(), std::size_t(count)};
    }
    if (count < 0) {
        m_problem = m_path + ": " + std::strerror(errno);
        return {};
    }
    // At the end of this file: has the path been given to a new file (rotation)?
    if (::stat(m_path.c_str(), &byPath) == 0 && (byPath.st_ino != m_inode || byPath.st_dev != m_device)) {
        ++m_rotations;
        reopen(false);
    }
    return {};
}

} // namespace runlens::workload
