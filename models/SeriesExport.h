// A run's series as data for other tools (pandas, R, a spreadsheet): long format, one point per
// line or record — time (seconds after the run's start), run, metric, instance, value — in CSV
// or JSON. Points without a value are left out; a window keeps the points inside it.
#pragma once

#include "Run.h"

#include <QByteArray>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

namespace SeriesExport {

struct Selection {
    QStringList metrics; // empty: every metric of the run
    std::optional<std::pair<double, double>> window; // seconds after the run's start
    // Each run's own window, in the order of the runs (`--window RUN=FROM:TO`, a RunSet's trims);
    // when given, it replaces `window` for every run it covers.
    std::vector<std::optional<std::pair<double, double>>> runWindows;
};

// "time_s,run,metric,instance,value" then one line per point, runs in the order given.
QByteArray toCsv(const std::vector<RunPtr>& runs, const Selection& selection);
// [{"time_s": ..., "run": ..., "metric": ..., "instance": ..., "value": ...}, ...]
QByteArray toJson(const std::vector<RunPtr>& runs, const Selection& selection);

// The metric ids of `selection` that none of the runs has.
QStringList missingMetrics(const std::vector<RunPtr>& runs, const Selection& selection);

} // namespace SeriesExport
