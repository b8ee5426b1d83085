#include "VariantDiff.h"

#include "summary/SignificanceTest.h"
#include "StackTreeBuilder.h"
#include "StackTreeDiff.h"

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
    StackTreeBuilder::layOut(*tree, temp, false);
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
    const auto valuesOf = [&](const StackTree& repeat) {
        // The repeat's share of samples (or its rate) in each merged node; 0 where it has none.
        std::vector<double> values(nodes, 0.0);
        const double scale = normalisation == DiffNormalisation::PerSecond
                               ? (repeat.durationSeconds() > 0 ? 1.0 / repeat.durationSeconds() : 0.0)
                               : (repeat.totalSamples() > 0 ? 1.0 / double(repeat.totalSamples()) : 0.0);
        const std::vector<std::uint32_t> functionIds = functions.map(repeat);
        std::vector<std::uint32_t> merged(repeat.nodes().size(), kNone);
        merged[StackTree::kRoot] = StackTree::kRoot;
        values[StackTree::kRoot] = double(repeat.totalSamples()) * scale;
        for (std::uint32_t n = 1; n < repeat.nodes().size(); ++n) {
            const StackTreeNode& node = repeat.node(n);
            if (merged[node.parent] == kNone)
                continue;
            const auto it = nodeOf.find(childKey(merged[node.parent], functionIds[node.function]));
            if (it == nodeOf.end())
                continue; // a frame with no samples in this repeat's pooled side
            merged[n] = it->second;
            values[it->second] = double(node.total) * scale;
        }
        return values;
    };
    // Running sums per side, not one vector per repeat: memory stays two trees' worth for ten runs.
    struct Moments {
        std::vector<double> sum;
        std::vector<double> squares;
        double count = 0;
    };
    const auto momentsOf = [&](const std::vector<StackTreePtr>& repeats) {
        Moments moments{std::vector<double>(nodes, 0.0), std::vector<double>(nodes, 0.0), double(repeats.size())};
        for (const StackTreePtr& repeat : repeats) {
            const std::vector<double> values = valuesOf(*repeat);
            for (std::size_t n = 0; n < nodes; ++n) {
                moments.sum[n] += values[n];
                moments.squares[n] += values[n] * values[n];
            }
        }
        return moments;
    };
    const Moments before = momentsOf(baseline);
    const Moments after = momentsOf(selected);
    const double tail = (1.0 - confidence) / 2.0;
    tree->m_verdicts.assign(nodes, FrameVerdict::WithinNoise);
    tree->m_baselineSpread.assign(nodes, 0.0);
    tree->m_selectedSpread.assign(nodes, 0.0);
    for (std::size_t n = 0; n < nodes; ++n) {
        const auto meanAndVariance = [n](const Moments& m) {
            const double mean = m.sum[n] / m.count;
            const double variance = std::max(0.0, (m.squares[n] - m.count * mean * mean) / (m.count - 1));
            return std::pair{mean, variance};
        };
        const auto [meanBefore, varianceBefore] = meanAndVariance(before);
        const auto [meanAfter, varianceAfter] = meanAndVariance(after);
        tree->m_baselineSpread[n] = std::sqrt(varianceBefore);
        tree->m_selectedSpread[n] = std::sqrt(varianceAfter);
        const double a = varianceBefore / before.count;
        const double b = varianceAfter / after.count;
        const double error = std::sqrt(a + b);
        const double difference = meanAfter - meanBefore;
        // Round-off of sums of squares is not spread: below 1e-12 of a share the repeats agree.
        if (error <= 1e-12) {
            tree->m_verdicts[n] = std::abs(difference) > 1e-12 ? FrameVerdict::Real : FrameVerdict::WithinNoise;
            continue;
        }
        const double freedom = (a + b) * (a + b) / (a * a / (before.count - 1) + b * b / (after.count - 1));
        const double critical = SignificanceTest::studentQuantile(1.0 - tail, std::max(1.0, freedom));
        tree->m_verdicts[n] = std::abs(difference) > critical * error ? FrameVerdict::Real : FrameVerdict::WithinNoise;
    }
    return tree;
}
