#include "SpoolDirectory.h"

#include "FormatError.h"

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace runlens::format::spool {

void writeFileAtomically(const std::string& directory, const std::string& name, const std::string& content)
{
    const std::string target = directory + "/" + name;
    const std::string temporary = directory + "/." + name + ".tmp";
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        throw FormatError("cannot write " + target + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            ::unlink(temporary.c_str());
            throw FormatError("cannot write " + target + ": " + std::strerror(error));
        }
        done += std::size_t(n);
    }
    if (::close(fd) != 0 || ::rename(temporary.c_str(), target.c_str()) != 0) {
        const int error = errno;
        ::unlink(temporary.c_str());
        throw FormatError("cannot write " + target + ": " + std::strerror(error));
    }
}

StatusFile::StatusFile(std::string path)
    : m_path(std::move(path))
{
    m_fd = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (m_fd < 0)
        throw FormatError("cannot write " + m_path + ": " + std::strerror(errno));
    m_buffer.reserve(kSize);
}

StatusFile::~StatusFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void StatusFile::write(const std::string& json)
{
    m_buffer.assign(json, 0, std::min(json.size(), kSize - 1));
    m_buffer.resize(kSize - 1, ' ');
    m_buffer += '\n';
    if (::pwrite(m_fd, m_buffer.data(), m_buffer.size(), 0) != ssize_t(m_buffer.size()))
        throw FormatError("cannot write " + m_path + ": " + std::strerror(errno));
}

} // namespace runlens::format::spool
