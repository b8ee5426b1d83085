#include "SeriesExport.h"

#include "CsvField.h"

#include <QLocale>

#include <cmath>

namespace SeriesExport {

namespace {

// Ten significant digits: what the archive holds (values are stored to 24 bits, times to ns).
QString number(double value)
{
    return QLocale::c().toString(value, 'g', 10);
}

QString jsonString(const QString& text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + c;
        else if (c.unicode() < 0x20)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

QStringList metricsOf(const Run& run, const Selection& selection)
{
    if (!selection.metrics.isEmpty())
        return selection.metrics;
    QStringList ids;
    for (const auto& descriptor : run.metrics())
        ids.append(QString::fromStdString(descriptor.id));
    return ids;
}

// Calls point(time, run, metric, instance, value) for every point with a value in the window.
template<typename Point>
void forEachPoint(const std::vector<RunPtr>& runs, const Selection& selection, Point&& point)
{
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const RunPtr& run = runs[r];
        const QString name = run->name();
        const auto window = r < selection.runWindows.size() ? selection.runWindows[r] : selection.window;
        for (const QString& metric : metricsOf(*run, selection)) {
            for (const QString& instance : run->instances(metric)) {
                const SeriesView series = run->series(metric, instance);
                for (std::size_t i = 0; i < series.size(); ++i) {
                    const double time = series.times[i];
                    const double value = series.values[i];
                    if (std::isnan(value) || (window && (time < window->first || time > window->second)))
                        continue;
                    point(time, name, metric, instance, value);
                }
            }
        }
    }
}

} // namespace

QByteArray toCsv(const std::vector<RunPtr>& runs, const Selection& selection)
{
    QString out = QStringLiteral("time_s,run,metric,instance,value\n");
    forEachPoint(runs, selection, [&out](double time, const QString& run, const QString& metric, const QString& instance, double value) {
        out += number(time) + QLatin1Char(',') + csvField(run) + QLatin1Char(',') + csvField(metric) + QLatin1Char(',')
             + csvField(instance) + QLatin1Char(',') + number(value) + QLatin1Char('\n');
    });
    return out.toUtf8();
}

QByteArray toJson(const std::vector<RunPtr>& runs, const Selection& selection)
{
    QString out = QStringLiteral("[");
    bool first = true;
    forEachPoint(runs, selection, [&](double time, const QString& run, const QString& metric, const QString& instance, double value) {
        out += (first ? QStringLiteral("\n") : QStringLiteral(",\n")) + QStringLiteral("{\"time_s\": ") + number(time)
             + QStringLiteral(", \"run\": ") + jsonString(run) + QStringLiteral(", \"metric\": ") + jsonString(metric)
             + QStringLiteral(", \"instance\": ") + jsonString(instance) + QStringLiteral(", \"value\": ") + number(value)
             + QLatin1Char('}');
        first = false;
    });
    out += QStringLiteral("\n]\n");
    return out.toUtf8();
}

QStringList missingMetrics(const std::vector<RunPtr>& runs, const Selection& selection)
{
    QStringList missing;
    for (const QString& metric : selection.metrics) {
        bool found = false;
        for (const RunPtr& run : runs)
            found = found || run->hasMetric(metric);
        if (!found)
            missing.append(metric);
    }
    return missing;
}

} // namespace SeriesExport
