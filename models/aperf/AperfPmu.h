// APerf's CPU counter lines (perf_stat) as Runlens's pmu.* series, per CPU and "all", in both of
// APerf's text formats:
//   - legacy (APerf ≤ 1.2.3): "<cpu> <metric>; <nr1> <nr2>...; <dr1> <dr2>...;<scale>" per metric and
//     CPU, counts per interval: value = Σnr / Σdr × scale, "all" = Σcpu Σnr × scale / Σcpu Σdr;
//   - grouped (1.3): "<cpu>;<metric>;<c1>;...;<cn>;<time_enabled>;<time_running>", c1..cn the
//     counts of the metric formula's variables in alphabetical order; ungrouped (1.3):
//     "<cpu>;<event>;<count>;<time_enabled>;<time_running>". Counts are per interval, the times
//     cumulative seconds: each count is scaled by Δenabled/Δrunning (the share of time the counter
//     was multiplexed out), the formula (pmu_config.json's "metrics") evaluated on the scaled counts
//     per CPU, and on their sums over CPUs for "all". APerf's pmu.counter_schedule_rate
//     (Δrunning/Δenabled, %) comes along.
// The first sample of either counts from before the recording started and is left out.
#pragma once

#include "AperfProcTexts.h"
#include "ExpressionEvaluator.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aperf {

// A metric formula of APerf's PMU config ("Instructions / Cycles"), read by the evaluator the PMU
// collector uses, with its event names sorted: the order of a grouped line's counts.
class PmuFormula
{
public:
    // Throws runlens::format::FormatError naming the formula when it does not parse.
    static PmuFormula parse(std::string_view text);

    const std::vector<std::string>& variables() const { return m_variables; }
    // NaN when a value is missing or a division is by zero.
    double evaluate(const std::map<std::string, double>& values) const;

private:
    PmuFormula(runlens::format::ExpressionEvaluator expression, std::vector<std::string> names);
    runlens::format::ExpressionEvaluator m_expression;
    std::vector<std::string> m_names;     // in the evaluator's value order
    std::vector<std::string> m_variables; // sorted
};

enum class PmuTextFormat { Legacy, Grouped, Ungrouped };

// The format of a perf_stat file's lines, from metadata.json's pmu_counter_mode when the run has
// one ("grouped", "ungrouped"; "" or none: legacy), else from the lines of `text` (a record).
PmuTextFormat pmuTextFormat(std::string_view text, std::string_view counterMode);

// The Runlens id of an APerf PMU metric ("ipc" -> "pmu.ipc", "inst-tlb-tw-pki" -> "pmu.itlb_walk_pki").
std::string pmuMetricId(std::string_view aperfName);

// The records of a perf_stat file as pmu.* series. The format is decided by the first lines that
// tell it. The newer formats need the run's configuration (metadata.json's counter mode,
// pmu_config.json's formulas), which may come after perf_stat in the archive: until setConfig()
// their records wait, copied; the legacy lines need none and are read as they come.
class PerfStatParser final : public SourceParser
{
public:
    PerfStatParser();
    ~PerfStatParser() override;

    // `formulas`: metric name -> formula (pmu_config.json of APerf 1.3). Throws
    // runlens::format::FormatError naming a formula that does not parse.
    void setConfig(std::string_view counterMode, const std::map<std::string, std::string>& formulas);

    void expectRecords(std::size_t count) override;
    void add(const TimedText& record) override;
    ImportedGroup take(std::int64_t zeroNs) override;

private:
    std::optional<PmuTextFormat> decide(std::string_view text, bool atEnd = false) const;
    void start(PmuTextFormat format);

    std::string m_counterMode;
    std::map<std::string, std::string> m_formulas;
    bool m_configured = false;
    std::size_t m_expected = 0;
    std::unique_ptr<SourceParser> m_parser;
    std::vector<std::pair<std::int64_t, std::string>> m_waiting;
};

} // namespace aperf
