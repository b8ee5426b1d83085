// A reader of the Prometheus text exposition format, version 0.0.4: `# HELP`, `# TYPE`, comments,
// blank lines and samples `name{label="value",...} value [timestamp]`.
//
// It runs at every --scrape interval on text from a process the recorder does not control, so it
// is a pull parser over the text as it is: a sample's name, family, help and labels are views into
// the text (label values with escapes are decoded into a buffer the parser keeps), and a steady
// exposition is read without allocating. A line it does not understand is skipped and counted;
// nothing in the text can make it fail as a whole, and a line longer than limits::kLineBytes is
// skipped without being read.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::collect {

enum class PrometheusType { Untyped, Counter, Gauge, Histogram, Summary };

struct PrometheusLabel {
    std::string_view name;
    std::string_view value; // with \\, \" and \n decoded
};

// One sample line. The views stay valid until the next call of next() or reset().
struct PrometheusSample {
    std::string_view name; // as written: "http_request_duration_seconds_bucket"
    // The family it belongs to by the # TYPE line before it ("http_request_duration_seconds"), and
    // what its name adds to the family's: "", "_bucket", "_sum" and "_count" (histograms and
    // summaries), "_total" (a counter whose TYPE names it without, as OpenMetrics writes it). A
    // sample without a matching # TYPE is its own untyped family.
    std::string_view family;
    std::string_view suffix;
    PrometheusType type = PrometheusType::Untyped;
    std::string_view help; // the family's # HELP text as written (escapes kept), or empty
    std::span<const PrometheusLabel> labels; // in the order written
    double value = 0; // NaN, +Inf and -Inf as written
    bool hasTimestamp = false;
};

// A sample value as Prometheus writes it (Go's float syntax: 1, -2.5e-3, NaN, +Inf, -Inf), also
// used for the `le` and `quantile` labels. False for anything else and for numbers beyond a
// double's range.
bool parsePrometheusValue(std::string_view text, double& value);

class PrometheusTextParser
{
public:
    // Starts reading text, which must stay alive while samples are read from it.
    void reset(std::string_view text);
    // The next sample; false at the end of the text.
    bool next(PrometheusSample& sample);

    // Lines skipped because they were not understood, and the first of them: its number (from 1)
    // and why ("a label value without its closing quote").
    std::size_t malformedLines() const { return m_malformed; }
    std::size_t firstMalformedLine() const { return m_firstMalformedLine; }
    std::string_view firstProblem() const { return m_firstProblem; }

private:
    void metadata(std::string_view line);
    // Parses a sample line; returns nullptr or why it is malformed.
    const char* sampleLine(std::string_view line, PrometheusSample& sample);
    void malformed(const char* why);

    std::string_view m_rest;
    std::size_t m_lineNumber = 0;
    std::string_view m_helpName;
    std::string_view m_helpText;
    std::string_view m_typeName;
    PrometheusType m_type = PrometheusType::Untyped;
    std::vector<PrometheusLabel> m_labels;
    std::string m_decoded; // decoded label values of the current line; only grows
    std::size_t m_malformed = 0;
    std::size_t m_firstMalformedLine = 0;
    const char* m_firstProblem = "";
};

} // namespace runlens::collect
