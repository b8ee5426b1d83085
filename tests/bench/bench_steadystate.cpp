// Steady-state detection (issue 23): SteadyState::propose on a 1-hour run of CPU busy at 1 s
// (3,600 points) and at 0.1 s (36,000 points), for a run that warms up and cools down and for
// flat ones. Flat white noise is PELT's worst case: nothing to prune, quadratic in the points
// (correlated noise, as real CPU series have, prunes well). Target: ≤ 50 ms per run at 1 s.
// Prints the median time per run; fails only when the proposal is wrong.
#include "RunFactory.h"
#include "summary/SteadyState.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>

namespace {

constexpr double kHour = 3600;
constexpr double kWarmUp = 60;   // seconds of ramp
constexpr double kCoolDown = 20; // seconds of fall at the end

// CPU busy with correlated noise (AR(1) with φ = 0.5, as real CPU series have) or white noise
// (φ = 0), seeded.
std::vector<double> cpuBusy(std::size_t rows, double interval, bool shaped, double phi, unsigned seed)
{
    std::mt19937 generator(seed);
    std::normal_distribution<double> normal(0.0, 2.0);
    std::vector<double> values(rows);
    double noise = 0;
    for (std::size_t i = 0; i < rows; ++i) {
        const double t = double(i) * interval;
        double level = 70;
        if (shaped && t < kWarmUp)
            level = 10 + 60 * t / kWarmUp;
        else if (shaped && t >= kHour - kCoolDown)
            level = 70 - 60 * (t - (kHour - kCoolDown)) / kCoolDown;
        noise = phi * noise + normal(generator);
        values[i] = level + noise;
    }
    return values;
}

RunPtr runOf(const std::vector<double>& values, double interval)
{
    return makeRun(QStringLiteral("/bench/steady.tar.gz"), "steady", values.size(), interval,
                   {{"cpu.busy", "%", {"all"}, [&values](std::size_t row, std::size_t) { return values[row]; },
                     runlens::format::BetterDirection::Neutral, runlens::format::MetricScope::Series, {}, "Busy CPU"}});
}

double medianMilliseconds(const Run& run, int repeats, SteadyStateProposal* result)
{
    std::vector<double> times;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        *result = SteadyState::propose(run);
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication application(argc, argv);
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int repeats = quick ? 3 : 21;
    int failures = 0;
    std::printf("steady-state detection, 1 h of CPU busy, median of %d runs (target at 1 s: <= 50 ms per run)\n", repeats);
    for (const double interval : {1.0, 0.1}) {
        const std::size_t rows = std::size_t(kHour / interval);
        for (const int kind : {0, 1, 2}) {
            const bool shaped = kind == 0;
            const RunPtr run = runOf(cpuBusy(rows, interval, shaped, kind == 2 ? 0.0 : 0.5, 42), interval);
            SteadyStateProposal proposal;
            const double ms = medianMilliseconds(*run, repeats, &proposal);
            const char* const names[] = {"warm-up 60 s, cool-down 20 s:", "flat, correlated noise:", "flat, white noise:"};
            std::printf("  %5zu points at %.1f s, %-30s %8.2f ms per run   %s\n", rows, interval, names[kind], ms,
                        qPrintable(proposal.reason));
            // A ramp's knee within 2 samples of noise-free truth is the unit test's job; here the
            // proposal only has to be the right one.
            const bool right = shaped ? proposal.window && std::abs(proposal.window->first - kWarmUp) <= 3
                                            && std::abs(proposal.window->second - (kHour - kCoolDown)) <= 3
                                      : !proposal.window;
            if (!right) {
                std::fprintf(stderr, "bench_steadystate: wrong proposal for the %s run at %.1f s\n", shaped ? "shaped" : "flat", interval);
                ++failures;
            }
        }
    }
    return failures == 0 ? 0 : 1;
}
