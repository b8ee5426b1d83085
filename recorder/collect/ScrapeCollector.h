// The service's own metrics: Prometheus text read from local HTTP endpoints (`--scrape URL`) at
// every interval, into the metric group `scrape`.
//
//   counter                 scrape.NAME, a rate per second (NaN at the first scrape and across a
//                           counter reset, never a negative rate)
//   gauge, untyped          scrape.NAME, as it is
//   histogram               scrape.NAME.p50/.p90/.p99 of the observations made in each interval
//                           (from the increase of every bucket, see HistogramQuantile.h),
//                           scrape.NAME.rate (observations per second), scrape.NAME.mean
//   summary                 scrape.NAME.pQ per quantile label (0.99 -> p99, 0.999 -> p99_9) as the
//                           service computed it, and .rate and .mean as for histograms
//
// A series' labels make its instance, `k=v,k=v` in the order written, without a histogram
// bucket's `le` or a summary's `quantile`; no labels, the empty instance. With several URLs each
// instance starts with `instance=HOST:PORT` (HOST:PORT/PATH when two URLs share a port), the label
// Prometheus itself gives its targets; a scraped `instance` label is then kept as
// `exported_instance`, as Prometheus does. Timestamps written in the text are ignored: a sample
// is stamped with the recorder's interval like every other collector's.
//
// The scrapes of an interval run together and share one time budget (half the interval, at most
// 0.5 s), so an endpoint that hangs delays the recorder by the budget at most; answers are
// bounded in size (format/InputLimits.h). A failed scrape leaves that interval's values NaN,
// adds a warning with the reason and counts in the manifest's details; the next interval tries
// again, and rates then span the time since the last answer.
#pragma once

#include "Collector.h"
#include "HttpExchange.h"
#include "PrometheusTextParser.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

struct ScrapeSettings {
    std::vector<std::string> urls;
    std::chrono::nanoseconds interval = std::chrono::seconds(1);
};

class ScrapeCollector final : public Collector
{
public:
    explicit ScrapeCollector(ScrapeSettings settings);
    // With another time budget than budgetFor(settings.interval): for tests that must not depend on
    // how fast this machine moves 16 MiB (an emulated arm64 may not in 0.5 s).
    ScrapeCollector(ScrapeSettings settings, std::chrono::milliseconds budget);
    ~ScrapeCollector() override;

    std::string_view name() const override { return "scrape"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

    // How long the scrapes of one interval may take together.
    static std::chrono::milliseconds budgetFor(std::chrono::nanoseconds interval);

private:
    enum class Role : std::uint8_t { Gauge, Counter, Quantile, Bucket, Sum, Count, Ignored };
    static constexpr std::uint32_t kNone = ~std::uint32_t(0);

    struct Series {
        Role role = Role::Ignored;
        int column = -1; // gauges, counters and summary quantiles
        std::uint32_t distribution = kNone; // buckets, sums and counts
        double bound = 0; // a bucket's le
        double current = 0;
        double previous = 0;
        std::uint64_t seen = 0; // the endpoint's answer that last held it
    };

    // One histogram or summary: its buckets (histograms), _sum and _count for one instance.
    struct Distribution {
        bool histogram = false;
        std::vector<std::uint32_t> buckets; // series, by ascending bound
        std::uint32_t sum = kNone;
        std::uint32_t count = kNone;
        int quantileColumns[3] = {-1, -1, -1}; // p50, p90, p99 (histograms)
        int rateColumn = -1;
        int meanColumn = -1;
        std::uint64_t touched = 0; // the answer that last updated it
    };

    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };

    struct Endpoint {
        std::string url;
        HttpUrl target;
        std::string request;
        std::string instancePrefix; // "instance=127.0.0.1:9100" with several URLs
        HttpExchange exchange;
        // Series and distributions by key: a role byte, the sample name, the instance, and the
        // bucket's le or the summary's quantile as written.
        std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> index;
        std::vector<Series> series;
        std::vector<Distribution> distributions;
        std::uint64_t answers = 0; // successful scrapes; Series::seen counts in these
        std::int64_t lastAnswerNs = -1;
        std::uint64_t scrapes = 0;
        std::uint64_t failures = 0;
        std::string lastError;
        std::size_t lastBytes = 0;
        std::size_t lastSamples = 0;
        std::uint64_t malformedLines = 0;
        std::uint64_t duplicateSamples = 0;
    };

    static Role roleOf(const PrometheusSample& sample);
    // Puts the key of sample's series into m_key: role, name, \x1f, instance (from instanceStart to
    // instanceEnd), \x1f, le or quantile. False when the name or the labels are beyond their limits.
    bool makeKey(const Endpoint& endpoint, const PrometheusSample& sample, Role role, std::size_t& instanceStart,
                 std::size_t& instanceEnd);
    void readAnswer(Endpoint& endpoint, SampleContext& context, MetricGroup& group);
    void failed(Endpoint& endpoint, SampleContext& context, std::string reason);
    // The series whose key is in m_key, created on first sight (even when left out, so that it is
    // judged once); kNone beyond the series limit.
    std::uint32_t findOrAddSeries(Endpoint& endpoint, const PrometheusSample& sample, Role role,
                                  std::string_view instance, std::string_view special, SampleContext& context,
                                  MetricGroup& group);
    std::uint32_t findOrAddDistribution(Endpoint& endpoint, const PrometheusSample& sample, std::string_view instance,
                                        SampleContext& context, MetricGroup& group);
    // The column of descriptor's metric for instance, the descriptor registered on first sight;
    // -1 when that id already means something else (a counter at one endpoint, a gauge at another).
    int columnFor(const format::MetricDescriptor& descriptor, std::string_view instance, SampleContext& context,
                  MetricGroup& group);
    void finishDistributions(Endpoint& endpoint, double seconds, MetricGroup& group);

    ScrapeSettings m_settings;
    std::chrono::milliseconds m_budget;
    std::vector<std::unique_ptr<Endpoint>> m_endpoints;
    std::vector<HttpExchange*> m_exchanges;
    std::vector<pollfd> m_pollFds;
    PrometheusTextParser m_parser;
    std::string m_key; // reused: the key of the sample at hand
    std::vector<std::uint32_t> m_touched; // distributions updated by the answer at hand
    std::vector<double> m_bounds; // reused for the quantiles of one histogram
    std::vector<double> m_counts;
    std::size_t m_seriesCount = 0; // over every endpoint
    std::uint64_t m_leftOutSamples = 0; // samples of series beyond the limits, over the run
};

} // namespace runlens::collect
