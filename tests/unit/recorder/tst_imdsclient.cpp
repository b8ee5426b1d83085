// The IMDSv2 client against stub servers on 127.0.0.1 (never any other address): one that answers
// like EC2, one that never answers, one that closes, and several that answer garbage.
#include "ImdsClient.h"

#include <QTest>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using runlens::collect::ImdsClient;

namespace {

const std::string kToken = "AQAEAHwcZ3Vv7Fq2-stub-token==";

const char* const kDocument = R"({
  "accountId" : "123456789012",
  "architecture" : "arm64",
  "availabilityZone" : "eu-west-1b",
  "billingProducts" : null,
  "devpayProductCodes" : null,
  "marketplaceProductCodes" : null,
  "imageId" : "ami-0abcdef1234567890",
  "instanceId" : "i-0123456789abcdef0",
  "instanceType" : "c7g.2xlarge",
  "kernelId" : null,
  "pendingTime" : "2024-08-05T10:11:12Z",
  "privateIp" : "10.0.1.23",
  "ramdiskId" : null,
  "region" : "eu-west-1",
  "version" : "2017-09-30"
})";

std::string httpAnswer(int status, const std::string& body)
{
    const char* reason = status == 200 ? "OK"
        : status == 401                ? "Unauthorized"
        : status == 403                ? "Forbidden"
                                       : "Not Found";
    return "HTTP/1.1 " + std::to_string(status) + " " + reason
        + "\r\nContent-Type: text/plain\r\nServer: EC2ws\r\nContent-Length: " + std::to_string(body.size())
        + "\r\nConnection: close\r\n\r\n" + body;
}

// A one-connection-at-a-time HTTP stub on 127.0.0.1 with a port the kernel picks.
class StubServer {
public:
    enum class Mode {
        Imds, // answers like EC2
        DocumentMissing, // like EC2, but the identity document is 404: the client falls back to meta-data
        Silent, // accepts and never says a word
        CloseAtOnce, // accepts and closes
        Garbage, // not HTTP at all
        Chunked, // HTTP, but a transfer encoding IMDS never uses
        Forbidden, // IMDS disabled: 403 to the token request
        Truncated, // fewer bytes than Content-Length, then close
        HugeLength, // a Content-Length no metadata answer has
        BadToken, // a "token" that would inject a header
        NoIdentity, // a token, then HTML instead of the document and 404 for meta-data
    };

    explicit StubServer(Mode mode)
        : m_mode(mode)
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (m_listen < 0 || ::bind(m_listen, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0
            || ::listen(m_listen, 16) != 0
            || ::getsockname(m_listen, reinterpret_cast<sockaddr*>(&address), &length) != 0
            || ::pipe2(m_stop, O_CLOEXEC) != 0)
            qFatal("cannot start the stub server: %s", std::strerror(errno));
        m_port = ntohs(address.sin_port);
        m_thread = std::thread([this] { run(); });
    }

    ~StubServer()
    {
        [[maybe_unused]] const ssize_t written = ::write(m_stop[1], "x", 1);
        m_thread.join();
        ::close(m_listen);
        ::close(m_stop[0]);
        ::close(m_stop[1]);
    }

    std::string endpoint() const { return "127.0.0.1:" + std::to_string(m_port); }

    std::vector<std::string> requests() const
    {
        std::lock_guard lock(m_mutex);
        return m_requests;
    }

private:
    void run()
    {
        std::vector<int> held;
        for (;;) {
            pollfd fds[2] = { { m_listen, POLLIN, 0 }, { m_stop[0], POLLIN, 0 } };
            if (::poll(fds, 2, -1) < 0 && errno != EINTR)
                break;
            if (fds[1].revents != 0)
                break;
            if ((fds[0].revents & POLLIN) == 0)
                continue;
            const int connection = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (connection < 0)
                continue;
            if (m_mode == Mode::Silent) {
                held.push_back(connection); // open until the test ends, never answered
                continue;
            }
            if (m_mode != Mode::CloseAtOnce) {
                const std::string request = readRequest(connection);
                {
                    std::lock_guard lock(m_mutex);
                    m_requests.push_back(request);
                }
                sendAll(connection, answer(request));
            }
            ::close(connection);
        }
        for (const int fd : held)
            ::close(fd);
    }

    std::string readRequest(int fd)
    {
        std::string request;
        char buffer[1024];
        while (request.find("\r\n\r\n") == std::string::npos) {
            pollfd entry { fd, POLLIN, 0 };
            if (::poll(&entry, 1, 3000) <= 0)
                break;
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0)
                break;
            request.append(buffer, std::size_t(n));
        }
        return request;
    }

    static void sendAll(int fd, const std::string& data)
    {
        for (std::size_t sent = 0; sent < data.size();) {
            const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
            if (n <= 0)
                return;
            sent += std::size_t(n);
        }
    }

    std::string answer(const std::string& request) const
    {
        const bool tokenRequest = request.starts_with("PUT /latest/api/token HTTP/1.1\r\n");
        switch (m_mode) {
        case Mode::Garbage:
            return std::string("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n\0\x01\xff garbage", 43);
        case Mode::Chunked:
            return "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n8\r\nabcdefgh\r\n0\r\n\r\n";
        case Mode::Forbidden:
            return httpAnswer(403, "");
        case Mode::Truncated:
            return "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort";
        case Mode::HugeLength:
            return "HTTP/1.1 200 OK\r\nContent-Length: 99999999999\r\n\r\nx";
        case Mode::BadToken:
            return httpAnswer(200, "abc\r\nX-Injected: yes");
        default:
            break;
        }
        if (tokenRequest) {
            if (request.find("\r\nX-aws-ec2-metadata-token-ttl-seconds: 21600\r\n") == std::string::npos)
                return httpAnswer(400, "");
            return httpAnswer(200, kToken);
        }
        if (request.find("\r\nX-aws-ec2-metadata-token: " + kToken + "\r\n") == std::string::npos)
            return httpAnswer(401, "");
        const auto path
            = [&request](const char* p) { return request.starts_with("GET " + std::string(p) + " HTTP/1.1\r\n"); };
        if (path("/latest/dynamic/instance-identity/document"))
            return m_mode == Mode::DocumentMissing ? httpAnswer(404, "")
                : m_mode == Mode::NoIdentity       ? httpAnswer(200, "<html>captive portal</html>")
                                                   : httpAnswer(200, kDocument);
        if (m_mode == Mode::NoIdentity)
            return httpAnswer(404, "");
        if (path("/latest/meta-data/instance-id"))
            return httpAnswer(200, "i-0fedcba9876543210");
        if (path("/latest/meta-data/instance-type"))
            return httpAnswer(200, "m7i.large");
        if (path("/latest/meta-data/ami-id"))
            return httpAnswer(200, "ami-0123456789abcdef0");
        if (path("/latest/meta-data/placement/region"))
            return httpAnswer(200, "us-east-2");
        return httpAnswer(404, ""); // placement/availability-zone: left out on purpose
    }

    Mode m_mode;
    int m_listen = -1;
    int m_stop[2] = { -1, -1 };
    std::uint16_t m_port = 0;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::vector<std::string> m_requests;
};

QString reasonOf(const nlohmann::json& result)
{
    return QString::fromStdString(result.value("reason", std::string()));
}

} // namespace

class TestImdsClient : public QObject {
    Q_OBJECT

private slots:
    void identityDocument()
    {
        StubServer stub(StubServer::Mode::Imds);
        const nlohmann::json result = ImdsClient(stub.endpoint()).identity();
        QVERIFY2(result.value("available", false), result.dump().c_str());
        QCOMPARE(result["source"].get<std::string>(), std::string("instance-identity-document"));
        QCOMPARE(result["instance_type"].get<std::string>(), std::string("c7g.2xlarge"));
        QCOMPARE(result["image_id"].get<std::string>(), std::string("ami-0abcdef1234567890"));
        QCOMPARE(result["instance_id"].get<std::string>(), std::string("i-0123456789abcdef0"));
        QCOMPARE(result["region"].get<std::string>(), std::string("eu-west-1"));
        QCOMPARE(result["availability_zone"].get<std::string>(), std::string("eu-west-1b"));
        QCOMPARE(result["architecture"].get<std::string>(), std::string("arm64"));
        QCOMPARE(result["endpoint"].get<std::string>(), stub.endpoint());
        QVERIFY(result.dump().find("123456789012") == std::string::npos); // the account id is not kept

        const std::vector<std::string> requests = stub.requests();
        QCOMPARE(requests.size(), std::size_t(2));
        QVERIFY(requests[0].starts_with("PUT /latest/api/token HTTP/1.1\r\n"));
        QVERIFY(requests[0].find("\r\nX-aws-ec2-metadata-token-ttl-seconds: 21600\r\n") != std::string::npos);
        QVERIFY(requests[0].find("\r\nHost: " + stub.endpoint() + "\r\n") != std::string::npos);
        QVERIFY(requests[1].starts_with("GET /latest/dynamic/instance-identity/document HTTP/1.1\r\n"));
        QVERIFY(requests[1].find("\r\nX-aws-ec2-metadata-token: " + kToken + "\r\n") != std::string::npos);
    }

    void metaDataFallback()
    {
        StubServer stub(StubServer::Mode::DocumentMissing);
        const nlohmann::json result = ImdsClient(stub.endpoint()).identity();
        QVERIFY2(result.value("available", false), result.dump().c_str());
        QCOMPARE(result["source"].get<std::string>(), std::string("meta-data"));
        QCOMPARE(result["instance_id"].get<std::string>(), std::string("i-0fedcba9876543210"));
        QCOMPARE(result["instance_type"].get<std::string>(), std::string("m7i.large"));
        QCOMPARE(result["image_id"].get<std::string>(), std::string("ami-0123456789abcdef0"));
        QCOMPARE(result["region"].get<std::string>(), std::string("us-east-2"));
        QVERIFY(!result.contains("availability_zone"));
        const std::vector<std::string> requests = stub.requests();
        QCOMPARE(requests.size(), std::size_t(7));
        for (std::size_t i = 1; i < requests.size(); ++i)
            QVERIFY(requests[i].find("\r\nX-aws-ec2-metadata-token: " + kToken + "\r\n") != std::string::npos);
    }

    void tokenButNoIdentity()
    {
        StubServer stub(StubServer::Mode::NoIdentity);
        const nlohmann::json result = ImdsClient(stub.endpoint()).identity();
        QCOMPARE(result.value("available", true), false);
        const QString where = QString::fromStdString(stub.endpoint());
        QCOMPARE(reasonOf(result),
            QStringLiteral("the instance metadata service at %1 gave a token but no identity: the identity "
                           "document is not the expected JSON: \"<html>captive portal</html>\"; "
                           "/latest/meta-data/instance-id failed: %1 answered HTTP 404")
                .arg(where));
        QCOMPARE(stub.requests().size(), std::size_t(3));
    }

    void neverAnswers()
    {
        StubServer stub(StubServer::Mode::Silent);
        const nlohmann::json result = ImdsClient(stub.endpoint()).identity();
        QCOMPARE(result.value("available", true), false);
        QCOMPARE(reasonOf(result),
            QStringLiteral("not on EC2 (no answer from %1 within 0.9 s)").arg(QString::fromStdString(stub.endpoint())));
        QCOMPARE(result.size(), std::size_t(2));
    }

    void refused()
    {
        // A port that was just free: nothing listens on it.
        std::string endpoint;
        {
            StubServer closed(StubServer::Mode::Imds);
            endpoint = closed.endpoint();
        }
        const nlohmann::json result = ImdsClient(endpoint).identity();
        QCOMPARE(result.value("available", true), false);
        QCOMPARE(reasonOf(result),
            QStringLiteral("not on EC2 (%1: Connection refused)").arg(QString::fromStdString(endpoint)));
    }

    void closesWithoutAnswer()
    {
        StubServer stub(StubServer::Mode::CloseAtOnce);
        const nlohmann::json result = ImdsClient(stub.endpoint()).identity();
        QCOMPARE(result.value("available", true), false);
        const QString reason = reasonOf(result);
        QVERIFY2(reason
                == QStringLiteral("not on EC2 (%1 closed the connection without answering)")
                       .arg(QString::fromStdString(stub.endpoint())),
            qPrintable(reason));
    }

    void garbledAnswers_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not HTTP")
            << int(StubServer::Mode::Garbage)
            << QStringLiteral(
                   "does not answer like the EC2 instance metadata service: \"SSH-2.0-OpenSSH_9.2p1 Debian-2..");
        QTest::newRow("chunked") << int(StubServer::Mode::Chunked)
                                 << QStringLiteral("unsupported Transfer-Encoding \"chunked\"");
        QTest::newRow("truncated") << int(StubServer::Mode::Truncated)
                                   << QStringLiteral("an answer cut short: Content-Length 100, 5 bytes received");
        QTest::newRow("huge") << int(StubServer::Mode::HugeLength)
                              << QStringLiteral("an answer of 99999999999 bytes, far larger than IMDS sends");
        QTest::newRow("header injection")
            << int(StubServer::Mode::BadToken) << QStringLiteral("a session token \"abc..X-Injected: yes\"");
        QTest::newRow("forbidden") << int(StubServer::Mode::Forbidden)
                                   << QStringLiteral("answered HTTP 403 to the IMDSv2 token request");
    }

    void garbledAnswers()
    {
        QFETCH(int, mode);
        QFETCH(QString, expected);
        StubServer stub(static_cast<StubServer::Mode>(mode));
        const nlohmann::json result = ImdsClient(stub.endpoint()).identity();
        QCOMPARE(result.value("available", true), false);
        const QString reason = reasonOf(result);
        QVERIFY2(reason.startsWith(QStringLiteral("not on EC2")), qPrintable(reason));
        QVERIFY2(reason.contains(expected), qPrintable(reason));
        QVERIFY2(reason.contains(QString::fromStdString(stub.endpoint())), qPrintable(reason));
        QCOMPARE(stub.requests().size(), std::size_t(1)); // nothing after a bad token answer
    }

    void endpointMustBeAnAddress()
    {
        // None of these is contacted: they are refused before any socket is made.
        for (const char* endpoint :
            { "localhost:80", "169.254.169.254", "127.0.0.1:0", "127.0.0.1:70000", "999.1.1.1:80", "[::1:80", "" }) {
            const nlohmann::json result = ImdsClient(endpoint).identity();
            QCOMPARE(result.value("available", true), false);
            QVERIFY2(reasonOf(result).contains(QStringLiteral("is not IPv4:PORT or [IPv6]:PORT")), endpoint);
        }
    }

    void shortTimeout()
    {
        StubServer stub(StubServer::Mode::Silent);
        const nlohmann::json result = ImdsClient(stub.endpoint(), std::chrono::milliseconds(150)).identity();
        QCOMPARE(reasonOf(result),
            QStringLiteral("not on EC2 (no answer from %1 within 0.15 s)")
                .arg(QString::fromStdString(stub.endpoint())));
    }
};

QTEST_GUILESS_MAIN(TestImdsClient)
#include "tst_imdsclient.moc"
