#include "AperfReportJson.h"

#include "AperfHostFacts.h"
#include "AperfPmu.h"
#include "AperfSeriesBuilder.h"
#include "FormatError.h"
#include "UntrustedJson.h"

#include <algorithm>
#include <cmath>
#include <set>

using runlens::format::FormatError;
using runlens::format::RunArchive;

namespace aperf {

namespace {

using namespace detail;

// The Runlens id and instance of a series of a source, or nullopt to use aperf.<source>.<metric>.
struct Mapped {
    std::string id;
    std::string instance;
};

std::string cpuInstance(const nlohmann::json& series)
{
    const std::string name = runlens::format::textField(series, "series_name");
    if (runlens::format::flagField(series, "is_aggregate", false) || name == "Aggregate")
        return runlens::format::kAggregateInstance;
    if (name.starts_with("CPU"))
        return "cpu" + name.substr(3);
    return name;
}

std::optional<Mapped> mapped(const std::string& source, const std::string& metric, const nlohmann::json& series)
{
    static const std::set<std::string> kCpuStates = {"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"};
    if (source == "cpu_utilization" && kCpuStates.contains(metric))
        return Mapped{"cpu." + metric, cpuInstance(series)};
    if (source == "perf_stat")
        return Mapped{pmuMetricId(metric), cpuInstance(series)};
    if (source == "meminfo") {
        // APerf shows meminfo in bytes, as Runlens does.
        std::string_view key = metric;
        if (key.starts_with("Mem") && key.size() > 3)
            key.remove_prefix(3);
        return Mapped{sanitisedId("mem.", key), ""};
    }
    return std::nullopt;
}

// The time series of one data/js file as one group, its times on APerf's whole-second axis.
void addSource(RunArchive& run, const std::string& source, const nlohmann::json& data, std::set<std::string>& described)
{
    if (!data.is_object() || !data.contains("metrics") || !data["metrics"].is_object())
        return;
    // The rows: every time any series of the source has.
    std::set<std::int64_t> seconds;
    for (const auto& [name, metric] : data["metrics"].items()) {
        if (!metric.is_object() || !metric.contains("series") || !metric["series"].is_array())
            continue;
        for (const auto& series : metric["series"]) {
            if (!series.is_object() || !series.contains("time_diff") || !series["time_diff"].is_array())
                continue;
            for (const auto& t : series["time_diff"]) {
                // Below 2^32 s (136 years), so that the nanoseconds fit 64 bits (2^40 did not).
                if (t.is_number_unsigned() && t.get<std::uint64_t>() < (std::uint64_t(1) << 32))
                    seconds.insert(std::int64_t(t.get<std::uint64_t>()));
            }
        }
    }
    if (seconds.empty())
        return;
    runlens::format::SeriesTable table;
    table.group = "aperf." + source;
    std::map<std::int64_t, std::size_t> rowOf;
    for (const std::int64_t s : seconds) {
        rowOf.emplace(s, table.timestampsNs.size());
        table.timestampsNs.push_back(s * 1'000'000'000);
    }
    for (const auto& [name, metric] : data["metrics"].items()) {
        if (!metric.is_object() || !metric.contains("series") || !metric["series"].is_array())
            continue;
        for (const auto& series : metric["series"]) {
            if (!series.is_object() || !series.contains("time_diff") || !series.contains("values")
                || !series["time_diff"].is_array() || !series["values"].is_array())
                continue;
            const std::optional<Mapped> known = mapped(source, name, series);
            const std::string id = known ? known->id : sanitisedId("aperf." + source + ".", name);
            const std::string instance = known ? known->instance : runlens::format::textField(series, "series_name");
            if (table.find(id, instance) >= 0)
                continue; // a second series of the same name: the first is kept
            std::vector<double> column(table.timestampsNs.size(), kNoValue);
            const auto& times = series["time_diff"];
            const auto& values = series["values"];
            bool any = false;
            for (std::size_t i = 0; i < times.size() && i < values.size(); ++i) {
                if (!times[i].is_number_unsigned() || !values[i].is_number())
                    continue;
                const auto row = rowOf.find(std::int64_t(times[i].get<std::uint64_t>()));
                const double value = values[i].get<double>();
                // The first sample of APerf's CPU states is a made-up 0 (no interval yet).
                if (row == rowOf.end() || !std::isfinite(value) || (source == "cpu_utilization" && row->second == 0))
                    continue;
                column[row->second] = value;
                any = true;
            }
            if (!any)
                continue;
            table.keys.push_back({id, instance});
            table.columns.push_back(std::move(column));
            if (described.insert(id).second) {
                const bool cpuState = source == "cpu_utilization" && known;
                const bool perCpu = source == "cpu_utilization" || source == "perf_stat";
                run.metrics.push_back(descriptor(id, name, cpuState ? "%" : "", cpuState ? MetricKind::Percent : MetricKind::Gauge,
                                                 BetterDirection::Neutral, perCpu ? "cpu" : instance.empty() ? "" : "instance",
                                                 "APerf report",
                                                 "APerf's " + source + " " + name + " as its report shows it (2 decimals)."));
            }
        }
    }
    if (!table.keys.empty())
        run.series.push_back(std::move(table));
}

// key_value data ({"key_value_groups": {group: {"key_values": {k: v}}}}) flattened.
std::map<std::string, std::string> keyValues(const nlohmann::json& data)
{
    std::map<std::string, std::string> result;
    if (!data.is_object() || !data.contains("key_value_groups") || !data["key_value_groups"].is_object())
        return result;
    for (const auto& [group, content] : data["key_value_groups"].items()) {
        if (!content.is_object() || !content.contains("key_values") || !content["key_values"].is_object())
            continue;
        for (const auto& [key, value] : content["key_values"].items()) {
            if (value.is_string())
                result[key] = value.get<std::string>();
        }
    }
    return result;
}

} // namespace

nlohmann::json reportScriptJson(const std::string& script, const std::string& fileName)
{
    const std::size_t equals = script.find('=');
    if (equals == std::string::npos)
        throw FormatError(fileName + " is not an APerf report script (no `name = value`).");
    std::string_view payload = std::string_view(script).substr(equals + 1);
    // Newer reports follow with "\n\n<name>_findings = ...".
    if (const std::size_t gap = payload.find("\n\n"); gap != std::string_view::npos && payload.find("_findings", gap) != std::string_view::npos)
        payload = payload.substr(0, gap);
    // Under the limits of every untrusted JSON (depth, values, size, numbers in range).
    return runlens::format::parseUntrustedJson(payload, fileName);
}

std::vector<std::string> reportRunNames(const std::string& runsScript)
{
    std::vector<std::string> names;
    const nlohmann::json runs = reportScriptJson(runsScript, "runs.js");
    if (!runs.is_array())
        return names;
    for (const auto& run : runs) {
        if (run.is_string())
            names.push_back(run.get<std::string>());
        else if (run.is_object() && run.contains("name") && run["name"].is_string())
            names.push_back(run["name"].get<std::string>());
    }
    return names;
}

RunArchive importReportRun(const std::map<std::string, std::string>& scripts, const std::string& run, const std::string& source)
{
    RunArchive result;
    result.runName = run;
    nlohmann::json skipped = nlohmann::json::array();
    std::set<std::string> described;
    std::map<std::string, std::string> sysctl;
    std::map<std::string, std::string> kernelConfig;
    std::string version;
    for (const auto& [name, script] : scripts) {
        const std::string fileName = name + ".js";
        try {
            if (name == "version") {
                const nlohmann::json info = reportScriptJson(script, fileName);
                if (info.is_object() && info.contains("version") && info["version"].is_string())
                    version = info["version"].get<std::string>();
                continue;
            }
            if (name == "runs")
                continue;
            const nlohmann::json processed = reportScriptJson(script, fileName);
            if (!processed.is_object() || !processed.contains("runs") || !processed["runs"].is_object()
                || !processed["runs"].contains(run))
                continue;
            const nlohmann::json& data = processed["runs"][run];
            const std::string format = runlens::format::textField(processed, "data_format");
            if (format == "time_series")
                addSource(result, name, data, described);
            else if (name == "sysctl")
                sysctl = keyValues(data);
            else if (name == "kernel_config")
                kernelConfig = keyValues(data);
        } catch (const FormatError& error) {
            skipped.push_back({{"file", fileName}, {"reason", error.what()}});
        }
    }
    if (result.series.empty())
        throw FormatError(source + " has neither a record archive nor values of the run " + run + " in its data/js.");

    nlohmann::json host = nlohmann::json::object();
    addConfigFacts(sysctl, kernelConfig, host, result);
    const std::string tool = version.empty() ? std::string("APerf") : "APerf " + version;
    const std::string note = "Values from the report's data/js, as " + tool
                           + " shows them: truncated to 2 decimals, on a whole-second axis from the first sample, "
                             "with a made-up 0 for the first sample of counters. The report does not embed this run's "
                             "record archive (data/archive/" + run + ".tar.gz), which would give every value in full.";
    std::int64_t lastNs = 0;
    for (const auto& table : result.series)
        lastNs = std::max(lastNs, table.timestampsNs.back());
    result.manifest["run"] = {{"name", run}, {"note", "Recorded by " + tool + ", imported by Runlens from " + source + "."}};
    result.manifest["imported_from"] = tool;
    result.manifest["host"] = std::move(host);
    result.manifest["ec2"] = {{"available", false}, {"reason", "APerf's report does not show the instance"}};
    result.manifest["end"] = {{"elapsed_ns", lastNs}, {"reason", "imported"}};
    result.manifest["import"] = {{"tool", tool}, {"source", source}, {"skipped", std::move(skipped)},
                                 {"notes", nlohmann::json::array({note})}, {"values", "report"}};
    return result;
}

} // namespace aperf
