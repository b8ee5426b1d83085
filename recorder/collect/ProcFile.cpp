#include "ProcFile.h"

#include "InputLimits.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace runlens::collect {

namespace {

constexpr std::size_t kInitialBuffer = 16 * 1024;

std::string describeErrno(const std::string& path, int error)
{
    return path + ": " + std::strerror(error);
}

} // namespace

ProcFile::~ProcFile()
{
    close();
}

ProcFile::ProcFile(ProcFile&& other) noexcept
    : m_fd(other.m_fd)
    , m_path(std::move(other.m_path))
    , m_error(std::move(other.m_error))
    , m_errno(other.m_errno)
    , m_buffer(std::move(other.m_buffer))
{
    other.m_fd = -1;
}

ProcFile& ProcFile::operator=(ProcFile&& other) noexcept
{
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        m_path = std::move(other.m_path);
        m_error = std::move(other.m_error);
        m_errno = other.m_errno;
        m_buffer = std::move(other.m_buffer);
        other.m_fd = -1;
    }
    return *this;
}

bool ProcFile::open(std::string path)
{
    close();
    m_path = std::move(path);
    m_error.clear();
    m_errno = 0;
    m_fd = ::open(m_path.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0) {
        m_errno = errno;
        m_error = describeErrno(m_path, m_errno);
        return false;
    }
    if (m_buffer.empty())
        m_buffer.resize(kInitialBuffer);
    return true;
}

void ProcFile::close()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

std::string_view ProcFile::read()
{
    if (m_fd < 0)
        return {};
    m_error.clear();
    m_errno = 0;
    for (;;) {
        // Most files fit in one pread; seq_file files may return less than asked even when more
        // remains, so keep reading at the running offset until a read returns 0.
        std::size_t filled = 0;
        for (;;) {
            const ssize_t n = ::pread(m_fd, m_buffer.data() + filled, m_buffer.size() - filled, off_t(filled));
            if (n < 0) {
                if (errno == EINTR)
                    continue;
                m_errno = errno;
                m_error = describeErrno(m_path, m_errno);
                return {};
            }
            if (n == 0)
                return {m_buffer.data(), filled};
            filled += std::size_t(n);
            if (filled == m_buffer.size())
                break; // full: the file may be larger, grow and read again from the start
        }
        // A text that goes on and on (a device, a sysfs file gone wrong, a fixture tree's file
        // that is not what it claims) ends in an error, not in all the memory there is.
        if (m_buffer.size() >= format::limits::kSmallFileBytes) {
            m_errno = EFBIG;
            m_error = m_path + " is larger than the limit of " + std::to_string(format::limits::kSmallFileBytes >> 20)
                    + " MiB for a /proc or /sys file";
            return {};
        }
        m_buffer.resize(m_buffer.size() * 2);
    }
}

bool readWholeFile(const std::string& path, std::string& content, std::string* error)
{
    ProcFile file;
    if (!file.open(path)) {
        if (error)
            *error = file.error();
        return false;
    }
    const std::string_view text = file.read();
    if (!file.error().empty()) {
        if (error)
            *error = file.error();
        return false;
    }
    content.assign(text);
    return true;
}

} // namespace runlens::collect
