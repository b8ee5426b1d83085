#include "SummaryBuilder.h"

#include "Comparability.h"
#include "FindingRules.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <set>

namespace {

using runlens::format::BetterDirection;

// A seed per metric, instance and run: each comparison draws its own resamples, and the same
// comparison draws the same ones every time (the summary must not flicker between redraws).
std::uint64_t seedFor(std::uint64_t base, const QString& metricId, const QString& instance, int run)
{
    std::uint64_t hash = 14695981039346656037ULL; // FNV-1a
    const QByteArray key = (metricId + QChar(0x1f) + instance).toUtf8();
    for (const char c : key) {
        hash ^= std::uint8_t(c);
        hash *= 1099511628211ULL;
    }
    return base ^ hash ^ (std::uint64_t(run) * 0x9e3779b97f4a7c15ULL);
}

// `floor`: the smallest change that counts, whatever the test says (a tight enough series makes
// a 0.1 % change "significant", and nobody acts on it).
Verdict judge(const DifferenceEstimate& estimate, BetterDirection better, double floor)
{
    if (estimate.difference == 0 || std::fabs(estimate.difference) < floor)
        return Verdict::Unchanged;
    if (!estimate.tested)
        return Verdict::TooFewSamples;
    if (!estimate.significant)
        return Verdict::WithinNoise;
    switch (better) {
    case BetterDirection::Higher:
        return estimate.difference > 0 ? Verdict::Improvement : Verdict::Regression;
    case BetterDirection::Lower:
        return estimate.difference < 0 ? Verdict::Improvement : Verdict::Regression;
    case BetterDirection::Neutral:
        break;
    }
    return Verdict::Changed;
}

// A change smaller than the metric's resolution (what percentages are stored to) or than a fixed
// share of the baseline's mean is no change.
double practicalFloor(double baselineMean, const QString& unit, const SignificanceTest::Options& options)
{
    const double resolution = unit == QLatin1String("%") ? 1.0 / 128.0 : 0.0;
    return std::max(resolution, options.minimumRelativeChange * std::fabs(baselineMean));
}

// Each repeat group's per-run values of a row (the runs' means, or their results), in run order.
std::map<QString, std::vector<double>> groupValues(const std::vector<SummaryRunInput>& runs, const SummaryRow& row)
{
    std::map<QString, std::vector<double>> groups;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        if (!runs[r].repeatGroup.isEmpty() && !row.cells[r].stats.isEmpty())
            groups[runs[r].repeatGroup].push_back(row.cells[r].stats.mean);
    }
    return groups;
}

// The comparison of run `r` with the baseline by their variants' repeats, when both are in a
// repeat group of two or more runs that have the metric; else nullopt (the samples decide).
std::optional<RepeatComparison> repeatComparison(const std::vector<SummaryRunInput>& runs, int baseline, std::size_t r,
                                                 const SummaryRow& row,
                                                 const std::map<QString, std::vector<double>>& groups)
{
    const QString& baselineGroup = runs[std::size_t(baseline)].repeatGroup;
    const QString& group = runs[r].repeatGroup;
    const auto baselineValues = groups.find(baselineGroup);
    const auto values = groups.find(group);
    if (baselineGroup.isEmpty() || group.isEmpty() || baselineValues == groups.end() || values == groups.end())
        return std::nullopt;
    if (group == baselineGroup)
        return RepeatComparison::withinVariant(group, baselineValues->second, row.cells[std::size_t(baseline)].stats.mean,
                                               row.cells[r].stats.mean);
    return RepeatComparison::betweenVariants(baselineGroup, baselineValues->second, group, values->second);
}

} // namespace

QString verdictName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::NoData: return QStringLiteral("no-data");
    case Verdict::Baseline: return QStringLiteral("baseline");
    case Verdict::Unchanged: return QStringLiteral("unchanged");
    case Verdict::WithinNoise: return QStringLiteral("within-noise");
    case Verdict::TooFewSamples: return QStringLiteral("too-few-samples");
    case Verdict::Improvement: return QStringLiteral("improvement");
    case Verdict::Regression: return QStringLiteral("regression");
    case Verdict::Changed: return QStringLiteral("changed");
    }
    return {};
}

QString severityName(FindingSeverity severity)
{
    switch (severity) {
    case FindingSeverity::Info: return QStringLiteral("info");
    case FindingSeverity::Warning: return QStringLiteral("warning");
    case FindingSeverity::Critical: return QStringLiteral("critical");
    }
    return {};
}

SummaryRow SummaryBuilder::buildRow(const std::vector<SummaryRunInput>& runs, int baseline, const QString& metricId,
                                    const QString& instance, const SignificanceTest::Options& significance)
{
    SummaryRow row;
    row.metricId = metricId;
    row.instance = instance;
    for (const SummaryRunInput& input : runs) {
        if (const auto* descriptor = input.run->metric(metricId)) {
            row.title = QString::fromStdString(descriptor->title);
            row.unit = QString::fromStdString(descriptor->unit);
            row.category = QString::fromStdString(descriptor->category);
            row.better = descriptor->better;
            row.scope = descriptor->scope;
            break;
        }
    }
    std::vector<std::vector<double>> values(runs.size());
    row.cells.resize(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r) {
        values[r] = WindowStatistics::comparedValues(runs[r].run->series(metricId, instance), runs[r].window, row.scope);
        row.cells[r].stats = WindowStatistics::of(values[r]);
    }
    const std::map<QString, std::vector<double>> groups = groupValues(runs, row);
    const SummaryCell& base = row.cells[std::size_t(baseline)];
    for (std::size_t r = 0; r < runs.size(); ++r) {
        SummaryCell& cell = row.cells[r];
        if (int(r) == baseline) {
            cell.verdict = cell.stats.isEmpty() ? Verdict::NoData : Verdict::Baseline;
            continue;
        }
        if (cell.stats.isEmpty() || base.stats.isEmpty())
            continue;
        if (row.isWorkload()) {
            if (auto repeats = repeatComparison(runs, baseline, r, row, groups)) {
                cell.delta = repeats->difference;
                cell.deltaPercent = repeats->reference != 0 ? 100.0 * cell.delta / std::fabs(repeats->reference) : std::nan("");
                cell.estimate = repeats->estimate();
                cell.floor = practicalFloor(repeats->reference, row.unit, significance);
                cell.verdict = judge(cell.estimate, row.better, cell.floor);
                cell.repeats = std::move(repeats);
                continue;
            }
        }
        cell.delta = cell.stats.mean - base.stats.mean;
        cell.deltaPercent = base.stats.mean != 0 ? 100.0 * cell.delta / std::fabs(base.stats.mean) : std::nan("");
        SignificanceTest::Options options = significance;
        options.seed = seedFor(significance.seed, metricId, instance, int(r));
        cell.estimate = SignificanceTest::compare(values[std::size_t(baseline)], values[r], options);
        // The same test and floor for a metric's aggregate and for each of its instances: where they
        // disagree, it is the instance's own variation (VerdictExplanation says so in the table).
        cell.floor = practicalFloor(base.stats.mean, row.unit, significance);
        cell.verdict = judge(cell.estimate, row.better, cell.floor);
    }

    for (const auto& [group, means] : groups) {
        if (means.size() >= 2)
            row.spreads.push_back({group, RepeatSpread::of(means)});
    }
    return row;
}

QStringList SummaryBuilder::perInstanceNames(const std::vector<SummaryRunInput>& runs, int baseline,
                                             const QString& metricId)
{
    QStringList names;
    const auto collect = [&](const Run& run) {
        for (const QString& instance : run.instances(metricId)) {
            if (!Run::isAggregate(instance) && !names.contains(instance))
                names.append(instance);
        }
    };
    if (baseline >= 0 && baseline < int(runs.size()))
        collect(*runs[std::size_t(baseline)].run);
    for (const SummaryRunInput& input : runs)
        collect(*input.run);
    return names;
}

std::vector<SummaryRow> SummaryBuilder::buildInstanceRows(const std::vector<SummaryRunInput>& runs, int baseline,
                                                          const QString& metricId,
                                                          const SignificanceTest::Options& significance)
{
    std::vector<SummaryRow> rows;
    if (runs.empty() || baseline < 0 || baseline >= int(runs.size()))
        return rows;
    for (const QString& instance : perInstanceNames(runs, baseline, metricId)) {
        SummaryRow row = buildRow(runs, baseline, metricId, instance, significance);
        for (const SummaryCell& cell : row.cells) {
            if (!cell.stats.isEmpty()) {
                rows.push_back(std::move(row));
                break;
            }
        }
    }
    return rows;
}

SummaryReport SummaryBuilder::build(const std::vector<SummaryRunInput>& runs, int baseline, const Options& options)
{
    SummaryReport report;
    report.baseline = baseline;
    for (const SummaryRunInput& input : runs)
        report.runs.push_back({input.name, input.run->filePath(), input.window, input.repeatGroup});
    if (runs.empty() || baseline < 0 || baseline >= int(runs.size()))
        return report;

    // The workload's own results first (what the comparison is about), then the baseline's metric
    // order (the recorder's: CPU, memory, ...), then what only others have.
    std::vector<QString> order;
    std::set<QString> seen;
    std::set<QString> workload;
    const auto collect = [&](const Run& run) {
        for (const auto& descriptor : run.metrics()) {
            const QString id = QString::fromStdString(descriptor.id);
            if (seen.insert(id).second)
                order.push_back(id);
            if (WorkloadMetric::isWorkload(descriptor))
                workload.insert(id);
        }
    };
    collect(*runs[std::size_t(baseline)].run);
    for (const SummaryRunInput& input : runs)
        collect(*input.run);
    std::stable_partition(order.begin(), order.end(), [&](const QString& id) { return workload.count(id) > 0; });

    for (const QString& id : order) {
        std::optional<QString> instance;
        for (const SummaryRunInput& input : runs) {
            instance = input.run->aggregateInstance(id);
            if (instance)
                break;
        }
        if (instance) {
            SummaryRow row = buildRow(runs, baseline, id, *instance, options.significance);
            row.instanceCount = int(perInstanceNames(runs, baseline, id).size());
            bool any = false;
            for (const SummaryCell& cell : row.cells)
                any = any || !cell.stats.isEmpty();
            if (any)
                report.rows.push_back(std::move(row));
        }
        if (options.allInstanceMetrics || options.instanceMetrics.contains(id)) {
            for (SummaryRow& row : buildInstanceRows(runs, baseline, id, options.significance))
                report.rows.push_back(std::move(row));
        }
    }

    if (options.rules)
        report.findings = options.rules->evaluate(runs, baseline, report);
    if (options.comparability && runs.size() > 1) {
        std::vector<Comparability::Facts> facts;
        QStringList names;
        for (const SummaryRunInput& input : runs) {
            facts.push_back(Comparability::factsOf(*input.run));
            names.append(input.name);
        }
        report.comparability = options.comparability->compare(facts, names);
    }
    return report;
}
