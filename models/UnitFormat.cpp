#include "UnitFormat.h"

#include <QLocale>

#include <array>
#include <cmath>
#include <utility>

namespace {

struct Scaled {
    double value;
    QString prefix;
};

// Binary prefixes for bytes (a "GB" of memory is a GiB to a kernel), SI prefixes otherwise.
Scaled scale(double value, bool binary)
{
    static const std::array<const char*, 7> binaryPrefixes{"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
    static const std::array<const char*, 7> siPrefixes{"", "k", "M", "G", "T", "P", "E"};
    const double base = binary ? 1024.0 : 1000.0;
    std::size_t index = 0;
    double magnitude = std::fabs(value);
    while (magnitude >= base * 0.9995 && index + 1 < binaryPrefixes.size()) {
        magnitude /= base;
        value /= base;
        ++index;
    }
    return {value, QString::fromLatin1(binary ? binaryPrefixes[index] : siPrefixes[index])};
}

QString number(double value, int digits)
{
    if (value == 0)
        return QStringLiteral("0");
    const int integerDigits = std::fabs(value) >= 1 ? int(std::floor(std::log10(std::fabs(value)))) + 1 : 1;
    const int decimals = std::max(0, digits - integerDigits);
    QString text = QLocale::c().toString(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

QString withUnit(const QString& number, const QString& prefix, const QString& unit)
{
    if (unit == QLatin1String("bytes"))
        return number + QLatin1Char(' ') + prefix + QStringLiteral("B");
    if (unit == QLatin1String("bytes/s"))
        return number + QLatin1Char(' ') + prefix + QStringLiteral("B/s");
    if (unit == QLatin1String("/s"))
        return number + QLatin1Char(' ') + prefix + QStringLiteral("/s");
    if (unit == QLatin1String("%"))
        return number + QStringLiteral(" %");
    if (unit == QLatin1String("count") || unit == QLatin1String("ratio") || unit.isEmpty())
        return number + prefix;
    return number + QLatin1Char(' ') + prefix + unit;
}

bool scalesBinary(const QString& unit)
{
    return unit.startsWith(QLatin1String("bytes"));
}

bool scales(const QString& unit)
{
    return unit != QLatin1String("%") && unit != QLatin1String("ms") && unit != QLatin1String("s")
        && unit != QLatin1String("ratio") && unit != QLatin1String("CPUs");
}

// Units as people read them: the kernel's kilobytes as bytes (so that they scale to MiB/s), and
// milliseconds of task clock per second as the CPUs that were busy ("2 CPUs", not "2 kms/s").
std::pair<double, QString> readable(double value, const QString& unit)
{
    if (unit == QLatin1String("KiB/s"))
        return {value * 1024.0, QStringLiteral("bytes/s")};
    if (unit == QLatin1String("KiB"))
        return {value * 1024.0, QStringLiteral("bytes")};
    if (unit == QLatin1String("ms/s"))
        return {value / 1000.0, QStringLiteral("CPUs")};
    return {value, unit};
}

} // namespace

namespace UnitFormat {

QString format(double value, const QString& recordedUnit, int digits)
{
    if (std::isnan(value))
        return QStringLiteral("–");
    const auto [shown, unit] = readable(value, recordedUnit);
    value = shown;
    if (!scales(unit))
        return withUnit(number(value, digits), QString(), unit);
    const Scaled scaled = scale(value, scalesBinary(unit));
    return withUnit(number(scaled.value, digits), scaled.prefix, unit);
}

QString formatTick(double value, double step, const QString& recordedUnit)
{
    const auto [shown, unit] = readable(value, recordedUnit);
    step = readable(step, recordedUnit).first;
    value = shown;
    if (!scales(unit) || std::fabs(value) < 1000) {
        const int decimals = step > 0 && step < 1 ? int(std::ceil(-std::log10(step))) : 0;
        return withUnit(QLocale::c().toString(value, 'f', std::clamp(decimals, 0, 6)), QString(), unit);
    }
    const Scaled scaled = scale(value, scalesBinary(unit));
    const double scaledStep = step * (scaled.value / value);
    const int decimals = scaledStep > 0 && scaledStep < 1 ? int(std::ceil(-std::log10(scaledStep))) : 0;
    return withUnit(QLocale::c().toString(scaled.value, 'f', std::clamp(decimals, 0, 6)), scaled.prefix, unit);
}

} // namespace UnitFormat
