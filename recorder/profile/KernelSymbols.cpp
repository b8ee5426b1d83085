#include "KernelSymbols.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>

namespace runlens::profile {

void KernelSymbols::load(const std::string& kallsymsPath, const std::string& kptrRestrictPath)
{
    m_symbols.clear();
    m_names.clear();
    m_modules = {"[kernel.kallsyms]"};
    m_why.clear();
    std::ifstream in(kallsymsPath);
    if (!in) {
        m_why = "cannot read " + kallsymsPath + ": " + std::strerror(errno);
        return;
    }
    std::string line;
    bool sawZeroAddresses = false;
    while (std::getline(in, line)) {
        // "ffffffff81000000 T _stext" or "ffffffffc0a01000 t helper\t[module]"
        const auto firstSpace = line.find(' ');
        if (firstSpace == std::string::npos || firstSpace + 3 > line.size())
            continue;
        const char type = line[firstSpace + 1];
        // Text symbols only: data symbols would claim the addresses after the last function.
        if (type != 't' && type != 'T' && type != 'w' && type != 'W')
            continue;
        const std::uint64_t address = std::strtoull(line.c_str(), nullptr, 16);
        if (address == 0) {
            sawZeroAddresses = true;
            continue;
        }
        std::string_view rest(line.c_str() + firstSpace + 3, line.size() - firstSpace - 3);
        std::string_view module;
        if (const auto tab = rest.find('\t'); tab != std::string_view::npos) {
            module = rest.substr(tab + 1);
            rest = rest.substr(0, tab);
        }
        rest = rest.substr(0, std::min<std::size_t>(rest.size(), 0xffff));
        std::uint16_t moduleIndex = 0;
        if (!module.empty()) {
            const auto it = std::find(m_modules.begin() + 1, m_modules.end(), module);
            moduleIndex = std::uint16_t(it - m_modules.begin());
            if (it == m_modules.end() && m_modules.size() < 0xffff)
                m_modules.emplace_back(module);
            else if (it == m_modules.end())
                moduleIndex = 0;
        }
        m_symbols.push_back({address, std::uint32_t(m_names.size()), std::uint16_t(rest.size()), moduleIndex});
        m_names.append(rest);
    }
    std::stable_sort(m_symbols.begin(), m_symbols.end(), [](const Symbol& a, const Symbol& b) { return a.address < b.address; });
    if (m_symbols.empty()) {
        std::string restrict = "unknown";
        std::ifstream restrictFile(kptrRestrictPath);
        if (restrictFile)
            std::getline(restrictFile, restrict);
        if (sawZeroAddresses)
            m_why = kallsymsPath + " shows every kernel address as 0 (kernel.kptr_restrict is " + restrict
                  + "); kernel frames stay unnamed. Record as root with kernel.kptr_restrict=0 or 1 to name them";
        else
            m_why = kallsymsPath + " lists no kernel functions";
    }
}

bool KernelSymbols::find(std::uint64_t address, Match& match) const
{
    auto it = std::upper_bound(m_symbols.begin(), m_symbols.end(), address,
                               [](std::uint64_t value, const Symbol& symbol) { return value < symbol.address; });
    if (it == m_symbols.begin())
        return false;
    --it;
    match.symbol = std::string_view(m_names.data() + it->nameOffset, it->nameSize);
    match.module = m_modules[it->module];
    return true;
}

} // namespace runlens::profile
