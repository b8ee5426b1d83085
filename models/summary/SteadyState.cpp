#include "SteadyState.h"

#include "ChangePoints.h"
#include "WorkloadMetric.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace {

// Fewer samples than this say nothing about warm-up: a change point needs a few on each side.
constexpr std::size_t kMinSamples = 12;
// No segment shorter than this: a single sample off the level is a spike (a cron job, a GC
// pause), not a phase of the run. Two are allowed: the recorder's last sample or two after the
// workload exits are the commonest cool-down there is.
constexpr std::size_t kMinSegment = 2;
// A segment is at the steady level when its median is within this many noise deviations of it, or
// within this fraction of it. Without the fraction, a long quiet run would call a 1 % step a
// warm-up; without the deviations, a level near 0 would have no tolerance at all.
constexpr double kLevelDeviations = 2.0;
constexpr double kLevelFraction = 0.05;
// Standardised values are clipped to this many noise deviations from the median before PELT.
// Squared error lets one spike of heavy-tailed noise (CPU busy has them) pay for a change point;
// clipped, a spike weighs no more than a few ordinary samples, while a warm-up far from the level
// still gains kClip² = 16 per sample against the penalty of 3 ln n: two samples are enough up to
// 40,000 points. 3 missed the two idle samples at the end of a run; 5 let twice as many spikes of
// Student-t noise through (tst_steadystate's flat series). The clipped Gaussian cost approximates
// the robust biweight cost of Fearnhead & Rigaill, "Changepoint detection in the presence of
// outliers", JASA 2019, which PELT's prefix sums cannot evaluate.
constexpr double kClip = 4.0;
// A steady state shorter than this part of the series is not one: the signal changes throughout.
constexpr double kMinSteadyFraction = 0.25;

// A stretch of constant mean found by PELT, in indices of the full series.
struct Segment {
    std::size_t begin = 0;
    std::size_t end = 0;
    double level = 0; // its median
    bool atLevel = false;
};

double median(std::vector<double> values)
{
    const auto middle = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

// Where the last warm-up segment turns into the steady level, to the sample. PELT sees clipped
// values and cuts a ramp into steps, so its boundary can be several samples before the ramp
// reaches the level; the knee is fitted again on the full series, from the start of the last
// warm-up segment (`from`) to the end of the level (`to`), by least squares over one shape that
// covers the warm-ups seen: a constant c₀ until `a`, a line from there that meets the level c at
// `knee`, then the level. A plain ramp has a = 0, a step knee = a + 1, an overshoot that decays
// c₀ above c. The shape is continuous: with a free jump at `a` a line of slope 0 would fit a
// step as well as the step does, and its knee would say nothing.
std::size_t refinedKnee(std::span<const double> values, std::size_t from, std::size_t boundary, std::size_t to, double level)
{
    const std::size_t count = to - from;
    if (count < 5)
        return from;
    // Local x and values less the level keep the sums small, so that they do not cancel.
    std::vector<double> sx(count + 1, 0), sxx(count + 1, 0), sy(count + 1, 0), syy(count + 1, 0), sxy(count + 1, 0);
    for (std::size_t i = 0; i < count; ++i) {
        const double x = double(i);
        const double y = values[from + i] - level;
        sx[i + 1] = sx[i] + x;
        sxx[i + 1] = sxx[i] + x * x;
        sy[i + 1] = sy[i] + y;
        syy[i + 1] = syy[i] + y * y;
        sxy[i + 1] = sxy[i] + x * y;
    }
    // y = c₀ + (c − c₀)·v with v = 0 before a, (x − a)/(knee − a) up to the knee, 1 after: a
    // regression on v and a constant, its squared error from sums over the three stretches.
    const double total = double(count);
    const double yAll = sy[count];
    const double yyCentred = syy[count] - yAll * yAll / total;
    const auto shapeError = [&](std::size_t a, std::size_t knee) {
        const double width = double(knee - a);
        const double left = double(a);
        const double x = sx[knee] - sx[a];
        const double xx = sxx[knee] - sxx[a];
        const double xy = sxy[knee] - sxy[a];
        const double y = sy[knee] - sy[a];
        const double after = double(count - knee);
        const double v = (x - left * width) / width + after;
        const double vv = (xx - 2 * left * x + left * left * width) / (width * width) + after;
        const double vy = (xy - left * y) / width + (sy[count] - sy[knee]);
        const double cvv = vv - v * v / total;
        const double cvy = vy - v * yAll / total;
        return cvv > 0 ? std::max(0.0, yyCentred - cvy * cvy / cvv) : yyCentred;
    };
    // Where the line may start: every sample of a short warm-up, about 256 places in a long one.
    const std::size_t stride = std::max<std::size_t>(1, count / 256);
    std::size_t best = 1;
    double least = INFINITY;
    // PELT's boundary is at most a step of the ramp early: the knee is not looked for far past it,
    // which keeps a long steady state from making this quadratic.
    const std::size_t lastKnee = std::min(count, 2 * (boundary - from) + 16);
    for (std::size_t knee = 1; knee < lastKnee; ++knee) {
        for (std::size_t a = knee - 1;; a = a >= stride ? a - stride : 0) {
            if (const double error = shapeError(a, knee); error < least) {
                least = error;
                best = knee;
            }
            if (a == 0)
                break;
        }
    }
    return from + best;
}

// The first steady sample: where the first segment at the level starts, refined to the sample.
std::size_t warmUpEnd(std::span<const double> values, const std::vector<Segment>& segments, double level)
{
    std::size_t first = 0;
    while (first < segments.size() && !segments[first].atLevel)
        ++first;
    if (first == 0 || first == segments.size())
        return 0;
    std::size_t last = first;
    while (last + 1 < segments.size() && segments[last + 1].atLevel)
        ++last;
    return refinedKnee(values, segments[first - 1].begin, segments[first].begin, segments[last].end, level);
}

QString seconds(double value)
{
    return QString::number(value, 'f', 1);
}

// The series of a signal without its gaps (NaN), with their times.
struct Samples {
    std::vector<double> times;
    std::vector<double> values;
};

Samples samplesOf(const SeriesView& series)
{
    Samples samples;
    for (std::size_t i = 0; i < series.size(); ++i) {
        if (std::isfinite(series.values[i]) && std::isfinite(series.times[i])) {
            samples.times.push_back(series.times[i]);
            samples.values.push_back(series.values[i]);
        }
    }
    return samples;
}

// The run's first workload series, a throughput before the others (it is what the benchmark is
// run for, and latencies are noisier).
const runlens::format::MetricDescriptor* workloadSignal(const Run& run)
{
    const runlens::format::MetricDescriptor* chosen = nullptr;
    for (const auto& descriptor : run.metrics()) {
        if (!WorkloadMetric::isWorkload(descriptor) || descriptor.scope != runlens::format::MetricScope::Series)
            continue;
        if (WorkloadMetric::isThroughputUnit(QString::fromStdString(descriptor.unit)))
            return &descriptor;
        if (!chosen)
            chosen = &descriptor;
    }
    return chosen;
}

} // namespace

std::optional<SteadyState::Span> SteadyState::ofValues(std::span<const double> values)
{
    const std::size_t n = values.size();
    if (n < kMinSamples)
        return std::nullopt;
    // Block means keep PELT within kMaxPoints; the knee is refined on the full series after.
    const std::size_t block = (n + kMaxPoints - 1) / kMaxPoints;
    std::vector<double> blocks;
    blocks.reserve(n / block + 1);
    for (std::size_t i = 0; i < n; i += block) {
        const std::size_t end = std::min(n, i + block);
        double sum = 0;
        for (std::size_t j = i; j < end; ++j)
            sum += values[j];
        blocks.push_back(sum / double(end - i));
    }
    const double noise = ChangePoints::noiseScale(blocks);
    if (!(noise > 0))
        return Span{0, n}; // constant
    const double centre = median(blocks);
    std::vector<double> standardised(blocks.size());
    for (std::size_t i = 0; i < blocks.size(); ++i)
        standardised[i] = std::clamp((blocks[i] - centre) / noise, -kClip, kClip);
    const std::vector<std::size_t> changes =
        ChangePoints::meanShifts(standardised, ChangePoints::mbicPenalty(blocks.size()), kMinSegment);
    if (changes.empty())
        return Span{0, n};

    std::vector<Segment> segments;
    std::size_t start = 0;
    for (std::size_t c = 0; c <= changes.size(); ++c) {
        const std::size_t end = c < changes.size() ? changes[c] : blocks.size();
        Segment segment{std::min(n, start * block), std::min(n, end * block), 0, false};
        // The median, not the mean: three samples around one spike of heavy-tailed noise make a
        // segment whose mean is off the level, but whose median is not.
        segment.level = median(std::vector<double>(values.begin() + std::ptrdiff_t(segment.begin),
                                                   values.begin() + std::ptrdiff_t(segment.end)));
        segments.push_back(segment);
        start = end;
    }
    // The level is the longest segment's: a run's steady state is most of it.
    const Segment& longest = *std::max_element(segments.begin(), segments.end(), [](const Segment& a, const Segment& b) {
        return a.end - a.begin < b.end - b.begin;
    });
    const double level = longest.level;
    const double tolerance = std::max(kLevelDeviations * noise, kLevelFraction * std::abs(level));
    for (Segment& segment : segments)
        segment.atLevel = std::abs(segment.level - level) <= tolerance;

    const std::size_t begin = warmUpEnd(values, segments, level);
    // The cool-down is the warm-up of the series read backwards.
    std::vector<double> reversed(values.rbegin(), values.rend());
    std::vector<Segment> mirrored;
    for (auto it = segments.rbegin(); it != segments.rend(); ++it)
        mirrored.push_back({n - it->end, n - it->begin, it->level, it->atLevel});
    const std::size_t end = n - warmUpEnd(reversed, mirrored, level);
    if (end <= begin || double(end - begin) < kMinSteadyFraction * double(n))
        return std::nullopt;
    return Span{begin, end};
}

SteadyStateProposal SteadyState::propose(const Run& run)
{
    SteadyStateProposal proposal;
    std::vector<std::pair<QString, QString>> sources;
    if (const auto instance = run.aggregateInstance(QStringLiteral("cpu.busy")))
        sources.emplace_back(QStringLiteral("cpu.busy"), *instance);
    if (const auto* workload = workloadSignal(run)) {
        const QString id = QString::fromStdString(workload->id);
        sources.emplace_back(id, run.defaultInstance(id));
    }

    std::optional<double> from;
    std::optional<double> to;
    double lastTime = run.durationSeconds();
    QStringList changing;
    QStringList steady;
    QStringList clauses;
    for (const auto& [metricId, instance] : sources) {
        const Samples samples = samplesOf(run.series(metricId, instance));
        const auto* descriptor = run.metric(metricId);
        SteadySignal signal{metricId, instance,
                            descriptor && !descriptor->title.empty() ? QString::fromStdString(descriptor->title) : metricId,
                            std::nullopt, std::nullopt};
        const std::optional<Span> span = SteadyState::ofValues(samples.values);
        if (!span) {
            if (samples.values.size() >= kMinSamples)
                changing.append(signal.title);
            proposal.perSignal.push_back(signal);
            continue;
        }
        lastTime = std::max(lastTime, samples.times.back());
        if (span->begin > 0) {
            signal.settles = samples.times[span->begin];
            from = std::max(from.value_or(0.0), *signal.settles);
        }
        if (span->end < samples.values.size()) {
            signal.falls = samples.times[span->end - 1];
            to = std::min(to.value_or(INFINITY), *signal.falls);
        }
        if (signal.settles && signal.falls)
            clauses.append(tr("%1 settles at %2 s and falls at %3 s").arg(signal.title, seconds(*signal.settles), seconds(*signal.falls)));
        else if (signal.settles)
            clauses.append(tr("%1 settles at %2 s").arg(signal.title, seconds(*signal.settles)));
        else if (signal.falls)
            clauses.append(tr("%1 falls at %2 s").arg(signal.title, seconds(*signal.falls)));
        else
            steady.append(signal.title);
        proposal.perSignal.push_back(signal);
    }

    if (sources.empty()) {
        proposal.reason = tr("No CPU busy or workload series to find a steady state in.");
        return proposal;
    }
    if (!from && !to) {
        if (!steady.isEmpty())
            proposal.reason = tr("The whole run is steady: no warm-up or cool-down in %1.").arg(steady.join(tr(" and ")));
        else if (!changing.isEmpty())
            proposal.reason = tr("No steady state: %1 changes throughout the run.").arg(changing.join(tr(" and ")));
        else
            proposal.reason = tr("The run is too short to find a steady state in.");
        return proposal;
    }
    const double start = from.value_or(0.0);
    const double stop = to.value_or(lastTime);
    if (!(stop > start)) {
        proposal.reason = tr("No steady state: %1, which leaves no window between them.").arg(clauses.join(tr("; ")));
        return proposal;
    }
    proposal.window = std::make_pair(start, stop);
    proposal.reason = clauses.join(tr("; ")) + QLatin1Char('.');
    return proposal;
}
