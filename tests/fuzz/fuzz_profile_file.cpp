// Any file given to `runlens convert|summary|export` as a profile: told apart by content (gzip or
// not, run archive, perf script, folded), decompressed under the limits, imported (loadProfile).
#include "FuzzTarget.h"
#include "ProfileConsumers.h"

#include "FormatError.h"
#include "ProfileImport.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::MemoryFile file(fuzz::bytes(data, size));
    runlens::format::ProfileTables profile;
    try {
        (void)detectProfileFileKind(file.path());
        profile = loadProfile(file.path());
    } catch (const runlens::format::FormatError&) {
        return 0;
    }
    fuzz::useProfile(profile);
    return 0;
}
