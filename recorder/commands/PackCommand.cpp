#include "AllocatorSettings.h"
#include "Commands.h"
#include "FormatError.h"
#include "SpoolPacker.h"

#include <cstdio>

namespace runlens::recorder {

int runPack(const std::string& spoolDirectory, const std::string& archivePath)
{
    keepLargeAllocationsReturnable();
    const std::string target = archivePath.empty() ? format::defaultArchivePath(spoolDirectory) : archivePath;
    try {
        const format::PackResult result = format::packSpool(spoolDirectory, target);
        std::fprintf(stderr, "runlens-rec: packed %llu rows into %s%s\n", static_cast<unsigned long long>(result.rows),
                     result.archivePath.c_str(),
                     result.recovered ? " (the recording had not finished: the archive says it was recovered)" : "");
        if (result.ignoredTailBytes > 0)
            std::fprintf(stderr, "runlens-rec: ignored %llu bytes of a sample that was being written when the recorder stopped\n",
                         static_cast<unsigned long long>(result.ignoredTailBytes));
        std::fprintf(stderr, "runlens-rec: the spool directory %s is left in place; delete it once the archive is safe\n",
                     spoolDirectory.c_str());
        std::printf("%s\n", result.archivePath.c_str());
        return 0;
    } catch (const format::FormatError& error) {
        std::fprintf(stderr, "runlens-rec: cannot pack %s: %s\n", spoolDirectory.c_str(), error.what());
        return 1;
    }
}

} // namespace runlens::recorder
