// What a metric is, carried in every archive so that the app can show metrics it has never heard of.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace runlens::format {

// How a value relates to time: a level at the sample time (gauge), a per-second rate over the
// interval that ends at the sample time (rate), or a share of a whole in 0..100 (percent).
enum class MetricKind { Gauge, Rate, Percent };

// What the values of a metric describe: the moment they were sampled (series), or the run as a
// whole (run): a benchmark that prints one result at its end ("Requests/sec: 41234.5").
enum class MetricScope { Series, Run };

// Which way a change is good. Neutral metrics (page size, instance counts) are shown, never judged.
enum class BetterDirection { Higher, Lower, Neutral };

std::string_view toString(MetricKind kind);
std::string_view toString(BetterDirection direction);
std::optional<MetricKind> metricKindFromString(std::string_view text);
std::optional<BetterDirection> betterDirectionFromString(std::string_view text);

struct MetricDescriptor {
    std::string id;          // stable dotted id: "cpu.user", "mem.available", "disk.await"
    std::string title;       // short human title: "User CPU"
    std::string unit;        // "%", "bytes", "bytes/s", "/s", "ms", "count", "tasks" ...
    MetricKind kind = MetricKind::Gauge;
    BetterDirection better = BetterDirection::Neutral;
    std::string dimension;   // what an instance is: "" (a single value), "cpu", "disk", "nic", "irq", "process" ...
    std::string category;    // the app's metric tree groups by this: "CPU", "Memory", "Disk", "Network" ...
    std::string description; // one line a non-specialist understands
    MetricScope scope = MetricScope::Series;

    friend bool operator==(const MetricDescriptor&, const MetricDescriptor&) = default;
};

nlohmann::json toJson(const MetricDescriptor& descriptor);
// Throws FormatError naming the field when the JSON is not a valid descriptor.
MetricDescriptor descriptorFromJson(const nlohmann::json& json);

} // namespace runlens::format
