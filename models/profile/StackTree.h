// The call tree of a profile for one filter (time range, CPUs, processes, threads), as the flame
// graph and the top-functions table show it: frames merged by symbol and module (addresses
// ignored), nodes in one flat array with the children of a node next to each other, sorted by
// name so that towers keep their place from one run to the next (as flamegraph.pl does).
//
// A tree is an immutable snapshot, built off the GUI thread (a FlameGraphRequest run through
// BackgroundJobs) and shared by std::shared_ptr<const StackTree>. A differential tree
// (StackTreeDiff) is the same structure with the baseline's counts in a second pair of columns.
#pragma once

#include "ProfileTables.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class ProfileIndex;

// Which samples a tree adds up. A sample passes when it lies in the time range, ran on one of the
// CPUs, and belongs to one of the processes or is one of the threads (a process with all its
// threads, or single threads: either list lets it through). Empty lists do not filter.
struct StackTreeFilter {
    std::optional<std::pair<std::int64_t, std::int64_t>> timeNs; // [begin, end), the run's own clock
    std::vector<std::uint32_t> cpus;
    std::vector<std::uint32_t> pids;
    std::vector<std::uint32_t> tids;

    bool filtersRows() const { return !cpus.empty() || !pids.empty() || !tids.empty(); }
};

struct StackTreeFunction {
    std::string symbol;
    std::string module;
    runlens::format::FrameKind kind = runlens::format::FrameKind::Unknown;
};

struct StackTreeNode {
    std::uint32_t function = 0; // index into functions(); the root's is kRootFunction
    std::uint32_t parent = 0;   // the root is its own parent
    std::uint32_t firstChild = 0;
    std::uint32_t childCount = 0;
    std::uint32_t depth = 0;
    std::uint64_t total = 0; // samples (or event counts) in this frame and below
    std::uint64_t self = 0;  // samples (or event counts) in this frame itself
};

// A differential tree of two variants (repeated runs each) says per frame whether its change
// stands out of the run-to-run noise (VariantDiff).
enum class FrameVerdict : std::uint8_t {
    Untested,    // a plain difference: fewer than VariantDiff::kMinimumRepeats runs on a side
    WithinNoise, // the repeats' spread covers the change
    Real,        // beyond the noise of the repeats
};

enum class DiffNormalisation {
    TotalSamples, // shares of each run's total: "what fraction of the time"
    PerSecond,    // samples per second of the range: "how much CPU", for runs of different length
};

class StackTree
{
public:
    static constexpr std::uint32_t kRoot = 0;
    static constexpr std::uint32_t kRootFunction = 0; // functions()[0] is the synthetic "all"

    // Each node adds up the samples below it, or their event counts (periods) by `weight`. The
    // index (built once per run) makes a time range cost its buckets, not its samples.
    static std::shared_ptr<const StackTree> build(const ProfileIndex& index, const StackTreeFilter& filter = {},
                                                  runlens::format::SampleWeight weight = runlens::format::SampleWeight::Samples);
    // Builds a throwaway index first: for one-off trees (tests, command-line tools).
    static std::shared_ptr<const StackTree> build(const runlens::format::ProfileTables& profile,
                                                  const StackTreeFilter& filter = {},
                                                  runlens::format::SampleWeight weight = runlens::format::SampleWeight::Samples);

    const std::vector<StackTreeNode>& nodes() const { return m_nodes; }
    const StackTreeNode& node(std::uint32_t id) const { return m_nodes[id]; }
    const std::vector<StackTreeFunction>& functions() const { return m_functions; }
    const StackTreeFunction& functionOf(std::uint32_t node) const { return m_functions[m_nodes[node].function]; }
    // The root's total: samples, or event counts when weight() is EventCount.
    std::uint64_t totalSamples() const { return m_nodes.empty() ? 0 : m_nodes[kRoot].total; }
    runlens::format::SampleWeight weight() const { return m_weight; }
    // The length of the filtered range (or of the profile) in seconds; 0 when samples carry no time.
    double durationSeconds() const { return m_durationSeconds; }
    // The node for the path of function names below the root, if the tree has it (tests, lookups).
    std::optional<std::uint32_t> find(const std::vector<std::string>& path) const;
    // The frames from the root's child down to `node`.
    std::vector<std::uint32_t> pathTo(std::uint32_t node) const;

    // Differential trees only.
    bool isDiff() const { return !m_baselineTotal.empty(); }
    std::uint64_t baselineTotal(std::uint32_t node) const { return isDiff() ? m_baselineTotal[node] : 0; }
    std::uint64_t baselineSelf(std::uint32_t node) const { return isDiff() ? m_baselineSelf[node] : 0; }
    DiffNormalisation normalisation() const { return m_normalisation; }
    // Normalised change of the node's total (and self): share of the run (TotalSamples) or samples
    // per second (PerSecond), selected minus baseline.
    double totalDelta(std::uint32_t node) const;
    double selfDelta(std::uint32_t node) const;
    // The largest |totalDelta| over the tree, what colour saturation is scaled to.
    double maximumDelta() const { return m_maximumDelta; }
    // Topmost frames the baseline has and the selected run does not (zero width in the graph).
    const std::vector<std::uint32_t>& disappeared() const { return m_disappeared; }
    std::uint64_t baselineSamples() const { return m_baselineSamples; }
    double baselineDurationSeconds() const { return m_baselineDuration; }

    // Differential trees of two variants: runs on each side, and per node whether the change is
    // beyond the repeats' noise. A tree of two single runs has one run a side and no verdicts.
    int baselineRepeats() const { return m_baselineRepeats; }
    int selectedRepeats() const { return m_selectedRepeats; }
    bool hasVerdicts() const { return !m_verdicts.empty(); }
    FrameVerdict verdict(std::uint32_t node) const { return hasVerdicts() ? m_verdicts[node] : FrameVerdict::Untested; }
    // The per-repeat shares' standard deviations (in the normalisation's unit), for tooltips.
    double baselineSpread(std::uint32_t node) const { return m_baselineSpread.empty() ? 0.0 : m_baselineSpread[node]; }
    double selectedSpread(std::uint32_t node) const { return m_selectedSpread.empty() ? 0.0 : m_selectedSpread[node]; }
    // The same per function (an index into functions()), from its total wherever it is called
    // (FunctionTotals): what the top-functions table shows next to each side's value.
    FrameVerdict functionVerdict(std::uint32_t function) const
    {
        return function < m_functionVerdicts.size() ? m_functionVerdicts[function] : FrameVerdict::Untested;
    }
    double functionBaselineSpread(std::uint32_t function) const
    {
        return function < m_functionBaselineSpread.size() ? m_functionBaselineSpread[function] : 0.0;
    }
    double functionSelectedSpread(std::uint32_t function) const
    {
        return function < m_functionSelectedSpread.size() ? m_functionSelectedSpread[function] : 0.0;
    }

private:
    friend class StackTreeDiff;
    friend class StackTreeBuilder;
    friend class VariantDiff;
    double normalised(std::uint64_t count, bool baseline) const;

    std::vector<StackTreeNode> m_nodes;
    std::vector<StackTreeFunction> m_functions;
    double m_durationSeconds = 0;
    runlens::format::SampleWeight m_weight = runlens::format::SampleWeight::Samples;

    std::vector<std::uint64_t> m_baselineTotal;
    std::vector<std::uint64_t> m_baselineSelf;
    std::uint64_t m_baselineSamples = 0;
    double m_baselineDuration = 0;
    DiffNormalisation m_normalisation = DiffNormalisation::TotalSamples;
    double m_maximumDelta = 0;
    std::vector<std::uint32_t> m_disappeared;

    int m_baselineRepeats = 1;
    int m_selectedRepeats = 1;
    std::vector<FrameVerdict> m_verdicts;
    std::vector<double> m_baselineSpread;
    std::vector<double> m_selectedSpread;
    std::vector<FrameVerdict> m_functionVerdicts;
    std::vector<double> m_functionBaselineSpread;
    std::vector<double> m_functionSelectedSpread;
};

using StackTreePtr = std::shared_ptr<const StackTree>;
