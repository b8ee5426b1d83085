// Where the recorder reads the kernel's view of the host. Tests and benchmarks point these at a
// captured or synthetic tree (--proc-root, --sys-root).
#pragma once

#include <string>
#include <string_view>

namespace runlens::collect {

struct HostPaths {
    std::string procRoot = "/proc";
    std::string sysRoot = "/sys";
    std::string bootRoot = "/boot";

    std::string proc(std::string_view relative) const { return join(procRoot, relative); }
    std::string sys(std::string_view relative) const { return join(sysRoot, relative); }
    std::string boot(std::string_view relative) const { return join(bootRoot, relative); }

private:
    static std::string join(const std::string& root, std::string_view relative)
    {
        std::string path = root;
        if (!path.empty() && path.back() != '/')
            path += '/';
        while (!relative.empty() && relative.front() == '/')
            relative.remove_prefix(1);
        path += relative;
        return path;
    }
};

} // namespace runlens::collect
