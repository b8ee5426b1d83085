// The change of a cumulative kernel counter between two samples, with wraps and resets handled.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace runlens::collect {

inline constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// Returns the increase from previous to current, or NaN when it is unknowable:
// - a counter that went down from near the top of 32 bits wrapped (some counters are `unsigned
//   long` on 32-bit kernels, or `unsigned int` anywhere): the wrapped increase is returned;
// - any other decrease is a reset (a device re-created, a CPU back online): NaN, not a negative spike.
inline double counterDelta(std::uint64_t previous, std::uint64_t current)
{
    if (current >= previous)
        return double(current - previous);
    constexpr std::uint64_t k32 = std::uint64_t(1) << 32;
    if (previous < k32 && previous >= (k32 >> 1) && current < (k32 >> 1))
        return double(k32 - previous + current);
    return kNoValue;
}

// A per-second rate, NaN when the interval is unknown (the first sample) or the delta is.
inline double counterRate(std::uint64_t previous, std::uint64_t current, double seconds)
{
    if (!(seconds > 0))
        return kNoValue;
    return counterDelta(previous, current) / seconds;
}

} // namespace runlens::collect
