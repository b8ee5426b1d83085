#include "FlameGraphRequest.h"

#include "ProfileIndex.h"
#include "StackTreeDiff.h"

#include <cmath>
#include <limits>
#include <set>
#include <string>

StackTreeFilter FlameGraphRequest::filterFor(const RunEntry& entry, std::optional<std::pair<double, double>> range)
{
    StackTreeFilter filter;
    if (range) {
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{std::llround((range->first - entry.offsetSeconds) * 1e9),
                                                              std::llround((range->second - entry.offsetSeconds) * 1e9)};
    }
    return filter;
}

StackTreeFilter FlameGraphRequest::selectedFilter() const
{
    StackTreeFilter filter = filterFor(selected, range);
    filter.cpus = cpus;
    filter.pids = pids;
    filter.tids = tids;
    return filter;
}

StackTreeFilter FlameGraphRequest::baselineFilter() const
{
    StackTreeFilter filter = filterFor(*baseline, range);
    filter.cpus = cpus;
    if (pids.empty() && tids.empty())
        return filter;
    // Names of the chosen processes and threads in the selected run, then the baseline's of the
    // same names. Nothing matching keeps the filter non-empty (no sample passes), not "all".
    const ProfileIndex& mine = *selected.run->profileIndex();
    const std::set<std::uint32_t> chosenPids(pids.begin(), pids.end());
    const std::set<std::uint32_t> chosenTids(tids.begin(), tids.end());
    std::set<std::string> processNames;
    std::set<std::string> threadNames;
    for (const auto& process : mine.processes()) {
        if (chosenPids.contains(process.pid))
            processNames.insert(process.command);
    }
    for (const auto& thread : mine.threads()) {
        if (chosenTids.contains(thread.tid))
            threadNames.insert(thread.command);
    }
    const ProfileIndex& theirs = *baseline->run->profileIndex();
    for (const auto& process : theirs.processes()) {
        if (processNames.contains(process.command))
            filter.pids.push_back(process.pid);
    }
    for (const auto& thread : theirs.threads()) {
        if (threadNames.contains(thread.command))
            filter.tids.push_back(thread.tid);
    }
    if (filter.pids.empty() && filter.tids.empty())
        filter.tids.push_back(std::numeric_limits<std::uint32_t>::max() - 1); // no thread has this id
    return filter;
}

FlameGraph FlameGraphRequest::run() const
{
    FlameGraph graph;
    graph.selectedName = selected.name();
    graph.range = range;
    graph.filtered = !cpus.empty() || !pids.empty() || !tids.empty();
    const bool periods = selected.run->profile()->hasPeriods() && (!baseline || baseline->run->profile()->hasPeriods());
    graph.weight = periods ? weight : runlens::format::SampleWeight::Samples;
    const StackTreePtr tree = StackTree::build(*selected.run->profileIndex(), selectedFilter(), graph.weight);
    graph.selectedSamples = tree->totalSamples();
    if (baseline) {
        graph.baselineName = baseline->name();
        const StackTreePtr base = StackTree::build(*baseline->run->profileIndex(), baselineFilter(), graph.weight);
        graph.tree = StackTreeDiff::compute(*base, *tree, normalisation);
    } else {
        graph.tree = tree;
    }
    return graph;
}
