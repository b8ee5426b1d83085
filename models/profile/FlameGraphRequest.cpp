#include "FlameGraphRequest.h"

#include "StackTreeDiff.h"

#include <cmath>

StackTreeFilter FlameGraphRequest::filterFor(const RunEntry& entry, std::optional<std::pair<double, double>> range)
{
    StackTreeFilter filter;
    if (range) {
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{std::llround((range->first - entry.offsetSeconds) * 1e9),
                                                              std::llround((range->second - entry.offsetSeconds) * 1e9)};
    }
    return filter;
}

FlameGraph FlameGraphRequest::run() const
{
    FlameGraph graph;
    graph.selectedName = selected.name();
    graph.range = range;
    const bool periods = selected.run->profile()->hasPeriods() && (!baseline || baseline->run->profile()->hasPeriods());
    graph.weight = periods ? weight : runlens::format::SampleWeight::Samples;
    const StackTreePtr tree = StackTree::build(*selected.run->profile(), filterFor(selected, range), graph.weight);
    graph.selectedSamples = tree->totalSamples();
    if (baseline) {
        graph.baselineName = baseline->name();
        const StackTreePtr base = StackTree::build(*baseline->run->profile(), filterFor(*baseline, range), graph.weight);
        graph.tree = StackTreeDiff::compute(*base, *tree, normalisation);
    } else {
        graph.tree = tree;
    }
    return graph;
}
