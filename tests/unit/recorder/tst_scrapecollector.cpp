// The scrape collector against HTTP endpoints served on 127.0.0.1 by the test: counters as rates,
// histogram percentiles checked against values worked out by hand, summaries, instances from
// labels and endpoints, and endpoints that hang, talk garbage, send 100 MB or refuse, each bounded,
// reported, and followed by a good scrape. Once warm, an interval allocates nothing.
#include "AllocationCounter.h"
#include "CollectorHarness.h"
#include "HistogramQuantile.h"
#include "HttpStubServer.h"
#include "ScrapeCollector.h"

#include <QFile>

#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <span>
#include <string>
#include <vector>

using runlens::collect::ScrapeCollector;
using runlens::collect::ScrapeSettings;

namespace {

using namespace std::chrono_literals;

// A budget no answer of these tests needs, so that only the tests about the budget depend on time
// (an emulated arm64 moves 16 MiB slowly).
constexpr std::chrono::milliseconds kPatient = 20s;

// An endpoint whose answer the test changes between samples.
class ScriptedEndpoint
{
public:
    ScriptedEndpoint()
        : m_server([this](const std::string&) {
            std::lock_guard lock(m_mutex);
            return m_reply;
        })
    {
    }

    void serve(const std::string& body)
    {
        serveRaw({HttpStubServer::chunkedAnswer(body, 1000)});
    }
    void serveRaw(HttpStubServer::Reply reply)
    {
        std::lock_guard lock(m_mutex);
        m_reply = std::move(reply);
    }
    std::string url(const std::string& path = "/metrics") const { return m_server.url(path); }
    std::string endpoint() const { return m_server.endpoint(); }

private:
    std::mutex m_mutex;
    HttpStubServer::Reply m_reply;
    HttpStubServer m_server; // last: its thread starts when everything it uses exists
};

std::string counters(int ok, int errors)
{
    return "# HELP req_total Requests served.\n# TYPE req_total counter\n"
           "req_total{method=\"get\",code=\"200\"} " + std::to_string(ok) + "\n"
           "req_total{code=\"500\"} " + std::to_string(errors) + "\n"
           "# TYPE temp_celsius gauge\ntemp_celsius 21.5\n"
           "up 1\n";
}

std::string histogram(double le01, double le05, double le1, double inf, double sum)
{
    const auto n = [](double v) { return std::to_string(v); };
    return "# HELP lat_seconds Request latency.\n# TYPE lat_seconds histogram\n"
           "lat_seconds_bucket{path=\"/api\",le=\"0.1\"} " + n(le01) + "\n"
           "lat_seconds_bucket{path=\"/api\",le=\"0.5\"} " + n(le05) + "\n"
           "lat_seconds_bucket{path=\"/api\",le=\"1\"} " + n(le1) + "\n"
           "lat_seconds_bucket{path=\"/api\",le=\"+Inf\"} " + n(inf) + "\n"
           "lat_seconds_sum{path=\"/api\"} " + n(sum) + "\n"
           "lat_seconds_count{path=\"/api\"} " + n(inf) + "\n";
}

std::string fixture(const char* name)
{
    QFile file(QStringLiteral(RUNLENS_FIXTURES "/prometheus/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the fixture %s", name);
    return file.readAll().toStdString();
}

bool hasWarning(const runlens::collect::Warnings& warnings, const std::string& text)
{
    for (const std::string& message : warnings.messages()) {
        if (message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

QString allWarnings(const runlens::collect::Warnings& warnings)
{
    QString text;
    for (const std::string& message : warnings.messages())
        text += QString::fromStdString(message) + QLatin1Char('\n');
    return text;
}

} // namespace

class TestScrapeCollector : public QObject
{
    Q_OBJECT

private slots:
    void nothingToScrape()
    {
        ScrapeCollector collector(ScrapeSettings{});
        CollectorHarness harness;
        QVERIFY(harness.open(collector).starts_with("nothing to scrape (--scrape http://127.0.0.1:PORT/metrics"));
    }

    void countersBecomeRates()
    {
        ScriptedEndpoint service;
        service.serve(counters(100, 7));
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s});
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());

        harness.sample(collector, 0);
        QVERIFY(std::isnan(harness.value("scrape.req_total", "method=get,code=200"))); // no interval yet
        QVERIFY(std::isnan(harness.value("scrape.req_total", "code=500")));
        QCOMPARE(harness.value("scrape.temp_celsius"), 21.5);
        QCOMPARE(harness.value("scrape.up"), 1.0);

        service.serve(counters(300, 4));
        harness.sample(collector, 2.0);
        QCOMPARE(harness.value("scrape.req_total", "method=get,code=200"), 100.0);
        QVERIFY(std::isnan(harness.value("scrape.req_total", "code=500"))); // 7 -> 4: a reset, not -1.5/s

        service.serve(counters(500, 10));
        harness.sample(collector, 2.0);
        QCOMPARE(harness.value("scrape.req_total", "method=get,code=200"), 100.0);
        QCOMPARE(harness.value("scrape.req_total", "code=500"), 3.0);
        QVERIFY2(harness.warnings.messages().empty(), qPrintable(allWarnings(harness.warnings)));

        const auto* rate = harness.catalog.find("scrape.req_total");
        QVERIFY(rate);
        QCOMPARE(rate->unit, std::string("/s"));
        QVERIFY(rate->kind == runlens::format::MetricKind::Rate);
        QVERIFY(rate->better == runlens::format::BetterDirection::Neutral);
        QCOMPARE(rate->category, std::string("Service"));
        QCOMPARE(rate->title, std::string("req_total"));
        QCOMPARE(rate->dimension, std::string("labels"));
        QCOMPARE(rate->description, std::string("Requests served. Prometheus counter req_total, per second."));
        const auto* gauge = harness.catalog.find("scrape.temp_celsius");
        QVERIFY(gauge);
        QVERIFY(gauge->kind == runlens::format::MetricKind::Gauge);
        QCOMPARE(gauge->dimension, std::string());
        QCOMPARE(gauge->description, std::string("Prometheus gauge temp_celsius."));
        QCOMPARE(harness.catalog.find("scrape.up")->description, std::string("Prometheus metric up (untyped), as it is."));

        const nlohmann::json details = collector.details();
        QCOMPARE(details["endpoints"][0]["scrapes"].get<int>(), 3);
        QCOMPARE(details["endpoints"][0]["failures"].get<int>(), 0);
        QCOMPARE(details["endpoints"][0]["series"].get<int>(), 4);
        QCOMPARE(details["budget_s"].get<double>(), 0.5);
    }

    void histogramPercentilesFromTheIntervalsBuckets()
    {
        ScriptedEndpoint service;
        service.serve(histogram(100, 300, 400, 500, 120));
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        const auto nothingMeasured = [&harness] {
            for (const char* id : {"scrape.lat_seconds.p50", "scrape.lat_seconds.p90", "scrape.lat_seconds.p99",
                                   "scrape.lat_seconds.rate", "scrape.lat_seconds.mean"}) {
                if (!std::isnan(harness.value(id, "path=/api")))
                    return false;
            }
            return true;
        };
        harness.sample(collector, 0);
        QVERIFY(nothingMeasured());

        // Increases over the interval: 10 observations <= 0.1, 60 <= 0.5, 95 <= 1, 100 in all.
        // p50: rank 50 lies in (0.1, 0.5], 40 of its 50: 0.1 + 0.4 * 40/50 = 0.42.
        // p90: rank 90 lies in (0.5, 1], 30 of its 35: 0.5 + 0.5 * 30/35.
        // p99: rank 99 lies in (1, +Inf]: the highest finite bound, 1.
        service.serve(histogram(110, 360, 495, 600, 150.5));
        harness.sample(collector, 1.0);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.p50", "path=/api"), 0.42, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.p90", "path=/api"), 0.5 + 0.5 * 30.0 / 35.0, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.p99", "path=/api"), 1.0, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.rate", "path=/api"), 100.0, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.mean", "path=/api"), 30.5 / 100.0, 1e-6);

        // The service restarted: its buckets count from zero again.
        service.serve(histogram(1, 2, 2, 2, 0.1));
        harness.sample(collector, 1.0);
        QVERIFY(nothingMeasured());

        // Increases 2, 2, 3, 4: p50 is rank 2, the whole first bucket (0, 0.1]: 0.1; p90 (rank 3.6)
        // and p99 fall into +Inf: 1.
        service.serve(histogram(3, 4, 5, 6, 0.2));
        harness.sample(collector, 2.0);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.p50", "path=/api"), 0.1, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.p90", "path=/api"), 1.0, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.p99", "path=/api"), 1.0, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.rate", "path=/api"), 2.0, 1e-6);
        COMPARE_NEAR(harness.value("scrape.lat_seconds.mean", "path=/api"), 0.1 / 4.0, 1e-6);

        // No observation in the interval: no percentile and no mean, a rate of 0.
        harness.sample(collector, 1.0);
        QVERIFY(std::isnan(harness.value("scrape.lat_seconds.p50", "path=/api")));
        QVERIFY(std::isnan(harness.value("scrape.lat_seconds.mean", "path=/api")));
        QCOMPARE(harness.value("scrape.lat_seconds.rate", "path=/api"), 0.0);
        QVERIFY2(harness.warnings.messages().empty(), qPrintable(allWarnings(harness.warnings)));

        const auto* p99 = harness.catalog.find("scrape.lat_seconds.p99");
        QVERIFY(p99);
        QCOMPARE(p99->unit, std::string("s"));
        QCOMPARE(p99->title, std::string("lat_seconds p99"));
        QVERIFY(p99->description.starts_with("Request latency. The 99th percentile of the lat_seconds observations"));
        QCOMPARE(harness.catalog.find("scrape.lat_seconds.rate")->unit, std::string("/s"));
        QCOMPARE(harness.catalog.find("scrape.lat_seconds.mean")->unit, std::string("s"));
        QVERIFY(!harness.has("scrape.lat_seconds_bucket", "path=/api"));
    }

    void histogramQuantileEdges()
    {
        using runlens::collect::histogramQuantile;
        const double inf = std::numeric_limits<double>::infinity();
        std::vector<double> bounds{-1, 0, 1, inf};
        std::vector<double> counts{5, 5, 10, 10};
        QCOMPARE(histogramQuantile(0.5, bounds, counts), -1.0); // the lowest bucket's bound when it is not above 0
        bounds = {1, 2};
        counts = {1, 1};
        QVERIFY(std::isnan(histogramQuantile(0.5, bounds, counts))); // no +Inf bucket
        bounds = {1, 2, 3, inf};
        counts = {4, 3, 8, 8}; // not monotonic by a rounding error: read as 4, 4, 8, 8
        QCOMPARE(histogramQuantile(0.75, bounds, counts), 2.5); // rank 6: 2 of the 4 in (2, 3]
        counts = {0, 0, 0, 0};
        QVERIFY(std::isnan(histogramQuantile(0.5, bounds, counts)));
    }

    void summariesKeepTheirQuantiles()
    {
        ScriptedEndpoint service;
        const auto summary = [](double sum, double count) {
            return "# TYPE rpc_seconds summary\n"
                   "rpc_seconds{service=\"auth\",quantile=\"0.5\"} 0.2\n"
                   "rpc_seconds{service=\"auth\",quantile=\"0.99\"} 0.9\n"
                   "rpc_seconds{service=\"auth\",quantile=\"0.999\"} 1.5\n"
                   "rpc_seconds_sum{service=\"auth\"} " + std::to_string(sum) + "\n"
                   "rpc_seconds_count{service=\"auth\"} " + std::to_string(count) + "\n";
        };
        service.serve(summary(10, 50));
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QCOMPARE(harness.value("scrape.rpc_seconds.p50", "service=auth"), 0.2);
        QCOMPARE(harness.value("scrape.rpc_seconds.p99", "service=auth"), 0.9);
        QCOMPARE(harness.value("scrape.rpc_seconds.p99_9", "service=auth"), 1.5);
        service.serve(summary(13, 60));
        harness.sample(collector, 2.0);
        COMPARE_NEAR(harness.value("scrape.rpc_seconds.rate", "service=auth"), 5.0, 1e-9);
        COMPARE_NEAR(harness.value("scrape.rpc_seconds.mean", "service=auth"), 0.3, 1e-9);
        QVERIFY(!harness.has("scrape.rpc_seconds.p90", "service=auth")); // histograms only
        QCOMPARE(harness.catalog.find("scrape.rpc_seconds.p99_9")->description,
                 std::string("The 0.999 quantile of rpc_seconds as the service computes it (a summary)."));
    }

    void unitsFromNames()
    {
        ScriptedEndpoint service;
        service.serve("# TYPE cpu_seconds_total counter\ncpu_seconds_total 1\n"
                      "# TYPE rx_bytes_total counter\nrx_bytes_total 1\n"
                      "# TYPE heap_bytes gauge\nheap_bytes 1\n"
                      "# TYPE uptime_seconds gauge\nuptime_seconds 1\n"
                      "# TYPE hit_ratio gauge\nhit_ratio 0.5\n"
                      "# TYPE size_bytes histogram\nsize_bytes_bucket{le=\"+Inf\"} 1\nsize_bytes_count 1\n"
                      "# TYPE requests counter\nrequests_total 1\n");
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        const auto unit = [&harness](const char* id) {
            const auto* descriptor = harness.catalog.find(id);
            return descriptor ? descriptor->unit : std::string("(no such metric)");
        };
        QCOMPARE(unit("scrape.cpu_seconds_total"), std::string("s/s"));
        QCOMPARE(unit("scrape.rx_bytes_total"), std::string("bytes/s"));
        QCOMPARE(unit("scrape.heap_bytes"), std::string("bytes"));
        QCOMPARE(unit("scrape.uptime_seconds"), std::string("s"));
        QCOMPARE(unit("scrape.hit_ratio"), std::string("ratio"));
        QCOMPARE(unit("scrape.size_bytes.p50"), std::string("bytes"));
        QCOMPARE(unit("scrape.size_bytes.rate"), std::string("/s"));
        QCOMPARE(unit("scrape.requests_total"), std::string("/s")); // OpenMetrics' TYPE without _total
    }

    void severalEndpointsPrefixTheirInstances()
    {
        ScriptedEndpoint first;
        ScriptedEndpoint second;
        first.serve("up 1\njobs{instance=\"db-1\",queue=\"q\"} 4\n");
        second.serve("up 0\n");
        ScrapeCollector collector(ScrapeSettings{{first.url(), second.url(), first.url("/other")}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        const std::string a = "instance=" + first.endpoint();
        const std::string b = "instance=" + second.endpoint();
        QCOMPARE(harness.value("scrape.up", (a + "/metrics").c_str()), 1.0); // two URLs on one port: the path tells
        QCOMPARE(harness.value("scrape.up", (a + "/other").c_str()), 1.0);
        QCOMPARE(harness.value("scrape.up", b.c_str()), 0.0);
        QCOMPARE(harness.value("scrape.jobs", (a + "/metrics,exported_instance=db-1,queue=q").c_str()), 4.0);
        QCOMPARE(collector.details()["endpoints"][1]["instance_prefix"].get<std::string>(), b);

        ScrapeCollector twice(ScrapeSettings{{first.url(), "http://localhost:" + std::to_string(std::stoi(first.endpoint().substr(10))) + "/metrics"}, 1s});
        CollectorHarness other;
        const std::string why = other.open(twice);
        QVERIFY2(why.find("names the same endpoint as --scrape " + first.url()) != std::string::npos, why.c_str());
    }

    void aNameMeansOneThing()
    {
        ScriptedEndpoint first;
        ScriptedEndpoint second;
        first.serve("# TYPE jobs counter\njobs 5\n");
        second.serve("# TYPE jobs gauge\njobs 3\n");
        ScrapeCollector collector(ScrapeSettings{{first.url(), second.url()}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.sample(collector, 1.0);
        QVERIFY(harness.has("scrape.jobs", ("instance=" + first.endpoint()).c_str()));
        QVERIFY(!harness.has("scrape.jobs", ("instance=" + second.endpoint()).c_str()));
        QVERIFY2(hasWarning(harness.warnings, "scrape: scrape.jobs comes as a gauge in no unit and as a rate in /s"),
                 qPrintable(allWarnings(harness.warnings)));
        QCOMPARE(harness.warnings.messages().size(), std::size_t(1)); // said once, when the series appeared
    }

    void failuresAreBoundedAndReported_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<int>("filler");
        QTest::addColumn<bool>("hold");
        QTest::addColumn<QString>("reason");
        QTest::newRow("hangs") << QByteArray() << 0 << true << QStringLiteral("no answer within 0.5 s");
        QTest::newRow("garbage") << QByteArray("\x16\x03\x01\x02\x01\x01\xfc\x03\x03 TLS hello") << 0 << false
                                 << QStringLiteral("not an HTTP answer runlens-rec can read: \".");
        QTest::newRow("100 MB") << QByteArray("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n") << (100 << 20) << false
                                << QStringLiteral("refused an answer larger than 16777216 bytes");
        QTest::newRow("100 MB declared") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 104857600\r\n\r\n")
                                         << (100 << 20) << false
                                         << QStringLiteral("refused an answer of 104857600 bytes, more than the 16777216 bytes allowed");
        QTest::newRow("HTTP 503") << QByteArray::fromStdString(HttpStubServer::answer(503, "overloaded\n")) << 0 << false
                                  << QStringLiteral("answered HTTP 503");
        QTest::newRow("binary body")
            << QByteArray::fromStdString(HttpStubServer::answer(200, std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10)))
            << 0 << false << QStringLiteral("the answer holds no Prometheus samples (line 1: a line that does not start with a metric name)");
        QTest::newRow("empty body") << QByteArray::fromStdString(HttpStubServer::answer(200, "")) << 0 << false
                                    << QStringLiteral("the answer is empty");
        QTest::newRow("closes") << QByteArray() << 0 << false << QStringLiteral("the connection was closed without an answer");
    }

    void failuresAreBoundedAndReported()
    {
        QFETCH(QByteArray, answer);
        QFETCH(int, filler);
        QFETCH(bool, hold);
        QFETCH(QString, reason);
        ScriptedEndpoint service;
        service.serve(counters(100, 0));
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s}, hold ? ScrapeCollector::budgetFor(1s) : kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);

        service.serveRaw({answer.toStdString(), std::size_t(filler), hold});
        harness.sample(collector, 1.0);
        QVERIFY(std::isnan(harness.value("scrape.req_total", "method=get,code=200")));
        QVERIFY(std::isnan(harness.value("scrape.up")));
        const std::string expected = "scrape " + service.url() + ": " + reason.toStdString();
        QVERIFY2(hasWarning(harness.warnings, expected), qPrintable(allWarnings(harness.warnings)));
        nlohmann::json endpoint = collector.details()["endpoints"][0];
        QCOMPARE(endpoint["failures"].get<int>(), 1);
        QVERIFY(endpoint["last_error"].get<std::string>().starts_with(reason.toStdString()));

        // The next interval tries again; the rate spans the time since the last answer.
        service.serve(counters(300, 0));
        harness.sample(collector, 1.0);
        QCOMPARE(harness.value("scrape.req_total", "method=get,code=200"), 100.0);
        QCOMPARE(harness.value("scrape.up"), 1.0);
        endpoint = collector.details()["endpoints"][0];
        QCOMPARE(endpoint["scrapes"].get<int>(), 3);
        QCOMPARE(endpoint["failures"].get<int>(), 1);
    }

    void refused()
    {
        std::string url;
        {
            ScriptedEndpoint gone;
            url = gone.url();
        }
        ScrapeCollector collector(ScrapeSettings{{url}, 1s});
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string()); // the service may start after the recorder
        harness.sample(collector, 0);
        harness.sample(collector, 1.0);
        QVERIFY2(hasWarning(harness.warnings, "scrape " + url + ": cannot connect: Connection refused"),
                 qPrintable(allWarnings(harness.warnings)));
        QCOMPARE(harness.warnings.total(), std::uint64_t(2));
        QCOMPARE(harness.warnings.messages().size(), std::size_t(1));
        QCOMPARE(harness.group.columnCount(), std::size_t(0));
    }

    void hostileSeries()
    {
        ScriptedEndpoint service;
        service.serve("x{a=\"1\"} 1\nx{a=\"1\"} 2\n"
                      "long{v=\"" + std::string(600, 'v') + "\"} 1\n"
                      "# TYPE h histogram\nh_bucket{le=\"abc\"} 1\nh_bucket{le=\"+Inf\"} 1\nh_bucket{le=\"Inf\"} 1\n"
                      "# TYPE s summary\ns{quantile=\"2\"} 1\n"
                      "inf_gauge +Inf\nnan_gauge NaN\nbig 1e308\n"
                      "ctl{v=\"a\\nb\"} 1\n"
                      "garbage line here\n");
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QCOMPARE(harness.value("scrape.x", "a=1"), 1.0); // the first of a repeated series
        QVERIFY(!harness.has("scrape.long", ("v=" + std::string(600, 'v')).c_str()));
        QVERIFY(std::isnan(harness.value("scrape.inf_gauge"))); // archives hold no infinities
        QVERIFY(std::isnan(harness.value("scrape.nan_gauge")));
        QCOMPARE(harness.value("scrape.big"), 1e308);
        QCOMPARE(harness.value("scrape.ctl", "v=a b"), 1.0); // instances are one line
        const std::string prefix = "scrape " + service.url() + ": ";
        for (const std::string& warning :
             {prefix + "the answer repeats series; the first value of each is kept",
              prefix + "series of long whose name is longer than 200 bytes or whose labels are longer than 512 bytes are left out",
              prefix + "h_bucket{} is left out: its le label is not a number",
              prefix + "h_bucket{} is left out: another bucket has the same le",
              prefix + "s{} is left out: its quantile label is not a number from 0 to 1",
              prefix + "lines that are not Prometheus text are skipped (first: line 14, a value that is not a number"})
            QVERIFY2(hasWarning(harness.warnings, warning),
                     qPrintable(QString::fromStdString(warning) + QLatin1Char('\n') + allWarnings(harness.warnings)));
        const nlohmann::json endpoint = collector.details()["endpoints"][0];
        QCOMPARE(endpoint["duplicate_samples"].get<int>(), 1);
        QCOMPARE(endpoint["malformed_lines"].get<int>(), 1);
    }

    void seriesAreBounded()
    {
        std::string body;
        for (int i = 0; i < 50010; ++i)
            body += "g{i=\"" + std::to_string(i) + "\"} 1\n";
        ScriptedEndpoint service;
        service.serve(body);
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QCOMPARE(harness.group.columnCount(), std::size_t(50000));
        QVERIFY(hasWarning(harness.warnings, "scrape: more than 50000 series; the series that appear after that are left out"));
        QCOMPARE(collector.details()["left_out_samples"].get<int>(), 10);
    }

    void aSteadyIntervalAllocatesNothing()
    {
        ScriptedEndpoint service;
        service.serve(fixture("node-exporter-1.5.0.txt") + histogram(1, 2, 3, 4, 5)
                      + "# TYPE rpc_seconds summary\nrpc_seconds{quantile=\"0.5\"} 0.2\nrpc_seconds_count 3\n");
        ScrapeCollector collector(ScrapeSettings{{service.url()}, 1s}, kPatient);
        CollectorHarness harness;
        QCOMPARE(harness.open(collector), std::string());
        for (int round = 0; round < 3; ++round)
            harness.sample(collector, round == 0 ? 0 : 1.0);
        const std::size_t columns = harness.group.columnCount();
        g_allocations = 0;
        g_countAllocations = true;
        for (int round = 0; round < 5; ++round)
            harness.sample(collector, 1.0);
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        QCOMPARE(harness.group.columnCount(), columns);
        QVERIFY2(harness.warnings.messages().empty(), qPrintable(allWarnings(harness.warnings)));
        QVERIFY(columns > 500);
    }
};

QTEST_GUILESS_MAIN(TestScrapeCollector)
#include "tst_scrapecollector.moc"
