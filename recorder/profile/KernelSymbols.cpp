#include "KernelSymbols.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace runlens::profile {

namespace {

// Writes bytes to a new file at path and unlinks it; the open descriptor, or -1.
int unlinkedFileWith(const std::string& path, const std::string& bytes)
{
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    ::unlink(path.c_str());
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n <= 0) {
            ::close(fd);
            return -1;
        }
        written += std::size_t(n);
    }
    return fd;
}

} // namespace

KernelSymbols::~KernelSymbols()
{
    if (m_namesFd >= 0)
        ::close(m_namesFd);
}

void KernelSymbols::load(const std::string& kallsymsPath, const std::string& kptrRestrictPath, const std::string& namesFile)
{
    if (m_namesFd >= 0)
        ::close(m_namesFd);
    m_namesFd = -1;
    m_addresses.clear();
    m_nameEnds.clear();
    m_names.clear();
    m_moduleRuns.clear();
    m_modules = {"[kernel.kallsyms]"};
    m_why.clear();
    std::ifstream in(kallsymsPath);
    if (!in) {
        m_why = "cannot read " + kallsymsPath + ": " + std::strerror(errno);
        return;
    }
    // Read in kallsyms' order, then kept by address in arrays of the exact size (growing them as
    // lines come would leave up to half of each unused for the whole run).
    struct Symbol {
        std::uint64_t address;
        std::uint32_t nameOffset;
        std::uint16_t nameSize;
        std::uint16_t module;
    };
    std::vector<Symbol> symbols;
    std::string names;
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
        symbols.push_back({address, std::uint32_t(names.size()), std::uint16_t(rest.size()), moduleIndex});
        names.append(rest);
    }
    std::stable_sort(symbols.begin(), symbols.end(), [](const Symbol& a, const Symbol& b) { return a.address < b.address; });
    m_addresses.reserve(symbols.size());
    m_nameEnds.reserve(symbols.size());
    m_names.reserve(names.size());
    for (const Symbol& symbol : symbols) {
        if (m_moduleRuns.empty() || m_moduleRuns.back().module != symbol.module)
            m_moduleRuns.push_back({std::uint32_t(m_addresses.size()), symbol.module});
        m_addresses.push_back(symbol.address);
        m_names.append(names, symbol.nameOffset, symbol.nameSize);
        m_nameEnds.push_back(std::uint32_t(m_names.size()));
    }
    m_moduleRuns.shrink_to_fit();
    if (!namesFile.empty() && !m_names.empty()) {
        m_namesFd = unlinkedFileWith(namesFile, m_names);
        if (m_namesFd >= 0)
            std::string().swap(m_names);
    }
    if (m_addresses.empty()) {
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

bool KernelSymbols::find(std::uint64_t address, Match& match)
{
    const auto it = std::upper_bound(m_addresses.begin(), m_addresses.end(), address);
    if (it == m_addresses.begin())
        return false;
    const auto index = std::uint32_t(it - m_addresses.begin() - 1);
    const std::uint32_t begin = index == 0 ? 0 : m_nameEnds[index - 1];
    const std::uint32_t size = m_nameEnds[index] - begin;
    if (m_namesFd >= 0) {
        m_name.resize(size);
        if (::pread(m_namesFd, m_name.data(), size, off_t(begin)) != ssize_t(size))
            return false;
        match.symbol = m_name;
    } else {
        match.symbol = std::string_view(m_names.data() + begin, size);
    }
    const auto run = std::upper_bound(m_moduleRuns.begin(), m_moduleRuns.end(), index,
                                      [](std::uint32_t value, const ModuleRun& r) { return value < r.first; });
    match.module = m_modules[(run - 1)->module];
    return true;
}

} // namespace runlens::profile
