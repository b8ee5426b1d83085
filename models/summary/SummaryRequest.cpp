#include "SummaryRequest.h"

#include "FindingRules.h"
#include "RunSet.h"
#include "SummaryBuilder.h"

SummaryRunInput SummaryRequest::input(const RunPtr& run, const QString& name, TimeWindow window)
{
    return {run, name, window, run->repeatGroup()};
}

SummaryRunInput SummaryRequest::input(const RunEntry& entry, std::optional<std::pair<double, double>> selection)
{
    TimeWindow window = entry.trim;
    if (selection)
        window = std::make_pair(selection->first - entry.offsetSeconds, selection->second - entry.offsetSeconds);
    return input(entry.run, entry.name(), window);
}

SummaryRequest SummaryRequest::forRunSet(const RunSet& runs, std::optional<std::pair<double, double>> selection)
{
    SummaryRequest request;
    for (int i = 0; i < runs.count(); ++i)
        request.runs.push_back(input(runs.at(i), selection));
    request.baseline = runs.baselineIndex();
    return request;
}

SummaryReport SummaryRequest::run() const
{
    if (runs.empty())
        return {};
    SummaryBuilder::Options options;
    options.rules = rules.get();
    options.comparability = comparability.get();
    options.instanceMetrics = instanceMetrics;
    options.allInstanceMetrics = allInstanceMetrics;
    SummaryReport report = SummaryBuilder::build(runs, baseline, options);
    if (prices) {
        QStringList names;
        QStringList instanceTypes;
        for (const SummaryRunInput& input : runs) {
            names.append(input.name);
            instanceTypes.append(PricePerformance::instanceTypeOf(Comparability::factsOf(*input.run)));
        }
        report.pricePerformance = PricePerformance::buildReport(names, instanceTypes, prices->entered,
                                                                prices->table ? *prices->table : PriceTable(), baseline,
                                                                recordedThroughputs(report));
    }
    return report;
}
