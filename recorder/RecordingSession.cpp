#include "RecordingSession.h"

#include "Clocks.h"
#include "FormatError.h"
#include "HostFacts.h"
#include "ImdsClient.h"
#include "ProfileCollector.h"
#include "ProfileJournal.h"
#include "FormatVersion.h"
#include "RunlensVersion.h"
#include "RunName.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"
#include "ValuePrecision.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <malloc.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace runlens::recorder {

namespace {

// How often the journals are flushed to the device: a power cut loses at most this much.
constexpr std::int64_t kSyncEveryNs = 5'000'000'000;

double processCpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

std::string utcTimestamp(std::chrono::system_clock::time_point time)
{
    const auto since = time.time_since_epoch();
    const std::time_t seconds = std::chrono::duration_cast<std::chrono::seconds>(since).count();
    const long long millis = std::chrono::duration_cast<std::chrono::milliseconds>(since).count() % 1000;
    std::tm utc {};
    gmtime_r(&seconds, &utc);
    char text[40];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
    char withMillis[48];
    std::snprintf(withMillis, sizeof withMillis, "%s.%03lldZ", text, millis);
    return withMillis;
}

std::string hostName()
{
    utsname names {};
    return ::uname(&names) == 0 ? names.nodename : "host";
}

bool selected(const RecordOptions& options, std::string_view name)
{
    const auto listed = [name](const std::vector<std::string>& list) {
        return std::find(list.begin(), list.end(), name) != list.end();
    };
    // --scrape names its collector by itself: a --collect list that leaves it out does not
    // silently drop the endpoints the user gave (--skip scrape still does).
    if (name == "scrape" && !options.scrapeUrls.empty())
        return !listed(options.skip);
    if (!options.collect.empty())
        return listed(options.collect);
    return !listed(options.skip);
}

} // namespace

std::string_view toString(EndReason reason)
{
    switch (reason) {
    case EndReason::Duration: return "duration";
    case EndReason::Interrupted: return "sigint";
    case EndReason::Terminated: return "sigterm";
    case EndReason::Error: return "error";
    case EndReason::Command: return "command";
    }
    return "error";
}

struct RecordingSession::Slot {
    std::unique_ptr<collect::Collector> collector;
    collect::MetricGroup group;
    std::unique_ptr<format::SpoolWriter> spool;
    std::string status = "ok"; // ok, unavailable, failed, skipped
    std::string reason;
    std::int64_t lastSampleNs = -1;
    std::uint64_t samples = 0;
    double cpuSeconds = 0; // on the recorder's thread, around the collector's calls
    double cpuSecondsAtLastTick = 0;
    int countdown = 0;
    int selfColumn = -1; // this collector's column in the recorder's own group
    std::vector<format::MetricKind> columnKinds; // per column, for rounding to the stored precision

    // With the time the collector's own threads took.
    double totalCpuSeconds() const { return cpuSeconds + collector->backgroundCpuSeconds(); }

    explicit Slot(std::unique_ptr<collect::Collector> c, std::string groupName = "recorder")
        : collector(std::move(c))
        , group(collector ? std::string(collector->name()) : std::move(groupName))
    {
    }
};

RecordingSession::RecordingSession(RecordOptions options, collect::CollectorList collectors)
    : m_options(std::move(options))
{
    for (auto& collector : collectors)
        m_slots.push_back(std::make_unique<Slot>(std::move(collector)));
    m_self = std::make_unique<Slot>(nullptr);
}

RecordingSession::~RecordingSession() = default;

std::size_t RecordingSession::activeCollectors() const
{
    return std::size_t(std::count_if(m_slots.begin(), m_slots.end(), [](const auto& slot) { return slot->status == "ok"; }));
}

double RecordingSession::ownCpuSeconds() const
{
    return processCpuSeconds() - m_startCpuSeconds;
}

void RecordingSession::start()
{
    m_startCpuSeconds = processCpuSeconds();
    const auto wallStart = std::chrono::system_clock::now();
    if (m_options.name.empty())
        m_options.name = defaultRunName(hostName(), std::chrono::duration_cast<std::chrono::seconds>(wallStart.time_since_epoch()).count());
    if (const std::string why = whyInvalidRunName(m_options.name); !why.empty())
        throw RecordError("cannot record: " + why + ".");
    for (const std::vector<std::string>* list : {&m_options.collect, &m_options.skip}) {
        for (const std::string& name : *list) {
            const bool known = std::any_of(m_slots.begin(), m_slots.end(),
                                           [&name](const auto& slot) { return slot->collector->name() == name; });
            if (!known) {
                std::string names;
                for (const auto& slot : m_slots)
                    names += (names.empty() ? "" : ", ") + std::string(slot->collector->name());
                throw RecordError("cannot record: there is no collector named \"" + name + "\" (known: " + names + ").");
            }
        }
    }

    std::error_code error;
    const fs::path out = fs::absolute(m_options.outDirectory, error).lexically_normal();
    if (!fs::is_directory(out, error))
        throw RecordError("cannot record: the output directory " + m_options.outDirectory + " does not exist.");
    m_archivePath = (out / (m_options.name + ".tar.gz")).string();
    m_spoolDirectory = (out / (m_options.name + format::spool::kSuffix)).string();
    if (fs::exists(m_archivePath, error))
        throw RecordError("cannot record: " + m_archivePath + " already exists. Choose another --name or move the old archive away.");
    if (::mkdir(m_spoolDirectory.c_str(), 0755) != 0) {
        if (errno == EEXIST)
            throw RecordError("cannot record: " + m_spoolDirectory + " exists: a recording with this name is running or was "
                              "interrupted. Pack it with `runlens-rec pack " + m_spoolDirectory + "` or choose another --name.");
        throw RecordError("cannot record: cannot create " + m_spoolDirectory + ": " + std::strerror(errno)
                          + ". Choose a writable --out directory.");
    }
    const std::string series = m_spoolDirectory + "/" + format::spool::kSeries;
    if (::mkdir(series.c_str(), 0755) != 0)
        throw RecordError("cannot record: cannot create " + series + ": " + std::strerror(errno) + ".");

    // --profile adds the stack sampler; it keeps its own journal beside the metric journals.
    if (m_options.profile.enabled) {
        profile::ProfileOptions profileOptions = m_options.profile;
        profileOptions.kernelNamesFile = m_spoolDirectory + "/" + format::spool::kKernelSymbolNames;
        m_slots.push_back(std::make_unique<Slot>(std::make_unique<profile::ProfileCollector>(
            std::move(profileOptions), m_spoolDirectory + "/" + format::spool::kProfileJournal)));
    }

    for (auto& slot : m_slots) {
        if (slot->collector->name() != profile::kCollectorName && !selected(m_options, slot->collector->name())) {
            slot->status = "skipped";
            slot->reason = "not selected on the command line";
            continue;
        }
        const double before = collect::threadCpuSeconds();
        std::string why;
        try {
            why = slot->collector->open(m_options.paths, m_catalog);
        } catch (const std::exception& failure) {
            why = failure.what();
        }
        slot->cpuSeconds += collect::threadCpuSeconds() - before;
        if (!why.empty()) {
            slot->status = "unavailable";
            slot->reason = why;
            continue;
        }
        try {
            slot->spool = std::make_unique<format::SpoolWriter>(series + "/" + slot->group.name() + format::spool::kJournalSuffix);
        } catch (const format::FormatError& failure) {
            throw RecordError(std::string("cannot record: ") + failure.what() + ".");
        }
    }
    m_self->spool = std::make_unique<format::SpoolWriter>(series + "/recorder" + format::spool::kJournalSuffix);
    if (m_workload) {
        m_workloadSlot = std::make_unique<Slot>(nullptr, "workload");
        m_workloadSlot->spool = std::make_unique<format::SpoolWriter>(series + "/workload" + format::spool::kJournalSuffix);
        m_workload->registerMetrics(m_catalog);
        const std::string directory = m_spoolDirectory + "/" + format::spool::kWorkload;
        if (::mkdir(directory.c_str(), 0755) != 0)
            throw RecordError("cannot record: cannot create " + directory + ": " + std::strerror(errno) + ".");
    }
    m_catalog.add({"recorder.cpu", "Recorder CPU", "%", format::MetricKind::Percent, format::BetterDirection::Lower, "",
                   "Recorder", "CPU time runlens-rec itself used, as a share of one CPU: the cost of measuring."});
    m_catalog.add({"recorder.collector_cpu", "Recorder CPU per collector", "%", format::MetricKind::Percent,
                   format::BetterDirection::Lower, "collector", "Recorder",
                   "CPU time each collector of runlens-rec used, as a share of one CPU."});
    m_catalog.add({"recorder.max_rss", "Recorder peak memory", "bytes", format::MetricKind::Gauge,
                   format::BetterDirection::Lower, "", "Recorder", "The largest resident memory runlens-rec has used so far."});

    m_manifest = {
        {"format_version", format::FormatVersion{format::kFormatMajor, format::kFormatMinor}.toString()},
        {"recorder", {{"name", "runlens-rec"}, {"version", runlens::kVersion}, {"pid", ::getpid()},
                      {"command_line", m_options.commandLine}}},
        {"run", {{"name", m_options.name}, {"note", m_options.note}, {"tags", nlohmann::json::object()}}},
        {"start", {{"utc", utcTimestamp(wallStart)},
                   {"unix_ns", std::chrono::duration_cast<std::chrono::nanoseconds>(wallStart.time_since_epoch()).count()}}},
        {"interval_ns", m_options.interval.count()},
        {"requested_duration_ns", m_options.duration ? nlohmann::json(m_options.duration->count()) : nlohmann::json()},
        {"sources", {{"proc_root", m_options.paths.procRoot}, {"sys_root", m_options.paths.sysRoot}}},
    };
    for (const auto& [key, value] : m_options.tags)
        m_manifest["run"]["tags"][key] = value;
    if (m_workload)
        m_manifest["workload"] = m_workload->manifest();
    writeHostFacts();
    m_manifest["start"]["monotonic_ns"] = collect::monotonicNs();

    writeManifest(nullptr);
    writeMetricsIfChanged();
    writeStatus("recording");
}

void RecordingSession::tick(std::int64_t timestampNs)
{
    for (auto& slotPointer : m_slots) {
        Slot& slot = *slotPointer;
        if (slot.status != "ok" || --slot.countdown > 0)
            continue;
        const double elapsed = slot.lastSampleNs < 0 ? 0.0 : double(timestampNs - slot.lastSampleNs) / 1e9;
        collect::SampleContext context{timestampNs, elapsed, m_catalog, m_warnings};
        const double before = collect::threadCpuSeconds();
        slot.group.startRow();
        try {
            slot.collector->sample(context, slot.group);
        } catch (const std::exception& failure) {
            // One broken source must not end the recording: mark it and go on with the others.
            slot.status = "failed";
            slot.reason = failure.what();
            m_warnings.add(std::string(slot.collector->name()) + " stopped: " + failure.what());
            continue;
        }
        slot.cpuSeconds += collect::threadCpuSeconds() - before;
        slot.lastSampleNs = timestampNs;
        ++slot.samples;
        slot.countdown = std::max(1, slot.collector->cadence());
        append(slot, timestampNs);
    }
    drainWorkload();
    const double elapsed = m_ticks == 0 ? 0.0 : double(timestampNs - m_lastTimestampNs) / 1e9;
    sampleSelf(timestampNs, elapsed);
    ++m_ticks;
    m_lastTimestampNs = timestampNs;
    writeMetricsIfChanged();
    writeStatus("recording");
    if (timestampNs - m_lastSyncNs >= kSyncEveryNs) {
        m_lastSyncNs = timestampNs;
        try {
            for (auto& slot : m_slots) {
                if (slot->spool)
                    slot->spool->sync();
            }
            m_self->spool->sync();
            if (m_workloadSlot) {
                m_workloadSlot->spool->sync();
                writeWorkloadOutput();
            }
        } catch (const format::FormatError& failure) {
            throw RecordError(std::string("stopped: ") + failure.what() + ".");
        }
    }
}

void RecordingSession::sampleSelf(std::int64_t timestampNs, double elapsedSeconds)
{
    collect::MetricGroup& group = m_self->group;
    if (group.columnCount() == 0) {
        group.column("recorder.cpu");
        group.column("recorder.max_rss");
        for (auto& slot : m_slots) {
            if (slot->status == "ok")
                slot->selfColumn = group.column("recorder.collector_cpu", slot->collector->name());
        }
    }
    group.startRow();
    rusage usage {}; // one call gives both the CPU time and the peak memory
    getrusage(RUSAGE_SELF, &usage);
    const double cpu = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                     + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    if (elapsedSeconds > 0)
        group.set(0, (cpu - m_lastSelfCpuSeconds) / elapsedSeconds * 100.0);
    m_lastSelfCpuSeconds = cpu;
    group.set(1, double(usage.ru_maxrss) * 1024.0);
    for (auto& slot : m_slots) {
        if (slot->selfColumn < 0)
            continue;
        if (elapsedSeconds > 0)
            group.set(slot->selfColumn, (slot->totalCpuSeconds() - slot->cpuSecondsAtLastTick) / elapsedSeconds * 100.0);
        slot->cpuSecondsAtLastTick = slot->totalCpuSeconds();
    }
    append(*m_self, timestampNs);
}

// The workload's values arrive between ticks, stamped with their own times; they reach the journal
// here, so that a crash loses at most one interval of them, like every other group.
void RecordingSession::drainWorkload()
{
    if (!m_workload || !m_workloadSlot)
        return;
    m_workload->drain(m_workloadSlot->group, [this](std::int64_t timestampNs) {
        append(*m_workloadSlot, timestampNs);
        ++m_workloadSlot->samples;
    });
}

// The tail of the command's output, rewritten whole (atomically) when it changed: at most 1 MiB.
void RecordingSession::writeWorkloadOutput()
{
    if (!m_workload || !m_workload->hasCommand() || !m_workload->outputChanged())
        return;
    try {
        format::spool::writeFileAtomically(m_spoolDirectory + "/" + format::spool::kWorkload, "output.txt", m_workload->outputTail());
    } catch (const format::FormatError& failure) {
        throw RecordError(std::string("stopped: ") + failure.what() + ".");
    }
}

// Rounds the row to the precision FORMAT.md promises and appends it to the slot's journal.
void RecordingSession::append(Slot& slot, std::int64_t timestampNs)
{
    const auto& keys = slot.group.keys();
    for (std::size_t c = slot.columnKinds.size(); c < keys.size(); ++c) {
        const format::MetricDescriptor* descriptor = m_catalog.find(keys[c].metric);
        slot.columnKinds.push_back(descriptor ? descriptor->kind : format::MetricKind::Gauge);
    }
    const auto row = slot.group.row();
    m_storedRow.resize(row.size());
    for (std::size_t c = 0; c < row.size(); ++c)
        m_storedRow[c] = format::storedValue(row[c], slot.columnKinds[c]);
    try {
        slot.spool->append(keys, timestampNs, m_storedRow);
    } catch (const format::FormatError& failure) {
        throw RecordError(std::string("stopped: ") + failure.what() + ".");
    }
}

// Read once, before the first sample: what the host is, for comparing runs later.
void RecordingSession::writeHostFacts()
{
    collect::HostFacts host = collect::collectHostFacts(m_options.paths);
    m_manifest["host"] = std::move(host.facts);
    // Bounded to under a second: off EC2 the lookup times out and the manifest says so.
    m_manifest["ec2"] = m_options.imdsEndpoint == "off"
                          ? nlohmann::json{{"available", false}, {"reason", "the EC2 lookup was turned off (--imds-endpoint off)"}}
                          : collect::ImdsClient(m_options.imdsEndpoint).identity();
    const std::string directory = m_spoolDirectory + "/" + format::spool::kHost;
    if (::mkdir(directory.c_str(), 0755) != 0 && errno != EEXIST)
        throw RecordError("cannot record: cannot create " + directory + ": " + std::strerror(errno) + ".");
    try {
        format::spool::writeFileAtomically(directory, "sysctl.json", nlohmann::json(host.sysctl).dump(1));
        if (!host.kernelConfig.empty())
            format::spool::writeFileAtomically(directory, "kernel-config.txt", host.kernelConfig);
    } catch (const format::FormatError& failure) {
        throw RecordError(std::string("cannot record: ") + failure.what() + ".");
    }
}

nlohmann::json RecordingSession::collectorsJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto& slot : m_slots) {
        nlohmann::json entry = {{"name", slot->collector->name()},
                                {"summary", slot->collector->summary()},
                                {"status", slot->status},
                                {"samples", slot->samples},
                                {"cpu_seconds", slot->totalCpuSeconds()},
                                {"cadence", slot->collector->cadence()}};
        if (!slot->reason.empty())
            entry["reason"] = slot->reason;
        // An unavailable collector's details say what it found before giving up (the PMU its
        // event set, on a host whose kernel refuses perf_event_open).
        if (slot->status == "ok" || slot->status == "failed" || slot->status == "unavailable") {
            nlohmann::json details = slot->collector->details();
            if (!details.empty())
                entry["details"] = std::move(details);
        }
        list.push_back(std::move(entry));
    }
    return list;
}

void RecordingSession::writeManifest(const nlohmann::json* end)
{
    m_manifest["collectors"] = collectorsJson();
    if (end)
        m_manifest["end"] = *end;
    try {
        format::spool::writeFileAtomically(m_spoolDirectory, format::spool::kManifest, m_manifest.dump(2));
    } catch (const format::FormatError& failure) {
        throw RecordError(std::string("stopped: ") + failure.what() + ".");
    }
}

void RecordingSession::writeMetricsIfChanged()
{
    if (m_catalog.size() == m_metricsWritten)
        return;
    nlohmann::json metrics = nlohmann::json::array();
    for (const auto& descriptor : m_catalog.descriptors())
        metrics.push_back(format::toJson(descriptor));
    try {
        format::spool::writeFileAtomically(m_spoolDirectory, format::spool::kMetrics, metrics.dump(1));
    } catch (const format::FormatError& failure) {
        throw RecordError(std::string("stopped: ") + failure.what() + ".");
    }
    m_metricsWritten = m_catalog.size();
}

void RecordingSession::writeStatus(const char* state)
{
    const nlohmann::json status = {
        {"name", m_options.name},
        {"state", state},
        {"pid", ::getpid()},
        {"elapsed_s", double(m_lastTimestampNs) / 1e9},
        {"requested_duration_s", m_options.duration ? nlohmann::json(std::chrono::duration<double>(*m_options.duration).count())
                                                    : nlohmann::json()},
        {"samples", m_ticks},
        {"collectors_ok", activeCollectors()},
        {"warnings", m_warnings.total()},
        // Bounded so that the status always fits StatusFile's fixed size.
        {"last_warning", m_warnings.messages().empty() ? std::string() : m_warnings.messages().back().substr(0, 400)},
        {"spool", m_spoolDirectory},
        {"archive", m_archivePath},
    };
    try {
        if (!m_status)
            m_status = std::make_unique<format::spool::StatusFile>(m_spoolDirectory + "/" + format::spool::kStatus);
        m_status->write(status.dump());
    } catch (const format::FormatError& failure) {
        throw RecordError(std::string("stopped: ") + failure.what() + ".");
    }
}

void RecordingSession::abandon()
{
    m_status.reset();
    for (auto& slot : m_slots)
        slot->spool.reset();
    m_self->spool.reset();
    if (m_workloadSlot)
        m_workloadSlot->spool.reset();
    std::error_code error;
    fs::remove_all(m_spoolDirectory, error);
}

void RecordingSession::releaseCollectors()
{
    // Everything the collectors learnt is in the spool now. Their memory (the profile's stack and
    // frame tables, its symbol caches, the sample rings) goes back to the kernel before packing, so
    // that the process's peak is the larger of recording and packing, not their sum.
    for (auto& slot : m_slots)
        slot->collector.reset();
    ::malloc_trim(0);
}

std::string RecordingSession::finish(EndReason reason, const std::string& message)
{
    const nlohmann::json end = {
        {"reason", toString(reason)},
        {"message", message},
        {"utc", utcTimestamp(std::chrono::system_clock::now())},
        {"elapsed_ns", m_lastTimestampNs},
        {"samples", m_ticks},
        {"warnings", m_warnings.messages()},
        {"warnings_total", m_warnings.total()},
    };
    for (auto& slot : m_slots) {
        if (slot->status != "ok")
            continue;
        const double before = collect::threadCpuSeconds();
        try {
            slot->collector->finish();
        } catch (const std::exception& failure) {
            slot->status = "failed";
            slot->reason = failure.what();
            m_warnings.add(std::string(slot->collector->name()) + " could not finish: " + failure.what());
        }
        slot->cpuSeconds += collect::threadCpuSeconds() - before;
    }
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    nlohmann::json cost = {{"cpu_seconds", ownCpuSeconds()}, {"max_rss_bytes", std::int64_t(usage.ru_maxrss) * 1024}};
    for (const auto& slot : m_slots)
        cost["collectors"][std::string(slot->collector->name())] = slot->totalCpuSeconds();
    m_manifest["recorder_cost"] = cost;
    if (m_workload) {
        m_manifest["workload"] = m_workload->manifest();
        try {
            drainWorkload();
            writeWorkloadOutput();
        } catch (const std::exception& failure) {
            m_warnings.add(std::string("the workload's last values or output could not be saved: ") + failure.what());
        }
    }
    const std::string keep = " The samples are kept in " + m_spoolDirectory + "; after fixing the cause run `runlens-rec pack "
                           + m_spoolDirectory + "`.";
    try {
        writeManifest(&end);
        writeStatus("packing");
        for (auto& slot : m_slots) {
            if (slot->spool)
                slot->spool->sync();
        }
        m_self->spool->sync();
        if (m_workloadSlot)
            m_workloadSlot->spool->sync();
    } catch (const std::exception& failure) {
        throw RecordError(std::string(failure.what()) + keep);
    }
    releaseCollectors();
    try {
        format::packSpool(m_spoolDirectory, m_archivePath);
    } catch (const format::FormatError& failure) {
        throw RecordError(std::string("cannot write the run archive: ") + failure.what() + "." + keep);
    }
    // After an error (a full disk, a broken device) the spool stays even when packing worked:
    // it is the copy that is known to be complete up to the failure.
    if (!m_options.keepSpool && reason != EndReason::Error) {
        std::error_code error;
        fs::remove_all(m_spoolDirectory, error);
    }
    return m_archivePath;
}

} // namespace runlens::recorder
