// Numbers with units as people read them on axes and readouts: 1.5 GiB, 230 MiB/s, 12.5 %,
// 4.2 k/s, 3.1 ms. The unit strings are those of the archive's metric descriptors.
#pragma once

#include <QString>

namespace UnitFormat {

// value with its unit, about `digits` significant digits. NaN reads as an en dash (no value).
QString format(double value, const QString& unit, int digits = 3);

// The same, for axis ticks, where a tick step decides the precision (0.5 steps need one decimal).
QString formatTick(double value, double step, const QString& unit);

} // namespace UnitFormat
