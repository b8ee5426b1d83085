// The recorder's /proc and /sys parsers, fed through the HostPaths seam: a host tree in a temporary
// folder (the captured tests/fixtures/proc/this-host), one of its files replaced by the input (the
// first byte picks which), then every collector but the PMU's opened and sampled twice, as the
// recorder does, and the host facts read. Collectors may declare a source unavailable or throw
// CollectorError; nothing else.
#include "FuzzTarget.h"

#include "Collector.h"
#include "CpuCollector.h"
#include "DiskCollector.h"
#include "HostFacts.h"
#include "InterruptsCollector.h"
#include "MemoryCollector.h"
#include "NetworkCollector.h"
#include "PressureCollector.h"
#include "ProcessCollector.h"
#include "SoftirqCollector.h"

#include <filesystem>
#include <fstream>

namespace {

namespace fs = std::filesystem;

const char* const kFiles[] = {
    "proc/stat", "proc/loadavg", "proc/meminfo", "proc/vmstat", "proc/pressure/cpu", "proc/pressure/io",
    "proc/pressure/memory", "proc/interrupts", "proc/softirqs", "proc/diskstats", "proc/net/dev", "proc/net/snmp",
    "proc/net/netstat", "proc/4242/stat", "proc/cpuinfo", "proc/cmdline", "sys/devices/system/cpu/online",
    "sys/devices/system/cpu/possible", "sys/devices/system/node/node0/cpulist", "etc/os-release",
    "proc/sys/kernel/osrelease", "sys/kernel/mm/transparent_hugepage/enabled",
};

// The tree, made once per process: each input rewrites one file and puts it back afterwards.
const fs::path& tree()
{
    static const fs::path root = [] {
        fs::path dir = fs::temp_directory_path() / ("runlens-fuzz-proc-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir / "proc");
        fs::copy(RUNLENS_SOURCE_DIR "/tests/fixtures/proc/this-host", dir / "proc", fs::copy_options::recursive);
        fs::create_directories(dir / "sys");
        fs::create_directories(dir / "etc");
        fs::create_directories(dir / "boot");
        return dir;
    }();
    return root;
}

void write(const fs::path& path, std::string_view content)
{
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(content.data(), std::streamsize(content.size()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const fs::path file = tree() / kFiles[data[0] % std::size(kFiles)];
    std::string saved;
    const bool existed = fs::exists(file);
    if (existed) {
        std::ifstream in(file, std::ios::binary);
        saved.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    write(file, fuzz::bytes(data + 1, size - 1));

    using namespace runlens::collect;
    HostPaths paths;
    paths.procRoot = (tree() / "proc").string();
    paths.sysRoot = (tree() / "sys").string();
    paths.bootRoot = (tree() / "boot").string();
    std::vector<std::unique_ptr<Collector>> collectors;
    collectors.push_back(std::make_unique<CpuCollector>());
    collectors.push_back(std::make_unique<MemoryCollector>());
    collectors.push_back(std::make_unique<PressureCollector>());
    collectors.push_back(std::make_unique<InterruptsCollector>());
    collectors.push_back(std::make_unique<SoftirqCollector>());
    collectors.push_back(std::make_unique<DiskCollector>());
    collectors.push_back(std::make_unique<NetworkCollector>());
    collectors.push_back(std::make_unique<ProcessCollector>(4, 4242));
    MetricCatalog catalog;
    Warnings warnings;
    for (const auto& collector : collectors) {
        MetricGroup group{std::string(collector->name())};
        if (!collector->open(paths, catalog).empty())
            continue;
        try {
            for (int i = 0; i < 2; ++i) {
                SampleContext context{std::int64_t(i) * 1'000'000'000, double(i), catalog, warnings};
                group.startRow();
                collector->sample(context, group);
            }
            (void)collector->details();
        } catch (const CollectorError&) {
        }
    }
    HostFactsOptions options;
    options.etcRoot = (tree() / "etc").string();
    (void)collectHostFacts(paths, options);

    if (existed)
        write(file, saved);
    else
        fs::remove(file);
    return 0;
}
