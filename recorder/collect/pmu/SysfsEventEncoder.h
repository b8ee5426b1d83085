// Encodes "pmu/field=value,.../" event strings (the kernel's and APerf's syntax) into a
// perf_event_attr by reading the PMU's sysfs type and format/ files, for the events libpfm4 4.13
// does not know (Granite Rapids, Zen 5, Neoverse V3, every Arm event on an x86 build).
#pragma once

#include "HostPaths.h"

#include <linux/perf_event.h>

#include <string>
#include <string_view>

namespace runlens::collect::pmu {

class SysfsEventEncoder
{
public:
    // corePmu is the sysfs device that the alias "core/.../" stands for ("cpu", "armv8_pmuv3_0"),
    // so one event set serves hosts whose Arm PMU device has a different suffix.
    SysfsEventEncoder(HostPaths paths, std::string corePmu)
        : m_paths(std::move(paths)), m_corePmu(std::move(corePmu))
    {
    }

    // Fills type and config/config1/config2 of attr (other fields untouched). Terms are
    // field=value (decimal or 0x hex), a bare field (=1), or a name from the PMU's events/
    // directory ("cpu/cycles/"). Returns "" or why the string cannot be encoded on this host.
    std::string encode(std::string_view event, perf_event_attr& attr) const;

    // Places value into the bits a format/ file names ("config:0-7,32-35"; low bits of value go to
    // the first range). Returns "" or why it does not fit.
    static std::string placeBits(std::string_view format, std::uint64_t value, perf_event_attr& attr);

private:
    std::string applyTerms(const std::string& device, std::string_view terms, perf_event_attr& attr, int depth) const;

    HostPaths m_paths;
    std::string m_corePmu;
};

} // namespace runlens::collect::pmu
