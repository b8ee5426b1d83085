#include "AperfPmu.h"

#include "AperfSeriesBuilder.h"
#include "FormatError.h"

#include <array>
#include <cctype>
#include <set>

using runlens::format::kAggregateInstance;

namespace aperf {

using namespace detail;

// --- PmuFormula ------------------------------------------------------------------------------

struct PmuFormula::Node {
    char op = 0; // '+', '-', '*', '/', 'n' (number), 'v' (variable), 'u' (unary minus)
    double number = 0;
    std::string variable;
    std::unique_ptr<Node> left;
    std::unique_ptr<Node> right;
};

namespace {

// Recursive descent over  sum := product (('+'|'-') product)*,  product := factor (('*'|'/') factor)*,
// factor := number | name | '(' sum ')' | '-' factor. Names are event names ("Instructions",
// "L1I_CACHE_REFILL", "armv8_pmuv3_0/event=0x8/" is never one: the config names events first).
class FormulaParser
{
public:
    using Node = std::unique_ptr<PmuFormula::Node>;
    explicit FormulaParser(std::string_view text)
        : m_text(text)
    {
    }
    Node parse()
    {
        Node root = sum(0);
        skipBlanks();
        if (m_at != m_text.size())
            fail("unexpected '" + std::string(1, m_text[m_at]) + "'");
        return root;
    }
    std::set<std::string> variables;

private:
    static constexpr int kMaxDepth = 64;
    [[noreturn]] void fail(const std::string& why) const
    {
        throw runlens::format::FormatError("The PMU formula \"" + std::string(m_text.substr(0, 200)) + "\" cannot be read: " + why
                                           + " at character " + std::to_string(m_at + 1) + ".");
    }
    void skipBlanks()
    {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at])))
            ++m_at;
    }
    Node binary(char op, Node left, Node right)
    {
        auto node = std::make_unique<PmuFormula::Node>();
        node->op = op;
        node->left = std::move(left);
        node->right = std::move(right);
        return node;
    }
    Node sum(int depth)
    {
        Node left = product(depth);
        for (;;) {
            skipBlanks();
            if (m_at >= m_text.size() || (m_text[m_at] != '+' && m_text[m_at] != '-'))
                return left;
            const char op = m_text[m_at++];
            left = binary(op, std::move(left), product(depth));
        }
    }
    Node product(int depth)
    {
        Node left = factor(depth);
        for (;;) {
            skipBlanks();
            if (m_at >= m_text.size() || (m_text[m_at] != '*' && m_text[m_at] != '/'))
                return left;
            const char op = m_text[m_at++];
            left = binary(op, std::move(left), factor(depth));
        }
    }
    Node factor(int depth)
    {
        if (depth > kMaxDepth)
            fail("it nests deeper than " + std::to_string(kMaxDepth) + " levels");
        skipBlanks();
        if (m_at >= m_text.size())
            fail("it ends early");
        auto node = std::make_unique<PmuFormula::Node>();
        const char c = m_text[m_at];
        if (c == '(') {
            ++m_at;
            node = sum(depth + 1);
            skipBlanks();
            if (m_at >= m_text.size() || m_text[m_at] != ')')
                fail("a '(' is not closed");
            ++m_at;
            return node;
        }
        if (c == '-') {
            ++m_at;
            node->op = 'u';
            node->left = factor(depth + 1);
            return node;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            const std::size_t begin = m_at;
            while (m_at < m_text.size() && (std::isdigit(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '.'))
                ++m_at;
            try {
                node->number = std::stod(std::string(m_text.substr(begin, m_at - begin)));
            } catch (const std::exception&) {
                fail("a number is malformed");
            }
            node->op = 'n';
            return node;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            const std::size_t begin = m_at;
            while (m_at < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '_'
                                            || m_text[m_at] == '.' || m_text[m_at] == ':'))
                ++m_at;
            node->op = 'v';
            node->variable.assign(m_text.substr(begin, m_at - begin));
            variables.insert(node->variable);
            return node;
        }
        fail("unexpected '" + std::string(1, c) + "'");
    }

    std::string_view m_text;
    std::size_t m_at = 0;
};

double evaluateNode(const PmuFormula::Node& node, const std::map<std::string, double>& values)
{
    switch (node.op) {
    case 'n':
        return node.number;
    case 'v': {
        const auto it = values.find(node.variable);
        return it != values.end() ? it->second : kNoValue;
    }
    case 'u':
        return -evaluateNode(*node.left, values);
    default:
        break;
    }
    const double a = evaluateNode(*node.left, values);
    const double b = evaluateNode(*node.right, values);
    switch (node.op) {
    case '+':
        return a + b;
    case '-':
        return a - b;
    case '*':
        return a * b;
    default:
        return b != 0 ? a / b : kNoValue;
    }
}

} // namespace

PmuFormula::PmuFormula() = default;
PmuFormula::PmuFormula(PmuFormula&&) noexcept = default;
PmuFormula& PmuFormula::operator=(PmuFormula&&) noexcept = default;
PmuFormula::~PmuFormula() = default;

PmuFormula PmuFormula::parse(std::string_view text)
{
    FormulaParser parser(text);
    PmuFormula formula;
    formula.m_root = parser.parse();
    formula.m_variables.assign(parser.variables.begin(), parser.variables.end());
    return formula;
}

double PmuFormula::evaluate(const std::map<std::string, double>& values) const
{
    return m_root ? evaluateNode(*m_root, values) : kNoValue;
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
