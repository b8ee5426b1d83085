#include "PrometheusTextParser.h"

#include "InputLimits.h"
#include "TextCursor.h"

#include <charconv>
#include <cstdint>

namespace runlens::collect {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t';
}

bool isLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

std::string_view skipBlanks(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && isBlank(text[i]))
        ++i;
    return text.substr(i);
}

// [a-zA-Z_:][a-zA-Z0-9_:]* for metric names, without the colons for label names.
std::string_view leadingName(std::string_view text, bool metric)
{
    std::size_t i = 0;
    while (i < text.size()
           && (isLetter(text[i]) || (metric && text[i] == ':') || (i > 0 && isDigit(text[i]))))
        ++i;
    return text.substr(0, i);
}

std::string_view leadingToken(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && !isBlank(text[i]))
        ++i;
    return text.substr(0, i);
}

PrometheusType typeFromWord(std::string_view word)
{
    if (word == "counter")
        return PrometheusType::Counter;
    if (word == "gauge")
        return PrometheusType::Gauge;
    if (word == "histogram")
        return PrometheusType::Histogram;
    if (word == "summary")
        return PrometheusType::Summary;
    // untyped, and OpenMetrics' unknown, info, stateset, gaugehistogram: values as they are.
    return PrometheusType::Untyped;
}

} // namespace

bool parsePrometheusValue(std::string_view text, double& value)
{
    if (text.starts_with('+')) {
        text.remove_prefix(1);
        if (text.starts_with('+') || text.starts_with('-'))
            return false;
    }
    // Numbers beyond a double's range are refused rather than turned into infinities.
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

void PrometheusTextParser::reset(std::string_view text)
{
    m_rest = text;
    m_lineNumber = 0;
    m_helpName = m_helpText = m_typeName = {};
    m_type = PrometheusType::Untyped;
    m_malformed = 0;
    m_firstMalformedLine = 0;
    m_firstProblem = "";
}

void PrometheusTextParser::malformed(const char* why)
{
    if (m_malformed++ == 0) {
        m_firstMalformedLine = m_lineNumber;
        m_firstProblem = why;
    }
}

bool PrometheusTextParser::next(PrometheusSample& sample)
{
    while (!m_rest.empty()) {
        std::string_view line = takeLine(m_rest);
        ++m_lineNumber;
        if (line.size() > format::limits::kLineBytes) {
            malformed("a line longer than 1 MiB");
            continue;
        }
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        line = skipBlanks(line);
        if (line.empty())
            continue;
        if (line.front() == '#') {
            metadata(line.substr(1));
            continue;
        }
        if (const char* why = sampleLine(line, sample)) {
            malformed(why);
            continue;
        }
        return true;
    }
    return false;
}

void PrometheusTextParser::metadata(std::string_view line)
{
    line = skipBlanks(line);
    const std::string_view keyword = leadingToken(line);
    if (keyword != "HELP" && keyword != "TYPE")
        return; // a comment
    line = line.substr(keyword.size());
    if (line.empty() || !isBlank(line.front()))
        return malformed("a # HELP or # TYPE line without a metric name");
    line = skipBlanks(line);
    const std::string_view name = leadingName(line, true);
    line = line.substr(name.size());
    if (name.empty() || (!line.empty() && !isBlank(line.front())))
        return malformed("a # HELP or # TYPE line without a valid metric name");
    line = skipBlanks(line);
    if (keyword == "HELP") {
        m_helpName = name;
        m_helpText = trimBlanks(line);
        return;
    }
    const std::string_view type = leadingToken(line);
    if (type.empty() || !skipBlanks(line.substr(type.size())).empty())
        return malformed("a # TYPE line without exactly one type");
    m_typeName = name;
    m_type = typeFromWord(type);
}

const char* PrometheusTextParser::sampleLine(std::string_view line, PrometheusSample& sample)
{
    const std::string_view name = leadingName(line, true);
    if (name.empty())
        return "a line that does not start with a metric name";
    std::string_view rest = skipBlanks(line.substr(name.size()));

    m_labels.clear();
    if (rest.starts_with('{')) {
        rest.remove_prefix(1);
        // Decoded values are never longer than the line, so the buffer never moves under the
        // views of this line's labels.
        if (m_decoded.size() < line.size())
            m_decoded.resize(line.size());
        std::size_t decodedUsed = 0;
        for (;;) {
            rest = skipBlanks(rest);
            if (rest.starts_with('}'))
                break;
            const std::string_view labelName = leadingName(rest, false);
            if (labelName.empty())
                return "a label name that is not [a-zA-Z_][a-zA-Z0-9_]*";
            rest = skipBlanks(rest.substr(labelName.size()));
            if (!rest.starts_with('='))
                return "a label without '='";
            rest = skipBlanks(rest.substr(1));
            if (!rest.starts_with('"'))
                return "a label value without quotes";
            rest.remove_prefix(1);
            std::size_t end = rest.find_first_of("\"\\");
            std::string_view value;
            if (end != std::string_view::npos && rest[end] == '"') {
                value = rest.substr(0, end);
            } else {
                char* out = m_decoded.data() + decodedUsed;
                std::size_t written = 0;
                std::size_t i = 0;
                for (;;) {
                    end = rest.find_first_of("\"\\", i);
                    if (end == std::string_view::npos)
                        return "a label value without its closing quote";
                    rest.copy(out + written, end - i, i);
                    written += end - i;
                    if (rest[end] == '"')
                        break;
                    if (end + 1 >= rest.size())
                        return "a label value without its closing quote";
                    const char escaped = rest[end + 1];
                    // \\, \" and \n are the format's escapes; others are kept as written.
                    if (escaped == 'n') {
                        out[written++] = '\n';
                    } else if (escaped == '\\' || escaped == '"') {
                        out[written++] = escaped;
                    } else {
                        out[written++] = '\\';
                        out[written++] = escaped;
                    }
                    i = end + 2;
                }
                value = std::string_view(out, written);
                decodedUsed += written;
            }
            m_labels.push_back({labelName, value});
            rest = skipBlanks(rest.substr(end + 1));
            if (rest.starts_with(',')) {
                rest.remove_prefix(1);
                continue;
            }
            if (!rest.starts_with('}'))
                return "labels not separated by commas or not closed by '}'";
        }
        rest = skipBlanks(rest.substr(1));
    }

    const std::string_view valueText = leadingToken(rest);
    if (valueText.empty())
        return "a sample without a value";
    if (!parsePrometheusValue(valueText, sample.value))
        return "a value that is not a number (or beyond a double's range)";
    rest = skipBlanks(rest.substr(valueText.size()));
    sample.hasTimestamp = !rest.empty();
    if (sample.hasTimestamp) {
        const std::string_view timestamp = leadingToken(rest);
        std::int64_t milliseconds = 0;
        const auto [end, error] = std::from_chars(timestamp.data(), timestamp.data() + timestamp.size(), milliseconds);
        if (error != std::errc() || end != timestamp.data() + timestamp.size())
            return "a timestamp that is not an integer";
        if (!skipBlanks(rest.substr(timestamp.size())).empty())
            return "text after the value and timestamp";
    }

    sample.name = name;
    sample.family = name;
    sample.suffix = {};
    sample.type = PrometheusType::Untyped;
    if (!m_typeName.empty() && name.starts_with(m_typeName)) {
        const std::string_view suffix = name.substr(m_typeName.size());
        const bool histogram = m_type == PrometheusType::Histogram;
        const bool belongs = suffix.empty()         ? !histogram
                           : suffix == "_bucket"    ? histogram
                           : suffix == "_sum" || suffix == "_count" ? histogram || m_type == PrometheusType::Summary
                           : suffix == "_total"     ? m_type == PrometheusType::Counter
                                                    : false;
        if (belongs) {
            sample.family = m_typeName;
            sample.suffix = suffix;
            sample.type = m_type;
        }
    }
    sample.help = m_helpName == sample.family ? m_helpText : std::string_view();
    sample.labels = m_labels;
    return nullptr;
}

} // namespace runlens::collect
