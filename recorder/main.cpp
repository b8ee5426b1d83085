// runlens-rec: the headless recorder that runs on the host under test.
#include "Commands.h"
#include "Duration.h"
#include "FormatVersion.h"
#include "HttpEndpoint.h"
#include "RunlensVersion.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <iostream>
#include <map>

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
    // Hidden, for tests: hide kernel symbols or refuse perf_event_open without changing the machine.
    std::string profileSimulatedError;
    recordCommand->add_option("--profile-kallsyms", record.profile.kallsymsPath)->group("");
    recordCommand->add_option("--profile-kptr-restrict", record.profile.kptrRestrictPath)->group("");
    recordCommand->add_option("--profile-perf-map-dir", record.profile.perfMapDirectory)->group("");
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

    CLI11_PARSE(app, argc, argv);

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
