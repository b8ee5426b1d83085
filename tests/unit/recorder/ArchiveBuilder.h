// Builds .tar.gz files entry by entry with libarchive, including the malformed and hostile ones a
// reader must refuse (links, devices, traversal, lying sizes).
#pragma once

#include <archive.h>
#include <archive_entry.h>

#include <QByteArray>
#include <QFile>
#include <QString>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

struct ArchiveEntrySpec {
    ArchiveEntrySpec(std::string p, QByteArray c = {}, unsigned t = AE_IFREG, std::string l = {}, bool h = false)
        : path(std::move(p)), content(std::move(c)), type(t), link(std::move(l)), hardlink(h)
    {
    }
    std::string path;
    QByteArray content;
    unsigned type = AE_IFREG;
    std::string link;        // symlink target, or hard link target when hardlink is true
    bool hardlink = false;
};

inline bool writeTarGz(const QString& file, const std::vector<ArchiveEntrySpec>& entries)
{
    archive* a = archive_write_new();
    archive_write_add_filter_gzip(a);
    archive_write_set_format_pax_restricted(a);
    if (archive_write_open_filename(a, file.toLocal8Bit().constData()) != ARCHIVE_OK)
        return false;
    for (const ArchiveEntrySpec& spec : entries) {
        archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, spec.path.c_str());
        archive_entry_set_filetype(entry, spec.type);
        archive_entry_set_perm(entry, 0644);
        if (spec.hardlink) {
            archive_entry_set_hardlink(entry, spec.link.c_str());
            archive_entry_set_size(entry, 0);
        } else if (spec.type == AE_IFLNK) {
            archive_entry_set_symlink(entry, spec.link.c_str());
        } else if (spec.type == AE_IFREG) {
            archive_entry_set_size(entry, spec.content.size());
        }
        archive_write_header(a, entry);
        if (spec.type == AE_IFREG && !spec.hardlink)
            archive_write_data(a, spec.content.constData(), size_t(spec.content.size()));
        archive_entry_free(entry);
    }
    const bool ok = archive_write_close(a) == ARCHIVE_OK;
    archive_write_free(a);
    return ok;
}

// gzip-compresses raw bytes (a hand-made tar stream) into file.
inline bool writeGzipOf(const QString& file, const QByteArray& raw)
{
    archive* a = archive_write_new();
    archive_write_add_filter_gzip(a);
    archive_write_set_format_raw(a);
    if (archive_write_open_filename(a, file.toLocal8Bit().constData()) != ARCHIVE_OK)
        return false;
    archive_entry* entry = archive_entry_new();
    archive_entry_set_filetype(entry, AE_IFREG);
    archive_write_header(a, entry);
    archive_write_data(a, raw.constData(), size_t(raw.size()));
    archive_entry_free(entry);
    const bool ok = archive_write_close(a) == ARCHIVE_OK;
    archive_write_free(a);
    return ok;
}

// A ustar header for a regular file whose size field says `size` (in octal), checksum filled in.
inline QByteArray ustarHeader(const std::string& path, unsigned long long size)
{
    QByteArray header(512, '\0');
    std::memcpy(header.data(), path.data(), std::min<size_t>(path.size(), 100));
    std::memcpy(header.data() + 100, "0000644", 7);
    std::memcpy(header.data() + 108, "0000000", 7);
    std::memcpy(header.data() + 116, "0000000", 7);
    const QByteArray sizeField = QByteArray::number(size, 8).rightJustified(11, '0');
    std::memcpy(header.data() + 124, sizeField.constData(), 11);
    std::memcpy(header.data() + 136, "00000000000", 11);
    header[156] = '0';
    std::memcpy(header.data() + 257, "ustar", 5);
    std::memcpy(header.data() + 263, "00", 2);
    std::memset(header.data() + 148, ' ', 8);
    unsigned sum = 0;
    for (char c : header)
        sum += static_cast<unsigned char>(c);
    const QByteArray checksum = QByteArray::number(sum, 8).rightJustified(6, '0');
    std::memcpy(header.data() + 148, checksum.constData(), 6);
    header[154] = '\0';
    header[155] = ' ';
    return header;
}
