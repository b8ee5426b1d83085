// The kernel's function symbols from /proc/kallsyms, for naming kernel frames.
//
// With kernel.kptr_restrict set (or without CAP_SYSLOG) the kernel prints every address as zero;
// the table is then unavailable and says why, so the archive can tell the user rather than show
// a flame graph of "[unknown]" kernel frames without explanation.
//
// The recorder keeps the names on disk (a file in the spool, unlinked at once) and reads one when a
// sample first lands in its function: a stock kernel's 3 MB of names would be a tenth of the
// recorder's 30 MB, and a run names a few hundred kernel functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::profile {

class KernelSymbols
{
public:
    KernelSymbols() = default;
    ~KernelSymbols();
    KernelSymbols(const KernelSymbols&) = delete;
    KernelSymbols& operator=(const KernelSymbols&) = delete;

    struct Match {
        std::string_view symbol;
        std::string_view module; // "[kernel.kallsyms]" or "[MODULE]"
    };

    // Reads kallsymsPath; kptrRestrictPath only feeds the explanation when addresses are hidden.
    // With namesFile, the names are written there and read back when asked for (the file is
    // unlinked at once: nothing is left behind, even by a killed recorder); they stay in memory
    // when it cannot be written (a full disk).
    void load(const std::string& kallsymsPath, const std::string& kptrRestrictPath, const std::string& namesFile = {});

    bool available() const { return !m_addresses.empty(); }
    bool namesOnDisk() const { return m_namesFd >= 0; }
    const std::string& whyUnavailable() const { return m_why; }
    std::size_t size() const { return m_addresses.size(); }

    // The function containing address; false when it lies before the first symbol or the table
    // is unavailable. match.symbol stays valid until the next call.
    bool find(std::uint64_t address, Match& match);

private:
    // A hundred thousand functions or more, kept for the whole run in 12 bytes each (and their
    // names, 3 MB on a stock kernel, in memory or on disk): by address, each name ending where
    // the next begins.
    struct ModuleRun {
        std::uint32_t first; // the first symbol of the run
        std::uint16_t module; // index into m_modules
    };
    std::vector<std::uint64_t> m_addresses; // sorted
    std::vector<std::uint32_t> m_nameEnds;  // symbol i's name is m_names[m_nameEnds[i - 1], m_nameEnds[i])
    std::string m_names;                    // every name, back to back (one allocation, not 200,000), or:
    int m_namesFd = -1;                     // the same bytes in an unlinked file
    std::string m_name;                     // the last name read from it
    std::vector<ModuleRun> m_moduleRuns;    // symbols in a row from one module, by first symbol
    std::vector<std::string> m_modules;
    std::string m_why;
};

} // namespace runlens::profile
