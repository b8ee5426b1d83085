// The whole runlens-rec process on a big host (issue 22): an hour of 192 CPUs at 49 Hz with
// 200,000 distinct stacks must stay within the recorder's 30 MB, while recording and while packing.
//
//   bench_bighost [--quick] [--seconds N] [--rings N] [--stacks N] [--keep DIR]
//
// This machine has two CPUs, so the recorder opens --rings sampling rings in all (192 by default,
// --profile-rings-per-cpu): the rings, the sample rate and the drain work of 192 CPUs. The load is
// rl_prof_target distinct, one process per CPU, walking --stacks distinct call paths 30 frames deep,
// so the stack table reaches the hour's size in minutes (it grows with distinct stacks, not time).
// Every other collector records as usual. Figures:
//   - the recorder's RSS every half second while recording (VmRSS, and its anonymous and
//     file-backed parts at the peak), its VmHWM at the end of recording and the manifest's own
//     recorder_cost.max_rss_bytes (recording and packing);
//   - `runlens-rec pack` of the kept spool alone: CPU and peak RSS (wait4);
//   - the archive: bytes, samples, distinct stacks, stack-tree nodes, frames, lost samples, drains.
// Printed, never asserted, except that the archive must hold samples.
#include "ArchiveReader.h"
#include "ChildProcess.h"
#include "FormatError.h"
#include "ProcStatus.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace runlens::format;
namespace fs = std::filesystem;

namespace {

const std::string kRecorder = RUNLENS_REC_PATH;
const std::string kLoad = RUNLENS_PROF_TARGET_PATH;

double monotonicSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

std::string readText(const fs::path& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

double mib(double kib)
{
    return kib / 1024.0;
}

} // namespace

int main(int argc, char** argv)
{
    int seconds = 600;
    int rings = 192;
    int stacks = 200'000;
    std::string keep;
    for (int i = 1; i < argc; ++i) {
        const std::string option = argv[i];
        if (option == "--quick") {
            seconds = 8;
            rings = 8;
            stacks = 2'000;
        } else if (option == "--seconds" && i + 1 < argc) {
            seconds = std::max(3, std::atoi(argv[++i]));
        } else if (option == "--rings" && i + 1 < argc) {
            rings = std::max(1, std::atoi(argv[++i]));
        } else if (option == "--stacks" && i + 1 < argc) {
            stacks = std::max(1, std::atoi(argv[++i]));
        } else if (option == "--keep" && i + 1 < argc) {
            keep = argv[++i];
        } else {
            std::fprintf(stderr, "usage: bench_bighost [--quick] [--seconds N] [--rings N] [--stacks N] [--keep DIR]\n");
            return 2;
        }
    }
    const long cpus = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
    const int ringsPerCpu = std::max(1, int((rings + cpus - 1) / cpus));
    const fs::path directory = keep.empty() ? fs::temp_directory_path() / ("bench_bighost." + std::to_string(::getpid())) : fs::path(keep);
    fs::remove_all(directory / "big.spool");
    fs::remove(directory / "big.tar.gz");
    fs::create_directories(directory);

    std::printf("runlens-rec record --profile: %ld CPUs x %d rings = %ld rings at 49 Hz, %d s, load: %ld x rl_prof_target distinct (%d paths)\n",
                cpus, ringsPerCpu, cpus * ringsPerCpu, seconds, cpus, stacks);
    const bench::Child recorder = bench::startChild(kRecorder, {kRecorder, "record", "--profile", "--profile-rings-per-cpu", std::to_string(ringsPerCpu),
                                  "--duration", std::to_string(seconds) + "s", "--imds-endpoint", "off", "--keep-spool", "-q",
                                  "--out", directory.string(), "--name", "big"},
                                 (directory / "record.log").string());
    // The load starts once the sampler is open (status.json appears with the first sample).
    const double started = monotonicSeconds();
    while (!fs::exists(directory / "big.spool" / "status.json") && monotonicSeconds() - started < 60)
        ::usleep(20'000);
    std::vector<bench::Child> load;
    for (long cpu = 0; cpu < cpus; ++cpu)
        load.push_back(bench::startChild(kLoad, {kLoad, "distinct", std::to_string(seconds + 5), std::to_string(stacks), std::to_string(cpu + 1)}));

    long peakRss = 0;
    long anonAtPeak = 0;
    long fileAtPeak = 0;
    long hwmRecording = 0;
    std::vector<std::pair<int, long>> timeline; // (second, VmRSS KiB) every tenth of the run
    int nextMark = 1;
    for (;;) {
        const long rss = bench::procStatusKiB("VmRSS:", recorder.pid);
        if (rss < 0)
            break;
        const std::string status = readText(directory / "big.spool" / "status.json");
        if (status.find("\"packing\"") != std::string::npos)
            break;
        const long hwm = bench::procStatusKiB("VmHWM:", recorder.pid);
        hwmRecording = std::max(hwmRecording, hwm);
        if (rss > peakRss) {
            peakRss = rss;
            anonAtPeak = bench::procStatusKiB("RssAnon:", recorder.pid);
            fileAtPeak = bench::procStatusKiB("RssFile:", recorder.pid) + std::max(0L, bench::procStatusKiB("RssShmem:", recorder.pid));
        }
        const double elapsed = monotonicSeconds() - started;
        if (elapsed >= seconds * nextMark / 10.0 && nextMark <= 10) {
            timeline.emplace_back(int(elapsed), rss);
            ++nextMark;
        }
        int waitStatus = 0;
        if (::waitpid(recorder.pid, &waitStatus, WNOHANG) == recorder.pid) {
            std::printf("the recorder ended early (status %d); see %s\n", waitStatus, (directory / "record.log").c_str());
            return 1;
        }
        ::usleep(500'000);
    }
    const bench::ChildExit recorded = bench::waitForChild(recorder);
    for (const bench::Child& child : load) {
        ::kill(child.pid, SIGTERM);
        ::waitpid(child.pid, nullptr, 0);
    }
    if (!WIFEXITED(recorded.status) || WEXITSTATUS(recorded.status) != 0) {
        std::printf("runlens-rec record failed (status %d):\n%s\n", recorded.status, readText(directory / "record.log").c_str());
        return 1;
    }

    std::printf("recording: VmRSS every tenth of the run:");
    for (const auto& [second, rss] : timeline)
        std::printf(" %ds %.1f", second, mib(double(rss)));
    std::printf(" MiB\n");
    std::printf("recording: peak VmRSS %.1f MiB (anonymous %.1f, file-backed %.1f), VmHWM %.1f MiB   (target <= 30 MB)\n",
                mib(double(peakRss)), mib(double(anonAtPeak)), mib(double(fileAtPeak)), mib(double(hwmRecording)));
    std::printf("record + pack: the process's peak RSS %.1f MiB, CPU %.1f s\n", recorded.peakMiB, recorded.cpuSeconds);

    // The kept spool packed again, alone: the pack's own figures.
    const fs::path repacked = directory / "repacked.tar.gz";
    const bench::ChildExit packed = bench::runChild(kRecorder, {kRecorder, "pack", (directory / "big.spool").string(), "--output", repacked.string()},
                                                    (directory / "pack.log").string());
    std::printf("pack alone: %.1f s CPU, peak RSS %.1f MiB   (targets <= 20 s, <= 30 MB; status %d)\n", packed.cpuSeconds,
                packed.peakMiB, packed.status);

    try {
        const RunArchive run = readRunArchive((directory / "big.tar.gz").string());
        const nlohmann::json cost = run.manifest.value("recorder_cost", nlohmann::json::object());
        std::printf("manifest: recorder_cost.max_rss_bytes %.1f MiB, cpu_seconds %.1f, profile collector %.1f s\n",
                    double(cost.value("max_rss_bytes", std::int64_t(0))) / 1048576.0, cost.value("cpu_seconds", 0.0),
                    cost.value("collectors", nlohmann::json::object()).value("profile", 0.0));
        if (!run.profile || run.profile->samples.size() == 0) {
            std::printf("the archive has no samples\n");
            return 1;
        }
        const ProfileTables& profile = *run.profile;
        std::set<std::uint32_t> distinct(profile.samples.stack.begin(), profile.samples.stack.end());
        const double archiveMiB = double(fs::file_size(directory / "big.tar.gz")) / 1048576.0;
        std::printf("archive: %.1f MiB for %zu samples (%.2f bytes a sample; %.0f MiB per hour at this rate); %zu distinct "
                    "stacks, %zu stack-tree nodes, %zu frames\n",
                    archiveMiB, profile.samples.size(), archiveMiB * 1048576.0 / double(profile.samples.size()),
                    archiveMiB * 3600.0 / seconds, distinct.size(), profile.stacks.size(), profile.frames.size());
        std::printf("sampler: %s rings, %s bytes each, %s lost samples, %s drains, %.1f s CPU\n",
                    profile.info.value("rings", nlohmann::json()).dump().c_str(),
                    profile.info.value("ring_bytes_per_cpu", nlohmann::json()).dump().c_str(),
                    profile.info.value("lost_samples", nlohmann::json()).dump().c_str(),
                    profile.info.value("drains", nlohmann::json()).dump().c_str(), profile.info.value("sampler_cpu_seconds", 0.0));
    } catch (const FormatError& error) {
        std::printf("cannot read the archive: %s\n", error.what());
        return 1;
    }
    if (keep.empty())
        fs::remove_all(directory);
    return 0;
}
