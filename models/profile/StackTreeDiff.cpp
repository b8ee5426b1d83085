#include "StackTreeDiff.h"

#include "StackTreeBuilder.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;

} // namespace

StackTreePtr StackTreeDiff::compute(const StackTree& baseline, const StackTree& selected, DiffNormalisation normalisation)
{
    return merge(baseline, selected, normalisation);
}

std::shared_ptr<StackTree> StackTreeDiff::merge(const StackTree& baseline, const StackTree& selected, DiffNormalisation normalisation)
{
    auto tree = std::make_shared<StackTree>();
    tree->m_functions.push_back({"all", "", runlens::format::FrameKind::Unknown});

    // One function table for both trees, by symbol and module.
    std::unordered_map<std::string, std::uint32_t> ids;
    std::string key;
    const auto mapFunctions = [&](const StackTree& source) {
        std::vector<std::uint32_t> map(source.functions().size(), StackTree::kRootFunction);
        for (std::size_t f = 1; f < source.functions().size(); ++f) {
            const auto& function = source.functions()[f];
            key.assign(function.symbol);
            key.push_back('\0');
            key.append(function.module);
            const auto [it, inserted] = ids.try_emplace(key, std::uint32_t(tree->m_functions.size()));
            if (inserted)
                tree->m_functions.push_back(function);
            map[f] = it->second;
        }
        return map;
    };
    const std::vector<std::uint32_t> fromBaseline = mapFunctions(baseline);
    const std::vector<std::uint32_t> fromSelected = mapFunctions(selected);
    // Both trees sort children by (symbol, module); the merged order compares the same way.
    const std::vector<std::uint32_t> rank = StackTreeBuilder::functionRanks(tree->m_functions);

    struct Pair {
        std::uint32_t baseline;
        std::uint32_t selected;
        std::uint32_t out;
    };
    std::vector<StackTreeBuilder::TempNode> temp;
    temp.reserve(std::max(baseline.nodes().size(), selected.nodes().size()) + 16);
    temp.push_back({StackTree::kRootFunction, 0, selected.totalSamples(), selected.node(StackTree::kRoot).self,
                    baseline.totalSamples(), baseline.node(StackTree::kRoot).self});
    std::vector<Pair> work{{StackTree::kRoot, StackTree::kRoot, 0}};
    while (!work.empty()) {
        const Pair pair = work.back();
        work.pop_back();
        const StackTreeNode* a = pair.baseline != kNone ? &baseline.node(pair.baseline) : nullptr;
        const StackTreeNode* b = pair.selected != kNone ? &selected.node(pair.selected) : nullptr;
        std::uint32_t i = a ? a->firstChild : 0;
        const std::uint32_t iEnd = a ? a->firstChild + a->childCount : 0;
        std::uint32_t j = b ? b->firstChild : 0;
        const std::uint32_t jEnd = b ? b->firstChild + b->childCount : 0;
        while (i < iEnd || j < jEnd) {
            const std::uint32_t fa = i < iEnd ? fromBaseline[baseline.node(i).function] : kNone;
            const std::uint32_t fb = j < jEnd ? fromSelected[selected.node(j).function] : kNone;
            Pair child{kNone, kNone, std::uint32_t(temp.size())};
            std::uint32_t function;
            if (fb == kNone || (fa != kNone && rank[fa] < rank[fb])) {
                child.baseline = i++;
                function = fa;
            } else if (fa == kNone || rank[fb] < rank[fa]) {
                child.selected = j++;
                function = fb;
            } else {
                child.baseline = i++;
                child.selected = j++;
                function = fa;
            }
            StackTreeBuilder::TempNode node{function, pair.out, 0, 0, 0, 0};
            if (child.selected != kNone) {
                node.total = selected.node(child.selected).total;
                node.self = selected.node(child.selected).self;
            }
            if (child.baseline != kNone) {
                node.baselineTotal = baseline.node(child.baseline).total;
                node.baselineSelf = baseline.node(child.baseline).self;
            }
            temp.push_back(node);
            work.push_back(child);
        }
    }
    StackTreeBuilder::layOut(*tree, temp, true, rank);

    tree->m_durationSeconds = selected.durationSeconds();
    tree->m_baselineSamples = baseline.totalSamples();
    tree->m_baselineDuration = baseline.durationSeconds();
    tree->m_normalisation = normalisation;
    tree->m_weight = selected.weight();
    double maximum = 0;
    for (std::uint32_t n = 0; n < tree->m_nodes.size(); ++n) {
        maximum = std::max(maximum, std::abs(tree->totalDelta(n)));
        const auto& node = tree->m_nodes[n];
        if (n != StackTree::kRoot && node.total == 0 && tree->m_baselineTotal[n] > 0
            && tree->m_nodes[node.parent].total > 0)
            tree->m_disappeared.push_back(n);
    }
    tree->m_maximumDelta = maximum;
    // The biggest losses first.
    std::stable_sort(tree->m_disappeared.begin(), tree->m_disappeared.end(), [&](std::uint32_t x, std::uint32_t y) {
        return tree->m_baselineTotal[x] > tree->m_baselineTotal[y];
    });
    return tree;
}
