#include "MetricDescriptor.h"

#include "FormatError.h"

#include <nlohmann/json.hpp>

namespace runlens::format {

std::string_view toString(MetricKind kind)
{
    switch (kind) {
    case MetricKind::Gauge: return "gauge";
    case MetricKind::Rate: return "rate";
    case MetricKind::Percent: return "percent";
    }
    return "gauge";
}

std::string_view toString(BetterDirection direction)
{
    switch (direction) {
    case BetterDirection::Higher: return "higher";
    case BetterDirection::Lower: return "lower";
    case BetterDirection::Neutral: return "neutral";
    }
    return "neutral";
}

std::optional<MetricKind> metricKindFromString(std::string_view text)
{
    for (MetricKind kind : {MetricKind::Gauge, MetricKind::Rate, MetricKind::Percent}) {
        if (toString(kind) == text)
            return kind;
    }
    return std::nullopt;
}

std::optional<BetterDirection> betterDirectionFromString(std::string_view text)
{
    for (BetterDirection direction : {BetterDirection::Higher, BetterDirection::Lower, BetterDirection::Neutral}) {
        if (toString(direction) == text)
            return direction;
    }
    return std::nullopt;
}

nlohmann::json toJson(const MetricDescriptor& descriptor)
{
    nlohmann::json json = {
        {"id", descriptor.id},
        {"title", descriptor.title},
        {"unit", descriptor.unit},
        {"kind", toString(descriptor.kind)},
        {"better", toString(descriptor.better)},
        {"dimension", descriptor.dimension},
        {"category", descriptor.category},
        {"description", descriptor.description},
    };
    // Only written when it is not the default, so that archives without run-level results read
    // the same in 1.1 readers and stay byte-identical to what they were.
    if (descriptor.scope == MetricScope::Run)
        json["scope"] = "run";
    return json;
}

namespace {

std::string requiredString(const nlohmann::json& json, const char* field)
{
    const auto it = json.find(field);
    if (it == json.end() || !it->is_string())
        throw FormatError(std::string("a metric descriptor has no text field \"") + field + "\"");
    return it->get<std::string>();
}

std::string optionalString(const nlohmann::json& json, const char* field)
{
    const auto it = json.find(field);
    return it != json.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

MetricDescriptor descriptorFromJson(const nlohmann::json& json)
{
    if (!json.is_object())
        throw FormatError("a metric descriptor is not a JSON object");
    MetricDescriptor descriptor;
    descriptor.id = requiredString(json, "id");
    if (descriptor.id.empty())
        throw FormatError("a metric descriptor has an empty id");
    descriptor.title = optionalString(json, "title");
    descriptor.unit = optionalString(json, "unit");
    const std::string kind = requiredString(json, "kind");
    // A newer recorder may add kinds; FORMAT.md has readers treat them as gauges.
    descriptor.kind = metricKindFromString(kind).value_or(MetricKind::Gauge);
    // A newer recorder may add directions; reading them as neutral keeps the metric visible.
    descriptor.better = betterDirectionFromString(optionalString(json, "better")).value_or(BetterDirection::Neutral);
    descriptor.dimension = optionalString(json, "dimension");
    descriptor.category = optionalString(json, "category");
    descriptor.description = optionalString(json, "description");
    descriptor.scope = optionalString(json, "scope") == "run" ? MetricScope::Run : MetricScope::Series;
    return descriptor;
}

} // namespace runlens::format
