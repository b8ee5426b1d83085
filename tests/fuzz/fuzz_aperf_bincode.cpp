// One APerf .bin file through its bincode decoder; the first byte picks which.
#include "FuzzTarget.h"

#include "AperfBincode.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view bytes = fuzz::bytes(data + 1, size - 1);
    const std::string name = "fuzz.bin";
    try {
        switch (data[0] % 7) {
        case 0: aperf::readTimedTexts(bytes, name); break;
        case 1: aperf::readProcessesRecords(bytes, name); break;
        case 2: aperf::readAperfStats(bytes, name); break;
        case 3: aperf::readSystemInfo(bytes, name); break;
        case 4: aperf::readSysctl(bytes, name); break;
        case 5: aperf::readKernelConfig(bytes, name); break;
        default: (void)aperf::parseUtcTime(bytes); (void)aperf::isValidUtf8(bytes); break;
        }
    } catch (const aperf::BincodeError&) {
    }
    return 0;
}
