// Writes a run archive (NAME.tar.gz holding the directory NAME/) so that a partial file never
// looks complete: everything goes to a hidden temporary file beside the target, which is renamed
// to the final name only after the last byte is written and synced, and never over an existing file.
#pragma once

#include <string>
#include <string_view>

struct archive;

namespace runlens::format {

class ArchiveWriter
{
public:
    // finalPath ends in ".tar.gz"; runName is the directory every entry lives in.
    ArchiveWriter(std::string finalPath, std::string runName);
    // Removes the temporary file unless commit() succeeded.
    ~ArchiveWriter();
    ArchiveWriter(const ArchiveWriter&) = delete;
    ArchiveWriter& operator=(const ArchiveWriter&) = delete;

    // Throws FormatError: the target exists, the directory is not writable, the disk is full.
    void open();
    // relativePath is below NAME/, e.g. "manifest.json" or "series/cpu.000000.bin".
    void addFile(const std::string& relativePath, std::string_view content);
    // Streams an entry whose size is known up front: begin, then write chunks that add up to size.
    void beginFile(const std::string& relativePath, std::uint64_t size);
    void writeData(std::string_view chunk);
    void endFile();
    // Finishes the archive and moves it to its final name. Throws FormatError.
    void commit();

    const std::string& finalPath() const { return m_finalPath; }
    const std::string& temporaryPath() const { return m_temporaryPath; }

private:
    [[noreturn]] void fail(const std::string& what);

    std::string m_finalPath;
    std::string m_runName;
    std::string m_temporaryPath;
    archive* m_archive = nullptr;
    std::uint64_t m_entryRemaining = 0;
    bool m_committed = false;
    long long m_mtime = 0;
};

} // namespace runlens::format
