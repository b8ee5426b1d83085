#include "Commands.h"
#include "SpoolDirectory.h"

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace runlens::recorder {

namespace {

nlohmann::json spoolStatus(const fs::path& spool)
{
    std::ifstream in(spool / format::spool::kStatus);
    nlohmann::json status = nlohmann::json::parse(in, nullptr, false);
    if (status.is_discarded() || !status.is_object())
        return {{"state", "unknown"}, {"spool", spool.string()}, {"error", "status.json is missing or damaged"}};
    // A recorder that died leaves "recording" behind: check the process is still there.
    if (status.value("state", "") == "recording" || status.value("state", "") == "packing") {
        const int pid = status.value("pid", 0);
        const bool alive = pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM);
        status["alive"] = alive;
        if (!alive)
            status["state"] = "interrupted";
    }
    return status;
}

} // namespace

// PATH is a spool directory, or an output directory (optionally with --name). Prints JSON for the
// app's SSH layer: it polls this while a remote recording runs.
int runStatus(const std::string& path, const std::string& name)
{
    std::error_code error;
    const fs::path target(path);
    nlohmann::json result;
    if (fs::is_regular_file(target / format::spool::kStatus, error)) {
        result = spoolStatus(target);
    } else if (fs::is_directory(target, error)) {
        if (!name.empty()) {
            const fs::path spool = target / (name + format::spool::kSuffix);
            const fs::path archive = target / (name + ".tar.gz");
            if (fs::is_regular_file(spool / format::spool::kStatus, error))
                result = spoolStatus(spool);
            else if (fs::is_regular_file(archive, error))
                result = {{"name", name}, {"state", "done"}, {"archive", archive.string()},
                          {"archive_bytes", fs::file_size(archive, error)}};
            else
                result = {{"name", name}, {"state", "not_found"}};
        } else {
            nlohmann::json recordings = nlohmann::json::array();
            for (const auto& entry : fs::directory_iterator(target, error)) {
                if (entry.is_directory() && entry.path().extension() == format::spool::kSuffix)
                    recordings.push_back(spoolStatus(entry.path()));
            }
            result = {{"recordings", recordings}};
        }
    } else {
        std::fprintf(stderr, "runlens-rec: %s is neither a recording nor a directory\n", path.c_str());
        return 1;
    }
    std::printf("%s\n", result.dump().c_str());
    return 0;
}

} // namespace runlens::recorder
