// Opens profiles made by other tools as runs: folded stacks and `perf script` output, plain or
// gzip-compressed, told apart by their content (not their name). A run archive is a gzip-compressed
// tar and is left to the archive reader.
#pragma once

#include "RunArchive.h"

#include <string>
#include <string_view>

enum class ProfileFileKind { RunArchive, PerfScript, Folded, Unrecognized };

// Looks at the start of the file (decompressed when it is gzip). Throws FormatError when it
// cannot be read.
ProfileFileKind detectProfileFileKind(const std::string& path);

// The whole text of a profile file: a plain file mapped into memory (no copy: `perf script` files
// run to gigabytes), a gzip one decompressed. Move-only.
class ProfileText
{
public:
    ProfileText() = default;
    explicit ProfileText(std::string decompressed);
    ProfileText(const void* mapping, std::size_t size);
    ~ProfileText();
    ProfileText(ProfileText&& other) noexcept;
    ProfileText& operator=(ProfileText&& other) noexcept;
    ProfileText(const ProfileText&) = delete;
    ProfileText& operator=(const ProfileText&) = delete;

    std::string_view text() const;

private:
    std::string m_decompressed;
    const void* m_mapping = nullptr;
    std::size_t m_mappingSize = 0;
};

// The whole file as text, decompressed when it is gzip. Throws FormatError naming the file.
ProfileText readProfileText(const std::string& path);

// A run named after the file, with no series and the file's samples as its profile. Throws
// FormatError with a sentence naming the file when it is neither folded stacks nor perf script.
runlens::format::RunArchive importProfileRun(const std::string& path);

// The profile of any file runlens opens: a run archive's recorded profile, or an imported one.
// Throws FormatError naming the file (also when a run archive has no profile).
runlens::format::ProfileTables loadProfile(const std::string& path);
