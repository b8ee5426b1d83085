#include "ArchiveReader.h"
#include "Commands.h"
#include "FormatError.h"
#include "UntrustedJson.h"

#include <cmath>
#include <cstdio>

namespace runlens::recorder {

namespace {

std::string text(const nlohmann::json& json, const nlohmann::json::json_pointer& pointer)
{
    if (!json.contains(pointer))
        return "-";
    const nlohmann::json& value = json[pointer];
    return value.is_string() ? value.get<std::string>() : value.dump();
}

nlohmann::json profileSummary(const format::ProfileTables& profile)
{
    std::size_t kernelFrames = 0;
    for (const auto& frame : profile.frames)
        kernelFrames += frame.kind == format::FrameKind::Kernel ? 1 : 0;
    return {{"samples", profile.samples.size()},
            {"lost_samples", format::countField(profile.info, "lost_samples", 0)},
            {"stacks", profile.stacks.size()},
            {"frames", profile.frames.size()},
            {"kernel_frames", kernelFrames},
            {"tasks", profile.tasks.size()},
            {"kernel_symbols", format::flagField(profile.info, "kernel_symbols", false)},
            {"info", profile.info}};
}

int printInfo(const std::string& archivePath, bool asJson);

} // namespace

int runInfo(const std::string& archivePath, bool asJson)
{
    try {
        return printInfo(archivePath, asJson);
    } catch (const nlohmann::json::exception& error) {
        // The manifest is the archive's own business: a field of another type than the format
        // says is reported like any other defect of the file, never an abort.
        std::fprintf(stderr, "runlens-rec: %s is not a usable run archive: its manifest holds a value of another type than expected (%s)\n",
                     archivePath.c_str(), error.what());
        return 1;
    }
}

namespace {

int printInfo(const std::string& archivePath, bool asJson)
{
    format::RunArchive run;
    try {
        run = format::readRunArchive(archivePath);
    } catch (const format::FormatError& error) {
        std::fprintf(stderr, "runlens-rec: %s\n", error.what());
        return 1;
    }
    const nlohmann::json& m = run.manifest;
    if (asJson) {
        nlohmann::json summary = {{"manifest", m}, {"metrics", run.metrics.size()}, {"groups", nlohmann::json::object()}};
        for (const auto& table : run.series)
            summary["groups"][table.group] = {{"rows", table.rowCount()}, {"columns", table.keys.size()}};
        if (run.profile)
            summary["profile"] = profileSummary(*run.profile);
        std::printf("%s\n", summary.dump(2).c_str());
        return 0;
    }
    std::printf("run            %s\n", text(m, "/run/name"_json_pointer).c_str());
    if (!text(m, "/run/note"_json_pointer).empty() && text(m, "/run/note"_json_pointer) != "-")
        std::printf("note           %s\n", text(m, "/run/note"_json_pointer).c_str());
    if (m.contains("/run/tags"_json_pointer) && !m["/run/tags"_json_pointer].empty())
        std::printf("tags           %s\n", m["/run/tags"_json_pointer].dump().c_str());
    std::printf("format         %s (recorder %s)\n", text(m, "/format_version"_json_pointer).c_str(),
                text(m, "/recorder/version"_json_pointer).c_str());
    std::printf("host           %s\n", text(m, "/host/hostname"_json_pointer).c_str());
    std::printf("started        %s\n", text(m, "/start/utc"_json_pointer).c_str());
    const double interval = m.value("interval_ns", 0.0) / 1e9;
    const double elapsed = m.contains("/end/elapsed_ns"_json_pointer) ? m["/end/elapsed_ns"_json_pointer].get<double>() / 1e9 : NAN;
    std::printf("interval       %.3g s\n", interval);
    std::printf("duration       %.1f s, %s samples\n", elapsed, text(m, "/end/samples"_json_pointer).c_str());
    std::printf("ended          %s%s%s\n", text(m, "/end/reason"_json_pointer).c_str(),
                text(m, "/end/message"_json_pointer).empty() || text(m, "/end/message"_json_pointer) == "-" ? "" : ": ",
                text(m, "/end/message"_json_pointer) == "-" ? "" : text(m, "/end/message"_json_pointer).c_str());
    if (m.contains("/recorder_cost/cpu_seconds"_json_pointer))
        std::printf("recorder cost  %.3f s CPU, %.1f MB peak memory\n", m["/recorder_cost/cpu_seconds"_json_pointer].get<double>(),
                    m.value("/recorder_cost/max_rss_bytes"_json_pointer, 0.0) / 1e6);
    std::printf("\ncollectors\n");
    for (const auto& collector : m.value("collectors", nlohmann::json::array())) {
        std::printf("  %-10s %-12s %s\n", collector.value("name", "?").c_str(), collector.value("status", "?").c_str(),
                    collector.value("reason", "").c_str());
    }
    for (const auto& collector : m.value("collectors", nlohmann::json::array())) {
        const nlohmann::json details = collector.value("details", nlohmann::json::object());
        if (collector.value("name", "") != "pmu" || !details.contains("event_set"))
            continue;
        std::printf("\npmu event set  %s\n", details.value("event_set", "").c_str());
        if (details.value("hardware_counters", "") == "missing")
            std::printf("  hardware     missing: %s\n", details.value("hardware_missing_reason", "").c_str());
    }
    std::printf("\nmetric groups\n");
    for (const auto& table : run.series)
        std::printf("  %-10s %6zu rows  %6zu columns\n", table.group.c_str(), table.rowCount(), table.keys.size());
    if (run.profile) {
        const nlohmann::json profile = profileSummary(*run.profile);
        std::printf("\nprofile        %s samples (%s lost), %s stacks, %s frames, %s threads\n",
                    profile["samples"].dump().c_str(), profile["lost_samples"].dump().c_str(), profile["stacks"].dump().c_str(),
                    profile["frames"].dump().c_str(), profile["tasks"].dump().c_str());
        std::printf("  sampling     %s at %s Hz on %s CPUs (%s backend)\n", text(run.profile->info, "/event"_json_pointer).c_str(),
                    text(run.profile->info, "/frequency_hz"_json_pointer).c_str(), text(run.profile->info, "/cpus"_json_pointer).c_str(),
                    text(run.profile->info, "/backend"_json_pointer).c_str());
        std::printf("  kernel       %s\n", profile["kernel_symbols"] == true ? "symbols from kallsyms"
                                           : ("no symbols: " + text(run.profile->info, "/kernel_symbols_reason"_json_pointer)).c_str());
        if (run.profile->info.contains("sampler_cpu_seconds"))
            std::printf("  cost         %.3f s of sampler CPU\n", run.profile->info.value("sampler_cpu_seconds", 0.0));
    } else {
        for (const auto& collector : m.value("collectors", nlohmann::json::array())) {
            if (collector.value("name", "") == "profile" && collector.value("status", "") != "ok")
                std::printf("\nprofile        none: %s\n", collector.value("reason", "").c_str());
        }
    }
    std::printf("\n%zu metrics\n", run.metrics.size());
    for (const auto& metric : run.metrics)
        std::printf("  %-32s %-8s %-8s %s\n", metric.id.c_str(), metric.unit.c_str(), std::string(format::toString(metric.kind)).c_str(),
                    metric.title.c_str());
    return 0;
}

} // namespace

} // namespace runlens::recorder
