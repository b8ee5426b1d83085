#include "ScrapeCollector.h"

#include "CounterDelta.h"
#include "HistogramQuantile.h"
#include "InputLimits.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricDescriptor;
using format::MetricKind;
namespace limits = format::limits;

// The version this parser reads; exporters that also speak protobuf or OpenMetrics then answer in it.
constexpr std::string_view kAcceptHeader = "Accept: text/plain;version=0.0.4;q=1,*/*;q=0.1\r\n";
constexpr HttpLimits kLimits{limits::kScrapeHeaderBytes, limits::kScrapeAnswerBytes, true};
constexpr std::chrono::milliseconds kMaxBudget{500};

constexpr double kQuantiles[3] = {0.5, 0.9, 0.99};
constexpr std::string_view kQuantileSuffixes[3] = {".p50", ".p90", ".p99"};
constexpr std::string_view kQuantileOrdinals[3] = {"50th", "90th", "99th"};

// A distribution makes five columns (three quantiles, rate, mean) and needs one series at least.
static_assert(limits::kScrapeSeries * 5 <= limits::kColumnsPerGroup);

// What a column shows of the series it comes from; it decides the id, unit and description.
enum class Measure { Value, CounterRate, HistogramQuantile, SummaryQuantile, ObservationRate, Mean };

double finiteOrNaN(double value)
{
    return std::isfinite(value) ? value : kNoValue;
}

// The increase of a counter; NaN when it went down (the service restarted) or is unknown.
double increase(double previous, double current)
{
    const double delta = current - previous;
    return delta >= 0 ? delta : kNoValue;
}

// Units from Prometheus's naming conventions (base units in the name's last word): enough for the
// common cases, "" (a plain number) for everything else.
std::string unitOf(std::string_view name, Measure measure)
{
    if (measure == Measure::ObservationRate)
        return "/s";
    if (measure == Measure::CounterRate) {
        if (name.ends_with("_total"))
            name.remove_suffix(6);
        if (name.ends_with("_seconds"))
            return "s/s"; // busy seconds per second: CPUs for node_cpu_seconds_total
        if (name.ends_with("_bytes"))
            return "bytes/s";
        return "/s";
    }
    if (name.ends_with("_seconds"))
        return "s";
    if (name.ends_with("_bytes"))
        return "bytes";
    if (name.ends_with("_ratio"))
        return "ratio";
    if (name.ends_with("_percent"))
        return "%";
    return {};
}

// The # HELP text as one bounded line: its escapes (\\ and \n) decoded, control characters as
// spaces, cut on a UTF-8 character boundary.
std::string helpLine(std::string_view help)
{
    std::string line;
    for (std::size_t i = 0; i < help.size() && line.size() < limits::kScrapeHelpBytes; ++i) {
        char c = help[i];
        if (c == '\\' && i + 1 < help.size() && (help[i + 1] == '\\' || help[i + 1] == 'n')) {
            c = help[i + 1] == 'n' ? ' ' : '\\';
            ++i;
        }
        line += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
    }
    if (line.size() >= limits::kScrapeHelpBytes) {
        while (!line.empty() && (static_cast<unsigned char>(line.back()) & 0xc0) == 0x80)
            line.pop_back();
        if (!line.empty() && static_cast<unsigned char>(line.back()) >= 0xc0)
            line.pop_back();
        line += "...";
    }
    return line;
}

std::string shortNumber(double value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

// ".p99" for quantile="0.99", ".p99_9" for 0.999: ids stay dotted words.
std::string quantileSuffix(double q)
{
    std::string percent = shortNumber(std::round(q * 1e6) / 1e4);
    std::replace(percent.begin(), percent.end(), '.', '_');
    return ".p" + percent;
}

MetricDescriptor describe(const PrometheusSample& sample, std::string_view idSuffix, Measure measure,
                          std::string_view instance, int quantileIndex = 0, double summaryQuantile = 0)
{
    const bool distribution = measure != Measure::Value && measure != Measure::CounterRate;
    const std::string base(distribution ? sample.family : sample.name);
    std::string note;
    switch (measure) {
    case Measure::Value:
        note = sample.type == PrometheusType::Gauge ? "Prometheus gauge " + base + "."
                                                    : "Prometheus metric " + base + " (untyped), as it is.";
        break;
    case Measure::CounterRate: note = "Prometheus counter " + base + ", per second."; break;
    case Measure::HistogramQuantile:
        note = "The " + std::string(kQuantileOrdinals[quantileIndex]) + " percentile of the " + base
             + " observations in each interval, interpolated in the histogram's buckets like histogram_quantile().";
        break;
    case Measure::SummaryQuantile:
        note = "The " + shortNumber(summaryQuantile) + " quantile of " + base + " as the service computes it (a summary).";
        break;
    case Measure::ObservationRate: note = "Observations of " + base + " per second."; break;
    case Measure::Mean: note = "The mean of the " + base + " observations in each interval."; break;
    }
    const std::string help = helpLine(sample.help);
    MetricDescriptor descriptor;
    descriptor.id = "scrape." + base + std::string(idSuffix);
    descriptor.title = base + (idSuffix.empty() ? std::string() : " " + std::string(idSuffix.substr(1)));
    descriptor.unit = unitOf(measure == Measure::CounterRate || measure == Measure::Value ? sample.name : sample.family, measure);
    descriptor.kind = measure == Measure::CounterRate || measure == Measure::ObservationRate ? MetricKind::Rate : MetricKind::Gauge;
    descriptor.better = BetterDirection::Neutral;
    descriptor.dimension = instance.empty() ? "" : "labels";
    descriptor.category = "Service";
    descriptor.description = help.empty() ? note : help + (help.ends_with('.') ? " " : ". ") + note;
    return descriptor;
}

void setIfColumn(MetricGroup& group, int column, double value)
{
    if (column >= 0)
        group.set(column, finiteOrNaN(value));
}

} // namespace

ScrapeCollector::ScrapeCollector(ScrapeSettings settings)
    : ScrapeCollector(settings, budgetFor(settings.interval))
{
}

ScrapeCollector::ScrapeCollector(ScrapeSettings settings, std::chrono::milliseconds budget)
    : m_settings(std::move(settings))
    , m_budget(budget)
{
}

ScrapeCollector::~ScrapeCollector() = default;

std::chrono::milliseconds ScrapeCollector::budgetFor(std::chrono::nanoseconds interval)
{
    const auto half = std::chrono::duration_cast<std::chrono::milliseconds>(interval / 2);
    return std::clamp(half, std::chrono::milliseconds(1), kMaxBudget);
}

std::string_view ScrapeCollector::summary() const
{
    return "Prometheus metrics of local services (--scrape URL): counters as rates, gauges, histogram percentiles";
}

std::string ScrapeCollector::open(const HostPaths&, MetricCatalog&)
{
    if (m_settings.urls.empty())
        return "nothing to scrape (--scrape http://127.0.0.1:PORT/metrics reads a service's Prometheus metrics)";
    m_endpoints.clear();
    m_exchanges.clear();
    for (const std::string& url : m_settings.urls) {
        auto endpoint = std::make_unique<Endpoint>();
        if (std::string why = parseHttpUrl(url, endpoint->target); !why.empty())
            return "--scrape " + why;
        for (const auto& other : m_endpoints) {
            if (other->target.endpoint.label == endpoint->target.endpoint.label && other->target.path == endpoint->target.path)
                return "--scrape " + url + " names the same endpoint as --scrape " + other->url;
        }
        endpoint->url = url;
        endpoint->request = httpRequest("GET", endpoint->target.path, endpoint->target.endpoint, kAcceptHeader);
        m_endpoints.push_back(std::move(endpoint));
    }
    if (m_endpoints.size() > 1) {
        for (const auto& endpoint : m_endpoints) {
            const std::string& label = endpoint->target.endpoint.label;
            const bool sharedPort = std::count_if(m_endpoints.begin(), m_endpoints.end(), [&label](const auto& other) {
                                        return other->target.endpoint.label == label;
                                    }) > 1;
            endpoint->instancePrefix = "instance=" + label + (sharedPort ? endpoint->target.path : std::string());
        }
    }
    for (const auto& endpoint : m_endpoints)
        m_exchanges.push_back(&endpoint->exchange);
    return {};
}

void ScrapeCollector::sample(SampleContext& context, MetricGroup& group)
{
    const auto deadline = HttpExchange::Clock::now() + m_budget;
    for (const auto& endpoint : m_endpoints)
        endpoint->exchange.start(endpoint->target.endpoint, endpoint->request, kLimits);
    runExchanges(m_exchanges, deadline, m_pollFds);

    for (const auto& pointer : m_endpoints) {
        Endpoint& endpoint = *pointer;
        ++endpoint.scrapes;
        const HttpExchange& exchange = endpoint.exchange;
        switch (exchange.failure()) {
        case HttpFailure::None: break;
        case HttpFailure::Timeout:
            failed(endpoint, context,
                   (exchange.detail().empty() ? "no answer" : exchange.detail()) + " within "
                       + shortNumber(double(m_budget.count()) / 1000.0) + " s");
            continue;
        case HttpFailure::Unreachable: failed(endpoint, context, "cannot connect: " + exchange.detail()); continue;
        case HttpFailure::Closed: failed(endpoint, context, "the connection was closed without an answer"); continue;
        case HttpFailure::NotHttp:
            failed(endpoint, context, "not an HTTP answer runlens-rec can read: " + exchange.detail());
            continue;
        case HttpFailure::TooLarge: failed(endpoint, context, "refused " + exchange.detail()); continue;
        }
        if (exchange.status() != 200) {
            failed(endpoint, context, "answered HTTP " + std::to_string(exchange.status()));
            continue;
        }
        readAnswer(endpoint, context, group);
    }
}

void ScrapeCollector::failed(Endpoint& endpoint, SampleContext& context, std::string reason)
{
    ++endpoint.failures;
    context.warnings.add("scrape " + endpoint.url + ": " + reason);
    endpoint.lastError = std::move(reason);
}

ScrapeCollector::Role ScrapeCollector::roleOf(const PrometheusSample& sample)
{
    switch (sample.type) {
    case PrometheusType::Counter: return Role::Counter;
    case PrometheusType::Gauge:
    case PrometheusType::Untyped: return Role::Gauge;
    case PrometheusType::Histogram:
        return sample.suffix == "_bucket" ? Role::Bucket : sample.suffix == "_sum" ? Role::Sum : Role::Count;
    case PrometheusType::Summary:
        return sample.suffix.empty() ? Role::Quantile : sample.suffix == "_sum" ? Role::Sum : Role::Count;
    }
    return Role::Gauge;
}

bool ScrapeCollector::makeKey(const Endpoint& endpoint, const PrometheusSample& sample, Role role,
                              std::size_t& instanceStart, std::size_t& instanceEnd)
{
    if (sample.family.size() > limits::kScrapeNameBytes)
        return false;
    // A bucket's le and a summary's quantile are part of the id, not of the instance.
    const std::string_view specialLabel = role == Role::Bucket ? "le" : role == Role::Quantile ? "quantile" : "";
    std::string_view special;
    m_key.clear();
    m_key += char(role);
    m_key += sample.name;
    m_key += '\x1f';
    instanceStart = m_key.size();
    m_key += endpoint.instancePrefix;
    for (const PrometheusLabel& label : sample.labels) {
        if (!specialLabel.empty() && label.name == specialLabel) {
            special = label.value;
            continue;
        }
        if (m_key.size() > instanceStart)
            m_key += ',';
        m_key += !endpoint.instancePrefix.empty() && label.name == "instance" ? "exported_instance" : label.name;
        m_key += '=';
        const std::size_t valueStart = m_key.size();
        m_key += label.value;
        // Instances are one line of text, and \x1f separates the parts of column keys.
        for (std::size_t i = valueStart; i < m_key.size(); ++i) {
            if (static_cast<unsigned char>(m_key[i]) < 0x20 || m_key[i] == 0x7f)
                m_key[i] = ' ';
        }
        if (m_key.size() - instanceStart > limits::kScrapeInstanceBytes)
            return false;
    }
    instanceEnd = m_key.size();
    m_key += '\x1f';
    m_key += special;
    return true;
}

void ScrapeCollector::readAnswer(Endpoint& endpoint, SampleContext& context, MetricGroup& group)
{
    const std::string_view body = endpoint.exchange.body();
    endpoint.lastBytes = body.size();
    const std::uint64_t answer = ++endpoint.answers;
    const double seconds = endpoint.lastAnswerNs >= 0 ? double(context.timestampNs - endpoint.lastAnswerNs) / 1e9 : 0.0;
    m_touched.clear();
    m_parser.reset(body);
    PrometheusSample sample;
    std::size_t samples = 0;
    bool duplicates = false;
    while (m_parser.next(sample)) {
        ++samples;
        const Role role = roleOf(sample);
        std::size_t instanceStart = 0;
        std::size_t instanceEnd = 0;
        if (!makeKey(endpoint, sample, role, instanceStart, instanceEnd)) {
            ++m_leftOutSamples;
            context.warnings.add("scrape " + endpoint.url + ": series of " + std::string(sample.family.substr(0, 80))
                                 + " whose name is longer than " + std::to_string(limits::kScrapeNameBytes)
                                 + " bytes or whose labels are longer than " + std::to_string(limits::kScrapeInstanceBytes)
                                 + " bytes are left out");
            continue;
        }
        const std::string_view instance = std::string_view(m_key).substr(instanceStart, instanceEnd - instanceStart);
        const std::uint32_t index = findOrAddSeries(endpoint, sample, role, instance,
                                                    std::string_view(m_key).substr(instanceEnd + 1), context, group);
        if (index == kNone)
            continue;
        Series& series = endpoint.series[index];
        if (series.seen == answer) {
            ++endpoint.duplicateSamples;
            duplicates = true;
            continue;
        }
        series.previous = series.seen + 1 == answer ? series.current : kNoValue;
        series.current = sample.value;
        series.seen = answer;
        switch (series.role) {
        case Role::Gauge:
        case Role::Quantile: setIfColumn(group, series.column, sample.value); break;
        case Role::Counter:
            if (seconds > 0)
                setIfColumn(group, series.column, increase(series.previous, series.current) / seconds);
            break;
        case Role::Bucket:
        case Role::Sum:
        case Role::Count: {
            Distribution& distribution = endpoint.distributions[series.distribution];
            if (distribution.touched != answer) {
                distribution.touched = answer;
                m_touched.push_back(series.distribution);
            }
            break;
        }
        case Role::Ignored: break;
        }
    }
    finishDistributions(endpoint, seconds, group);

    endpoint.lastSamples = samples;
    endpoint.malformedLines += m_parser.malformedLines();
    if (m_parser.malformedLines() > 0)
        context.warnings.add("scrape " + endpoint.url + ": lines that are not Prometheus text are skipped (first: line "
                             + std::to_string(m_parser.firstMalformedLine()) + ", " + std::string(m_parser.firstProblem()) + ")");
    if (duplicates)
        context.warnings.add("scrape " + endpoint.url + ": the answer repeats series; the first value of each is kept");
    if (samples == 0) {
        // Nothing to compare the next answer with: it is compared with the last one that had samples.
        --endpoint.answers;
        failed(endpoint, context,
               body.empty() ? "the answer is empty"
                            : "the answer holds no Prometheus samples"
                                  + (m_parser.malformedLines() > 0 ? " (line " + std::to_string(m_parser.firstMalformedLine())
                                                                         + ": " + std::string(m_parser.firstProblem()) + ")"
                                                                   : std::string()));
        return;
    }
    endpoint.lastAnswerNs = context.timestampNs;
}

std::uint32_t ScrapeCollector::findOrAddSeries(Endpoint& endpoint, const PrometheusSample& sample, Role role,
                                               std::string_view instance, std::string_view special,
                                               SampleContext& context, MetricGroup& group)
{
    if (const auto it = endpoint.index.find(std::string_view(m_key)); it != endpoint.index.end())
        return it->second;
    if (m_seriesCount >= limits::kScrapeSeries) {
        ++m_leftOutSamples;
        context.warnings.add("scrape: more than " + std::to_string(limits::kScrapeSeries)
                             + " series; the series that appear after that are left out");
        return kNone;
    }

    Series series;
    series.role = role;
    series.current = series.previous = kNoValue;
    const auto leaveOut = [&](const char* why) {
        series.role = Role::Ignored;
        context.warnings.add("scrape " + endpoint.url + ": " + std::string(sample.name) + "{" + std::string(instance.substr(0, 200))
                             + "} is left out: " + why);
    };
    double number = 0;
    switch (role) {
    case Role::Gauge: series.column = columnFor(describe(sample, "", Measure::Value, instance), instance, context, group); break;
    case Role::Counter:
        series.column = columnFor(describe(sample, "", Measure::CounterRate, instance), instance, context, group);
        break;
    case Role::Quantile:
        if (!parsePrometheusValue(special, number) || !(number >= 0 && number <= 1)) {
            leaveOut("its quantile label is not a number from 0 to 1");
            break;
        }
        series.column = columnFor(describe(sample, quantileSuffix(number), Measure::SummaryQuantile, instance, 0, number),
                                  instance, context, group);
        break;
    case Role::Bucket:
        if (!parsePrometheusValue(special, number) || std::isnan(number)) {
            leaveOut("its le label is not a number");
            break;
        }
        series.bound = number;
        [[fallthrough]];
    case Role::Sum:
    case Role::Count: {
        series.distribution = findOrAddDistribution(endpoint, sample, instance, context, group);
        Distribution& distribution = endpoint.distributions[series.distribution];
        const auto index = std::uint32_t(endpoint.series.size());
        if (role == Role::Sum) {
            distribution.sum = index;
        } else if (role == Role::Count) {
            distribution.count = index;
        } else {
            const auto at = std::lower_bound(distribution.buckets.begin(), distribution.buckets.end(), number,
                                             [&endpoint](std::uint32_t bucket, double bound) {
                                                 return endpoint.series[bucket].bound < bound;
                                             });
            if (at != distribution.buckets.end() && endpoint.series[*at].bound == number)
                leaveOut("another bucket has the same le");
            else
                distribution.buckets.insert(at, index);
        }
        break;
    }
    case Role::Ignored: break;
    }
    if ((role == Role::Gauge || role == Role::Counter || role == Role::Quantile) && series.column < 0)
        series.role = Role::Ignored;

    const auto index = std::uint32_t(endpoint.series.size());
    endpoint.series.push_back(series);
    endpoint.index.emplace(m_key, index);
    ++m_seriesCount;
    return index;
}

std::uint32_t ScrapeCollector::findOrAddDistribution(Endpoint& endpoint, const PrometheusSample& sample,
                                                     std::string_view instance, SampleContext& context, MetricGroup& group)
{
    std::string key = "D";
    key += sample.family;
    key += '\x1f';
    key += instance;
    if (const auto it = endpoint.index.find(key); it != endpoint.index.end())
        return it->second;
    Distribution distribution;
    distribution.histogram = sample.type == PrometheusType::Histogram;
    if (distribution.histogram) {
        for (int i = 0; i < 3; ++i)
            distribution.quantileColumns[i] = columnFor(
                describe(sample, kQuantileSuffixes[i], Measure::HistogramQuantile, instance, i), instance, context, group);
    }
    distribution.rateColumn = columnFor(describe(sample, ".rate", Measure::ObservationRate, instance), instance, context, group);
    distribution.meanColumn = columnFor(describe(sample, ".mean", Measure::Mean, instance), instance, context, group);
    const auto index = std::uint32_t(endpoint.distributions.size());
    endpoint.distributions.push_back(std::move(distribution));
    endpoint.index.emplace(std::move(key), index);
    return index;
}

int ScrapeCollector::columnFor(const format::MetricDescriptor& descriptor, std::string_view instance,
                               SampleContext& context, MetricGroup& group)
{
    if (const MetricDescriptor* known = context.catalog.find(descriptor.id)) {
        if (known->kind != descriptor.kind || known->unit != descriptor.unit) {
            context.warnings.add("scrape: " + descriptor.id + " comes as a " + std::string(format::toString(descriptor.kind))
                                 + " in " + (descriptor.unit.empty() ? "no unit" : descriptor.unit) + " and as a "
                                 + std::string(format::toString(known->kind)) + " in "
                                 + (known->unit.empty() ? "no unit" : known->unit)
                                 + " (another endpoint, or a changed type): the series that came later are left out");
            return -1;
        }
    } else {
        context.catalog.add(descriptor);
    }
    return group.column(descriptor.id, instance);
}

void ScrapeCollector::finishDistributions(Endpoint& endpoint, double seconds, MetricGroup& group)
{
    if (!(seconds > 0))
        return; // every value of a distribution is a change over the interval
    const std::uint64_t answer = endpoint.answers;
    const auto fresh = [&endpoint, answer](std::uint32_t index) {
        return index != kNone && endpoint.series[index].seen == answer;
    };
    for (const std::uint32_t index : m_touched) {
        const Distribution& distribution = endpoint.distributions[index];
        if (fresh(distribution.count)) {
            const Series& count = endpoint.series[distribution.count];
            const double observations = increase(count.previous, count.current);
            setIfColumn(group, distribution.rateColumn, observations / seconds);
            if (fresh(distribution.sum) && observations > 0) {
                const Series& sum = endpoint.series[distribution.sum];
                setIfColumn(group, distribution.meanColumn, (sum.current - sum.previous) / observations);
            }
        }
        if (!distribution.histogram || distribution.buckets.size() < 2)
            continue;
        m_bounds.clear();
        m_counts.clear();
        bool complete = true;
        for (const std::uint32_t bucket : distribution.buckets) {
            const Series& series = endpoint.series[bucket];
            const double delta = increase(series.previous, series.current);
            // A bucket missing from this answer, or one that went down (a restart): no quantile
            // for this interval rather than one from a mix of counts.
            if (series.seen != answer || std::isnan(delta) || series.role != Role::Bucket) {
                complete = false;
                break;
            }
            m_bounds.push_back(series.bound);
            m_counts.push_back(delta);
        }
        if (!complete)
            continue;
        for (int i = 0; i < 3; ++i)
            setIfColumn(group, distribution.quantileColumns[i], histogramQuantile(kQuantiles[i], m_bounds, m_counts));
    }
}

nlohmann::json ScrapeCollector::details() const
{
    nlohmann::json endpoints = nlohmann::json::array();
    for (const auto& endpoint : m_endpoints) {
        nlohmann::json entry = {
            {"url", endpoint->url},
            {"scrapes", endpoint->scrapes},
            {"failures", endpoint->failures},
            {"series", endpoint->series.size()},
            {"last_answer_bytes", endpoint->lastBytes},
            {"last_samples", endpoint->lastSamples},
            {"malformed_lines", endpoint->malformedLines},
            {"duplicate_samples", endpoint->duplicateSamples},
        };
        if (!endpoint->instancePrefix.empty())
            entry["instance_prefix"] = endpoint->instancePrefix;
        if (!endpoint->lastError.empty())
            entry["last_error"] = endpoint->lastError;
        endpoints.push_back(std::move(entry));
    }
    return {
        {"endpoints", std::move(endpoints)},
        {"budget_s", double(m_budget.count()) / 1000.0},
        {"max_answer_bytes", limits::kScrapeAnswerBytes},
        {"series", m_seriesCount},
        {"series_limit", limits::kScrapeSeries},
        {"left_out_samples", m_leftOutSamples},
    };
}

} // namespace runlens::collect
