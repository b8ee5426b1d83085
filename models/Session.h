// What the user set up, saved to a .runlens file and reopened later: the runs (by file), their
// order, names, colours, visibility and offsets, the baseline, the charts, the zoom and selection,
// and the price-performance inputs typed for each run.
#pragma once

#include "summary/PricePerformance.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

class RunSet;
class TimeController;

struct Session {
    struct RunState {
        QString filePath;
        QString runInFile; // which run of the file, when it holds several (an APerf report)
        QString displayName;
        std::uint32_t colour = 0;
        bool visible = true;
        double offsetSeconds = 0;
        PricePerformanceEntry price; // throughput, unit and hourly price as the user entered them

        // Its index in `runs`, or -1.
        int find(const RunSet& runs) const;
    };
    struct ChartState {
        QString metricId;
        QString instance;
        bool heatMap = false;
    };

    std::vector<RunState> runs;
    int baseline = 0;
    bool wallClockAlignment = false;
    std::vector<ChartState> charts;
    std::optional<std::pair<double, double>> view;
    std::optional<std::pair<double, double>> selection;

    // prices: the price-performance inputs by the summary's run names (display name, else the run's own).
    static Session capture(const RunSet& runs, const TimeController& time, std::vector<ChartState> charts,
                           const std::map<QString, PricePerformanceEntry>& prices = {});
    // Applies everything but the runs themselves (which must be loaded first) to the run set:
    // names, colours, visibility, offsets and baseline of the runs it finds by file path.
    void applyTo(RunSet& runs) const;
    QStringList filePaths() const;
    // The saved price-performance inputs by the names the runs have in `runs` (after applyTo).
    std::map<QString, PricePerformanceEntry> priceInputs(const RunSet& runs) const;

    QJsonObject toJson() const;
    // Throws nothing: an unusable file yields nullopt and error names the problem.
    static std::optional<Session> fromJson(const QJsonObject& json, QString* error);

    static constexpr int kVersion = 1;
};
