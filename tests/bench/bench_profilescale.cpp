// An hour of stack samples on a 192-CPU host, in the app (issue 22; targets in brackets):
//   - index built at load (once per run)                     [with the read: <= 8 s to the flame graph]
//   - memory of the rows and the index                       [<= 1.5 GB for the app]
//   - whole-run flame graph, range refilter                  [<= 150 ms]
//   - CPU and thread filters                                 [<= 150 ms]
//   - differential of two such runs                          [<= 300 ms]
//   - paint of a 1920x1080 flame graph                       [<= 16 ms]
// The profile: 192 CPUs x 49 Hz x 3600 s = 33.9 million samples, 200,000 distinct stacks about 30
// frames deep over 20,000 functions, 3,000 threads in 200 processes, popularity skewed as in real
// profiles. Rows in time order, as archives of format 1.3 store them. Prints figures; fails only
// when a result is wrong. --quick (the CTest run) takes a tenth of the hour.
#include "BenchTiming.h"
#include "FlameGraphView.h"
#include "ProfileIndex.h"
#include "RunLoader.h"
#include "StackTreeDiff.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <random>
#include <string>

#include <time.h>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileTables;

namespace {

constexpr std::uint32_t kCpus = 192;
constexpr std::uint32_t kHz = 49;

// Who runs on the CPUs: a host of many services (3,000 threads in 200 processes, any thread on
// any CPU, each sample on any stack), or a benchmark (a worker thread per CPU in 8 processes,
// each process on its own 25,000 stacks, nine samples in ten on 10 hot ones, as a loop spends
// its time on a few paths): a thread's stacks then repeat within a bucket, and the index keeps
// its stacks rather than its rows.
enum class Workload { Services, Benchmark };

ProfileTables makeHour(std::uint32_t seed, std::int64_t seconds, Workload workload = Workload::Services)
{
    std::mt19937_64 random(seed);
    ProfileTables profile;
    const std::size_t functions = 20'000;
    const std::size_t stacks = 200'000;
    for (std::size_t f = 0; f < functions; ++f) {
        const bool kernel = f % 8 == 0;
        profile.frames.push_back({"ns::Service::handler_" + std::to_string(f) + (f % 3 ? "(Request const&)" : ""),
                                  kernel ? "[kernel.kallsyms]" : "libservice" + std::to_string(f % 40) + ".so",
                                  kernel ? FrameKind::Kernel : FrameKind::User});
    }
    // A prefix tree about 30 deep: mostly a child of a recent stack, now and then a new branch
    // from a shallow one.
    std::vector<std::uint32_t> depth;
    for (std::size_t s = 0; s < stacks; ++s) {
        std::uint32_t parent = kNoStack;
        if (s >= 16) {
            parent = std::uint32_t(s - 1 - random() % std::min<std::size_t>(s, 64));
            if (depth[parent] >= 40 || random() % 32 == 0)
                parent = std::uint32_t(random() % 16);
        }
        depth.push_back(parent == kNoStack ? 1 : depth[parent] + 1);
        profile.stacks.push_back({parent, std::uint32_t(random() % functions)});
    }
    const bool benchmark = workload == Workload::Benchmark;
    const std::uint32_t threads = benchmark ? kCpus : 3000;
    const std::uint32_t processes = benchmark ? 8 : 200;
    for (std::uint32_t t = 0; t < threads; ++t)
        profile.tasks.push_back({10'000 + t, 10'000 + t % processes, "worker-" + std::to_string(t % processes)});
    auto& rows = profile.samples;
    const std::size_t count = std::size_t(seconds) * kCpus * kHz;
    rows.timeNs.reserve(count);
    rows.cpu.reserve(count);
    rows.pid.reserve(count);
    rows.tid.reserve(count);
    rows.stack.reserve(count);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::int64_t tick = 1'000'000'000 / kHz;
    for (std::int64_t t = 0; t < seconds * kHz; ++t) {
        for (std::uint32_t cpu = 0; cpu < kCpus; ++cpu) {
            rows.timeNs.push_back(t * tick + cpu * 1000);
            rows.cpu.push_back(cpu);
            if (!benchmark) {
                const std::uint32_t thread = std::uint32_t(random() % threads);
                rows.tid.push_back(10'000 + thread);
                rows.pid.push_back(10'000 + thread % processes);
                const double u = unit(random);
                rows.stack.push_back(std::uint32_t(double(stacks) * u * u * u) % std::uint32_t(stacks));
                continue;
            }
            // The CPU's own worker, now and then another (a migration).
            const std::uint32_t thread = random() % 20 == 0 ? std::uint32_t(random() % threads) : cpu;
            rows.tid.push_back(10'000 + thread);
            rows.pid.push_back(10'000 + thread % processes);
            const std::uint32_t own = std::uint32_t(stacks / processes) * (thread % processes);
            rows.stack.push_back(own + std::uint32_t(random() % 10 == 0 ? random() % (stacks / processes) : random() % 10));
        }
    }
    return profile;
}

std::size_t rowBytes(const ProfileTables& profile)
{
    const auto& rows = profile.samples;
    return (rows.timeNs.capacity() + rows.count.capacity() + rows.period.capacity()) * 8
         + (rows.cpu.capacity() + rows.pid.capacity() + rows.tid.capacity() + rows.stack.capacity() + rows.task.capacity()) * 4;
}

bench::Checks check;

} // namespace

int main(int argc, char** argv)
{
    QApplication application(argc, argv);
    // --open ARCHIVE: the app's load of a real archive (bench_profilepack --keep writes the hour),
    // as the main window loads it: RunLoader delivers the run (its charts can be drawn) with its
    // samples still encoded, then decodes and indexes them; then the first flame graph. Wall times from the start, CPU of the
    // process, peak memory.
    if (const qsizetype at = application.arguments().indexOf(QStringLiteral("--open")); at > 0 && at + 1 < application.arguments().size()) {
        QElapsedTimer timer;
        timer.start();
        const auto processCpuMs = [] {
            timespec now{};
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
            return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
        };
        const double cpuStart = processCpuMs();
        RunLoader loader;
        RunPtr run;
        double deliveredMs = 0;
        double deliveredCpuMs = 0;
        double indexedMs = 0;
        QObject::connect(&loader, &RunLoader::runLoaded, [&](const RunPtr& loaded) {
            run = loaded;
            deliveredMs = double(timer.nsecsElapsed()) / 1e6;
            deliveredCpuMs = processCpuMs() - cpuStart;
        });
        QObject::connect(&loader, &RunLoader::profileIndexed, [&] { indexedMs = double(timer.nsecsElapsed()) / 1e6; });
        QObject::connect(&loader, &RunLoader::loadFailed, [](const QString&, const QString& message) {
            std::fprintf(stderr, "%s\n", qPrintable(message));
        });
        QEventLoop wait;
        QObject::connect(&loader, &RunLoader::idle, &wait, &QEventLoop::quit);
        loader.load({application.arguments().at(at + 1)});
        wait.exec();
        check(run && run->profileIndex() != nullptr, "the run is delivered, then indexed");
        if (!run || !run->profileIndex())
            return 1;
        const double idleMs = double(timer.nsecsElapsed()) / 1e6;
        const StackTreePtr tree = StackTree::build(*run->profileIndex());
        const double readyMs = double(timer.nsecsElapsed()) / 1e6;
        std::printf("bench_profilescale --open: %llu samples in %zu rows\n", (unsigned long long)run->profileIndex()->totalSamples(),
                    run->profile()->samples.size());
        std::printf("  run delivered (read):          %8.0f ms wall, %8.0f ms CPU   [first chart <= 3 s]\n", deliveredMs, deliveredCpuMs);
        std::printf("  profile decoded and indexed:   %8.0f ms wall\n", indexedMs);
        std::printf("  flame graph ready:             %8.0f ms wall, %8.0f ms CPU   [<= 8 s]\n", readyMs, processCpuMs() - cpuStart);
        std::printf("    of which the whole run's tree: %6.0f ms wall (%zu distinct stacks)\n", readyMs - idleMs,
                    run->profile()->stacks.size());
        std::printf("  peak resident:                 %8.0f MB (VmHWM)                [<= 1.5 GB]\n", bench::residentMb("VmHWM:"));
        std::printf("  of which rows %.0f MB (%s), index %.0f MB (%zu aggregated entries)\n", double(rowBytes(*run->profile())) / 1e6,
                    run->profile()->hasPeriods() ? "with periods" : "no periods", double(run->profileIndex()->memoryBytes()) / 1e6,
                    run->profileIndex()->aggregatedEntries());
        std::printf("  %zu of %zu buckets keep their tasks' stacks, %zu by CPU\n", run->profileIndex()->bucketsWithTaskStacks(),
                    run->profileIndex()->bucketCount(), run->profileIndex()->bucketsWithTaskStacksByCpu());
        check(tree->totalSamples() == run->profileIndex()->totalSamples(), "the tree holds every sample");
        return check.exitCode();
    }
    const bool quick = application.arguments().contains(QStringLiteral("--quick"));
    const std::int64_t seconds = quick ? 360 : 3600;
    const int repetitions = quick ? 3 : 7;

    QElapsedTimer timer;
    timer.start();
    const ProfileTables baseline = makeHour(1, seconds);
    const ProfileTables tuned = makeHour(2, seconds);
    const std::size_t samples = baseline.samples.size();
    std::printf("bench_profilescale: %zu samples (%u CPUs x %u Hz x %lld s), %zu distinct stacks%s; synthesised in %.1f s\n",
                samples, kCpus, kHz, (long long)seconds, baseline.stacks.size(), quick ? " (quick)" : "",
                double(timer.elapsed()) / 1e3);
    const double rssBefore = bench::residentMb("VmRSS:");

    ProfileIndexPtr index;
    const bench::Timing indexTime = bench::medianOf(1, [&](int) { index = ProfileIndex::build(baseline); });
    const ProfileIndexPtr tunedIndex = ProfileIndex::build(tuned);
    check(index && index->totalSamples() == samples, "the index counts every sample");
    std::printf("  index build:          %8.0f ms wall, %8.0f ms CPU   (%zu buckets of %lld s, %zu aggregated entries)\n", indexTime.wallMs,
                indexTime.cpuMs, index->bucketCount(), (long long)(index->bucketNs() / 1'000'000'000), index->aggregatedEntries());
    std::printf("  memory per run:       %8.0f MB rows + %6.0f MB index        [app <= 1.5 GB]\n",
                double(rowBytes(baseline)) / 1e6, double(index->memoryBytes()) / 1e6);
    std::printf("  resident:             %8.0f MB for two runs with their indexes (%.0f MB before the indexes)\n",
                bench::residentMb("VmRSS:"), rssBefore);

    StackTreePtr whole;
    const bench::Timing wholeTime = bench::medianOf(repetitions, [&](int) { whole = StackTree::build(*index); });
    check(whole->totalSamples() == samples, "the whole-run tree holds every sample");
    std::printf("  whole run tree:       %8.1f ms wall, %8.1f ms CPU   (%zu nodes)          [<= 150 ms]\n", wholeTime.wallMs, wholeTime.cpuMs,
                whole->nodes().size());

    std::mt19937_64 random(3);
    for (const std::int64_t window : {std::int64_t(30), std::int64_t(300)}) {
        std::uint64_t kept = 0;
        const bench::Timing refilterTime = bench::medianOf(repetitions, [&](int) {
            // Edges anywhere inside seconds: both edge buckets are scanned row by row.
            const std::int64_t begin = std::int64_t(random() % std::uint64_t((seconds - window) * 1'000'000'000));
            StackTreeFilter filter;
            filter.timeNs = std::pair{begin, begin + window * 1'000'000'000};
            kept = StackTree::build(*index, filter)->totalSamples();
        });
        check(kept > 0 && kept < samples, "a range keeps part of the samples");
        std::printf("  refilter %3llds range:  %8.1f ms wall, %8.1f ms CPU                         [<= 150 ms]\n",
                    (long long)window, refilterTime.wallMs, refilterTime.cpuMs);
    }

    const auto filtered = [&](const char* what, const StackTreeFilter& base, const ProfileIndex& index) {
        for (const std::int64_t window : {std::int64_t(0), std::int64_t(300)}) {
            StackTreeFilter filter = base;
            if (window > 0)
                filter.timeNs = std::pair<std::int64_t, std::int64_t>{600'000'000'000 % (seconds * 1'000'000'000 - window * 1'000'000'000),
                                                                     600'000'000'000 % (seconds * 1'000'000'000 - window * 1'000'000'000) + window * 1'000'000'000};
            std::uint64_t kept = 0;
            const bench::Timing filterTime = bench::medianOf(repetitions, [&](int) { kept = StackTree::build(index, filter)->totalSamples(); });
            check(kept > 0 && kept < samples, "a filter keeps part of the samples");
            std::printf("  %-14s %s  %8.1f ms wall, %8.1f ms CPU                         [<= 150 ms]\n", what,
                        window > 0 ? "300 s:" : "run:  ", filterTime.wallMs, filterTime.cpuMs);
        }
    };
    StackTreeFilter cpus;
    for (std::uint32_t c = 0; c < 48; ++c)
        cpus.cpus.push_back(c);
    filtered("48 CPUs", cpus, *index);
    StackTreeFilter process;
    process.pids = {10'007};
    filtered("one process", process, *index);
    // Half the samples: as a host whose service is its busiest process is filtered to it.
    StackTreeFilter half;
    for (std::uint32_t pid = 10'000; pid < 10'100; ++pid)
        half.pids.push_back(pid);
    filtered("100 processes", half, *index);
    StackTreeFilter threads;
    threads.tids = {10'007, 10'207, 10'407};
    filtered("three threads", threads, *index);
    // A CPU filter with a process filter: where threads move among CPUs, task stacks are not kept
    // by CPU, and the rows are read.
    StackTreeFilter cpusOfProcess = cpus;
    cpusOfProcess.pids = process.pids;
    filtered("48 CPUs+1 proc", cpusOfProcess, *index);

    const StackTreePtr tunedWhole = StackTree::build(*tunedIndex);
    StackTreePtr diff;
    const bench::Timing diffTime = bench::medianOf(repetitions, [&](int) {
        diff = StackTreeDiff::compute(*StackTree::build(*index), *StackTree::build(*tunedIndex));
    });
    check(diff->totalSamples() == samples && diff->baselineSamples() == samples, "the diff keeps both totals");
    std::printf("  differential:         %8.1f ms wall, %8.1f ms CPU   (two trees and their diff) [<= 300 ms]\n", diffTime.wallMs,
                diffTime.cpuMs);

    FlameGraphView view;
    view.resize(1920, 1080);
    view.setTree(diff);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const bench::Timing paintTime = bench::medianOf(repetitions * 2, [&](int) {
        QPainter painter(&image);
        view.render(&painter);
    });
    check(view.drawnFrameCount() > 10, "the view draws frames");
    std::printf("  paint 1920x1080:      %8.1f ms wall, %8.1f ms CPU   (%d frames drawn)     [<= 16 ms]\n", paintTime.wallMs, paintTime.cpuMs,
                view.drawnFrameCount());
    std::printf("  peak resident:        %8.0f MB (VmHWM, two runs)\n", bench::residentMb("VmHWM:"));

    // A benchmark's hour: its threads' stacks repeat, and process and thread filters add up those.
    const ProfileTables benchmark = makeHour(4, seconds, Workload::Benchmark);
    ProfileIndexPtr benchmarkIndex;
    const bench::Timing benchmarkIndexTime = bench::medianOf(1, [&](int) { benchmarkIndex = ProfileIndex::build(benchmark); });
    std::printf("benchmark (a worker per CPU in 8 processes, nine samples in ten on 10 hot stacks):\n");
    std::printf("  index build:          %8.0f ms wall, %8.0f ms CPU   (%zu of %zu buckets keep their tasks' stacks, %zu by CPU)\n",
                benchmarkIndexTime.wallMs, benchmarkIndexTime.cpuMs, benchmarkIndex->bucketsWithTaskStacks(), benchmarkIndex->bucketCount(),
                benchmarkIndex->bucketsWithTaskStacksByCpu());
    std::printf("  memory:               %8.0f MB rows + %6.0f MB index\n", double(rowBytes(benchmark)) / 1e6,
                double(benchmarkIndex->memoryBytes()) / 1e6);
    check(benchmarkIndex->bucketsWithTaskStacks() == benchmarkIndex->bucketCount(), "every bucket keeps its tasks' stacks");
    StackTreeFilter oneProcess;
    oneProcess.pids = {10'003};
    filtered("one process", oneProcess, *benchmarkIndex);
    StackTreeFilter halfTheProcesses;
    halfTheProcesses.pids = {10'000, 10'001, 10'002, 10'003};
    filtered("4 processes", halfTheProcesses, *benchmarkIndex);
    StackTreeFilter oneThread;
    oneThread.tids = {10'100};
    filtered("one thread", oneThread, *benchmarkIndex);
    StackTreeFilter halfTheCpusOfHalf = halfTheProcesses;
    for (std::uint32_t c = 0; c < kCpus / 2; ++c)
        halfTheCpusOfHalf.cpus.push_back(c);
    filtered("96 CPUs+4 proc", halfTheCpusOfHalf, *benchmarkIndex);
    return check.exitCode();
}
