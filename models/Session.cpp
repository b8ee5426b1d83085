#include "Session.h"

#include "RunSet.h"
#include "TimeController.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>

namespace {

QJsonArray rangeToJson(const std::pair<double, double>& range)
{
    return QJsonArray{range.first, range.second};
}

std::optional<std::pair<double, double>> rangeFromJson(const QJsonValue& value)
{
    const QJsonArray array = value.toArray();
    if (array.size() != 2 || !array[0].isDouble() || !array[1].isDouble())
        return std::nullopt;
    return std::make_pair(array[0].toDouble(), array[1].toDouble());
}

} // namespace

Session Session::capture(const RunSet& runs, const TimeController& time, std::vector<ChartState> charts,
                         const std::map<QString, PricePerformanceEntry>& prices)
{
    Session session;
    for (int i = 0; i < runs.count(); ++i) {
        const RunEntry& entry = runs.at(i);
        session.runs.push_back({entry.run->filePath(), entry.run->runInFile(), entry.displayName, entry.colour, entry.visible,
                                entry.offsetSeconds, {}});
        if (const auto price = prices.find(entry.name()); price != prices.end())
            session.runs.back().price = price->second;
    }
    session.baseline = std::max(0, runs.baselineIndex());
    session.wallClockAlignment = runs.alignment() == RunSet::Alignment::WallClock;
    session.charts = std::move(charts);
    if (time.isZoomed())
        session.view = time.viewRange();
    session.selection = time.selection();
    return session;
}

void Session::applyTo(RunSet& runs) const
{
    runs.setAlignment(wallClockAlignment ? RunSet::Alignment::WallClock : RunSet::Alignment::Start);
    // Runs load in completion order: put them back in the saved order first.
    int position = 0;
    for (const RunState& state : this->runs) {
        const int index = state.find(runs);
        if (index < 0)
            continue;
        runs.move(index, position);
        runs.setDisplayName(position, state.displayName);
        runs.setColour(position, state.colour);
        runs.setVisible(position, state.visible);
        if (!wallClockAlignment)
            runs.setOffset(position, state.offsetSeconds);
        ++position;
    }
    if (baseline >= 0 && baseline < int(this->runs.size())) {
        const int index = this->runs[std::size_t(baseline)].find(runs);
        if (index >= 0)
            runs.setBaseline(index);
    }
}

int Session::RunState::find(const RunSet& runs) const
{
    const int index = runs.indexOf(filePath, runInFile);
    // A session saved before runs of one file were told apart names the file only.
    return index >= 0 || !runInFile.isEmpty() ? index : runs.indexOf(filePath);
}

QStringList Session::filePaths() const
{
    // Each file once: an APerf report is one file and several runs, and loads them all.
    QStringList paths;
    for (const RunState& state : runs) {
        if (!paths.contains(state.filePath))
            paths.append(state.filePath);
    }
    return paths;
}

std::map<QString, PricePerformanceEntry> Session::priceInputs(const RunSet& runs) const
{
    std::map<QString, PricePerformanceEntry> inputs;
    for (const RunState& state : this->runs) {
        const int index = state.find(runs);
        if (index >= 0 && !state.price.isEmpty())
            inputs[runs.at(index).name()] = state.price;
    }
    return inputs;
}

QJsonObject Session::toJson() const
{
    QJsonArray runArray;
    for (const RunState& state : runs) {
        QJsonObject run{{QStringLiteral("file"), state.filePath},
                        {QStringLiteral("name"), state.displayName},
                        {QStringLiteral("colour"), QStringLiteral("#%1").arg(state.colour, 6, 16, QLatin1Char('0'))},
                        {QStringLiteral("visible"), state.visible},
                        {QStringLiteral("offset_s"), state.offsetSeconds}};
        if (!state.runInFile.isEmpty())
            run.insert(QStringLiteral("run_in_file"), state.runInFile);
        if (!state.price.isEmpty()) {
            // Only what was entered: a price from the table is looked up again when the session opens.
            QJsonObject price;
            if (!std::isnan(state.price.throughput))
                price.insert(QStringLiteral("throughput"), state.price.throughput);
            if (!state.price.unit.isEmpty())
                price.insert(QStringLiteral("unit"), state.price.unit);
            if (state.price.hourlyPrice)
                price.insert(QStringLiteral("hourly_price"), *state.price.hourlyPrice);
            run.insert(QStringLiteral("price_performance"), price);
        }
        runArray.append(run);
    }
    QJsonArray chartArray;
    for (const ChartState& chart : charts) {
        chartArray.append(QJsonObject{{QStringLiteral("metric"), chart.metricId},
                                      {QStringLiteral("instance"), chart.instance},
                                      {QStringLiteral("heat_map"), chart.heatMap}});
    }
    QJsonObject json{{QStringLiteral("runlens_session"), kVersion},
                     {QStringLiteral("runs"), runArray},
                     {QStringLiteral("baseline"), baseline},
                     {QStringLiteral("wall_clock"), wallClockAlignment},
                     {QStringLiteral("charts"), chartArray}};
    if (view)
        json.insert(QStringLiteral("view"), rangeToJson(*view));
    if (selection)
        json.insert(QStringLiteral("selection"), rangeToJson(*selection));
    return json;
}

std::optional<Session> Session::fromJson(const QJsonObject& json, QString* error)
{
    const auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return std::optional<Session>();
    };
    const int version = json.value(QStringLiteral("runlens_session")).toInt(0);
    if (version < 1)
        return fail(QCoreApplication::translate("Session", "it is not a Runlens session file"));
    if (version > kVersion)
        return fail(QCoreApplication::translate("Session", "it was saved by a newer Runlens; update Runlens to open it"));
    Session session;
    for (const QJsonValue& value : json.value(QStringLiteral("runs")).toArray()) {
        const QJsonObject run = value.toObject();
        const QString file = run.value(QStringLiteral("file")).toString();
        if (file.isEmpty())
            return fail(QCoreApplication::translate("Session", "a run in it has no file"));
        bool ok = false;
        const std::uint32_t colour = run.value(QStringLiteral("colour")).toString().mid(1).toUInt(&ok, 16);
        session.runs.push_back({file, run.value(QStringLiteral("run_in_file")).toString(), run.value(QStringLiteral("name")).toString(),
                                ok ? colour : RunSet::palette()[0],
                                run.value(QStringLiteral("visible")).toBool(true), run.value(QStringLiteral("offset_s")).toDouble(), {}});
        // Older sessions have no price-performance inputs; a value that is not a usable number is left out.
        const QJsonObject price = run.value(QStringLiteral("price_performance")).toObject();
        PricePerformanceEntry& entry = session.runs.back().price;
        if (const QJsonValue throughput = price.value(QStringLiteral("throughput")); throughput.isDouble() && throughput.toDouble() > 0)
            entry.throughput = throughput.toDouble();
        entry.unit = price.value(QStringLiteral("unit")).toString();
        if (const QJsonValue hourly = price.value(QStringLiteral("hourly_price")); hourly.isDouble() && hourly.toDouble() >= 0)
            entry.hourlyPrice = hourly.toDouble();
    }
    session.baseline = json.value(QStringLiteral("baseline")).toInt(0);
    session.wallClockAlignment = json.value(QStringLiteral("wall_clock")).toBool(false);
    for (const QJsonValue& value : json.value(QStringLiteral("charts")).toArray()) {
        const QJsonObject chart = value.toObject();
        const QString metric = chart.value(QStringLiteral("metric")).toString();
        if (!metric.isEmpty())
            session.charts.push_back({metric, chart.value(QStringLiteral("instance")).toString(),
                                      chart.value(QStringLiteral("heat_map")).toBool(false)});
    }
    session.view = rangeFromJson(json.value(QStringLiteral("view")));
    session.selection = rangeFromJson(json.value(QStringLiteral("selection")));
    return session;
}
