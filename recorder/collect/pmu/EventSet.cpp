#include "EventSet.h"

#include "UntrustedJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>

namespace runlens::collect::pmu {

namespace {

int number(const nlohmann::ordered_json& value, const std::string& where)
{
    if (value.is_number_integer())
        return value.get<int>();
    if (value.is_string()) {
        std::string_view text = value.get_ref<const std::string&>();
        int base = 10;
        if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
            text.remove_prefix(2);
            base = 16;
        }
        int result = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), result, base);
        if (error == std::errc() && end == text.data() + text.size())
            return result;
    }
    throw EventSetError(where + ": expected a number like 85 or \"0x55\"");
}

} // namespace

std::string EventSet::metricId(std::string_view name)
{
    // APerf's preferred names, so that its configs and ours land on the same series.
    static const std::pair<std::string_view, std::string_view> kAliases[] = {
        {"ipc", "pmu.ipc"},
        {"cpi", "pmu.cpi"},
        {"branch-mpki", "pmu.branch_mpki"},
        {"inst-l1-mpki", "pmu.l1i_mpki"},
        {"data-l1-mpki", "pmu.l1d_mpki"},
        {"l2-mpki", "pmu.l2_mpki"},
        {"l3-mpki", "pmu.llc_mpki"},
        {"inst-tlb-mpki", "pmu.itlb_mpki"},
        {"inst-tlb-tw-pki", "pmu.itlb_walk_pki"},
        {"data-tlb-mpki", "pmu.dtlb_mpki"},
        {"data-tlb-tw-pki", "pmu.dtlb_walk_pki"},
        {"stall-frontend-pkc", "pmu.stall_frontend_pkc"},
        {"stall-backend-pkc", "pmu.stall_backend_pkc"},
        {"code-sparsity", "pmu.code_sparsity"},
    };
    for (const auto& [aperf, id] : kAliases) {
        if (name == aperf)
            return std::string(id);
    }
    if (name.rfind("pmu.", 0) == 0)
        return std::string(name);
    std::string id = "pmu.";
    for (char c : name)
        id += (c == '-' || c == ' ') ? '_' : char(std::tolower(static_cast<unsigned char>(c)));
    return id;
}

EventSet EventSet::fromJson(const nlohmann::ordered_json& json, const std::string& source)
{
    if (!json.is_object())
        throw EventSetError(source + ": an event set is a JSON object with \"events\" and \"metrics\"");
    EventSet set;
    set.source = source;
    set.name = json.value("name", std::string());
    set.title = json.value("title", set.name);
    set.libpfmPmu = json.value("libpfm_pmu", std::string());

    if (json.contains("match")) {
        const nlohmann::ordered_json& match = json.at("match");
        set.vendor = match.value("vendor", std::string());
        if (match.contains("family"))
            set.family = number(match.at("family"), source + ": match.family");
        for (const nlohmann::ordered_json& model : match.value("models", nlohmann::ordered_json::array())) {
            if (model.is_array() && model.size() == 2)
                set.models.emplace_back(number(model[0], source + ": match.models"),
                                        number(model[1], source + ": match.models"));
            else {
                const int value = number(model, source + ": match.models");
                set.models.emplace_back(value, value);
            }
        }
        if (match.contains("implementer"))
            set.armImplementer = number(match.at("implementer"), source + ": match.implementer");
        for (const nlohmann::ordered_json& part : match.value("parts", nlohmann::ordered_json::array()))
            set.armParts.push_back(number(part, source + ": match.parts"));
    }

    // Ordered: the file's event order decides which events share a counter group.
    const nlohmann::ordered_json events = json.value("events", nlohmann::ordered_json::object());
    if (!events.is_object())
        throw EventSetError(source + ": \"events\" must be an object of name: event");
    for (const auto& [name, value] : events.items()) {
        EventDefinition event{name, {}, {}};
        if (value.is_string()) {
            event.raw = value.get<std::string>();
        } else if (value.is_object()) {
            event.pfm = value.value("pfm", std::string());
            event.raw = value.value("raw", std::string());
        }
        if (event.pfm.empty() && event.raw.empty())
            throw EventSetError(source + ": event \"" + name + "\" needs a \"pfm\" name or a \"raw\" pmu/field=value/ string");
        set.events.push_back(std::move(event));
    }

    const nlohmann::ordered_json metrics = json.value("metrics", nlohmann::ordered_json::object());
    if (!metrics.is_object())
        throw EventSetError(source + ": \"metrics\" must be an object of name: formula");
    for (const auto& [name, value] : metrics.items()) {
        if (!value.is_string())
            throw EventSetError(source + ": metric \"" + name + "\" must be a formula string such as \"A / B * 1000\"");
        set.metrics.push_back({metricId(name), value.get<std::string>()});
    }
    return set;
}

EventSet EventSet::parse(std::string_view text, const std::string& source)
{
    std::string why;
    std::optional<nlohmann::ordered_json> parsed = format::tryParseUntrustedOrderedJson(text, &why);
    if (!parsed) {
        // "mine.json: not valid JSON (at byte 3)", "mine.json: nests deeper than the limit of 64 levels"
        throw EventSetError(source + ": " + (why.starts_with("is ") ? why.substr(3) : why));
    }
    const nlohmann::ordered_json json = std::move(*parsed);
    try {
        return fromJson(json, source);
    } catch (const nlohmann::json::exception& error) {
        throw EventSetError(source + ": " + error.what());
    }
}

bool EventSet::matches(const HostPmu& host) const
{
    if (armImplementer >= 0) {
        return host.armImplementer == armImplementer
            && std::find(armParts.begin(), armParts.end(), host.armPart) != armParts.end();
    }
    if (vendor.empty() || host.vendor != vendor || host.family != family)
        return false;
    if (models.empty())
        return true;
    return std::any_of(models.begin(), models.end(),
                       [&](const auto& range) { return host.model >= range.first && host.model <= range.second; });
}

void EventSet::merge(const EventSet& other)
{
    for (const EventDefinition& event : other.events) {
        auto known = std::find_if(events.begin(), events.end(), [&](const auto& e) { return e.name == event.name; });
        if (known != events.end())
            *known = event;
        else
            events.push_back(event);
    }
    for (const MetricDefinition& metric : other.metrics) {
        auto known = std::find_if(metrics.begin(), metrics.end(), [&](const auto& m) { return m.id == metric.id; });
        if (known != metrics.end())
            *known = metric;
        else
            metrics.push_back(metric);
    }
    if (name.empty())
        name = other.name;
}

} // namespace runlens::collect::pmu
