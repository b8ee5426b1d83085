#include "ElfSymbolizer.h"

#include <cxxabi.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <utility>

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

// The file a module's names are read from when a sample first lands in one of its functions: the
// program itself or its separate debug file, where the string table of the symbols lies, and the
// file's identity when it was opened, so that a file replaced during the run (a package upgrade, a
// rebuild) is not read for names it no longer holds.
struct ElfSymbolizer::NameFile {
    std::string path;
    std::uint64_t stringTable = 0; // the string table's offset in the file
    std::uint64_t stringTableSize = 0;
    dev_t device = 0;
    ino_t inode = 0;
    off_t size = 0;
    timespec modified {};
    bool changed = false; // found replaced or gone: no name is read from it again
};

struct ElfSymbolizer::Module {
    struct Segment {
        std::uint64_t offset;
        std::uint64_t size;
        std::uint64_t vaddr;
    };
    static constexpr std::uint32_t kCopiedName = 0x80000000u;
    // 16 bytes: a large program has a hundred thousand functions.
    struct Function {
        std::uint64_t address;     // as libdwfl places the module (file address + bias)
        std::uint32_t sizeAndFlag; // the size, and kCopiedName when the name is in `names`
        std::uint32_t name;        // offset in the name file's string table, or in `names`
        std::uint32_t size() const { return sizeAndFlag & ~kCopiedName; }
        bool copiedName() const { return (sizeAndFlag & kCopiedName) != 0; }
    };
    std::uint64_t bias = 0;
    std::vector<Segment> loads; // PT_LOAD: file offset -> address in the ELF file
    // The module's functions sorted by address. dwfl_module_addrinfo scans the whole symbol table
    // on every call (milliseconds for a large program); one sorted copy makes a lookup a binary search.
    std::vector<Function> functions;
    std::optional<NameFile> nameFile;
    // Names no file holds as they are, NUL-terminated: MiniDebugInfo's (.gnu_debugdata, which
    // Fedora, RHEL and Amazon Linux ship compressed inside the program) and any the ELF reader
    // did not map from its file.
    std::string names;
    bool debugInfo = false;
};

namespace {

// Whether `elf` (as libdwfl read it) is the file at `path`: the same size and the same ELF header.
// Tells a separate debug file from the MiniDebugInfo image, which libdwfl decompresses in memory.
bool isFileOnDisk(Elf* elf, const std::string& path)
{
    std::size_t rawSize = 0;
    const char* raw = elf_rawfile(elf, &rawSize);
    struct stat status {};
    if (!raw || path.empty() || ::stat(path.c_str(), &status) != 0 || std::uint64_t(status.st_size) != rawSize)
        return false;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    char header[64];
    const std::size_t wanted = std::min(sizeof header, rawSize);
    const bool same = ::pread(fd, header, wanted, 0) == ssize_t(wanted) && std::memcmp(header, raw, wanted) == 0;
    ::close(fd);
    return same;
}

// The string table of `elf` that `name` (the string for st_name `nameOffset`) lies in, as an offset
// in the file libelf mapped; nullopt when the table is not a mapped section of the file.
std::optional<std::pair<std::uint64_t, std::uint64_t>> stringTableOf(Elf* elf, const char* name, std::uint32_t nameOffset)
{
    std::size_t rawSize = 0;
    const char* raw = elf_rawfile(elf, &rawSize);
    const auto at = reinterpret_cast<std::uintptr_t>(name);
    const auto base = reinterpret_cast<std::uintptr_t>(raw);
    if (!raw || at < base + nameOffset || at >= base + rawSize)
        return std::nullopt;
    const std::uint64_t offset = at - nameOffset - base;
    for (Elf_Scn* section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        GElf_Shdr header {};
        if (gelf_getshdr(section, &header) && header.sh_type == SHT_STRTAB && header.sh_offset == offset
            && !(header.sh_flags & SHF_COMPRESSED) && header.sh_size > nameOffset)
            return std::pair {offset, std::uint64_t(header.sh_size)};
    }
    return std::nullopt;
}

} // namespace

ElfSymbolizer::ElfSymbolizer() = default;
ElfSymbolizer::~ElfSymbolizer() = default;

int ElfSymbolizer::open(const std::string& path)
{
    if (const auto it = m_byPath.find(path); it != m_byPath.end())
        return it->second;
    // One Dwfl per file: each is looked up on its own, so offline address ranges never collide.
    // It lives while the file is read here: everything a lookup needs is copied, and libelf's
    // mapping of the file would keep the pages of its symbol tables resident for the whole run.
    const std::unique_ptr<Dwfl, void (*)(Dwfl*)> dwfl(dwfl_begin(&kOfflineCallbacks), dwfl_end);
    Dwfl_Module* dwflModule = dwfl ? dwfl_report_offline(dwfl.get(), path.c_str(), path.c_str(), -1) : nullptr;
    Elf* elf = nullptr;
    GElf_Addr bias = 0;
    if (dwflModule) {
        dwfl_report_end(dwfl.get(), nullptr, nullptr);
        elf = dwfl_module_getelf(dwflModule, &bias);
    }
    if (!elf) {
        fail(path, dwfl_errmsg(-1));
        m_byPath.emplace(path, -1);
        return -1;
    }
    auto module = std::make_unique<Module>();
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
    const int symbols = dwfl_module_getsymtab(dwflModule);
    const char* debugFile = nullptr;
    dwfl_module_info(dwflModule, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &debugFile);
    module->debugInfo = debugFile != nullptr;
    // The ELF files the symbols came from (the program, its debug file, its MiniDebugInfo), each
    // with the file and string table its names can be read from later, if any.
    struct Source {
        Elf* elf;
        const char* strings = nullptr; // the mapped string table, when its names are read later
        std::uint64_t stringsSize = 0;
    };
    std::vector<Source> sources;
    for (int i = 1; i < symbols; ++i) {
        GElf_Sym symbol {};
        GElf_Addr address = 0;
        Elf* from = nullptr;
        const char* name = dwfl_module_getsym_info(dwflModule, i, &symbol, &address, nullptr, &from, nullptr);
        const int type = GELF_ST_TYPE(symbol.st_info);
        if (!name || !*name || address == 0 || symbol.st_shndx == SHN_UNDEF || (type != STT_FUNC && type != STT_GNU_IFUNC))
            continue;
        auto source = std::find_if(sources.begin(), sources.end(), [&](const Source& known) { return known.elf == from; });
        if (source == sources.end()) {
            // The first name of each ELF decides where its string table is: one file per module
            // keeps its names on disk (libdwfl reads one symbol table, plus MiniDebugInfo's).
            Source added {from};
            const std::string file = from == elf ? path : debugFile ? std::string(debugFile) : std::string();
            const auto table = from && !module->nameFile && (from == elf || isFileOnDisk(from, file))
                                 ? stringTableOf(from, name, symbol.st_name) : std::nullopt;
            struct stat status {};
            if (table && ::stat(file.c_str(), &status) == 0) {
                module->nameFile = NameFile {file, table->first, table->second, status.st_dev, status.st_ino,
                                             status.st_size, status.st_mtim};
                added.strings = name - symbol.st_name;
                added.stringsSize = table->second;
            }
            sources.push_back(added);
            source = sources.end() - 1;
        }
        const auto size = std::uint32_t(std::min<std::uint64_t>(symbol.st_size, Module::kCopiedName - 1));
        if (source->strings && symbol.st_name < source->stringsSize && name == source->strings + symbol.st_name) {
            module->functions.push_back({address, size, symbol.st_name});
        } else {
            const std::size_t length = std::min<std::size_t>(std::strlen(name), 0xffff);
            module->functions.push_back({address, size | Module::kCopiedName, std::uint32_t(module->names.size())});
            module->names.append(name, length);
            module->names.push_back('\0');
        }
    }
    // By address; at one address the sized symbol first (a function rather than its alias label).
    std::sort(module->functions.begin(), module->functions.end(), [](const Module::Function& a, const Module::Function& b) {
        return a.address != b.address ? a.address < b.address : a.size() > b.size();
    });
    module->functions.shrink_to_fit(); // kept for the whole run: no room to grow
    module->names.shrink_to_fit();
    const int id = int(m_modules.size());
    m_modules.push_back(std::move(module));
    m_byPath.emplace(path, id);
    return id;
}

std::string_view ElfSymbolizer::symbolize(int id, std::uint64_t fileOffset)
{
    if (id < 0 || std::size_t(id) >= m_modules.size())
        return {};
    Module& module = *m_modules[std::size_t(id)];
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
    while (it != module.functions.begin() && it->size() == 0 && (it - 1)->address == it->address)
        --it;
    if (it->size() != 0 && address >= it->address + it->size())
        return {};
    const std::string_view name = it->copiedName() ? std::string_view(module.names.c_str() + it->name) : readName(module, it->name);
    if (name.empty())
        return {};
    m_demangled.assign(name);
    if (m_demangled.starts_with("_Z")) {
        int status = 0;
        const std::unique_ptr<char, FreeDeleter> demangled(abi::__cxa_demangle(m_demangled.c_str(), nullptr, nullptr, &status));
        if (status == 0 && demangled)
            m_demangled = demangled.get();
    }
    return m_demangled;
}

std::string_view ElfSymbolizer::readName(Module& module, std::uint32_t offset)
{
    if (!module.nameFile || module.nameFile->changed)
        return {};
    NameFile& file = *module.nameFile;
    const int fd = ::open(file.path.c_str(), O_RDONLY | O_CLOEXEC);
    struct stat status {};
    if (fd < 0 || ::fstat(fd, &status) != 0 || status.st_dev != file.device || status.st_ino != file.inode
        || status.st_size != file.size || status.st_mtim.tv_sec != file.modified.tv_sec
        || status.st_mtim.tv_nsec != file.modified.tv_nsec) {
        file.changed = true;
        fail(file.path, fd < 0 ? std::string("cannot be read again for its function names: ") + std::strerror(errno)
                               : std::string("changed during the run: its functions sampled after that are unnamed"));
        if (fd >= 0)
            ::close(fd);
        return {};
    }
    // Names are short: one read mostly, up to 64 KiB (as names are clipped everywhere).
    m_name.clear();
    char buffer[256];
    std::uint64_t at = file.stringTable + offset;
    const std::uint64_t end = file.stringTable + file.stringTableSize;
    while (m_name.size() < 0xffff && at < end) {
        const ssize_t got = ::pread(fd, buffer, std::size_t(std::min<std::uint64_t>(sizeof buffer, end - at)), off_t(at));
        if (got <= 0)
            break;
        const auto* nul = static_cast<const char*>(std::memchr(buffer, 0, std::size_t(got)));
        m_name.append(buffer, nul ? std::size_t(nul - buffer) : std::size_t(got));
        if (nul)
            break;
        at += std::uint64_t(got);
    }
    ::close(fd);
    if (m_name.size() > 0xffff)
        m_name.resize(0xffff);
    return m_name;
}

void ElfSymbolizer::fail(const std::string& path, const std::string& why)
{
    if (m_failures.size() < 20)
        m_failures.push_back(path + ": " + why);
}

std::size_t ElfSymbolizer::modulesWithDebugInfo() const
{
    std::size_t count = 0;
    for (const auto& module : m_modules)
        count += module->debugInfo ? 1 : 0;
    return count;
}

} // namespace runlens::profile
