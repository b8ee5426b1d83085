// A log file another process writes (`--follow FILE`), read like `tail -F`: from its end at the
// start of the recording, then whatever is appended. A file that is truncated is read again from
// its start; a file replaced by a new one (log rotation) is finished and the new one read from
// its start; a file that does not exist yet is waited for.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <sys/types.h>

namespace runlens::workload {

class FollowedFile
{
public:
    explicit FollowedFile(std::string path);
    ~FollowedFile();
    FollowedFile(const FollowedFile&) = delete;
    FollowedFile& operator=(const FollowedFile&) = delete;

    // Opens the file at its current end (what is there already is history, not this run).
    void open();
    // The bytes appended since the last call, at most the buffer's size per call (call again
    // while it returns a full buffer). The view stays valid until the next call.
    std::string_view readAppended();

    const std::string& path() const { return m_path; }
    // Why the file cannot be read right now ("" when it can): shown in the manifest.
    const std::string& problem() const { return m_problem; }
    std::uint64_t bytesRead() const { return m_bytesRead; }
    int rotations() const { return m_rotations; }

private:
    bool reopen(bool atEnd);

    std::string m_path;
    int m_fd = -1;
    dev_t m_device = 0;
    ino_t m_inode = 0;
    off_t m_offset = 0;
    std::string m_buffer; // allocated once
    std::string m_problem;
    std::uint64_t m_bytesRead = 0;
    int m_rotations = 0;
};

} // namespace runlens::workload
