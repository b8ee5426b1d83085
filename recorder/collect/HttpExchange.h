// The recorder's one HTTP client: a request and its answer over a plain socket, HTTP/1.1 with
// "Connection: close", bounded by a deadline and by size limits. It serves the EC2 metadata lookup
// (ImdsClient) and `--scrape` (ScrapeCollector), both local, neither with TLS, and neither worth an
// HTTP library on hosts that get one static binary.
//
// An exchange is a non-blocking state machine so that one poll() drives several at once: every
// --scrape endpoint of an interval shares one deadline instead of queueing behind a hung one. Its
// buffers are kept from one exchange to the next, so a steady scrape allocates nothing.
#pragma once

#include "HttpEndpoint.h"

#include <poll.h>

#include <chrono>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::collect {

// How an exchange ended. Callers word the reason for their users from it and detail().
enum class HttpFailure {
    None,
    Timeout, // nothing, or not all, arrived before the deadline
    Unreachable, // the connection was refused or there is no route
    Closed, // the peer closed (or reset) without a word
    NotHttp, // something answered, but not HTTP/1.x (detail() says what was wrong)
    TooLarge, // the header or the body went beyond its limit
};

struct HttpLimits {
    std::size_t headerBytes = 16 * 1024;
    std::size_t bodyBytes = 64 * 1024;
    bool chunked = true; // whether Transfer-Encoding: chunked is accepted
};

// A request line, Host, User-Agent, `extraHeaders` (each ending in \r\n) and Connection: close.
std::string httpRequest(std::string_view method, std::string_view path, const HttpEndpoint& endpoint,
                        std::string_view extraHeaders = {});

// Bytes from the wire quoted for a message: the first 40, non-printable ones as '.'.
std::string printableSnippet(std::string_view data);

class HttpExchange
{
public:
    using Clock = std::chrono::steady_clock;

    HttpExchange() = default;
    ~HttpExchange();
    HttpExchange(const HttpExchange&) = delete;
    HttpExchange& operator=(const HttpExchange&) = delete;

    // Connects and queues request, which must stay alive until the exchange has finished.
    void start(const HttpEndpoint& endpoint, std::string_view request, const HttpLimits& limits);

    bool finished() const { return m_state == State::Finished; }
    int fd() const { return m_fd; }
    short events() const; // what to poll for while not finished
    void advance(); // after poll() reported the fd (readable, writable or an error)
    void expire(); // the deadline passed: finishes as Timeout

    HttpFailure failure() const { return m_failure; }
    const std::string& detail() const { return m_detail; } // what went wrong, for a message
    int status() const { return m_status; }
    std::string_view body() const { return {m_data.data() + m_bodyStart, m_bodyEnd - m_bodyStart}; }
    std::size_t bytesReceived() const { return m_wireBytes; }

private:
    enum class State { Finished, Connecting, Sending, Receiving };
    enum class Framing { Unknown, Length, Chunked, UntilClose };
    enum class ChunkState { Size, Data, DataEnd, Trailer };

    void fail(HttpFailure failure, std::string detail);
    void finish();
    void closeSocket();
    void receive();
    bool parseHead(); // false when it failed the exchange
    void decodeChunks(); // in place, from m_chunkCursor up to m_received
    void checkComplete(); // the peer closed: is the answer whole?

    State m_state = State::Finished;
    int m_fd = -1;
    HttpLimits m_limits;
    std::string_view m_request;
    std::size_t m_sent = 0;

    HttpFailure m_failure = HttpFailure::None;
    std::string m_detail;
    int m_status = 0;

    std::string m_data; // the raw answer, then the body decoded in place; its size only grows
    std::size_t m_received = 0; // bytes of m_data holding data
    std::size_t m_wireBytes = 0;
    std::size_t m_headScanned = 0;
    std::size_t m_headEnd = std::string::npos; // the offset of the blank line
    std::size_t m_bodyStart = 0;
    std::size_t m_bodyEnd = 0;
    Framing m_framing = Framing::Unknown;
    std::size_t m_contentLength = 0;
    ChunkState m_chunkState = ChunkState::Size;
    std::size_t m_chunkLeft = 0;
    std::size_t m_chunkCursor = 0; // the first raw byte not decoded yet
};

// Drives the exchanges that have not finished yet until each has, or the deadline passes. fds is
// scratch space the caller keeps so that repeated calls allocate nothing.
void runExchanges(std::span<HttpExchange* const> exchanges, HttpExchange::Clock::time_point deadline,
                  std::vector<pollfd>& fds);

} // namespace runlens::collect
