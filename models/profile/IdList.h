// Lists of CPUs, processes or threads as users type them: "0-3,8,10-11", the syntax of
// /sys/devices/system/cpu/online, taskset and perf's --cpu.
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

// Sorted, without duplicates; nullopt when the text is not such a list (an empty text is an empty
// list). Ranges longer than maxCount ids are refused rather than expanded.
std::optional<std::vector<std::uint32_t>> parseIdList(const QString& text, std::size_t maxCount = 1 << 16);
// The shortest text for the ids: consecutive ids as ranges.
QString formatIdList(const std::vector<std::uint32_t>& ids);
