// Real run archives with a workload, packed as runlens-rec packs them (a spool directory, then
// packSpool), for tests that open files: the `runlens summary` command, the main window. A cpu
// group on the interval grid and a workload group stamped when the benchmark printed its lines
// (0.3 s off the grid), with constant values so that every mean and delta is exact.
#pragma once

#include "MetricDescriptor.h"
#include "Spool.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QString>

#include <cmath>
#include <string>
#include <vector>

struct WorkloadArchiveSpec {
    std::string name{};
    std::string group{};            // the run's "group" tag (its repeat group); empty: none
    double tps = 0;                 // workload.tps, one row a second
    double latencyMs = 0;           // workload.latency_p95, in the same rows
    double requestsPerSecond = std::nan(""); // workload.rps, a run-level result printed at the end, when finite
    std::string instanceType{};     // the EC2 identity's instance type; empty: not on EC2
    int seconds = 20;
};

// Writes DIRECTORY/NAME.tar.gz and returns its path. Throws FormatError.
inline QString writeWorkloadArchive(const QString& directory, const WorkloadArchiveSpec& spec)
{
    namespace format = runlens::format;
    using Json = nlohmann::json;
    const std::string spool = QDir(directory).filePath(QString::fromStdString(spec.name + ".spool")).toStdString();
    QDir().mkpath(QString::fromStdString(spool + "/series"));

    Json manifest = {{"format_version", "1.2"},
                     {"run", {{"name", spec.name}, {"tags", Json::object()}}},
                     {"host", {{"hostname", "bench-host"}}},
                     {"start", {{"utc", "2026-01-10T10:00:00.000Z"}, {"unix_ns", 1'768'039'200'000'000'000LL}}},
                     {"interval_ns", 1'000'000'000LL},
                     {"end", {{"reason", "duration"}, {"elapsed_ns", std::int64_t(spec.seconds) * 1'000'000'000LL}}},
                     {"workload", {{"command", {"bench", "--threads", "8"}},
                                   {"started_ns", 0},
                                   {"ended_ns", std::int64_t(spec.seconds) * 1'000'000'000LL},
                                   {"exit_status", 0}}}};
    if (!spec.group.empty())
        manifest["run"]["tags"]["group"] = spec.group;
    if (!spec.instanceType.empty())
        manifest["ec2"] = {{"available", true}, {"instance_type", spec.instanceType}};
    format::spool::writeFileAtomically(spool, format::spool::kManifest, manifest.dump());

    const auto descriptor = [](const char* id, const char* title, const char* unit, format::BetterDirection better,
                               const char* dimension, const char* category, format::MetricScope scope) {
        format::MetricDescriptor d;
        d.id = id;
        d.title = title;
        d.unit = unit;
        d.better = better;
        d.dimension = dimension;
        d.category = category;
        d.scope = scope;
        d.description = std::string("test metric ") + id;
        return format::toJson(d);
    };
    Json metrics = Json::array(
        {descriptor("cpu.busy", "Busy CPU", "%", format::BetterDirection::Neutral, "cpu", "CPU", format::MetricScope::Series),
         descriptor("workload.tps", "Throughput", "tps", format::BetterDirection::Higher, "", "Workload", format::MetricScope::Series),
         descriptor("workload.latency_p95", "p95 latency", "ms", format::BetterDirection::Lower, "", "Workload",
                    format::MetricScope::Series)});
    if (std::isfinite(spec.requestsPerSecond))
        metrics.push_back(descriptor("workload.rps", "Requests/sec", "req/s", format::BetterDirection::Higher, "", "Workload",
                                     format::MetricScope::Run));
    format::spool::writeFileAtomically(spool, format::spool::kMetrics, metrics.dump());

    {
        format::SpoolWriter cpu(spool + "/series/cpu.spool");
        const std::vector<format::ColumnKey> keys{{"cpu.busy", "all"}};
        for (int s = 0; s <= spec.seconds; ++s) {
            const double busy = 50.0 + double(s % 3);
            cpu.append(keys, std::int64_t(s) * 1'000'000'000LL, std::vector<double>{busy});
        }
    }
    {
        format::SpoolWriter workload(spool + "/series/workload.spool");
        std::vector<format::ColumnKey> keys{{"workload.tps", ""}, {"workload.latency_p95", ""}};
        for (int s = 0; s < spec.seconds - 1; ++s)
            workload.append(keys, std::int64_t(s) * 1'000'000'000LL + 700'000'000LL, std::vector<double>{spec.tps, spec.latencyMs});
        if (std::isfinite(spec.requestsPerSecond)) {
            // The benchmark's summary line, after its last interval line: a column of its own.
            keys.push_back({"workload.rps", ""});
            workload.append(keys, std::int64_t(spec.seconds) * 1'000'000'000LL - 200'000'000LL,
                            std::vector<double>{std::nan(""), std::nan(""), spec.requestsPerSecond});
        }
    }
    const std::string archive = QDir(directory).filePath(QString::fromStdString(spec.name + ".tar.gz")).toStdString();
    format::packSpool(spool, archive);
    return QString::fromStdString(archive);
}
