#include "FunctionTotals.h"

std::vector<FunctionTotal> functionTotalsOf(const StackTree& tree)
{
    std::vector<FunctionTotal> totals(tree.functions().size());
    if (tree.nodes().empty())
        return totals;
    // Depth-first with a count of open frames per function: a total is added only at the
    // outermost frame of a function on each path, so recursion does not count twice.
    std::vector<std::uint32_t> open(totals.size(), 0);
    struct Step {
        std::uint32_t node;
        bool leaving;
    };
    std::vector<Step> work{{StackTree::kRoot, false}};
    while (!work.empty()) {
        const Step step = work.back();
        work.pop_back();
        const StackTreeNode& node = tree.node(step.node);
        if (step.leaving) {
            --open[node.function];
            continue;
        }
        FunctionTotal& function = totals[node.function];
        function.self += node.self;
        function.baselineSelf += tree.baselineSelf(step.node);
        if (open[node.function]++ == 0) {
            function.total += node.total;
            function.baselineTotal += tree.baselineTotal(step.node);
        }
        work.push_back({step.node, true});
        for (std::uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c)
            work.push_back({c, false});
    }
    return totals;
}
