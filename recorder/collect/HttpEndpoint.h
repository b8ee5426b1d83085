// Where the recorder's HTTP client connects: a numeric address and port, and how requests and
// messages name it. Host names are never resolved: a lookup could block past a deadline, and the
// static runlens-rec has no NSS to resolve them with. `localhost` is the one name known, as 127.0.0.1.
#pragma once

#include <sys/socket.h>

#include <string>
#include <string_view>

namespace runlens::collect {

struct HttpEndpoint {
    sockaddr_storage address {};
    socklen_t length = 0;
    std::string hostHeader; // what the Host: header carries
    std::string label; // how messages name it: "169.254.169.254", "127.0.0.1:9100"
};

// "IPv4:PORT" or "[IPv6]:PORT"; false for anything else.
bool parseHostPort(std::string_view text, HttpEndpoint& endpoint);

struct HttpUrl {
    HttpEndpoint endpoint;
    std::string path; // "/metrics", with its query if any
};

// http://HOST[:PORT][/PATH] where HOST is an IPv4 address, [IPv6] or localhost (127.0.0.1) and PORT
// defaults to 80. Returns an empty string and fills url, or a sentence saying what is wrong with
// text ("https is not supported ...").
std::string parseHttpUrl(std::string_view text, HttpUrl& url);

} // namespace runlens::collect
