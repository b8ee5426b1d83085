#include "SpoolPacker.h"
#include "UntrustedJson.h"

#include "ArchiveWriter.h"
#include "ColumnBlock.h"
#include "FormatError.h"
#include "FormatVersion.h"
#include "ProfileEncoding.h"
#include "ProfileJournal.h"
#include "ProfileStreamWriter.h"
#include "RunArchive.h"
#include "Spool.h"
#include "SpoolDirectory.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace fs = std::filesystem;

namespace runlens::format {

namespace {

// A block holds at most this many value bytes, which bounds the packer's memory.
constexpr std::size_t kBlockBudgetBytes = 4u << 20;

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FormatError("cannot read " + path.string());
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

std::string blockName(const std::string& group, std::size_t index)
{
    char number[16];
    std::snprintf(number, sizeof number, "%06zu", index);
    return group + "." + number + ".bin";
}

// Streams one group's journal into blocks of the archive and returns the group's index entry.
nlohmann::json packGroup(const std::string& group, const fs::path& journal, ArchiveWriter& writer, PackResult& result)
{
    SpoolReader reader(journal.string());
    nlohmann::json blocks = nlohmann::json::array();
    std::vector<std::int64_t> timestamps;
    std::vector<std::vector<double>> columns;
    std::size_t blockColumns = 0;
    std::size_t rowsPerBlock = 1;
    std::string encoded;

    const auto flush = [&] {
        if (timestamps.empty())
            return;
        encoded.clear();
        encodeBlock(timestamps, std::span<const std::vector<double>>(columns.data(), blockColumns), encoded);
        const std::string name = blockName(group, blocks.size());
        writer.addFile(std::string(paths::kSeriesDirectory) + name, encoded);
        blocks.push_back({{"file", name}, {"rows", timestamps.size()}, {"columns", blockColumns}});
        timestamps.clear();
        for (auto& column : columns)
            column.clear();
    };

    std::int64_t timestamp = 0;
    std::vector<double> row;
    while (reader.next(timestamp, row)) {
        if (row.size() != blockColumns || timestamps.size() >= rowsPerBlock) {
            flush();
            if (row.size() != blockColumns) {
                blockColumns = row.size();
                columns.resize(std::max(columns.size(), blockColumns));
                rowsPerBlock = std::clamp<std::size_t>(kBlockBudgetBytes / ((blockColumns + 1) * 8), 16, 100000);
            }
        }
        timestamps.push_back(timestamp);
        for (std::size_t c = 0; c < blockColumns; ++c)
            columns[c].push_back(row[c]);
        ++result.rows;
    }
    flush();
    result.ignoredTailBytes += reader.ignoredTailBytes();

    nlohmann::json keys = nlohmann::json::array();
    for (const ColumnKey& key : reader.keys())
        keys.push_back({{"metric", key.metric}, {"instance", key.instance}});
    return {{"group", group}, {"encoding", "f64-byte-planes"}, {"columns", std::move(keys)}, {"blocks", std::move(blocks)}};
}

} // namespace

std::string defaultArchivePath(const std::string& spoolDirectory)
{
    fs::path directory(spoolDirectory);
    if (directory.filename().empty())
        directory = directory.parent_path();
    std::string name = directory.filename().string();
    if (name.ends_with(spool::kSuffix))
        name.resize(name.size() - std::string_view(spool::kSuffix).size());
    return (directory.parent_path() / (name + ".tar.gz")).string();
}

PackResult packSpool(const std::string& spoolDirectory, const std::string& archivePath)
{
    const fs::path directory(spoolDirectory);
    const fs::path manifestPath = directory / spool::kManifest;
    std::error_code error;
    if (!fs::is_regular_file(manifestPath, error))
        throw FormatError(spoolDirectory + " is not a Runlens recording (it has no " + spool::kManifest + ")");

    std::optional<nlohmann::json> parsed = tryParseUntrustedJson(readFile(manifestPath));
    if (!parsed)
        throw FormatError(manifestPath.string() + " is damaged (not valid JSON)");
    nlohmann::json manifest = std::move(*parsed);
    const std::string runName = textField(manifest.is_object() ? manifest.value("run", nlohmann::json()) : nlohmann::json(), "name");
    if (runName.empty())
        throw FormatError(manifestPath.string() + " has no run name");

    PackResult result;
    result.archivePath = archivePath;
    ArchiveWriter writer(archivePath, runName);
    writer.open();

    nlohmann::json groups = nlohmann::json::object();
    const fs::path series = directory / spool::kSeries;
    std::vector<fs::path> journals;
    if (fs::is_directory(series, error)) {
        for (const auto& entry : fs::directory_iterator(series)) {
            if (entry.is_regular_file() && entry.path().extension() == spool::kJournalSuffix)
                journals.push_back(entry.path());
        }
    }
    std::sort(journals.begin(), journals.end());
    for (const fs::path& journal : journals) {
        const std::string group = journal.stem().string();
        const std::uint64_t rowsBefore = result.rows;
        const nlohmann::json index = packGroup(group, journal, writer, result);
        writer.addFile(std::string(paths::kSeriesDirectory) + group + ".json", index.dump(1));
        groups[group] = {{"rows", result.rows - rowsBefore}, {"columns", index["columns"].size()}};
    }

    if (const fs::path metrics = directory / spool::kMetrics; fs::is_regular_file(metrics, error))
        writer.addFile(paths::kMetrics, readFile(metrics));
    else
        writer.addFile(paths::kMetrics, "[]");

    // Once-per-run attachments (host facts, the workload's output) are copied as they are.
    for (const auto& [spoolName, archiveDirectory] : {std::pair{spool::kHost, paths::kHostDirectory},
                                                      std::pair{spool::kWorkload, paths::kWorkloadDirectory}}) {
        const fs::path attachments = directory / spoolName;
        if (!fs::is_directory(attachments, error))
            continue;
        std::vector<fs::path> files;
        for (const auto& entry : fs::recursive_directory_iterator(attachments)) {
            if (entry.is_regular_file())
                files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
        for (const fs::path& file : files)
            writer.addFile(std::string(archiveDirectory) + fs::relative(file, attachments).string(), readFile(file));
    }

    // The profile journal becomes the profile entries, streamed: the scan reads and checks the
    // whole journal first, so that a damaged one costs the profile (the manifest says why it is
    // missing), not the metrics, and nothing of it reaches the archive; then the samples go
    // through the writer a block at a time. A torn last batch (a crash) is dropped.
    std::string profileError;
    if (const fs::path journal = directory / spool::kProfileJournal; fs::is_regular_file(journal, error)) {
        std::optional<ProfileJournalScan> scan;
        try {
            scan = scanProfileJournal(journal.string());
        } catch (const FormatError& failure) {
            profileError = failure.what();
        }
        if (scan) {
            result.ignoredTailBytes += scan->ignoredTailBytes;
            ProfileStreamWriter::Options options;
            options.periods = scan->hasPeriods && !flagField(scan->tables.info, kConstantPeriodsKey, false);
            options.periodBits = kRecordedPeriodBits;
            ArchiveEntrySink sink(writer);
            ProfileStreamWriter profile(sink, options);
            readJournalSamples(journal.string(), *scan, [&profile](std::span<const JournalSample> samples, bool endOfRecord) {
                for (const JournalSample& sample : samples)
                    profile.addSample(sample.timeNs, sample.cpu, sample.pid, sample.tid, sample.stack, 0, 1, sample.period);
                if (endOfRecord)
                    profile.endBatch();
            });
            // The sample positions are no longer needed; the tables go into the last entries.
            std::vector<ProfileJournalScan::SampleRecord>().swap(scan->sampleRecords);
            profile.finish(scan->tables);
            result.profileSamples = profile.samples();
            result.profileLateSamples = profile.lateSamples();
        }
    }

    // A manifest without an end was written by a recorder that never finished: say so, and take
    // the end from the last sample that reached the disk.
    if (!manifest.contains("end")) {
        result.recovered = true;
        manifest["end"] = {{"reason", "recovered"},
                           {"message", "the recorder stopped unexpectedly; `runlens-rec pack` recovered the samples "
                                       "written until then"}};
    }
    // The archive is in this packer's format whatever recorder wrote the spool (a 1.x spool's
    // profile becomes format 2.0 chunks).
    manifest["format_version"] = FormatVersion{kFormatMajor, kFormatMinor}.toString();
    manifest["pack"] = {{"groups", groups}, {"ignored_tail_bytes", result.ignoredTailBytes}};
    if (!profileError.empty())
        manifest["pack"]["profile_error"] = profileError;
    writer.addFile(paths::kManifest, manifest.dump(2));
    writer.commit();
    return result;
}

} // namespace runlens::format
