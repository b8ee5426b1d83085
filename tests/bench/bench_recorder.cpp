// The recorder benchmark of the house plan: the real recording engine (RecordingSession and every
// registered collector) samples a synthetic large host in simulated time, and this prints what it
// costs next to the targets. It never fails on time (shared, noisy machines); it fails when the
// archive it recorded has the wrong structure, so its quick run doubles as an integration test.
//
// Each configuration records in its own child process, forked before the parent builds anything
// big: the child's peak RSS is then the recorder's, not the generator's, and its CPU clock holds
// only the recorder's work. The parent advances the synthetic tree between ticks; one pipe round
// trip per tick keeps the two in step, outside the measured interval.
#include "SyntheticHost.h"

#include "AllCollectors.h"
#include "ArchiveReader.h"
#include "ProcStatus.h"
#include "RecordingSession.h"

#include <CLI/CLI.hpp>
#include <archive.h>
#include <archive_entry.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using runlens::bench::SyntheticHost;
using runlens::bench::SyntheticHostShape;

namespace {

// The targets of issue 3 ("Performance").
constexpr double kTargetCpuMsWithoutProcesses = 1.0;
constexpr double kTargetCpuMsWithProcesses = 3.0;
constexpr double kTargetArchiveMbPerHour = 20.0;
constexpr double kTargetPeakRssMb = 30.0;
constexpr std::uint64_t kSamplesPerHour = 3600; // at the default 1 s interval

struct Configuration {
    std::string label; // directory and run name
    std::string title;
    bool processes = false;
};

// --- the parent/child protocol: fixed-size records, each under PIPE_BUF so writes are atomic ---

enum class CommandKind : std::int32_t { Start = 1, Tick = 2, Finish = 3 };

struct Command {
    CommandKind kind = CommandKind::Tick;
    std::int32_t unused = 0;
    std::uint64_t sample = 0;
};

struct Reply {
    std::int32_t ok = 0;
    std::int32_t unused = 0;
    std::int64_t cpuNs = 0; // of start() or tick()
    double packWallSeconds = 0;
    double packCpuSeconds = 0;
    std::int64_t baselineRssKiB = 0;  // the child before the session existed
    std::int64_t recordingHwmKiB = 0; // peak while recording, before finish()
    std::int64_t finalHwmKiB = 0;     // peak including the pack
    char archive[1024] = {};
    char error[2048] = {};
};
static_assert(sizeof(Reply) <= 4096, "a reply must fit one atomic pipe write");

bool writeAll(int fd, const void* data, std::size_t size)
{
    const char* bytes = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, bytes, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes += n;
        size -= std::size_t(n);
    }
    return true;
}

bool readAll(int fd, void* data, std::size_t size)
{
    char* bytes = static_cast<char*>(data);
    while (size > 0) {
        const ssize_t n = ::read(fd, bytes, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        bytes += n;
        size -= std::size_t(n);
    }
    return true;
}

std::int64_t processCpuNs()
{
    timespec now {};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

double wallSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void copyText(char* target, std::size_t size, const std::string& text)
{
    std::snprintf(target, size, "%s", text.c_str());
}

// --- the child: one recording ---------------------------------------------------------------------

[[noreturn]] void recorderChild(runlens::recorder::RecordOptions options, int commandFd, int replyFd)
{
    using runlens::recorder::RecordingSession;
    Reply reply;
    const std::int64_t baseline = bench::procStatusKiB("VmRSS:");
    std::unique_ptr<RecordingSession> session;
    for (;;) {
        Command command;
        if (!readAll(commandFd, &command, sizeof command))
            ::_exit(3); // the parent is gone
        reply = Reply{};
        reply.baselineRssKiB = baseline;
        try {
            switch (command.kind) {
            case CommandKind::Start: {
                const std::int64_t before = processCpuNs();
                session = std::make_unique<RecordingSession>(options, runlens::collect::createAllCollectors());
                session->start();
                reply.cpuNs = processCpuNs() - before;
                break;
            }
            case CommandKind::Tick: {
                const std::int64_t before = processCpuNs();
                session->tick(std::int64_t(command.sample) * 1'000'000'000);
                reply.cpuNs = processCpuNs() - before;
                break;
            }
            case CommandKind::Finish: {
                reply.recordingHwmKiB = bench::procStatusKiB("VmHWM:");
                const double wallBefore = wallSeconds();
                const std::int64_t before = processCpuNs();
                const std::string archive = session->finish(runlens::recorder::EndReason::Duration);
                reply.packCpuSeconds = double(processCpuNs() - before) / 1e9;
                reply.packWallSeconds = wallSeconds() - wallBefore;
                reply.finalHwmKiB = bench::procStatusKiB("VmHWM:");
                copyText(reply.archive, sizeof reply.archive, archive);
                break;
            }
            }
            reply.ok = 1;
        } catch (const std::exception& failure) {
            reply.ok = 0;
            copyText(reply.error, sizeof reply.error, failure.what());
        }
        writeAll(replyFd, &reply, sizeof reply);
        if (!reply.ok || command.kind == CommandKind::Finish)
            ::_exit(reply.ok ? 0 : 1);
    }
}

// --- the parent -------------------------------------------------------------------------------------

struct GroupSize {
    std::size_t files = 0;
    std::uint64_t bytes = 0;         // uncompressed
    std::uint64_t deflatedBytes = 0; // each file deflated alone at the archive's level 6
};

struct Run {
    Configuration configuration;
    std::string hostDirectory;
    std::string outDirectory;
    pid_t child = -1;
    int commandFd = -1;
    int replyFd = -1;

    double createSeconds = 0;
    double advanceSeconds = 0;
    std::int64_t startCpuNs = 0;
    std::vector<std::int64_t> tickCpuNs;
    Reply finish;
    long childMaxRssKiB = 0;
    std::uint64_t archiveBytes = 0;
    nlohmann::json manifest;
    std::map<std::string, GroupSize> groups;
    std::vector<std::string> problems;
    std::vector<std::string> notes;
    bool recorded = false;
};

Reply roundTrip(Run& run, const Command& command)
{
    Reply reply;
    if (!writeAll(run.commandFd, &command, sizeof command) || !readAll(run.replyFd, &reply, sizeof reply))
        throw std::runtime_error("the recorder process of \"" + run.configuration.label + "\" died (see above)");
    if (!reply.ok)
        throw std::runtime_error("the recorder of \"" + run.configuration.label + "\" failed: " + reply.error);
    return reply;
}

void record(Run& run, const SyntheticHostShape& shape, std::uint64_t samples)
{
    std::fprintf(stderr, "[%s] building the synthetic host ...\n", run.configuration.label.c_str());
    SyntheticHost host(run.hostDirectory, shape);
    double begin = wallSeconds();
    host.create();
    run.createSeconds = wallSeconds() - begin;

    run.startCpuNs = roundTrip(run, {CommandKind::Start, 0, 0}).cpuNs;
    run.tickCpuNs.reserve(samples);
    std::fprintf(stderr, "[%s] recording %llu samples ...\n", run.configuration.label.c_str(),
                 static_cast<unsigned long long>(samples));
    for (std::uint64_t k = 0; k < samples; ++k) {
        if (k > 0) {
            begin = wallSeconds();
            host.advance(k);
            run.advanceSeconds += wallSeconds() - begin;
        }
        run.tickCpuNs.push_back(roundTrip(run, {CommandKind::Tick, 0, k}).cpuNs);
    }
    std::fprintf(stderr, "[%s] packing ...\n", run.configuration.label.c_str());
    run.finish = roundTrip(run, {CommandKind::Finish, 0, 0});
    int status = 0;
    rusage usage {};
    if (::wait4(run.child, &status, 0, &usage) == run.child)
        run.childMaxRssKiB = usage.ru_maxrss;
    run.child = -1;
    run.recorded = true;
}

// Sizes per metric group (series/GROUP.*) and per other file, read back with libarchive.
std::map<std::string, GroupSize> groupSizes(const std::string& path)
{
    std::map<std::string, GroupSize> sizes;
    std::unique_ptr<archive, decltype(&archive_read_free)> reader(archive_read_new(), archive_read_free);
    archive_read_support_filter_gzip(reader.get());
    archive_read_support_format_tar(reader.get());
    if (archive_read_open_filename(reader.get(), path.c_str(), 1 << 16) != ARCHIVE_OK)
        return sizes;
    archive_entry* entry = nullptr;
    std::vector<char> content;
    std::vector<Bytef> deflated;
    while (archive_read_next_header(reader.get(), &entry) == ARCHIVE_OK) {
        std::string name = archive_entry_pathname(entry);
        name = name.substr(name.find('/') + 1);
        std::string key = name;
        if (name.starts_with("series/")) {
            const std::string file = name.substr(7);
            key = "series/" + file.substr(0, file.find('.'));
        }
        content.resize(std::size_t(std::max<la_int64_t>(0, archive_entry_size(entry))));
        const la_ssize_t read = archive_read_data(reader.get(), content.data(), content.size());
        if (read < 0)
            break;
        uLongf deflatedSize = compressBound(uLong(read));
        deflated.resize(deflatedSize);
        compress2(deflated.data(), &deflatedSize, reinterpret_cast<const Bytef*>(content.data()), uLong(read), 6);
        GroupSize& size = sizes[key];
        ++size.files;
        size.bytes += std::uint64_t(read);
        size.deflatedBytes += deflatedSize;
    }
    return sizes;
}

// --- structure checks ------------------------------------------------------------------------------

std::set<std::string> instancesOf(const runlens::format::SeriesTable& table, const std::string& metric)
{
    std::set<std::string> instances;
    for (const auto& key : table.keys) {
        if (key.metric == metric)
            instances.insert(key.instance);
    }
    return instances;
}

double lastValue(const runlens::format::SeriesTable& table, const std::string& metric, const std::string& instance)
{
    const int column = table.find(metric, instance);
    if (column < 0 || table.columns[std::size_t(column)].empty())
        return std::nan("");
    return table.columns[std::size_t(column)].back();
}

std::string joined(const std::set<std::string>& names, std::size_t limit = 8)
{
    std::string text;
    std::size_t count = 0;
    for (const std::string& name : names) {
        if (count++ == limit) {
            text += ", ...";
            break;
        }
        text += (text.empty() ? "" : ", ") + name;
    }
    return text;
}

// The sources a collector reads from the synthetic tree: these must all come out "ok".
const std::set<std::string> kTreeCollectors = {"cpu", "mem", "psi", "irq", "softirq", "disk", "net", "proc"};

void checkArchive(Run& run, const runlens::format::RunArchive& archive, const SyntheticHost& host,
                  std::uint64_t samples)
{
    auto& problems = run.problems;
    const auto problem = [&problems](const std::string& text) { problems.push_back(text); };
    const nlohmann::json& manifest = archive.manifest;
    const std::uint64_t ended = manifest.value("/end/samples"_json_pointer, std::uint64_t(0));
    if (ended != samples)
        problem("manifest end.samples is " + std::to_string(ended) + ", expected " + std::to_string(samples));
    if (manifest.value("/end/reason"_json_pointer, std::string()) != "duration")
        problem("manifest end.reason is not \"duration\"");

    std::map<std::string, nlohmann::json> collectors;
    for (const nlohmann::json& collector : manifest.value("collectors", nlohmann::json::array()))
        collectors[collector.value("name", std::string())] = collector;
    for (const auto& [name, collector] : collectors) {
        const std::string status = collector.value("status", std::string());
        const bool skipped = name == "proc" && !run.configuration.processes;
        if (skipped) {
            if (status != "skipped")
                problem("collector proc should be skipped, its status is " + status);
            continue;
        }
        if (status != "ok") {
            const std::string why = name + " is " + status + ": " + collector.value("reason", std::string("?"));
            if (kTreeCollectors.count(name))
                problem("collector " + why);
            else
                run.notes.push_back("collector " + why + " (it does not read the synthetic tree)");
            continue;
        }
        const runlens::format::SeriesTable* table = archive.group(name);
        if (!table) {
            problem("collector " + name + " is ok but the archive has no group \"" + name + "\"");
            continue;
        }
        const std::uint64_t collectorSamples = collector.value("samples", std::uint64_t(0));
        const int cadence = std::max(1, collector.value("cadence", 1));
        const std::uint64_t expected = (samples - 1) / std::uint64_t(cadence) + 1;
        if (table->rowCount() != collectorSamples || table->rowCount() != expected) {
            problem("group " + name + " has " + std::to_string(table->rowCount()) + " rows; the manifest says " +
                    std::to_string(collectorSamples) + " samples and " + std::to_string(samples) +
                    " ticks at cadence " + std::to_string(cadence) + " give " + std::to_string(expected));
        }
        if (cadence > 1)
            run.notes.push_back(name + " read every " + std::to_string(cadence) + " intervals: " +
                                collector.value("/details/cadence_reason"_json_pointer, std::string("(no reason given)")));
    }
    if (const auto* self = archive.group("recorder"); !self || self->rowCount() != samples)
        problem("group recorder does not have one row per tick");

    const auto expectSet = [&problem](const std::string& what, const std::set<std::string>& found,
                                      const std::set<std::string>& expected) {
        std::set<std::string> missing;
        std::set<std::string> extra;
        std::set_difference(expected.begin(), expected.end(), found.begin(), found.end(),
                            std::inserter(missing, missing.end()));
        std::set_difference(found.begin(), found.end(), expected.begin(), expected.end(),
                            std::inserter(extra, extra.end()));
        if (!missing.empty())
            problem(what + ": " + std::to_string(missing.size()) + " missing (" + joined(missing) + ")");
        if (!extra.empty())
            problem(what + ": " + std::to_string(extra.size()) + " unexpected (" + joined(extra) + ")");
    };
    const auto expectPositive = [&problem](const runlens::format::SeriesTable& table, const std::string& metric,
                                           const std::string& instance) {
        const double value = lastValue(table, metric, instance);
        if (!(value > 0) || !std::isfinite(value))
            problem(metric + " of \"" + instance + "\" in the last row is " + std::to_string(value) +
                    ", expected a positive number");
    };
    const auto active = [&collectors](const std::string& name) {
        const auto it = collectors.find(name);
        return it != collectors.end() && it->second.value("status", std::string()) == "ok";
    };

    if (const auto* cpu = archive.group("cpu"); active("cpu") && cpu) {
        std::set<std::string> expected = {runlens::format::kAggregateInstance};
        for (int index = 0; index < host.shape().cpus; ++index)
            expected.insert("cpu" + std::to_string(index));
        expectSet("cpu.user instances (192 CPUs + all)", instancesOf(*cpu, "cpu.user"), expected);
        expectPositive(*cpu, "cpu.busy", runlens::format::kAggregateInstance);
    }
    if (const auto* disk = archive.group("disk"); active("disk") && disk) {
        std::set<std::string> expected = {runlens::format::kAggregateInstance};
        for (const std::string& name : host.diskNames())
            expected.insert(name);
        const std::set<std::string> found = instancesOf(*disk, "disk.read_iops");
        for (const std::string& partition : host.partitionNames()) {
            if (found.count(partition))
                problem("disk group records partition " + partition + " (partitions must be skipped)");
        }
        expectSet("disk.read_iops instances (whole disks + all)", found, expected);
        if (!host.diskNames().empty())
            expectPositive(*disk, "disk.read_iops", host.diskNames().front());
    }
    if (const auto* net = archive.group("net"); active("net") && net) {
        const std::set<std::string> found = instancesOf(*net, "net.rx_bytes");
        for (const std::string& nic : host.nicNames()) {
            if (!found.count(nic))
                problem("net.rx_bytes has no instance " + nic);
        }
        if (!host.nicNames().empty())
            expectPositive(*net, "net.rx_bytes", host.nicNames().front());
    }
    if (const auto* irq = archive.group("irq"); active("irq") && irq) {
        const std::vector<std::string> labels = host.interruptLabels();
        expectSet("irq.rate instances (every /proc/interrupts line)", instancesOf(*irq, "irq.rate"),
                  std::set<std::string>(labels.begin(), labels.end()));
        expectPositive(*irq, "irq.cpu_rate", runlens::format::kAggregateInstance);
    }
    if (const auto* proc = archive.group("proc"); active("proc") && proc) {
        const double count = lastValue(*proc, "proc.count", "");
        if (count != double(host.processCount()))
            problem("proc.count in the last row is " + std::to_string(count) + ", expected " +
                    std::to_string(host.processCount()));
        if (instancesOf(*proc, "proc.cpu").size() < 16)
            problem("proc.cpu has fewer than 16 process instances");
    }
    for (const char* group : {"mem", "psi", "softirq"}) {
        if (active(group) && !archive.group(group))
            problem(std::string("no group ") + group);
    }
}

// --- printing --------------------------------------------------------------------------------------

struct Stats {
    double mean = 0, median = 0, p99 = 0, max = 0;
};

Stats statsMs(std::vector<std::int64_t> values)
{
    Stats stats;
    if (values.empty())
        return stats;
    std::sort(values.begin(), values.end());
    const auto at = [&values](double quantile) {
        const std::size_t rank = std::size_t(std::ceil(quantile * double(values.size())));
        return double(values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)]) / 1e6;
    };
    stats.mean = double(std::accumulate(values.begin(), values.end(), std::int64_t(0))) / double(values.size()) / 1e6;
    stats.median = at(0.5);
    stats.p99 = at(0.99);
    stats.max = double(values.back()) / 1e6;
    return stats;
}

double megabytes(double bytes)
{
    return bytes / 1e6;
}

void printRow(const char* label, const std::vector<std::string>& cells, const std::string& target)
{
    std::printf("  %-38s", label);
    for (const std::string& cell : cells)
        std::printf(" %18s", cell.c_str());
    std::printf("   %s\n", target.c_str());
}

std::string format(const char* pattern, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string verdict(double value, double target)
{
    return value <= target ? "ok" : "OVER";
}

void printCollectorBreakdown(const Run& run, std::uint64_t samples)
{
    const nlohmann::json& cost = run.manifest.value("recorder_cost", nlohmann::json::object());
    const nlohmann::json& perCollector = cost.value("collectors", nlohmann::json::object());
    std::printf("\n  %s: CPU per collector (manifest recorder_cost.collectors; includes open())\n",
                run.configuration.title.c_str());
    std::printf("    %-10s %8s %8s %14s %14s\n", "collector", "reads", "cadence", "ms per tick", "ms per read");
    double collectorsTotal = 0;
    for (const nlohmann::json& collector : run.manifest.value("collectors", nlohmann::json::array())) {
        const std::string name = collector.value("name", std::string());
        if (collector.value("status", std::string()) == "skipped")
            continue;
        const double seconds = perCollector.value(name, 0.0);
        collectorsTotal += seconds;
        const std::uint64_t reads = collector.value("samples", std::uint64_t(0));
        std::printf("    %-10s %8llu %8d %14.3f %14.3f%s\n", name.c_str(), static_cast<unsigned long long>(reads),
                    collector.value("cadence", 1), seconds * 1e3 / double(samples),
                    reads ? seconds * 1e3 / double(reads) : 0.0,
                    collector.value("status", std::string()) == "ok" ? "" : "  (not ok)");
    }
    const double ticksTotal = double(std::accumulate(run.tickCpuNs.begin(), run.tickCpuNs.end(), std::int64_t(0))) / 1e9;
    std::printf("    %-10s %8s %8s %14.3f %14s\n", "session", "", "", (ticksTotal - collectorsTotal) * 1e3 / double(samples),
                "(spool, status.json, own metrics)");
}

void printGroupSizes(const Run& run, std::uint64_t samples)
{
    std::printf("\n  %s: archive content per group (per hour; compressed = each file deflated alone)\n",
                run.configuration.title.c_str());
    std::printf("    %-22s %7s %9s %14s %14s\n", "file or group", "rows", "columns", "uncompressed", "compressed");
    const double perHour = double(kSamplesPerHour) / double(samples);
    const nlohmann::json groups = run.manifest.value("/pack/groups"_json_pointer, nlohmann::json::object());
    for (const auto& [name, size] : run.groups) {
        std::string rows;
        std::string columns;
        if (name.starts_with("series/")) {
            const std::string group = name.substr(7);
            if (groups.contains(group)) {
                rows = std::to_string(groups[group].value("rows", 0));
                columns = std::to_string(groups[group].value("columns", 0));
            }
        }
        const double scale = name.starts_with("series/") ? perHour : 1.0;
        std::printf("    %-22s %7s %9s %11.2f MB %11.3f MB\n", name.c_str(), rows.c_str(), columns.c_str(),
                    megabytes(double(size.bytes) * scale), megabytes(double(size.deflatedBytes) * scale));
    }
}

void printReport(const std::vector<Run>& runs, const SyntheticHost& shapeHost, std::uint64_t samples,
                 const std::vector<std::string>& registered)
{
    const SyntheticHostShape& shape = shapeHost.shape();
    std::printf("\nRecorder benchmark: synthetic host with %d CPUs, %d disks (+%zu partitions, %d loop devices), "
                "%d NICs, %zu interrupt lines, %zu processes\n",
                shape.cpus, shape.disks, shapeHost.partitionNames().size(), shape.loopDevices, shape.nics,
                shapeHost.interruptLabels().size(), shapeHost.processCount());
    std::string names;
    for (const std::string& name : registered)
        names += " " + name;
    std::printf("%llu samples at 1 s of simulated time; registered collectors:%s\n",
                static_cast<unsigned long long>(samples), names.c_str());
    std::printf("CPU = user+system of the recording process around tick() only (CLOCK_PROCESS_CPUTIME_ID), "
                "over samples 2..N (the first is shown apart); MB = 10^6 bytes.\n"
                "The tree is a regular file system: the kernel's own cost of formatting procfs files (large for\n"
                "/proc/interrupts and /proc/PID/stat on a real host of this size) is not in these figures.\n\n");

    std::vector<std::string> header;
    for (const Run& run : runs)
        header.push_back(run.configuration.label);
    printRow("", header, "target");

    const auto row = [&runs](const char* label, const auto& cell, const std::string& target) {
        std::vector<std::string> cells;
        for (const Run& run : runs)
            cells.push_back(run.recorded ? cell(run) : std::string("-"));
        printRow(label, cells, target);
    };
    // The first sample interns every column (thousands of strings on this host), a one-time cost
    // shown on its own; the statistics are over the samples after it.
    const auto steady = [](const Run& run) {
        return statsMs(std::vector<std::int64_t>(run.tickCpuNs.begin() + 1, run.tickCpuNs.end()));
    };
    const auto cpuTarget = [](const Run& run) {
        return run.configuration.processes ? kTargetCpuMsWithProcesses : kTargetCpuMsWithoutProcesses;
    };
    row("CPU per sample, mean", [&](const Run& run) {
        const double mean = steady(run).mean;
        return format("%.3f ms", mean) + " " + verdict(mean, cpuTarget(run));
    }, "<= 1 ms without processes, <= 3 ms with");
    row("CPU per sample, median", [&](const Run& run) { return format("%.3f ms", steady(run).median); }, "");
    row("CPU per sample, p99", [&](const Run& run) {
        const double p99 = steady(run).p99;
        return format("%.3f ms", p99) + " " + verdict(p99, cpuTarget(run));
    }, "");
    row("CPU per sample, max", [&](const Run& run) { return format("%.3f ms", steady(run).max); }, "");
    row("CPU of the first sample", [](const Run& run) { return format("%.3f ms", double(run.tickCpuNs.front()) / 1e6); }, "");
    row("CPU of start() (open, host facts)", [](const Run& run) { return format("%.1f ms", double(run.startCpuNs) / 1e6); }, "");
    const bool extrapolated = samples != kSamplesPerHour;
    row(extrapolated ? "archive per hour (extrapolated)" : "archive per hour", [&](const Run& run) {
        const double perHour = megabytes(double(run.archiveBytes) * double(kSamplesPerHour) / double(samples));
        return format("%.2f MB", perHour) + " " + verdict(perHour, kTargetArchiveMbPerHour);
    }, "<= 20 MB");
    row("archive as recorded", [](const Run& run) { return format("%.3f MB", megabytes(double(run.archiveBytes))); }, "");
    row("pack (finish): wall", [](const Run& run) { return format("%.3f s", run.finish.packWallSeconds); }, "");
    row("pack (finish): CPU", [](const Run& run) { return format("%.3f s", run.finish.packCpuSeconds); }, "");
    row("peak RSS while recording", [](const Run& run) {
        const double peak = megabytes(double(run.finish.recordingHwmKiB) * 1024);
        return format("%.1f MB", peak) + " " + verdict(peak, kTargetPeakRssMb);
    }, "<= 30 MB");
    row("peak RSS including pack", [](const Run& run) {
        const double peak = megabytes(double(run.finish.finalHwmKiB) * 1024);
        return format("%.1f MB", peak) + " " + verdict(peak, kTargetPeakRssMb);
    }, "<= 30 MB");
    row("  of which the process before start()", [](const Run& run) {
        return format("%.1f MB", megabytes(double(run.finish.baselineRssKiB) * 1024));
    }, "");
    row("generator advance (not measured above)", [&](const Run& run) {
        return format("%.2f ms", run.advanceSeconds * 1e3 / double(std::max<std::uint64_t>(1, samples - 1)));
    }, "");
    if (extrapolated)
        std::printf("\n  The archive size per hour is the recorded size times %.1f (linear extrapolation from %llu "
                    "samples; gzip does a little better on longer runs, the descriptors and host files do not grow).\n",
                    double(kSamplesPerHour) / double(samples), static_cast<unsigned long long>(samples));

    for (const Run& run : runs) {
        if (!run.recorded)
            continue;
        printCollectorBreakdown(run, samples);
        printGroupSizes(run, samples);
    }
    std::printf("\n");
    for (const Run& run : runs) {
        for (const std::string& note : run.notes)
            std::printf("  note [%s]: %s\n", run.configuration.label.c_str(), note.c_str());
    }
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"Measure the recorder's cost on a synthetic large host (prints figures; fails only on a wrong "
                 "archive structure)."};
    std::uint64_t samples = kSamplesPerHour;
    std::string workDirectory;
    bool keep = false;
    std::string only;
    SyntheticHostShape shape;
    app.add_option("--samples", samples, "Ticks to record (one per simulated second); 3600 is one hour")
        ->check(CLI::Range(std::uint64_t(2), std::uint64_t(1) << 32));
    app.add_option("--work-dir", workDirectory, "Where to put the synthetic trees and archives (default: $TMPDIR or /tmp)");
    app.add_flag("--keep", keep, "Keep the trees and archives afterwards");
    app.add_option("--only", only, "Run one configuration")->check(CLI::IsMember({"system", "processes"}));
    app.add_option("--seed", shape.seed, "Seed of the synthetic host");
    CLI11_PARSE(app, argc, argv);

    // A recorder that dies must show up as a failed write with a message, not kill this process.
    std::signal(SIGPIPE, SIG_IGN);

    std::vector<std::string> registered;
    for (const auto& collector : runlens::collect::createAllCollectors())
        registered.emplace_back(collector->name());
    const bool haveProcessCollector = std::count(registered.begin(), registered.end(), "proc") > 0;

    if (workDirectory.empty()) {
        const char* tmp = std::getenv("TMPDIR");
        workDirectory = tmp && *tmp ? tmp : "/tmp";
    }
    std::string base = workDirectory + "/runlens-bench-XXXXXX";
    if (!::mkdtemp(base.data())) {
        std::fprintf(stderr, "bench_recorder: cannot create a directory in %s: %s\n", workDirectory.c_str(),
                     std::strerror(errno));
        return 2;
    }

    std::vector<Run> runs;
    for (const Configuration& configuration :
         {Configuration{"system", "system collectors without proc", false},
          Configuration{"processes", "all collectors with proc", true}}) {
        if (!only.empty() && only != configuration.label)
            continue;
        Run run;
        run.configuration = configuration;
        run.hostDirectory = base + "/" + configuration.label + "/host";
        run.outDirectory = base + "/" + configuration.label + "/out";
        fs::create_directories(run.hostDirectory);
        fs::create_directories(run.outDirectory);
        if (configuration.processes && !haveProcessCollector)
            run.notes.push_back("no collector named proc is registered yet: this configuration records the same "
                                "collectors as \"system\"");
        runs.push_back(std::move(run));
    }

    // Fork every recorder now, while this process is small: a child's RSS starts as what it
    // inherits, so it must not inherit a synthetic host or an archive read back.
    std::vector<int> parentEnds;
    for (Run& run : runs) {
        runlens::recorder::RecordOptions options;
        options.name = "bench-" + run.configuration.label;
        options.outDirectory = run.outDirectory;
        options.paths.procRoot = run.hostDirectory + "/proc";
        options.paths.sysRoot = run.hostDirectory + "/sys";
        options.paths.bootRoot = run.hostDirectory + "/boot"; // not the machine's own kernel config
        options.imdsEndpoint = "off";
        options.interval = std::chrono::seconds(1);
        options.quiet = true;
        if (!run.configuration.processes && haveProcessCollector)
            options.skip = {"proc"};
        options.commandLine = {"bench_recorder", "--samples", std::to_string(samples)};

        int commands[2];
        int replies[2];
        if (::pipe2(commands, O_CLOEXEC) != 0 || ::pipe2(replies, O_CLOEXEC) != 0) {
            std::perror("bench_recorder: pipe");
            return 2;
        }
        std::fflush(nullptr);
        const pid_t child = ::fork();
        if (child < 0) {
            std::perror("bench_recorder: fork");
            return 2;
        }
        if (child == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL); // never outlive a benchmark that was interrupted
            for (const int fd : parentEnds)
                ::close(fd); // another recorder's pipes: holding them would hide its parent's death
            ::close(commands[1]);
            ::close(replies[0]);
            recorderChild(std::move(options), commands[0], replies[1]);
        }
        ::close(commands[0]);
        ::close(replies[1]);
        run.child = child;
        run.commandFd = commands[1];
        run.replyFd = replies[0];
        parentEnds.push_back(run.commandFd);
        parentEnds.push_back(run.replyFd);
    }

    int exitCode = 0;
    for (Run& run : runs) {
        try {
            record(run, shape, samples);
        } catch (const std::exception& failure) {
            std::fprintf(stderr, "bench_recorder: %s\n", failure.what());
            run.problems.push_back(failure.what());
            exitCode = 1;
        }
        ::close(run.commandFd);
        ::close(run.replyFd);
        if (run.child > 0) {
            ::kill(run.child, SIGKILL);
            ::waitpid(run.child, nullptr, 0);
        }
        if (!run.recorded)
            continue;

        const std::string archivePath = run.finish.archive;
        std::error_code error;
        run.archiveBytes = fs::file_size(archivePath, error);
        // The expectations come from a host built like the recorded one (same shape and seed),
        // in memory only.
        const SyntheticHost expected(run.hostDirectory, shape);
        try {
            std::fprintf(stderr, "[%s] reading the archive back ...\n", run.configuration.label.c_str());
            const runlens::format::RunArchive archive = runlens::format::readRunArchive(archivePath);
            run.manifest = archive.manifest;
            checkArchive(run, archive, expected, samples);
        } catch (const std::exception& failure) {
            run.problems.push_back(std::string("cannot read the archive back: ") + failure.what());
        }
        run.groups = groupSizes(archivePath);
    }

    // Describes the recorded host (same shape and seed) without writing anything.
    const SyntheticHost described(base + "/unused", shape);
    printReport(runs, described, samples, registered);

    for (const Run& run : runs) {
        for (const std::string& problem : run.problems) {
            std::printf("FAIL [%s]: %s\n", run.configuration.label.c_str(), problem.c_str());
            exitCode = 1;
        }
    }
    if (exitCode == 0)
        std::printf("archive structure: ok (%zu configuration%s)\n", runs.size(), runs.size() == 1 ? "" : "s");
    if (keep) {
        std::printf("kept %s\n", base.c_str());
    } else {
        std::error_code error;
        fs::remove_all(base, error);
    }
    return exitCode;
}
