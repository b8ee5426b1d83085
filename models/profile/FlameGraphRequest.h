// One flame graph as a value: the run, optionally the baseline it is compared with, the time range
// on the shared axis, and how the two runs are made comparable. The flame-graph panel and
// `runlens export --flamegraph` fill one in and call run(); a new flame-graph option is a field
// here and one line in each front end's input mapping.
#pragma once

#include "RunSet.h"
#include "StackTree.h"

#include <QString>

#include <optional>
#include <utility>

// What a flame graph shows: the tree (differential when there is a baseline) and its legend.
struct FlameGraph {
    StackTreePtr tree;
    QString selectedName;
    QString baselineName;              // empty unless differential
    std::uint64_t selectedSamples = 0; // of the selected run in the range (a differential tree counts both)
    runlens::format::SampleWeight weight = runlens::format::SampleWeight::Samples; // what the tree adds up
    std::optional<std::pair<double, double>> range; // the request's, on the shared axis; none: all samples
    bool filtered = false;                          // CPUs, processes or threads narrowed it
    bool trimmed = false;                           // no range: the runs' trim windows were used
    QString error; // why there is no tree: a run's samples are unreadable (Run::profileError)
};

struct FlameGraphRequest {
    RunEntry selected;                                   // must have a profile (Run::hasProfile)
    std::optional<RunEntry> baseline;                    // differential against this one, when set
    // The other runs of each side's variant (runs tagged with the same group or variant): with a
    // baseline, the graph compares the variants, frame by frame across repeats (VariantDiff).
    std::vector<RunEntry> baselineRepeats;
    std::vector<RunEntry> selectedRepeats;
    std::optional<std::pair<double, double>> range;      // on the shared time axis; all samples without
    DiffNormalisation normalisation = DiffNormalisation::TotalSamples;
    // Event counts only when every run shown has periods (counts and periods do not compare).
    runlens::format::SampleWeight weight = runlens::format::SampleWeight::Samples;
    // Only these CPUs (in both runs); empty: all.
    std::vector<std::uint32_t> cpus;
    // Only these processes and threads of the selected run; empty: all. The baseline, whose
    // PIDs differ, keeps the processes and threads of the same names.
    std::vector<std::uint32_t> pids;
    std::vector<std::uint32_t> tids;

    // The run's samples in the range, in its own clock (the shared axis minus its offset); without
    // a range, those of its trim window (all of them when it has none).
    static StackTreeFilter filterFor(const RunEntry& entry, std::optional<std::pair<double, double>> range);
    // The filter for the selected run, and for another run (the baseline, a repeat): the same
    // CPUs, and the processes and threads of the same names.
    StackTreeFilter selectedFilter() const;
    StackTreeFilter filterMatching(const RunEntry& other) const;

    // Pure computation on immutable runs: safe on any thread.
    FlameGraph run() const;
};
