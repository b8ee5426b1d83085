// The IMDSv2 client against stub servers on 127.0.0.1 (never any other address): one that answers
// like EC2, one that never answers, one that closes, and several that answer garbage.
#include "HttpStubServer.h"
#include "ImdsClient.h"

#include <QTest>

#include <string>
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
    return HttpStubServer::answer(status, body, "Content-Type: text/plain\r\nServer: EC2ws\r\n");
}

// The metadata service, and the ways something else on its address answers.
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
        , m_server([this](const std::string& request) { return reply(request); })
    {
    }

    std::string endpoint() const { return m_server.endpoint(); }
    std::vector<std::string> requests() const { return m_server.requests(); }

private:
    HttpStubServer::Reply reply(const std::string& request) const
    {
        HttpStubServer::Reply reply;
        if (m_mode == Mode::Silent)
            reply.hold = true;
        else if (m_mode != Mode::CloseAtOnce)
            reply.bytes = answer(request);
        return reply;
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
    HttpStubServer m_server;
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
                              << QStringLiteral("an answer of 99999999999 bytes, more than the 65536 bytes allowed");
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
