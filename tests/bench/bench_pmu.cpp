// PMU collector costs, printed (never asserted: these machines are shared and noisy):
// 1. the read-and-derive path of one interval for 192 CPUs, replayed through the production
//    PmuCollector (Ice Lake set, counter budget 6: 3 hardware groups + the software group);
// 2. the cost of counting with software events on this machine: sample() CPU time per interval,
//    and a syscall-heavy workload's slowdown while every CPU's software counters are open.
#include "PmuCollector.h"
#include "ReplayCounterSource.h"
#include "SeriesTable.h"

#include <nlohmann/json.hpp>

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace runlens::collect;
using namespace runlens::collect::pmu;

namespace {

double cpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

void writeFile(const std::filesystem::path& path, const std::string& text)
{
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

std::string procStat(int cpus, int step)
{
    std::string text = "cpu  1 2 3 4 5 6 7 8 0 0\n";
    for (int cpu = 0; cpu < cpus; ++cpu)
        text += "cpu" + std::to_string(cpu) + " " + std::to_string(1000 + 60 * step) + " 0 10 500 0 0 0 0 0 0\n";
    return text + "intr 1 2 3\nctxt 100\n";
}

// A 192-CPU Ice Lake host: the sysfs PMU, cpuinfo and /proc/stat that PmuCollector reads.
std::filesystem::path makeHost(int cpus)
{
    const std::filesystem::path root = std::filesystem::temp_directory_path() / ("bench_pmu_" + std::to_string(getpid()));
    const std::filesystem::path pmu = root / "sys/bus/event_source/devices/cpu";
    writeFile(pmu / "type", "4\n");
    writeFile(pmu / "format/event", "config:0-7\n");
    writeFile(pmu / "format/umask", "config:8-15\n");
    writeFile(pmu / "format/cmask", "config:24-31\n");
    writeFile(root / "sys/bus/event_source/devices/software/type", "1\n");
    writeFile(root / "sys/devices/system/cpu/online", "0-" + std::to_string(cpus - 1) + "\n");
    writeFile(root / "proc/cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 106\n\n");
    writeFile(root / "proc/stat", procStat(cpus, 0));
    return root;
}

void benchReplay(int cpus, int intervals)
{
    const std::filesystem::path root = makeHost(cpus);
    HostPaths paths;
    paths.procRoot = (root / "proc").string();
    paths.sysRoot = (root / "sys").string();
    auto owned = std::make_unique<ReplayCounterSource>(6);
    ReplayCounterSource* source = owned.get();
    PmuCollector collector(PmuSettings{}, std::move(owned));
    MetricCatalog catalog;
    const std::string why = collector.open(paths, catalog);
    if (!why.empty()) {
        std::fprintf(stderr, "bench_pmu: replay host did not open: %s\n", why.c_str());
        std::exit(1);
    }
    const nlohmann::json details = collector.details();
    const auto& groups = details["groups"];
    for (int step = 0; step <= intervals; ++step) {
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const std::size_t events = groups[g]["events"].size();
            for (int cpu = 0; cpu < cpus; ++cpu) {
                std::vector<std::uint64_t> values(events);
                for (std::size_t e = 0; e < events; ++e)
                    values[e] = std::uint64_t(step) * (1'000'000 + e * 1000 + std::uint64_t(cpu));
                source->addReading(std::size_t(step), g, std::size_t(cpu), std::uint64_t(step) * 1'000'000'000,
                                   std::uint64_t(step) * 700'000'000, std::move(values));
            }
        }
    }
    MetricGroup group("pmu");
    Warnings warnings;
    double total = 0;
    double worst = 0;
    for (int step = 0; step <= intervals; ++step) {
        SampleContext context{std::int64_t(step) * 1'000'000'000, step == 0 ? 0.0 : 1.0, catalog, warnings};
        group.startRow();
        const double before = cpuSeconds();
        collector.sample(context, group);
        const double spent = cpuSeconds() - before;
        if (step >= 2) { // the first samples intern columns and size buffers
            total += spent;
            worst = std::max(worst, spent);
        }
        source->nextStep();
    }
    const int measured = intervals - 1;
    std::printf("replay read+derive: %d CPUs x %zu groups (%zu hardware events, %zu metrics, %zu columns): "
                "%.3f ms CPU per interval (mean of %d), worst %.3f ms; target <= 0.5 ms\n",
                cpus, groups.size(), details.value("hardware_events", nlohmann::json::array()).size(),
                details["metrics"].size(), group.columnCount(), 1e3 * total / measured, measured, 1e3 * worst);
    std::printf("replay check: pmu.ipc[all] = %.4f, warnings %llu\n",
                group.value(group.column("pmu.ipc", runlens::format::kAggregateInstance)),
                static_cast<unsigned long long>(warnings.total()));
    std::filesystem::remove_all(root);
}

// Many cheap syscalls: the kind of work software counters (context switches, page faults) ride on.
double workload(int rounds)
{
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < rounds; ++i) {
        syscall(SYS_getppid);
        if (i % 64 == 0)
            sched_yield();
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void benchSoftware(int intervals)
{
    constexpr int kRounds = 2'000'000;
    const double without = workload(kRounds);
    PmuCollector collector;
    MetricCatalog catalog;
    const std::string why = collector.open(HostPaths{}, catalog);
    if (!why.empty()) {
        std::printf("software counters: unavailable here: %s\n", why.c_str());
        return;
    }
    const double with = workload(kRounds);
    const double withoutAgain = workload(kRounds);
    MetricGroup group("pmu");
    Warnings warnings;
    double total = 0;
    for (int step = 0; step <= intervals; ++step) {
        SampleContext context{0, step == 0 ? 0.0 : 0.01, catalog, warnings};
        group.startRow();
        const double before = cpuSeconds();
        collector.sample(context, group);
        if (step >= 2)
            total += cpuSeconds() - before;
        usleep(10'000);
    }
    const nlohmann::json details = collector.details();
    std::printf("software counters on this host (%zu CPUs, hardware: %s): sample() %.3f ms CPU per interval "
                "(mean of %d)\n",
                details["cpus"].get<std::size_t>(), details["hardware_counters"].get<std::string>().c_str(),
                1e3 * total / (intervals - 1), intervals - 1);
    std::printf("counting overhead: %d syscalls took %.1f ms without counters, %.1f ms with, %.1f ms without "
                "again (%+.1f %% with vs the mean without)\n",
                kRounds, 1e3 * without, 1e3 * with, 1e3 * withoutAgain,
                100.0 * (with / ((without + withoutAgain) / 2) - 1));
}

} // namespace

int main(int argc, char** argv)
{
    int intervals = 60;
    if (argc > 2 && std::string(argv[1]) == "--intervals")
        intervals = std::max(3, std::atoi(argv[2]));
    benchReplay(192, intervals);
    benchSoftware(intervals);
    return 0;
}
