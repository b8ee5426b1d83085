// The subcommands of runlens-rec. Each returns the process exit code and prints its own messages.
#pragma once

#include "RecordOptions.h"

#include <string>

namespace runlens::recorder {

int runRecord(RecordOptions options);
int runListCollectors(const collect::HostPaths& paths);
int runInfo(const std::string& archivePath, bool asJson);
int runPack(const std::string& spoolDirectory, const std::string& archivePath);
int runStatus(const std::string& path, const std::string& name);

} // namespace runlens::recorder
