#include "FlameGraphRequest.h"

#include "ProfileIndex.h"
#include "StackTreeDiff.h"
#include "VariantDiff.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

namespace {

// The run's profile index, once run() has made sure that every run of the request has one.
const ProfileIndex& indexOf(const RunEntry& entry)
{
    return *entry.run->profileIndex();
}

} // namespace

StackTreeFilter FlameGraphRequest::filterFor(const RunEntry& entry, std::optional<std::pair<double, double>> range)
{
    StackTreeFilter filter;
    if (range) {
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{std::llround((range->first - entry.offsetSeconds) * 1e9),
                                                              std::llround((range->second - entry.offsetSeconds) * 1e9)};
    } else if (entry.trim) {
        // Without a selection, the part of the run that counts: its trim window, as the summary's.
        // An open end (infinity) reaches past every sample.
        const auto toNs = [](double seconds) {
            return std::isfinite(seconds) ? std::int64_t(std::llround(std::clamp(seconds, -9e9, 9e9) * 1e9))
                                          : std::numeric_limits<std::int64_t>::max();
        };
        filter.timeNs = std::pair<std::int64_t, std::int64_t>{toNs(entry.trim->first), toNs(entry.trim->second)};
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

StackTreeFilter FlameGraphRequest::filterMatching(const RunEntry& other) const
{
    StackTreeFilter filter = filterFor(other, range);
    filter.cpus = cpus;
    if (pids.empty() && tids.empty())
        return filter;
    // Names of the chosen processes and threads in the selected run, then the baseline's of the
    // same names. Nothing matching keeps the filter non-empty (no sample passes), not "all".
    const ProfileIndex& mine = indexOf(selected);
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
    const ProfileIndex& theirs = indexOf(other);
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
    graph.trimmed = !range && (selected.trim || (baseline && baseline->trim));
    graph.filtered = !cpus.empty() || !pids.empty() || !tids.empty();
    // Each run's samples decoded and indexed here when the loader has not done it yet (or was
    // cancelled): a request is answered off the GUI thread, and waits for a build the loader has
    // under way. Samples that turn out unreadable leave no graph, and say why.
    std::vector<const RunEntry*> entries{&selected};
    if (baseline)
        entries.push_back(&*baseline);
    for (const auto* repeats : {&baselineRepeats, &selectedRepeats}) {
        for (const RunEntry& entry : *repeats)
            entries.push_back(&entry);
    }
    bool periods = true;
    for (const RunEntry* entry : entries) {
        if (!entry->run->indexProfile()) {
            graph.error = entry->run->profileError();
            return graph;
        }
        periods = periods && entry->run->profile()->hasPeriods();
    }
    graph.weight = periods ? weight : runlens::format::SampleWeight::Samples;
    const StackTreePtr tree = StackTree::build(indexOf(selected), selectedFilter(), graph.weight);
    graph.selectedSamples = tree->totalSamples();
    if (!baseline) {
        graph.tree = tree;
        return graph;
    }
    graph.baselineName = baseline->name();
    const auto treeOf = [this, &graph](const RunEntry& entry) {
        return StackTree::build(indexOf(entry), filterMatching(entry), graph.weight);
    };
    const StackTreePtr base = treeOf(*baseline);
    if (baselineRepeats.empty() && selectedRepeats.empty()) {
        graph.tree = StackTreeDiff::compute(*base, *tree, normalisation);
        return graph;
    }
    std::vector<StackTreePtr> before{base};
    std::vector<StackTreePtr> after{tree};
    for (const RunEntry& entry : baselineRepeats)
        before.push_back(treeOf(entry));
    for (const RunEntry& entry : selectedRepeats)
        after.push_back(treeOf(entry));
    graph.tree = VariantDiff::compute(before, after, normalisation);
    graph.selectedSamples = graph.tree->totalSamples();
    // The legend names the variants: the runs' group, and how many runs each side pools.
    const auto variantName = [](const RunEntry& entry, std::size_t runs) {
        const QString group = entry.run->repeatGroup();
        return QCoreApplication::translate("FlameGraphRequest", "%1 (%2 runs)").arg(group.isEmpty() ? entry.name() : group).arg(runs);
    };
    graph.selectedName = variantName(selected, after.size());
    graph.baselineName = variantName(*baseline, before.size());
    return graph;
}
