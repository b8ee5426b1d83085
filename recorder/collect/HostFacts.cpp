#include "HostFacts.h"

#include "CpuList.h"
#include "ProcFile.h"
#include "TextCursor.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string_view>
#include <sys/utsname.h>
#include <unistd.h>
#include <vector>

namespace runlens::collect {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Facts end up in the manifest: text that is not UTF-8 (a hostname or a sysctl set to binary)
// would make the JSON writer throw, so invalid bytes become U+FFFD here.
std::string validUtf8(std::string_view text)
{
    const std::string quoted = json(std::string(text)).dump(-1, ' ', false, json::error_handler_t::replace);
    return json::parse(quoted).get<std::string>();
}

std::string_view trimmed(std::string_view text)
{
    constexpr std::string_view blanks = " \t\r\n";
    const std::size_t first = text.find_first_not_of(blanks);
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

// "always [madvise] never" -> "madvise": sysfs shows every choice and brackets the selected one.
std::string_view selectedChoice(std::string_view text)
{
    const std::size_t open = text.find('[');
    const std::size_t close = text.find(']', open == std::string_view::npos ? 0 : open);
    if (open == std::string_view::npos || close == std::string_view::npos)
        return trimmed(text);
    return text.substr(open + 1, close - open - 1);
}

// The fact being built and the list of what could not be read, with why.
class FactSheet {
public:
    explicit FactSheet(json& facts)
        : m_facts(facts)
        , m_unavailable(json::object())
    {
    }

    // The trimmed content of a small file, or false with the reason recorded under key.
    bool read(const std::string& key, const std::string& path, std::string& text, std::string_view hint = {})
    {
        std::string error;
        if (!readWholeFile(path, text, &error)) {
            unavailable(key, std::string(error) + std::string(hint));
            return false;
        }
        text = std::string(trimmed(text));
        return true;
    }

    // Reads path and stores its trimmed text (or the bracketed choice) under key.
    void text(const std::string& key, const std::string& path, std::string_view hint = {}, bool choice = false)
    {
        std::string content;
        if (read(key, path, content, hint))
            m_facts[key] = validUtf8(choice ? selectedChoice(content) : std::string_view(content));
    }

    void unavailable(const std::string& key, std::string reason)
    {
        m_facts.erase(key);
        m_unavailable[key] = validUtf8(reason);
    }

    json& facts() { return m_facts; }
    void finish() { m_facts["unavailable"] = std::move(m_unavailable); }

private:
    json& m_facts;
    json m_unavailable;
};

// /proc/sys/kernel/{hostname,osrelease,version,arch} say what uname(2) says, but can be pointed
// at a captured tree; uname is the fallback where they are missing.
void kernelFacts(const HostPaths& paths, FactSheet& sheet)
{
    utsname names {};
    const bool haveUname = ::uname(&names) == 0;
    const std::string unameError = haveUname ? std::string() : std::string("; uname: ") + std::strerror(errno);
    const std::pair<const char*, const char*> items[] = {
        { "hostname", "sys/kernel/hostname" }, { "kernel_release", "sys/kernel/osrelease" },
        { "kernel_version", "sys/kernel/version" },
        { "architecture", "sys/kernel/arch" }, // recent kernels only; uname's machine field elsewhere
    };
    const char* fallback[] = { names.nodename, names.release, names.version, names.machine };
    for (std::size_t i = 0; i < std::size(items); ++i) {
        std::string content;
        std::string error;
        if (readWholeFile(paths.proc(items[i].second), content, &error) && !trimmed(content).empty())
            sheet.facts()[items[i].first] = validUtf8(trimmed(content));
        else if (haveUname)
            sheet.facts()[items[i].first] = validUtf8(fallback[i]);
        else
            sheet.unavailable(items[i].first, error + unameError);
    }
}

// os-release(5): KEY=value lines, values optionally quoted with shell escapes.
std::string osReleaseValue(std::string_view value)
{
    value = trimmed(value);
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
        const char quote = value.front();
        value = value.substr(1, value.size() - 2);
        std::string result;
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (quote == '"' && value[i] == '\\' && i + 1 < value.size())
                ++i;
            result += value[i];
        }
        return result;
    }
    return std::string(value);
}

void osReleaseFacts(const HostFactsOptions& options, FactSheet& sheet)
{
    std::vector<std::string> candidates { (fs::path(options.etcRoot) / "os-release").string() };
    if (options.etcRoot == "/etc")
        candidates.push_back("/usr/lib/os-release"); // where os-release(5) says to look next
    std::string content;
    std::string reasons;
    bool found = false;
    for (const std::string& path : candidates) {
        std::string error;
        if (readWholeFile(path, content, &error)) {
            found = true;
            break;
        }
        reasons += (reasons.empty() ? "" : "; ") + error;
    }
    if (!found) {
        for (const char* key : { "os_release", "os_id", "os_version_id" })
            sheet.unavailable(key, reasons);
        return;
    }
    const std::pair<std::string_view, const char*> wanted[]
        = { { "PRETTY_NAME", "os_release" }, { "ID", "os_id" }, { "VERSION_ID", "os_version_id" } };
    TextCursor cursor(content);
    while (!cursor.atEnd()) {
        const std::string_view line = cursor.line();
        const std::size_t equals = line.find('=');
        if (equals == std::string_view::npos)
            continue;
        for (const auto& [name, key] : wanted) {
            if (trimmed(line.substr(0, equals)) == name)
                sheet.facts()[key] = validUtf8(osReleaseValue(line.substr(equals + 1)));
        }
    }
    for (const auto& [name, key] : wanted) {
        if (!sheet.facts().contains(key))
            sheet.unavailable(key, candidates.front() + ": no " + std::string(name) + " line");
    }
}

// arm64 /proc/cpuinfo has no model name, only the MIDR implementer and part numbers; these are
// the ones seen on servers (lscpu's table, util-linux sys-utils/lscpu-arm.c).
struct ArmPart {
    unsigned implementer;
    unsigned part;
    const char* name;
};
constexpr ArmPart kArmParts[] = {
    { 0x41, 0xd03, "Cortex-A53" },
    { 0x41, 0xd05, "Cortex-A55" },
    { 0x41, 0xd07, "Cortex-A57" },
    { 0x41, 0xd08, "Cortex-A72" },
    { 0x41, 0xd0b, "Cortex-A76" },
    { 0x41, 0xd0c, "Neoverse-N1" },
    { 0x41, 0xd40, "Neoverse-V1" },
    { 0x41, 0xd49, "Neoverse-N2" },
    { 0x41, 0xd4f, "Neoverse-V2" },
    { 0x41, 0xd84, "Neoverse-V3" },
    { 0x41, 0xd8e, "Neoverse-N3" },
    { 0xc0, 0xac3, "Ampere-1" },
    { 0xc0, 0xac4, "Ampere-1a" },
};
constexpr std::pair<unsigned, const char*> kArmImplementers[] = {
    { 0x41, "ARM" },
    { 0x42, "Broadcom" },
    { 0x43, "Cavium" },
    { 0x46, "Fujitsu" },
    { 0x48, "HiSilicon" },
    { 0x4e, "NVIDIA" },
    { 0x50, "APM" },
    { 0x51, "Qualcomm" },
    { 0x61, "Apple" },
    { 0xc0, "Ampere" },
};

unsigned parseHex(std::string_view text)
{
    text = trimmed(text);
    if (text.starts_with("0x") || text.starts_with("0X"))
        text.remove_prefix(2);
    unsigned value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value, 16);
    return value;
}

void cpuModelFacts(const HostPaths& paths, FactSheet& sheet)
{
    std::string content;
    if (!sheet.read("cpu_model", paths.proc("cpuinfo"), content)) {
        sheet.unavailable("cpu_vendor", paths.proc("cpuinfo") + ": unreadable");
        return;
    }
    std::string vendor;
    std::string model;
    std::string implementer;
    std::string part;
    TextCursor cursor(content);
    while (!cursor.atEnd()) {
        const std::string_view line = cursor.line();
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view key = trimmed(line.substr(0, colon));
        const std::string_view value = trimmed(line.substr(colon + 1));
        // The first CPU's entry is enough: hosts with mixed CPU models are rare among servers.
        const auto take = [&](std::string& target) {
            if (target.empty())
                target = value;
        };
        if (key == "vendor_id" || key == "vendor")
            take(vendor);
        else if (key == "model name" || key == "cpu model" || key == "cpu") // x86, mips, powerpc
            take(model);
        else if (key == "CPU implementer")
            take(implementer);
        else if (key == "CPU part")
            take(part);
    }
    if (!implementer.empty()) {
        const unsigned implementerId = parseHex(implementer);
        const unsigned partId = parseHex(part);
        for (const auto& [id, name] : kArmImplementers) {
            if (id == implementerId && vendor.empty())
                vendor = name;
        }
        for (const ArmPart& known : kArmParts) {
            if (known.implementer == implementerId && known.part == partId && model.empty())
                model = known.name;
        }
        if (vendor.empty())
            vendor = "implementer " + std::string(trimmed(implementer));
        if (model.empty() && !part.empty())
            model = "part " + std::string(trimmed(part));
    }
    if (!vendor.empty())
        sheet.facts()["cpu_vendor"] = validUtf8(vendor);
    else
        sheet.unavailable("cpu_vendor", paths.proc("cpuinfo") + ": no vendor_id or CPU implementer line");
    if (!model.empty())
        sheet.facts()["cpu_model"] = validUtf8(model);
    else
        sheet.unavailable("cpu_model", paths.proc("cpuinfo") + ": no model name or CPU part line");
}

void cpuTopologyFacts(const HostPaths& paths, FactSheet& sheet)
{
    std::string content;
    std::vector<int> online;
    std::string error;
    if (!readWholeFile(paths.sys("devices/system/cpu/online"), content, &error)) {
        sheet.unavailable("cpus_online", error);
        sheet.unavailable("cpus_online_list", error);
    } else if (std::optional<std::vector<int>> parsed = parseCpuList(content); parsed && !parsed->empty()) {
        online = std::move(*parsed);
        content = std::string(trimmed(content));
        sheet.facts()["cpus_online"] = online.size();
        sheet.facts()["cpus_online_list"] = validUtf8(content);
    } else {
        const std::string reason = paths.sys("devices/system/cpu/online") + ": not a CPU list: " + validUtf8(content);
        sheet.unavailable("cpus_online", reason);
        sheet.unavailable("cpus_online_list", reason);
    }
    if (sheet.read("cpus_possible", paths.sys("devices/system/cpu/possible"), content)) {
        if (const std::optional<std::vector<int>> possible = parseCpuList(content))
            sheet.facts()["cpus_possible"] = possible->size();
        else
            sheet.unavailable(
                "cpus_possible", paths.sys("devices/system/cpu/possible") + ": not a CPU list: " + content);
    }

    const char* topologyKeys[] = { "sockets", "cores_per_socket", "threads_per_core" };
    if (online.empty()) {
        for (const char* key : topologyKeys)
            sheet.unavailable(key, "the online CPUs are unknown");
        return;
    }
    // A core is a set of hardware threads: counting distinct sibling lists works where core_id
    // numbering repeats across dies or is sparse (lscpu does the same).
    std::set<std::string> packages;
    std::set<std::string> cores;
    std::size_t maxThreads = 0;
    for (const int cpu : online) {
        const std::string base = "devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/";
        std::string package;
        std::string error;
        if (!readWholeFile(paths.sys(base + "physical_package_id"), package, &error)) {
            for (const char* key : topologyKeys)
                sheet.unavailable(key, error);
            return;
        }
        std::string coreCpus;
        if (!readWholeFile(paths.sys(base + "core_cpus_list"), coreCpus)
            && !readWholeFile(paths.sys(base + "thread_siblings_list"), coreCpus, &error)) {
            for (const char* key : topologyKeys)
                sheet.unavailable(key, error);
            return;
        }
        packages.insert(std::string(trimmed(package)));
        cores.insert(std::string(trimmed(coreCpus)));
        if (const std::optional<std::vector<int>> siblings = parseCpuList(coreCpus))
            maxThreads = std::max(maxThreads, siblings->size());
    }
    sheet.facts()["sockets"] = packages.size();
    sheet.facts()["cores_per_socket"] = cores.size() / packages.size();
    sheet.facts()["threads_per_core"] = std::max<std::size_t>(maxThreads, 1);
}

void numaFacts(const HostPaths& paths, FactSheet& sheet)
{
    const fs::path root = paths.sys("devices/system/node");
    std::error_code error;
    fs::directory_iterator it(root, error);
    if (error) {
        sheet.unavailable(
            "numa_nodes", root.string() + ": " + error.message() + " (a kernel without NUMA support: one node)");
        return;
    }
    json nodeCpus = json::object();
    std::size_t nodes = 0;
    for (; it != fs::directory_iterator(); it.increment(error)) {
        const std::string name = it->path().filename().string();
        int id = 0;
        if (!name.starts_with("node")
            || std::from_chars(name.data() + 4, name.data() + name.size(), id).ptr != name.data() + name.size()
            || name.size() == 4)
            continue;
        ++nodes;
        std::string cpus;
        if (readWholeFile((it->path() / "cpulist").string(), cpus))
            nodeCpus[std::to_string(id)] = std::string(trimmed(cpus));
    }
    if (error) {
        sheet.unavailable("numa_nodes", root.string() + ": " + error.message());
        return;
    }
    sheet.facts()["numa_nodes"] = nodes;
    sheet.facts()["numa_node_cpus"] = std::move(nodeCpus);
}

void memoryFacts(const HostPaths& paths, FactSheet& sheet)
{
    std::string content;
    if (sheet.read("memory_total_bytes", paths.proc("meminfo"), content)) {
        TextCursor cursor(content);
        bool found = false;
        while (!cursor.atEnd()) {
            if (cursor.startsWith("MemTotal:")) {
                cursor.word();
                std::uint64_t kib = 0;
                found = cursor.u64(kib);
                if (found)
                    sheet.facts()["memory_total_bytes"] = kib * 1024;
                break;
            }
            cursor.nextLine();
        }
        if (!found)
            sheet.unavailable("memory_total_bytes", paths.proc("meminfo") + ": no MemTotal line");
    }
    if (const long pageSize = ::sysconf(_SC_PAGESIZE); pageSize > 0)
        sheet.facts()["page_size_bytes"] = pageSize;
    else
        sheet.unavailable("page_size_bytes", std::string("sysconf(_SC_PAGESIZE): ") + std::strerror(errno));
}

// Names whose values are secrets or identify this boot or machine: never read, never stored.
bool looksSecret(std::string_view relative)
{
    std::string lower(relative);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char* pattern : { "secret", "key", "random/boot_id", "random/uuid", "rss_key", "stable_secret" }) {
        if (lower.find(pattern) != std::string::npos)
            return true;
    }
    return false;
}

// "net/ipv4/conf/eth0.100/forwarding" -> "net.ipv4.conf.eth0/100.forwarding", as sysctl(8) names it.
std::string sysctlName(const fs::path& relative)
{
    std::string name;
    for (const fs::path& component : relative) {
        std::string part = component.string();
        std::replace(part.begin(), part.end(), '.', '/');
        if (!name.empty())
            name += '.';
        name += part;
    }
    return name;
}

// Reads at most limit + 1 bytes: enough to know whether the value was cut.
bool readCapped(const fs::path& path, std::size_t limit, std::string& value)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return false;
    value.resize(limit + 1);
    std::size_t filled = 0;
    bool ok = true;
    while (filled < value.size()) {
        const ssize_t n = ::read(fd, value.data() + filled, value.size() - filled);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            ok = false;
            break;
        }
        if (n == 0)
            break;
        filled += std::size_t(n);
    }
    ::close(fd);
    value.resize(filled);
    return ok;
}

void sysctlFacts(const HostPaths& paths, const HostFactsOptions& options, HostFacts& result, FactSheet& sheet)
{
    const fs::path root = paths.proc("sys");
    std::error_code error;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error);
    if (error) {
        sheet.unavailable("sysctl", root.string() + ": " + error.message());
        return;
    }
    std::size_t skippedSecret = 0;
    std::size_t skippedUnreadable = 0;
    std::size_t truncated = 0;
    bool capped = false;
    std::string value;
    for (; it != fs::recursive_directory_iterator(); it.increment(error)) {
        if (error)
            break;
        std::error_code statusError;
        const fs::file_status status = it->symlink_status(statusError);
        if (statusError || !fs::is_regular_file(status))
            continue;
        const fs::path relative = it->path().lexically_relative(root);
        if (looksSecret(relative.string())) {
            ++skippedSecret;
            continue;
        }
        // Write-only knobs (vm.drop_caches, vm.compact_memory, net.ipv4.route.flush) refuse reads
        // even for root; their mode says so without trying.
        constexpr fs::perms readable = fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;
        if ((status.permissions() & readable) == fs::perms::none
            || !readCapped(it->path(), options.maxSysctlValueBytes, value)) {
            ++skippedUnreadable;
            continue;
        }
        if (result.sysctl.size() >= options.maxSysctlEntries) {
            capped = true;
            break;
        }
        if (value.size() > options.maxSysctlValueBytes) {
            value.resize(options.maxSysctlValueBytes);
            ++truncated;
        }
        while (!value.empty() && value.back() == '\n')
            value.pop_back();
        result.sysctl.emplace(validUtf8(sysctlName(relative)), validUtf8(value));
    }
    json summary = {
        { "root", root.string() },
        { "entries", result.sysctl.size() },
        { "skipped_secret", skippedSecret },
        { "skipped_unreadable", skippedUnreadable },
        { "truncated_values", truncated },
        { "capped", capped },
    };
    if (error)
        summary["error"] = validUtf8(root.string() + ": " + error.message());
    sheet.facts()["sysctl"] = std::move(summary);
}

struct ArchiveDeleter {
    void operator()(archive* reader) const { archive_read_free(reader); }
};

// /proc/config.gz is a bare gzip stream: libarchive reads it as the "raw" format through its gzip filter.
bool readGzip(const std::string& path, std::size_t limit, std::string& text, std::string& error)
{
    std::unique_ptr<archive, ArchiveDeleter> reader(archive_read_new());
    if (!reader) {
        error = path + ": out of memory";
        return false;
    }
    archive_read_support_filter_gzip(reader.get());
    archive_read_support_format_raw(reader.get());
    const auto fail = [&](const char* what) {
        const char* detail = archive_error_string(reader.get());
        error = path + ": " + (detail ? detail : what);
        return false;
    };
    if (archive_read_open_filename(reader.get(), path.c_str(), 64 * 1024) != ARCHIVE_OK)
        return fail("cannot open");
    archive_entry* entry = nullptr;
    if (archive_read_next_header(reader.get(), &entry) != ARCHIVE_OK)
        return fail("cannot read");
    if (archive_filter_count(reader.get()) < 2 || archive_filter_code(reader.get(), 0) != ARCHIVE_FILTER_GZIP) {
        error = path + ": not gzip-compressed";
        return false;
    }
    text.clear();
    char buffer[64 * 1024];
    for (;;) {
        const la_ssize_t n = archive_read_data(reader.get(), buffer, sizeof buffer);
        if (n < 0)
            return fail("corrupt gzip data");
        if (n == 0)
            break;
        if (text.size() + std::size_t(n) > limit) {
            error = path + ": larger than " + std::to_string(limit) + " bytes uncompressed";
            return false;
        }
        text.append(buffer, std::size_t(n));
    }
    return true;
}

void kernelConfigFacts(const HostPaths& paths, const HostFactsOptions& options, HostFacts& result, FactSheet& sheet)
{
    std::string reasons;
    if (sheet.facts().contains("kernel_release")) {
        const std::string bootConfig = paths.boot("config-" + sheet.facts()["kernel_release"].get<std::string>());
        std::string error;
        if (readWholeFile(bootConfig, result.kernelConfig, &error)) {
            if (result.kernelConfig.size() <= options.maxKernelConfigBytes) {
                sheet.facts()["kernel_config"] = { { "source", bootConfig }, { "bytes", result.kernelConfig.size() } };
                return;
            }
            error = bootConfig + ": larger than " + std::to_string(options.maxKernelConfigBytes) + " bytes";
        }
        result.kernelConfig.clear();
        reasons = error;
    }
    const std::string procConfig = paths.proc("config.gz");
    std::string error;
    if (readGzip(procConfig, options.maxKernelConfigBytes, result.kernelConfig, error)) {
        sheet.facts()["kernel_config"] = { { "source", procConfig }, { "bytes", result.kernelConfig.size() } };
        return;
    }
    result.kernelConfig.clear();
    reasons += (reasons.empty() ? "" : "; ") + error;
    sheet.unavailable("kernel_config",
        reasons
            + " (no /boot config for this kernel, and it was built without "
              "CONFIG_IKCONFIG_PROC)");
}

} // namespace

HostFacts collectHostFacts(const HostPaths& paths, const HostFactsOptions& options)
{
    HostFacts result;
    FactSheet sheet(result.facts);

    kernelFacts(paths, sheet);
    osReleaseFacts(options, sheet);
    cpuModelFacts(paths, sheet);
    cpuTopologyFacts(paths, sheet);
    numaFacts(paths, sheet);
    memoryFacts(paths, sheet);
    sheet.text("kernel_cmdline", paths.proc("cmdline"));
    sheet.text("clocksource", paths.sys("devices/system/clocksource/clocksource0/current_clocksource"));
    sheet.text("clocksources_available", paths.sys("devices/system/clocksource/clocksource0/available_clocksource"));
    constexpr std::string_view noCpufreq
        = " (no cpufreq driver: usual in VMs, where the hypervisor sets the frequency)";
    sheet.text("cpu_governor", paths.sys("devices/system/cpu/cpu0/cpufreq/scaling_governor"), noCpufreq);
    sheet.text("cpu_frequency_driver", paths.sys("devices/system/cpu/cpu0/cpufreq/scaling_driver"), noCpufreq);
    constexpr std::string_view noThp = " (a kernel without transparent huge pages)";
    sheet.text("thp_enabled", paths.sys("kernel/mm/transparent_hugepage/enabled"), noThp, true);
    sheet.text("thp_defrag", paths.sys("kernel/mm/transparent_hugepage/defrag"), noThp, true);
    sysctlFacts(paths, options, result, sheet);
    kernelConfigFacts(paths, options, result, sheet);
    sheet.finish();
    return result;
}

} // namespace runlens::collect
