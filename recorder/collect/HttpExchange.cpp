#include "HttpExchange.h"

#include "TextCursor.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <utility>

namespace runlens::collect {

namespace {

// A chunk-size line is a hex number and perhaps extensions; far longer is not HTTP.
constexpr std::size_t kMaxChunkLine = 1024;
// What one recv() asks for: large enough that a 1 MB answer takes few calls.
constexpr std::size_t kReadBytes = 64 * 1024;

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

std::string bytesText(std::size_t bytes)
{
    return std::to_string(bytes) + " bytes";
}

} // namespace

std::string httpRequest(std::string_view method, std::string_view path, const HttpEndpoint& endpoint,
                        std::string_view extraHeaders)
{
    std::string request;
    request.append(method).append(" ").append(path).append(" HTTP/1.1\r\n");
    request.append("Host: ").append(endpoint.hostHeader).append("\r\n");
    request.append("User-Agent: runlens-rec\r\n");
    request.append(extraHeaders);
    if (method == "PUT" || method == "POST")
        request.append("Content-Length: 0\r\n");
    request.append("Connection: close\r\n\r\n");
    return request;
}

std::string printableSnippet(std::string_view data)
{
    std::string snippet = "\"";
    for (const char c : data.substr(0, 40))
        snippet += (c >= 0x20 && c < 0x7f) ? c : '.';
    return snippet + (data.size() > 40 ? "...\"" : "\"");
}

HttpExchange::~HttpExchange()
{
    closeSocket();
}

void HttpExchange::closeSocket()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
}

void HttpExchange::start(const HttpEndpoint& endpoint, std::string_view request, const HttpLimits& limits)
{
    closeSocket();
    m_limits = limits;
    m_request = request;
    m_sent = 0;
    m_failure = HttpFailure::None;
    m_detail.clear();
    m_status = 0;
    m_received = 0;
    m_wireBytes = 0;
    m_headScanned = 0;
    m_headEnd = std::string::npos;
    m_bodyStart = m_bodyEnd = 0;
    m_framing = Framing::Unknown;
    m_contentLength = 0;
    m_chunkState = ChunkState::Size;
    m_chunkLeft = 0;
    m_chunkCursor = 0;

    m_fd = ::socket(endpoint.address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (m_fd < 0)
        return fail(HttpFailure::Unreachable, std::strerror(errno));
    if (::connect(m_fd, reinterpret_cast<const sockaddr*>(&endpoint.address), endpoint.length) == 0) {
        m_state = State::Sending;
        return;
    }
    if (errno != EINPROGRESS)
        return fail(HttpFailure::Unreachable, std::strerror(errno));
    m_state = State::Connecting;
}

short HttpExchange::events() const
{
    switch (m_state) {
    case State::Connecting:
    case State::Sending: return POLLOUT;
    case State::Receiving: return POLLIN;
    case State::Finished: break;
    }
    return 0;
}

void HttpExchange::fail(HttpFailure failure, std::string detail)
{
    m_failure = failure;
    m_detail = std::move(detail);
    m_bodyStart = m_bodyEnd = 0;
    // A buffer grown by an answer that was refused for its size is not kept for the next one.
    if (failure == HttpFailure::TooLarge)
        std::string().swap(m_data);
    m_received = 0;
    finish();
}

void HttpExchange::finish()
{
    m_state = State::Finished;
    closeSocket();
}

void HttpExchange::expire()
{
    if (m_state != State::Finished)
        fail(HttpFailure::Timeout, m_wireBytes > 0 ? "an incomplete answer" : std::string());
}

void HttpExchange::advance()
{
    if (m_state == State::Connecting) {
        int socketError = 0;
        socklen_t errorLength = sizeof socketError;
        if (::getsockopt(m_fd, SOL_SOCKET, SO_ERROR, &socketError, &errorLength) != 0)
            return fail(HttpFailure::Unreachable, std::strerror(errno));
        if (socketError == ETIMEDOUT)
            return fail(HttpFailure::Timeout, {});
        if (socketError != 0)
            return fail(HttpFailure::Unreachable, std::strerror(socketError));
        m_state = State::Sending;
    }
    if (m_state == State::Sending) {
        while (m_sent < m_request.size()) {
            const ssize_t n = ::send(m_fd, m_request.data() + m_sent, m_request.size() - m_sent, MSG_NOSIGNAL);
            if (n >= 0) {
                m_sent += std::size_t(n);
                continue;
            }
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return;
            return fail(HttpFailure::Closed, std::strerror(errno));
        }
        m_state = State::Receiving;
        return; // the answer comes later: poll for it
    }
    if (m_state == State::Receiving)
        receive();
}

void HttpExchange::receive()
{
    // The largest raw answer that can still be within the limits: a header, a body, and one
    // chunk-size line not decoded yet.
    const std::size_t cap = m_limits.headerBytes + 4 + m_limits.bodyBytes + kMaxChunkLine + 2;
    while (m_state == State::Receiving) {
        if (m_data.size() - m_received < kReadBytes / 4 && m_data.size() < cap)
            m_data.resize(std::min(cap, std::max(m_data.size() * 2, m_received + kReadBytes)));
        const std::size_t room = std::min(m_data.size() - m_received, kReadBytes);
        if (room == 0)
            return fail(HttpFailure::TooLarge, "an answer larger than " + bytesText(m_limits.bodyBytes));
        const ssize_t n = ::recv(m_fd, m_data.data() + m_received, room, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return;
            if (m_wireBytes == 0)
                return fail(HttpFailure::Closed, std::strerror(errno));
            return checkComplete(); // a reset after some data: judged like an early close
        }
        if (n == 0)
            return checkComplete();
        m_received += std::size_t(n);
        m_wireBytes += std::size_t(n);

        if (m_headEnd == std::string::npos) {
            // Garbage is recognised from its first bytes, without waiting for the deadline.
            const std::size_t prefix = std::min<std::size_t>(m_received, 5);
            if (std::string_view(m_data.data(), prefix) != std::string_view("HTTP/", prefix))
                return fail(HttpFailure::NotHttp, printableSnippet(std::string_view(m_data.data(), m_received)));
            const std::string_view received(m_data.data(), m_received);
            const std::size_t blank = received.find("\r\n\r\n", m_headScanned < 3 ? 0 : m_headScanned - 3);
            if (blank == std::string_view::npos || blank > m_limits.headerBytes) {
                if (m_received > m_limits.headerBytes)
                    return fail(HttpFailure::TooLarge, "a header larger than " + bytesText(m_limits.headerBytes));
                m_headScanned = m_received;
                continue;
            }
            m_headEnd = blank;
            m_bodyStart = m_bodyEnd = m_chunkCursor = blank + 4;
            if (!parseHead())
                return;
        }

        switch (m_framing) {
        case Framing::Length:
            m_bodyEnd = std::min(m_received, m_bodyStart + m_contentLength);
            if (m_bodyEnd - m_bodyStart == m_contentLength)
                return finish();
            break;
        case Framing::UntilClose:
            m_bodyEnd = m_received;
            if (m_bodyEnd - m_bodyStart > m_limits.bodyBytes)
                return fail(HttpFailure::TooLarge, "an answer larger than " + bytesText(m_limits.bodyBytes));
            break;
        case Framing::Chunked:
            decodeChunks();
            break;
        case Framing::Unknown: break;
        }
    }
}

bool HttpExchange::parseHead()
{
    const std::string_view head(m_data.data(), m_headEnd);
    const std::size_t lineEnd = head.find("\r\n");
    const std::string_view statusLine = head.substr(0, lineEnd);
    const auto notHttp = [this](std::string detail) {
        fail(HttpFailure::NotHttp, std::move(detail));
        return false;
    };
    if (statusLine.size() < 12 || !statusLine.starts_with("HTTP/1.") || statusLine[8] != ' ')
        return notHttp("not an HTTP/1.x status line: " + printableSnippet(statusLine));
    const auto [end, parseError] = std::from_chars(statusLine.data() + 9, statusLine.data() + 12, m_status);
    if (parseError != std::errc() || end != statusLine.data() + 12 || m_status < 100 || m_status > 599
        || (statusLine.size() > 12 && statusLine[12] != ' '))
        return notHttp("not an HTTP/1.x status line: " + printableSnippet(statusLine));

    bool haveLength = false;
    bool chunked = false;
    std::string_view rest = lineEnd == std::string_view::npos ? std::string_view() : head.substr(lineEnd + 2);
    while (!rest.empty()) {
        const std::size_t next = rest.find("\r\n");
        const std::string_view line = rest.substr(0, next);
        rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 2);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos || colon == 0)
            return notHttp("malformed header line " + printableSnippet(line));
        const std::string_view name = line.substr(0, colon);
        const std::string_view value = trimBlanks(line.substr(colon + 1));
        if (equalsIgnoringCase(name, "Content-Length")) {
            std::size_t length = 0;
            const auto [valueEnd, valueError] = std::from_chars(value.data(), value.data() + value.size(), length);
            if (valueError != std::errc() || valueEnd != value.data() + value.size() || value.empty()
                || (haveLength && m_contentLength != length))
                return notHttp("invalid Content-Length " + printableSnippet(value));
            if (length > m_limits.bodyBytes) {
                fail(HttpFailure::TooLarge, "an answer of " + bytesText(length) + ", more than the "
                                                + bytesText(m_limits.bodyBytes) + " allowed");
                return false;
            }
            haveLength = true;
            m_contentLength = length;
        } else if (equalsIgnoringCase(name, "Transfer-Encoding")) {
            if (equalsIgnoringCase(value, "chunked") && m_limits.chunked)
                chunked = true;
            else if (!equalsIgnoringCase(value, "identity"))
                return notHttp("unsupported Transfer-Encoding " + printableSnippet(value));
        } else if (equalsIgnoringCase(name, "Content-Encoding") && !equalsIgnoringCase(value, "identity")) {
            // No Accept-Encoding was sent: a compressed body is a server ignoring the request.
            return notHttp("unsupported Content-Encoding " + printableSnippet(value));
        }
    }
    m_framing = chunked ? Framing::Chunked : haveLength ? Framing::Length : Framing::UntilClose;
    if (m_status == 204 || m_status == 304) {
        m_framing = Framing::Length;
        m_contentLength = 0;
    }
    return true;
}

void HttpExchange::decodeChunks()
{
    const auto available = [this] { return std::string_view(m_data.data() + m_chunkCursor, m_received - m_chunkCursor); };
    bool done = false;
    while (!done && m_state == State::Receiving) {
        if (m_chunkState == ChunkState::Size || m_chunkState == ChunkState::Trailer) {
            const std::string_view text = available();
            const std::size_t lineEnd = text.find("\r\n");
            if (lineEnd == std::string_view::npos) {
                if (text.size() > kMaxChunkLine)
                    return fail(HttpFailure::NotHttp, "a chunked body with a malformed chunk-size line");
                break;
            }
            const std::string_view line = text.substr(0, lineEnd);
            m_chunkCursor += lineEnd + 2;
            if (m_chunkState == ChunkState::Trailer) {
                done = line.empty();
                continue;
            }
            const std::string_view digits = trimBlanks(line.substr(0, line.find(';')));
            std::size_t size = 0;
            const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), size, 16);
            if (error == std::errc::result_out_of_range
                || (error == std::errc() && size > m_limits.bodyBytes - (m_bodyEnd - m_bodyStart)))
                return fail(HttpFailure::TooLarge, "an answer larger than " + bytesText(m_limits.bodyBytes));
            if (error != std::errc() || end != digits.data() + digits.size() || digits.empty())
                return fail(HttpFailure::NotHttp, "a chunked body with a malformed chunk size " + printableSnippet(line));
            m_chunkLeft = size;
            m_chunkState = size == 0 ? ChunkState::Trailer : ChunkState::Data;
        } else if (m_chunkState == ChunkState::Data) {
            const std::size_t take = std::min(m_chunkLeft, m_received - m_chunkCursor);
            if (take == 0)
                break;
            std::memmove(m_data.data() + m_bodyEnd, m_data.data() + m_chunkCursor, take);
            m_bodyEnd += take;
            m_chunkCursor += take;
            m_chunkLeft -= take;
            if (m_chunkLeft == 0)
                m_chunkState = ChunkState::DataEnd;
        } else {
            const std::string_view text = available();
            if (text.size() < 2)
                break;
            if (!text.starts_with("\r\n"))
                return fail(HttpFailure::NotHttp, "a chunked body whose chunk does not end where its size says");
            m_chunkCursor += 2;
            m_chunkState = ChunkState::Size;
        }
    }
    if (m_state != State::Receiving)
        return;
    // The raw bytes not decoded yet move down behind the body, so that the buffer holds no more
    // than the body and one partial chunk line however the answer was cut into chunks.
    const std::size_t pending = m_received - m_chunkCursor;
    std::memmove(m_data.data() + m_bodyEnd, m_data.data() + m_chunkCursor, pending);
    m_chunkCursor = m_bodyEnd;
    m_received = m_bodyEnd + pending;
    if (done)
        finish();
}

void HttpExchange::checkComplete()
{
    if (m_state == State::Finished)
        return;
    if (m_wireBytes == 0)
        return fail(HttpFailure::Closed, {});
    if (m_headEnd == std::string::npos)
        return fail(HttpFailure::NotHttp,
                    "an answer cut short in its header: " + printableSnippet(std::string_view(m_data.data(), m_received)));
    switch (m_framing) {
    case Framing::Length:
        if (m_bodyEnd - m_bodyStart < m_contentLength)
            return fail(HttpFailure::NotHttp, "an answer cut short: Content-Length " + std::to_string(m_contentLength) + ", "
                                                  + bytesText(m_bodyEnd - m_bodyStart) + " received");
        break;
    case Framing::Chunked:
        return fail(HttpFailure::NotHttp, "an answer cut short in its chunked body");
    case Framing::UntilClose:
    case Framing::Unknown: break;
    }
    finish();
}

void runExchanges(std::span<HttpExchange* const> exchanges, HttpExchange::Clock::time_point deadline,
                  std::vector<pollfd>& fds)
{
    for (;;) {
        fds.clear();
        for (const HttpExchange* exchange : exchanges) {
            if (!exchange->finished())
                fds.push_back({exchange->fd(), exchange->events(), 0});
        }
        if (fds.empty())
            return;
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - HttpExchange::Clock::now()).count();
        if (left <= 0) {
            for (HttpExchange* exchange : exchanges)
                exchange->expire();
            return;
        }
        const int ready = ::poll(fds.data(), nfds_t(fds.size()), int(left));
        if (ready < 0 && errno != EINTR) {
            for (HttpExchange* exchange : exchanges)
                exchange->expire();
            return;
        }
        if (ready <= 0)
            continue;
        // Only an exchange's own advance() finishes it, so the unfinished ones are still in the
        // order they were listed in fds.
        std::size_t next = 0;
        for (HttpExchange* exchange : exchanges) {
            if (exchange->finished())
                continue;
            if (fds[next++].revents != 0)
                exchange->advance();
        }
    }
}

} // namespace runlens::collect
