// The JSON entries of a run archive on their own (manifest.json, metrics.json, a series index):
// parsed under the limits, read as metric descriptors, and as a manifest by Run's accessors.
#include "FuzzTarget.h"

#include "FormatError.h"
#include "MetricDescriptor.h"
#include "Run.h"
#include "UntrustedJson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    nlohmann::json json;
    try {
        json = runlens::format::parseUntrustedJson(fuzz::bytes(data, size), "manifest.json");
    } catch (const runlens::format::FormatError&) {
        return 0;
    }
    if (json.is_array()) {
        for (const auto& descriptor : json) {
            try {
                runlens::format::descriptorFromJson(descriptor);
            } catch (const runlens::format::FormatError&) {
            }
        }
    }
    runlens::format::RunArchive archive;
    archive.runName = "fuzz";
    archive.manifest = std::move(json);
    const Run run(QStringLiteral("fuzz.tar.gz"), std::move(archive));
    (void)run.name();
    (void)run.hostName();
    (void)run.note();
    (void)run.startTime();
    (void)run.intervalSeconds();
    (void)run.importNotes();
    (void)run.tag("variant");
    return 0;
}
