#include "PmuDetector.h"

#include "PfmEventEncoder.h"
#include "ProcFile.h"
#include "TextCursor.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>

namespace runlens::collect::pmu {

namespace {

std::string trimmed(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

int parseInt(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
        base = 16;
    }
    int value = -1;
    std::from_chars(text.data(), text.data() + text.size(), value, base);
    return value;
}

std::string hex(int value)
{
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "0x%x", value);
    return buffer;
}

// The first processor block of /proc/cpuinfo: every CPU of a host is the same model on the
// machines this recorder targets (hybrid client CPUs are out of scope).
void readCpuInfo(const HostPaths& paths, HostPmu& pmu)
{
    std::string text;
    if (!readWholeFile(paths.proc("cpuinfo"), text))
        return;
    TextCursor cursor(text);
    while (!cursor.atEnd()) {
        const std::string_view line = cursor.line();
        if (line.empty() && !pmu.vendor.empty())
            break;
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        std::string_view key = line.substr(0, colon);
        while (!key.empty() && (key.back() == ' ' || key.back() == '\t'))
            key.remove_suffix(1);
        std::string_view value = line.substr(colon + 1);
        while (!value.empty() && value.front() == ' ')
            value.remove_prefix(1);
        if (key == "vendor_id")
            pmu.vendor = std::string(value);
        else if (key == "cpu family")
            pmu.family = parseInt(value);
        else if (key == "model")
            pmu.model = parseInt(value);
        else if (key == "model name")
            pmu.modelName = std::string(value);
        else if (key == "CPU implementer")
            pmu.armImplementer = parseInt(value);
        else if (key == "CPU part")
            pmu.armPart = parseInt(value);
    }
    if (pmu.vendor.empty() && pmu.armImplementer >= 0)
        pmu.vendor = "ARM";
}

} // namespace

std::string HostPmu::cpuDescription() const
{
    if (armImplementer >= 0)
        return "Arm implementer " + hex(armImplementer) + " part " + hex(armPart);
    std::string text = modelName.empty() ? vendor : modelName;
    if (family >= 0)
        text += " (family " + hex(family) + ", model " + hex(model) + ")";
    return text.empty() ? std::string("unknown CPU") : text;
}

HostPmu PmuDetector::detect(const HostPaths& paths)
{
    HostPmu pmu;
    readCpuInfo(paths, pmu);
    pmu.libpfmPmus = PfmEventEncoder::detectedCorePmus();

    const std::string devices = paths.sys("bus/event_source/devices");
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(devices, error))
        pmu.eventSources.push_back(entry.path().filename().string());
    std::sort(pmu.eventSources.begin(), pmu.eventSources.end());

    // x86 names its core PMU "cpu" ("cpu_core" on hybrid parts); Arm names it after the driver,
    // numbered per PMU instance.
    const auto has = [&](const std::string& name) {
        return std::find(pmu.eventSources.begin(), pmu.eventSources.end(), name) != pmu.eventSources.end();
    };
    for (const char* candidate : {"cpu", "cpu_core", "armv8_pmuv3_0", "armv8_pmuv3"}) {
        if (has(candidate)) {
            pmu.device = candidate;
            break;
        }
    }
    if (pmu.device.empty()) {
        for (const std::string& name : pmu.eventSources) {
            if (name.rfind("armv8_", 0) == 0 || name.rfind("armv9_", 0) == 0) {
                pmu.device = name;
                break;
            }
        }
    }

    if (pmu.device.empty()) {
        std::string listed;
        for (const std::string& name : pmu.eventSources)
            listed += (listed.empty() ? "" : ", ") + name;
        pmu.missingReason = "no hardware PMU: " + devices + " has no cpu or armv8_pmuv3 device (it lists: "
                          + (listed.empty() ? std::string("nothing") : listed)
                          + "); this VM or container does not expose performance counters (on EC2, only some "
                            "instance sizes do: the larger and metal sizes)";
        if (!pmu.libpfmPmus.empty())
            pmu.missingReason += "; libpfm4 recognises the CPU as " + pmu.libpfmPmus.front()
                               + " from CPUID, but the kernel has no counters to program";
        return pmu;
    }

    const std::string base = devices + "/" + pmu.device;
    std::string text;
    if (readWholeFile(base + "/type", text))
        pmu.type = std::uint32_t(parseInt(trimmed(text)));
    if (readWholeFile(base + "/caps/pmu_name", text))
        pmu.kernelName = trimmed(text);
    if (readWholeFile(base + "/caps/slots", text)) {
        const int slots = parseInt(trimmed(text));
        pmu.slotsPerCycle = slots > 0 ? double(slots) : 0;
    }
    return pmu;
}

} // namespace runlens::collect::pmu
