#include "ElfSymbolizer.h"

#include <cxxabi.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace runlens::profile {

namespace {

char* g_debuginfoPath = nullptr; // libdwfl's default: /usr/lib/debug and the file's directory

const Dwfl_Callbacks kOfflineCallbacks = {
    dwfl_build_id_find_elf,
    dwfl_standard_find_debuginfo,
    dwfl_offline_section_address,
    &g_debuginfoPath,
};

struct FreeDeleter {
    void operator()(char* text) const { std::free(text); }
};

} // namespace

// Debug files come from the host under test only (/usr/lib/debug, the file's own directory), never
// from a debuginfod server: a recorder must not make network requests of its own while the workload
// runs, and libdw's debuginfod client dlopens libdebuginfod.so, which a fully static binary cannot
// do safely. libdw.a reaches that client through these three internal functions; the link replaces
// them (ld --wrap, see profile/CMakeLists.txt) with these, which find nothing and hold nothing.
extern "C" {
int __wrap___libdwfl_debuginfod_find_debuginfo(Dwfl*, const unsigned char*, std::size_t)
{
    return -1;
}
int __wrap___libdwfl_debuginfod_find_executable(Dwfl*, const unsigned char*, std::size_t)
{
    return -1;
}
void __wrap___libdwfl_debuginfod_end(void*) {}
}

struct ElfSymbolizer::Module {
    struct Segment {
        std::uint64_t offset;
        std::uint64_t size;
        std::uint64_t vaddr;
    };
    struct Function {
        std::uint64_t address; // as libdwfl places the module (file address + bias)
        std::uint64_t size;
        std::uint32_t nameOffset;
        std::uint32_t nameSize;
    };
    Dwfl* dwfl = nullptr;           // only while open() reads the file
    Dwfl_Module* module = nullptr;
    std::uint64_t bias = 0;
    std::vector<Segment> loads; // PT_LOAD: file offset -> address in the ELF file
    // The module's functions sorted by address. dwfl_module_addrinfo scans the whole symbol table
    // on every call (milliseconds for a large program); one sorted copy makes a lookup a binary search.
    std::vector<Function> functions;
    std::string names;
    bool debugInfo = false;

    ~Module()
    {
        if (dwfl)
            dwfl_end(dwfl);
    }
};

ElfSymbolizer::ElfSymbolizer() = default;
ElfSymbolizer::~ElfSymbolizer() = default;

int ElfSymbolizer::open(const std::string& path)
{
    if (const auto it = m_byPath.find(path); it != m_byPath.end())
        return it->second;
    // One Dwfl per file: each is looked up on its own, so offline address ranges never collide.
    auto module = std::make_unique<Module>();
    module->dwfl = dwfl_begin(&kOfflineCallbacks);
    if (module->dwfl)
        module->module = dwfl_report_offline(module->dwfl, path.c_str(), path.c_str(), -1);
    Elf* elf = nullptr;
    GElf_Addr bias = 0;
    if (module->module) {
        dwfl_report_end(module->dwfl, nullptr, nullptr);
        elf = dwfl_module_getelf(module->module, &bias);
    }
    if (!elf) {
        if (m_failures.size() < 20)
            m_failures.push_back(path + ": " + dwfl_errmsg(-1));
        m_byPath.emplace(path, -1);
        return -1;
    }
    module->bias = bias;
    std::size_t headers = 0;
    if (elf_getphdrnum(elf, &headers) == 0) {
        for (std::size_t i = 0; i < headers; ++i) {
            GElf_Phdr header {};
            if (gelf_getphdr(elf, int(i), &header) && header.p_type == PT_LOAD)
                module->loads.push_back({header.p_offset, header.p_filesz, header.p_vaddr});
        }
    }
    // Loads the symbol table now (from the separate debug info when the file is stripped) and
    // keeps a sorted copy of its functions. DWARF itself is not loaded: names come from symbol
    // tables, and parsing the DWARF of a large library would cost more than an hour of sampling.
    const int symbols = dwfl_module_getsymtab(module->module);
    const char* debugFile = nullptr;
    dwfl_module_info(module->module, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &debugFile);
    module->debugInfo = debugFile != nullptr;
    for (int i = 1; i < symbols; ++i) {
        GElf_Sym symbol {};
        GElf_Addr address = 0;
        const char* name = dwfl_module_getsym_info(module->module, i, &symbol, &address, nullptr, nullptr, nullptr);
        const int type = GELF_ST_TYPE(symbol.st_info);
        if (!name || !*name || address == 0 || symbol.st_shndx == SHN_UNDEF || (type != STT_FUNC && type != STT_GNU_IFUNC))
            continue;
        const std::size_t size = std::min<std::size_t>(std::strlen(name), 0xffff);
        module->functions.push_back({address, symbol.st_size, std::uint32_t(module->names.size()), std::uint32_t(size)});
        module->names.append(name, size);
    }
    // By address; at one address the sized symbol first (a function rather than its alias label).
    std::sort(module->functions.begin(), module->functions.end(), [](const Module::Function& a, const Module::Function& b) {
        return a.address != b.address ? a.address < b.address : a.size > b.size;
    });
    module->functions.shrink_to_fit(); // kept for the whole run: no room to grow
    module->names.shrink_to_fit();
    // Everything a lookup needs is copied: close the file. libelf maps it, and the pages of its
    // symbol tables would otherwise stay in the recorder's resident memory for the whole run (a
    // megabyte or more for each large program the host runs).
    dwfl_end(module->dwfl);
    module->dwfl = nullptr;
    module->module = nullptr;
    const int id = int(m_modules.size());
    m_modules.push_back(std::move(module));
    m_byPath.emplace(path, id);
    return id;
}

std::string_view ElfSymbolizer::symbolize(int id, std::uint64_t fileOffset)
{
    if (id < 0 || std::size_t(id) >= m_modules.size())
        return {};
    const Module& module = *m_modules[std::size_t(id)];
    std::uint64_t address = 0;
    bool found = false;
    for (const auto& load : module.loads) {
        if (fileOffset >= load.offset && fileOffset < load.offset + std::max<std::uint64_t>(load.size, 1)) {
            address = fileOffset - load.offset + load.vaddr;
            found = true;
            break;
        }
    }
    if (!found)
        return {};
    address += module.bias;
    auto it = std::upper_bound(module.functions.begin(), module.functions.end(), address,
                               [](std::uint64_t value, const Module::Function& function) { return value < function.address; });
    if (it == module.functions.begin())
        return {};
    --it;
    // Step back over zero-sized aliases at the same address to the sized function, if any.
    while (it != module.functions.begin() && it->size == 0 && (it - 1)->address == it->address)
        --it;
    if (it->size != 0 && address >= it->address + it->size)
        return {};
    m_demangled.assign(module.names, it->nameOffset, it->nameSize);
    if (m_demangled.starts_with("_Z")) {
        int status = 0;
        const std::unique_ptr<char, FreeDeleter> demangled(abi::__cxa_demangle(m_demangled.c_str(), nullptr, nullptr, &status));
        if (status == 0 && demangled)
            m_demangled = demangled.get();
    }
    return m_demangled;
}

std::size_t ElfSymbolizer::modulesWithDebugInfo() const
{
    std::size_t count = 0;
    for (const auto& module : m_modules)
        count += module->debugInfo ? 1 : 0;
    return count;
}

} // namespace runlens::profile
