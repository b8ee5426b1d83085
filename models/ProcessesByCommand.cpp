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

// "PID/comm" -> the program argument of its command line, for the processes the recorder kept one
// for. Anything malformed in that untrusted JSON is skipped: the process keeps its command name.
std::map<std::string, std::string> programArguments(const runlens::format::RunArchive& run)
{
    std::map<std::string, std::string> arguments;
    const nlohmann::json* collector = run.collector("proc");
    if (!collector || !collector->is_object())
        return arguments;
    const auto details = collector->find("details");
    if (details == collector->end() || !details->is_object())
        return arguments;
    const auto lines = details->find("command_lines");
    if (lines == details->end() || !lines->is_object())
        return arguments;
    for (const auto& [instance, line] : lines->items()) {
        if (!line.is_array())
            continue;
        std::vector<std::string> argv;
        for (const nlohmann::json& argument : line) {
            if (argument.is_string())
                argv.push_back(argument.get<std::string>());
        }
        std::string program = distinguishingArgument(argv);
        if (!program.empty())
            arguments.emplace(instance, std::move(program));
    }
    return arguments;
}

} // namespace

Pids group(runlens::format::RunArchive& run)
{
    std::set<std::string> perProcess;
    for (const auto& metric : run.metrics) {
        if (metric.dimension == "process")
            perProcess.insert(metric.id);
    }
    Pids pids;
    if (perProcess.empty())
        return pids;
    const std::map<std::string, std::string> arguments = programArguments(run);
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
            if (const auto argument = arguments.find(key.instance); argument != arguments.end())
                command.append(" ").append(argument->second);
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
    return pids;
}

} // namespace ProcessesByCommand
