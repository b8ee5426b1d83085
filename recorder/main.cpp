// runlens-rec: the headless recorder that runs on the host under test.
#include "Commands.h"
#include "Duration.h"
#include "FormatVersion.h"
#include "HttpEndpoint.h"
#include "RunlensVersion.h"
#include "WorkloadRule.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <iostream>
#include <map>
#include <string_view>

namespace {

std::string versionText()
{
    return std::string("runlens-rec ") + runlens::kVersion + " (run archive format "
         + runlens::format::FormatVersion{runlens::format::kFormatMajor, runlens::format::kFormatMinor}.toString()
         + ")";
}

// CLI11 validator for --duration and --interval.
struct DurationValidator : CLI::Validator {
    DurationValidator()
    {
        name_ = "DURATION";
        func_ = [](const std::string& text) {
            const auto duration = runlens::recorder::parseDuration(text);
            if (!duration || duration->count() <= 0)
                return std::string("\"" + text + "\" is not a duration such as 500ms, 10s, 4m or 1h30m");
            return std::string();
        };
    }
};

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> items;
    std::string item;
    for (char c : text + ",") {
        if (c == ',') {
            if (!item.empty())
                items.push_back(item);
            item.clear();
        } else if (c != ' ') {
            item += c;
        }
    }
    return items;
}

} // namespace

int main(int argc, char** argv)
{
    CLI::App app{"runlens-rec records a host's system metrics, CPU counters and stacks into one run "
                 "archive (NAME.tar.gz) that the Runlens app opens and compares.",
                 "runlens-rec"};
    app.set_version_flag("-V,--version", versionText());
    app.footer("Run 'runlens-rec SUBCOMMAND --help' for the options of a subcommand.");
    app.require_subcommand(0, 1);

    runlens::recorder::RecordOptions record;
    std::string durationText;
    std::string intervalText = "1s";
    std::string collectText;
    std::string skipText;
    std::vector<std::string> tagTexts;
    CLI::App* recordCommand = app.add_subcommand("record", "Record this host until --duration ends or Ctrl-C; "
                                                           "writes OUT/NAME.tar.gz");
    recordCommand->add_option("--name", record.name, "Run name (default: HOSTNAME-YYYYMMDD-HHMMSS)");
    recordCommand->add_option("--duration", durationText, "How long to record, e.g. 240s, 4m, 1h (default: until Ctrl-C)")
        ->check(DurationValidator());
    recordCommand->add_option("--interval", intervalText, "Time between samples")->capture_default_str()->check(DurationValidator());
    recordCommand->add_option("--out", record.outDirectory, "Directory for the archive")->capture_default_str()->check(CLI::ExistingDirectory);
    auto* collectOption = recordCommand->add_option("--collect", collectText, "Only these collectors (comma-separated)");
    recordCommand->add_option("--skip", skipText, "All collectors but these (comma-separated)")->excludes(collectOption);
    recordCommand->add_option("--note", record.note, "A note stored with the run");
    recordCommand->add_option("--tag", tagTexts, "A key=value tag stored with the run (repeatable)")
        ->check([](const std::string& text) {
            return text.find('=') == std::string::npos || text.front() == '=' ? "a tag is key=value" : std::string();
        });
    recordCommand->add_option("--proc-root", record.paths.procRoot, "Read this tree instead of /proc")->capture_default_str();
    recordCommand->add_option("--sys-root", record.paths.sysRoot, "Read this tree instead of /sys")->capture_default_str();
    recordCommand->add_option("--imds-endpoint", record.imdsEndpoint,
                              "EC2 instance metadata endpoint host:port, or 'off'")->capture_default_str();
    recordCommand->add_option("--pmu-events", record.pmuEventsFile,
                              "JSON file of extra PMU events and formulas ({\"events\": {NAME: \"cpu/event=0x..,umask=0x../\"}, "
                              "\"metrics\": {ID: \"A / B * 1000\"}}; APerf's format works)")
        ->check(CLI::ExistingFile);
    recordCommand->add_option("--scrape", record.scrapeUrls,
                              "Also read a service's Prometheus metrics every interval from a local endpoint, "
                              "http://IP-OR-localhost:PORT/PATH, e.g. http://127.0.0.1:9100/metrics (repeatable)")
        ->check([](const std::string& url) {
            runlens::collect::HttpUrl parsed;
            return runlens::collect::parseHttpUrl(url, parsed);
        });
    recordCommand->add_flag("-q,--quiet", record.quiet, "No progress line; only errors and the archive path");
    recordCommand->add_flag("--keep-spool", record.keepSpool, "Keep NAME.spool/ after writing the archive");
    CLI::Option* profileFlag = recordCommand->add_flag("--profile", record.profile.enabled,
                                                       "Also sample the call stacks of every CPU, for flame graphs");
    recordCommand->add_option("--profile-hz", record.profile.frequencyHz, "Stack samples per second and CPU")
        ->capture_default_str()->check(CLI::Range(1, 10000))->needs(profileFlag);
    recordCommand->add_option("--profile-backend", record.profile.backend,
                              "native (perf_event_open inside runlens-rec) or perf (the system's perf record)")
        ->capture_default_str()->check(CLI::IsMember({"native", "perf"}))->needs(profileFlag);
    std::vector<std::string> workloadMetricTexts;
    std::vector<std::string> workloadResultTexts;
    recordCommand->add_option("--workload-metric", workloadMetricTexts,
                              "NAME[:UNIT[:higher|lower]]=REGEX: each output line of the workload that matches REGEX (a "
                              "PCRE2, Perl-compatible, regular expression) gives a value of workload.NAME (its first capture group; 10.5k and 41.1MiB are read "
                              "with their multipliers), stamped when the line arrived (repeatable)");
    recordCommand->add_option("--workload-result", workloadResultTexts,
                              "NAME[:UNIT[:higher|lower]]=REGEX: like --workload-metric for a final result that "
                              "describes the whole run, e.g. 'rps:req/s=^Requests/sec: +([0-9.]+)' (repeatable)");
    recordCommand->add_option("--workload-preset", record.workload.presets,
                              "The rules for a benchmark's output: sysbench (--report-interval), fio "
                              "(--status-interval), pgbench (-P), wrk (repeatable)")
        ->check(CLI::IsMember(runlens::workload::presetNames()));
    recordCommand->add_option("--follow", record.workload.follow,
                              "Apply the workload rules to the lines appended to this log file (a workload that is "
                              "already running)");
    recordCommand->footer("With -- COMMAND [ARGS...] at the end, runlens-rec starts COMMAND after the first sample, "
                          "passes its output through, records until it exits (plus one interval), forwards SIGINT and "
                          "SIGTERM to it, and exits with its status.");

    // Hidden, for tests: hide kernel symbols or refuse perf_event_open without changing the machine.
    std::string profileSimulatedError;
    recordCommand->add_option("--profile-kallsyms", record.profile.kallsymsPath)->group("");
    recordCommand->add_option("--profile-kptr-restrict", record.profile.kptrRestrictPath)->group("");
    recordCommand->add_option("--profile-perf-map-dir", record.profile.perfMapDirectory)->group("");
    recordCommand->add_option("--profile-perf-batch", record.profile.perfImportBatchSamples)->check(CLI::Range(1u, 1u << 24))->group("");
    // Load tests: a small machine carries the rings and the sample rate of a host with N times its CPUs.
    recordCommand->add_option("--profile-rings-per-cpu", record.profile.ringsPerCpu)->check(CLI::Range(1, 512))->group("");
    recordCommand->add_option("--profile-simulate-error", profileSimulatedError)
        ->check(CLI::IsMember({"EACCES", "EPERM", "ENOENT", "EMFILE"}))->group("");

    runlens::collect::HostPaths listPaths;
    CLI::App* listCommand = app.add_subcommand("list-collectors", "What this host offers to record, and why not where it cannot");
    listCommand->add_option("--proc-root", listPaths.procRoot, "Read this tree instead of /proc")->capture_default_str();
    listCommand->add_option("--sys-root", listPaths.sysRoot, "Read this tree instead of /sys")->capture_default_str();

    std::string infoArchive;
    bool infoJson = false;
    CLI::App* infoCommand = app.add_subcommand("info", "Summarise a run archive: manifest, collectors, metrics");
    // No CLI::ExistingFile: the reader says what is wrong with the path in the project's words
    // ("cannot open X: there is no such file ...", exit 1) instead of CLI11's exit 105.
    infoCommand->add_option("ARCHIVE", infoArchive, "The .tar.gz run archive")->required();
    infoCommand->add_flag("--json", infoJson, "Print JSON");

    std::string packSpool;
    std::string packOut;
    CLI::App* packCommand = app.add_subcommand("pack", "Turn an unfinished recording (NAME.spool) into NAME.tar.gz");
    packCommand->add_option("SPOOLDIR", packSpool, "The NAME.spool directory")->required()->check(CLI::ExistingDirectory);
    packCommand->add_option("-o,--output", packOut, "Archive path (default: NAME.tar.gz beside the spool)");

    std::string statusPath;
    std::string statusName;
    CLI::App* statusCommand = app.add_subcommand("status", "JSON progress of a recording (for scripts and the app)");
    statusCommand->add_option("DIR", statusPath, "A NAME.spool directory, or the output directory")->required();
    statusCommand->add_option("--name", statusName, "The run name, when DIR is the output directory");

    // Scripts often append to a base command line: the last --interval, --duration ... wins.
    for (CLI::Option* option : recordCommand->get_options()) {
        if (option->get_expected_max() == 1)
            option->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    }

    // Everything after "--" is the workload command, passed on untouched (its own options included).
    int ownArgc = argc;
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--") {
            ownArgc = i;
            record.workload.command.assign(argv + i + 1, argv + argc);
            break;
        }
    }
    CLI11_PARSE(app, ownArgc, argv);
    if (ownArgc != argc && !*recordCommand) {
        std::cerr << "runlens-rec: only `runlens-rec record` runs a command after --\n";
        return 2;
    }
    if (*recordCommand && ownArgc != argc && record.workload.command.empty()) {
        std::cerr << "runlens-rec: nothing follows --; give the command to run, e.g. `runlens-rec record -- sysbench cpu run`\n";
        return 2;
    }

    if (*recordCommand) {
        if (!durationText.empty())
            record.duration = runlens::recorder::parseDuration(durationText);
        record.interval = *runlens::recorder::parseDuration(intervalText);
        record.collect = splitList(collectText);
        record.skip = splitList(skipText);
        for (const std::string& tag : tagTexts) {
            const auto equals = tag.find('=');
            record.tags.emplace_back(tag.substr(0, equals), tag.substr(equals + 1));
        }
        record.commandLine.assign(argv, argv + argc);
        for (const std::string& preset : record.workload.presets) {
            for (auto& rule : runlens::workload::presetRules(preset))
                record.workload.rules.push_back(std::move(rule));
        }
        for (const auto& [texts, scope] : {std::pair{&workloadMetricTexts, runlens::format::MetricScope::Series},
                                           std::pair{&workloadResultTexts, runlens::format::MetricScope::Run}}) {
            for (const std::string& text : *texts) {
                std::string why;
                auto rule = runlens::workload::parseWorkloadRule(text, scope, why);
                if (!rule) {
                    std::cerr << "runlens-rec: " << why << "\n";
                    return 2;
                }
                // A rule of the user's replaces a preset's rule of the same name.
                auto& rules = record.workload.rules;
                std::erase_if(rules, [&rule](const auto& known) { return known.name == rule->name; });
                rules.push_back(std::move(*rule));
            }
        }
        if (!record.workload.rules.empty() && !record.workload.active()) {
            std::cerr << "runlens-rec: workload metrics need a workload: add `-- COMMAND [ARGS...]` or --follow FILE\n";
            return 2;
        }
        if (!profileSimulatedError.empty()) {
            const std::map<std::string, int> errors{{"EACCES", EACCES}, {"EPERM", EPERM}, {"ENOENT", ENOENT}, {"EMFILE", EMFILE}};
            record.profile.simulatedOpenError = errors.at(profileSimulatedError);
        }
        return runlens::recorder::runRecord(std::move(record));
    }
    if (*listCommand)
        return runlens::recorder::runListCollectors(listPaths);
    if (*infoCommand)
        return runlens::recorder::runInfo(infoArchive, infoJson);
    if (*packCommand)
        return runlens::recorder::runPack(packSpool, packOut);
    if (*statusCommand)
        return runlens::recorder::runStatus(statusPath, statusName);
    std::cout << app.help();
    return 0;
}
