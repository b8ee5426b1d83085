// A recorded profile's entries (profile/profile.json, stacks.bin, samples.bin, sample_columns.bin,
// then up to four format 2.0 chunks profile/samples/00000N.bin, separated by "--8<--" lines)
// through decodeProfile, then its call tree and folded output.
#include "FuzzTarget.h"
#include "ProfileConsumers.h"

#include "FormatError.h"
#include "ProfileEncoding.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const auto entries = fuzz::parts(fuzz::bytes(data, size), 8);
    runlens::format::EncodedProfile encoded;
    encoded.index = entries[0];
    encoded.stacks = entries[1];
    encoded.samples = entries[2];
    encoded.sampleColumns = entries[3];
    for (std::size_t i = 4; i < entries.size(); ++i) {
        if (!entries[i].empty())
            encoded.sampleChunks.push_back({"profile/samples/00000" + std::to_string(i - 4) + ".bin", std::string(entries[i])});
    }
    runlens::format::ProfileTables profile;
    try {
        profile = runlens::format::decodeProfile(encoded);
    } catch (const runlens::format::FormatError&) {
        return 0;
    }
    fuzz::useProfile(profile);
    return 0;
}
