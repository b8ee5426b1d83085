#include "RunName.h"

#include <ctime>

namespace runlens::recorder {

std::string whyInvalidRunName(const std::string& name)
{
    if (name.empty())
        return "the run name is empty";
    if (name.size() > 120)
        return "the run name is longer than 120 characters";
    if (name == "." || name == "..")
        return "the run name cannot be \".\" or \"..\"";
    if (name.front() == '.' || name.front() == '-')
        return "the run name cannot start with '.' or '-'";
    for (unsigned char c : name) {
        if (c == '/' || c == '\\')
            return "the run name cannot contain '/' or '\\' (it becomes a file name)";
        if (c < 0x20 || c == 0x7f)
            return "the run name cannot contain control characters";
    }
    return {};
}

std::string defaultRunName(const std::string& hostname, long long unixSeconds)
{
    std::string host;
    for (char c : hostname) {
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        host += safe ? c : '_';
        if (host.size() == 60)
            break;
    }
    if (host.empty() || host.front() == '-' || host.front() == '_')
        host = "run" + host;
    const std::time_t seconds = unixSeconds;
    std::tm utc {};
    gmtime_r(&seconds, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
    return host + "-" + stamp;
}

} // namespace runlens::recorder
