#include "SummaryExport.h"

#include "CsvField.h"
#include "VerdictExplanation.h"

#include "UnitFormat.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace {

std::vector<int> allRows(const SummaryReport& report)
{
    std::vector<int> all(report.rows.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = int(i);
    return all;
}

// Plain numbers for machines: up to 10 significant digits, C locale, empty for "no value".
QString number(double value)
{
    return std::isfinite(value) ? QLocale::c().toString(value, 'g', 10) : QString();
}

QString markdownCell(QString text)
{
    text.replace(QLatin1String("|"), QLatin1String("\\|"));
    return text;
}

nlohmann::ordered_json jsonNumber(double value)
{
    return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

QString windowText(const TimeWindow& window)
{
    if (!window)
        return QCoreApplication::translate("SummaryExport", "whole run");
    const QString from = QLocale::c().toString(window->first, 'f', 1);
    if (!std::isfinite(window->second))
        return QCoreApplication::translate("SummaryExport", "from %1 s to the end").arg(from);
    return QStringLiteral("%1 s – %2 s").arg(from, QLocale::c().toString(window->second, 'f', 1));
}

} // namespace

namespace SummaryExport {

QString verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::NoData: return QCoreApplication::translate("SummaryExport", "no data");
    case Verdict::Baseline: return QCoreApplication::translate("SummaryExport", "baseline");
    case Verdict::Unchanged: return QCoreApplication::translate("SummaryExport", "unchanged");
    case Verdict::WithinNoise: return QCoreApplication::translate("SummaryExport", "within noise");
    case Verdict::TooFewSamples: return QCoreApplication::translate("SummaryExport", "too few samples");
    case Verdict::Improvement: return QCoreApplication::translate("SummaryExport", "improvement");
    case Verdict::Regression: return QCoreApplication::translate("SummaryExport", "regression");
    case Verdict::Changed: return QCoreApplication::translate("SummaryExport", "changed");
    }
    return {};
}

QString percentText(double percent)
{
    return QLocale::c().toString(percent, 'f', std::fabs(percent) < 10 ? 1 : 0) + QStringLiteral(" %");
}

QString formatDelta(const SummaryRow& row, const SummaryCell& cell)
{
    if (cell.verdict == Verdict::NoData || cell.verdict == Verdict::Baseline)
        return {};
    if (std::isfinite(cell.deltaPercent)) {
        const QString text = percentText(cell.deltaPercent);
        if (text == QLatin1String("0.0 %") || text == QLatin1String("-0.0 %"))
            return QStringLiteral("±0 %");
        return (cell.deltaPercent > 0 ? QStringLiteral("+") : QString()) + text;
    }
    return (cell.delta > 0 ? QStringLiteral("+") : QString()) + UnitFormat::format(cell.delta, row.unit);
}

QByteArray toCsv(const SummaryReport& report)
{
    return toCsv(report, allRows(report));
}

QByteArray toMarkdown(const SummaryReport& report)
{
    return toMarkdown(report, allRows(report));
}

QByteArray toCsv(const SummaryReport& report, const std::vector<int>& rows)
{
    QStringList header{QStringLiteral("metric"), QStringLiteral("instance"), QStringLiteral("title"),
                       QStringLiteral("unit"), QStringLiteral("category"), QStringLiteral("better")};
    for (std::size_t r = 0; r < report.runs.size(); ++r) {
        const QString& name = report.runs[r].name;
        for (const char* stat : {"n", "mean", "sd", "min", "p50", "p90", "p99", "max"})
            header.append(csvField(name + QLatin1Char(' ') + QLatin1String(stat)));
        if (int(r) != report.baseline) {
            for (const char* column : {"delta", "delta %", "ci low", "ci high", "verdict"})
                header.append(csvField(name + QLatin1Char(' ') + QLatin1String(column)));
        }
    }
    QString out = header.join(QLatin1Char(',')) + QLatin1Char('\n');
    for (const int index : rows) {
        const SummaryRow& row = report.rows[std::size_t(index)];
        QStringList fields{csvField(row.name()), csvField(row.instance), csvField(row.title), csvField(row.unit),
                           csvField(row.category),
                           QString::fromLatin1(runlens::format::toString(row.better).data(), qsizetype(runlens::format::toString(row.better).size()))};
        for (std::size_t r = 0; r < row.cells.size(); ++r) {
            const SummaryCell& cell = row.cells[r];
            const WindowStatistics& s = cell.stats;
            if (s.isEmpty()) {
                fields.append(QStringLiteral("0"));
                for (int i = 0; i < 7; ++i)
                    fields.append(QString());
            } else {
                fields.append(QString::number(s.count));
                for (const double v : {s.mean, s.sd, s.min, s.p50, s.p90, s.p99, s.max})
                    fields.append(number(v));
            }
            if (int(r) != report.baseline) {
                const bool compared = cell.verdict != Verdict::NoData;
                fields.append(compared ? number(cell.delta) : QString());
                fields.append(compared ? number(cell.deltaPercent) : QString());
                // A verdict from the repeats has a noise band, not a confidence interval (see JSON).
                const bool interval = compared && cell.estimate.tested && !cell.repeats;
                fields.append(interval ? number(cell.estimate.low) : QString());
                fields.append(interval ? number(cell.estimate.high) : QString());
                fields.append(verdictName(cell.verdict));
            }
        }
        out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
    }
    // The noise across repeats of the workload's metrics, in a table of its own after a blank
    // line, only when there are repeat groups (JSON has every metric's, under repeat_spread).
    bool spreadHeader = false;
    for (const int index : rows) {
        const SummaryRow& row = report.rows[std::size_t(index)];
        if (row.isInstanceRow() || !row.isWorkload())
            continue;
        for (const GroupSpread& group : row.spreads) {
            if (!spreadHeader) {
                out += QStringLiteral("\nmetric,repeat_group,runs,mean,median,range_over_median,cv\n");
                spreadHeader = true;
            }
            out += QStringList{csvField(row.name()), csvField(group.group), QString::number(group.spread.runs),
                               number(group.spread.mean), number(group.spread.median),
                               number(group.spread.rangeOverMedian), number(group.spread.coefficientOfVariation)}
                       .join(QLatin1Char(','))
                   + QLatin1Char('\n');
        }
    }
    const PricePerformanceReport& price = report.pricePerformance;
    if (!price.isEmpty()) {
        // A second table after a blank line, only when price-performance was asked for.
        out += QStringLiteral("\nrun,throughput,unit,price_per_hour,currency,price_source,price_table_date,instance_type,"
                              "cost_per_100k_units_per_s,cost_vs_baseline_pct,throughput_source,throughput_metric\n");
        for (std::size_t r = 0; r < price.runs.size(); ++r) {
            const PricePerformanceRun& run = price.runs[r];
            const char* source = run.source == PriceSource::Given ? "given" : run.source == PriceSource::Table ? "table" : "none";
            out += QStringList{csvField(run.name), number(run.throughput), csvField(run.unit), number(run.hourlyPrice),
                               csvField(price.currency), QLatin1String(source),
                               run.source == PriceSource::Table ? csvField(price.tableDate) : QString(),
                               csvField(run.instanceType), number(run.result.costPer100k),
                               int(r) == price.baseline ? QString() : number(PricePerformance::relativePercent(run.result)),
                               PricePerformance::throughputSourceName(run.throughputSource), csvField(run.throughputMetric)}
                       .join(QLatin1Char(','))
                   + QLatin1Char('\n');
        }
    }
    return out.toUtf8();
}

std::vector<HeadlineItem> biggestChanges(const SummaryReport& report, int run, Verdict verdict, int count)
{
    std::vector<HeadlineItem> items;
    struct Candidate {
        bool workload;
        double size;
        int row;
    };
    std::vector<Candidate> candidates;
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        // The headline speaks of metrics; per-instance rows are details asked for on demand.
        if (report.rows[i].isInstanceRow())
            continue;
        const SummaryCell& cell = report.rows[i].cells[std::size_t(run)];
        if (cell.verdict == verdict && std::isfinite(cell.deltaPercent))
            candidates.push_back({report.rows[i].isWorkload(), std::fabs(cell.deltaPercent), int(i)});
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        if (a.workload != b.workload)
            return a.workload;
        return a.size > b.size;
    });
    for (const Candidate& candidate : candidates) {
        if (int(items.size()) == count)
            break;
        const SummaryRow& row = report.rows[std::size_t(candidate.row)];
        items.push_back({candidate.row, run, row.title + QLatin1Char(' ') + formatDelta(row, row.cells[std::size_t(run)])});
    }
    return items;
}

std::vector<HeadlineItem> workloadChanges(const SummaryReport& report, int run)
{
    std::vector<HeadlineItem> items;
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const SummaryRow& row = report.rows[i];
        if (row.isInstanceRow() || !row.isWorkload())
            continue;
        const SummaryCell& cell = row.cells[std::size_t(run)];
        QString text;
        switch (cell.verdict) {
        case Verdict::NoData:
        case Verdict::Baseline:
            continue;
        case Verdict::Unchanged:
            text = QCoreApplication::translate("SummaryExport", "%1 unchanged").arg(row.title);
            break;
        case Verdict::WithinNoise:
            text = QCoreApplication::translate("SummaryExport", "%1 %2, within noise").arg(row.title, formatDelta(row, cell));
            break;
        case Verdict::TooFewSamples:
            // One result per run cannot show its own noise: only repeats can.
            text = row.isRunResult()
                       ? QCoreApplication::translate("SummaryExport", "%1 %2, one result per run: repeat the runs to tell it from noise")
                             .arg(row.title, formatDelta(row, cell))
                       : QCoreApplication::translate("SummaryExport", "%1 %2, too few samples to tell it from noise")
                             .arg(row.title, formatDelta(row, cell));
            break;
        case Verdict::Improvement:
        case Verdict::Regression:
        case Verdict::Changed:
            text = QCoreApplication::translate("SummaryExport", "%1 %2, beyond noise").arg(row.title, formatDelta(row, cell));
            break;
        }
        items.push_back({int(i), run, text});
    }
    return items;
}

QString repeatNoiseRule()
{
    return QCoreApplication::translate("SummaryExport",
                                       "Spread of each workload metric across the repeats of a variant, (max − min) / "
                                       "median of the runs' values; a change smaller than the larger spread of the two "
                                       "variants is within noise.");
}

std::vector<HeadlineItem> repeatNoise(const SummaryReport& report)
{
    std::vector<HeadlineItem> items;
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const SummaryRow& row = report.rows[i];
        if (row.isInstanceRow() || !row.isWorkload() || row.spreads.empty())
            continue;
        QStringList groups;
        for (const GroupSpread& group : row.spreads)
            groups.append(QCoreApplication::translate("SummaryExport", "%1 %2 (%n runs)", nullptr, group.spread.runs)
                              .arg(group.group, UnitFormat::format(100 * group.spread.rangeOverMedian, QStringLiteral("%"))));
        items.push_back({int(i), -1, QStringLiteral("%1: %2").arg(row.title, groups.join(QStringLiteral(", ")))});
    }
    return items;
}

QByteArray toMarkdown(const SummaryReport& report, const std::vector<int>& rows)
{
    QString out;
    const int baseline = report.baseline;
    out += QCoreApplication::translate("SummaryExport", "# Summary") + QStringLiteral("\n\n");
    for (std::size_t r = 0; r < report.runs.size(); ++r) {
        const SummaryRunInfo& run = report.runs[r];
        out += QStringLiteral("- %1%2, %3\n")
                   .arg(markdownCell(run.name),
                        int(r) == baseline ? QCoreApplication::translate("SummaryExport", " (baseline)") : QString(),
                        windowText(run.window));
    }
    out += QLatin1Char('\n');
    if (!report.comparability.warnings.empty()) {
        out += QCoreApplication::translate("SummaryExport", "## Comparability") + QStringLiteral("\n\n");
        for (const ComparabilityWarning& warning : report.comparability.warnings)
            out += QStringLiteral("- ") + warning.sentence + QLatin1Char('\n');
        out += QLatin1Char('\n');
    }
    for (std::size_t r = 0; r < report.runs.size(); ++r) {
        if (int(r) == baseline)
            continue;
        QStringList better;
        for (const HeadlineItem& item : biggestChanges(report, int(r), Verdict::Improvement, 5))
            better.append(item.text);
        QStringList worse;
        for (const HeadlineItem& item : biggestChanges(report, int(r), Verdict::Regression, 5))
            worse.append(item.text);
        out += QCoreApplication::translate("SummaryExport", "## %1 against %2").arg(report.runs[r].name, report.runs[std::size_t(baseline)].name)
               + QStringLiteral("\n\n");
        QStringList workload;
        for (const HeadlineItem& item : workloadChanges(report, int(r)))
            workload.append(item.text);
        if (!workload.isEmpty())
            out += QCoreApplication::translate("SummaryExport", "- Workload: %1\n").arg(workload.join(QStringLiteral("; ")));
        out += QCoreApplication::translate("SummaryExport", "- Better: %1\n")
                   .arg(better.isEmpty() ? QCoreApplication::translate("SummaryExport", "nothing beyond noise") : better.join(QStringLiteral(", ")));
        out += QCoreApplication::translate("SummaryExport", "- Worse: %1\n")
                   .arg(worse.isEmpty() ? QCoreApplication::translate("SummaryExport", "nothing beyond noise") : worse.join(QStringLiteral(", ")));
        out += QLatin1Char('\n');
    }
    if (const std::vector<HeadlineItem> noise = repeatNoise(report); !noise.empty()) {
        out += QCoreApplication::translate("SummaryExport", "## Noise across repeats") + QStringLiteral("\n\n");
        out += repeatNoiseRule() + QStringLiteral("\n\n");
        for (const HeadlineItem& item : noise)
            out += QStringLiteral("- ") + item.text + QLatin1Char('\n');
        out += QLatin1Char('\n');
    }
    if (!report.pricePerformance.isEmpty()) {
        const PricePerformanceReport& price = report.pricePerformance;
        out += QCoreApplication::translate("SummaryExport", "## Price-performance") + QStringLiteral("\n\n");
        out += QCoreApplication::translate("SummaryExport",
                                           "Cost per 100,000 units/s = price × 100,000 / throughput; lower is better.")
               + QStringLiteral("\n\n");
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                   .arg(QCoreApplication::translate("SummaryExport", "Run"),
                        QCoreApplication::translate("SummaryExport", "Throughput"),
                        QCoreApplication::translate("SummaryExport", "Price (%1/h)").arg(price.currency),
                        QCoreApplication::translate("SummaryExport", "Price source"),
                        QCoreApplication::translate("SummaryExport", "Cost per 100,000 units/s (%1/h)").arg(price.currency),
                        QCoreApplication::translate("SummaryExport", "Against baseline"));
        out += QStringLiteral("|---|---:|---:|---|---:|---:|\n");
        for (std::size_t r = 0; r < price.runs.size(); ++r) {
            const PricePerformanceRun& run = price.runs[r];
            QString throughput = std::isfinite(run.throughput)
                                     ? PricePerformance::plainNumber(run.throughput) + QLatin1Char(' ') + run.unit
                                     : QStringLiteral("–");
            if (run.throughputSource == ThroughputSource::Recorded)
                throughput += QStringLiteral(" (%1)").arg(PricePerformance::throughputSourceText(run));
            const QString hourly = std::isfinite(run.hourlyPrice) ? PricePerformance::plainNumber(run.hourlyPrice) : QStringLiteral("–");
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                       .arg(markdownCell(run.name), markdownCell(throughput), hourly,
                            markdownCell(PricePerformance::sourceText(price, run)),
                            markdownCell(PricePerformance::costText(run)),
                            markdownCell(PricePerformance::relativeText(price, int(r))));
        }
        out += QLatin1Char('\n');
    }
    if (!report.findings.empty()) {
        out += QCoreApplication::translate("SummaryExport", "## Findings") + QStringLiteral("\n\n");
        for (const Finding& finding : report.findings)
            out += finding.metricId.isEmpty()
                       ? QStringLiteral("- **%1** %2\n").arg(severityName(finding.severity), finding.sentence)
                       : QStringLiteral("- **%1** %2 (`%3`)\n").arg(severityName(finding.severity), finding.sentence, finding.metricId);
        out += QLatin1Char('\n');
    }
    out += QCoreApplication::translate("SummaryExport", "## Metrics (mean over the window)") + QStringLiteral("\n\n");
    QStringList header{QCoreApplication::translate("SummaryExport", "Metric"), QCoreApplication::translate("SummaryExport", "Category")};
    for (const SummaryRunInfo& run : report.runs)
        header.append(markdownCell(run.name));
    out += QStringLiteral("| ") + header.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    out += QStringLiteral("|---|---|") + QStringLiteral("---:|").repeated(qsizetype(report.runs.size())) + QLatin1Char('\n');
    for (const int index : rows) {
        const SummaryRow& row = report.rows[std::size_t(index)];
        QStringList cells{QStringLiteral("%1 (`%2`)").arg(markdownCell(row.title), markdownCell(row.name())), markdownCell(row.category)};
        for (std::size_t r = 0; r < row.cells.size(); ++r) {
            const SummaryCell& cell = row.cells[r];
            QString text = cell.stats.isEmpty() ? QStringLiteral("–") : UnitFormat::format(cell.stats.mean, row.unit);
            if (int(r) != baseline && cell.verdict != Verdict::NoData) {
                // Within noise names the change the series' variation hides, as the table does.
                const QString band = cell.verdict == Verdict::WithinNoise
                                         ? VerdictExplanation::noiseBandText(row, cell, row.cells[std::size_t(baseline)])
                                         : QString();
                text += band.isEmpty() ? QStringLiteral(" (%1, %2)").arg(formatDelta(row, cell), verdictText(cell.verdict))
                                       : QStringLiteral(" (%1, %2, %3)").arg(formatDelta(row, cell), verdictText(cell.verdict), band);
            }
            cells.append(markdownCell(text));
        }
        out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return out.toUtf8();
}

QByteArray toJson(const SummaryReport& report)
{
    using Json = nlohmann::ordered_json;
    Json document = Json::object();
    document["baseline"] = report.baseline;
    Json runs = Json::array();
    for (const SummaryRunInfo& run : report.runs) {
        // The file name only: the same runs give the same bytes wherever they are stored.
        Json entry = {{"name", run.name.toStdString()}, {"file", QFileInfo(run.filePath).fileName().toStdString()}};
        entry["window"] = run.window ? Json::array({run.window->first, run.window->second}) : Json(nullptr);
        entry["repeat_group"] = run.repeatGroup.toStdString();
        runs.push_back(entry);
    }
    document["runs"] = runs;
    Json warnings = Json::array();
    for (const ComparabilityWarning& warning : report.comparability.warnings)
        warnings.push_back({{"section", warning.section.toStdString()}, {"key", warning.key.toStdString()},
                            {"sentence", warning.sentence.toStdString()}});
    document["comparability"] = warnings;
    Json findings = Json::array();
    for (const Finding& finding : report.findings)
        findings.push_back({{"rule", finding.ruleId.toStdString()}, {"severity", severityName(finding.severity).toStdString()},
                            {"run", finding.run}, {"metric", finding.metricId.toStdString()},
                            {"sentence", finding.sentence.toStdString()}});
    document["findings"] = findings;
    Json metrics = Json::array();
    for (const SummaryRow& row : report.rows) {
        Json entry = {{"id", row.metricId.toStdString()}, {"instance", row.instance.toStdString()},
                      {"name", row.name().toStdString()},
                      {"title", row.title.toStdString()}, {"unit", row.unit.toStdString()},
                      {"category", row.category.toStdString()}, {"better", std::string(runlens::format::toString(row.better))},
                      {"scope", row.isRunResult() ? "run" : "series"}};
        Json cells = Json::array();
        for (const SummaryCell& cell : row.cells) {
            Json c = Json::object();
            c["n"] = cell.stats.count;
            if (!cell.stats.isEmpty()) {
                const WindowStatistics& s = cell.stats;
                c["mean"] = jsonNumber(s.mean);
                c["sd"] = jsonNumber(s.sd);
                c["min"] = jsonNumber(s.min);
                c["p50"] = jsonNumber(s.p50);
                c["p90"] = jsonNumber(s.p90);
                c["p99"] = jsonNumber(s.p99);
                c["max"] = jsonNumber(s.max);
            }
            c["verdict"] = verdictName(cell.verdict).toStdString();
            if (cell.verdict != Verdict::NoData && cell.verdict != Verdict::Baseline) {
                c["delta"] = jsonNumber(cell.delta);
                c["delta_pct"] = jsonNumber(cell.deltaPercent);
                if (const auto& repeats = cell.repeats) {
                    // Judged by the repeats' spread, not by a bootstrap: no interval, the noise band.
                    c["compared_by"] = "repeats";
                    c["repeats"] = {{"baseline_group", repeats->baselineGroup.toStdString()},
                                    {"group", repeats->otherGroup.toStdString()},
                                    {"baseline_runs", repeats->baseline.runs}, {"runs", repeats->other.runs},
                                    {"baseline_mean", jsonNumber(repeats->baseline.mean)},
                                    {"mean", jsonNumber(repeats->other.mean)},
                                    {"noise", jsonNumber(repeats->noise)}, {"noise_band", jsonNumber(repeats->noiseBand)},
                                    {"beyond_noise", repeats->beyondNoise}};
                } else if (cell.estimate.tested) {
                    c["ci"] = Json::array({jsonNumber(cell.estimate.low), jsonNumber(cell.estimate.high)});
                    c["block_lengths"] = Json::array({cell.estimate.baselineBlock, cell.estimate.otherBlock});
                }
            }
            cells.push_back(c);
        }
        entry["runs"] = cells;
        if (!row.spreads.empty()) {
            Json spreads = Json::array();
            for (const GroupSpread& group : row.spreads)
                spreads.push_back({{"group", group.group.toStdString()}, {"runs", group.spread.runs},
                                   {"range_over_median", jsonNumber(group.spread.rangeOverMedian)},
                                   {"cv", jsonNumber(group.spread.coefficientOfVariation)}});
            entry["repeat_spread"] = spreads;
        }
        metrics.push_back(entry);
    }
    document["metrics"] = metrics;
    if (!report.pricePerformance.isEmpty()) {
        const PricePerformanceReport& price = report.pricePerformance;
        Json section = {{"currency", price.currency.toStdString()}, {"table_date", price.tableDate.toStdString()},
                        {"table_region", price.tableRegion.toStdString()}};
        Json entries = Json::array();
        for (std::size_t r = 0; r < price.runs.size(); ++r) {
            const PricePerformanceRun& run = price.runs[r];
            entries.push_back({{"name", run.name.toStdString()}, {"throughput", jsonNumber(run.throughput)},
                               {"unit", run.unit.toStdString()}, {"price_per_hour", jsonNumber(run.hourlyPrice)},
                               {"price_source", run.source == PriceSource::Given ? "given"
                                                : run.source == PriceSource::Table ? "table" : "none"},
                               {"instance_type", run.instanceType.toStdString()},
                               {"cost_per_100k_units_per_s", jsonNumber(run.result.costPer100k)},
                               {"cost_vs_baseline_pct", int(r) == price.baseline ? Json(nullptr)
                                                          : jsonNumber(PricePerformance::relativePercent(run.result))},
                               {"throughput_source", PricePerformance::throughputSourceName(run.throughputSource).toStdString()},
                               {"throughput_metric", run.throughputMetric.toStdString()}});
        }
        section["runs"] = entries;
        document["price_performance"] = section;
    }
    return QByteArray::fromStdString(document.dump(2)) + '\n';
}

} // namespace SummaryExport
