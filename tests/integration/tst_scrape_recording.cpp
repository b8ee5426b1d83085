// runlens-rec record --scrape against a real exporter (Debian's prometheus-node-exporter on a free
// port of 127.0.0.1) and against endpoints that misbehave (one that never answers, one that talks
// garbage, one that sends 100 MB), read back from the archive with the project's ArchiveReader.
#include "ArchiveReader.h"
#include "HttpExchange.h"
#include "HttpStubServer.h"
#include "PrometheusTextParser.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <chrono>
#include <cmath>
#include <map>
#include <optional>
#include <set>

using runlens::format::RunArchive;
using runlens::format::SeriesTable;

namespace {

const QString kRecorder = QStringLiteral(RUNLENS_REC_PATH);
const QString kExporter = QStringLiteral("/usr/bin/prometheus-node-exporter");

// The exporter's node_cpu_seconds_total and the time it was read, to compare the recorder's rates with.
struct CpuSeconds {
    double total = 0; // every CPU and mode
    std::set<std::string> cpus;
    std::chrono::steady_clock::time_point when;
};

std::optional<CpuSeconds> readCpuSeconds(const std::string& url)
{
    runlens::collect::HttpUrl target;
    if (!runlens::collect::parseHttpUrl(url, target).empty())
        return std::nullopt;
    const std::string request = runlens::collect::httpRequest("GET", target.path, target.endpoint);
    runlens::collect::HttpExchange exchange;
    exchange.start(target.endpoint, request, {64 * 1024, 16u << 20, true});
    runlens::collect::HttpExchange* const exchanges[] = {&exchange};
    std::vector<pollfd> fds;
    runExchanges(exchanges, std::chrono::steady_clock::now() + std::chrono::seconds(10), fds);
    if (exchange.failure() != runlens::collect::HttpFailure::None || exchange.status() != 200)
        return std::nullopt;
    CpuSeconds result;
    result.when = std::chrono::steady_clock::now();
    runlens::collect::PrometheusTextParser parser;
    parser.reset(exchange.body());
    runlens::collect::PrometheusSample sample;
    while (parser.next(sample)) {
        if (sample.name != "node_cpu_seconds_total")
            continue;
        result.total += sample.value;
        for (const auto& label : sample.labels) {
            if (label.name == "cpu")
                result.cpus.emplace(label.value);
        }
    }
    return result;
}

bool warned(const RunArchive& run, const std::string& text)
{
    for (const auto& warning : run.manifest["end"]["warnings"]) {
        if (warning.is_string() && warning.get<std::string>().find(text) != std::string::npos)
            return true;
    }
    return false;
}

struct Recording {
    int exitCode = -1;
    QString err;
    RunArchive run;
};

Recording record(const QString& out, const QString& name, const QStringList& extra)
{
    QProcess recorder;
    recorder.start(kRecorder, QStringList{QStringLiteral("record"), QStringLiteral("--out"), out, QStringLiteral("--name"), name,
                                          QStringLiteral("--imds-endpoint"), QStringLiteral("off"), QStringLiteral("-q")}
                                  + extra);
    Recording result;
    if (!recorder.waitForFinished(120000))
        return result;
    result.exitCode = recorder.exitStatus() == QProcess::NormalExit ? recorder.exitCode() : -1;
    result.err = QString::fromUtf8(recorder.readAllStandardError());
    if (result.exitCode == 0)
        result.run = runlens::format::readRunArchive((out + QLatin1Char('/') + name + QStringLiteral(".tar.gz")).toStdString());
    return result;
}

} // namespace

class TestScrapeRecording : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_exporter;
    std::string m_url;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(kExporter),
                 "prometheus-node-exporter is missing: apt-get install prometheus-node-exporter (it is in .ci/debian-packages)");
        // A port the kernel just gave out and took back; another process may take it first, so retry.
        for (int attempt = 0; attempt < 5 && m_url.empty(); ++attempt) {
            std::uint16_t port = 0;
            {
                HttpStubServer probe([](const std::string&) { return HttpStubServer::Reply{}; });
                port = probe.port();
            }
            m_exporter.setProcessChannelMode(QProcess::ForwardedErrorChannel);
            // The default collectors, less those that read hardware through privileged or slow
            // interfaces, or need systemd's D-Bus, which this test does not need.
            m_exporter.start(kExporter, {QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port),
                                         QStringLiteral("--no-collector.hwmon"), QStringLiteral("--no-collector.rapl"),
                                         QStringLiteral("--no-collector.thermal_zone"), QStringLiteral("--no-collector.dmi"),
                                         QStringLiteral("--no-collector.systemd"), QStringLiteral("--log.level=warn")});
            QVERIFY(m_exporter.waitForStarted());
            const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/metrics";
            for (int wait = 0; wait < 100 && m_exporter.state() == QProcess::Running; ++wait) {
                if (readCpuSeconds(url)) {
                    m_url = url;
                    break;
                }
                QThread::msleep(50);
            }
            if (m_url.empty()) {
                m_exporter.kill();
                m_exporter.waitForFinished();
            }
        }
        QVERIFY2(!m_url.empty(), "prometheus-node-exporter did not start answering on 127.0.0.1");
    }

    void cleanupTestCase()
    {
        m_exporter.terminate();
        if (!m_exporter.waitForFinished(5000))
            m_exporter.kill();
    }

    void nodeExporterRatesMatchItsCounters()
    {
        const std::optional<CpuSeconds> before = readCpuSeconds(m_url);
        QVERIFY(before);
        const Recording recording = record(m_dir.path(), QStringLiteral("node"),
                                           {QStringLiteral("--scrape"), QString::fromStdString(m_url), QStringLiteral("--duration"),
                                            QStringLiteral("3s"), QStringLiteral("--interval"), QStringLiteral("500ms")});
        const std::optional<CpuSeconds> after = readCpuSeconds(m_url);
        QVERIFY(after);
        QVERIFY2(recording.exitCode == 0, qPrintable(recording.err));
        const RunArchive& run = recording.run;

        const nlohmann::json* scrape = run.collector("scrape");
        QVERIFY(scrape);
        QCOMPARE((*scrape)["status"].get<std::string>(), std::string("ok"));
        QCOMPARE((*scrape)["details"]["endpoints"][0]["failures"].get<int>(), 0);
        const SeriesTable* table = run.group("scrape");
        QVERIFY(table);
        QVERIFY(table->rowCount() >= 5);
        QCOMPARE(table->rowCount(), run.group("cpu")->rowCount());

        const auto* descriptor = run.metric("scrape.node_cpu_seconds_total");
        QVERIFY(descriptor);
        QCOMPARE(descriptor->unit, std::string("s/s"));
        QVERIFY(descriptor->kind == runlens::format::MetricKind::Rate);
        QCOMPARE(descriptor->category, std::string("Service"));
        QCOMPARE(descriptor->description.rfind("Seconds the CPUs spent in each mode.", 0), std::size_t(0));
        QVERIFY(run.metric("scrape.go_gc_duration_seconds.p50")); // a summary
        QVERIFY(run.metric("scrape.node_load1"));

        // Each CPU spends one second per second in some mode: the rates of all modes of all CPUs
        // add up to the number of CPUs in every interval but the first, and so does the increase
        // of the exporter's own counters over the whole recording.
        const double cpus = double(before->cpus.size());
        QVERIFY(cpus >= 1);
        double recordedSum = 0;
        int rows = 0;
        for (std::size_t row = 1; row < table->rowCount(); ++row) {
            double sum = 0;
            int columns = 0;
            for (std::size_t c = 0; c < table->keys.size(); ++c) {
                if (table->keys[c].metric != "scrape.node_cpu_seconds_total")
                    continue;
                const double rate = table->columns[c][row];
                QVERIFY2(std::isfinite(rate) && rate >= 0, table->keys[c].instance.c_str());
                sum += rate;
                ++columns;
            }
            QCOMPARE(columns, int(cpus) * 8); // idle, iowait, irq, nice, softirq, steal, system, user
            QVERIFY2(std::fabs(sum - cpus) <= 0.25 * cpus, qPrintable(QStringLiteral("row %1: %2 s/s for %3 CPUs").arg(row).arg(sum).arg(cpus)));
            recordedSum += sum;
            ++rows;
        }
        const int user = table->find("scrape.node_cpu_seconds_total", "cpu=0,mode=user");
        QVERIFY(user >= 0);
        QVERIFY(std::isnan(table->columns[std::size_t(user)][0])); // no interval before the first scrape
        const double recordedMean = recordedSum / rows;
        const double exporterMean
            = (after->total - before->total) / std::chrono::duration<double>(after->when - before->when).count();
        QVERIFY2(std::fabs(recordedMean - exporterMean) <= 0.2 * exporterMean,
                 qPrintable(QStringLiteral("recorded %1 s/s, the exporter's counters %2 s/s").arg(recordedMean).arg(exporterMean)));

        // A counter that only grows: positive rates throughout.
        const int scrapes = table->find("scrape.promhttp_metric_handler_requests_total", "code=200");
        QVERIFY(scrapes >= 0);
        for (std::size_t row = 1; row < table->rowCount(); ++row)
            QVERIFY(table->columns[std::size_t(scrapes)][row] > 0);
    }

    void misbehavingEndpointsAreBoundedAndTheRecordingGoesOn()
    {
        HttpStubServer hung([](const std::string&) { return HttpStubServer::Reply{{}, 0, true}; });
        HttpStubServer garbage([](const std::string&) {
            return HttpStubServer::Reply{std::string("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n\0\x01\xff", 35)};
        });
        HttpStubServer huge([](const std::string&) {
            return HttpStubServer::Reply{"HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\n\r\n", 100u << 20};
        });
        const Recording recording = record(
            m_dir.path(), QStringLiteral("misbehaving"),
            {QStringLiteral("--scrape"), QString::fromStdString(hung.url()), QStringLiteral("--scrape"),
             QString::fromStdString(garbage.url()), QStringLiteral("--scrape"), QString::fromStdString(huge.url()),
             QStringLiteral("--scrape"), QString::fromStdString(m_url), QStringLiteral("--duration"), QStringLiteral("3s"),
             QStringLiteral("--interval"), QStringLiteral("1s")});
        QVERIFY2(recording.exitCode == 0, qPrintable(recording.err));
        const RunArchive& run = recording.run;
        QCOMPARE(run.manifest["end"]["reason"].get<std::string>(), std::string("duration"));
        const auto ticks = run.manifest["end"]["samples"].get<std::size_t>();
        QVERIFY(ticks >= 3);

        const nlohmann::json* scrape = run.collector("scrape");
        QVERIFY(scrape);
        QCOMPARE((*scrape)["status"].get<std::string>(), std::string("ok"));
        QCOMPARE((*scrape)["samples"].get<std::size_t>(), ticks);
        const nlohmann::json& endpoints = (*scrape)["details"]["endpoints"];
        QCOMPARE(endpoints.size(), std::size_t(4));
        const std::map<std::string, std::string> reasons{
            {hung.url(), "no answer within 0.5 s"},
            {garbage.url(), "not an HTTP answer runlens-rec can read: \"S"},
            {huge.url(), "refused an answer larger than 16777216 bytes"},
        };
        for (const auto& endpoint : endpoints) {
            const std::string url = endpoint["url"].get<std::string>();
            QCOMPARE(endpoint["scrapes"].get<std::size_t>(), ticks);
            if (url == m_url) {
                QCOMPARE(endpoint["failures"].get<int>(), 0);
                continue;
            }
            QCOMPARE(endpoint["failures"].get<std::size_t>(), ticks); // every interval tried again
            QVERIFY2(endpoint["last_error"].get<std::string>().starts_with(reasons.at(url)), endpoint.dump().c_str());
            QVERIFY2(warned(run, "scrape " + url + ": " + reasons.at(url)), run.manifest["end"].dump().c_str());
        }

        // The exporter that answers is recorded beside them, its instances prefixed with its port.
        const SeriesTable* table = run.group("scrape");
        QVERIFY(table);
        QCOMPARE(table->rowCount(), ticks);
        const std::string exporterInstance = "instance=" + m_url.substr(7, m_url.find("/metrics") - 7);
        const int up = table->find("scrape.node_load1", exporterInstance);
        QVERIFY2(up >= 0, exporterInstance.c_str());
        for (std::size_t row = 0; row < ticks; ++row)
            QVERIFY(std::isfinite(table->columns[std::size_t(up)][row]));
        // The other collectors kept every sample.
        for (const char* group : {"cpu", "mem", "recorder"}) {
            QVERIFY(run.group(group));
            QCOMPARE(run.group(group)->rowCount(), ticks);
        }
    }
};

QTEST_GUILESS_MAIN(TestScrapeRecording)
#include "tst_scrape_recording.moc"
