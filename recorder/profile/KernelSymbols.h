// The kernel's function symbols from /proc/kallsyms, for naming kernel frames.
//
// With kernel.kptr_restrict set (or without CAP_SYSLOG) the kernel prints every address as zero;
// the table is then unavailable and says why, so the archive can tell the user rather than show
// a flame graph of "[unknown]" kernel frames without explanation.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::profile {

class KernelSymbols
{
public:
    struct Match {
        std::string_view symbol;
        std::string_view module; // "[kernel.kallsyms]" or "[MODULE]"
    };

    // Reads kallsymsPath; kptrRestrictPath only feeds the explanation when addresses are hidden.
    void load(const std::string& kallsymsPath, const std::string& kptrRestrictPath);

    bool available() const { return !m_symbols.empty(); }
    const std::string& whyUnavailable() const { return m_why; }
    std::size_t size() const { return m_symbols.size(); }

    // The function containing address; false when it lies before the first symbol or the table
    // is unavailable.
    bool find(std::uint64_t address, Match& match) const;

private:
    struct Symbol {
        std::uint64_t address;
        std::uint32_t nameOffset;
        std::uint16_t nameSize;
        std::uint16_t module; // index into m_modules
    };
    std::vector<Symbol> m_symbols;  // sorted by address
    std::string m_names;            // every name, back to back (one allocation, not 200 000)
    std::vector<std::string> m_modules;
    std::string m_why;
};

} // namespace runlens::profile
