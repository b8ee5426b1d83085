// Where a run's steady state lies: the end of its warm-up and the start of its cool-down, found
// in its busiest signals (CPU busy, and the workload's own metric when it recorded one) by change
// points in their mean (ChangePoints, PELT). The result is a proposal with a reason sentence for
// the user to accept: comparing runs over a window nobody chose would hide why two summaries
// differ, so nothing here changes a RunSet.
#pragma once

#include "Run.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <span>
#include <utility>
#include <vector>

// What one signal says about the steady state, in the run's own seconds.
struct SteadySignal {
    QString metricId;
    QString instance;
    QString title;                // the metric's title, as the reason names it ("Busy CPU")
    std::optional<double> settles; // the first steady sample, when the signal warms up
    std::optional<double> falls;   // the last steady sample, when the signal cools down
};

struct SteadyStateProposal {
    // From the end of warm-up to the start of cool-down (the run's own seconds, both samples
    // included, as a RunSet trim is); nullopt when there is nothing to trim (the whole run is
    // steady) or nothing to go by.
    std::optional<std::pair<double, double>> window;
    // One sentence for the user: "Busy CPU settles at 12.4 s and falls at 590.0 s.", or why
    // there is no proposal.
    QString reason;
    std::vector<SteadySignal> perSignal; // what each signal looked at says
};

class SteadyState
{
    Q_DECLARE_TR_FUNCTIONS(SteadyState)

public:
    // The steady samples [begin, end) of one series (no NaN); begin 0 and end = size when it has
    // no warm-up or cool-down, and nullopt when it changes throughout (no stretch at one level
    // covers a quarter of it) or is too short to tell (fewer than 12 samples).
    struct Span {
        std::size_t begin = 0;
        std::size_t end = 0;
    };
    static std::optional<Span> ofValues(std::span<const double> values);

    // The proposal for a run, from cpu.busy (its aggregate) and the run's first workload series
    // (a throughput first): the window where all of them are steady.
    static SteadyStateProposal propose(const Run& run);

    // The longest series PELT sees; longer ones are averaged in blocks first, and the boundaries
    // found there refined on the full series. PELT is quadratic on flat white noise (nothing to
    // prune): an hour at 1 s (3,600 points) took 13 ms, at 0.1 s (36,000, averaged to 4,000)
    // 16 ms, against a target of 50 ms (Release, tests/bench/bench_steadystate.cpp).
    static constexpr std::size_t kMaxPoints = 4096;
};
