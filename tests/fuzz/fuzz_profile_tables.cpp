// A recorded profile's entries (profile/profile.json, stacks.bin, samples.bin, sample_columns.bin,
// separated by "--8<--" lines) through decodeProfile, then its call tree and folded output.
#include "FuzzTarget.h"
#include "ProfileConsumers.h"

#include "FormatError.h"
#include "ProfileEncoding.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto entries = fuzz::parts(fuzz::bytes(data, size), 4);
    runlens::format::ProfileTables profile;
    try {
        profile = runlens::format::decodeProfile(entries[0], entries[1], entries[2], entries[3]);
    } catch (const runlens::format::FormatError&) {
        return 0;
    }
    fuzz::useProfile(profile);
    return 0;
}
