// A /proc or /sys file kept open and re-read whole with one pread per sample.
//
// One read of the whole file gives the kernel's consistent snapshot (seq_file builds the text in
// one go), and keeping the descriptor open saves an open/close pair per sample. The buffer only
// grows, so after the first samples reading allocates nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace runlens::collect {

class ProcFile
{
public:
    ProcFile() = default;
    explicit ProcFile(std::string path) { open(std::move(path)); }
    ~ProcFile();
    ProcFile(const ProcFile&) = delete;
    ProcFile& operator=(const ProcFile&) = delete;
    ProcFile(ProcFile&& other) noexcept;
    ProcFile& operator=(ProcFile&& other) noexcept;

    // Returns false and sets error() ("/proc/pressure/cpu: Permission denied") when it cannot be opened.
    bool open(std::string path);
    bool isOpen() const { return m_fd >= 0; }
    void close();

    // The whole current content, valid until the next read(). Empty with error() set on failure.
    std::string_view read();

    const std::string& path() const { return m_path; }
    const std::string& error() const { return m_error; }
    int lastErrno() const { return m_errno; }

private:
    int m_fd = -1;
    std::string m_path;
    std::string m_error;
    int m_errno = 0;
    std::vector<char> m_buffer;
};

// Reads a small file once (host facts, sysfs attributes); nullopt-like empty string plus false on error.
bool readWholeFile(const std::string& path, std::string& content, std::string* error = nullptr);

} // namespace runlens::collect
