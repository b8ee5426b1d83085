// Writes the synthetic large host into a directory, for looking at its files, for timing the
// generator, or (with --live) as a host that keeps changing in real time so that a real
// `runlens-rec record --proc-root DIR/proc --sys-root DIR/sys` can record it.
#include "SyntheticHost.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <thread>

namespace {

std::atomic<bool> g_stop{false};

void requestStop(int)
{
    g_stop = true;
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Write the /proc and /sys tree of a synthetic large host (see tests/bench/SyntheticHost.h)."};
    std::string directory;
    runlens::bench::SyntheticHostShape shape;
    std::uint64_t samples = 0;
    bool live = false;
    int intervalMs = 1000;
    app.add_option("directory", directory, "Where to write proc/ and sys/ (proc/ must not exist yet)")->required();
    app.add_option("--samples", samples, "Advance this many samples after creating the tree, and time it");
    app.add_flag("--live", live, "Then keep advancing one sample per interval until Ctrl-C");
    app.add_option("--interval-ms", intervalMs, "The interval of --live")->check(CLI::Range(10, 3600000));
    app.add_option("--cpus", shape.cpus)->check(CLI::Range(1, 8192));
    app.add_option("--nodes", shape.numaNodes)->check(CLI::Range(1, 64));
    app.add_option("--disks", shape.disks)->check(CLI::Range(0, 4096));
    app.add_option("--partitions", shape.partitions)->check(CLI::Range(0, 4096));
    app.add_option("--nics", shape.nics)->check(CLI::Range(0, 4096));
    app.add_option("--irqs", shape.interruptLines, "Numbered lines of /proc/interrupts")->check(CLI::Range(0, 100000));
    app.add_option("--processes", shape.processes)->check(CLI::Range(2, 100000));
    app.add_option("--churn", shape.processChurnEverySamples, "A process exits and another starts every N samples (0: never)")
        ->check(CLI::Range(0, 1000000));
    app.add_option("--seed", shape.seed);
    CLI11_PARSE(app, argc, argv);

    try {
        runlens::bench::SyntheticHost host(directory, shape);
        const auto createStart = std::chrono::steady_clock::now();
        host.create();
        const double createSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - createStart).count();
        std::printf("wrote %s and %s: %zu files, %.1f KiB in %.3f s\n", host.procRoot().c_str(), host.sysRoot().c_str(),
                    host.filesWrittenLastStep(), double(host.bytesWrittenLastStep()) / 1024, createSeconds);

        if (samples > 0) {
            std::size_t bytes = 0;
            std::size_t files = 0;
            const auto start = std::chrono::steady_clock::now();
            for (std::uint64_t k = 1; k <= samples && !g_stop; ++k) {
                host.advance(k);
                bytes += host.bytesWrittenLastStep();
                files += host.filesWrittenLastStep();
            }
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::printf("advanced %llu samples in %.2f s: %.3f ms, %.0f files and %.1f KiB written per sample\n",
                        static_cast<unsigned long long>(samples), seconds, seconds * 1e3 / double(samples),
                        double(files) / double(samples), double(bytes) / 1024 / double(samples));
        }

        if (live) {
            std::signal(SIGINT, requestStop);
            std::signal(SIGTERM, requestStop);
            std::printf("advancing every %d ms until Ctrl-C; record it with\n"
                        "  runlens-rec record --proc-root %s --sys-root %s\n",
                        intervalMs, host.procRoot().c_str(), host.sysRoot().c_str());
            std::fflush(stdout);
            auto next = std::chrono::steady_clock::now();
            while (!g_stop) {
                next += std::chrono::milliseconds(intervalMs);
                std::this_thread::sleep_until(next);
                if (!g_stop)
                    host.advance(host.sample() + 1);
            }
            std::printf("stopped at sample %llu\n", static_cast<unsigned long long>(host.sample()));
        }
    } catch (const std::exception& failure) {
        std::fprintf(stderr, "make_synthetic_host: %s\n", failure.what());
        return 1;
    }
    return 0;
}
