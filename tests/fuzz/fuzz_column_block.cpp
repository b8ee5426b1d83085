// One series block (series/*.bin) through decodeBlock; the first byte picks how many columns the
// group's index names.
#include "FuzzTarget.h"

#include "ColumnBlock.h"
#include "FormatError.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::uint64_t indexColumns = data[0] == 0xff ? runlens::format::limits::kColumnsPerGroup : data[0];
    try {
        runlens::format::decodeBlock(fuzz::bytes(data + 1, size - 1), indexColumns);
    } catch (const runlens::format::FormatError&) {
    }
    return 0;
}
