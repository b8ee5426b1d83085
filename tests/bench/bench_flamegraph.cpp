// Benchmarks of the flame-graph paths (issue targets in brackets), on a synthetic profile of
// 1,000,000 samples over 100,000 distinct stacks spread over 100 s:
//   - call tree build                                  [<= 300 ms]
//   - differential tree of two such runs               [<= 300 ms]
//   - refilter for a new time range                    [<= 150 ms]
//   - paint of a 1920x1080 flame graph into a QImage   [<= 16 ms]
//   - `perf script` import                             [>= 150 MB/s]
//   - differential of two variants of 5 runs each, every frame tested across the runs [<= 1 s]
// It prints figures (best of a few repetitions) and fails only when a result is wrong.
// --quick (the CTest run) uses a tenth of the size.
#include "BenchTiming.h"
#include "FlameGraphView.h"
#include "PerfScriptParser.h"
#include "ProfileIndex.h"
#include "StackTreeDiff.h"
#include "VariantDiff.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>

#include <time.h>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileTables;

namespace {

struct Synthetic {
    ProfileTables profile;
    std::vector<std::uint32_t> depth;
};

// Stacks grow as a random prefix tree (each new stack a child of an earlier one, biased to recent
// ones so that depths reach 20-40), over a few thousand functions; samples pick stacks with a
// skew so that some paths are hot, as in real profiles.
ProfileTables makeProfile(std::size_t samples, std::size_t stacks, std::uint32_t seed)
{
    std::mt19937_64 random(seed);
    ProfileTables profile;
    const std::size_t functions = std::max<std::size_t>(200, stacks / 20);
    for (std::size_t f = 0; f < functions; ++f) {
        const bool kernel = f % 10 == 0;
        profile.frames.push_back({"function_" + std::to_string(f) + (f % 3 == 0 ? "<std::string>::operator()" : ""),
                                  kernel ? "[kernel.kallsyms]" : "libapp" + std::to_string(f % 7) + ".so",
                                  kernel ? FrameKind::Kernel : FrameKind::User});
    }
    for (std::size_t s = 0; s < stacks; ++s) {
        std::uint32_t parent = kNoStack;
        if (s >= 8) {
            // Mostly extend one of the last few hundred stacks, sometimes branch from anywhere.
            const std::size_t window = std::min<std::size_t>(s, 300);
            parent = (random() % 8 == 0) ? std::uint32_t(random() % s) : std::uint32_t(s - 1 - random() % window);
        }
        profile.stacks.push_back({parent, std::uint32_t(random() % functions)});
    }
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto& rows = profile.samples;
    for (std::size_t i = 0; i < samples; ++i) {
        rows.timeNs.push_back(std::int64_t(double(i) * 100e9 / double(samples)));
        rows.cpu.push_back(std::uint32_t(random() % 64));
        rows.pid.push_back(1000 + std::uint32_t(random() % 4));
        rows.tid.push_back(2000 + std::uint32_t(random() % 32));
        const double u = unit(random);
        rows.stack.push_back(std::uint32_t(double(stacks) * u * u) % std::uint32_t(stacks));
    }
    return profile;
}

// The profile as `perf script` prints it: header, frames innermost first with addresses and
// +0x offsets, an empty line.
std::string perfScriptOf(const ProfileTables& profile, std::size_t samples)
{
    std::string text;
    text.reserve(samples * 600);
    char line[512];
    for (std::size_t i = 0; i < samples; ++i) {
        const auto& rows = profile.samples;
        const std::int64_t ns = rows.timeNs[i];
        std::snprintf(line, sizeof line, "app %u/%u [%03u] %lld.%06lld:     250000 cpu-clock:\n", rows.pid[i],
                      rows.tid[i], rows.cpu[i], (long long)(ns / 1'000'000'000), (long long)(ns % 1'000'000'000 / 1000));
        text += line;
        for (std::uint32_t s = rows.stack[i]; s != kNoStack; s = profile.stacks[s].parent) {
            const auto& frame = profile.frames[profile.stacks[s].frame];
            std::snprintf(line, sizeof line, "\t    %llx %s+0x%x (%s)\n",
                          (unsigned long long)(0x7f0000000000ULL + profile.stacks[s].frame * 0x40ULL), frame.symbol.c_str(),
                          unsigned(s % 0x1ff), frame.module.c_str());
            text += line;
        }
        text += '\n';
    }
    return text;
}

bench::Checks check;

} // namespace

int main(int argc, char** argv)
{
    QApplication application(argc, argv);
    const bool quick = application.arguments().contains(QStringLiteral("--quick"));
    const std::size_t samples = quick ? 100'000 : 1'000'000;
    const std::size_t stacks = quick ? 10'000 : 100'000;
    const int repetitions = quick ? 2 : 5;
    // --write FILE: 60 MB of the `perf script` text of the import figure (32,000 samples), to time other
    // tools (stackcollapse-perf.pl) on the same input.
    if (const qsizetype at = application.arguments().indexOf(QStringLiteral("--write")); at > 0 && at + 1 < application.arguments().size()) {
        const std::string text = perfScriptOf(makeProfile(samples, stacks, 1), 32'000);
        std::FILE* file = std::fopen(application.arguments().at(at + 1).toLocal8Bit().constData(), "wb");
        const bool written = file && std::fwrite(text.data(), 1, text.size(), file) == text.size();
        if (file)
            std::fclose(file);
        std::printf("bench_flamegraph: %s %zu bytes of perf script text\n", written ? "wrote" : "could not write", text.size());
        return written ? 0 : 1;
    }

    std::printf("bench_flamegraph: %zu samples over %zu distinct stacks%s\n", samples, stacks, quick ? " (quick)" : "");
    const ProfileTables baselineProfile = makeProfile(samples, stacks, 1);
    const ProfileTables tunedProfile = makeProfile(samples, stacks, 2);

    StackTreePtr baseline;
    // At load: the run's profile index (once), then its whole-run tree.
    const bench::Timing buildTime = bench::bestOf(repetitions, [&] { baseline = StackTree::build(baselineProfile); });
    const ProfileIndexPtr baselineIndex = ProfileIndex::build(baselineProfile);
    check(baseline->totalSamples() == samples, "the tree holds every sample");
    std::printf("  index + tree build:  %8.1f ms wall, %8.1f ms CPU  (%zu nodes)       [<= 300 ms]\n", buildTime.wallMs, buildTime.cpuMs,
                baseline->nodes().size());

    const StackTreePtr tuned = StackTree::build(tunedProfile);
    StackTreePtr diff;
    const bench::Timing diffTime = bench::bestOf(repetitions, [&] { diff = StackTreeDiff::compute(*baseline, *tuned); });
    check(diff->totalSamples() == samples && diff->baselineSamples() == samples, "the diff keeps both totals");
    std::printf("  diff:                %8.1f ms wall, %8.1f ms CPU  (%zu nodes)       [<= 300 ms]\n", diffTime.wallMs, diffTime.cpuMs,
                diff->nodes().size());

    StackTreeFilter range;
    StackTreePtr filtered;
    int step = 0;
    const bench::Timing refilterTime = bench::bestOf(repetitions, [&] {
        range.timeNs = std::pair<std::int64_t, std::int64_t>{std::int64_t(10 + step) * 1'000'000'000,
                                                             std::int64_t(40 + step) * 1'000'000'000};
        ++step;
        filtered = StackTree::build(*baselineIndex, range);
    });
    check(filtered->totalSamples() > 0 && filtered->totalSamples() < samples, "the range keeps part of the samples");
    std::printf("  refilter (30 s):     %8.1f ms wall, %8.1f ms CPU                       [<= 150 ms]\n", refilterTime.wallMs, refilterTime.cpuMs);

    FlameGraphView view;
    view.resize(1920, 1080);
    view.setTree(diff);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    const bench::Timing paintTime = bench::bestOf(repetitions * 2, [&] {
        QPainter painter(&image);
        view.render(&painter);
    });
    std::printf("  paint 1920x1080:     %8.1f ms wall, %8.1f ms CPU  (%d frames drawn)  [<= 16 ms]\n", paintTime.wallMs, paintTime.cpuMs,
                view.drawnFrameCount());
    const bench::Timing layoutTime = bench::bestOf(repetitions, [&] { view.setTree(diff); });
    std::printf("  layout (new tree):   %8.1f ms wall, %8.1f ms CPU\n", layoutTime.wallMs, layoutTime.cpuMs);
    check(view.drawnFrameCount() > 10, "the view draws frames");

    const std::size_t scriptSamples = quick ? 20'000 : 300'000;
    const std::string script = perfScriptOf(baselineProfile, scriptSamples);
    ProfileTables imported;
    const bench::Timing importTime = bench::bestOf(quick ? 1 : 3, [&] { imported = runlens::format::readPerfScript(script); });
    check(imported.samples.size() == scriptSamples, "every perf script sample is imported");
    check(StackTree::build(imported)->totalSamples() == scriptSamples, "the imported profile builds a tree");
    const double megabytes = double(script.size()) / 1e6;
    std::printf("  perf script import:  %8.1f MB/s wall, %8.1f MB/s CPU (%.0f MB in %.0f ms)  [>= 150 MB/s]\n",
                megabytes / (importTime.wallMs / 1e3), megabytes / (importTime.cpuMs / 1e3), megabytes, importTime.wallMs);

    // Two variants of five runs (different seeds: every run differs a little), one tree per run
    // from its index, then the frames tested across runs: what the panel does for tagged repeats.
    const int repeats = quick ? 3 : 5;
    std::vector<ProfileTables> runs;
    runs.reserve(std::size_t(2 * repeats)); // an index refers to its tables: they must not move
    std::vector<ProfileIndexPtr> indexes;
    // Repeats of one program: the same stacks, samples drawn anew with the same skew, and the
    // tuned variant spending a little more in one branch.
    for (int r = 0; r < 2 * repeats; ++r) {
        runs.push_back(baselineProfile);
        std::mt19937_64 random(100 + std::uint64_t(r));
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        for (auto& stack : runs.back().samples.stack) {
            const double u = unit(random);
            stack = std::uint32_t(double(stacks) * u * u) % std::uint32_t(stacks);
            if (r >= repeats && random() % 20 == 0)
                stack = std::uint32_t(stacks - 1);
        }
        indexes.push_back(ProfileIndex::build(runs.back()));
    }
    StackTreePtr variants;
    const bench::Timing variantTime = bench::bestOf(quick ? 1 : 3, [&] {
        std::vector<StackTreePtr> before;
        std::vector<StackTreePtr> after;
        for (int r = 0; r < 2 * repeats; ++r)
            (r < repeats ? before : after).push_back(StackTree::build(*indexes[std::size_t(r)]));
        variants = VariantDiff::compute(before, after);
    });
    check(variants->hasVerdicts() && variants->totalSamples() == samples * std::size_t(repeats), "the variants are pooled and tested");
    std::size_t real = 0;
    for (std::uint32_t n = 0; n < variants->nodes().size(); ++n)
        real += variants->verdict(n) == FrameVerdict::Real ? 1 : 0;
    std::printf("  variants %d + %d:      %8.1f ms wall, %8.1f ms CPU  (%zu nodes, %zu beyond noise)  [<= 1000 ms]\n", repeats,
                repeats, variantTime.wallMs, variantTime.cpuMs, variants->nodes().size(), real);
    return check.exitCode();
}
