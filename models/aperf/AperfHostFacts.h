// The host facts APerf keeps in its sysctl and kernel config snapshots, where runlens-rec puts
// them, whether they come from a record archive's .bin files or a report's data/js: the
// attachments host/sysctl.json and host/kernel-config.txt, and the manifest's host facts they
// tell (kernel release, host name, architecture, page size) where nothing better has said them.
#pragma once

#include "RunArchive.h"

#include <map>
#include <string>

namespace aperf {

void addConfigFacts(const std::map<std::string, std::string>& sysctl, const std::map<std::string, std::string>& kernelConfig,
                    nlohmann::json& host, runlens::format::RunArchive& run);

} // namespace aperf
