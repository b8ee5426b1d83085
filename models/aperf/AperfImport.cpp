#include "AperfImport.h"

#include "AperfArchive.h"
#include "AperfBincode.h"
#include "AperfHostFacts.h"
#include "AperfPmu.h"
#include "AperfProcTexts.h"
#include "AperfReportJson.h"
#include "FoldedImporter.h"
#include "FormatError.h"
#include "PerfScriptParser.h"
#include "UntrustedJson.h"

#include <algorithm>
#include <ctime>
#include <limits>
#include <memory>
#include <optional>

using runlens::format::FormatError;
using runlens::format::RunArchive;

namespace aperf {

namespace {

// "2026-01-30T08:25:46.092Z" from Unix nanoseconds, as runlens-rec writes start.utc.
std::string utcText(std::int64_t unixNs)
{
    const std::time_t seconds = std::time_t(unixNs / 1'000'000'000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char text[96];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                  parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, int(unixNs % 1'000'000'000 / 1'000'000));
    return text;
}

// What the import of one record archive found, skipped and noted, for the manifest.
struct Report {
    nlohmann::json skipped = nlohmann::json::array();
    nlohmann::json notes = nlohmann::json::array();
    void skip(const std::string& file, const std::string& why) { skipped.push_back({{"file", file}, {"reason", why}}); }
};

void addGroup(RunArchive& run, ImportedGroup group)
{
    if (group.table.keys.empty())
        return;
    for (auto& metric : group.metrics)
        run.metrics.push_back(std::move(metric));
    run.series.push_back(std::move(group.table));
}

// The first value of a key in a text ("MemTotal:  1234 kB" -> 1234).
std::optional<double> firstValue(std::string_view text, std::string_view key)
{
    const std::size_t at = text.find(key);
    if (at == std::string_view::npos)
        return std::nullopt;
    std::size_t i = at + key.size();
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == ':'))
        ++i;
    double value = 0;
    bool digits = false;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        value = value * 10 + (text[i++] - '0');
        digits = true;
    }
    return digits ? std::optional<double>(value) : std::nullopt;
}

// CPUs in a /proc/stat text: its "cpuN" lines.
std::uint64_t cpuCount(std::string_view text)
{
    std::uint64_t count = 0;
    while (!text.empty()) {
        const std::size_t newline = text.find('\n');
        const std::string_view line = text.substr(0, newline);
        if (line.size() > 3 && line.starts_with("cpu") && line[3] >= '0' && line[3] <= '9')
            ++count;
        if (newline == std::string_view::npos)
            break;
        text.remove_prefix(newline + 1);
    }
    return count;
}

// The host facts APerf records, where runlens-rec puts them: manifest "host" and "ec2", and the
// attachments host/sysctl.json and host/kernel-config.txt.
// `stat` and `meminfo` are the first records' texts of /proc/stat and /proc/meminfo, if any.
void addHostFacts(const AperfEntries& entries, RunArchive& run, std::string_view stat, std::string_view meminfo,
                  Report& report)
{
    nlohmann::json host = nlohmann::json::object();
    nlohmann::json ec2 = {{"available", false}, {"reason", "APerf's system information is missing or unreadable"}};
    std::map<std::string, std::string> sysctl;
    std::map<std::string, std::string> kernelConfig;
    if (const auto file = findDataFile(entries, "sysctl")) {
        try {
            sysctl = readSysctl(entries.files.at(*file), *file).values;
        } catch (const FormatError& error) {
            report.skip(*file, error.what());
        }
    }
    if (const auto file = findDataFile(entries, "kernel_config")) {
        try {
            kernelConfig = flattenKernelConfig(readKernelConfig(entries.files.at(*file), *file));
        } catch (const FormatError& error) {
            report.skip(*file, error.what());
        }
    }
    if (const auto file = findDataFile(entries, "systeminfo")) {
        try {
            const SystemInfo info = readSystemInfo(entries.files.at(*file), *file);
            host["kernel_release"] = info.kernelVersion;
            host["hostname"] = info.hostName;
            host["os_release"] = info.osVersion;
            if (info.totalCpus > 0)
                host["cpus_online"] = info.totalCpus;
            if (!info.instance.instanceType.empty()) {
                ec2 = {{"available", true}, {"source", "APerf system information"}, {"instance_type", info.instance.instanceType},
                       {"instance_id", info.instance.instanceId}, {"region", info.instance.region}, {"ami_id", info.instance.amiId}};
            }
        } catch (const FormatError& error) {
            report.skip(*file, error.what());
        }
    }
    // What the other files tell when the system information does not.
    addConfigFacts(sysctl, kernelConfig, host, run);
    if (!host.contains("cpus_online") && cpuCount(stat) > 0)
        host["cpus_online"] = cpuCount(stat);
    if (const auto total = firstValue(meminfo, "MemTotal:"))
        host["memory_total_bytes"] = std::uint64_t(*total * 1024.0);
    run.manifest["host"] = std::move(host);
    run.manifest["ec2"] = std::move(ec2);
}

// The processes' resident memory is counted in pages, read as 4 KiB ones: scaled to the host's
// page size when the kernel config tells it (64 KiB on some Arm kernels).
void scaleResidentMemory(ImportedGroup& group, const nlohmann::json& host)
{
    const auto pageSize = host.find("page_size_bytes");
    if (pageSize == host.end() || !pageSize->is_number() || pageSize->get<double>() == 4096)
        return;
    const double factor = pageSize->get<double>() / 4096;
    for (std::size_t c = 0; c < group.table.keys.size(); ++c) {
        if (group.table.keys[c].metric == "proc.rss") {
            for (double& value : group.table.columns[c])
                value *= factor;
        }
    }
}

// collapse.out (folded) or script.out (perf script text) as the run's profile; other profile
// data (perf.data, flame graph SVGs, Java profiles) is listed as there but not read.
void addProfile(const AperfEntries& entries, RunArchive& run, Report& report)
{
    std::vector<std::string> notRead;
    for (const auto& [name, bytes] : entries.files) {
        // A profile past the import limits costs only the profile, named in the skipped list.
        try {
            if (name == "collapse.out" || name.ends_with("/collapse.out")) {
                run.profile = importFolded(bytes);
                run.profile->info["source"] = "folded";
                run.profile->info["aperf_file"] = name;
                continue;
            }
            if ((name == "script.out" || name.ends_with("/script.out")) && !run.profile) {
                run.profile = runlens::format::readPerfScript(bytes);
                run.profile->info["aperf_file"] = name;
                continue;
            }
        } catch (const FormatError& error) {
            run.profile.reset();
            report.skip(name, name + ": " + error.what());
            continue;
        }
        if (name.starts_with("perf_profile") || name.starts_with("raw_perf_cpu_profile") || name.ends_with(".svg")
                   || name.ends_with(".jfr") || (name.ends_with(".html") && name.find("java") != std::string::npos)) {
            notRead.push_back(name);
        }
    }
    if (run.profile && run.profile->empty())
        run.profile.reset();
    if (!notRead.empty() && !run.profile) {
        std::string list;
        for (const std::string& name : notRead)
            list += (list.empty() ? "" : ", ") + name;
        report.notes.push_back("The run has profile data Runlens does not read (" + list
                               + "); APerf kept no folded stacks (collapse.out) or perf script text (script.out) to import.");
    }
}

// APerf's own cost per collector (aperf_stats.bin), in ms, under ids of its own.
void addAperfStats(const AperfEntries& entries, RunArchive& run, std::int64_t zeroNs, Report& report)
{
    const auto file = findDataFile(entries, "aperf_stats");
    if (!file)
        return;
    std::vector<AperfStatRecord> records;
    try {
        records = readAperfStats(entries.files.at(*file), *file);
    } catch (const FormatError& error) {
        report.skip(*file, error.what());
        return;
    }
    runlens::format::SeriesTable table;
    table.group = "aperf";
    std::map<std::string, std::size_t> columns;
    for (const AperfStatRecord& record : records) {
        table.timestampsNs.push_back(record.timeNs - zeroNs);
        for (auto& column : table.columns)
            column.push_back(std::numeric_limits<double>::quiet_NaN());
        for (const auto& [key, micros] : record.values) {
            auto it = columns.find(key);
            if (it == columns.end()) {
                it = columns.emplace(key, table.keys.size()).first;
                table.keys.push_back({"aperf.collector_time", key});
                table.columns.emplace_back(table.timestampsNs.size(), std::numeric_limits<double>::quiet_NaN());
            }
            table.columns[it->second].back() = double(micros) / 1000.0;
        }
    }
    if (table.keys.empty())
        return;
    run.metrics.push_back({"aperf.collector_time", "APerf collector time", "ms", runlens::format::MetricKind::Gauge,
                           runlens::format::BetterDirection::Lower, "collector", "Recorder",
                           "Time APerf spent collecting (<data>-collect) and writing (<data>-print) each source per "
                           "interval, and in all (aperf)."});
    run.series.push_back(std::move(table));
}

// metadata.json (APerf 1.3) in the shape of meta_data.bin's MetaData, plus its PMU counter mode.
std::optional<MetaData> metadataJson(const AperfEntries& entries, std::string& counterMode, Report& report)
{
    const auto file = entries.files.find("metadata.json");
    if (file == entries.files.end())
        return std::nullopt;
    const nlohmann::json json = runlens::format::tryParseUntrustedJson(file->second).value_or(nlohmann::json());
    if (!json.is_object()) {
        report.skip("metadata.json", "metadata.json is not a JSON object.");
        return std::nullopt;
    }
    const auto text = [&json](const char* key) {
        const auto it = json.find(key);
        return it != json.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    const auto seconds = [&json](const char* key) {
        const auto it = json.find(key);
        return it != json.end() && it->is_number_unsigned() ? it->get<std::uint64_t>() : std::uint64_t(0);
    };
    // {"DateTime": "2026-01-30T08:25:46.947Z"}: serde's externally tagged TimeEnum.
    const auto time = [&json](const char* key) -> std::optional<std::int64_t> {
        const auto it = json.find(key);
        if (it == json.end() || !it->is_object() || !it->contains("DateTime") || !(*it)["DateTime"].is_string())
            return std::nullopt;
        return parseUtcTime((*it)["DateTime"].get<std::string>());
    };
    MetaData meta;
    meta.layout = MetaData::Layout::V1_2_3;
    meta.runName = text("run_name");
    meta.collectorVersion = text("collector_version");
    meta.commitSha = text("collector_commit_sha");
    meta.period = seconds("period");
    meta.interval = seconds("interval");
    meta.collectionStartNs = time("collection_start");
    meta.collectionEndNs = time("collection_end");
    counterMode = text("pmu_counter_mode");
    return meta;
}

// pmu_config.json of APerf 1.3: {"events": {...}, "metrics": {name: formula}}. Older ones list
// their numerators and denominators, which the legacy lines carry themselves.
std::map<std::string, std::string> pmuFormulas(const std::string& configJson)
{
    std::map<std::string, std::string> formulas;
    const nlohmann::json json = runlens::format::tryParseUntrustedJson(configJson).value_or(nlohmann::json());
    if (!json.is_object() || !json.contains("metrics") || !json["metrics"].is_object())
        return formulas;
    for (const auto& [name, formula] : json["metrics"].items()) {
        if (formula.is_string())
            formulas[name] = formula.get<std::string>();
    }
    return formulas;
}

// metadata.json's pmu_counter_mode ("grouped", "ungrouped"), or empty.
std::string counterModeOf(const std::string& metadataJson)
{
    const nlohmann::json json = runlens::format::tryParseUntrustedJson(metadataJson).value_or(nlohmann::json());
    if (!json.is_object() || !json.contains("pmu_counter_mode") || !json["pmu_counter_mode"].is_string())
        return {};
    return json["pmu_counter_mode"].get<std::string>();
}

// The time series of APerf, by the name of their data file, and the parsers of their records.
struct TimeSeriesSource {
    std::string_view name;
    std::unique_ptr<SourceParser> (*parser)();
    RecordShape shape = RecordShape::Text;
};
constexpr TimeSeriesSource kTimeSeriesSources[] = {
    {"cpu_utilization", procStatParser},
    {"meminfo", meminfoParser},
    {"vmstat", vmstatParser},
    {"interrupts", interruptsParser},
    {"diskstats", diskstatsParser},
    {"netstat", netstatParser},
    {"numastat", numastatParser},
    {"perf_stat", [] { return std::unique_ptr<SourceParser>(std::make_unique<PerfStatParser>()); }},
    {"processes", processesParser, RecordShape::Processes},
    {"memalloc", memallocParser, RecordShape::Memalloc},
    {"ena_stat", [] { return componentCountersParser("ena"); }},
    {"efa_stat", [] { return componentCountersParser("efa"); }},
};

// Reads a record archive's time series as the archive streams in: each file's records are
// decoded (TimedTextDecoder) and parsed (SourceParser) block by block, so the import holds the
// series it builds and not the hundreds of MB of text they come from. A file that cannot be
// read stops only its own source.
class TimeSeriesSink final : public AperfEntrySink
{
public:
    bool wantsStream(const std::string& name, std::uint64_t size) override
    {
        m_current = nullptr;
        for (const TimeSeriesSource& source : kTimeSeriesSources) {
            if (!isDataFileOf(name, source.name))
                continue;
            auto stream = std::make_unique<Stream>(name, source.shape);
            stream->source = source.name;
            stream->size = size;
            stream->parser = source.parser();
            if (source.name == "perf_stat" && m_config.contains("metadata.json") && m_config.contains("pmu_config.json"))
                configure(*stream);

            m_current = stream.get();
            m_streams.push_back(std::move(stream));
            return true;
        }
        return false;
    }
    void data(std::string_view piece) override
    {
        Stream& stream = *m_current;
        if (stream.failure)
            return;
        try {
            stream.decoder.feed(piece, [&stream](const TimedText& record) { stream.add(record); });
        } catch (const FormatError& error) {
            stream.fail(error.what());
        }
    }
    void end() override
    {
        Stream& stream = *m_current;
        m_current = nullptr;
        if (stream.failure)
            return;
        try {
            stream.decoder.finish();
        } catch (const FormatError& error) {
            stream.fail(error.what());
        }
    }
    void kept(const std::string& name, const std::string& bytes) override
    {
        if (name == "metadata.json" || name == "pmu_config.json")
            m_config[name] = bytes;
    }

    // Replays a record archive already in memory through the same path.
    void replay(const AperfEntries& entries)
    {
        for (const auto& [name, bytes] : entries.files) {
            if (wantsStream(name, bytes.size())) {
                data(bytes);
                end();
            } else {
                kept(name, bytes);
            }
        }
    }

    // The series of the source `name` from the file APerf would read for it (findDataFile), or
    // none; a file that failed is reported skipped.
    struct Series {
        std::unique_ptr<SourceParser> parser;
        std::string firstText; // the first record's text
        std::int64_t firstNs = 0;
        std::int64_t lastNs = 0;
        bool any = false;
    };
    std::optional<Series> take(const AperfEntries& entries, std::string_view name, Report& report)
    {
        const std::optional<std::string> file = findDataFile(entries, name);
        if (!file)
            return std::nullopt;
        Stream* stream = nullptr;
        for (const auto& candidate : m_streams) {
            if (candidate->file == *file)
                stream = candidate.get();
        }
        if (!stream)
            return std::nullopt;
        if (name == "perf_stat" && !stream->failure && !stream->configured)
            configure(*stream);
        if (stream->configFailure) {
            report.skip("pmu_config.json", *stream->configFailure);
            return std::nullopt;
        }
        if (stream->failure) {
            report.skip(*file, *stream->failure);
            return std::nullopt;
        }
        Series series;
        series.parser = std::move(stream->parser);
        series.firstText = std::move(stream->firstText);
        series.firstNs = stream->firstNs;
        series.lastNs = stream->lastNs;
        series.any = stream->decoder.records() > 0;
        return series;
    }

private:
    struct Stream {
        Stream(const std::string& name, RecordShape shape) : file(name), decoder(name, shape) {}

        void add(const TimedText& record)
        {
            if (decoder.records() == 1) {
                // From the file's size and its first record: about how many records there are.
                firstNs = record.timeNs;
                firstText.assign(record.text);
                if (const std::size_t bytes = decoder.firstRecordBytes(); bytes > 0 && size > 0)
                    parser->expectRecords(std::size_t(size / bytes) + 1);
            }
            lastNs = record.timeNs;
            parser->add(record);
        }
        void fail(const std::string& why)
        {
            failure = why;
            parser.reset();
        }

        std::string file;
        std::string_view source;
        std::uint64_t size = 0;
        TimedTextDecoder decoder;
        std::unique_ptr<SourceParser> parser;
        std::optional<std::string> failure;
        bool configured = false;
        std::optional<std::string> configFailure; // pmu_config.json's formulas do not parse
        std::string firstText;
        std::int64_t firstNs = 0;
        std::int64_t lastNs = 0;
    };

    void configure(Stream& stream)
    {
        auto& pmu = static_cast<PerfStatParser&>(*stream.parser);
        const auto config = m_config.find("pmu_config.json");
        const auto metadata = m_config.find("metadata.json");
        stream.configured = true;
        try {
            pmu.setConfig(metadata != m_config.end() ? counterModeOf(metadata->second) : std::string(),
                          config != m_config.end() ? pmuFormulas(config->second) : std::map<std::string, std::string>());
        } catch (const FormatError& error) {
            stream.configFailure = error.what();
            stream.fail(error.what());
        }
    }

    std::vector<std::unique_ptr<Stream>> m_streams;
    Stream* m_current = nullptr;
    std::map<std::string, std::string> m_config; // metadata.json, pmu_config.json
};

} // namespace

bool isAperfFile(const std::string& path)
{
    const AperfKind kind = detectAperf(path);
    return kind == AperfKind::RecordArchive || kind == AperfKind::ReportTarball || kind == AperfKind::YamlEra;
}

namespace {

// The run of a record archive whose time series `sink` has read.
RunArchive importRecord(const AperfEntries& entries, TimeSeriesSink& sink, const std::string& source)
{
    Report report;
    RunArchive run;
    run.runName = entries.topDirectory;

    std::string counterMode;
    std::optional<MetaData> meta = metadataJson(entries, counterMode, report);
    if (!meta && entries.files.contains("meta_data.bin")) {
        try {
            meta = readMetaData(entries.files.at("meta_data.bin"), "meta_data.bin");
        } catch (const FormatError& error) {
            report.skip("meta_data.bin", error.what());
        }
    }

    std::vector<std::pair<std::string_view, TimeSeriesSink::Series>> sources;
    for (const TimeSeriesSource& source : kTimeSeriesSources) {
        if (auto series = sink.take(entries, source.name, report))
            sources.emplace_back(source.name, std::move(*series));
    }
    // The run starts at APerf's collection start when it says (1.2.3), else at the first sample
    // of any source (its meta time is before the ~13 s of preparing the collectors).
    std::int64_t zeroNs = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastNs = std::numeric_limits<std::int64_t>::min();
    std::string_view stat;
    std::string_view meminfo;
    for (const auto& [name, series] : sources) {
        if (!series.any)
            continue;
        zeroNs = std::min(zeroNs, series.firstNs);
        lastNs = std::max(lastNs, series.lastNs);
        if (name == "cpu_utilization")
            stat = series.firstText;
        if (name == "meminfo")
            meminfo = series.firstText;
    }
    if (meta && meta->collectionStartNs)
        zeroNs = *meta->collectionStartNs;
    if (zeroNs == std::numeric_limits<std::int64_t>::max())
        throw FormatError(source + " is an APerf run without any time series APerf records (cpu_utilization, meminfo, "
                                   "vmstat ...) that Runlens could read.");

    addHostFacts(entries, run, stat, meminfo, report);
    for (auto& [name, series] : sources) {
        ImportedGroup group = series.parser->take(zeroNs);
        if (name == "processes")
            scaleResidentMemory(group, run.manifest["host"]);
        addGroup(run, std::move(group));
    }
    addAperfStats(entries, run, zeroNs, report);
    addProfile(entries, run, report);

    const std::string version = meta ? meta->collectorVersion : std::string();
    const std::string tool = version.empty() ? std::string("APerf") : "APerf " + version;
    const std::string runName = meta && !meta->runName.empty() ? meta->runName : entries.topDirectory;
    run.manifest["run"] = {{"name", runName},
                           {"note", "Recorded by " + tool + (meta && !meta->commitSha.empty() ? " (" + meta->commitSha + ")" : "")
                                        + ", imported by Runlens from " + source + "."}};
    run.manifest["imported_from"] = tool;
    run.manifest["start"] = {{"unix_ns", zeroNs}, {"utc", utcText(zeroNs)}};
    if (meta && meta->interval > 0)
        run.manifest["interval_ns"] = std::int64_t(meta->interval) * 1'000'000'000;
    run.manifest["end"] = {{"elapsed_ns", lastNs - zeroNs}, {"reason", "imported"}};
    run.manifest["import"] = {{"tool", tool}, {"source", source}, {"skipped", std::move(report.skipped)},
                              {"notes", std::move(report.notes)}};
    return run;
}

} // namespace

RunArchive importAperfRecord(const AperfEntries& entries, const std::string& source)
{
    TimeSeriesSink sink;
    sink.replay(entries);
    return importRecord(entries, sink, source);
}

std::vector<RunArchive> importAperfRuns(const std::string& path)
{
    switch (detectAperf(path)) {
    case AperfKind::RecordArchive: {
        // Built in place: a braced list would copy the run, and a run of 192 CPUs is 150 MB.
        std::vector<RunArchive> runs;
        TimeSeriesSink sink;
        const AperfEntries entries = readAperfEntries(path, {}, &sink);
        runs.push_back(importRecord(entries, sink, path));
        return runs;
    }
    case AperfKind::ReportTarball: {
        // The runs runs.js lists, in its order, each from its record archive when the report
        // embeds it, else from the report's processed values; then any archive runs.js omits.
        const AperfReport report = readAperfReport(path);
        std::vector<std::string> names;
        if (const auto runs = report.scripts.find("runs"); runs != report.scripts.end())
            names = reportRunNames(runs->second);
        for (const auto& [name, bytes] : report.archives) {
            if (std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(name);
        }
        std::vector<RunArchive> runs;
        for (const std::string& name : names) {
            const auto archive = std::find_if(report.archives.begin(), report.archives.end(),
                                              [&name](const auto& embedded) { return embedded.first == name; });
            if (archive == report.archives.end()) {
                runs.push_back(importReportRun(report.scripts, name, path));
                continue;
            }
            const std::string source = path + " (" + name + ")";
            TimeSeriesSink sink;
            const AperfEntries entries = readAperfEntries(archive->second, source, {}, &sink);
            runs.push_back(importRecord(entries, sink, source));
        }
        if (runs.empty())
            throw FormatError(path + " is an APerf report that lists no run.");
        return runs;
    }
    case AperfKind::YamlEra:
        throw FormatError(path + " is an APerf run of the YAML era (APerf 0.1.6 or older), which Runlens does not read: "
                                 "record it again with a current APerf.");
    case AperfKind::NotAperf:
        break;
    }
    throw FormatError(path + " is not an APerf run archive or report.");
}

} // namespace aperf
