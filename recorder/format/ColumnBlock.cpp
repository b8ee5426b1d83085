#include "ColumnBlock.h"

#include "FormatError.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace runlens::format {

static_assert(std::endian::native == std::endian::little, "the byte-plane codec assumes a little-endian host");

namespace {

template<typename T>
void appendPlanes(std::span<const T> values, std::string& out)
{
    static_assert(sizeof(T) == 8);
    const std::size_t n = values.size();
    const std::size_t start = out.size();
    out.resize(start + n * 8);
    char* planes = out.data() + start;
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char bytes[8];
        std::memcpy(bytes, &values[i], 8);
        for (std::size_t b = 0; b < 8; ++b)
            planes[b * n + i] = char(bytes[b]);
    }
}

template<typename T>
void readPlanes(const char* planes, std::size_t n, T* values)
{
    for (std::size_t i = 0; i < n; ++i) {
        unsigned char bytes[8];
        for (std::size_t b = 0; b < 8; ++b)
            bytes[b] = static_cast<unsigned char>(planes[b * n + i]);
        std::memcpy(&values[i], bytes, 8);
    }
}

void appendU32(std::string& out, std::uint32_t value)
{
    char bytes[4];
    std::memcpy(bytes, &value, 4);
    out.append(bytes, 4);
}

std::uint32_t readU32(const char* at)
{
    std::uint32_t value;
    std::memcpy(&value, at, 4);
    return value;
}

} // namespace

std::size_t encodedBlockSize(std::size_t rows, std::size_t columns)
{
    return kBlockHeaderSize + rows * 8 * (columns + 1);
}

void encodeBlock(std::span<const std::int64_t> timestampsNs, std::span<const std::vector<double>> columns,
                 std::string& out)
{
    const std::size_t rows = timestampsNs.size();
    out.reserve(out.size() + encodedBlockSize(rows, columns.size()));
    out.append(kBlockMagic, sizeof kBlockMagic);
    appendU32(out, std::uint32_t(rows));
    appendU32(out, std::uint32_t(columns.size()));
    appendU32(out, kEncodingF64BytePlanes);
    appendU32(out, 0); // flags
    out.append(8, '\0'); // reserved
    appendPlanes<std::int64_t>(timestampsNs, out);
    for (const std::vector<double>& column : columns) {
        if (column.size() != rows)
            throw FormatError("internal error: a column has " + std::to_string(column.size()) + " values for "
                              + std::to_string(rows) + " timestamps");
        appendPlanes<double>(column, out);
    }
}

BlockShape readBlockShape(std::string_view bytes, std::uint64_t maxColumns)
{
    if (bytes.size() < kBlockHeaderSize || std::memcmp(bytes.data(), kBlockMagic, sizeof kBlockMagic) != 0)
        throw FormatError("a series block does not start with the block header");
    const std::uint32_t rows = readU32(bytes.data() + 8);
    const std::uint32_t columns = readU32(bytes.data() + 12);
    const std::uint32_t encoding = readU32(bytes.data() + 16);
    if (encoding != kEncodingF64BytePlanes)
        throw FormatError("a series block uses the unknown encoding " + std::to_string(encoding));
    // Before any size is computed from them: with at most 2^18 columns, rows x 8 x (columns + 1)
    // stays below 2^53 and cannot wrap (2^32 - 1 columns of 0 rows once wrapped to 32 bytes).
    maxColumns = std::min<std::uint64_t>(maxColumns, limits::kColumnsPerGroup);
    if (columns > maxColumns)
        throw FormatError("a series block declares " + std::to_string(columns) + " columns, more than the "
                          + std::to_string(maxColumns) + " its index names");
    // Checked in 64 bits before allocating: a hostile header cannot make us reserve gigabytes.
    const std::uint64_t expected = kBlockHeaderSize + std::uint64_t(rows) * 8 * (std::uint64_t(columns) + 1);
    if (expected != bytes.size())
        throw FormatError("a series block declares " + std::to_string(rows) + " rows of " + std::to_string(columns)
                          + " columns but holds " + std::to_string(bytes.size()) + " bytes");
    return {rows, columns};
}

DecodedBlock decodeBlock(std::string_view bytes, std::uint64_t maxColumns)
{
    const auto [rows, columns] = readBlockShape(bytes, maxColumns);
    DecodedBlock block;
    const char* at = bytes.data() + kBlockHeaderSize;
    block.timestampsNs.resize(rows);
    readPlanes(at, rows, block.timestampsNs.data());
    at += std::size_t(rows) * 8;
    block.columns.resize(columns);
    for (std::vector<double>& column : block.columns) {
        column.resize(rows);
        readPlanes(at, rows, column.data());
        at += std::size_t(rows) * 8;
    }
    return block;
}

} // namespace runlens::format
