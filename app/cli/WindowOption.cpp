#include "WindowOption.h"

#include <QRegularExpression>
#include <QStringList>

#include <limits>

namespace {

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
