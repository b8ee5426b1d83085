// The Prometheus text parser, then the scrape collector reading the same bytes over HTTP from a
// server in this process: the first byte picks how they reach it (0: the body of an answer with a
// Content-Length, 1: a chunked body, 2: the whole answer, status line and headers included), and
// the rest is split at "--8<--" into the answers of two consecutive scrapes, so that rates, counter
// resets and histogram increases are computed too. The collector may warn; nothing else.
#include "FuzzTarget.h"

#include "HttpStubServer.h"
#include "PrometheusTextParser.h"
#include "ScrapeCollector.h"

#include <chrono>
#include <mutex>

namespace {

using namespace runlens::collect;

struct Served {
    std::mutex mutex;
    std::string answer;
};

Served& served()
{
    static Served instance;
    return instance;
}

// One server for the whole run: a socket per input is cheap, a thread per input is not.
HttpStubServer& server()
{
    static HttpStubServer instance([](const std::string&) {
        std::lock_guard lock(served().mutex);
        return HttpStubServer::Reply{served().answer};
    });
    return instance;
}

std::string answerFor(int mode, std::string_view part)
{
    switch (mode) {
    case 0: return HttpStubServer::answer(200, std::string(part), "Content-Type: text/plain; version=0.0.4\r\n");
    case 1: return HttpStubServer::chunkedAnswer(std::string(part), 1 + part.size() / 7);
    default: return std::string(part);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view input = fuzz::bytes(data + 1, size - 1);

    PrometheusTextParser parser;
    parser.reset(input);
    PrometheusSample sample;
    while (parser.next(sample)) {
        double value = 0;
        for (const PrometheusLabel& label : sample.labels)
            (void)parsePrometheusValue(label.value, value);
    }

    const std::vector<std::string_view> answers = fuzz::parts(input, 2);
    ScrapeCollector collector(ScrapeSettings{{server().url()}, std::chrono::milliseconds(400)});
    MetricCatalog catalog;
    Warnings warnings;
    MetricGroup group("scrape");
    if (!collector.open(HostPaths{}, catalog).empty())
        std::abort();
    for (int i = 0; i < 2; ++i) {
        {
            std::lock_guard lock(served().mutex);
            served().answer = answerFor(data[0] % 3, answers[std::size_t(i)]);
        }
        SampleContext context{std::int64_t(i) * 1'000'000'000, double(i), catalog, warnings};
        group.startRow();
        collector.sample(context, group);
    }
    (void)collector.details();
    return 0;
}
