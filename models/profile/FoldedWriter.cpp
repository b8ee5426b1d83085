#include "FoldedWriter.h"

#include "ProfileBuilder.h"

#include <algorithm>
#include <map>
#include <unordered_map>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileFrame;

namespace {

// $mod =~ m/(^\[|vmlinux$)/ && $mod !~ /unknown/
bool isKernelModule(const std::string& module)
{
    return (module.starts_with('[') || module.ends_with("vmlinux")) && module.find("unknown") == std::string::npos;
}

// $mod =~ m:/tmp/perf-\d+\.map:
bool isJitModule(const std::string& module)
{
    for (std::size_t at = module.find("/tmp/perf-"); at != std::string::npos; at = module.find("/tmp/perf-", at + 1)) {
        std::size_t i = at + 10;
        const std::size_t digits = i;
        while (i < module.size() && module[i] >= '0' && module[i] <= '9')
            ++i;
        if (i > digits && module.compare(i, 4, ".map") == 0)
            return true;
    }
    return false;
}

// The generic tidying of stackcollapse-perf.pl, then its Java tidying for the command "java".
std::string tidy(std::string name, bool java)
{
    std::replace(name.begin(), name.end(), ';', ':');
    // m/\.\(.*\)\./ : a Go method such as "net/http.(*Client).Do" keeps its parentheses.
    bool goMethod = false;
    for (std::size_t open = name.find(".("); open != std::string::npos && !goMethod; open = name.find(".(", open + 1)) {
        const std::size_t close = name.rfind(").");
        goMethod = close != std::string::npos && close > open;
    }
    if (!goMethod) {
        // s/\((?!anonymous namespace\)).*//
        for (std::size_t open = name.find('('); open != std::string::npos; open = name.find('(', open + 1)) {
            if (name.compare(open, 21, "(anonymous namespace)") != 0) {
                name.erase(open);
                break;
            }
        }
    }
    std::erase_if(name, [](char c) { return c == '"' || c == '\''; });
    if (java && name.find('/') != std::string::npos && name.starts_with('L'))
        name.erase(0, 1);
    return name;
}

std::string baseName(const std::string& module)
{
    const std::size_t slash = module.rfind('/');
    return slash == std::string::npos ? module : module.substr(slash + 1);
}

} // namespace

std::string writeFolded(const runlens::format::ProfileTables& profile, const FoldedOptions& options)
{
    std::unordered_map<std::uint32_t, const runlens::format::ProfileTask*> tasks;
    for (const auto& task : profile.tasks)
        tasks.emplace(task.tid, &task);
    const nlohmann::json* addresses = nullptr;
    if (const auto it = profile.info.find(kFrameAddressesKey); it != profile.info.end() && it->is_object())
        addresses = &*it;

    // Names read from folded stacks were tidied by whatever folded them; tidying again would cut
    // a name such as "operator()" that the file holds on purpose.
    const auto source = profile.info.find("source");
    const bool tidyNames = !(source != profile.info.end() && source->is_string() && source->get<std::string>() == "folded");

    // Frame names depend on the sample's process only through the Java tidying, so they are
    // cached twice: for "java" and for everything else.
    std::vector<std::string> names[2];
    std::vector<char> named[2];
    for (int j = 0; j < 2; ++j) {
        names[j].resize(profile.frames.size());
        named[j].assign(profile.frames.size(), 0);
    }
    const auto frameName = [&](std::uint32_t id, bool java) -> const std::string& {
        if (named[java][id])
            return names[java][id];
        const ProfileFrame& frame = profile.frames[id];
        std::string name;
        if (!tidyNames) {
            name = frame.symbol;
        } else if (frame.symbol == "[unknown]") {
            const std::string module = frame.module.empty() ? std::string("[unknown]") : frame.module;
            name = module != "[unknown]" ? baseName(module) : std::string("unknown");
            std::string address;
            if (options.addrs && addresses) {
                const auto found = addresses->find(std::to_string(id));
                if (found != addresses->end() && found->is_string())
                    address = found->get<std::string>();
            }
            name = options.addrs && !address.empty() ? "[" + name + " <" + address + ">]" : "[" + name + "]";
            name = tidy(std::move(name), java);
        } else {
            const bool inlined = frame.symbol.ends_with("_[i]");
            name = tidy(inlined ? frame.symbol.substr(0, frame.symbol.size() - 4) : frame.symbol, java);
            if (inlined)
                name += "_[i]";
        }
        if (!frame.symbol.ends_with("_[i]")) {
            if (options.kernel && (frame.kind == FrameKind::Kernel || isKernelModule(frame.module)))
                name += "_[k]";
            else if (options.jit && (frame.kind == FrameKind::Jit || isJitModule(frame.module)))
                name += "_[j]";
        }
        named[java][id] = 1;
        names[java][id] = std::move(name);
        return names[java][id];
    };

    // Count samples per (process name, stack) first: a profile has far fewer distinct stacks than
    // samples, so the strings are built once per distinct pair.
    std::map<std::pair<std::string, std::uint32_t>, std::uint64_t> counts;
    {
        std::unordered_map<std::uint64_t, std::uint64_t> perTidStack;
        const auto& samples = profile.samples;
        for (std::size_t i = 0; i < samples.size(); ++i)
            ++perTidStack[(std::uint64_t(samples.tid[i]) << 32) | samples.stack[i]];
        for (const auto& [key, count] : perTidStack) {
            const auto tid = std::uint32_t(key >> 32);
            const auto stack = std::uint32_t(key & 0xffffffffu);
            std::string process;
            if (const auto task = tasks.find(tid); task != tasks.end()) {
                const std::string pid = task->second->pid == kUnknownPid ? std::string("?") : std::to_string(task->second->pid);
                process = task->second->command;
                if (options.tid)
                    process += "-" + pid + "/" + std::to_string(tid);
                else if (options.pid)
                    process += "-" + pid;
                std::replace(process.begin(), process.end(), ' ', '_');
            }
            counts[{process, stack}] += count;
        }
    }

    std::map<std::string, std::uint64_t> lines;
    std::vector<std::uint32_t> frames;
    for (const auto& [key, count] : counts) {
        const auto& [process, stackId] = key;
        // stackcollapse tidies Java names when the whole prefix is "java" (not with --pid/--tid).
        const bool java = process == "java";
        frames.clear();
        for (std::uint32_t s = stackId; s != kNoStack && s < profile.stacks.size(); s = profile.stacks[s].parent)
            frames.push_back(profile.stacks[s].frame);
        // A sample without a known thread (folded input) has no process prefix.
        std::string line = process;
        bool first = process.empty();
        for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
            if (!first)
                line += ';';
            line += frameName(*it, java);
            first = false;
        }
        lines[line] += count;
    }

    std::string out;
    for (const auto& [line, count] : lines) {
        out += line;
        out += ' ';
        out += std::to_string(count);
        out += '\n';
    }
    return out;
}
