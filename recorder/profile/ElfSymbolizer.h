// Names the function at an offset of an ELF file (an executable or shared library a process
// mapped), with elfutils libdwfl: the file's .symtab, or the separate debug info found through
// its build id or debuglink (/usr/lib/debug), or its .dynsym and MiniDebugInfo as the last resort.
//
// Only the functions' addresses are kept in memory (16 bytes each); a name is read from its file's
// string table when a sample first lands in the function. The names of every function of every
// program the host runs took more of the recorder's 30 MB than anything but the stack table
// (4.3 MB on the bench host, bench_bighost), and a run names a few thousand of them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::profile {

class ElfSymbolizer
{
public:
    ElfSymbolizer();
    ~ElfSymbolizer();
    ElfSymbolizer(const ElfSymbolizer&) = delete;
    ElfSymbolizer& operator=(const ElfSymbolizer&) = delete;

    // An id for the file at path, opened once; -1 when it cannot be read as ELF (deleted,
    // replaced, not an ELF file). The reason is kept for the profile's info.
    int open(const std::string& path);

    // The function containing fileOffset of module (an offset in the file, as /proc/PID/maps and
    // PERF_RECORD_MMAP2 give them), demangled. Empty when no symbol covers it.
    std::string_view symbolize(int module, std::uint64_t fileOffset);

    std::size_t moduleCount() const { return m_modules.size(); }
    // Files whose symbols came from separate debug info (/usr/lib/debug/.build-id/..., debuglink).
    std::size_t modulesWithDebugInfo() const;
    // "path: why" for files that could not be opened, or changed after they were, at most a few.
    const std::vector<std::string>& failures() const { return m_failures; }

private:
    struct Module;
    struct NameFile;
    std::string_view readName(Module& module, std::uint32_t offset);
    void fail(const std::string& path, const std::string& why);

    std::vector<std::unique_ptr<Module>> m_modules;
    std::unordered_map<std::string, int> m_byPath;
    std::vector<std::string> m_failures;
    std::string m_demangled; // the last name returned
    std::string m_name;      // the last name read from a file
};

} // namespace runlens::profile
