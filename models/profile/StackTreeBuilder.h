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
    static void layOut(StackTree& tree, std::vector<TempNode>& temp, bool diff);
};
