// The step StackTree::build and StackTreeDiff share: nodes collected in any order (each after its
// parent) laid out breadth first, children consecutive and sorted by name.
#pragma once

#include "StackTree.h"

class StackTreeBuilder
{
public:
    struct TempNode {
        std::uint32_t function;
        std::uint32_t parent;
        std::uint64_t total;
        std::uint64_t self;
        std::uint64_t baselineTotal;
        std::uint64_t baselineSelf;
    };
    // Each function's place when sorted by name, then module: the order flamegraph.pl draws in,
    // the same in every run. A sort of strings, so made once per function table (ProfileIndex
    // keeps its own) and passed to layOut, not made again for every tree.
    static std::vector<std::uint32_t> functionRanks(const std::vector<StackTreeFunction>& functions);
    // `rank`: functionRanks(tree.m_functions).
    static void layOut(StackTree& tree, std::vector<TempNode>& temp, bool diff, const std::vector<std::uint32_t>& rank);
};
