// An HTTP server for the recorder's HTTP client to talk to: one thread on 127.0.0.1 (never any
// other address), a port the kernel picks, one connection at a time, and a handler that decides
// what each request gets: an answer, silence, a closed connection, or a stream of many megabytes.
// Qt-free, so that the integration tests that run runlens-rec can serve their endpoints with it too.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class HttpStubServer
{
public:
    struct Reply {
        std::string bytes; // sent as they are (a whole HTTP answer, or garbage)
        std::size_t fillerBytes = 0; // then this many bytes of Prometheus-looking lines, streamed
        bool hold = false; // keep the connection open without a word until the server stops
    };
    using Handler = std::function<Reply(const std::string& request)>;

    explicit HttpStubServer(Handler handler)
        : m_handler(std::move(handler))
    {
        m_listen = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in address {};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (m_listen < 0 || ::bind(m_listen, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0
            || ::listen(m_listen, 16) != 0
            || ::getsockname(m_listen, reinterpret_cast<sockaddr*>(&address), &length) != 0
            || ::pipe2(m_stop, O_CLOEXEC) != 0) {
            std::fprintf(stderr, "cannot start the stub HTTP server: %s\n", std::strerror(errno));
            std::abort();
        }
        m_port = ntohs(address.sin_port);
        m_thread = std::thread([this] { run(); });
    }

    ~HttpStubServer()
    {
        [[maybe_unused]] const ssize_t written = ::write(m_stop[1], "x", 1);
        m_thread.join();
        ::close(m_listen);
        ::close(m_stop[0]);
        ::close(m_stop[1]);
    }

    HttpStubServer(const HttpStubServer&) = delete;
    HttpStubServer& operator=(const HttpStubServer&) = delete;

    std::uint16_t port() const { return m_port; }
    std::string endpoint() const { return "127.0.0.1:" + std::to_string(m_port); }
    std::string url(const std::string& path = "/metrics") const { return "http://" + endpoint() + path; }

    std::vector<std::string> requests() const
    {
        std::lock_guard lock(m_mutex);
        return m_requests;
    }
    int connections() const { return m_connections.load(); }

    // A whole HTTP/1.1 answer with a Content-Length.
    static std::string answer(int status, const std::string& body, const std::string& headers = {})
    {
        const char* reason = status == 200 ? "OK" : status == 401 ? "Unauthorized" : status == 403 ? "Forbidden"
                           : status == 404 ? "Not Found" : "Error";
        return "HTTP/1.1 " + std::to_string(status) + " " + reason + "\r\n" + headers
             + "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    }

    // The same body in chunks of chunkSize bytes, as Go's net/http sends what it does not measure.
    static std::string chunkedAnswer(const std::string& body, std::size_t chunkSize)
    {
        std::string out = "HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nTransfer-Encoding: chunked\r\n\r\n";
        for (std::size_t at = 0; at < body.size(); at += chunkSize) {
            const std::string chunk = body.substr(at, chunkSize);
            char size[32];
            std::snprintf(size, sizeof size, "%zx\r\n", chunk.size());
            out += size + chunk + "\r\n";
        }
        return out + "0\r\n\r\n";
    }

private:
    void run()
    {
        std::vector<int> held;
        for (;;) {
            pollfd fds[2] = {{m_listen, POLLIN, 0}, {m_stop[0], POLLIN, 0}};
            if (::poll(fds, 2, -1) < 0 && errno != EINTR)
                break;
            if (fds[1].revents != 0)
                break;
            if ((fds[0].revents & POLLIN) == 0)
                continue;
            const int connection = ::accept4(m_listen, nullptr, nullptr, SOCK_CLOEXEC);
            if (connection < 0)
                continue;
            ++m_connections;
            const std::string request = readRequest(connection);
            const Reply reply = m_handler(request);
            {
                std::lock_guard lock(m_mutex);
                m_requests.push_back(request);
            }
            if (reply.hold) {
                held.push_back(connection); // open until the server stops, never answered
                continue;
            }
            if (sendAll(connection, reply.bytes) && reply.fillerBytes > 0) {
                std::string block;
                while (block.size() < 65536)
                    block += "filler_metric{label=\"a value to make the line longer\"} 1\n";
                for (std::size_t sent = 0; sent < reply.fillerBytes; sent += block.size()) {
                    if (!sendAll(connection, block))
                        break;
                }
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
            pollfd entry {fd, POLLIN, 0};
            if (::poll(&entry, 1, 3000) <= 0)
                break;
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0)
                break;
            request.append(buffer, std::size_t(n));
        }
        return request;
    }

    // False when the client went away or the server is stopping: a client that stops reading a
    // large answer must not keep this thread in send() for ever.
    bool sendAll(int fd, const std::string& data)
    {
        for (std::size_t sent = 0; sent < data.size();) {
            pollfd fds[2] = {{fd, POLLOUT, 0}, {m_stop[0], POLLIN, 0}};
            if (::poll(fds, 2, 10000) <= 0 || fds[1].revents != 0)
                return false;
            const ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n < 0 && (errno == EAGAIN || errno == EINTR))
                continue;
            if (n <= 0)
                return false;
            sent += std::size_t(n);
        }
        return true;
    }

    Handler m_handler;
    int m_listen = -1;
    int m_stop[2] = {-1, -1};
    std::uint16_t m_port = 0;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::vector<std::string> m_requests;
    std::atomic<int> m_connections{0};
};
