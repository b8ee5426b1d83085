#include "ArchiveReader.h"
#include "ArchiveEntryPath.h"

#include "ColumnBlock.h"
#include "FormatError.h"
#include "FormatVersion.h"
#include "ProfileEncoding.h"
#include "UntrustedJson.h"

#include <archive.h>
#include <archive_entry.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <set>
#include <sys/stat.h>

namespace runlens::format {

namespace {

struct ArchiveDeleter {
    void operator()(archive* a) const { archive_read_free(a); }
};

nlohmann::json parseJson(const std::string& name, const std::string& text)
{
    return parseUntrustedJson(text, name);
}

// `budget`: the bytes the run's decoded series may still take (see readEntries); this group's are
// taken from it.
SeriesTable readGroup(const std::string& indexPath, const nlohmann::json& index,
                      std::map<std::string, std::string>& files, std::uint64_t& budget)
{
    SeriesTable table;
    if (!index.is_object() || !index.contains("group") || !index["group"].is_string() || !index.contains("columns")
        || !index["columns"].is_array() || !index.contains("blocks") || !index["blocks"].is_array())
        throw FormatError(indexPath + " does not describe a metric group (group, columns, blocks)");
    table.group = index["group"].get<std::string>();
    if (index["columns"].size() > limits::kColumnsPerGroup)
        throw FormatError(indexPath + " lists " + std::to_string(index["columns"].size())
                          + " columns, more than the limit of " + std::to_string(limits::kColumnsPerGroup));
    for (const auto& column : index["columns"]) {
        if (!column.is_object() || !column.contains("metric") || !column["metric"].is_string())
            throw FormatError(indexPath + " lists a column without a metric id");
        if (column.contains("instance") && !column["instance"].is_string())
            throw FormatError(indexPath + " lists a column of " + column["metric"].get<std::string>()
                              + " whose instance is not text");
        table.keys.push_back({column["metric"].get<std::string>(), textField(column, "instance")});
    }
    table.columns.resize(table.keys.size());

    // The rows of all blocks, from their headers: the columns are reserved once, so that growing
    // them never holds a column twice (one column of many rows would otherwise peak at three times
    // its size), and the group takes in memory what its blocks took. Each block file is counted
    // once, whatever the index repeats.
    std::uint64_t rows = 0;
    std::set<std::string_view> counted;
    for (const auto& blockEntry : index["blocks"]) {
        if (!blockEntry.is_object() || !blockEntry.contains("file") || !blockEntry["file"].is_string())
            continue; // named below
        const auto it = files.find(std::string(paths::kSeriesDirectory) + blockEntry["file"].get<std::string>());
        if (it == files.end() || !counted.insert(it->first).second)
            continue;
        try {
            rows += readBlockShape(it->second, table.keys.size()).rows;
        } catch (const FormatError&) {
            // named when the block is decoded below
        }
    }
    // Columns missing from a block are padded with NaN, so the group takes rows x columns whatever
    // its blocks hold: 2^18 columns over one block of 2,000 rows would be 4 GB from 0.6 MB. Counted
    // with the timestamps and the times in seconds the app keeps beside them.
    const std::uint64_t bytes = rows * (std::uint64_t(table.keys.size()) + 2) * 8;
    if (bytes > budget)
        throw FormatError(indexPath + " describes " + std::to_string(rows) + " rows of " + std::to_string(table.keys.size())
                          + " columns (" + std::to_string(bytes >> 20) + " MiB in memory), more than the "
                          + std::to_string(budget >> 20) + " MiB the archive's size allows");
    budget -= bytes;
    table.timestampsNs.reserve(std::size_t(rows));
    for (std::vector<double>& column : table.columns)
        column.reserve(std::size_t(rows));

    for (const auto& blockEntry : index["blocks"]) {
        if (!blockEntry.is_object() || !blockEntry.contains("file") || !blockEntry["file"].is_string())
            throw FormatError(indexPath + " lists a block without a file name");
        const std::string file = std::string(paths::kSeriesDirectory) + blockEntry["file"].get<std::string>();
        const auto it = files.find(file);
        if (it == files.end())
            throw FormatError(indexPath + " refers to " + file + ", which is not in the archive");
        DecodedBlock block;
        try {
            block = decodeBlock(it->second, table.keys.size());
        } catch (const FormatError& error) {
            throw FormatError(file + ": " + error.what());
        }
        files.erase(it); // the bytes are decoded; free them now to keep the peak low
        if (blockEntry.contains("rows") && blockEntry["rows"] != block.timestampsNs.size())
            throw FormatError(file + " holds " + std::to_string(block.timestampsNs.size()) + " rows, but " + indexPath
                              + " says " + blockEntry["rows"].dump());
        // A block without rows adds nothing; skipping it keeps the work proportional to the bytes
        // (a million columns times 20,000 empty blocks would otherwise cost minutes).
        if (block.timestampsNs.empty())
            continue;
        const std::size_t rowsBefore = table.timestampsNs.size();
        for (std::size_t row = 0; row < block.timestampsNs.size(); ++row) {
            const std::int64_t t = block.timestampsNs[row];
            if (!table.timestampsNs.empty() && t < table.timestampsNs.back())
                throw FormatError(file + ": timestamps go backwards at row " + std::to_string(row));
            table.timestampsNs.push_back(t);
        }
        // Only the block's own columns: the work stays proportional to its bytes. Columns that
        // appeared after this block was written were not sampled yet; they are padded with NaN
        // when their first block comes, or at the end.
        for (std::size_t c = 0; c < block.columns.size(); ++c) {
            std::vector<double>& column = table.columns[c];
            column.resize(rowsBefore, std::nan(""));
            for (double value : block.columns[c]) {
                if (std::isinf(value))
                    throw FormatError(file + ": column " + table.keys[c].metric + " [" + table.keys[c].instance
                                      + "] holds an infinite value");
            }
            column.insert(column.end(), block.columns[c].begin(), block.columns[c].end());
        }
    }
    for (std::vector<double>& column : table.columns)
        column.resize(table.timestampsNs.size(), std::nan(""));
    return table;
}

bool startsWithGzipMagic(const std::string& path)
{
    std::FILE* file = std::fopen(path.c_str(), "rbe");
    if (!file)
        return false;
    unsigned char magic[2] = {0, 0};
    const bool ok = std::fread(magic, 1, 2, file) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    std::fclose(file);
    return ok;
}

} // namespace

namespace {

RunArchive readEntries(const std::string& path, const ReadLimits& limits, const ReadProgress& progress, ProfileDecoding decoding)
{
    const auto fail = [&path](const std::string& why) { return FormatError(path + " is not a usable run archive: " + why); };

    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (errno == ENOENT)
            throw FormatError("cannot open " + path + ": there is no such file (check its name and folder)");
        throw FormatError("cannot open " + path + ": " + std::strerror(errno));
    }
    if (!S_ISREG(info.st_mode))
        throw FormatError(path + " is not a file");
    if (std::uint64_t(info.st_size) > limits.maxArchiveBytes)
        throw fail("it is larger than " + std::to_string(limits.maxArchiveBytes >> 20) + " MiB");

    if (std::FILE* file = std::fopen(path.c_str(), "rbe"))
        std::fclose(file);
    else
        throw FormatError("cannot read " + path + ": " + std::strerror(errno));
    if (!startsWithGzipMagic(path))
        throw fail("it is not a gzip-compressed tar file");

    std::unique_ptr<archive, ArchiveDeleter> reader(archive_read_new());
    // Only what runlens-rec writes: every other format and filter is attack surface.
    archive_read_support_filter_gzip(reader.get());
    archive_read_support_format_tar(reader.get());
    // Opening already reads the first block, so a cut gzip stream fails here.
    if (archive_read_open_filename(reader.get(), path.c_str(), 256 * 1024) != ARCHIVE_OK)
        throw fail(std::string("it is damaged or truncated (")
                   + (archive_error_string(reader.get()) ? archive_error_string(reader.get()) : "no reason given") + ")");

    std::string topDirectory;
    std::map<std::string, std::string> files;
    std::set<std::string> seen;
    std::uint64_t entries = 0;
    std::uint64_t total = 0;
    std::vector<char> chunk(256 * 1024);

    for (;;) {
        archive_entry* entry = nullptr;
        const int status = archive_read_next_header(reader.get(), &entry);
        if (status == ARCHIVE_EOF)
            break;
        if (status < ARCHIVE_WARN) {
            const std::string why = archive_error_string(reader.get()) ? archive_error_string(reader.get()) : "";
            if (entries == 0)
                throw fail("it is not a gzip-compressed tar file (" + why + ")");
            throw fail("it is damaged or truncated (" + why + ")");
        }
        if (++entries > limits.maxEntries)
            throw fail("it has more than " + std::to_string(limits.maxEntries) + " entries");

        const char* rawName = archive_entry_pathname(entry);
        const std::string name = rawName ? rawName : "";
        std::string relative;
        std::string top;
        try {
            top = checkArchiveEntryPath(name, limits, relative, "run archives");
        } catch (const FormatError& error) {
            throw fail(error.what());
        }
        if (topDirectory.empty())
            topDirectory = top;
        else if (top != topDirectory)
            throw fail("its entries are not all inside one run directory (" + topDirectory + "/ and " + top + "/)");

        if (archive_entry_hardlink(entry))
            throw fail("it contains a hard link (" + name + "); run archives hold only regular files");
        const mode_t type = archive_entry_filetype(entry);
        if (type == AE_IFDIR)
            continue;
        if (type != AE_IFREG)
            throw fail("it contains " + std::string(archiveEntryKind(type)) + " (" + name + "); run archives hold only regular files");
        if (relative.empty())
            throw fail("it contains the file " + name + " outside the run directory");
        if (!seen.insert(relative).second)
            throw fail("it contains " + name + " twice");

        const bool isJson = relative.ends_with(".json");
        const bool isSeriesBlock = relative.starts_with(paths::kSeriesDirectory) && relative.ends_with(".bin");
        const std::uint64_t entryLimit = isJson ? limits.maxJsonBytes : isSeriesBlock ? limits.maxSeriesBlockBytes : limits.maxEntryBytes;
        const la_int64_t declared = archive_entry_size_is_set(entry) ? archive_entry_size(entry) : 0;
        if (declared < 0 || std::uint64_t(declared) > entryLimit)
            throw fail(name + " declares " + std::to_string(declared) + " bytes, more than the limit of "
                       + std::to_string(entryLimit));

        std::string content;
        content.reserve(std::size_t(declared));
        for (;;) {
            const la_ssize_t n = archive_read_data(reader.get(), chunk.data(), chunk.size());
            if (n == 0)
                break;
            if (n < 0)
                throw fail("it is damaged or truncated while reading " + name + " ("
                           + (archive_error_string(reader.get()) ? archive_error_string(reader.get()) : "") + ")");
            content.append(chunk.data(), std::size_t(n));
            total += std::uint64_t(n);
            // Counted on the bytes produced, not on what headers claim.
            if (content.size() > entryLimit)
                throw fail(name + " is larger than the limit of " + std::to_string(entryLimit) + " bytes");
            if (total > limits.maxTotalBytes)
                throw fail("it unpacks to more than " + std::to_string(limits.maxTotalBytes >> 20) + " MiB");
            const auto compressed = std::uint64_t(std::max<la_int64_t>(1, archive_filter_bytes(reader.get(), -1)));
            if (total > (64ull << 20) && total / compressed > limits.maxCompressionRatio)
                throw fail("it expands more than " + std::to_string(limits.maxCompressionRatio)
                           + " times (a decompression bomb?)");
            if (progress && !progress(std::uint64_t(archive_filter_bytes(reader.get(), -1)), std::uint64_t(info.st_size)))
                throw ReadCancelled();
        }
        files.emplace(relative, std::move(content));
    }

    RunArchive run;
    run.runName = topDirectory;
    const auto manifestFile = files.find(paths::kManifest);
    if (manifestFile == files.end())
        throw fail("it has no " + std::string(paths::kManifest));
    try {
        run.manifest = parseJson(paths::kManifest, manifestFile->second);
    } catch (const FormatError& error) {
        throw fail(error.what());
    }
    files.erase(manifestFile);
    if (!run.manifest.is_object() || !run.manifest.contains("format_version") || !run.manifest["format_version"].is_string())
        throw fail("its manifest.json has no format_version");
    const auto version = FormatVersion::parse(run.manifest["format_version"].get<std::string>());
    if (!version)
        throw fail("its format_version \"" + run.manifest["format_version"].get<std::string>() + "\" is not MAJOR.MINOR");
    if (const std::string why = whyUnreadable(*version); !why.empty())
        throw FormatError("cannot open " + path + ": " + why);

    if (const auto metricsFile = files.find(paths::kMetrics); metricsFile != files.end()) {
        try {
            const nlohmann::json metrics = parseJson(paths::kMetrics, metricsFile->second);
            if (!metrics.is_array())
                throw FormatError("it is not a list of metric descriptors");
            for (const auto& descriptor : metrics)
                run.metrics.push_back(descriptorFromJson(descriptor));
        } catch (const FormatError& error) {
            throw fail(std::string("metrics.json: ") + error.what());
        }
        files.erase(metricsFile);
    }

    std::vector<std::string> indexes;
    for (const auto& [name, content] : files) {
        if (name.starts_with(paths::kSeriesDirectory) && name.ends_with(".json")
            && name.find('/', std::string_view(paths::kSeriesDirectory).size()) == std::string::npos)
            indexes.push_back(name);
    }
    // What the decoded series may take: as much as the archive may unpack to (the ratio limit),
    // however sparse its groups are.
    std::uint64_t seriesBudget = (64ull << 20) + limits.maxCompressionRatio * std::uint64_t(std::max<off_t>(info.st_size, 1));
    for (const std::string& indexPath : indexes) {
        try {
            const nlohmann::json index = parseJson(indexPath, files[indexPath]);
            files.erase(indexPath);
            run.series.push_back(readGroup(indexPath, index, files, seriesBudget));
        } catch (const FormatError& error) {
            throw fail(error.what());
        }
    }
    // The profile's entries are moved out of `files` (no copy) and decoded together: format 1.x
    // has samples.bin (+ sample_columns.bin), format 2.0 chunks under profile/samples/.
    std::vector<std::string> chunkNames;
    for (const auto& [name, content] : files) {
        if (name.starts_with(paths::kProfileSampleChunks))
            chunkNames.push_back(name);
    }
    if (const auto index = files.find(paths::kProfileIndex); index != files.end()) {
        EncodedProfile encoded;
        const auto takeEntry = [&files](const char* name, std::string& into) {
            if (const auto it = files.find(name); it != files.end()) {
                into = std::move(it->second);
                files.erase(it);
                return true;
            }
            return false;
        };
        // A missing entry is named by the decoder, which knows which ones the encoding needs.
        takeEntry(paths::kProfileIndex, encoded.index);
        takeEntry(paths::kProfileStacks, encoded.stacks);
        takeEntry(paths::kProfileSamples, encoded.samples);
        takeEntry(paths::kProfileSampleColumns, encoded.sampleColumns);
        for (const std::string& name : chunkNames) {
            encoded.sampleChunks.push_back({name, std::move(files[name])});
            files.erase(name);
        }
        if (decoding == ProfileDecoding::Later) {
            run.encodedProfile = std::move(encoded);
        } else {
            try {
                run.profile = decodeProfile(encoded);
            } catch (const FormatError& error) {
                throw fail(error.what());
            }
        }
    } else if (!chunkNames.empty()) {
        throw fail(chunkNames.front() + " is there but " + paths::kProfileIndex + " is missing");
    }
    for (auto& [name, content] : files) {
        if (!name.starts_with(paths::kSeriesDirectory))
            run.attachments.emplace(name, std::move(content));
    }
    return run;
}

} // namespace

RunArchive readRunArchive(const std::string& path, const ReadLimits& limits, const ReadProgress& progress,
                          ProfileDecoding decoding)
{
    try {
        return readEntries(path, limits, progress, decoding);
    } catch (const nlohmann::json::exception& error) {
        // The last line of defence: every field read above is checked for its type first, so this
        // is a check missed, turned into the file's error rather than an abort.
        throw FormatError(path + " is not a usable run archive: a JSON entry holds a value of another type than expected ("
                          + error.what() + ")");
    }
}

} // namespace runlens::format
