// The binary encoding of a block of rows of one metric group inside an archive:
// a fixed header, the timestamp column, then one value column after another, each column stored
// as byte planes (all first bytes of the column, then all second bytes, ...).
//
// Why byte planes: the high bytes of neighbouring doubles (sign, exponent, top of the mantissa)
// are nearly always equal, and the planes put them side by side, where gzip compresses them to
// almost nothing; a plain array of doubles interleaves them with the noisy low bytes. The
// encoding is lossless and costs one pass of byte copies to write and to read.
#pragma once

#include "InputLimits.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::format {

inline constexpr char kBlockMagic[8] = {'R', 'L', 'B', 'L', 'O', 'C', 'K', '1'};
inline constexpr std::uint32_t kEncodingF64BytePlanes = 1;
inline constexpr std::size_t kBlockHeaderSize = 32;

// Appends the encoded block to out. columns[c] must each hold timestamps.size() values.
void encodeBlock(std::span<const std::int64_t> timestampsNs, std::span<const std::vector<double>> columns,
                 std::string& out);

struct DecodedBlock {
    std::vector<std::int64_t> timestampsNs;
    std::vector<std::vector<double>> columns;
};

// The rows and columns a block's header declares.
struct BlockShape {
    std::uint32_t rows = 0;
    std::uint32_t columns = 0;
};

// The shape of the block in bytes. Throws FormatError when the header is not a block's, its
// encoding unknown, it holds more than maxColumns columns or its size is not the bytes' size.
BlockShape readBlockShape(std::string_view bytes, std::uint64_t maxColumns = limits::kColumnsPerGroup);

// Throws FormatError when the bytes are not a well-formed block (sizes are checked against the
// data actually present before anything is allocated) or hold more than maxColumns columns
// (what the group's index names; at most limits::kColumnsPerGroup).
DecodedBlock decodeBlock(std::string_view bytes, std::uint64_t maxColumns = limits::kColumnsPerGroup);

// Number of bytes encodeBlock produces, so that a tar header can be written before the data.
std::size_t encodedBlockSize(std::size_t rows, std::size_t columns);

} // namespace runlens::format
