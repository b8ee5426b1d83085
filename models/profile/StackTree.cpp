#include "StackTree.h"

#include "InternTables.h"
#include "ProfileIndex.h"
#include "StackTreeBuilder.h"


#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

using runlens::format::kNoStack;
using runlens::format::largeVector;
using runlens::format::reserveLarge;


std::vector<std::uint32_t> StackTreeBuilder::functionRanks(const std::vector<StackTreeFunction>& functions)
{
    std::vector<std::uint32_t> order(functions.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const auto& fa = functions[a];
        const auto& fb = functions[b];
        const int bySymbol = fa.symbol.compare(fb.symbol);
        return bySymbol != 0 ? bySymbol < 0 : fa.module < fb.module;
    });
    std::vector<std::uint32_t> rank(order.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        rank[order[i]] = i;
    return rank;
}

void StackTreeBuilder::layOut(StackTree& tree, std::vector<TempNode>& temp, bool diff, const std::vector<std::uint32_t>& rank)
{
    const std::size_t n = temp.size();
    // The children of each node, found by counting sort on the parent.
    std::vector<std::uint32_t> start = largeVector<std::uint32_t>(n + 1, 0);
    for (std::size_t i = 1; i < n; ++i)
        ++start[temp[i].parent + 1];
    for (std::size_t i = 0; i < n; ++i)
        start[i + 1] += start[i];
    std::vector<std::uint32_t> children = largeVector<std::uint32_t>(n > 0 ? n - 1 : 0);
    {
        std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
        for (std::size_t i = 1; i < n; ++i)
            children[fill[temp[i].parent]++] = std::uint32_t(i);
    }
    // Sorted by name, then module.
    for (std::size_t i = 0; i < n; ++i) {
        std::sort(children.begin() + start[i], children.begin() + start[i + 1],
                  [&](std::uint32_t a, std::uint32_t b) { return rank[temp[a].function] < rank[temp[b].function]; });
    }
    // Breadth first, so that the children of a node are consecutive in the final array.
    reserveLarge(tree.m_nodes, n);
    tree.m_nodes.assign(n, {});
    if (diff) {
        tree.m_baselineTotal.assign(n, 0);
        tree.m_baselineSelf.assign(n, 0);
    }
    std::vector<std::uint32_t> newIndex = largeVector<std::uint32_t>(n, 0);
    std::vector<std::uint32_t> queue;
    reserveLarge(queue, n);
    queue.push_back(0);
    std::uint32_t next = 1;
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const std::uint32_t old = queue[q];
        const std::uint32_t id = newIndex[old];
        StackTreeNode& node = tree.m_nodes[id];
        node.function = temp[old].function;
        node.total = temp[old].total;
        node.self = temp[old].self;
        if (diff) {
            tree.m_baselineTotal[id] = temp[old].baselineTotal;
            tree.m_baselineSelf[id] = temp[old].baselineSelf;
        }
        node.firstChild = next;
        node.childCount = start[old + 1] - start[old];
        for (std::uint32_t c = start[old]; c < start[old + 1]; ++c) {
            const std::uint32_t child = children[c];
            newIndex[child] = next;
            tree.m_nodes[next].parent = id;
            tree.m_nodes[next].depth = node.depth + 1;
            ++next;
            queue.push_back(child);
        }
    }
}

StackTreePtr StackTree::build(const runlens::format::ProfileTables& profile, const StackTreeFilter& filter,
                              runlens::format::SampleWeight weight)
{
    return build(*ProfileIndex::build(profile), filter, weight);
}

StackTreePtr StackTree::build(const ProfileIndex& index, const StackTreeFilter& filter, runlens::format::SampleWeight weight)
{
    const runlens::format::ProfileTables& profile = index.profile();
    auto tree = std::make_shared<StackTree>();
    tree->m_functions = index.functions();
    tree->m_weight = weight;
    const std::vector<std::uint32_t>& functionOfFrame = index.functionOfFrame();

    // Samples per stack for the filter, from the index's buckets; the last slot: no frames.
    const std::size_t stackCount = profile.stacks.size();
    // The tables by stack and by node are megabytes for a long run, filled once: in huge pages.
    std::vector<std::uint64_t> count = largeVector<std::uint64_t>(stackCount + 1, 0);
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    std::int64_t last = std::numeric_limits<std::int64_t>::min();
    index.accumulate(filter, weight, count, first, last);
    const std::uint64_t withoutStack = count[stackCount];
    count.pop_back();
    const bool byTime = filter.timeNs.has_value();
    const std::int64_t begin = byTime ? filter.timeNs->first : 0;
    const std::int64_t end = byTime ? filter.timeNs->second : 0;
    // In doubles: a damaged or hostile profile may hold any two 64-bit times, whose difference
    // does not fit 64 bits.
    tree->m_durationSeconds = byTime ? (double(end) - double(begin)) / 1e9
                                     : (last > first ? (double(last) - double(first)) / 1e9 : 0.0);

    // Inclusive counts: a parent's id is smaller than its children's.
    std::vector<std::uint64_t> inclusive = largeVector<std::uint64_t>(stackCount);
    std::copy(count.begin(), count.end(), inclusive.begin());
    std::uint64_t total = withoutStack;
    std::size_t live = 0; // stacks with samples in or under them: at most one node each
    for (std::size_t s = stackCount; s-- > 0;) {
        const std::uint32_t parent = profile.stacks[s].parent;
        if (parent != kNoStack && parent < s)
            inclusive[parent] += inclusive[s];
        else
            total += inclusive[s];
        live += inclusive[s] > 0 ? 1 : 0;
    }

    // Sized for every live stack up front: grown by doubling, the nodes and the table of a whole
    // hour (a million stacks) were copied a dozen times over, into fresh pages each time.
    std::vector<StackTreeBuilder::TempNode> temp;
    reserveLarge(temp, live + 1);
    temp.push_back({kRootFunction, 0, total, withoutStack, 0, 0});
    std::vector<std::uint32_t> nodeOf = largeVector<std::uint32_t>(stackCount, 0);
    runlens::format::U64Map nodeIds;
    nodeIds.reserve(live);
    for (std::size_t s = 0; s < stackCount; ++s) {
        if (inclusive[s] == 0)
            continue;
        const std::uint32_t parent = profile.stacks[s].parent;
        const std::uint32_t parentNode = parent != kNoStack && parent < s ? nodeOf[parent] : 0;
        const std::uint32_t frame = profile.stacks[s].frame;
        const std::uint32_t function = frame < functionOfFrame.size() ? functionOfFrame[frame] : kRootFunction;
        bool inserted = false;
        const std::uint32_t id = nodeIds.findOrInsert((std::uint64_t(parentNode) << 32) | function,
                                                      std::uint32_t(temp.size()), inserted);
        if (inserted)
            temp.push_back({function, parentNode, 0, 0, 0, 0});
        temp[id].total += inclusive[s];
        temp[id].self += count[s];
        nodeOf[s] = id;
    }
    StackTreeBuilder::layOut(*tree, temp, false, index.functionRanks());
    return tree;
}

std::optional<std::uint32_t> StackTree::find(const std::vector<std::string>& path) const
{
    std::uint32_t current = kRoot;
    for (const std::string& name : path) {
        const StackTreeNode& node = m_nodes[current];
        bool found = false;
        for (std::uint32_t c = node.firstChild; c < node.firstChild + node.childCount; ++c) {
            if (functionOf(c).symbol == name) {
                current = c;
                found = true;
                break;
            }
        }
        if (!found)
            return std::nullopt;
    }
    return current;
}

std::vector<std::uint32_t> StackTree::pathTo(std::uint32_t node) const
{
    std::vector<std::uint32_t> path;
    for (std::uint32_t n = node; n != kRoot; n = m_nodes[n].parent)
        path.push_back(n);
    std::reverse(path.begin(), path.end());
    return path;
}

double StackTree::normalised(std::uint64_t count, bool baseline) const
{
    const double samples = double(baseline ? m_baselineSamples : totalSamples());
    const double seconds = baseline ? m_baselineDuration : m_durationSeconds;
    if (m_normalisation == DiffNormalisation::PerSecond && seconds > 0)
        return double(count) / seconds;
    return samples > 0 ? double(count) / samples : 0.0;
}

double StackTree::totalDelta(std::uint32_t node) const
{
    if (!isDiff())
        return 0;
    return normalised(m_nodes[node].total, false) - normalised(m_baselineTotal[node], true);
}

double StackTree::selfDelta(std::uint32_t node) const
{
    if (!isDiff())
        return 0;
    return normalised(m_nodes[node].self, false) - normalised(m_baselineSelf[node], true);
}
