// A run made in memory for benchmarks: `metrics` percentage metrics of `samples` samples each,
// a noisy sine per metric (seeded, so every run of the benchmark draws the same lines).
#pragma once

#include "Run.h"

RunPtr syntheticRun(const QString& path, int metrics, std::size_t samples, double interval, int seed);
