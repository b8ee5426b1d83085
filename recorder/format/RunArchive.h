// A run archive read into memory: the manifest, the metric descriptors, the series and the
// attachments (sysctl snapshot, kernel config ...).
#pragma once

#include "MetricDescriptor.h"
#include "ProfileEncoding.h"
#include "ProfileTables.h"
#include "SeriesTable.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace runlens::format {

// Paths inside an archive, relative to its NAME/ directory.
namespace paths {
inline constexpr const char* kManifest = "manifest.json";
inline constexpr const char* kMetrics = "metrics.json";
inline constexpr const char* kSeriesDirectory = "series/";
inline constexpr const char* kHostDirectory = "host/";
inline constexpr const char* kWorkloadDirectory = "workload/";
inline constexpr const char* kWorkloadOutput = "workload/output.txt";
} // namespace paths

struct RunArchive {
    std::string runName;              // the archive's top directory
    nlohmann::json manifest;
    std::vector<MetricDescriptor> metrics;
    std::vector<SeriesTable> series;
    std::map<std::string, std::string> attachments; // other files, by path relative to NAME/
    std::optional<ProfileTables> profile;            // CPU stack samples, when the run has them
    // Instead of `profile`, when read with ProfileDecoding::Later: its entries, not yet decoded
    // nor checked.
    std::optional<EncodedProfile> encodedProfile;

    const SeriesTable* group(const std::string& name) const
    {
        for (const SeriesTable& table : series) {
            if (table.group == name)
                return &table;
        }
        return nullptr;
    }
    const MetricDescriptor* metric(const std::string& id) const
    {
        for (const MetricDescriptor& descriptor : metrics) {
            if (descriptor.id == id)
                return &descriptor;
        }
        return nullptr;
    }
    // The manifest's collectors[] entry of that name (status, reason, details), or nullptr.
    const nlohmann::json* collector(const std::string& name) const
    {
        const auto list = manifest.find("collectors");
        if (list == manifest.end() || !list->is_array())
            return nullptr;
        for (const nlohmann::json& entry : *list) {
            if (entry.is_object() && entry.value("name", "") == name)
                return &entry;
        }
        return nullptr;
    }
};

} // namespace runlens::format
