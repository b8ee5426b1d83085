#include "ImdsClient.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <optional>
#include <string_view>
#include <utility>

namespace runlens::collect {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

constexpr std::string_view kTokenPath = "/latest/api/token";
constexpr std::string_view kDocumentPath = "/latest/dynamic/instance-identity/document";
// The longest TTL IMDS accepts; the token is used for seconds, but a short TTL buys nothing.
constexpr std::string_view kTokenTtlSeconds = "21600";
// IMDS answers are a few hundred bytes; anything far larger is not IMDS.
constexpr std::size_t kMaxHeaderBytes = 16 * 1024;
constexpr std::size_t kMaxBodyBytes = 64 * 1024;
constexpr std::size_t kMaxTokenBytes = 1024;
constexpr std::size_t kMaxValueBytes = 256;

struct Endpoint {
    sockaddr_storage address {};
    socklen_t length = 0;
    std::string hostHeader; // what the Host: header carries
    std::string label; // how reasons name it: "169.254.169.254", "127.0.0.1:8080"
};

bool parseEndpoint(const std::string& text, Endpoint& endpoint)
{
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon + 1 >= text.size())
        return false;
    std::string host = text.substr(0, colon);
    const std::string_view portText = std::string_view(text).substr(colon + 1);
    unsigned port = 0;
    const auto [end, error] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
    if (error != std::errc() || end != portText.data() + portText.size() || port == 0 || port > 65535)
        return false;

    const bool ipv6 = host.size() >= 2 && host.front() == '[' && host.back() == ']';
    if (ipv6) {
        host = host.substr(1, host.size() - 2);
        auto* address = reinterpret_cast<sockaddr_in6*>(&endpoint.address);
        if (::inet_pton(AF_INET6, host.c_str(), &address->sin6_addr) != 1)
            return false;
        address->sin6_family = AF_INET6;
        address->sin6_port = htons(std::uint16_t(port));
        endpoint.length = sizeof(sockaddr_in6);
        endpoint.hostHeader = "[" + host + "]";
    } else {
        auto* address = reinterpret_cast<sockaddr_in*>(&endpoint.address);
        if (::inet_pton(AF_INET, host.c_str(), &address->sin_addr) != 1)
            return false;
        address->sin_family = AF_INET;
        address->sin_port = htons(std::uint16_t(port));
        endpoint.length = sizeof(sockaddr_in);
        endpoint.hostHeader = host;
    }
    endpoint.label = endpoint.hostHeader;
    if (port != 80) {
        endpoint.hostHeader += ":" + std::string(portText);
        endpoint.label = endpoint.hostHeader;
    }
    return true;
}

// How an exchange ended; identity() words the reason from it.
enum class Failure {
    None,
    NoAnswer, // nothing (or not all) arrived before the deadline: the usual outcome off EC2
    Unreachable, // the connection was refused or there is no route
    Closed, // the peer closed without a word
    NotImds, // something answered, but not HTTP as IMDS speaks it
};

struct Response {
    Failure failure = Failure::None;
    std::string detail;
    int status = 0;
    std::string body;
};

class Socket {
public:
    explicit Socket(int fd)
        : m_fd(fd)
    {
    }
    ~Socket()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Socket(const Socket&) = delete;
    Socket& operator=(const Socket&) = delete;
    int fd() const { return m_fd; }

private:
    int m_fd;
};

// 1 when ready, 0 at the deadline, -1 on a poll error.
int waitFor(int fd, short events, Clock::time_point deadline)
{
    for (;;) {
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0)
            return 0;
        pollfd entry { fd, events, 0 };
        const int ready = ::poll(&entry, 1, int(left));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            return -1;
        if (ready > 0)
            return 1;
    }
}

std::string printableSnippet(std::string_view data)
{
    std::string snippet = "\"";
    for (const char c : data.substr(0, 40))
        snippet += (c >= 0x20 && c < 0x7f) ? c : '.';
    return snippet + (data.size() > 40 ? "...\"" : "\"");
}

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
        text.remove_suffix(1);
    return text;
}

// Parses the status line and the headers that matter. Transfer encodings other than identity are
// refused: IMDS always sends Content-Length, so chunked text means something else is answering.
bool parseHead(std::string_view head, int& status, std::optional<std::size_t>& contentLength, std::string& error)
{
    const std::size_t lineEnd = head.find("\r\n");
    const std::string_view statusLine = head.substr(0, lineEnd);
    if (statusLine.size() < 12 || !statusLine.starts_with("HTTP/1.") || statusLine[8] != ' ') {
        error = "not an HTTP/1.x status line: " + printableSnippet(statusLine);
        return false;
    }
    const auto [end, parseError] = std::from_chars(statusLine.data() + 9, statusLine.data() + 12, status);
    if (parseError != std::errc() || end != statusLine.data() + 12 || status < 100 || status > 599
        || (statusLine.size() > 12 && statusLine[12] != ' ')) {
        error = "not an HTTP/1.x status line: " + printableSnippet(statusLine);
        return false;
    }
    std::string_view rest = lineEnd == std::string_view::npos ? std::string_view() : head.substr(lineEnd + 2);
    while (!rest.empty()) {
        const std::size_t next = rest.find("\r\n");
        const std::string_view line = rest.substr(0, next);
        rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 2);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0) {
            error = "malformed header line " + printableSnippet(line);
            return false;
        }
        const std::string_view name = line.substr(0, colon);
        const std::string_view value = trimmed(line.substr(colon + 1));
        if (equalsIgnoringCase(name, "Content-Length")) {
            std::size_t length = 0;
            const auto [valueEnd, valueError] = std::from_chars(value.data(), value.data() + value.size(), length);
            if (valueError != std::errc() || valueEnd != value.data() + value.size() || value.empty()
                || (contentLength && *contentLength != length)) {
                error = "invalid Content-Length " + printableSnippet(value);
                return false;
            }
            if (length > kMaxBodyBytes) {
                error = "an answer of " + std::to_string(length) + " bytes, far larger than IMDS sends";
                return false;
            }
            contentLength = length;
        } else if (equalsIgnoringCase(name, "Transfer-Encoding") && !equalsIgnoringCase(value, "identity")) {
            error = "unsupported Transfer-Encoding " + printableSnippet(value);
            return false;
        }
    }
    return true;
}

// One request on its own connection ("Connection: close"), bounded by the exchange's deadline.
Response exchange(const Endpoint& endpoint, const std::string& request, Clock::time_point deadline)
{
    Response response;
    const auto fail = [&response](Failure failure, std::string detail) {
        response.failure = failure;
        response.detail = std::move(detail);
        return response;
    };

    Socket socket(::socket(endpoint.address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
    if (socket.fd() < 0)
        return fail(Failure::Unreachable, std::strerror(errno));
    if (::connect(socket.fd(), reinterpret_cast<const sockaddr*>(&endpoint.address), endpoint.length) != 0
        && errno != EINPROGRESS)
        return fail(Failure::Unreachable, std::strerror(errno));
    const int connected = waitFor(socket.fd(), POLLOUT, deadline);
    if (connected == 0)
        return fail(Failure::NoAnswer, {});
    int socketError = 0;
    socklen_t errorLength = sizeof socketError;
    if (connected < 0 || ::getsockopt(socket.fd(), SOL_SOCKET, SO_ERROR, &socketError, &errorLength) != 0)
        return fail(Failure::Unreachable, std::strerror(errno));
    if (socketError == ETIMEDOUT)
        return fail(Failure::NoAnswer, {});
    if (socketError != 0)
        return fail(Failure::Unreachable, std::strerror(socketError));

    for (std::size_t sent = 0; sent < request.size();) {
        const ssize_t n = ::send(socket.fd(), request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
        if (n >= 0) {
            sent += std::size_t(n);
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            return fail(Failure::Closed, std::strerror(errno));
        if (const int ready = waitFor(socket.fd(), POLLOUT, deadline); ready <= 0)
            return fail(ready == 0 ? Failure::NoAnswer : Failure::Unreachable, {});
    }

    std::string data;
    std::size_t headEnd = std::string::npos;
    std::optional<std::size_t> contentLength;
    char buffer[4096];
    for (;;) {
        if (headEnd != std::string::npos && contentLength && data.size() >= headEnd + 4 + *contentLength)
            break;
        const int ready = waitFor(socket.fd(), POLLIN, deadline);
        if (ready == 0)
            return fail(Failure::NoAnswer, data.empty() ? std::string() : "an incomplete answer");
        if (ready < 0)
            return fail(Failure::Unreachable, std::strerror(errno));
        const ssize_t n = ::recv(socket.fd(), buffer, sizeof buffer, 0);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
                continue;
            if (data.empty())
                return fail(Failure::Closed, std::strerror(errno));
            break; // a reset after some data: judged below like an early close
        }
        if (n == 0)
            break;
        data.append(buffer, std::size_t(n));
        // Garbage is recognised from its first bytes, without waiting for the deadline.
        if (const std::size_t prefix = std::min<std::size_t>(data.size(), 5);
            data.compare(0, prefix, "HTTP/", prefix) != 0)
            return fail(Failure::NotImds, printableSnippet(data));
        if (headEnd == std::string::npos) {
            headEnd = data.find("\r\n\r\n");
            if (headEnd == std::string::npos) {
                if (data.size() > kMaxHeaderBytes)
                    return fail(Failure::NotImds, "a header larger than " + std::to_string(kMaxHeaderBytes) + " bytes");
                continue;
            }
            std::string error;
            if (!parseHead(std::string_view(data).substr(0, headEnd), response.status, contentLength, error))
                return fail(Failure::NotImds, error);
        }
        if (data.size() > headEnd + 4 + kMaxBodyBytes)
            return fail(Failure::NotImds, "an answer larger than " + std::to_string(kMaxBodyBytes) + " bytes");
    }

    if (data.empty())
        return fail(Failure::Closed, {});
    if (headEnd == std::string::npos)
        return fail(Failure::NotImds, "an answer cut short in its header: " + printableSnippet(data));
    response.body = data.substr(headEnd + 4);
    if (contentLength) {
        if (response.body.size() < *contentLength)
            return fail(Failure::NotImds,
                "an answer cut short: Content-Length " + std::to_string(*contentLength) + ", "
                    + std::to_string(response.body.size()) + " bytes received");
        response.body.resize(*contentLength);
    }
    return response;
}

std::string httpRequest(
    std::string_view method, std::string_view path, const Endpoint& endpoint, std::string_view header)
{
    std::string request;
    request.append(method).append(" ").append(path).append(" HTTP/1.1\r\n");
    request.append("Host: ").append(endpoint.hostHeader).append("\r\n");
    request.append("User-Agent: runlens-rec\r\nAccept: */*\r\n");
    request.append(header).append("\r\n");
    if (method == "PUT")
        request.append("Content-Length: 0\r\n");
    request.append("Connection: close\r\n\r\n");
    return request;
}

// A metadata value is a short line of printable ASCII (ids, regions, zones, types).
bool plausibleValue(std::string_view text)
{
    return !text.empty() && text.size() <= kMaxValueBytes
        && std::all_of(text.begin(), text.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

std::string formatSeconds(std::chrono::milliseconds timeout)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, double(timeout.count()) / 1000.0).ptr;
    return std::string(text, end);
}

json unavailable(std::string reason)
{
    return { { "available", false }, { "reason", std::move(reason) } };
}

} // namespace

ImdsClient::ImdsClient(std::string endpoint, std::chrono::milliseconds timeout)
    : m_endpoint(std::move(endpoint))
    , m_timeout(timeout)
{
}

json ImdsClient::identity() const
{
    Endpoint endpoint;
    if (!parseEndpoint(m_endpoint, endpoint))
        return unavailable("the instance metadata endpoint \"" + m_endpoint
            + "\" is not IPv4:PORT or [IPv6]:PORT (host names are not resolved)");
    const Clock::time_point deadline = Clock::now() + m_timeout;
    const std::string& where = endpoint.label;

    const auto explain = [&](const Response& response) {
        switch (response.failure) {
        case Failure::NoAnswer:
            return (response.detail.empty() ? "no answer" : response.detail) + " from " + where + " within "
                + formatSeconds(m_timeout) + " s";
        case Failure::Unreachable:
            return where + ": " + response.detail;
        case Failure::Closed:
            return where + " closed the connection without answering";
        case Failure::NotImds:
            return where + " does not answer like the EC2 instance metadata service: " + response.detail;
        case Failure::None:
            break;
        }
        return where + " answered HTTP " + std::to_string(response.status);
    };
    // Before a token arrives nothing says this is EC2: failures read "not on EC2". After it, the
    // service is there, and failures say which request failed.
    const auto notOnEc2 = [&](const Response& response) { return "not on EC2 (" + explain(response) + ")"; };
    const auto failed = [&](std::string_view what, const Response& response) {
        return std::string(what) + " failed: " + explain(response);
    };

    const Response token = exchange(endpoint,
        httpRequest(
            "PUT", kTokenPath, endpoint, "X-aws-ec2-metadata-token-ttl-seconds: " + std::string(kTokenTtlSeconds)),
        deadline);
    if (token.failure != Failure::None)
        return unavailable(notOnEc2(token));
    if (token.status != 200) {
        // 403: IMDS is disabled for the instance; 404/405: another cloud's metadata service
        // (GCP, Azure and OpenStack also listen on 169.254.169.254) or IMDSv1 only.
        return unavailable("not on EC2, or the instance metadata service is disabled (" + where + " answered HTTP "
            + std::to_string(token.status) + " to the IMDSv2 token request)");
    }
    const std::string_view tokenText = trimmed(token.body);
    if (tokenText.empty() || tokenText.size() > kMaxTokenBytes
        || !std::all_of(tokenText.begin(), tokenText.end(), [](char c) { return c > 0x20 && c < 0x7f; })) {
        // The token goes into a header line: anything but printable ASCII is refused, not sent.
        Response garbled;
        garbled.failure = Failure::NotImds;
        garbled.detail = "a session token " + printableSnippet(token.body);
        return unavailable(notOnEc2(garbled));
    }
    const std::string tokenHeader = "X-aws-ec2-metadata-token: " + std::string(tokenText);

    const Response document = exchange(endpoint, httpRequest("GET", kDocumentPath, endpoint, tokenHeader), deadline);
    std::string documentProblem;
    if (document.failure == Failure::None && document.status == 200) {
        const json parsed = json::parse(document.body, nullptr, false);
        if (parsed.is_object() && parsed.contains("instanceId") && parsed["instanceId"].is_string()) {
            json result
                = { { "available", true }, { "source", "instance-identity-document" }, { "endpoint", m_endpoint } };
            const std::pair<const char*, const char*> fields[] = {
                { "instanceType", "instance_type" },
                { "imageId", "image_id" },
                { "instanceId", "instance_id" },
                { "region", "region" },
                { "availabilityZone", "availability_zone" },
                { "architecture", "architecture" },
            };
            for (const auto& [from, to] : fields) {
                if (const auto it = parsed.find(from); it != parsed.end() && it->is_string())
                    result[to] = *it;
            }
            return result;
        }
        documentProblem = "the identity document is not the expected JSON: " + printableSnippet(document.body);
    } else {
        documentProblem = failed("the identity document", document);
    }

    // The document is the one answer with everything; the single values are the fallback
    // (a metadata proxy that only forwards meta-data/, for example).
    json result = { { "available", true }, { "source", "meta-data" }, { "endpoint", m_endpoint } };
    const std::pair<const char*, const char*> paths[] = {
        { "/latest/meta-data/instance-id", "instance_id" },
        { "/latest/meta-data/instance-type", "instance_type" },
        { "/latest/meta-data/ami-id", "image_id" },
        { "/latest/meta-data/placement/region", "region" },
        { "/latest/meta-data/placement/availability-zone", "availability_zone" },
    };
    for (const auto& [path, key] : paths) {
        const Response value = exchange(endpoint, httpRequest("GET", path, endpoint, tokenHeader), deadline);
        const std::string_view text = trimmed(value.body);
        if (value.failure == Failure::None && value.status == 200 && plausibleValue(text)) {
            result[key] = std::string(text);
        } else if (std::string_view(key) == "instance_id") {
            const std::string problem = value.failure == Failure::None && value.status == 200
                ? std::string(path) + " is not an instance id: " + printableSnippet(value.body)
                : failed(path, value);
            return unavailable("the instance metadata service at " + where
                + " gave a token but no identity: " + documentProblem + "; " + problem);
        }
    }
    return result;
}

} // namespace runlens::collect
