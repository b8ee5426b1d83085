#include "ProcessesByCommand.h"

#include "DistinguishingArgument.h"

#include <cmath>
#include <limits>
#include <set>

namespace ProcessesByCommand {

namespace {

// "1234/postgres" -> ("1234", "postgres"); false for anything else.
bool splitInstance(const std::string& instance, std::string& pid, std::string& command)
{
    const std::size_t slash = instance.find('/');
    if (slash == 0 || slash == std::string::npos || slash + 1 == instance.size())
        return false;
    for (std::size_t i = 0; i < slash; ++i) {
        if (instance[i] < '0' || instance[i] > '9')
            return false;
    }
    pid = instance.substr(0, slash);
    command = instance.substr(slash + 1);
    return true;
}

// Adds `from` into `into` row by row: a row is NaN only while no process has a value in it.
void addInto(std::vector<double>& into, const std::vector<double>& from)
{
    for (std::size_t r = 0; r < into.size() && r < from.size(); ++r) {
        if (std::isnan(from[r]))
            continue;
        into[r] = std::isnan(into[r]) ? from[r] : into[r] + from[r];
    }
}

// What the recorder kept of one process's command line.
struct CommandLine {
    std::string program; // its program argument, empty when it has none
    std::string text;    // the arguments joined by spaces
};

// "PID/comm" -> its command line, for the processes the recorder kept one for. Anything malformed
// in that untrusted JSON is skipped: the process keeps its command name.
std::map<std::string, CommandLine> commandLines(const runlens::format::RunArchive& run)
{
    std::map<std::string, CommandLine> lines;
    const nlohmann::json* collector = run.collector("proc");
    if (!collector || !collector->is_object())
        return lines;
    const auto details = collector->find("details");
    if (details == collector->end() || !details->is_object())
        return lines;
    const auto recorded = details->find("command_lines");
    if (recorded == details->end() || !recorded->is_object())
        return lines;
    for (const auto& [instance, line] : recorded->items()) {
        if (!line.is_array())
            continue;
        std::vector<std::string> argv;
        CommandLine commandLine;
        for (const nlohmann::json& argument : line) {
            if (!argument.is_string())
                continue;
            argv.push_back(argument.get<std::string>());
            if (!commandLine.text.empty())
                commandLine.text.append(" ");
            commandLine.text.append(argv.back());
        }
        commandLine.program = distinguishingArgument(argv);
        if (!commandLine.text.empty())
            lines.emplace(instance, std::move(commandLine));
    }
    return lines;
}

} // namespace

Grouped group(runlens::format::RunArchive& run)
{
    std::set<std::string> perProcess;
    for (const auto& metric : run.metrics) {
        if (metric.dimension == "process")
            perProcess.insert(metric.id);
    }
    Grouped result;
    Pids& pids = result.pids;
    if (perProcess.empty())
        return result;
    const std::map<std::string, CommandLine> lines = commandLines(run);
    constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();
    for (runlens::format::SeriesTable& table : run.series) {
        std::vector<runlens::format::ColumnKey> keys;
        std::vector<std::vector<double>> columns;
        std::map<std::pair<std::string, std::string>, std::size_t> grouped; // (metric, command) -> index
        std::map<std::string, std::size_t> totals;                         // metric -> its "all"
        bool changed = false;
        for (std::size_t c = 0; c < table.keys.size(); ++c) {
            const runlens::format::ColumnKey& key = table.keys[c];
            std::string pid;
            std::string command;
            if (!perProcess.contains(key.metric) || !splitInstance(key.instance, pid, command)) {
                keys.push_back(key);
                columns.push_back(std::move(table.columns[c]));
                continue;
            }
            changed = true;
            const auto line = lines.find(key.instance);
            if (line != lines.end() && !line->second.program.empty())
                command.append(" ").append(line->second.program);
            if (line != lines.end())
                result.commandLines.try_emplace({key.metric, command}, line->second.text);
            auto total = totals.find(key.metric);
            if (total == totals.end()) {
                // The aggregate first, where the views look for it.
                total = totals.emplace(key.metric, keys.size()).first;
                keys.push_back({key.metric, "all"});
                columns.emplace_back(table.timestampsNs.size(), kNoValue);
            }
            addInto(columns[total->second], table.columns[c]);
            auto [it, isNew] = grouped.try_emplace({key.metric, command}, keys.size());
            if (isNew) {
                keys.push_back({key.metric, command});
                columns.push_back(std::move(table.columns[c]));
            } else {
                addInto(columns[it->second], table.columns[c]);
            }
            pids[{key.metric, command}].push_back(pid);
        }
        if (changed) {
            table.keys = std::move(keys);
            table.columns = std::move(columns);
        } else {
            // Nothing was grouped: the columns moved out go back where they were.
            for (std::size_t c = 0; c < columns.size(); ++c)
                table.columns[c] = std::move(columns[c]);
        }
    }
    return result;
}

} // namespace ProcessesByCommand
