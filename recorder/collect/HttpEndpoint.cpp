#include "HttpEndpoint.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <algorithm>
#include <charconv>
#include <cstdint>

namespace runlens::collect {

bool parseHostPort(std::string_view text, HttpEndpoint& endpoint)
{
    const std::size_t colon = text.rfind(':');
    if (colon == std::string_view::npos || colon + 1 >= text.size())
        return false;
    std::string host(text.substr(0, colon));
    const std::string_view portText = text.substr(colon + 1);
    unsigned port = 0;
    const auto [end, error] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
    if (error != std::errc() || end != portText.data() + portText.size() || port == 0 || port > 65535)
        return false;

    endpoint.address = {};
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
        endpoint.hostHeader.append(":").append(portText);
        endpoint.label = endpoint.hostHeader;
    }
    return true;
}

std::string parseHttpUrl(std::string_view text, HttpUrl& url)
{
    // Appended, not "\"" + std::string(...): GCC 12 at -O3 reports a false -Wrestrict on prepending
    // to a temporary string (GCC bug 105329).
    std::string quoted = "\"";
    quoted.append(text.substr(0, 200)).append(text.size() > 200 ? "...\"" : "\"");
    constexpr std::string_view kScheme = "http://";
    if (text.starts_with("https://"))
        return quoted + ": https is not supported; runlens-rec reads local endpoints over plain HTTP "
                        "(http://127.0.0.1:PORT/PATH)";
    if (!text.starts_with(kScheme))
        return quoted + " is not an http:// URL such as http://127.0.0.1:9100/metrics";
    std::string_view rest = text.substr(kScheme.size());
    const std::size_t pathStart = rest.find_first_of("/?");
    std::string_view authority = rest.substr(0, pathStart);
    std::string_view path = pathStart == std::string_view::npos ? std::string_view() : rest.substr(pathStart);
    // The path goes into the request line as it is: anything that could end or split that line,
    // or a fragment (never sent to a server), is refused rather than sent.
    const bool pathOk = std::all_of(path.begin(), path.end(), [](char c) { return c > 0x20 && c < 0x7f && c != '#'; });
    if (!pathOk)
        return quoted + ": the path may hold only printable characters without spaces or '#'";
    if (authority.find('@') != std::string_view::npos)
        return quoted + ": user names and passwords in the URL are not supported";
    if (authority.empty())
        return quoted + " names no host";

    std::string hostPort(authority);
    const bool bracketed = hostPort.front() == '[';
    const std::size_t closing = hostPort.find(']');
    const bool hasPort = bracketed ? closing != std::string::npos && closing + 1 < hostPort.size() && hostPort[closing + 1] == ':'
                                   : hostPort.find(':') != std::string::npos;
    if (!hasPort)
        hostPort += ":80";
    const std::size_t colon = hostPort.rfind(':');
    if (hostPort.compare(0, colon, "localhost") == 0)
        hostPort.replace(0, colon, "127.0.0.1");
    if (!parseHostPort(hostPort, url.endpoint)) {
        const std::string_view host = std::string_view(hostPort).substr(0, colon);
        const bool name = !host.empty() && !bracketed
                       && std::any_of(host.begin(), host.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
        if (name)
            return quoted + ": host names other than localhost are not resolved; give an IP address such as 127.0.0.1";
        return quoted.append(": \"").append(authority).append("\" is not HOST:PORT with an IPv4 address, [IPv6] or "
                                                               "localhost and a port from 1 to 65535");
    }
    url.path.clear();
    if (path.empty() || path.front() == '?')
        url.path += '/';
    url.path += path;
    return {};
}

} // namespace runlens::collect
