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

std::vector<std::string_view> fields(std::string_view line)
{
    std::vector<std::string_view> result;
    for (;;) {
        const std::size_t semicolon = line.find(';');
        std::string_view field = line.substr(0, semicolon);
        while (!field.empty() && field.front() == ' ')
            field.remove_prefix(1);
        while (!field.empty() && (field.back() == ' ' || field.back() == '\r'))
            field.remove_suffix(1);
        result.push_back(field);
        if (semicolon == std::string_view::npos)
            return result;
        line.remove_prefix(semicolon + 1);
    }
}

std::optional<double> real(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    try {
        std::size_t used = 0;
        const double value = std::stod(std::string(text), &used);
        return used == text.size() && std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

ImportedGroup legacy(const std::vector<TimedText>& samples, std::int64_t zeroNs)
{
    GroupBuilder group("pmu");
    for (std::size_t i = 1; i < samples.size(); ++i) {
        group.beginRow(samples[i].timeNs - zeroNs);
        struct Sums {
            double numerators = 0;
            double denominators = 0;
            double scale = 1;
        };
        std::map<std::string, Sums> all;
        for (const std::string_view line : lines(samples[i].text)) {
            const std::vector<std::string_view> parts = fields(line);
            if (parts.size() != 4)
                continue;
            const std::vector<std::string_view> head = words(parts[0]);
            const auto scale = real(parts[3]);
            if (head.size() != 2 || !scale)
                continue;
            const auto cpu = number(head[0]);
            bool ok = cpu.has_value();
            const auto sum = [&ok](std::string_view list) {
                double total = 0;
                for (const std::string_view word : words(list)) {
                    const auto value = number(word);
                    ok = ok && value.has_value();
                    total += value.value_or(0);
                }
                return total;
            };
            const double numerators = sum(parts[1]);
            const double denominators = sum(parts[2]);
            if (!ok)
                continue;
            const std::string id = pmuMetricId(head[1]);
            if (denominators > 0)
                group.set(id, "cpu" + std::to_string(std::uint64_t(*cpu)), numerators / denominators * *scale);
            Sums& total = all[id];
            total.numerators += numerators;
            total.denominators += denominators;
            total.scale = *scale;
            describeMetric(group, id, head[1]);
        }
        for (const auto& [id, total] : all) {
            if (total.denominators > 0)
                group.set(id, kAggregateInstance, total.numerators / total.denominators * total.scale);
        }
    }
    return group.take();
}

// APerf 1.3: counts scaled by the time they ran, then the metric formulas.
ImportedGroup scaled(const std::vector<TimedText>& samples, std::int64_t zeroNs, bool grouped,
                     const std::map<std::string, std::string>& formulaTexts)
{
    std::map<std::string, PmuFormula> formulas;
    for (const auto& [name, text] : formulaTexts)
        formulas.emplace(name, PmuFormula::parse(text));
    GroupBuilder group("pmu");
    // The cumulative enabled and running seconds last seen, per CPU and identifier.
    std::map<std::pair<std::uint64_t, std::string>, std::pair<double, double>> lastTimes;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (i > 0)
            group.beginRow(samples[i].timeNs - zeroNs);
        // cpu -> event -> scaled count (ungrouped), or cpu -> metric -> variable -> scaled count.
        std::map<std::uint64_t, std::map<std::string, std::map<std::string, double>>> values;
        std::map<std::uint64_t, std::pair<double, int>> schedule; // cpu -> (Σ running/enabled, n)
        for (const std::string_view line : lines(samples[i].text)) {
            const std::vector<std::string_view> parts = fields(line);
            if (parts.size() < 5)
                continue;
            const auto cpu = number(parts[0]);
            const auto enabled = real(parts[parts.size() - 2]);
            const auto running = real(parts[parts.size() - 1]);
            if (!cpu || !enabled || !running)
                continue;
            const std::string identifier(parts[1]);
            auto& last = lastTimes[{std::uint64_t(*cpu), identifier}];
            const double enabledDelta = *enabled - last.first;
            const double runningDelta = *running - last.second;
            last = {*enabled, *running};
            // The first sample counts from before the recording; a counter that never ran has no value.
            if (i == 0 || runningDelta <= 0 || enabledDelta <= 0)
                continue;
            const double factor = enabledDelta / runningDelta;
            auto& cpuSchedule = schedule[std::uint64_t(*cpu)];
            cpuSchedule.first += runningDelta / enabledDelta;
            cpuSchedule.second += 1;
            if (grouped) {
                const auto formula = formulas.find(identifier);
                if (formula == formulas.end() || parts.size() != formula->second.variables().size() + 4)
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
        if (i == 0)
            continue;
        // Per CPU, and on the sums over CPUs for "all".
        std::map<std::string, std::map<std::string, double>> sums; // metric (or "" ungrouped) -> variable -> Σ
        for (const auto& [cpu, byMetric] : values) {
            const std::string instance = "cpu" + std::to_string(cpu);
            for (const auto& [name, formula] : formulas) {
                const auto it = byMetric.find(grouped ? name : std::string());
                if (it == byMetric.end())
                    continue;
                const double value = formula.evaluate(it->second);
                const std::string id = pmuMetricId(name);
                if (!std::isnan(value))
                    group.set(id, instance, value);
                describeMetric(group, id, name);
                for (const auto& [variable, count] : it->second)
                    sums[grouped ? name : std::string()][variable] += count;
            }
        }
        for (const auto& [name, formula] : formulas) {
            const auto it = sums.find(grouped ? name : std::string());
            if (it == sums.end())
                continue;
            const double value = formula.evaluate(it->second);
            if (!std::isnan(value))
                group.set(pmuMetricId(name), kAggregateInstance, value);
        }
        double all = 0;
        int n = 0;
        for (const auto& [cpu, rate] : schedule) {
            group.set("pmu.counter_schedule_rate", "cpu" + std::to_string(cpu), rate.first / rate.second * 100.0);
            all += rate.first;
            n += rate.second;
        }
        if (n > 0)
            group.set("pmu.counter_schedule_rate", kAggregateInstance, all / n * 100.0);
    }
    group.describe(descriptor("pmu.counter_schedule_rate", "Counter schedule rate", "%", MetricKind::Percent,
                              BetterDirection::Higher, "cpu", "CPU counters",
                              "Share of the time APerf's counters were counting rather than multiplexed out; below 100 % "
                              "the counts are scaled up (APerf's mux_counter_schedule_rate)."));
    return group.take();
}

} // namespace

PmuTextFormat pmuTextFormat(const std::vector<TimedText>& samples, std::string_view counterMode)
{
    if (counterMode == "grouped")
        return PmuTextFormat::Grouped;
    if (counterMode == "ungrouped")
        return PmuTextFormat::Ungrouped;
    // Legacy lines start "<cpu> <metric>;", the newer ones "<cpu>;<identifier>;".
    for (const TimedText& sample : samples) {
        for (const std::string_view line : lines(sample.text)) {
            const std::vector<std::string_view> parts = fields(line);
            if (parts.size() < 4)
                continue;
            if (words(parts[0]).size() == 2)
                return PmuTextFormat::Legacy;
            return parts.size() == 5 ? PmuTextFormat::Ungrouped : PmuTextFormat::Grouped;
        }
    }
    return PmuTextFormat::Legacy;
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

ImportedGroup pmuFromPerfStat(const std::vector<TimedText>& samples, std::int64_t zeroNs, PmuTextFormat format,
                              const std::map<std::string, std::string>& formulas)
{
    if (format == PmuTextFormat::Legacy)
        return legacy(samples, zeroNs);
    return scaled(samples, zeroNs, format == PmuTextFormat::Grouped, formulas);
}

} // namespace aperf
