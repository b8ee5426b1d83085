// Run names become file names on the recording host and on every desktop the archive reaches.
#pragma once

#include <string>

namespace runlens::recorder {

// Empty when name is usable, otherwise a sentence saying what is wrong with it.
std::string whyInvalidRunName(const std::string& name);

// HOSTNAME-YYYYMMDD-HHMMSS in UTC, made safe for whyInvalidRunName.
std::string defaultRunName(const std::string& hostname, long long unixSeconds);

} // namespace runlens::recorder
