// `--window` of the headless commands (summary, export, convert): the part of each run that counts,
// in seconds after the run's start. Each side is a number with an optional unit — 500ms, 30, 30s,
// 2.5m, 1h — or left out: "30s:" runs to the end, ":2m" starts at the beginning. Repeatable:
//   FROM:TO          every run;
//   RUN=FROM:TO      one run, RUN being its name or its 1-based position (the baseline is 1);
//   steady           every run over its steady state, as SteadyState proposes it;
//   RUN=steady       one run so.
// A window for one run takes precedence over one for every run, whatever their order; of two for
// the same runs the later one counts.
#pragma once

#include "Run.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <utility>
#include <vector>

// (from, to) with from ≥ 0 and to > from; to is +infinity when left out. nullopt when malformed.
std::optional<std::pair<double, double>> parseWindowOption(const QString& text);

class WindowOptions
{
public:
    // Each run's window, in the order of the runs; nullopt: all of the run.
    using RunWindows = std::vector<std::optional<std::pair<double, double>>>;

    // The values of the repeated option; nullopt and a sentence in `error` when one is malformed.
    static std::optional<WindowOptions> parse(const QStringList& values, QString* error);

    bool isEmpty() const { return m_choices.empty(); }
    // Only plain FROM:TO values: the same window for every run, as before per-run windows.
    std::optional<std::pair<double, double>> commonWindow() const;

    // The windows of `runs` named `names` (the names the command shows). `steady` is called with
    // the run's name and SteadyState's reason for every run whose window is its steady state, so
    // that the command can say why on stderr. nullopt and `error` when a RUN names no run.
    std::optional<RunWindows> resolve(const std::vector<RunPtr>& runs, const QStringList& names, QString* error,
                                      const std::function<void(const QString& name, const QString& reason)>& steady) const;

private:
    struct Choice {
        QString run;                                    // empty: every run
        std::optional<std::pair<double, double>> range; // nullopt: the steady state
    };
    std::vector<Choice> m_choices;
};
