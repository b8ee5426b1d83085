// The Prometheus text parser on captured expositions (node_exporter 1.5.0 from Debian, the format
// documentation's example) and on hostile text: binary, a 10 MB line, no newline at the end,
// numbers beyond a double, repeated series. Once warm it reads an exposition without allocating.
#include "AllocationCounter.h"
#include "PrometheusTextParser.h"

#include <QFile>
#include <QTest>

#include <cmath>
#include <random>
#include <string>
#include <vector>

using runlens::collect::PrometheusSample;
using runlens::collect::PrometheusTextParser;
using runlens::collect::PrometheusType;

namespace {

// A sample with its views copied, to outlive the parser's next call.
struct Parsed {
    std::string name;
    std::string family;
    std::string suffix;
    PrometheusType type = PrometheusType::Untyped;
    std::string help;
    std::vector<std::pair<std::string, std::string>> labels;
    double value = 0;
    bool hasTimestamp = false;

    std::string label(const std::string& key) const
    {
        for (const auto& [name, value] : labels) {
            if (name == key)
                return value;
        }
        return "(none)";
    }
};

std::vector<Parsed> parseAll(std::string_view text, PrometheusTextParser& parser)
{
    std::vector<Parsed> samples;
    parser.reset(text);
    PrometheusSample sample;
    while (parser.next(sample)) {
        Parsed parsed{std::string(sample.name), std::string(sample.family), std::string(sample.suffix), sample.type,
                      std::string(sample.help), {}, sample.value, sample.hasTimestamp};
        for (const auto& label : sample.labels)
            parsed.labels.emplace_back(std::string(label.name), std::string(label.value));
        samples.push_back(std::move(parsed));
    }
    return samples;
}

std::vector<Parsed> parseAll(std::string_view text)
{
    PrometheusTextParser parser;
    return parseAll(text, parser);
}

std::string fixture(const char* name)
{
    QFile file(QStringLiteral(RUNLENS_FIXTURES "/prometheus/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read the fixture %s", name);
    return file.readAll().toStdString();
}

const Parsed* find(const std::vector<Parsed>& samples, const std::string& name,
                   const std::vector<std::pair<std::string, std::string>>& labels = {})
{
    for (const Parsed& sample : samples) {
        if (sample.name == name && sample.labels == labels)
            return &sample;
    }
    return nullptr;
}

} // namespace

class TestPrometheusTextParser : public QObject
{
    Q_OBJECT

private slots:
    void nodeExporterCapture()
    {
        const std::string text = fixture("node-exporter-1.5.0.txt");
        PrometheusTextParser parser;
        const std::vector<Parsed> samples = parseAll(text, parser);
        QCOMPARE(parser.malformedLines(), std::size_t(0));
        std::size_t sampleLines = 0;
        for (std::string_view rest = text; !rest.empty();) {
            const std::size_t end = rest.find('\n');
            const std::string_view line = rest.substr(0, end);
            rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
            sampleLines += !line.empty() && line.front() != '#';
        }
        QCOMPARE(samples.size(), sampleLines);
        QCOMPARE(samples.size(), std::size_t(507));

        const Parsed* user = find(samples, "node_cpu_seconds_total", {{"cpu", "0"}, {"mode", "user"}});
        QVERIFY(user);
        QCOMPARE(user->value, 23234.24);
        QVERIFY(user->type == PrometheusType::Counter);
        QCOMPARE(user->family, std::string("node_cpu_seconds_total"));
        QCOMPARE(user->suffix, std::string());
        QCOMPARE(user->help, std::string("Seconds the CPUs spent in each mode."));
        QVERIFY(!user->hasTimestamp);

        const Parsed* load = find(samples, "node_load1");
        QVERIFY(load);
        QVERIFY(load->type == PrometheusType::Gauge);

        // go_gc_duration_seconds is a summary: quantile samples under the family's own name.
        const Parsed* median = find(samples, "go_gc_duration_seconds", {{"quantile", "0.5"}});
        QVERIFY(median);
        QVERIFY(median->type == PrometheusType::Summary);
        const Parsed* count = find(samples, "go_gc_duration_seconds_count");
        QVERIFY(count);
        QCOMPARE(count->family, std::string("go_gc_duration_seconds"));
        QCOMPARE(count->suffix, std::string("_count"));

        // Label values with spaces, slashes and an empty one, as node_exporter writes them.
        const Parsed* info = find(samples, "node_network_info",
                                  {{"address", "00:00:00:00:00:00"}, {"broadcast", "00:00:00:00:00:00"}, {"device", "lo"},
                                   {"duplex", ""}, {"ifalias", ""}, {"operstate", "unknown"}});
        QVERIFY(info);
        QCOMPARE(info->value, 1.0);
    }

    void documentationExample()
    {
        PrometheusTextParser parser;
        const std::vector<Parsed> samples = parseAll(fixture("exposition-formats-example.txt"), parser);
        QCOMPARE(parser.malformedLines(), std::size_t(0));
        QCOMPARE(samples.size(), std::size_t(20));

        const Parsed* posted = find(samples, "http_requests_total", {{"method", "post"}, {"code", "400"}});
        QVERIFY(posted);
        QCOMPARE(posted->value, 3.0);
        QVERIFY(posted->hasTimestamp);
        QVERIFY(posted->type == PrometheusType::Counter);
        QCOMPARE(posted->help, std::string("The total number of HTTP requests."));

        const Parsed& msdos = samples[2];
        QCOMPARE(msdos.name, std::string("msdos_file_access_time_seconds"));
        QCOMPARE(msdos.label("path"), std::string("C:\\DIR\\FILE.TXT"));
        QCOMPARE(msdos.label("error"), std::string("Cannot find file:\n\"FILE.TXT\""));
        QCOMPARE(msdos.value, 1.458255915e9);
        QVERIFY(msdos.type == PrometheusType::Untyped);
        QCOMPARE(msdos.help, std::string());

        const Parsed* weird = find(samples, "something_weird", {{"problem", "division by zero"}});
        QVERIFY(weird);
        QVERIFY(std::isinf(weird->value) && weird->value > 0);
        QVERIFY(weird->hasTimestamp); // negative: before the epoch

        const Parsed* bucket = find(samples, "http_request_duration_seconds_bucket", {{"le", "+Inf"}});
        QVERIFY(bucket);
        QVERIFY(bucket->type == PrometheusType::Histogram);
        QCOMPARE(bucket->family, std::string("http_request_duration_seconds"));
        QCOMPARE(bucket->suffix, std::string("_bucket"));
        QCOMPARE(bucket->value, 144320.0);
        QCOMPARE(bucket->help, std::string("A histogram of the request duration."));

        const Parsed* quantile = find(samples, "rpc_duration_seconds", {{"quantile", "0.99"}});
        QVERIFY(quantile);
        QVERIFY(quantile->type == PrometheusType::Summary);
        QCOMPARE(quantile->suffix, std::string());
        const Parsed* sum = find(samples, "rpc_duration_seconds_sum");
        QVERIFY(sum);
        QCOMPARE(sum->value, 1.7560473e+07);
    }

    void labelsAndEscapes()
    {
        const std::vector<Parsed> samples = parseAll("a{x=\"1\",} 1\n"
                                                     "b{ x = \"1\" , y=\"2\" } 2\n"
                                                     "c{} 3\n"
                                                     "d{x=\"tab\\there\"} 4\n"
                                                     "e{x=\"{not, a=\\\"label\\\"}\"} 5\n"
                                                     "f{x=\"été ☃\"} 6\n"
                                                     "g {x=\"spaced\"} 7\n"
                                                     "h{x=\"\\\\\"} 8\n"
                                                     "ns:sub_metric{_under=\"1\"} 9\n");
        QCOMPARE(samples.size(), std::size_t(9));
        QCOMPARE(samples[0].labels, (std::vector<std::pair<std::string, std::string>>{{"x", "1"}}));
        QCOMPARE(samples[1].labels, (std::vector<std::pair<std::string, std::string>>{{"x", "1"}, {"y", "2"}}));
        QVERIFY(samples[2].labels.empty());
        QCOMPARE(samples[3].label("x"), std::string("tab\\there")); // not an escape of the format: kept
        QCOMPARE(samples[4].label("x"), std::string("{not, a=\"label\"}"));
        QCOMPARE(samples[5].label("x"), std::string("été ☃"));
        QCOMPARE(samples[6].label("x"), std::string("spaced"));
        QCOMPARE(samples[7].label("x"), std::string("\\"));
        QCOMPARE(samples[8].name, std::string("ns:sub_metric"));
        QCOMPARE(samples[8].label("_under"), std::string("1"));
    }

    void values()
    {
        PrometheusTextParser parser;
        const std::vector<Parsed> samples = parseAll("a NaN\nb +Inf\nc -Inf\nd 1e308\ne -0\nf 1.5e-3\ng 42 -1\n"
                                                     "h 1e400\ni 0x10\nj 1,5\nk ++1\nl\nm 1 2 3\nn 1 1.5\n",
                                                     parser);
        QCOMPARE(samples.size(), std::size_t(7));
        QVERIFY(std::isnan(samples[0].value));
        QVERIFY(std::isinf(samples[1].value) && samples[1].value > 0);
        QVERIFY(std::isinf(samples[2].value) && samples[2].value < 0);
        QCOMPARE(samples[3].value, 1e308);
        QCOMPARE(samples[4].value, 0.0);
        QCOMPARE(samples[5].value, 1.5e-3);
        QCOMPARE(samples[6].value, 42.0);
        QVERIFY(samples[6].hasTimestamp);
        // 1e400 is beyond a double; hex, commas, two signs, no value, extra fields and a
        // fractional timestamp are not Prometheus text.
        QCOMPARE(parser.malformedLines(), std::size_t(7));
        QCOMPARE(parser.firstMalformedLine(), std::size_t(8));
        QCOMPARE(parser.firstProblem(), std::string_view("a value that is not a number (or beyond a double's range)"));
    }

    void familiesFollowTheirTypeLines()
    {
        const std::vector<Parsed> samples = parseAll("# TYPE req counter\n"
                                                     "req_total 5\n" // OpenMetrics' spelling of a counter
                                                     "req_bucket{le=\"1\"} 1\n" // not a histogram: its own family
                                                     "# TYPE lat histogram\n"
                                                     "# HELP lat Latency \\\\ in\\nseconds.\n"
                                                     "lat_bucket{le=\"1\"} 1\n"
                                                     "lat 3\n" // a histogram has no plain sample
                                                     "lat_sum 2\n"
                                                     "latency_count 4\n" // another name that starts alike
                                                     "# TYPE g gauge\n"
                                                     "g_sum 1\n"
                                                     "# TYPE s summary\n"
                                                     "s_count 1\n"
                                                     "# TYPE w wibble\n"
                                                     "w 1\n");
        QCOMPARE(samples.size(), std::size_t(9));
        QCOMPARE(samples[0].family, std::string("req"));
        QCOMPARE(samples[0].suffix, std::string("_total"));
        QVERIFY(samples[0].type == PrometheusType::Counter);
        QCOMPARE(samples[1].family, std::string("req_bucket"));
        QVERIFY(samples[1].type == PrometheusType::Untyped);
        QCOMPARE(samples[2].family, std::string("lat"));
        QVERIFY(samples[2].type == PrometheusType::Histogram);
        QCOMPARE(samples[2].help, std::string("Latency \\\\ in\\nseconds.")); // escapes are the reader's to decode
        QVERIFY(samples[3].type == PrometheusType::Untyped);
        QCOMPARE(samples[4].suffix, std::string("_sum"));
        QCOMPARE(samples[5].family, std::string("latency_count"));
        QVERIFY(samples[6].type == PrometheusType::Untyped);
        QVERIFY(samples[7].type == PrometheusType::Summary);
        QCOMPARE(samples[7].suffix, std::string("_count"));
        QVERIFY(samples[8].type == PrometheusType::Untyped); // an unknown type word: values as they are
        QCOMPARE(samples[8].family, std::string("w"));
    }

    void hostileText()
    {
        // Binary: never a crash, and the valid lines around it still count.
        std::string binary;
        std::mt19937 random(20);
        for (int i = 0; i < 200000; ++i)
            binary += char(random() & 0xff);
        PrometheusTextParser parser;
        std::vector<Parsed> samples = parseAll("before 1\n" + binary + "\nafter 2\n", parser);
        QVERIFY(samples.size() >= 2);
        QCOMPARE(samples.front().name, std::string("before"));
        QCOMPARE(samples.back().name, std::string("after"));
        QVERIFY(parser.malformedLines() > 0);

        // A 10 MB line is skipped without being read; the next line is read.
        const std::string longLine = "huge{x=\"" + std::string(10u << 20, 'y') + "\"} 1\n";
        samples = parseAll("first 1\n" + longLine + "last 3\n", parser);
        QCOMPARE(samples.size(), std::size_t(2));
        QCOMPARE(samples[1].name, std::string("last"));
        QCOMPARE(parser.malformedLines(), std::size_t(1));
        QCOMPARE(parser.firstMalformedLine(), std::size_t(2));
        QCOMPARE(parser.firstProblem(), std::string_view("a line longer than 1 MiB"));

        // No newline at the end, CRLF line ends, NUL bytes and cut-off lines.
        samples = parseAll("a 1\r\nb{x=\"1\"} 2\r\nc 3", parser);
        QCOMPARE(samples.size(), std::size_t(3));
        QCOMPARE(samples[2].value, 3.0);
        samples = parseAll(std::string("a\0 1\nb{x=\"1\n c 2\n# TYPE\n# HELP\nd{x=\"1\"", 38), parser);
        QCOMPARE(samples.size(), std::size_t(1));
        QCOMPARE(samples[0].name, std::string("c"));
        QCOMPARE(parser.malformedLines(), std::size_t(5));

        // Repeated series come out as they are written: keeping the first is the reader's choice.
        samples = parseAll("x{a=\"1\"} 1\nx{a=\"1\"} 2\n", parser);
        QCOMPARE(samples.size(), std::size_t(2));

        // Many labels on one line.
        std::string many = "wide{";
        for (int i = 0; i < 20000; ++i) {
            // Appended piece by piece: GCC 12 at -O3 takes `"l" + std::to_string(i)` for an
            // overlapping copy of 2^63 bytes (-Wrestrict, a known false positive) and stops the build.
            many.append("l").append(std::to_string(i)).append("=\"v\\\"").append(std::to_string(i)).append("\",");
        }
        many += "} 1\n";
        samples = parseAll(many, parser);
        QCOMPARE(samples.size(), std::size_t(1));
        QCOMPARE(samples[0].labels.size(), std::size_t(20000));
        QCOMPARE(samples[0].labels.back().second, std::string("v\"19999"));
    }

    void steadyParsingAllocatesNothing()
    {
        const std::string text = fixture("node-exporter-1.5.0.txt") + fixture("exposition-formats-example.txt");
        PrometheusTextParser parser;
        PrometheusSample sample;
        std::size_t first = 0;
        parser.reset(text);
        while (parser.next(sample))
            ++first;
        g_allocations = 0;
        g_countAllocations = true;
        std::size_t second = 0;
        parser.reset(text);
        while (parser.next(sample))
            ++second;
        g_countAllocations = false;
        QCOMPARE(second, first);
        QCOMPARE(g_allocations, std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestPrometheusTextParser)
#include "tst_prometheustextparser.moc"
