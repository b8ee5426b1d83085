#include "FoldedWriter.h"

#include "ProfileBuilder.h"
#include "SampleFilter.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

using runlens::format::FrameKind;
using runlens::format::kNoStack;
using runlens::format::ProfileFrame;
using runlens::format::ProfileTask;

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

// The generic tidying of stackcollapse-perf.pl, then its Java tidying for commands "java...".
std::string tidy(std::string name, bool java)
{
    std::replace(name.begin(), name.end(), ';', ':');
    // m/\.\(.*\)\./ : a Go method such as "net/http.(*Client).Do" keeps its parentheses.
    const std::size_t goOpen = name.find(".(");
    const std::size_t goClose = name.rfind(").");
    const bool goMethod = goOpen != std::string::npos && goClose != std::string::npos && goClose > goOpen;
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

// s/.*\///
std::string baseName(const std::string& module)
{
    const std::size_t slash = module.rfind('/');
    return slash == std::string::npos ? module : module.substr(slash + 1);
}

std::string processName(const ProfileTask& task, const FoldedOptions& options)
{
    std::string process = task.command;
    const std::string pid = task.pid == runlens::format::kUnknownPid ? std::string("?") : std::to_string(task.pid);
    if (options.tid)
        process += "-" + pid + "/" + std::to_string(task.tid);
    else if (options.pid)
        process += "-" + pid;
    std::replace(process.begin(), process.end(), ' ', '_');
    return process;
}

} // namespace

std::string writeFolded(const runlens::format::ProfileTables& profile, const FoldedOptions& options)
{
    const nlohmann::json* addresses = nullptr;
    if (const auto it = profile.info.find(runlens::format::kFrameAddressesKey); it != profile.info.end() && it->is_object())
        addresses = &*it;
    const auto source = profile.info.find("source");
    const auto sourceIs = [&](const char* name) {
        return source != profile.info.end() && source->is_string() && source->get<std::string>() == name;
    };
    // Names read from folded stacks were tidied by whatever folded them; tidying again would cut
    // a name such as "operator()" that the file holds on purpose.
    const bool tidyNames = !sourceIs("folded");
    // perf's module names are what the script's annotation patterns were written for; the frames
    // of recorded runs know their kind (their modules are base names: "perf-PID.map").
    const bool moduleRules = sourceIs("perf script");

    // Frame names depend on the sample's process only through the Java tidying, so they are
    // cached twice: for "java..." commands and for the others.
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
        if (!tidyNames) {
            std::string name = frame.symbol;
            if (options.kernel && frame.kind == FrameKind::Kernel)
                name += "_[k]";
            else if (options.jit && frame.kind == FrameKind::Jit)
                name += "_[j]";
            named[java][id] = 1;
            return names[java][id] = std::move(name);
        }
        // The importer marks the second and later frames of an "a->b" chain with _[i].
        const bool inlined = frame.symbol.ends_with("_[i]");
        const std::string raw = inlined ? frame.symbol.substr(0, frame.symbol.size() - 4) : frame.symbol;
        std::string name;
        if (raw == "[unknown]") {
            // Recorded runs leave the module empty where no mapping was found.
            const std::string module = frame.module.empty() && frame.kind == FrameKind::Unknown ? "[unknown]" : frame.module;
            name = module != "[unknown]" ? baseName(module) : std::string("unknown");
            std::string address;
            if (options.addrs && addresses) {
                const auto found = addresses->find(std::to_string(id));
                if (found != addresses->end() && found->is_string())
                    address = found->get<std::string>();
            }
            name = options.addrs ? "[" + name + " <" + address + ">]" : "[" + name + "]";
        } else {
            name = raw;
        }
        name = tidy(std::move(name), java);
        const bool kernel = moduleRules ? isKernelModule(frame.module) : frame.kind == FrameKind::Kernel;
        const bool jitted = moduleRules ? isJitModule(frame.module) : frame.kind == FrameKind::Jit;
        if (inlined) {
            if (name.find("_[i]") == std::string::npos)
                name += "_[i]";
        } else if (options.kernel && kernel) {
            name += "_[k]";
        } else if (options.jit && jitted) {
            if (name.find("_[j]") == std::string::npos)
                name += "_[j]";
        }
        named[java][id] = 1;
        return names[java][id] = std::move(name);
    };

    // Weights per (task, stack) first: a profile has far fewer distinct pairs than samples, so
    // the strings are built once per pair. Samples name their task, or their thread's.
    const auto& samples = profile.samples;
    std::unordered_map<std::uint32_t, std::uint32_t> taskOfThread;
    for (std::uint32_t i = 0; i < profile.tasks.size(); ++i)
        taskOfThread[profile.tasks[i].tid] = i;
    constexpr std::uint32_t kNoTask = 0xffffffffu;
    std::unordered_map<std::uint64_t, std::uint64_t> perTaskStack;
    const SampleFilter filter(options.filter);
    const bool filtered = options.filter.timeNs || options.filter.filtersRows();
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (filtered && !filter.passes(samples, i))
            continue;
        std::uint32_t task = kNoTask;
        if (!samples.task.empty()) {
            task = samples.task[i];
        } else if (const auto it = taskOfThread.find(samples.tid[i]); it != taskOfThread.end()) {
            task = it->second;
        }
        perTaskStack[(std::uint64_t(task) << 32) | samples.stack[i]] += options.samples ? samples.countAt(i) : samples.periodAt(i);
    }

    // Perl's hash: one entry per distinct line text, whatever tasks and stacks made it. The texts
    // go into one arena; the hash and the sort handle views of it.
    std::string arena;
    std::vector<std::pair<std::size_t, std::size_t>> spans; // offset, length in arena
    std::unordered_map<std::string_view, std::size_t> lineIndex;
    std::vector<std::uint64_t> weights;
    std::vector<std::uint32_t> frames;
    std::string line;
    std::vector<std::string> processNames(profile.tasks.size());
    std::vector<char> processNamed(profile.tasks.size(), 0);
    for (const auto& [key, weight] : perTaskStack) {
        const auto taskIndex = std::uint32_t(key >> 32);
        const auto stackId = std::uint32_t(key & 0xffffffffu);
        // A sample without a known thread (folded input) has no process prefix.
        const ProfileTask* task = taskIndex < profile.tasks.size() ? &profile.tasks[taskIndex] : nullptr;
        line.clear();
        if (task) {
            if (!processNamed[taskIndex]) {
                processNames[taskIndex] = processName(*task, options);
                processNamed[taskIndex] = 1;
            }
            line = processNames[taskIndex];
        }
        // $pname =~ m/^java/
        const bool java = task && task->command.starts_with("java");
        frames.clear();
        for (std::uint32_t s = stackId; s != kNoStack && s < profile.stacks.size(); s = profile.stacks[s].parent)
            frames.push_back(profile.stacks[s].frame);
        bool first = !task;
        for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
            if (!first)
                line += ';';
            line += frameName(*it, java);
            first = false;
        }
        spans.emplace_back(arena.size(), line.size());
        arena += line;
        weights.push_back(weight);
    }
    // Views into the arena only once it stops growing.
    std::vector<std::size_t> order;
    std::vector<std::uint64_t> merged;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        const std::string_view text(arena.data() + spans[i].first, spans[i].second);
        const auto [it, inserted] = lineIndex.try_emplace(text, order.size());
        if (inserted) {
            order.push_back(i);
            merged.push_back(weights[i]);
        } else {
            merged[it->second] += weights[i];
        }
    }
    // The lines "stack weight" in a second arena, sorted as LC_ALL=C sort sorts the script's
    // output: whole lines, bytewise (string_view compares bytes as unsigned char).
    std::string lines;
    std::vector<std::pair<std::size_t, std::size_t>> lineSpans;
    lineSpans.reserve(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto& span = spans[order[k]];
        const std::size_t at = lines.size();
        lines.append(arena, span.first, span.second);
        lines += ' ';
        lines += std::to_string(merged[k]);
        lineSpans.emplace_back(at, lines.size() - at);
    }
    const auto view = [&lines](const std::pair<std::size_t, std::size_t>& span) {
        return std::string_view(lines.data() + span.first, span.second);
    };
    std::sort(lineSpans.begin(), lineSpans.end(), [&](const auto& x, const auto& y) { return view(x) < view(y); });
    std::string text;
    text.reserve(lines.size() + lineSpans.size());
    for (const auto& span : lineSpans) {
        text += view(span);
        text += '\n';
    }
    return text;
}
