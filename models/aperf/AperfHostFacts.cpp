#include "AperfHostFacts.h"

namespace aperf {

void addConfigFacts(const std::map<std::string, std::string>& sysctl, const std::map<std::string, std::string>& kernelConfig,
                    nlohmann::json& host, runlens::format::RunArchive& run)
{
    if (!sysctl.empty()) {
        nlohmann::json values = nlohmann::json::object();
        for (const auto& [key, value] : sysctl)
            values[key] = value;
        run.attachments["host/sysctl.json"] = values.dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    if (!kernelConfig.empty()) {
        std::string text;
        for (const auto& [key, value] : kernelConfig)
            text += key + "=" + value + "\n";
        run.attachments["host/kernel-config.txt"] = std::move(text);
    }
    const auto setFromSysctl = [&](const char* fact, const char* key) {
        const auto it = sysctl.find(key);
        if (!host.contains(fact) && it != sysctl.end() && !it->second.empty())
            host[fact] = it->second;
    };
    setFromSysctl("kernel_release", "kernel.osrelease");
    setFromSysctl("hostname", "kernel.hostname");
    // A config option is on when its value is "y"; "is not set" and "m" are other values.
    const auto enabled = [&kernelConfig](const char* option) {
        const auto it = kernelConfig.find(option);
        return it != kernelConfig.end() && it->second == "y";
    };
    // APerf does not record the page size; the kernel's configuration tells it.
    if (enabled("CONFIG_ARM64_64K_PAGES"))
        host["page_size_bytes"] = 65536;
    else if (enabled("CONFIG_ARM64_16K_PAGES"))
        host["page_size_bytes"] = 16384;
    else if (!kernelConfig.empty())
        host["page_size_bytes"] = 4096;
    if (enabled("CONFIG_ARM64"))
        host["architecture"] = "aarch64";
    else if (enabled("CONFIG_X86_64"))
        host["architecture"] = "x86_64";
}

} // namespace aperf
