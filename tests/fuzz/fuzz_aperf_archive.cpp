// An APerf record archive (tar.gz, or a tar that is compressed first) through readAperfEntries and
// importAperfRecord: the archive checks, the bincode of its .bin files, its kernel texts, its
// PMU formulas and its profile.
#include "FuzzTarget.h"
#include "ProfileConsumers.h"

#include "AperfArchive.h"
#include "AperfImport.h"
#include "FormatError.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string archive = fuzz::asGzip(fuzz::bytes(data, size));
    try {
        const aperf::AperfEntries entries = aperf::readAperfEntries(archive, "fuzz.tar.gz");
        const runlens::format::RunArchive run = aperf::importAperfRecord(entries, "fuzz.tar.gz");
        if (run.profile)
            fuzz::useProfile(*run.profile);
    } catch (const runlens::format::FormatError&) {
    }
    return 0;
}
