// What the host under test is, read once per run: the facts a colleague needs to tell whether two
// runs are comparable (kernel, CPU model and topology, memory, THP, governor, sysctls, kernel config).
//
// Nothing here fails: an item that cannot be read (an unprivileged user, a VM without cpufreq, a
// kernel without /proc/config.gz) is listed under "unavailable" with the reason instead.
#pragma once

#include "HostPaths.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <string>

namespace runlens::collect {

struct HostFactsOptions {
    // Where os-release lives. HostPaths has no /etc root (collectors never read /etc), so it is
    // an option of the host facts alone; tests point it at a fixture.
    std::string etcRoot = "/etc";
    // A few sysctls (net.ipv4.tcp_available_congestion_control on a module-heavy host, dev.cdrom.info)
    // are long; beyond this they are cut and counted as truncated.
    std::size_t maxSysctlValueBytes = 4096;
    // Containers and hosts with thousands of interfaces have tens of thousands of per-device sysctls.
    std::size_t maxSysctlEntries = 50000;
    std::size_t maxKernelConfigBytes = 8 * 1024 * 1024;
};

struct HostFacts {
    // A flat object of snake_case keys (see collectHostFacts), plus "unavailable": {key: reason}.
    nlohmann::json facts = nlohmann::json::object();
    // Dotted sysctl names as sysctl(8) prints them ("net.ipv4.tcp_rmem") -> value without the
    // trailing newline. Secret-looking keys are never read.
    std::map<std::string, std::string> sysctl;
    // The running kernel's .config text, empty when unavailable.
    std::string kernelConfig;
};

// Keys of facts: hostname, kernel_release, kernel_version, architecture, os_release, os_id,
// os_version_id, cpu_vendor, cpu_model, cpus_online, cpus_online_list, cpus_possible, sockets,
// cores_per_socket, threads_per_core, numa_nodes, numa_node_cpus {node: cpulist},
// memory_total_bytes, page_size_bytes, kernel_cmdline, clocksource, clocksources_available,
// cpu_governor, cpu_frequency_driver, thp_enabled, thp_defrag,
// sysctl {root, entries, skipped_secret, skipped_unreadable, truncated_values, capped},
// kernel_config {source, bytes}, unavailable {key: reason}.
HostFacts collectHostFacts(const HostPaths& paths, const HostFactsOptions& options = {});

} // namespace runlens::collect
