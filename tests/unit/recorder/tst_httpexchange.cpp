// The recorder's HTTP client against stub servers on 127.0.0.1: the three ways an answer's length
// is known (Content-Length, chunks, the end of the connection), the size limits on each, a hung
// server next to a good one under one deadline, and URLs that are refused before any socket.
#include "AllocationCounter.h"
#include "HttpExchange.h"
#include "HttpStubServer.h"

#include <QTest>

#include <chrono>
#include <string>
#include <vector>

using runlens::collect::HttpEndpoint;
using runlens::collect::HttpExchange;
using runlens::collect::HttpFailure;
using runlens::collect::HttpLimits;
using runlens::collect::HttpUrl;
using runlens::collect::parseHttpUrl;

namespace {

constexpr HttpLimits kLimits{4096, 1u << 20, true};

HttpEndpoint endpointOf(const HttpStubServer& server)
{
    HttpUrl url;
    if (!parseHttpUrl(server.url(), url).empty())
        qFatal("the stub's URL does not parse");
    return url.endpoint;
}

// One exchange to its end, with a deadline far enough away that only a server that never answers
// reaches it.
void runOne(HttpExchange& exchange, const HttpEndpoint& endpoint, const std::string& request,
            const HttpLimits& limits = kLimits, std::chrono::milliseconds timeout = std::chrono::seconds(20))
{
    exchange.start(endpoint, request, limits);
    HttpExchange* const exchanges[] = {&exchange};
    std::vector<pollfd> fds;
    runExchanges(exchanges, HttpExchange::Clock::now() + timeout, fds);
}

std::string body(std::size_t bytes)
{
    std::string text;
    for (std::size_t i = 0; text.size() < bytes; ++i)
        text += "line_" + std::to_string(i) + " " + std::to_string(i * 7) + "\n";
    text.resize(bytes);
    return text;
}

} // namespace

class TestHttpExchange : public QObject
{
    Q_OBJECT

private slots:
    void framings_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<QByteArray>("expected");
        const std::string text = body(300000);
        QTest::newRow("Content-Length") << QByteArray::fromStdString(HttpStubServer::answer(200, text))
                                        << QByteArray::fromStdString(text);
        QTest::newRow("chunks of 7 bytes") << QByteArray::fromStdString(HttpStubServer::chunkedAnswer(text, 7))
                                           << QByteArray::fromStdString(text);
        QTest::newRow("chunks of 100000 bytes") << QByteArray::fromStdString(HttpStubServer::chunkedAnswer(text, 100000))
                                                << QByteArray::fromStdString(text);
        QTest::newRow("until the connection closes")
            << QByteArray::fromStdString("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n" + text)
            << QByteArray::fromStdString(text);
        QTest::newRow("chunk extensions and a trailer")
            << QByteArray("HTTP/1.1 200 OK\r\ntransfer-encoding: Chunked\r\n\r\n"
                          "5;name=value\r\nhello\r\n1 \r\n \r\n5\r\nworld\r\n0\r\nX-Trailer: 1\r\n\r\n")
            << QByteArray("hello world");
        QTest::newRow("empty") << QByteArray::fromStdString(HttpStubServer::answer(200, "")) << QByteArray();
    }

    void framings()
    {
        QFETCH(QByteArray, answer);
        QFETCH(QByteArray, expected);
        HttpStubServer server([&answer](const std::string&) { return HttpStubServer::Reply{answer.toStdString()}; });
        const HttpEndpoint endpoint = endpointOf(server);
        const std::string request = runlens::collect::httpRequest("GET", "/metrics", endpoint, "Accept: text/plain\r\n");
        HttpExchange exchange;
        runOne(exchange, endpoint, request);
        QVERIFY2(exchange.failure() == HttpFailure::None, exchange.detail().c_str());
        QCOMPARE(exchange.status(), 200);
        QCOMPARE(exchange.body().size(), std::size_t(expected.size()));
        QVERIFY(exchange.body() == std::string_view(expected.constData(), std::size_t(expected.size())));
        QCOMPARE(server.requests().size(), std::size_t(1));
        QCOMPARE(server.requests()[0],
                 "GET /metrics HTTP/1.1\r\nHost: " + server.endpoint()
                     + "\r\nUser-Agent: runlens-rec\r\nAccept: text/plain\r\nConnection: close\r\n\r\n");
    }

    void limits_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<int>("filler");
        QTest::addColumn<int>("failure");
        QTest::addColumn<QString>("detail");
        QTest::newRow("declared too large")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 104857600\r\n\r\n") << 0 << int(HttpFailure::TooLarge)
            << QStringLiteral("an answer of 104857600 bytes, more than the 1048576 bytes allowed");
        QTest::newRow("streamed too large") << QByteArray("HTTP/1.1 200 OK\r\n\r\n") << (100 << 20)
                                            << int(HttpFailure::TooLarge)
                                            << QStringLiteral("an answer larger than 1048576 bytes");
        QTest::newRow("chunked too large")
            << QByteArray::fromStdString(HttpStubServer::chunkedAnswer(body(2u << 20), 65536)) << 0
            << int(HttpFailure::TooLarge) << QStringLiteral("an answer larger than 1048576 bytes");
        QTest::newRow("one chunk too large") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                                                           "fffffffffffffffffffffff\r\n")
                                             << 0 << int(HttpFailure::TooLarge)
                                             << QStringLiteral("an answer larger than 1048576 bytes");
        QTest::newRow("header too large") << QByteArray("HTTP/1.1 200 OK\r\nX-Long: ") << (1 << 20)
                                          << int(HttpFailure::TooLarge) << QStringLiteral("a header larger than 4096 bytes");
        QTest::newRow("garbage") << QByteArray("SSH-2.0-OpenSSH_9.2p1\r\n") << 0 << int(HttpFailure::NotHttp)
                                 << QStringLiteral("\"SSH-2.0-OpenSSH_9.2p1..\"");
        QTest::newRow("gzip") << QByteArray("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n\x1f\x8b")
                              << 0 << int(HttpFailure::NotHttp) << QStringLiteral("unsupported Content-Encoding \"gzip\"");
        QTest::newRow("cut short") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort") << 0
                                   << int(HttpFailure::NotHttp)
                                   << QStringLiteral("an answer cut short: Content-Length 100, 5 bytes received");
        QTest::newRow("chunks cut short") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")
                                          << 0 << int(HttpFailure::NotHttp)
                                          << QStringLiteral("an answer cut short in its chunked body");
        QTest::newRow("bad chunk size") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") << 0
                                        << int(HttpFailure::NotHttp)
                                        << QStringLiteral("a chunked body with a malformed chunk size \"zz\"");
        QTest::newRow("chunk longer than its size")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n") << 0
            << int(HttpFailure::NotHttp)
            << QStringLiteral("a chunked body whose chunk does not end where its size says");
        QTest::newRow("closed") << QByteArray() << 0 << int(HttpFailure::Closed) << QString();
    }

    void limits()
    {
        QFETCH(QByteArray, answer);
        QFETCH(int, filler);
        QFETCH(int, failure);
        QFETCH(QString, detail);
        HttpStubServer server([&](const std::string&) {
            return HttpStubServer::Reply{answer.toStdString(), std::size_t(filler)};
        });
        const HttpEndpoint endpoint = endpointOf(server);
        const std::string request = runlens::collect::httpRequest("GET", "/", endpoint);
        HttpExchange exchange;
        runOne(exchange, endpoint, request);
        QCOMPARE(int(exchange.failure()), failure);
        QVERIFY2(QString::fromStdString(exchange.detail()).contains(detail), exchange.detail().c_str());
        // Bounded by the limit, not by what the server offered.
        QVERIFY(exchange.bytesReceived() < (2u << 20) + 100000);
    }

    void chunkedCanBeRefused()
    {
        HttpStubServer server([](const std::string&) { return HttpStubServer::Reply{HttpStubServer::chunkedAnswer("abc", 2)}; });
        const HttpEndpoint endpoint = endpointOf(server);
        const std::string request = runlens::collect::httpRequest("GET", "/", endpoint);
        HttpExchange exchange;
        runOne(exchange, endpoint, request, HttpLimits{4096, 4096, false});
        QVERIFY(exchange.failure() == HttpFailure::NotHttp);
        QCOMPARE(exchange.detail(), std::string("unsupported Transfer-Encoding \"chunked\""));
    }

    void aHungServerDoesNotHoldUpTheOthers()
    {
        HttpStubServer hung([](const std::string&) { return HttpStubServer::Reply{{}, 0, true}; });
        HttpStubServer good([](const std::string&) { return HttpStubServer::Reply{HttpStubServer::answer(200, "ok 1\n")}; });
        std::string refusedUrl;
        {
            HttpStubServer gone([](const std::string&) { return HttpStubServer::Reply{}; });
            refusedUrl = gone.url();
        }
        HttpUrl refused;
        QVERIFY(parseHttpUrl(refusedUrl, refused).empty());
        const HttpEndpoint hungEndpoint = endpointOf(hung);
        const HttpEndpoint goodEndpoint = endpointOf(good);
        const std::string request = runlens::collect::httpRequest("GET", "/", goodEndpoint);
        HttpExchange a, b, c;
        a.start(hungEndpoint, request, kLimits);
        b.start(goodEndpoint, request, kLimits);
        c.start(refused.endpoint, request, kLimits);
        HttpExchange* const exchanges[] = {&a, &b, &c};
        std::vector<pollfd> fds;
        runExchanges(exchanges, HttpExchange::Clock::now() + std::chrono::seconds(1), fds);
        QVERIFY(a.finished() && b.finished() && c.finished());
        QVERIFY(a.failure() == HttpFailure::Timeout);
        QCOMPARE(a.detail(), std::string()); // not a byte came
        QVERIFY(b.failure() == HttpFailure::None);
        QVERIFY(b.body() == "ok 1\n");
        QVERIFY(c.failure() == HttpFailure::Unreachable);
        QCOMPARE(c.detail(), std::string("Connection refused"));
    }

    void aSteadyExchangeAllocatesNothing()
    {
        const std::string text = body(200000);
        HttpStubServer server([&text](const std::string&) { return HttpStubServer::Reply{HttpStubServer::chunkedAnswer(text, 4096)}; });
        const HttpEndpoint endpoint = endpointOf(server);
        const std::string request = runlens::collect::httpRequest("GET", "/metrics", endpoint);
        HttpExchange exchange;
        HttpExchange* const exchanges[] = {&exchange};
        std::vector<pollfd> fds;
        for (int round = 0; round < 5; ++round) {
            g_allocations = 0;
            g_countAllocations = round >= 2; // after two exchanges the buffers have their size
            exchange.start(endpoint, request, kLimits);
            runExchanges(exchanges, HttpExchange::Clock::now() + std::chrono::seconds(20), fds);
            g_countAllocations = false;
            QVERIFY(exchange.failure() == HttpFailure::None);
            QVERIFY(exchange.body() == text);
            if (round >= 2)
                QCOMPARE(g_allocations, std::size_t(0));
        }
    }

    void urls_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("expected"); // host header and path, or the error
        QTest::newRow("ipv4") << QStringLiteral("http://127.0.0.1:9100/metrics") << QStringLiteral("127.0.0.1:9100 /metrics");
        QTest::newRow("localhost") << QStringLiteral("http://localhost:8080/stats?format=prometheus")
                                   << QStringLiteral("127.0.0.1:8080 /stats?format=prometheus");
        QTest::newRow("default port and path") << QStringLiteral("http://10.1.2.3") << QStringLiteral("10.1.2.3 /");
        QTest::newRow("ipv6") << QStringLiteral("http://[::1]:9100/metrics") << QStringLiteral("[::1]:9100 /metrics");
        QTest::newRow("query only") << QStringLiteral("http://127.0.0.1:1?x=1") << QStringLiteral("127.0.0.1:1 /?x=1");
        QTest::newRow("https") << QStringLiteral("https://127.0.0.1:9100/metrics")
                               << QStringLiteral("https is not supported; runlens-rec reads local endpoints over plain HTTP");
        QTest::newRow("no scheme") << QStringLiteral("127.0.0.1:9100/metrics")
                                   << QStringLiteral("is not an http:// URL such as http://127.0.0.1:9100/metrics");
        QTest::newRow("host name") << QStringLiteral("http://prometheus.internal:9100/")
                                   << QStringLiteral("host names other than localhost are not resolved");
        QTest::newRow("port 0") << QStringLiteral("http://127.0.0.1:0/") << QStringLiteral("a port from 1 to 65535");
        QTest::newRow("port too large") << QStringLiteral("http://127.0.0.1:70000/") << QStringLiteral("a port from 1 to 65535");
        QTest::newRow("bad address") << QStringLiteral("http://999.1.1.1:80/") << QStringLiteral("is not HOST:PORT");
        QTest::newRow("ipv6 without brackets") << QStringLiteral("http://::1:9100/") << QStringLiteral("is not HOST:PORT");
        QTest::newRow("user") << QStringLiteral("http://me:secret@127.0.0.1:9100/")
                              << QStringLiteral("user names and passwords in the URL are not supported");
        QTest::newRow("space in path") << QStringLiteral("http://127.0.0.1:9100/a b")
                                       << QStringLiteral("the path may hold only printable characters");
        QTest::newRow("header injection") << QStringLiteral("http://127.0.0.1:9100/a\r\nX-Evil: 1")
                                          << QStringLiteral("the path may hold only printable characters");
        QTest::newRow("empty host") << QStringLiteral("http:///metrics") << QStringLiteral("names no host");
    }

    void urls()
    {
        QFETCH(QString, url);
        QFETCH(QString, expected);
        HttpUrl parsed;
        const std::string error = parseHttpUrl(url.toStdString(), parsed);
        const QString result = error.empty()
                                 ? QString::fromStdString(parsed.endpoint.hostHeader + " " + parsed.path)
                                 : QString::fromStdString(error);
        QVERIFY2(error.empty() ? result == expected : result.contains(expected), qPrintable(result));
    }
};

QTEST_GUILESS_MAIN(TestHttpExchange)
#include "tst_httpexchange.moc"
