// One summary as a value: the runs, each over its window, the baseline, the rules and what else the
// user asked for (per-instance rows, price-performance). The summary view (through LiveSummary),
// `runlens summary` and `runlens export --summary` each fill one in and call run(): a new summary
// option is a field here and one line in each front end's input mapping, never a second copy of
// the logic.
#pragma once

#include "SummaryReport.h"

#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class FindingRules;
class RunSet;
struct RunEntry;

struct SummaryRequest {
    // What price-performance needs besides the runs: what the user entered per run (in the order
    // of `runs`; a run without an entered throughput has the one it recorded, if any) and the
    // table prices come from.
    struct PriceInputs {
        std::vector<PricePerformanceEntry> entered;
        std::shared_ptr<const PriceTable> table;
    };

    std::vector<SummaryRunInput> runs;
    int baseline = 0;
    std::shared_ptr<const FindingRules> rules;         // no findings without
    std::shared_ptr<const Comparability> comparability; // no host comparison without
    // Per-instance rows (cpu0 … cpuN, each disk, each interface) of these metrics, or of all.
    QStringList instanceMetrics;
    bool allInstanceMetrics = false;
    // Price-performance rows, when asked for.
    std::optional<PriceInputs> prices;

    // One run over `window` (its own seconds), in the repeat group its tags name.
    static SummaryRunInput input(const RunPtr& run, const QString& name, TimeWindow window);
    // One run of a RunSet: over the selection on the shared axis (minus the run's offset) when
    // there is one, else over the run's trim window, else over all of it.
    static SummaryRunInput input(const RunEntry& entry, std::optional<std::pair<double, double>> selection);
    // Every run of the set that way, baseline as the set has it.
    static SummaryRequest forRunSet(const RunSet& runs, std::optional<std::pair<double, double>> selection);

    // The report. Pure computation on immutable runs: safe on any thread. No runs, no rows.
    SummaryReport run() const;
};
