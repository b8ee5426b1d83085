// Durations on the command line: "240s", "4m", "1h30m", "500ms", or a plain number of seconds.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace runlens::recorder {

std::optional<std::chrono::nanoseconds> parseDuration(const std::string& text);
// "4m 00s", "1h 02m 03s", "12.5s": for progress lines and messages.
std::string formatDuration(std::chrono::nanoseconds duration);

} // namespace runlens::recorder
