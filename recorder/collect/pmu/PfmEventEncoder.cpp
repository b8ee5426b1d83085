// <linux/perf_event.h> must come before libpfm's own copy, whose include guard would otherwise
// hide the kernel's newer attr fields.
#include <linux/perf_event.h>

#include "PfmEventEncoder.h"

#include <perfmon/pfmlib_perf_event.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

namespace runlens::collect::pmu {

namespace {
std::once_flag g_initOnce;
int g_initResult = PFM_ERR_NOINIT;
} // namespace

std::string PfmEventEncoder::initialize()
{
    std::call_once(g_initOnce, [] { g_initResult = pfm_initialize(); });
    return g_initResult == PFM_SUCCESS ? std::string() : std::string("libpfm4: ") + pfm_strerror(g_initResult);
}

std::string PfmEventEncoder::encode(std::string_view event, perf_event_attr& attr)
{
    if (std::string problem = initialize(); !problem.empty())
        return problem;
    const std::string name(event);
    perf_event_attr encoded;
    std::memset(&encoded, 0, sizeof encoded);
    encoded.size = sizeof encoded; // libpfm copies at most this many bytes (pitfall 1 of the notes)
    pfm_perf_encode_arg_t arg;
    std::memset(&arg, 0, sizeof arg);
    arg.size = sizeof arg;

    arg.attr = &encoded;
    const int result = pfm_get_os_event_encoding(name.c_str(), PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT, &arg);
    if (result != PFM_SUCCESS)
        return "libpfm4 cannot encode \"" + name + "\": " + pfm_strerror(result);
    attr.type = encoded.type;
    attr.config = encoded.config;
    attr.config1 = encoded.config1;
    attr.config2 = encoded.config2;
    return {};
}

bool PfmEventEncoder::knows(std::string_view pmu)
{
    if (!initialize().empty())
        return false;
    int index = 0;
    pfm_for_all_pmus(index)
    {
        pfm_pmu_info_t info;
        std::memset(&info, 0, sizeof info);
        info.size = sizeof info;
        if (pfm_get_pmu_info(pfm_pmu_t(index), &info) == PFM_SUCCESS && info.name && pmu == info.name)
            return true;
    }
    return false;
}

std::vector<std::string> PfmEventEncoder::detectedCorePmus()
{
    std::vector<std::string> names;
    if (!initialize().empty())
        return names;
    int index = 0;
    pfm_for_all_pmus(index)
    {
        pfm_pmu_info_t info;
        std::memset(&info, 0, sizeof info);
        info.size = sizeof info;
        if (pfm_get_pmu_info(pfm_pmu_t(index), &info) == PFM_SUCCESS && info.is_present
            && info.type == PFM_PMU_TYPE_CORE && info.name)
            names.emplace_back(info.name);
    }
    return names;
}

std::string PfmEventEncoder::version()
{
    const int v = pfm_get_version();
    return std::to_string(PFM_MAJ_VERSION(v)) + "." + std::to_string(PFM_MIN_VERSION(v));
}

} // namespace runlens::collect::pmu
