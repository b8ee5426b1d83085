#include "SyntheticRun.h"

#include <cmath>
#include <random>

RunPtr syntheticRun(const QString& path, int metrics, std::size_t samples, double interval, int seed)
{
    runlens::format::RunArchive archive;
    archive.runName = path.toStdString();
    archive.manifest = {{"format_version", "1.0"}, {"run", {{"name", path.toStdString()}}}, {"interval_ns", std::int64_t(interval * 1e9)}};
    runlens::format::SeriesTable table;
    table.group = "cpu";
    std::mt19937 random(seed);
    std::normal_distribution<double> noise(0, 5);
    for (std::size_t s = 0; s < samples; ++s)
        table.timestampsNs.push_back(std::int64_t(double(s) * interval * 1e9));
    for (int m = 0; m < metrics; ++m) {
        const std::string id = "cpu.metric" + std::to_string(m);
        archive.metrics.push_back({id, id, "%", runlens::format::MetricKind::Percent, runlens::format::BetterDirection::Neutral, "", "CPU", ""});
        table.keys.push_back({id, "all"});
        std::vector<double> column(samples);
        for (std::size_t s = 0; s < samples; ++s)
            column[s] = 50 + 30 * std::sin(double(s) / 200.0 + m) + noise(random);
        table.columns.push_back(std::move(column));
    }
    archive.series.push_back(std::move(table));
    return std::make_shared<const Run>(path, std::move(archive));
}
