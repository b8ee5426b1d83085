// What `runlens-rec record --profile` was asked to do, and where it reads the kernel's view
// (injectable so that tests can hide kernel symbols or refuse perf_event_open without root).
#pragma once

#include <cstdint>
#include <string>

namespace runlens::profile {

struct ProfileOptions {
    bool enabled = false;          // --profile
    int frequencyHz = 49;          // --profile-hz: off the 50/100 Hz of timers, so samples do not lock step
    std::string backend = "native"; // --profile-backend native|perf
    std::string kallsymsPath;      // empty: PROC/kallsyms
    std::string kptrRestrictPath;  // empty: PROC/sys/kernel/kptr_restrict
    // Where the kernel's symbol names are kept during the run (a file in the spool, unlinked as
    // soon as it is written); empty: in memory.
    std::string kernelNamesFile;
    std::string perfMapDirectory = "/tmp"; // where JIT runtimes write perf-PID.map
    // Load tests: sampling events (and rings) per CPU, so that a small machine carries the rings
    // and the sample rate of a host with this many times its CPUs (--profile-rings-per-cpu).
    int ringsPerCpu = 1;
    int simulatedOpenError = 0;    // tests: perf_event_open fails with this errno (EACCES ...)
    bool simulatedHardwareEvent = false; // tests: samples are of cycles (periods kept) without a PMU
    // --profile-backend perf: samples of `perf script` imported before they go to the journal
    // (tests make it small, to import a short recording in many batches).
    std::uint32_t perfImportBatchSamples = 65536;
};

} // namespace runlens::profile
