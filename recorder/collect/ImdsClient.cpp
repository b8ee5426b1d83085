#include "ImdsClient.h"

#include "HttpExchange.h"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <utility>
#include <vector>

namespace runlens::collect {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

constexpr std::string_view kTokenPath = "/latest/api/token";
constexpr std::string_view kDocumentPath = "/latest/dynamic/instance-identity/document";
// The longest TTL IMDS accepts; the token is used for seconds, but a short TTL buys nothing.
constexpr std::string_view kTokenTtlSeconds = "21600";
// IMDS answers are a few hundred bytes with a Content-Length; anything far larger, or chunked, is
// not IMDS.
constexpr HttpLimits kLimits{16 * 1024, 64 * 1024, false};
constexpr std::size_t kMaxTokenBytes = 1024;
constexpr std::size_t kMaxValueBytes = 256;

struct Response {
    HttpFailure failure = HttpFailure::None;
    std::string detail;
    int status = 0;
    std::string body;
};

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
        text.remove_suffix(1);
    return text;
}

// One request on its own connection, bounded by the lookup's deadline.
Response exchange(const HttpEndpoint& endpoint, const std::string& request, Clock::time_point deadline)
{
    HttpExchange http;
    http.start(endpoint, request, kLimits);
    HttpExchange* const exchanges[] = {&http};
    std::vector<pollfd> fds;
    runExchanges(exchanges, deadline, fds);
    return {http.failure(), http.detail(), http.status(), std::string(http.body())};
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
    HttpEndpoint endpoint;
    if (!parseHostPort(m_endpoint, endpoint))
        return unavailable("the instance metadata endpoint \"" + m_endpoint
            + "\" is not IPv4:PORT or [IPv6]:PORT (host names are not resolved)");
    const Clock::time_point deadline = Clock::now() + m_timeout;
    const std::string& where = endpoint.label;

    const auto explain = [&](const Response& response) {
        switch (response.failure) {
        case HttpFailure::Timeout:
            return (response.detail.empty() ? "no answer" : response.detail) + " from " + where + " within "
                + formatSeconds(m_timeout) + " s";
        case HttpFailure::Unreachable:
            return where + ": " + response.detail;
        case HttpFailure::Closed:
            return where + " closed the connection without answering";
        case HttpFailure::NotHttp:
        case HttpFailure::TooLarge:
            return where + " does not answer like the EC2 instance metadata service: " + response.detail;
        case HttpFailure::None:
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
        httpRequest("PUT", kTokenPath, endpoint,
            "Accept: */*\r\nX-aws-ec2-metadata-token-ttl-seconds: " + std::string(kTokenTtlSeconds) + "\r\n"),
        deadline);
    if (token.failure != HttpFailure::None)
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
        garbled.failure = HttpFailure::NotHttp;
        garbled.detail = "a session token " + printableSnippet(token.body);
        return unavailable(notOnEc2(garbled));
    }
    const std::string tokenHeader = "Accept: */*\r\nX-aws-ec2-metadata-token: " + std::string(tokenText) + "\r\n";

    const Response document = exchange(endpoint, httpRequest("GET", kDocumentPath, endpoint, tokenHeader), deadline);
    std::string documentProblem;
    if (document.failure == HttpFailure::None && document.status == 200) {
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
        if (value.failure == HttpFailure::None && value.status == 200 && plausibleValue(text)) {
            result[key] = std::string(text);
        } else if (std::string_view(key) == "instance_id") {
            const std::string problem = value.failure == HttpFailure::None && value.status == 200
                ? std::string(path) + " is not an instance id: " + printableSnippet(value.body)
                : failed(path, value);
            return unavailable("the instance metadata service at " + where
                + " gave a token but no identity: " + documentProblem + "; " + problem);
        }
    }
    return result;
}

} // namespace runlens::collect
