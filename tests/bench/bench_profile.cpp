// The stack sampler's own CPU cost at 49 Hz on every CPU of this machine, under load, including
// symbolization and writing the journal, printed per 16 CPUs and extrapolated to 192 CPUs.
// Target (issue 5): at most 1% of one CPU per 16 CPUs sampled. Figures are printed, never asserted
// (these machines are shared and noisy); the run fails only when the sampler produced nothing.
//
//   bench_profile [--seconds N] [--hz N] [--load PATH]
//
// The load is rl_prof_target mixed (deep frame-pointer call chains, system calls, sorting), one
// process per CPU, so that every sample carries a real user and kernel stack to name.
#include "FormatError.h"
#include "ProfileJournal.h"
#include "StackSampler.h"

#include <linux/perf_event.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

using namespace runlens;

namespace {

double threadCpuSeconds()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

std::int64_t monotonicNs()
{
    timespec ts {};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

pid_t startLoad(const std::string& program, double seconds)
{
    const pid_t child = ::fork();
    if (child == 0) {
        const std::string duration = std::to_string(seconds);
        ::execl(program.c_str(), program.c_str(), "mixed", duration.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    return child;
}

// A PERF_RECORD_SAMPLE with the given callchain, as the kernel writes it.
std::vector<unsigned char> sampleRecord(std::uint32_t pid, std::uint64_t time, std::uint32_t cpu,
                                        const std::vector<std::uint64_t>& chain)
{
    std::vector<unsigned char> record(40 + chain.size() * 8);
    const perf_event_header header{PERF_RECORD_SAMPLE, 0, std::uint16_t(record.size())};
    std::memcpy(record.data(), &header, sizeof header);
    std::memcpy(record.data() + 8, &pid, 4);
    std::memcpy(record.data() + 12, &pid, 4);
    std::memcpy(record.data() + 16, &time, 8);
    std::memcpy(record.data() + 24, &cpu, 4);
    const std::uint64_t depth = chain.size();
    std::memcpy(record.data() + 32, &depth, 8);
    std::memcpy(record.data() + 40, chain.data(), chain.size() * 8);
    return record;
}

// The per-sample cost once the code is named, without this machine's process churn: samples of
// 24 user frames (in this program's own code, named through its ELF symbols) and 8 kernel
// frames replayed through the sampler's record handling.
double replayMicrosecondsPerSample(int samples)
{
    std::uint64_t start = 0, end = 0, offset = 0;
    std::string path;
    {
        std::FILE* maps = std::fopen("/proc/self/maps", "r");
        char line[4608];
        const auto self = reinterpret_cast<std::uint64_t>(&replayMicrosecondsPerSample);
        while (maps && std::fgets(line, sizeof line, maps)) {
            unsigned long long a = 0, b = 0, o = 0;
            char perms[8] = {}, file[4096] = {};
            if (std::sscanf(line, "%llx-%llx %7s %llx %*s %*s %4095s", &a, &b, perms, &o, file) == 5 && self >= a && self < b) {
                start = a;
                end = b;
                offset = o;
                path = file;
            }
        }
        if (maps)
            std::fclose(maps);
    }
    if (path.empty())
        return 0;
    profile::StackSampler sampler(profile::ProfileOptions{}, collect::HostPaths{});
    sampler.loadKernelSymbols();
    // A process 4242 that maps this program, known from its mmap record.
    std::vector<unsigned char> mmap(72 + ((path.size() + 8) & ~std::size_t(7)), 0);
    const perf_event_header header{PERF_RECORD_MMAP2, 0, std::uint16_t(mmap.size())};
    const std::uint32_t pid = 4242;
    const std::uint64_t base = 0x10000000, length = end - start;
    std::memcpy(mmap.data(), &header, sizeof header);
    std::memcpy(mmap.data() + 8, &pid, 4);
    std::memcpy(mmap.data() + 12, &pid, 4);
    std::memcpy(mmap.data() + 16, &base, 8);
    std::memcpy(mmap.data() + 24, &length, 8);
    std::memcpy(mmap.data() + 32, &offset, 8);
    std::memcpy(mmap.data() + 72, path.c_str(), path.size());
    sampler.handleRecord(mmap.data());

    std::vector<std::vector<unsigned char>> records;
    for (int variant = 0; variant < 64; ++variant) {
        std::vector<std::uint64_t> chain{PERF_CONTEXT_KERNEL};
        for (int k = 0; k < 8; ++k)
            chain.push_back(0xffffffff81000000ull + std::uint64_t(k * 0x1000 + variant * 16));
        chain.push_back(PERF_CONTEXT_USER);
        for (int u = 0; u < 24; ++u)
            chain.push_back(base + (std::uint64_t(u * 977 + variant * 131) % length));
        records.push_back(sampleRecord(pid, std::uint64_t(variant), std::uint32_t(variant % 16), chain));
    }
    for (const auto& record : records) // warm-up: name every address once
        sampler.handleRecord(record.data());
    sampler.builder().clearBatch();
    const double before = threadCpuSeconds();
    for (int i = 0; i < samples; ++i) {
        sampler.handleRecord(records[std::size_t(i) % records.size()].data());
        if (i % 10000 == 9999)
            sampler.builder().clearBatch(); // as the journal append does every interval
    }
    return (threadCpuSeconds() - before) / samples * 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    double seconds = 20;
    int hz = 49;
    std::string load = RUNLENS_PROF_TARGET_PATH;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--seconds") == 0)
            seconds = std::atof(argv[i + 1]);
        else if (std::strcmp(argv[i], "--hz") == 0)
            hz = std::atoi(argv[i + 1]);
        else if (std::strcmp(argv[i], "--load") == 0)
            load = argv[i + 1];
    }

    profile::ProfileOptions options;
    options.enabled = true;
    options.frequencyHz = hz;
    profile::StackSampler sampler(options, collect::HostPaths{});
    const double openStart = threadCpuSeconds();
    if (const std::string why = sampler.open(); !why.empty()) {
        std::printf("bench_profile: skipped, the sampler cannot run here: %s\n", why.c_str());
        return 0;
    }
    const double openCost = threadCpuSeconds() - openStart;
    const nlohmann::json openInfo = sampler.info();
    const int cpus = openInfo["cpus"].get<int>();

    std::vector<pid_t> children;
    for (int cpu = 0; cpu < cpus; ++cpu)
        children.push_back(startLoad(load, seconds + 1));

    const std::filesystem::path journalPath =
        std::filesystem::temp_directory_path() / ("bench_profile_" + std::to_string(::getpid()) + ".journal");
    std::filesystem::remove(journalPath);
    format::ProfileJournalWriter journal(journalPath.string());

    const std::int64_t start = monotonicNs();
    sampler.start(start);
    double drainCost = 0;      // drain + journal, the recorder's per-interval work
    double firstDrainCost = 0; // the first interval also names every new address and module
    double knownCodeCost = 0;
    double knownCodeSamples = 0;
    double knownCodeSeconds = 0;
    int drains = 0;
    timespec next {};
    clock_gettime(CLOCK_MONOTONIC, &next);
    while (monotonicNs() - start < std::int64_t(seconds * 1e9)) {
        next.tv_sec += 1;
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, nullptr);
        const double before = threadCpuSeconds();
        const std::size_t framesBefore = sampler.builder().frameCount();
        const std::uint64_t samplesBefore = sampler.builder().totalSamples();
        sampler.drain();
        format::ProfileBuilder& builder = sampler.builder();
        builder.tables().info = sampler.info();
        journal.append(builder, 0);
        builder.clearBatch();
        const double cost = threadCpuSeconds() - before;
        if (drains == 0)
            firstDrainCost = cost;
        // Intervals that met no new code: the pure per-sample cost (reading, hash lookups, interning).
        if (drains > 0 && sampler.builder().frameCount() == framesBefore) {
            knownCodeCost += cost;
            knownCodeSamples += double(sampler.builder().totalSamples() - samplesBefore);
            knownCodeSeconds += 1.0;
        }
        drainCost += cost;
        ++drains;
    }
    const double wall = double(monotonicNs() - start) / 1e9;
    sampler.stop();
    for (const pid_t child : children) {
        ::kill(child, SIGTERM);
        ::waitpid(child, nullptr, 0);
    }
    const auto journalBytes = std::filesystem::file_size(journalPath);
    std::filesystem::remove(journalPath);

    const nlohmann::json info = sampler.info();
    const double samples = info["samples"].get<double>();
    const double steadyCost = drains > 1 ? (drainCost - firstDrainCost) / (wall - wall / drains) : drainCost / wall;
    const double percentOfOneCpu = 100.0 * drainCost / wall;
    const double steadyPercent = 100.0 * steadyCost;
    const double perSampleUs = samples > 0 ? drainCost / samples * 1e6 : 0;
    const double per16 = percentOfOneCpu / cpus * 16;
    const double steadyPer16 = steadyPercent / cpus * 16;

    std::printf("bench_profile: %d CPUs sampled at %d Hz for %.1f s under load (%d x rl_prof_target mixed)\n", cpus, hz, wall, cpus);
    std::printf("  event                 %s\n", info["event"].get<std::string>().c_str());
    std::printf("  samples               %.0f (%.1f/s), lost %llu\n", samples, samples / wall,
                static_cast<unsigned long long>(info["lost_samples"].get<std::uint64_t>()));
    std::printf("  frames / stacks       %zu / %zu, modules %zu, processes %zu\n", info["frames"].get<std::size_t>(),
                info["stacks"].get<std::size_t>(), info["modules"].get<std::size_t>(), info["processes_seen"].get<std::size_t>());
    std::printf("  journal               %.1f kB (%.1f bytes/sample)\n", double(journalBytes) / 1e3,
                samples > 0 ? double(journalBytes) / samples : 0.0);
    std::printf("  open (once)           %.3f s CPU: kallsyms (%zu symbols), /proc/*/maps of every process\n", openCost,
                info["kernel_symbol_count"].get<std::size_t>());
    std::printf("  drain + journal       %.4f s CPU over %.1f s in %d drains = %.3f%% of one CPU (first interval %.4f s: naming new code)\n",
                drainCost, wall, drains, percentOfOneCpu, firstDrainCost);
    std::printf("  steady state          %.3f%% of one CPU, %.2f us per sample\n", steadyPercent, perSampleUs);
    std::printf("  per 16 CPUs sampled   %.3f%% of one CPU (steady %.3f%%); target <= 1%%: %s\n", per16, steadyPer16,
                per16 <= 1.0 ? "met" : "NOT met");
    if (knownCodeSamples > 0) {
        const double knownPercent = 100.0 * knownCodeCost / knownCodeSeconds;
        std::printf("  known code only       %.0f intervals without new frames: %.2f us per sample, %.4f%% of one CPU "
                    "= %.3f%% per 16 CPUs\n",
                    knownCodeSeconds, knownCodeCost / knownCodeSamples * 1e6, knownPercent, knownPercent / cpus * 16);
    }
    // Extrapolation. The sampler's work is per sample: read the record, look its addresses up in
    // hash maps (frames are cached per process and address), intern the stack, append 24 bytes.
    // At 49 Hz that is 49 x CPUs samples per second, so the cost grows linearly with CPUs: 192
    // CPUs give 192 / cpus times the samples of this machine. Naming new addresses is paid once
    // per address (the first interval above) and grows with the code that runs, not with CPUs.
    // Not included: the kernel's own cost of taking a sample (a timer interrupt and a
    // frame-pointer walk of a few microseconds) lands on each sampled CPU, about 49 x 3 us =
    // 0.015% of that CPU, and is the same for every perf-based profiler.
    const double at192 = steadyPercent / cpus * 192;
    std::printf("  extrapolated          192 CPUs: %.0f samples/s, steady %.2f%% of one CPU (%.3f%% per 16 CPUs) plus the "
                "one-time naming of new code (%.3f s here, grows with code size, not CPUs)\n",
                (samples / wall) * 192 / cpus, at192, at192 / 12, firstDrainCost);
    std::printf("  rss note              frames and stacks stay in memory for interning (%zu + %zu entries); samples do not\n",
                info["frames"].get<std::size_t>(), info["stacks"].get<std::size_t>());
    const double replayUs = replayMicrosecondsPerSample(200000);
    const double replayPer16 = replayUs * 1e-6 * 49 * 16 * 100;
    std::printf("  replayed, named code  %.2f us per sample (24 user + 8 kernel frames): %.4f%% of one CPU per 16 CPUs, "
                "%.3f%% for 192 CPUs (49 Hz x 192 = 9408 samples/s)\n",
                replayUs, replayPer16, replayPer16 * 12);
    if (samples <= 0) {
        std::fprintf(stderr, "bench_profile: the sampler recorded no samples\n");
        return 1;
    }
    return 0;
}
