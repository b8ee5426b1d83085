// Why perf_event_open refused, sorted into what the user can do about it.
#pragma once

#include <string>
#include <string_view>

namespace runlens::collect::pmu {

struct OpenFailure {
    // Unsupported: the CPU, kernel or hypervisor does not have the event (skip it).
    // Permission: the kernel would count it but not for this user (perf_event_paranoid, CAP_PERFMON).
    // Resource: file descriptors or counters ran out (raise limits, fewer events).
    enum class Kind { None, Unsupported, Permission, Resource };

    Kind kind = Kind::None;
    int error = 0;       // errno
    std::string message; // a sentence: what failed, why, what to do

    bool ok() const { return kind == Kind::None; }

    // Classifies errno from opening `what` ("cycles on cpu3") with perf_event_paranoid at
    // `paranoid` (INT_MIN when unreadable).
    static OpenFailure classify(int error, std::string_view what, int paranoid);
    static std::string_view toString(Kind kind);
};

} // namespace runlens::collect::pmu
