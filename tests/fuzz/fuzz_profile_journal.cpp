// A recording's profile journal (NAME.spool/profile.journal), what `runlens-rec pack` reads after
// a crash, through readProfileJournal.
#include "FuzzTarget.h"

#include "FormatError.h"
#include "ProfileJournal.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::MemoryFile file(fuzz::bytes(data, size));
    try {
        runlens::format::readProfileJournal(file.path());
    } catch (const runlens::format::FormatError&) {
    }
    return 0;
}
