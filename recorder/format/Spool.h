// The crash-safe journal a recording writes while it runs: one append-only file per metric group.
//
// Each sample appends one record with one write(), so a recorder killed with -9 loses nothing the
// kernel already has, and a power cut loses at most what was written since the last sync. A torn
// record at the end (the process died inside a write) is detected by its length and ignored.
//
// File: the 8-byte magic "RLSPOOL1", then records: u32 tag, u32 payload size, payload.
//   'K' (keys): u32 first column index, u32 count, then per key: u16 size + metric, u16 size + instance.
//   'R' (row):  i64 timestamp (ns since the run's start), u32 count, count × f64 values.
// All integers and doubles little-endian.
#pragma once

#include "SeriesTable.h"

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace runlens::format {

class SpoolWriter
{
public:
    // Creates the file (it must not exist). Throws FormatError naming the file and the reason.
    explicit SpoolWriter(std::string path);
    ~SpoolWriter();
    SpoolWriter(const SpoolWriter&) = delete;
    SpoolWriter& operator=(const SpoolWriter&) = delete;

    // Writes the keys not written yet and one row; throws FormatError (a full disk, an I/O error).
    void append(std::span<const ColumnKey> keys, std::int64_t timestampNs, std::span<const double> row);
    // Flushes the kernel's copy to the device, so a power cut keeps what was written so far.
    void sync();

    const std::string& path() const { return m_path; }

private:
    void writeAll(const std::string& bytes);

    std::string m_path;
    int m_fd = -1;
    std::size_t m_keysWritten = 0;
    std::string m_record; // reused for every append
};

class SpoolReader
{
public:
    // Throws FormatError when the file cannot be opened or does not start with the magic.
    explicit SpoolReader(const std::string& path);
    ~SpoolReader();
    SpoolReader(const SpoolReader&) = delete;
    SpoolReader& operator=(const SpoolReader&) = delete;

    // Reads the next row, processing key records on the way. Returns false at the end of the
    // file or at a torn record. row is resized to the number of columns the row holds.
    bool next(std::int64_t& timestampNs, std::vector<double>& row);

    const std::vector<ColumnKey>& keys() const { return m_keys; }
    // Bytes of an incomplete record at the end (a recorder that died mid-write).
    std::uint64_t ignoredTailBytes() const { return m_ignoredTail; }

private:
    bool readExactly(void* data, std::size_t size);

    std::string m_path;
    std::FILE* m_file = nullptr;
    std::vector<ColumnKey> m_keys;
    std::string m_payload;
    std::uint64_t m_ignoredTail = 0;
};

} // namespace runlens::format
