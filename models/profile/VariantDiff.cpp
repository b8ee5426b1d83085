#include "VariantDiff.h"

#include "summary/SignificanceTest.h"
#include "StackTreeBuilder.h"
#include "StackTreeDiff.h"
#include "FunctionTotals.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;

std::uint64_t childKey(std::uint32_t parent, std::uint32_t function)
{
    return (std::uint64_t(parent) << 32) | function;
}

// One function table across trees, by symbol and module.
class FunctionTable
{
public:
    explicit FunctionTable(std::vector<StackTreeFunction>& functions)
        : m_functions(functions)
    {
        for (std::size_t f = 1; f < functions.size(); ++f)
            m_ids.try_emplace(keyOf(functions[f]), std::uint32_t(f));
    }
    // The ids of `source`'s functions in this table, adding the ones it lacks.
    std::vector<std::uint32_t> map(const StackTree& source)
    {
        std::vector<std::uint32_t> ids(source.functions().size(), StackTree::kRootFunction);
        for (std::size_t f = 1; f < source.functions().size(); ++f) {
            const auto [it, inserted] = m_ids.try_emplace(keyOf(source.functions()[f]), std::uint32_t(m_functions.size()));
            if (inserted)
                m_functions.push_back(source.functions()[f]);
            ids[f] = it->second;
        }
        return ids;
    }

private:
    static std::string keyOf(const StackTreeFunction& function)
    {
        std::string key = function.symbol;
        key.push_back('\0');
        key.append(function.module);
        return key;
    }
    std::vector<StackTreeFunction>& m_functions;
    std::unordered_map<std::string, std::uint32_t> m_ids;
};

// Per item (a frame, a function), the running sums of its values over one side's repeats: memory
// stays two trees' worth for ten runs, not one vector per repeat.
class RepeatMoments
{
public:
    explicit RepeatMoments(std::size_t items)
        : m_sum(items, 0.0)
        , m_squares(items, 0.0)
    {
    }
    void add(const std::vector<double>& values)
    {
        for (std::size_t i = 0; i < m_sum.size(); ++i) {
            m_sum[i] += values[i];
            m_squares[i] += values[i] * values[i];
        }
        ++m_count;
    }
    std::size_t items() const { return m_sum.size(); }
    double count() const { return m_count; }
    std::pair<double, double> meanAndVariance(std::size_t i) const
    {
        const double mean = m_sum[i] / m_count;
        return {mean, std::max(0.0, (m_squares[i] - m_count * mean * mean) / (m_count - 1))};
    }

private:
    std::vector<double> m_sum;
    std::vector<double> m_squares;
    double m_count = 0;
};

// Each item's spread on both sides and whether its change of mean is beyond them: Welch's t-test
// at `confidence`, two-sided. The one test behind the frames' colours and the functions' verdicts.
void judge(const RepeatMoments& before, const RepeatMoments& after, double confidence, std::vector<FrameVerdict>& verdicts,
           std::vector<double>& baselineSpread, std::vector<double>& selectedSpread)
{
    const std::size_t items = before.items();
    const double tail = (1.0 - confidence) / 2.0;
    verdicts.assign(items, FrameVerdict::WithinNoise);
    baselineSpread.assign(items, 0.0);
    selectedSpread.assign(items, 0.0);
    for (std::size_t n = 0; n < items; ++n) {
        const auto [meanBefore, varianceBefore] = before.meanAndVariance(n);
        const auto [meanAfter, varianceAfter] = after.meanAndVariance(n);
        baselineSpread[n] = std::sqrt(varianceBefore);
        selectedSpread[n] = std::sqrt(varianceAfter);
        const double a = varianceBefore / before.count();
        const double b = varianceAfter / after.count();
        const double error = std::sqrt(a + b);
        const double difference = meanAfter - meanBefore;
        // Round-off of sums of squares is not spread: below 1e-12 of a share the repeats agree.
        if (error <= 1e-12) {
            verdicts[n] = std::abs(difference) > 1e-12 ? FrameVerdict::Real : FrameVerdict::WithinNoise;
            continue;
        }
        const double freedom = (a + b) * (a + b) / (a * a / (before.count() - 1) + b * b / (after.count() - 1));
        const double critical = SignificanceTest::studentQuantile(1.0 - tail, std::max(1.0, freedom));
        verdicts[n] = std::abs(difference) > critical * error ? FrameVerdict::Real : FrameVerdict::WithinNoise;
    }
}

} // namespace

StackTreePtr VariantDiff::sum(const std::vector<StackTreePtr>& trees)
{
    if (trees.size() == 1)
        return trees.front();
    auto tree = std::make_shared<StackTree>();
    tree->m_functions.push_back({"all", "", runlens::format::FrameKind::Unknown});
    FunctionTable functions(tree->m_functions);
    std::vector<StackTreeBuilder::TempNode> temp{{StackTree::kRootFunction, 0, 0, 0, 0, 0}};
    std::unordered_map<std::uint64_t, std::uint32_t> nodeOf;
    for (const StackTreePtr& source : trees) {
        const std::vector<std::uint32_t> functionIds = functions.map(*source);
        // Nodes are laid out breadth first: a parent comes before its children.
        std::vector<std::uint32_t> merged(source->nodes().size(), 0);
        temp[0].total += source->node(StackTree::kRoot).total;
        temp[0].self += source->node(StackTree::kRoot).self;
        for (std::uint32_t n = 1; n < source->nodes().size(); ++n) {
            const StackTreeNode& node = source->node(n);
            const std::uint32_t function = functionIds[node.function];
            const auto [it, inserted] = nodeOf.try_emplace(childKey(merged[node.parent], function), std::uint32_t(temp.size()));
            if (inserted)
                temp.push_back({function, merged[node.parent], 0, 0, 0, 0});
            temp[it->second].total += node.total;
            temp[it->second].self += node.self;
            merged[n] = it->second;
        }
        tree->m_durationSeconds += source->durationSeconds();
        tree->m_weight = source->weight();
    }
    StackTreeBuilder::layOut(*tree, temp, false, StackTreeBuilder::functionRanks(tree->m_functions));
    return tree;
}

StackTreePtr VariantDiff::compute(const std::vector<StackTreePtr>& baseline, const std::vector<StackTreePtr>& selected,
                                  DiffNormalisation normalisation, double confidence)
{
    const std::shared_ptr<StackTree> tree = StackTreeDiff::merge(*sum(baseline), *sum(selected), normalisation);
    tree->m_baselineRepeats = int(baseline.size());
    tree->m_selectedRepeats = int(selected.size());
    if (int(baseline.size()) < kMinimumRepeats || int(selected.size()) < kMinimumRepeats)
        return tree;

    // Every repeat's nodes found in the merged tree, by path: (parent, function) at each level.
    const std::size_t nodes = tree->m_nodes.size();
    std::unordered_map<std::uint64_t, std::uint32_t> nodeOf;
    nodeOf.reserve(nodes);
    for (std::uint32_t n = 1; n < nodes; ++n)
        nodeOf.emplace(childKey(tree->m_nodes[n].parent, tree->m_nodes[n].function), n);
    FunctionTable functions(tree->m_functions);
    // The pooled sides hold every repeat's functions, so mapping a repeat adds none.
    const std::size_t functionCount = tree->m_functions.size();
    // A repeat's share of samples (or its rate) in each merged node and in each function (its
    // total wherever it is called, as the top-functions table counts it); 0 where it has none.
    struct RepeatValues {
        std::vector<double> nodes;
        std::vector<double> functions;
    };
    const auto valuesOf = [&](const StackTree& repeat) {
        RepeatValues values{std::vector<double>(nodes, 0.0), std::vector<double>(functionCount, 0.0)};
        const double scale = normalisation == DiffNormalisation::PerSecond
                               ? (repeat.durationSeconds() > 0 ? 1.0 / repeat.durationSeconds() : 0.0)
                               : (repeat.totalSamples() > 0 ? 1.0 / double(repeat.totalSamples()) : 0.0);
        const std::vector<std::uint32_t> functionIds = functions.map(repeat);
        std::vector<std::uint32_t> merged(repeat.nodes().size(), kNone);
        merged[StackTree::kRoot] = StackTree::kRoot;
        values.nodes[StackTree::kRoot] = double(repeat.totalSamples()) * scale;
        for (std::uint32_t n = 1; n < repeat.nodes().size(); ++n) {
            const StackTreeNode& node = repeat.node(n);
            if (merged[node.parent] == kNone)
                continue;
            const auto it = nodeOf.find(childKey(merged[node.parent], functionIds[node.function]));
            if (it == nodeOf.end())
                continue; // a frame with no samples in this repeat's pooled side
            merged[n] = it->second;
            values.nodes[it->second] = double(node.total) * scale;
        }
        const std::vector<FunctionTotal> totals = functionTotalsOf(repeat);
        for (std::size_t f = 1; f < totals.size(); ++f) {
            if (functionIds[f] < functionCount)
                values.functions[functionIds[f]] = double(totals[f].total) * scale;
        }
        return values;
    };
    RepeatMoments nodesBefore(nodes);
    RepeatMoments nodesAfter(nodes);
    RepeatMoments functionsBefore(functionCount);
    RepeatMoments functionsAfter(functionCount);
    for (const StackTreePtr& repeat : baseline) {
        const RepeatValues values = valuesOf(*repeat);
        nodesBefore.add(values.nodes);
        functionsBefore.add(values.functions);
    }
    for (const StackTreePtr& repeat : selected) {
        const RepeatValues values = valuesOf(*repeat);
        nodesAfter.add(values.nodes);
        functionsAfter.add(values.functions);
    }
    judge(nodesBefore, nodesAfter, confidence, tree->m_verdicts, tree->m_baselineSpread, tree->m_selectedSpread);
    judge(functionsBefore, functionsAfter, confidence, tree->m_functionVerdicts, tree->m_functionBaselineSpread,
          tree->m_functionSelectedSpread);
    return tree;
}
