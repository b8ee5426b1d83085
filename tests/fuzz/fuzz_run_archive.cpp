// A whole run archive (tar.gz) through readRunArchive, then what every reader does with a run:
// its name, host, times and the facts the comparability check flattens, its profile's call tree.
#include "FuzzTarget.h"
#include "ProfileConsumers.h"

#include "ArchiveReader.h"
#include "summary/Comparability.h"
#include "FormatError.h"
#include "Run.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::MemoryFile file(fuzz::asGzip(fuzz::bytes(data, size)));
    runlens::format::RunArchive archive;
    try {
        archive = runlens::format::readRunArchive(file.path());
    } catch (const runlens::format::FormatError&) {
        return 0;
    }
    if (archive.profile)
        fuzz::useProfile(*archive.profile);
    const Run run(QStringLiteral("fuzz.tar.gz"), std::move(archive));
    (void)run.name();
    (void)run.hostName();
    (void)run.note();
    (void)run.startTime();
    (void)run.intervalSeconds();
    (void)run.importNotes();
    (void)Comparability::factsOf(run);
    return 0;
}
