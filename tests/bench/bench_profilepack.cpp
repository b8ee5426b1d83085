// The recorder's side of a long profile (issue 22): an hour of stack samples of a 192-CPU host at
// 49 Hz (34 million samples), recorded into the profile journal, packed into the archive and read
// back. Prints what each step costs; fails only when the archive does not hold every sample.
//
// The synthetic host: 200,000 distinct sampled stacks of depth ~30 (each new one shares a prefix
// of an earlier one, as call trees do), chosen with Zipf popularity (s = 1); 3,000 threads in 150
// processes; each CPU runs a thread for a few samples (geometric, mean 8) or idles (swapper, a few
// idle stacks); a thread samples the same stack again one time in four. Frames are C++-style
// symbols of ~60 bytes in ~200 modules, kernel frames at the leaves of syscall stacks. The journal
// is written by the real ProfileBuilder and ProfileJournalWriter, one append per second, each
// CPU's samples in turn (as the sampler drains its buffers).
//
// Each step runs in a child process of its own (this program again, with --child-...) and is
// measured by wait4: CPU seconds and peak RSS (ru_maxrss) of that step alone.
//
//   bench_profilepack                 the full hour (needs ~1 GB of disk for the journal)
//   bench_profilepack --quick         one minute (the CTest run)
//   bench_profilepack --seconds N --cpus N --periods (cycles: every sample weighs its period)
//   --compare                         also the size the format 1.x samples.bin would have had
#include "AllocatorSettings.h"
#include "ArchiveReader.h"
#include "ChildProcess.h"
#include "ProcStatus.h"
#include "ProfileBuilder.h"
#include "ProfileEncoding.h"
#include "ProfileJournal.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"

#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <malloc.h>
#include <random>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using namespace runlens::format;

namespace {

struct Settings {
    int seconds = 3600;
    std::uint32_t cpus = 192;
    int hz = 49;
    std::uint32_t leaves = 200'000;
    std::uint32_t threads = 3000;
    bool periods = false;
    bool compare = false;
};

// A call tree with `leaves` distinct sampled stacks, kept small: each leaf is a prefix of an
// earlier leaf plus a few new frames, so the model takes some bytes per leaf, not 30 frame ids.
class CallTreeModel
{
public:
    struct Frame {
        std::string symbol;
        std::string module;
        FrameKind kind;
    };

    CallTreeModel(std::uint32_t leafCount, std::mt19937_64& random)
    {
        constexpr std::uint32_t kUserFrames = 36'000;
        constexpr std::uint32_t kKernelFrames = 4'000;
        static const char* const kTypes[] = {"std::string const&", "unsigned long", "int", "char const*", "void*",
                                             "std::vector<int, std::allocator<int> >&", "double"};
        for (std::uint32_t f = 0; f < kUserFrames; ++f) {
            std::string symbol = "svc";
            symbol.append(std::to_string(f % 211)).append("::Component").append(std::to_string(f % 997)).append("::method");
            symbol.append(std::to_string(f)).append("(").append(kTypes[f % 7]).append(", ").append(kTypes[(f / 7) % 7]).append(")");
            std::string module = "libservice";
            module.append(std::to_string(f % 200)).append(".so.").append(std::to_string(1 + f % 3));
            m_frames.push_back({std::move(symbol), std::move(module), FrameKind::User});
        }
        for (std::uint32_t f = 0; f < kKernelFrames; ++f) {
            std::string symbol = "__x64_sys_call_";
            symbol.append(std::to_string(f));
            m_frames.push_back({std::move(symbol), "[kernel.kallsyms]", FrameKind::Kernel});
        }
        // Idle: five kernel frames, leaves 0..7 differ in the innermost one.
        for (const char* name : {"secondary_startup_64", "cpu_startup_entry", "do_idle", "default_idle_call", "native_safe_halt",
                                 "acpi_idle_enter", "intel_idle", "mwait_idle", "poll_idle", "cpuidle_enter_state", "tick_nohz_idle_enter"}) {
            m_idleFrames.push_back(std::uint32_t(m_frames.size()));
            m_frames.push_back({name, "[kernel.kallsyms]", FrameKind::Kernel});
        }
        std::uniform_int_distribution<std::uint32_t> userFrame(0, kUserFrames - 1);
        std::uniform_int_distribution<std::uint32_t> kernelFrame(kUserFrames, kUserFrames + kKernelFrames - 1);
        std::normal_distribution<double> depth(30, 6);
        std::uniform_int_distribution<int> cut(1, 8);
        std::bernoulli_distribution kernelLeaf(0.15);
        for (std::uint32_t i = 0; i < 8; ++i) {
            // The idle stacks.
            Leaf leaf{-1, 0, 6, std::uint32_t(m_added.size())};
            for (int f = 0; f < 5; ++f)
                m_added.push_back(m_idleFrames[std::size_t(f)]);
            m_added.push_back(m_idleFrames[5 + i % 6]);
            m_leaves.push_back(leaf);
        }
        for (std::uint32_t i = 8; i < leafCount; ++i) {
            Leaf leaf;
            const int target = std::clamp(int(std::lround(depth(random))), 6, 60);
            if (i < 8 + 300) {
                leaf = {-1, 0, std::uint16_t(std::min(target, 14)), std::uint32_t(m_added.size())};
            } else {
                const auto parent = std::uniform_int_distribution<std::uint32_t>(8, i - 1)(random);
                const int parentDepth = depthOf(parent);
                const int keep = std::max(1, parentDepth - cut(random));
                leaf = {std::int32_t(parent), std::uint16_t(keep), std::uint16_t(std::max(1, target - keep)), std::uint32_t(m_added.size())};
            }
            const bool kernel = kernelLeaf(random);
            for (int f = 0; f < leaf.added; ++f)
                m_added.push_back(kernel && f + 4 >= leaf.added ? kernelFrame(random) : userFrame(random));
            m_leaves.push_back(leaf);
        }
    }

    std::size_t leafCount() const { return m_leaves.size(); }
    const Frame& frame(std::uint32_t id) const { return m_frames[id]; }
    std::size_t frameCount() const { return m_frames.size(); }
    // The frames of a leaf, outermost first.
    void framesOf(std::uint32_t leaf, std::vector<std::uint32_t>& out) const
    {
        const Leaf& l = m_leaves[leaf];
        if (l.parent >= 0) {
            framesOf(std::uint32_t(l.parent), out);
            out.resize(l.keep);
        } else {
            out.clear();
        }
        out.insert(out.end(), m_added.begin() + l.offset, m_added.begin() + l.offset + l.added);
    }
    std::size_t bytes() const { return m_leaves.size() * sizeof(Leaf) + m_added.size() * 4; }

private:
    struct Leaf {
        std::int32_t parent = -1;
        std::uint16_t keep = 0;
        std::uint16_t added = 0;
        std::uint32_t offset = 0;
    };
    int depthOf(std::uint32_t leaf) const { return m_leaves[leaf].keep + m_leaves[leaf].added; }

    std::vector<Frame> m_frames;
    std::vector<std::uint32_t> m_idleFrames;
    std::vector<Leaf> m_leaves;
    std::vector<std::uint32_t> m_added;
};

// A field of /proc/self/status in KiB: "VmRSS" now, "VmHWM" the peak so far.
// The recording side: what the sampler's ProfileBuilder and the journal writer hold over the run.
int recordJournal(const Settings& settings, const std::string& spool)
{
    runlens::recorder::keepLargeAllocationsReturnable(); // as runlens-rec record does
    std::mt19937_64 random(22);
    const CallTreeModel model(settings.leaves, random);
    // Zipf over the leaves (idle stacks excepted), popularity in a random order of leaves.
    std::vector<double> cdf(model.leafCount() - 8);
    double sum = 0;
    for (std::size_t r = 0; r < cdf.size(); ++r)
        cdf[r] = sum += 1.0 / double(r + 1);
    std::vector<std::uint32_t> byRank(cdf.size());
    for (std::size_t r = 0; r < byRank.size(); ++r)
        byRank[r] = std::uint32_t(8 + r);
    std::shuffle(byRank.begin(), byRank.end(), random);
    std::uniform_real_distribution<double> uniform(0, sum);
    const auto popularLeaf = [&] {
        return byRank[std::size_t(std::lower_bound(cdf.begin(), cdf.end(), uniform(random)) - cdf.begin())];
    };

    // What the process and the synthetic model hold before recording starts: the rest is the
    // recording side's own.
    const double baselineMiB = double(bench::procStatusKiB("VmRSS:")) / 1024;
    std::printf("  before recording: RSS %6.1f MiB (the bench process and its synthetic model)\n", baselineMiB);
    ProfileBuilder builder;
    ProfileJournalWriter journal((fs::path(spool) / spool::kProfileJournal).string());
    std::vector<std::uint32_t> builderFrame(model.frameCount(), kNoStack);
    std::vector<std::uint32_t> leafStack(model.leafCount(), kNoStack);
    std::vector<std::uint32_t> path;
    const auto stackOf = [&](std::uint32_t leaf) {
        if (leafStack[leaf] != kNoStack)
            return leafStack[leaf];
        model.framesOf(leaf, path);
        std::uint32_t stack = kNoStack;
        for (const std::uint32_t f : path) {
            if (builderFrame[f] == kNoStack)
                builderFrame[f] = builder.frame(model.frame(f).symbol, model.frame(f).module, model.frame(f).kind);
            stack = builder.stack(stack, builderFrame[f]);
        }
        return leafStack[leaf] = stack;
    };
    std::vector<std::string> commands(settings.threads);
    for (std::uint32_t t = 0; t < settings.threads; ++t)
        commands[t].append("svc").append(std::to_string(t / 20)).append("-worker-").append(std::to_string(t % 20));

    struct CpuState {
        int remaining = 0;
        std::int64_t thread = -1; // -1: idle
        std::uint32_t leaf = 0;
        double period = 51'000'000;
    };
    std::vector<CpuState> cpus(settings.cpus);
    std::geometric_distribution<int> runLength(1.0 / 8);
    std::bernoulli_distribution idle(0.25);
    std::bernoulli_distribution sameStack(0.25);
    std::uniform_int_distribution<std::uint32_t> anyThread(0, settings.threads - 1);
    std::normal_distribution<double> periodNoise(0, 0.02);
    std::uniform_int_distribution<int> jitter(-50'000, 50'000);
    const std::int64_t spacing = 1'000'000'000 / settings.hz;

    std::uint64_t samples = 0;
    const int checkpoints[] = {settings.seconds / 10, settings.seconds / 4, settings.seconds / 2, settings.seconds};
    for (int second = 0; second < settings.seconds; ++second) {
        for (std::uint32_t cpu = 0; cpu < settings.cpus; ++cpu) {
            CpuState& state = cpus[cpu];
            for (int k = 0; k < settings.hz; ++k) {
                if (state.remaining-- <= 0) {
                    state.remaining = runLength(random);
                    state.thread = idle(random) ? -1 : std::int64_t(anyThread(random));
                    state.leaf = state.thread < 0 ? std::uint32_t(cpu % 8) : popularLeaf();
                } else if (state.thread >= 0 && !sameStack(random)) {
                    state.leaf = popularLeaf();
                }
                const std::uint32_t tid = state.thread < 0 ? 0 : std::uint32_t(10'000 + state.thread);
                const std::uint32_t pid = state.thread < 0 ? 0 : std::uint32_t(10'000 + state.thread / 20 * 20);
                builder.task(tid, pid, state.thread < 0 ? "swapper" : commands[std::size_t(state.thread)]);
                const std::int64_t time = std::int64_t(second) * 1'000'000'000 + std::int64_t(cpu) * 200'000 + k * spacing + jitter(random);
                const std::uint32_t stack = stackOf(state.leaf);
                if (settings.periods) {
                    state.period = std::max(1e6, state.period * (1 + periodNoise(random)));
                    builder.weightedSample(time, cpu, pid, tid, stack, 1, std::uint64_t(state.period));
                } else {
                    builder.sample(time, cpu, pid, tid, stack);
                }
                ++samples;
            }
        }
        builder.tables().info = {{"backend", "native"}, {"event", settings.periods ? "cycles" : "cpu-clock"},
                                 {"frequency_hz", settings.hz}, {"cpus", settings.cpus}, {"samples", samples}};
        journal.append(builder, 0);
        builder.clearBatch();
        if (std::find(std::begin(checkpoints), std::end(checkpoints), second + 1) != std::end(checkpoints))
            std::printf("  recording side after %5d s: RSS %6.1f MiB (frames %zu, stacks %zu, tasks %zu, samples %llu)\n",
                        second + 1, double(bench::procStatusKiB("VmRSS:")) / 1024, builder.frameCount(), builder.tables().stacks.size(),
                        builder.tables().tasks.size(), static_cast<unsigned long long>(samples));
    }
    std::printf("  (of which the synthetic model: %.1f MiB of leaves, %.1f MiB of Zipf table)\n", double(model.bytes()) / (1 << 20),
                double(cdf.size() * 12) / (1 << 20));
    const struct mallinfo2 heap = ::mallinfo2();
    std::printf("  malloc: %.1f MiB in use (%.1f MiB of it in mmapped blocks), %.1f MiB held free in the heap\n",
                double(heap.uordblks + heap.hblkhd) / (1 << 20), double(heap.hblkhd) / (1 << 20), double(heap.fordblks) / (1 << 20));
    std::printf("  builder: %zu frames, %zu stacks (capacity %zu)\n", builder.frameCount(), builder.tables().stacks.size(),
                builder.tables().stacks.capacity());
    std::printf("  the recording side's own: %.1f MiB at the end, %.1f MiB at its peak (RSS less the process before recording)"
                "   (target: <= 30 MB)\n",
                double(bench::procStatusKiB("VmRSS:")) / 1024 - baselineMiB, double(bench::procStatusKiB("VmHWM:")) / 1024 - baselineMiB);
    spool::writeFileAtomically(spool, spool::kManifest,
                               R"({"format_version": "2.0", "run": {"name": "profilepack"}, "end": {"reason": "duration"}})");
    std::fflush(stdout);
    return 0;
}

int packChild(const std::string& spool, const std::string& archive)
{
    runlens::recorder::keepLargeAllocationsReturnable(); // as runlens-rec pack does
    const PackResult result = packSpool(spool, archive);
    std::printf("  packed %llu samples (%llu late)\n", static_cast<unsigned long long>(result.profileSamples),
                static_cast<unsigned long long>(result.profileLateSamples));
    std::fflush(stdout);
    return 0;
}

int readChild(const std::string& archive, std::uint64_t expectedSamples, bool compare)
{
    const RunArchive run = readRunArchive(archive);
    if (!run.profile) {
        std::printf("FAIL: the archive has no profile\n");
        return 1;
    }
    const ProfileSamples& samples = run.profile->samples;
    std::uint64_t total = 0;
    bool ordered = true;
    for (std::size_t row = 0; row < samples.size(); ++row) {
        total += samples.countAt(row);
        ordered = ordered && (row == 0 || samples.timeNs[row] >= samples.timeNs[row - 1]);
    }
    std::printf("  decoded %zu rows standing for %llu samples, %zu stacks, %zu frames, %zu tasks, time-ordered: %s\n", samples.size(),
                static_cast<unsigned long long>(total), run.profile->stacks.size(), run.profile->frames.size(),
                run.profile->tasks.size(), ordered ? "yes" : "NO");
    if (compare) {
        const EncodedProfile old = encodeProfileFormat1(*run.profile);
        std::string bytes = old.samples + old.sampleColumns;
        uLongf size = compressBound(uLong(bytes.size()));
        std::string out(size, '\0');
        compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(bytes.data()), uLong(bytes.size()), 6);
        std::printf("  for comparison: the same rows as format 1.x samples.bin(+columns): %.1f MiB, %.1f MiB with gzip -6\n",
                    double(bytes.size()) / (1 << 20), double(size) / (1 << 20));
    }
    std::fflush(stdout);
    if (total != expectedSamples || !ordered) {
        std::printf("FAIL: expected %llu samples in time order\n", static_cast<unsigned long long>(expectedSamples));
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    Settings settings;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() >= 3 && args[0] == "--child-pack")
        return packChild(args[1], args[2]);
    if (args.size() >= 4 && args[0] == "--child-read")
        return readChild(args[1], std::strtoull(args[2].c_str(), nullptr, 10), args[3] == "compare");
    if (args.size() >= 5 && args[0] == "--child-record") {
        settings.seconds = std::atoi(args[2].c_str());
        settings.cpus = std::uint32_t(std::atoi(args[3].c_str()));
        settings.periods = args[4] == "periods";
        return recordJournal(settings, args[1]);
    }
    std::string directory;
    std::string keep; // --keep FILE: the archive is moved there (bench_profilescale --open times the app's load)
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--quick")
            settings.seconds = 60;
        else if (args[i] == "--seconds" && i + 1 < args.size())
            settings.seconds = std::atoi(args[++i].c_str());
        else if (args[i] == "--cpus" && i + 1 < args.size())
            settings.cpus = std::uint32_t(std::atoi(args[++i].c_str()));
        else if (args[i] == "--periods")
            settings.periods = true;
        else if (args[i] == "--compare")
            settings.compare = true;
        else if (args[i] == "--dir" && i + 1 < args.size())
            directory = args[++i];
        else if (args[i] == "--keep" && i + 1 < args.size())
            keep = args[++i];
        else {
            std::fprintf(stderr, "usage: bench_profilepack [--quick] [--seconds N] [--cpus N] [--periods] [--compare] [--dir DIR] [--keep FILE]\n");
            return 2;
        }
    }
    std::string work = ((directory.empty() ? fs::temp_directory_path() : fs::path(directory)) / "bench_profilepack.XXXXXX").string();
    if (!::mkdtemp(work.data())) {
        std::perror("mkdtemp");
        return 1;
    }
    const std::string spool = (fs::path(work) / "profilepack.spool").string();
    const std::string archive = (fs::path(work) / "profilepack.tar.gz").string();
    fs::create_directory(spool);
    const std::uint64_t expected = std::uint64_t(settings.seconds) * settings.cpus * std::uint64_t(settings.hz);

#if defined(__SANITIZE_ADDRESS__)
    std::printf("bench_profilepack: an AddressSanitizer build: its RSS and CPU figures are the sanitizer's, not the recorder's\n");
#endif
    std::printf("bench_profilepack: %u CPUs x %d Hz x %d s = %llu samples, %u distinct stacks (Zipf), %u threads%s\n", settings.cpus,
                settings.hz, settings.seconds, static_cast<unsigned long long>(expected), settings.leaves, settings.threads,
                settings.periods ? ", with periods (cycles)" : "");
    const bench::ChildExit record = bench::runChild("/proc/self/exe", {"bench_profilepack", "--child-record", spool, std::to_string(settings.seconds),
                                       std::to_string(settings.cpus), settings.periods ? "periods" : "none"});
    const double journalMiB = double(fs::file_size(fs::path(spool) / spool::kProfileJournal)) / (1 << 20);
    std::printf("record (builder + journal writer): %.1f s CPU, peak RSS %.1f MiB; journal %.1f MiB (%.1f bytes/sample)\n",
                record.cpuSeconds, record.peakMiB, journalMiB, journalMiB * (1 << 20) / double(expected));

    const bench::ChildExit pack = bench::runChild("/proc/self/exe", {"bench_profilepack", "--child-pack", spool, archive});
    const double archiveMiB = double(fs::file_size(archive)) / (1 << 20);
    std::printf("pack: %.1f s CPU, %.1f s wall, peak RSS %.1f MiB   (targets: <= 20 s CPU, <= 30 MB)\n", pack.cpuSeconds,
                pack.wallSeconds, pack.peakMiB);
    std::printf("archive: %.1f MiB (the profile: no metrics here), %.2f bytes/sample, %.1f MiB per hour%s   (target: <= 150 MB/hour)\n",
                archiveMiB, archiveMiB * (1 << 20) / double(expected), archiveMiB * 3600.0 / settings.seconds,
                settings.seconds < 3600 ? " (scaled from this run: its frames and stacks, paid once a run, scaled too)" : "");
    fs::remove_all(spool);

    const bench::ChildExit read = bench::runChild("/proc/self/exe", {"bench_profilepack", "--child-read", archive, std::to_string(expected),
                                     settings.compare ? "compare" : "no"});
    std::printf("read + decode: %.1f s CPU, %.1f s wall, peak RSS %.1f MiB%s\n", read.cpuSeconds, read.wallSeconds, read.peakMiB,
                settings.compare ? " (with the comparison)" : "");
    if (!keep.empty())
        fs::copy_file(archive, keep, fs::copy_options::overwrite_existing);
    fs::remove_all(work);
    const bool ok = record.status == 0 && pack.status == 0 && read.status == 0;
    if (!ok)
        std::printf("FAIL: a step failed (record %d, pack %d, read %d)\n", record.status, pack.status, read.status);
    return ok ? 0 : 1;
}
