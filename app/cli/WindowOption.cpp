#include "WindowOption.h"

#include "summary/SteadyState.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include <limits>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(WindowOption)
};

const QLatin1String kSteady{"steady"};

// The run a RUN=… value names: its name or its 1-based position; -1 when none.
int runIndex(const QStringList& names, const QString& key)
{
    bool isNumber = false;
    const int position = key.toInt(&isNumber);
    if (isNumber)
        return position >= 1 && position <= int(names.size()) ? position - 1 : -1;
    return int(names.indexOf(key));
}

// "30", "30s", "2.5m", "1h", "500ms": seconds.
std::optional<double> parseDuration(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|m|min|h)?\\s*$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const double value = match.captured(1).toDouble();
    const QString unit = match.captured(2);
    const double factor = unit == QLatin1String("ms")                                   ? 0.001
                        : unit == QLatin1String("m") || unit == QLatin1String("min") ? 60
                        : unit == QLatin1String("h")                                 ? 3600
                                                                                     : 1;
    return value * factor;
}

} // namespace

std::optional<std::pair<double, double>> parseWindowOption(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 2)
        return std::nullopt;
    const auto from = parts[0].trimmed().isEmpty() ? std::optional<double>(0.0) : parseDuration(parts[0]);
    const auto to = parts[1].trimmed().isEmpty() ? std::optional<double>(std::numeric_limits<double>::infinity())
                                                 : parseDuration(parts[1]);
    if (!from || !to || *to <= *from)
        return std::nullopt;
    return std::make_pair(*from, *to);
}

std::optional<WindowOptions> WindowOptions::parse(const QStringList& values, QString* error)
{
    WindowOptions options;
    for (const QString& value : values) {
        // A run's name may hold '=' but not ':' before it; FROM:TO holds no '='.
        const qsizetype equals = value.indexOf(QLatin1Char('='));
        const QString run = equals > 0 ? value.left(equals).trimmed() : QString();
        const QString range = equals > 0 ? value.mid(equals + 1).trimmed() : value.trimmed();
        if (equals == 0 || (equals > 0 && run.isEmpty())) {
            *error = Text::tr("the window \"%1\" names no run before '=': use RUN=FROM:TO, e.g. 2=30s:5m").arg(value);
            return std::nullopt;
        }
        if (range == kSteady) {
            options.m_choices.push_back({run, std::nullopt});
            continue;
        }
        const auto parsed = parseWindowOption(range);
        if (!parsed) {
            *error = Text::tr("the window \"%1\" is not FROM:TO in seconds with FROM < TO (e.g. 10:50 or 30s:2m), "
                              "RUN=FROM:TO for one run (its name or 1-based position), or \"steady\"")
                         .arg(value);
            return std::nullopt;
        }
        options.m_choices.push_back({run, parsed});
    }
    return options;
}

std::optional<std::pair<double, double>> WindowOptions::commonWindow() const
{
    std::optional<std::pair<double, double>> common;
    for (const Choice& choice : m_choices) {
        if (!choice.run.isEmpty() || !choice.range)
            return std::nullopt;
        common = choice.range;
    }
    return common;
}

std::optional<WindowOptions::RunWindows> WindowOptions::resolve(
    const std::vector<RunPtr>& runs, const QStringList& names, QString* error,
    const std::function<void(const QString& name, const QString& reason)>& steady) const
{
    // Per run: the choice that counts (index into m_choices), every-run choices first so that a
    // choice for one run overrides them.
    std::vector<int> chosen(runs.size(), -1);
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t c = 0; c < m_choices.size(); ++c) {
            const Choice& choice = m_choices[c];
            if ((pass == 0) != choice.run.isEmpty())
                continue;
            if (choice.run.isEmpty()) {
                std::fill(chosen.begin(), chosen.end(), int(c));
                continue;
            }
            const int index = runIndex(names, choice.run);
            if (index < 0) {
                *error = Text::tr("the window for \"%1\": no run has that name or position (the runs are %2, 1 to %3)")
                             .arg(choice.run, names.join(QStringLiteral(", ")))
                             .arg(names.size());
                return std::nullopt;
            }
            chosen[std::size_t(index)] = int(c);
        }
    }
    RunWindows windows(runs.size());
    for (std::size_t r = 0; r < runs.size(); ++r) {
        if (chosen[r] < 0)
            continue;
        const Choice& choice = m_choices[std::size_t(chosen[r])];
        if (choice.range) {
            windows[r] = choice.range;
            continue;
        }
        const SteadyStateProposal proposal = SteadyState::propose(*runs[r]);
        windows[r] = proposal.window;
        if (steady)
            steady(names.value(int(r)), proposal.reason);
    }
    return windows;
}
