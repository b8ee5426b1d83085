// A copy of a run archive whose series read and whose CPU stack samples do not: its profile is
// stored again in chunks (format 2.0) with the last chunk one byte short. What a transfer cut off
// inside the profile, or a disk error, leaves; the reader names that chunk.
#pragma once

#include "ArchiveReader.h"
#include "ArchiveWriter.h"
#include "ProfileEncoding.h"

#include <archive.h>
#include <archive_entry.h>

#include <memory>
#include <stdexcept>
#include <string>

// Writes `target` (ending in .tar.gz) from `source`, which must have a profile. Throws on failure.
inline void writeShortChunkCopy(const std::string& source, const std::string& target, const std::string& runName)
{
    namespace format = runlens::format;
    const format::RunArchive original = format::readRunArchive(source);
    if (!original.profile)
        throw std::runtime_error(source + " has no profile to damage");
    format::EncodedProfile encoded = format::encodeProfile(*original.profile);
    encoded.sampleChunks.back().bytes.pop_back();

    format::ArchiveWriter writer(target, runName);
    writer.open();
    // Every entry but the profile's, byte for byte, below the new run name.
    const std::unique_ptr<archive, decltype(&archive_read_free)> reader(archive_read_new(), archive_read_free);
    archive_read_support_filter_gzip(reader.get());
    archive_read_support_format_tar(reader.get());
    if (archive_read_open_filename(reader.get(), source.c_str(), 1 << 16) != ARCHIVE_OK)
        throw std::runtime_error("cannot open " + source);
    archive_entry* entry = nullptr;
    while (archive_read_next_header(reader.get(), &entry) == ARCHIVE_OK) {
        if (archive_entry_filetype(entry) != AE_IFREG)
            continue;
        const std::string path = archive_entry_pathname(entry);
        const std::string relative = path.substr(path.find('/') + 1);
        if (relative.starts_with(format::paths::kProfileDirectory))
            continue;
        std::string content(std::size_t(archive_entry_size(entry)), '\0');
        if (archive_read_data(reader.get(), content.data(), content.size()) != la_ssize_t(content.size()))
            throw std::runtime_error("cannot read " + path + " in " + source);
        writer.addFile(relative, content);
    }
    writer.addFile(format::paths::kProfileIndex, encoded.index);
    writer.addFile(format::paths::kProfileStacks, encoded.stacks);
    for (const format::SampleChunkEntry& chunk : encoded.sampleChunks)
        writer.addFile(chunk.path, chunk.bytes);
    writer.commit();
}
