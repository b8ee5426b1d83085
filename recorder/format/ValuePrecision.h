// The precision values are stored with. Recorders round before writing, so the archive holds
// exactly what was recorded, and the low bits that only carry measurement noise (a percentage
// computed as 100 * delta / total fills all 52 mantissa bits) become zeros that compress away.
//
//   percent: a multiple of 1/128 of a percentage point (error <= 0.004 points)
//   others:  24 significant bits (relative error <= 6e-8, the precision of a float, keeping the
//            range of a double)
#pragma once

#include "MetricDescriptor.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace runlens::format {

inline double storedValue(double value, MetricKind kind)
{
    if (!std::isfinite(value))
        return value;
    if (kind == MetricKind::Percent)
        return std::round(value * 128.0) / 128.0;
    // Round to nearest on the 24th significant bit by clearing the 28 low mantissa bits.
    std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
    constexpr std::uint64_t kDropped = (std::uint64_t(1) << 28) - 1;
    bits += std::uint64_t(1) << 27;
    bits &= ~kDropped;
    const double rounded = std::bit_cast<double>(bits);
    return std::isfinite(rounded) ? rounded : value;
}

} // namespace runlens::format
