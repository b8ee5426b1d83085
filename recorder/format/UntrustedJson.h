// JSON from a file Runlens did not write itself (or one that may have been damaged since): parsed
// under the limits of InputLimits.h, so that no document can make a reader recurse off the end of
// the stack (deep nesting), fill memory with millions of tiny values, or hand a reader a number
// JSON cannot hold (1e400). Every reader of untrusted JSON goes through here.
#pragma once

#include "InputLimits.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace runlens::format {

struct JsonLimits {
    std::uint64_t maxBytes = limits::kJsonBytes;
    int maxDepth = limits::kJsonDepth;
    std::uint64_t maxValues = limits::kJsonValues;
};

// Parses `text`; throws FormatError with one sentence naming `name` and what is wrong: not JSON
// (at which byte), nested deeper than the limit, too many values, too large, a number out of range.
nlohmann::json parseUntrustedJson(std::string_view text, const std::string& name, const JsonLimits& limits = {});
nlohmann::ordered_json parseUntrustedOrderedJson(std::string_view text, const std::string& name,
                                                 const JsonLimits& limits = {});
// The same, for readers that treat a bad document as absent or word the error themselves:
// std::nullopt, and in *why a clause without the name ("is not valid JSON (at byte 12)").
std::optional<nlohmann::json> tryParseUntrustedJson(std::string_view text, std::string* why = nullptr,
                                                    const JsonLimits& limits = {});
std::optional<nlohmann::ordered_json> tryParseUntrustedOrderedJson(std::string_view text, std::string* why = nullptr,
                                                                   const JsonLimits& limits = {});

// Typed look-ups that never throw: a field of another type than the one meant (a number where a
// name belongs, text where a flag does), or a missing one, gives the fallback.
inline std::string textField(const nlohmann::json& object, const char* key, std::string fallback = {})
{
    if (!object.is_object())
        return fallback;
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

inline bool flagField(const nlohmann::json& object, const char* key, bool fallback)
{
    if (!object.is_object())
        return fallback;
    const auto it = object.find(key);
    return it != object.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

// A finite number (JSON has no inf or NaN, but a double may still be huge).
inline double numberField(const nlohmann::json& object, const char* key, double fallback)
{
    if (!object.is_object())
        return fallback;
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number())
        return fallback;
    const double value = it->get<double>();
    return std::isfinite(value) ? value : fallback;
}

// A whole number in [0, 2^53] where a count or an id is meant; anything else gives the fallback.
inline std::uint64_t countField(const nlohmann::json& object, const char* key, std::uint64_t fallback)
{
    if (!object.is_object())
        return fallback;
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number_unsigned())
        return fallback;
    const std::uint64_t value = it->get<std::uint64_t>();
    return value <= limits::kExactInteger ? value : fallback;
}

} // namespace runlens::format
