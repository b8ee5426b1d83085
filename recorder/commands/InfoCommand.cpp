#include "ArchiveReader.h"
#include "Commands.h"
#include "FormatError.h"
#include "UntrustedJson.h"

#include <algorithm>
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
    // Format 2.0 rows stand for one sample or more each.
    std::uint64_t samples = 0;
    for (std::size_t row = 0; row < profile.samples.size(); ++row)
        samples += profile.samples.countAt(row);
    return {{"samples", samples},
            {"rows", profile.samples.size()},
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
    // Typed look-ups throughout: a field of another type prints as missing, it does not abort.
    const nlohmann::json none;
    const auto section = [&m, &none](const char* key) -> const nlohmann::json& {
        const auto it = m.is_object() ? m.find(key) : m.end();
        return it != m.end() && it->is_object() ? *it : none;
    };
    const double interval = format::numberField(m, "interval_ns", 0.0) / 1e9;
    double elapsed = format::numberField(section("end"), "elapsed_ns", NAN) / 1e9;
    std::string samples = text(m, "/end/samples"_json_pointer);
    // A run packed after the recorder died (`pack`) has no end written by the recorder: what
    // reached the disk says how long it ran and how many samples it took.
    if (std::isnan(elapsed) || samples == "-") {
        std::int64_t lastNs = 0;
        std::size_t rows = 0;
        for (const auto& table : run.series) {
            if (!table.timestampsNs.empty())
                lastNs = std::max(lastNs, table.timestampsNs.back());
            if (table.group == "recorder")
                rows = table.rowCount();
        }
        if (std::isnan(elapsed))
            elapsed = double(lastNs) / 1e9;
        if (samples == "-")
            samples = std::to_string(rows);
    }
    std::printf("interval       %.3g s\n", interval);
    std::printf("duration       %.1f s, %s samples\n", elapsed, samples.c_str());
    std::printf("ended          %s%s%s\n", text(m, "/end/reason"_json_pointer).c_str(),
                text(m, "/end/message"_json_pointer).empty() || text(m, "/end/message"_json_pointer) == "-" ? "" : ": ",
                text(m, "/end/message"_json_pointer) == "-" ? "" : text(m, "/end/message"_json_pointer).c_str());
    if (const nlohmann::json& workload = section("workload"); !workload.is_null()) {
        std::string command;
        if (const auto it = workload.find("command"); it != workload.end() && it->is_array()) {
            for (const auto& argument : *it)
                command.append(command.empty() ? "" : " ").append(argument.is_string() ? argument.get<std::string>() : std::string("?"));
        }
        if (!command.empty()) {
            const std::string signal = format::textField(workload, "signal");
            const double status = format::numberField(workload, "exit_status", NAN);
            std::printf("workload       %s\n", command.c_str());
            std::string ended = "-";
            if (!signal.empty())
                ended.assign("by ").append(signal);
            else if (!std::isnan(status))
                ended.assign("with status ").append(std::to_string(int(status)));
            std::printf("  ended        %s\n", ended.c_str());
        }
        if (const std::string follow = format::textField(workload, "follow"); !follow.empty())
            std::printf("workload log   %s\n", follow.c_str());
        std::printf("  matched      %.0f of %.0f output lines\n", format::numberField(workload, "matched_lines", 0.0),
                    format::numberField(workload, "lines", 0.0));
    }
    if (const nlohmann::json& cost = section("recorder_cost"); cost.contains("cpu_seconds"))
        std::printf("recorder cost  %.3f s CPU, %.1f MB peak memory\n", format::numberField(cost, "cpu_seconds", NAN),
                    format::numberField(cost, "max_rss_bytes", 0.0) / 1e6);
    std::printf("\ncollectors\n");
    const auto collectorsIt = m.is_object() ? m.find("collectors") : m.end();
    const nlohmann::json collectors = collectorsIt != m.end() && collectorsIt->is_array() ? *collectorsIt : nlohmann::json::array();
    for (const auto& collector : collectors) {
        std::printf("  %-10s %-12s %s\n", format::textField(collector, "name", "?").c_str(),
                    format::textField(collector, "status", "?").c_str(), format::textField(collector, "reason").c_str());
    }
    for (const auto& collector : collectors) {
        const auto detailsIt = collector.is_object() ? collector.find("details") : collector.end();
        const nlohmann::json details = detailsIt != collector.end() && detailsIt->is_object() ? *detailsIt : nlohmann::json::object();
        if (format::textField(collector, "name") != "pmu" || !details.contains("event_set"))
            continue;
        std::printf("\npmu event set  %s\n", format::textField(details, "event_set").c_str());
        if (format::textField(details, "hardware_counters") == "missing")
            std::printf("  hardware     missing: %s\n", format::textField(details, "hardware_missing_reason").c_str());
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
            std::printf("  cost         %.3f s of sampler CPU\n", format::numberField(run.profile->info, "sampler_cpu_seconds", NAN));
    } else {
        for (const auto& collector : collectors) {
            if (format::textField(collector, "name") == "profile" && format::textField(collector, "status") != "ok")
                std::printf("\nprofile        none: %s\n", format::textField(collector, "reason").c_str());
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
