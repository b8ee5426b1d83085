// Runs built in memory for model tests: a manifest, descriptors and one group of columns.
#pragma once

#include "Run.h"

#include <cmath>
#include <functional>

struct MetricSpec {
    std::string id;
    std::string unit;
    std::vector<std::string> instances; // "" for a single value
    std::function<double(std::size_t row, std::size_t instance)> value;
    runlens::format::BetterDirection better = runlens::format::BetterDirection::Neutral;
    runlens::format::MetricScope scope = runlens::format::MetricScope::Series;
    // The group's own timestamps in seconds (a workload's rows are stamped when the benchmark
    // printed them, off the interval grid); empty: `rows` rows on the interval grid. Every metric
    // of a group must give the same.
    std::vector<double> times{};
    std::string title{}; // empty: the id
};

inline RunPtr makeRun(const QString& path, const std::string& name, std::size_t rows, double intervalSeconds,
                      const std::vector<MetricSpec>& metrics, long long startUnixMs = 1'700'000'000'000LL,
                      // Adds to the archive before the Run is built: host facts, attachments (host/sysctl.json).
                      const std::function<void(runlens::format::RunArchive&)>& customise = {})
{
    runlens::format::RunArchive archive;
    archive.runName = name;
    archive.manifest = {{"format_version", "1.0"},
                        {"run", {{"name", name}}},
                        {"host", {{"hostname", "testhost"}}},
                        {"start", {{"unix_ns", startUnixMs * 1'000'000LL}}},
                        {"interval_ns", std::int64_t(intervalSeconds * 1e9)}};
    std::map<std::string, runlens::format::SeriesTable> groups;
    for (const MetricSpec& metric : metrics) {
        const std::string group = metric.id.substr(0, metric.id.find('.'));
        runlens::format::SeriesTable& table = groups[group];
        table.group = group;
        if (table.timestampsNs.empty()) {
            if (metric.times.empty()) {
                for (std::size_t r = 0; r < rows; ++r)
                    table.timestampsNs.push_back(std::int64_t(double(r) * intervalSeconds * 1e9));
            } else {
                for (const double seconds : metric.times)
                    table.timestampsNs.push_back(std::int64_t(std::llround(seconds * 1e9)));
            }
        }
        const std::size_t groupRows = table.timestampsNs.size();
        runlens::format::MetricDescriptor descriptor;
        descriptor.id = metric.id;
        descriptor.title = metric.title.empty() ? metric.id : metric.title;
        descriptor.unit = metric.unit;
        descriptor.better = metric.better;
        descriptor.scope = metric.scope;
        descriptor.category = group == "cpu" ? "CPU" : group == "mem" ? "Memory" : group == "workload" ? "Workload" : group;
        archive.metrics.push_back(descriptor);
        for (std::size_t i = 0; i < metric.instances.size(); ++i) {
            table.keys.push_back({metric.id, metric.instances[i]});
            std::vector<double> column(groupRows);
            for (std::size_t r = 0; r < groupRows; ++r)
                column[r] = metric.value(r, i);
            table.columns.push_back(std::move(column));
        }
    }
    for (auto& [name, table] : groups)
        archive.series.push_back(std::move(table));
    if (customise)
        customise(archive);
    return std::make_shared<const Run>(path, std::move(archive));
}
