// Whether two variants differ on a workload metric, judged by their repeats: each run is one
// value (its mean over the window, or its result), and a change counts only when it is larger
// than the noise the repeats themselves show, the larger (max − min) / median spread of the two
// variants (RepeatSpread).
//
// Why not the samples: a benchmark's run-to-run noise (another placement, another neighbour on
// the host, a colder cache, a different JIT) is invisible inside one run. The samples of one run
// can be tight while repeats of the same configuration differ by several percent, and a block
// bootstrap over the samples of two single runs then calls such a difference real. The MongoDB
// performance team's study of noise on EC2 measures it as (max − min) / median of repeated runs'
// results and treats a change inside it as noise; this is that rule. It is applied to workload
// metrics only, the numbers people repeat benchmarks for; system metrics keep the sample test.
#pragma once

#include "RepeatSpread.h"
#include "SignificanceTest.h"

#include <QString>

#include <optional>
#include <span>

struct RepeatComparison {
    QString baselineGroup;
    QString otherGroup;   // the same as baselineGroup for a repeat of the baseline
    RepeatSpread baseline; // of the per-run values of each variant
    RepeatSpread other;
    double reference = 0;  // what the change is relative to: the baseline variant's mean (or run's value)
    double difference = 0; // other variant's mean − baseline variant's mean (or run − baseline run)
    double noise = 0;      // relative: the larger (max − min) / median of the two variants
    double noiseBand = 0;  // absolute: noise × |baseline median|
    bool beyondNoise = false;

    bool isWithinVariant() const { return baselineGroup == otherGroup; }

    // Two variants, each with the per-run values of its repeats (two or more each). nullopt when
    // either has fewer than two or its spread is undefined (a median of 0).
    static std::optional<RepeatComparison> betweenVariants(const QString& baselineGroup, std::span<const double> baselineValues,
                                                           const QString& otherGroup, std::span<const double> otherValues);
    // A repeat of the baseline's own variant: that run's value against the baseline run's, judged
    // by the variant's spread (which, both being in it, it never exceeds: such a run differs only
    // by noise, and says so).
    static std::optional<RepeatComparison> withinVariant(const QString& group, std::span<const double> values,
                                                         double baselineValue, double runValue);

    // As the summary's other verdicts read it: the difference with the noise band around it as
    // its interval, significant when the band does not reach 0. No block lengths: no bootstrap.
    DifferenceEstimate estimate() const;
};
