// Folded stacks through the detector and importFolded, then the call tree and folded output.
#include "FuzzTarget.h"
#include "ProfileConsumers.h"

#include "FoldedImporter.h"
#include "FormatError.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::bytes(data, size);
    (void)looksLikeFolded(text);
    runlens::format::ProfileTables profile;
    try {
        profile = importFolded(text);
    } catch (const runlens::format::FormatError&) {
        return 0;
    }
    fuzz::useProfile(profile);
    return 0;
}
