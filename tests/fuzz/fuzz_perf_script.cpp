// `perf script` text through the detector and readPerfScript, then the call tree and folded output.
#include "FuzzTarget.h"
#include "ProfileConsumers.h"

#include "FormatError.h"
#include "PerfScriptParser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text = fuzz::bytes(data, size);
    (void)runlens::format::looksLikePerfScript(text);
    runlens::format::ProfileTables profile;
    try {
        profile = runlens::format::readPerfScript(text);
    } catch (const runlens::format::FormatError&) {
        return 0;
    }
    fuzz::useProfile(profile);
    return 0;
}
