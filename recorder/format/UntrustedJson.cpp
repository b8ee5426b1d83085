#include "UntrustedJson.h"

#include "FormatError.h"

namespace runlens::format {

namespace {

// The first of two passes: nlohmann's parser with a handler that builds nothing and only counts
// nesting and values, stopping at the first one beyond a limit. Only a document within the limits
// is then parsed into a DOM. (nlohmann's own parser callback would do it in one pass, but it
// scans the parent array at the end of every object: quadratic, minutes for a million columns.)
template<typename Json>
class LimitCheck final : public nlohmann::json_sax<Json>
{
public:
    using Number = typename Json::number_integer_t;
    using Unsigned = typename Json::number_unsigned_t;
    using Float = typename Json::number_float_t;
    using String = typename Json::string_t;
    using Binary = typename Json::binary_t;

    explicit LimitCheck(const JsonLimits& limits) : m_limits(limits) {}

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(Number) override { return value(); }
    bool number_unsigned(Unsigned) override { return value(); }
    bool number_float(Float, const String&) override { return value(); }
    bool string(String&) override { return value(); }
    bool binary(Binary&) override { return value(); }
    bool start_object(std::size_t) override { return open(); }
    bool key(String&) override { return true; }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& error) override
    {
        // 406: a number beyond the range of a double, which JSON cannot mean.
        if (error.id == 406)
            why = "holds a number out of the range of a double (such as 1e400)";
        else
            why = "is not valid JSON (at byte " + std::to_string(position) + ")";
        return false;
    }

    std::string why;

private:
    bool value()
    {
        if (++m_values <= m_limits.maxValues)
            return true;
        why = "holds more than the limit of " + std::to_string(m_limits.maxValues) + " JSON values";
        return false;
    }
    bool open()
    {
        if (!value())
            return false;
        if (++m_depth <= m_limits.maxDepth)
            return true;
        why = "nests deeper than the limit of " + std::to_string(m_limits.maxDepth) + " levels";
        return false;
    }
    bool close()
    {
        --m_depth;
        return true;
    }

    const JsonLimits& m_limits;
    std::uint64_t m_values = 0;
    int m_depth = 0;
};

// The document, or nullopt and in `why` a clause saying what is wrong ("is not valid JSON (at
// byte 12)", "nests deeper than the limit of 64 levels").
template<typename Json>
std::optional<Json> parseUnder(std::string_view text, const JsonLimits& limits, std::string& why)
{
    if (text.size() > limits.maxBytes) {
        why = "is larger than the limit of " + std::to_string(limits.maxBytes >> 20) + " MiB for a JSON document";
        return std::nullopt;
    }
    LimitCheck<Json> check(limits);
    if (!Json::sax_parse(text.begin(), text.end(), &check)) {
        why = check.why.empty() ? "is not valid JSON" : check.why;
        return std::nullopt;
    }
    try {
        return Json::parse(text.begin(), text.end());
    } catch (const typename Json::exception& error) {
        // The first pass accepted the text, so this is not expected; still an error, not an abort.
        why = std::string("is not valid JSON (") + error.what() + ")";
        return std::nullopt;
    }
}

template<typename Json>
Json parseOrThrow(std::string_view text, const std::string& name, const JsonLimits& limits)
{
    std::string why;
    std::optional<Json> json = parseUnder<Json>(text, limits, why);
    if (!json)
        throw FormatError(name + " " + why);
    return std::move(*json);
}

} // namespace

nlohmann::json parseUntrustedJson(std::string_view text, const std::string& name, const JsonLimits& limits)
{
    return parseOrThrow<nlohmann::json>(text, name, limits);
}

nlohmann::ordered_json parseUntrustedOrderedJson(std::string_view text, const std::string& name, const JsonLimits& limits)
{
    return parseOrThrow<nlohmann::ordered_json>(text, name, limits);
}

std::optional<nlohmann::json> tryParseUntrustedJson(std::string_view text, std::string* why, const JsonLimits& limits)
{
    std::string problem;
    std::optional<nlohmann::json> json = parseUnder<nlohmann::json>(text, limits, problem);
    if (why)
        *why = problem;
    return json;
}

std::optional<nlohmann::ordered_json> tryParseUntrustedOrderedJson(std::string_view text, std::string* why,
                                                                   const JsonLimits& limits)
{
    std::string problem;
    std::optional<nlohmann::ordered_json> json = parseUnder<nlohmann::ordered_json>(text, limits, problem);
    if (why)
        *why = problem;
    return json;
}

} // namespace runlens::format
