// `--window FROM:TO` of the headless commands (summary, export): the part of each run that counts,
// in seconds after the run's start. Each side is a number with an optional unit — 500ms, 30, 30s,
// 2.5m, 1h — or left out: "30s:" runs to the end, ":2m" starts at the beginning.
#pragma once

#include <QString>

#include <optional>
#include <utility>

// (from, to) with from ≥ 0 and to > from; to is +infinity when left out. nullopt when malformed.
std::optional<std::pair<double, double>> parseWindowOption(const QString& text);
