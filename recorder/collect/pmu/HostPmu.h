// What the host's kernel and CPU say about hardware performance counters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace runlens::collect::pmu {

struct HostPmu {
    // The kernel's core PMU device under /sys/bus/event_source/devices ("cpu", "cpu_core",
    // "armv8_pmuv3_0"); empty when the kernel exposes none (a VM without a virtual PMU).
    std::string device;
    std::uint32_t type = 0;          // its perf_event_attr.type
    std::string kernelName;          // x86 cpu/caps/pmu_name ("icelake", "sapphire_rapids"), if any
    double slotsPerCycle = 0;             // Arm caps/slots: dispatch slots per cycle (PMUv3 >= 8.4); 0 = unknown
    std::vector<std::string> eventSources; // every device the kernel lists, for the reason text

    // From /proc/cpuinfo.
    std::string vendor;              // "GenuineIntel", "AuthenticAMD", or "ARM" for Arm CPUs
    int family = -1;
    int model = -1;
    int armImplementer = -1;
    int armPart = -1;
    std::string modelName;

    std::vector<std::string> libpfmPmus; // core PMUs libpfm4 believes present (from CPUID alone)

    // Why there are no hardware counters, empty when device is set.
    std::string missingReason;

    bool hasHardwarePmu() const { return !device.empty(); }
    // "AMD EPYC 7R13 (family 0x19, model 0x1)" or "Arm implementer 0x41 part 0xd40".
    std::string cpuDescription() const;
};

} // namespace runlens::collect::pmu
