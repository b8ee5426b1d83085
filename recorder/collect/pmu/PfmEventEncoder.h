// Encodes events by name with libpfm4 ("skx::INST_RETIRED:ANY_P"), the library Debian keeps for
// this, so the model tables (umasks, counter constraints, cmask syntax) are not re-typed here.
#pragma once

#include <linux/perf_event.h>

#include <string>
#include <string_view>
#include <vector>

namespace runlens::collect::pmu {

class PfmEventEncoder
{
public:
    // Initialises libpfm4 once per process (pfm_initialize is not thread-safe and reads
    // LIBPFM_FORCE_PMU / LIBPFM_ENCODE_INACTIVE at that moment). Returns "" or libpfm's error.
    static std::string initialize();

    // Encodes pmu::EVENT:UMASK for counting in user and kernel mode into attr's type and config
    // fields. Returns "" or libpfm's reason ("event not found").
    static std::string encode(std::string_view event, perf_event_attr& attr);

    // Whether this libpfm4 build has tables for the named PMU ("icx"), detected here or not.
    static bool knows(std::string_view pmu);

    // The core PMUs libpfm4 believes present. libpfm decides from CPUID or /proc/cpuinfo only, so
    // this says nothing about whether the kernel or hypervisor exposes counters.
    static std::vector<std::string> detectedCorePmus();

    // The libpfm4 version as "4.13".
    static std::string version();
};

} // namespace runlens::collect::pmu
