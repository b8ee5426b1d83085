// Run archives with per-process series, packed as runlens-rec packs them: proc.cpu per "PID/comm"
// column and, when given, the command lines runlens-rec keeps in the proc collector's details.
// Constant values, so that every mean is exact.
#pragma once

#include "MetricDescriptor.h"
#include "Spool.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QString>

#include <string>
#include <vector>

struct ProcessSpec {
    std::string instance;              // "PID/comm"
    std::vector<std::string> arguments; // its command line; empty: not recorded
    double cpu = 0;                    // proc.cpu, % of one CPU, every second
};

// Writes DIRECTORY/NAME.tar.gz and returns its path. Throws FormatError.
inline QString writeProcessArchive(const QString& directory, const std::string& name, const std::vector<ProcessSpec>& processes,
                                   int seconds = 20)
{
    namespace format = runlens::format;
    using Json = nlohmann::json;
    const std::string spool = QDir(directory).filePath(QString::fromStdString(name + ".spool")).toStdString();
    QDir().mkpath(QString::fromStdString(spool + "/series"));

    Json commandLines = Json::object();
    for (const ProcessSpec& process : processes) {
        if (!process.arguments.empty())
            commandLines[process.instance] = process.arguments;
    }
    const Json manifest = {{"format_version", "2.0"},
                           {"run", {{"name", name}, {"tags", Json::object()}}},
                           {"host", {{"hostname", "app-host"}}},
                           {"start", {{"utc", "2026-01-10T10:00:00.000Z"}, {"unix_ns", 1'768'039'200'000'000'000LL}}},
                           {"interval_ns", 1'000'000'000LL},
                           {"collectors", {{{"name", "proc"}, {"status", "ok"}, {"details", {{"command_lines", commandLines}}}}}},
                           {"end", {{"reason", "duration"}, {"elapsed_ns", std::int64_t(seconds) * 1'000'000'000LL}}}};
    format::spool::writeFileAtomically(spool, format::spool::kManifest, manifest.dump());

    format::MetricDescriptor cpu;
    cpu.id = "proc.cpu";
    cpu.title = "Process CPU";
    cpu.unit = "%";
    cpu.kind = format::MetricKind::Percent;
    cpu.better = format::BetterDirection::Lower;
    cpu.dimension = "process";
    cpu.category = "Processes";
    cpu.description = "User plus system CPU of the process, as % of one CPU";
    format::spool::writeFileAtomically(spool, format::spool::kMetrics, Json::array({format::toJson(cpu)}).dump());

    {
        format::SpoolWriter writer(spool + "/series/proc.spool");
        std::vector<format::ColumnKey> keys;
        std::vector<double> row;
        for (const ProcessSpec& process : processes) {
            keys.push_back({"proc.cpu", process.instance});
            row.push_back(process.cpu);
        }
        for (int s = 0; s <= seconds; ++s)
            writer.append(keys, std::int64_t(s) * 1'000'000'000LL, row);
    }
    const std::string archive = QDir(directory).filePath(QString::fromStdString(name + ".tar.gz")).toStdString();
    format::packSpool(spool, archive);
    return QString::fromStdString(archive);
}
