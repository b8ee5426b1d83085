#include "Spool.h"

#include "FormatError.h"
#include "JournalBytes.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace runlens::format {

namespace {

using journal::put;
using journal::putText;
using journal::take;
using journal::takeText;

constexpr char kSpoolMagic[8] = {'R', 'L', 'S', 'P', 'O', 'O', 'L', '1'};
constexpr std::uint32_t kTagKeys = 'K';
constexpr std::uint32_t kTagRow = 'R';
// No honest record is this large (a row of 8 million columns); a bigger size means garbage.
constexpr std::uint32_t kMaxPayload = 64u << 20;

} // namespace

SpoolWriter::SpoolWriter(std::string path)
    : m_path(std::move(path))
{
    m_fd = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    if (m_fd < 0)
        throw FormatError("cannot create the spool file " + m_path + ": " + std::strerror(errno));
    writeAll(std::string(kSpoolMagic, sizeof kSpoolMagic));
}

SpoolWriter::~SpoolWriter()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void SpoolWriter::append(std::span<const ColumnKey> keys, std::int64_t timestampNs, std::span<const double> row)
{
    m_record.clear();
    if (keys.size() > m_keysWritten) {
        std::string payload;
        put<std::uint32_t>(payload, std::uint32_t(m_keysWritten));
        put<std::uint32_t>(payload, std::uint32_t(keys.size() - m_keysWritten));
        for (std::size_t i = m_keysWritten; i < keys.size(); ++i) {
            putText(payload, keys[i].metric);
            putText(payload, keys[i].instance);
        }
        put<std::uint32_t>(m_record, kTagKeys);
        put<std::uint32_t>(m_record, std::uint32_t(payload.size()));
        m_record += payload;
    }
    put<std::uint32_t>(m_record, kTagRow);
    put<std::uint32_t>(m_record, std::uint32_t(8 + 4 + row.size() * 8));
    put<std::int64_t>(m_record, timestampNs);
    put<std::uint32_t>(m_record, std::uint32_t(row.size()));
    const std::size_t at = m_record.size();
    m_record.resize(at + row.size() * 8);
    std::memcpy(m_record.data() + at, row.data(), row.size() * 8);
    // Keys and row go out in one write: a crash never leaves a row whose keys are missing.
    writeAll(m_record);
    m_keysWritten = keys.size();
}

void SpoolWriter::writeAll(const std::string& bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(m_fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw FormatError("cannot write the spool file " + m_path + ": " + std::strerror(errno));
        }
        done += std::size_t(n);
    }
}

void SpoolWriter::sync()
{
    if (::fdatasync(m_fd) != 0 && errno != EINVAL)
        throw FormatError("cannot flush the spool file " + m_path + " to disk: " + std::strerror(errno));
}

SpoolReader::SpoolReader(const std::string& path)
    : m_path(path)
{
    m_file = std::fopen(path.c_str(), "rbe");
    if (!m_file)
        throw FormatError("cannot open the spool file " + path + ": " + std::strerror(errno));
    std::setvbuf(m_file, nullptr, _IOFBF, 1 << 20);
    char magic[sizeof kSpoolMagic];
    if (std::fread(magic, 1, sizeof magic, m_file) != sizeof magic || std::memcmp(magic, kSpoolMagic, sizeof magic) != 0)
        throw FormatError(path + " is not a Runlens spool file");
}

SpoolReader::~SpoolReader()
{
    if (m_file)
        std::fclose(m_file);
}

bool SpoolReader::readExactly(void* data, std::size_t size)
{
    const std::size_t n = std::fread(data, 1, size, m_file);
    if (n != size) {
        m_ignoredTail += n;
        return false;
    }
    return true;
}

bool SpoolReader::next(std::int64_t& timestampNs, std::vector<double>& row)
{
    for (;;) {
        std::uint32_t header[2];
        const std::size_t got = std::fread(header, 1, sizeof header, m_file);
        if (got != sizeof header) {
            m_ignoredTail += got;
            return false;
        }
        const std::uint32_t tag = header[0];
        const std::uint32_t size = header[1];
        if ((tag != kTagKeys && tag != kTagRow) || size > kMaxPayload) {
            // Garbage where a record should start (a torn write followed by zeros after a power
            // cut): nothing after this point can be trusted.
            m_ignoredTail += sizeof header;
            return false;
        }
        m_payload.resize(size);
        if (!readExactly(m_payload.data(), size)) {
            m_ignoredTail += sizeof header;
            return false;
        }
        std::size_t at = 0;
        if (tag == kTagKeys) {
            std::uint32_t first = 0;
            std::uint32_t count = 0;
            if (!take(m_payload, at, first) || !take(m_payload, at, count) || first != m_keys.size())
                throw FormatError(m_path + " has an inconsistent column list");
            for (std::uint32_t i = 0; i < count; ++i) {
                ColumnKey key;
                if (!takeText(m_payload, at, key.metric) || !takeText(m_payload, at, key.instance))
                    throw FormatError(m_path + " has a damaged column list");
                m_keys.push_back(std::move(key));
            }
            continue;
        }
        std::uint32_t count = 0;
        if (!take(m_payload, at, timestampNs) || !take(m_payload, at, count) || count > m_keys.size()
            || m_payload.size() - at != std::size_t(count) * 8)
            throw FormatError(m_path + " has a damaged row");
        row.resize(count);
        std::memcpy(row.data(), m_payload.data() + at, std::size_t(count) * 8);
        return true;
    }
}

} // namespace runlens::format
