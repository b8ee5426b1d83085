#include "AperfPmu.h"

#include "AperfSeriesBuilder.h"
#include "FormatError.h"

#include <array>
#include <cctype>
#include <algorithm>

using runlens::format::kAggregateInstance;

namespace aperf {

using namespace detail;

// --- PmuFormula ------------------------------------------------------------------------------

PmuFormula PmuFormula::parse(std::string_view text)
{
    // The names in the order the formula meets them; the evaluator reads values by that index.
    std::vector<std::string> names;
    const auto resolve = [&names](std::string_view name) -> std::optional<std::size_t> {
        const auto it = std::find(names.begin(), names.end(), name);
        if (it != names.end())
            return std::size_t(it - names.begin());
        names.emplace_back(name);
        return names.size() - 1;
    };
    std::string error;
    std::optional<runlens::format::ExpressionEvaluator> expression = runlens::format::ExpressionEvaluator::compile(text, resolve, error);
    if (!expression)
        throw runlens::format::FormatError("The PMU " + error + ".");
    PmuFormula formula(std::move(*expression), names);
    return formula;
}

PmuFormula::PmuFormula(runlens::format::ExpressionEvaluator expression, std::vector<std::string> names)
    : m_expression(std::move(expression))
    , m_names(std::move(names))
    , m_variables(m_names)
{
    std::sort(m_variables.begin(), m_variables.end());
}

double PmuFormula::evaluate(const std::map<std::string, double>& values) const
{
    std::vector<double> ordered(m_names.size(), kNoValue);
    for (std::size_t i = 0; i < m_names.size(); ++i) {
        if (const auto it = values.find(m_names[i]); it != values.end())
            ordered[i] = it->second;
    }
    return m_expression.evaluate(ordered);
}

// --- Series ----------------------------------------------------------------------------------

namespace {

struct Known {
    const char* aperf;
    const char* id;
    const char* title;
    const char* unit;
    BetterDirection better;
};
constexpr Known kKnown[] = {
    {"ipc", "pmu.ipc", "Instructions per cycle", "ratio", BetterDirection::Higher},
    {"branch-mpki", "pmu.branch_mpki", "Branch mispredictions", "/kinstr", BetterDirection::Lower},
    {"inst-l1-mpki", "pmu.l1i_mpki", "L1 instruction cache misses", "/kinstr", BetterDirection::Lower},
    {"data-l1-mpki", "pmu.l1d_mpki", "L1 data cache misses", "/kinstr", BetterDirection::Lower},
    {"l2-mpki", "pmu.l2_mpki", "L2 cache misses", "/kinstr", BetterDirection::Lower},
    {"l3-mpki", "pmu.llc_mpki", "Last-level cache misses", "/kinstr", BetterDirection::Lower},
    {"inst-tlb-mpki", "pmu.itlb_mpki", "Instruction TLB misses", "/kinstr", BetterDirection::Lower},
    {"inst-tlb-tw-pki", "pmu.itlb_walk_pki", "Instruction page walks", "/kinstr", BetterDirection::Lower},
    {"data-tlb-mpki", "pmu.dtlb_mpki", "Data TLB misses", "/kinstr", BetterDirection::Lower},
    {"data-tlb-tw-pki", "pmu.dtlb_walk_pki", "Data page walks", "/kinstr", BetterDirection::Lower},
    {"stall-frontend-pkc", "pmu.stall_frontend_pkc", "Front-end stalls", "/kcycle", BetterDirection::Lower},
    {"stall-backend-pkc", "pmu.stall_backend_pkc", "Back-end stalls", "/kcycle", BetterDirection::Lower},
    {"code-sparsity", "pmu.code_sparsity", "Code sparsity", "/kinstr", BetterDirection::Lower},
};

void describeMetric(GroupBuilder& group, const std::string& id, std::string_view aperfName)
{
    if (group.described(id))
        return;
    for (const Known& known : kKnown) {
        if (id == known.id) {
            group.describe(descriptor(id, known.title, known.unit, MetricKind::Gauge, known.better, "cpu", "CPU counters",
                                      std::string(known.title) + " (APerf's " + std::string(aperfName) + "); 'all' is the whole host."));
            return;
        }
    }
    group.describe(descriptor(id, std::string(aperfName), "ratio", MetricKind::Gauge, BetterDirection::Neutral, "cpu",
                              "CPU counters", "APerf's PMU metric " + std::string(aperfName) + "."));
}

// A field without the spaces around it (and a '\r' at its end).
std::string_view trimmed(std::string_view field)
{
    while (!field.empty() && field.front() == ' ')
        field.remove_prefix(1);
    while (!field.empty() && (field.back() == ' ' || field.back() == '\r'))
        field.remove_suffix(1);
    return field;
}

// A line split at ';', each field trimmed.
std::vector<std::string_view> fields(std::string_view line)
{
    std::vector<std::string_view> result;
    for (;;) {
        const std::size_t semicolon = line.find(';');
        result.push_back(trimmed(line.substr(0, semicolon)));
        if (semicolon == std::string_view::npos)
            return result;
        line.remove_prefix(semicolon + 1);
    }
}

// The legacy lines of APerf ≤ 1.2.3, "<cpu> <metric>; <nr1> <nr2>...; <dr1> <dr2>...;<scale>": some
// 2,500 a second on a host of 192 CPUs, so each is read in place, its "<cpu> <metric>" head
// looked up once per line position (LineCache).
class LegacyParser final : public GroupParser
{
public:
    LegacyParser() : GroupParser("pmu") {}

private:
    // A metric of all CPUs: its sums over the current record, its "all" column.
    struct Metric {
        std::string id;
        double numerators = 0;
        double denominators = 0;
        double scale = 1;
        bool touched = false; // summed in the current record
        std::optional<std::size_t> allColumn;
    };
    // A "<cpu> <metric>" head.
    struct Head {
        bool valid = false;
        std::size_t metric = 0; // into m_metrics
        std::string instance;   // "cpu3"
        std::optional<std::size_t> column;
    };

    void parse(std::int64_t timeNs, double, std::string_view text) override
    {
        // The first sample counts from before the recording started.
        if (records() == 0)
            return;
        m_group.beginRow(timeNs);
        std::string_view line;
        for (std::size_t index = 0; nextLine(text, line); ++index) {
            const std::size_t first = line.find(';');
            if (first == std::string_view::npos)
                continue;
            const std::size_t second = line.find(';', first + 1);
            const std::size_t third = second == std::string_view::npos ? second : line.find(';', second + 1);
            if (third == std::string_view::npos || line.find(';', third + 1) != std::string_view::npos)
                continue;
            bool created = false;
            Head& head = m_heads.at(index, line.substr(0, first), &created);
            if (created)
                readHead(head, line.substr(0, first));
            const std::string_view scaleText = trimmed(line.substr(third + 1));
            // APerf's scales are integers (1, 1000): read as one first, which is cheaper.
            std::optional<double> scale = number(scaleText);
            if (!scale)
                scale = real(scaleText);
            if (!head.valid || !scale)
                continue;
            bool ok = true;
            const double numerators = sum(line.substr(first + 1, second - first - 1), ok);
            const double denominators = sum(line.substr(second + 1, third - second - 1), ok);
            if (!ok)
                continue;
            if (denominators > 0) {
                if (!head.column)
                    head.column = m_group.column(m_metrics[head.metric].id, head.instance);
                m_group.setAt(*head.column, numerators / denominators * *scale);
            }
            Metric& metric = m_metrics[head.metric];
            if (!metric.touched) {
                metric.numerators = 0;
                metric.denominators = 0;
                metric.touched = true;
                m_touched.push_back(head.metric);
            }
            metric.numerators += numerators;
            metric.denominators += denominators;
            metric.scale = *scale;
        }
        // "all" of each metric, in the order of their ids.
        std::sort(m_touched.begin(), m_touched.end(),
                  [this](std::size_t a, std::size_t b) { return m_metrics[a].id < m_metrics[b].id; });
        for (const std::size_t index : m_touched) {
            Metric& metric = m_metrics[index];
            metric.touched = false;
            if (metric.denominators <= 0)
                continue;
            if (!metric.allColumn)
                metric.allColumn = m_group.column(metric.id, kAggregateInstance);
            m_group.setAt(*metric.allColumn, metric.numerators / metric.denominators * metric.scale);
        }
        m_touched.clear();
    }

    void readHead(Head& head, std::string_view text)
    {
        std::string_view cpu;
        std::string_view name;
        std::string_view extra;
        if (!nextWord(text, cpu) || !nextWord(text, name) || nextWord(text, extra))
            return;
        const auto cpuNumber = number(cpu);
        if (!cpuNumber)
            return;
        const std::string id = pmuMetricId(name);
        auto it = m_metricIndex.find(id);
        if (it == m_metricIndex.end()) {
            it = m_metricIndex.emplace(id, m_metrics.size()).first;
            m_metrics.emplace_back().id = id;
        }
        head.valid = true;
        head.metric = it->second;
        head.instance = "cpu" + std::to_string(std::uint64_t(*cpuNumber));
        describeMetric(m_group, id, name);
    }

    // The sum of a list of counts; `ok` becomes false at one that is not a number.
    static double sum(std::string_view list, bool& ok)
    {
        double total = 0;
        std::string_view word;
        while (nextWord(list, word)) {
            const auto value = number(word);
            ok = ok && value.has_value();
            total += value.value_or(0);
        }
        return total;
    }

    LineCache<Head> m_heads;
    std::vector<Metric> m_metrics;
    std::map<std::string, std::size_t> m_metricIndex;
    std::vector<std::size_t> m_touched; // metrics summed in the current record
};

// APerf 1.3: counts scaled by the time they ran, then the metric formulas.
class ScaledParser final : public GroupParser
{
public:
    ScaledParser(bool grouped, const std::map<std::string, std::string>& formulaTexts)
        : GroupParser("pmu"), m_grouped(grouped)
    {
        for (const auto& [name, text] : formulaTexts)
            m_formulas.emplace(name, PmuFormula::parse(text));
    }

private:
    void parse(std::int64_t timeNs, double, std::string_view text) override
    {
        // The first sample counts from before the recording started: it only gives the times.
        const bool first = records() == 0;
        if (!first)
            m_group.beginRow(timeNs);
        // cpu -> event -> scaled count (ungrouped), or cpu -> metric -> variable -> scaled count.
        std::map<std::uint64_t, std::map<std::string, std::map<std::string, double>>> values;
        std::map<std::uint64_t, std::pair<double, int>> schedule; // cpu -> (Σ running/enabled, n)
        std::string_view line;
        while (nextLine(text, line)) {
            const std::vector<std::string_view> parts = fields(line);
            if (parts.size() < 5)
                continue;
            const auto cpu = number(parts[0]);
            const auto enabled = real(parts[parts.size() - 2]);
            const auto running = real(parts[parts.size() - 1]);
            if (!cpu || !enabled || !running)
                continue;
            const std::string identifier(parts[1]);
            auto& last = m_lastTimes[{std::uint64_t(*cpu), identifier}];
            const double enabledDelta = *enabled - last.first;
            const double runningDelta = *running - last.second;
            last = {*enabled, *running};
            // A counter that never ran has no value.
            if (first || runningDelta <= 0 || enabledDelta <= 0)
                continue;
            const double factor = enabledDelta / runningDelta;
            auto& cpuSchedule = schedule[std::uint64_t(*cpu)];
            cpuSchedule.first += runningDelta / enabledDelta;
            cpuSchedule.second += 1;
            if (m_grouped) {
                const auto formula = m_formulas.find(identifier);
                if (formula == m_formulas.end() || parts.size() != formula->second.variables().size() + 4)
                    continue;
                auto& variables = values[std::uint64_t(*cpu)][identifier];
                for (std::size_t v = 0; v < formula->second.variables().size(); ++v) {
                    if (const auto count = real(parts[2 + v]))
                        variables[formula->second.variables()[v]] = *count * factor;
                }
            } else if (parts.size() == 5) {
                if (const auto count = real(parts[2]))
                    values[std::uint64_t(*cpu)][{}][identifier] = *count * factor;
            }
        }
        if (first)
            return;
        // Per CPU, and on the sums over CPUs for "all".
        std::map<std::string, std::map<std::string, double>> sums; // metric (or "" ungrouped) -> variable -> Σ
        for (const auto& [cpu, byMetric] : values) {
            const std::string instance = "cpu" + std::to_string(cpu);
            for (const auto& [name, formula] : m_formulas) {
                const auto it = byMetric.find(m_grouped ? name : std::string());
                if (it == byMetric.end())
                    continue;
                const double value = formula.evaluate(it->second);
                const std::string id = pmuMetricId(name);
                if (!std::isnan(value))
                    m_group.set(id, instance, value);
                describeMetric(m_group, id, name);
                for (const auto& [variable, count] : it->second)
                    sums[m_grouped ? name : std::string()][variable] += count;
            }
        }
        for (const auto& [name, formula] : m_formulas) {
            const auto it = sums.find(m_grouped ? name : std::string());
            if (it == sums.end())
                continue;
            const double value = formula.evaluate(it->second);
            if (!std::isnan(value))
                m_group.set(pmuMetricId(name), kAggregateInstance, value);
        }
        double all = 0;
        int n = 0;
        for (const auto& [cpu, rate] : schedule) {
            m_group.set("pmu.counter_schedule_rate", "cpu" + std::to_string(cpu), rate.first / rate.second * 100.0);
            all += rate.first;
            n += rate.second;
        }
        if (n > 0)
            m_group.set("pmu.counter_schedule_rate", kAggregateInstance, all / n * 100.0);
    }

    void describe() override
    {
        m_group.describe(descriptor("pmu.counter_schedule_rate", "Counter schedule rate", "%", MetricKind::Percent,
                                    BetterDirection::Higher, "cpu", "CPU counters",
                                    "Share of the time APerf's counters were counting rather than multiplexed out; below 100 % "
                                    "the counts are scaled up (APerf's mux_counter_schedule_rate)."));
    }

    bool m_grouped;
    std::map<std::string, PmuFormula> m_formulas;
    // The cumulative enabled and running seconds last seen, per CPU and identifier.
    std::map<std::pair<std::uint64_t, std::string>, std::pair<double, double>> m_lastTimes;
};

// The format of one record's lines, when a line tells: legacy lines start "<cpu> <metric>;", the
// newer ones "<cpu>;<identifier>;".
std::optional<PmuTextFormat> formatOfLines(std::string_view text)
{
    std::string_view line;
    while (nextLine(text, line)) {
        const std::vector<std::string_view> parts = fields(line);
        if (parts.size() < 4)
            continue;
        if (words(parts[0]).size() == 2)
            return PmuTextFormat::Legacy;
        return parts.size() == 5 ? PmuTextFormat::Ungrouped : PmuTextFormat::Grouped;
    }
    return std::nullopt;
}

} // namespace

PmuTextFormat pmuTextFormat(std::string_view text, std::string_view counterMode)
{
    if (counterMode == "grouped")
        return PmuTextFormat::Grouped;
    if (counterMode == "ungrouped")
        return PmuTextFormat::Ungrouped;
    return formatOfLines(text).value_or(PmuTextFormat::Legacy);
}

std::string pmuMetricId(std::string_view aperfName)
{
    for (const Known& known : kKnown) {
        if (aperfName == known.aperf)
            return known.id;
    }
    std::string id = "pmu.";
    for (const char c : aperfName)
        id += c == '-' ? '_' : char(std::tolower(static_cast<unsigned char>(c)));
    return id;
}

PerfStatParser::PerfStatParser() = default;
PerfStatParser::~PerfStatParser() = default;

void PerfStatParser::setConfig(std::string_view counterMode, const std::map<std::string, std::string>& formulas)
{
    m_counterMode = counterMode;
    m_formulas = formulas;
    m_configured = true;
    if (!m_parser && !m_waiting.empty()) {
        const std::optional<PmuTextFormat> format = decide(m_waiting.front().second);
        if (format)
            start(*format);
    }
}

void PerfStatParser::expectRecords(std::size_t count)
{
    m_expected = count;
    if (m_parser)
        m_parser->expectRecords(count);
}

void PerfStatParser::add(const TimedText& record)
{
    if (!m_parser) {
        if (const std::optional<PmuTextFormat> format = decide(record.text)) {
            start(*format);
        } else {
            m_waiting.emplace_back(record.timeNs, std::string(record.text));
            return;
        }
    }
    m_parser->add(record);
}

ImportedGroup PerfStatParser::take(std::int64_t zeroNs)
{
    if (!m_parser) {
        const std::optional<PmuTextFormat> format = m_waiting.empty() ? std::nullopt : decide(m_waiting.front().second, true);
        start(format.value_or(PmuTextFormat::Legacy));
    }
    return m_parser->take(zeroNs);
}

std::optional<PmuTextFormat> PerfStatParser::decide(std::string_view text, bool atEnd) const
{
    if (m_configured && (m_counterMode == "grouped" || m_counterMode == "ungrouped"))
        return pmuTextFormat(text, m_counterMode);
    // Until a line tells, and for the newer lines until the formulas are known.
    std::optional<PmuTextFormat> format;
    for (const auto& [time, waiting] : m_waiting) {
        format = formatOfLines(waiting);
        if (format)
            break;
    }
    if (!format)
        format = formatOfLines(text);
    if (format == PmuTextFormat::Legacy || (format && (m_configured || atEnd)))
        return format;
    return atEnd ? std::optional<PmuTextFormat>(PmuTextFormat::Legacy) : std::nullopt;
}

void PerfStatParser::start(PmuTextFormat format)
{
    if (format == PmuTextFormat::Legacy)
        m_parser = std::make_unique<LegacyParser>();
    else
        m_parser = std::make_unique<ScaledParser>(format == PmuTextFormat::Grouped, m_formulas);
    if (m_expected > 0)
        m_parser->expectRecords(m_expected);
    std::vector<std::pair<std::int64_t, std::string>> waiting = std::move(m_waiting);
    m_waiting.clear();
    for (const auto& [time, text] : waiting) {
        TimedText record;
        record.timeNs = time;
        record.text = text;
        m_parser->add(record);
    }
}

} // namespace aperf
