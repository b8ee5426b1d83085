// `runlens convert --to folded [--pid] [--tid] [--kernel] [--jit] [--addrs] [--samples] [--window FROM:TO]
// [--cpus LIST] [--processes LIST] [--threads LIST] FILE`: the
// stacks of a run archive, of folded stacks or of `perf script` output (plain or gzip) as folded
// stacks, with the options and output of stackcollapse-perf.pl (byte for byte, for `perf script`
// input), so that existing flame-graph pipelines can switch to it.
// `runlens convert --to csv|json [--metric ID]... [--window [RUN=]FROM:TO|steady]... RUN...`: the runs' series in
// long format (time, run, metric, instance, value), for pandas, R or a spreadsheet.
// `runlens convert --to diff-folded --baseline A1 [--baseline A2 ...] --vs B1 [--vs B2 ...]`: the
// differential flame graph of two variants (repeated runs each) as text, every frame with its
// shares, change, spread across runs and verdict (DiffFoldedWriter.h).
#include "DiffFoldedWriter.h"
#include "FlameGraphRequest.h"
#include "FoldedWriter.h"
#include "FormatError.h"
#include "HeadlessCommands.h"
#include "ProfileFilterOptions.h"
#include "ProfileImport.h"
#include "RunLoader.h"
#include "SeriesExport.h"
#include "WindowOption.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QSaveFile>

#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(ConvertCommand)
};

void printError(const QString& message)
{
    std::fprintf(stderr, "runlens convert: %s\n", qPrintable(message));
}

// What of the input is not in the output, said on stderr so that pipelines keep a clean stdout.
void reportLeftOut(const nlohmann::json& info)
{
    const auto number = [&info](const char* key) {
        const auto it = info.find(key);
        return it != info.end() && it->is_number_unsigned() ? it->get<std::uint64_t>() : std::uint64_t(0);
    };
    const auto text = [&info](const char* key) {
        const auto it = info.find(key);
        return it != info.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
    };
    if (const std::uint64_t other = number("other_event_samples"); other > 0) {
        printError(Text::tr("only the samples of the first event type, %1, are written; %2 samples of other "
                            "events (%3 first) are left out, as stackcollapse-perf.pl does.")
                       .arg(text("event"))
                       .arg(other)
                       .arg(text("other_event")));
    }
    if (const std::uint64_t lines = number("unrecognized_lines"); lines > 0)
        printError(Text::tr("%n line(s) were neither a sample header nor a frame and were skipped.", nullptr, int(lines)));
}

// Writes `bytes` to the file, or to the standard output when `path` is empty; 0 or 1.
int writeOut(const QByteArray& bytes, const QString& path)
{
    if (!path.isEmpty()) {
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
            printError(Text::tr("cannot write %1: %2").arg(path, file.errorString()));
            return 1;
        }
        return 0;
    }
    if (std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout) != std::size_t(bytes.size()) || std::fflush(stdout) != 0) {
        printError(Text::tr("cannot write to the standard output"));
        return 1;
    }
    return 0;
}

// --to csv|json: the series of every run of every file (an APerf report is several runs).
int writeSeries(const QStringList& files, const QString& format, SeriesExport::Selection selection,
                const WindowOptions& windows, const QString& output)
{
    if (files.isEmpty()) {
        printError(Text::tr("give the runs whose series to write"));
        return 2;
    }
    std::vector<RunPtr> runs;
    try {
        for (const QString& file : files) {
            for (RunPtr& run : RunLoader::loadAllNow(file))
                runs.push_back(std::move(run));
        }
    } catch (const runlens::format::FormatError& error) {
        printError(QString::fromStdString(error.what()));
        return 1;
    } catch (const std::bad_alloc&) {
        printError(Text::tr("the runs are too large to convert: not enough memory."));
        return 1;
    }
    QStringList names;
    for (const RunPtr& run : runs)
        names.append(run->name());
    QString error;
    const auto runWindows = windows.resolve(runs, names, &error, [](const QString& name, const QString& reason) {
        printError(Text::tr("steady state of %1: %2").arg(name, reason));
    });
    if (!runWindows) {
        printError(error);
        return 2;
    }
    selection.runWindows = *runWindows;
    if (const QStringList missing = SeriesExport::missingMetrics(runs, selection); !missing.isEmpty()) {
        printError(Text::tr("no run has the metric %1").arg(missing.join(QStringLiteral(", "))));
        return 1;
    }
    return writeOut(format == QLatin1String("csv") ? SeriesExport::toCsv(runs, selection) : SeriesExport::toJson(runs, selection),
                    output);
}

// The frames of two variants compared, as DiffFoldedWriter writes them; 0, 1 or 2.
int writeVariantDiff(const QStringList& baselinePaths, const QStringList& comparedPaths, FlameGraphRequest request,
                     const QString& outputPath)
{
    if (baselinePaths.isEmpty() || comparedPaths.isEmpty()) {
        printError(Text::tr("give both variants' runs: --baseline A1 [--baseline A2 ...] --vs B1 [--vs B2 ...]"));
        return 2;
    }
    std::vector<RunEntry> baseline;
    std::vector<RunEntry> compared;
    try {
        for (const auto& [paths, entries] : {std::pair{&baselinePaths, &baseline}, std::pair{&comparedPaths, &compared}}) {
            for (const QString& path : *paths) {
                RunEntry entry;
                entry.run = RunLoader::loadNow(path);
                if (!entry.run->hasProfile()) {
                    printError(Text::tr("%1 has no stack samples (record with runlens-rec record --profile)").arg(path));
                    return 1;
                }
                entries->push_back(entry);
            }
        }
    } catch (const runlens::format::FormatError& error) {
        printError(QString::fromStdString(error.what()));
        return 1;
    } catch (const std::bad_alloc&) {
        printError(Text::tr("the runs are too large to compare: not enough memory."));
        return 1;
    }
    request.baseline = baseline.front();
    request.baselineRepeats.assign(baseline.begin() + 1, baseline.end());
    request.selected = compared.front();
    request.selectedRepeats.assign(compared.begin() + 1, compared.end());
    const FlameGraph graph = request.run();
    QStringList baselineNames;
    QStringList comparedNames;
    for (const RunEntry& entry : baseline)
        baselineNames.append(entry.name());
    for (const RunEntry& entry : compared)
        comparedNames.append(entry.name());
    const QString header =
        Text::tr("baseline: %1; compared: %2; %3; columns: baseline compared change baseline_spread compared_spread verdict")
            .arg(baselineNames.join(QStringLiteral(", ")), comparedNames.join(QStringLiteral(", ")),
                 request.normalisation == DiffNormalisation::PerSecond ? Text::tr("samples per second")
                                                                       : Text::tr("shares of each variant's samples"));
    if (!graph.tree->hasVerdicts())
        printError(Text::tr("fewer than three runs on a side: the frames' changes are the plain difference of the pooled "
                            "runs, untested against run-to-run noise."));
    return writeOut(QByteArray::fromStdString(writeDiffFolded(*graph.tree, header.toStdString())), outputPath);
}

} // namespace

int runConvertCommand(int argc, char** argv)
{
    std::optional<QCoreApplication> application;
    if (!QCoreApplication::instance())
        application.emplace(argc, argv);

    const QStringList arguments = headlessArguments(argc, argv);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        Text::tr("Writes the CPU stacks of FILE (a run archive, folded stacks, or `perf script` output, plain or "
           "gzip) as folded stacks, one \"frame;frame;frame count\" line per stack, sorted, as "
           "stackcollapse-perf.pl prints them."));
    parser.addHelpOption();
    const QCommandLineOption to(QStringLiteral("to"),
                                Text::tr("Output format: \"folded\" (the stacks), \"diff-folded\" (two variants' frames "
                                         "compared), \"csv\" or \"json\" (the series, one point per line: time, run, "
                                         "metric, instance, value)."),
                                Text::tr("format"));
    const QCommandLineOption metric(QStringLiteral("metric"), Text::tr("With csv or json: only this metric (repeatable)."),
                                    Text::tr("id"));
    const QCommandLineOption window(QStringLiteral("window"),
                                    Text::tr("Only the points (csv, json) or stack samples (folded, diff-folded) between FROM "
                                             "and TO seconds after each run's start (500ms, 30s, 2.5m; either side may be left "
                                             "out). With csv or json also RUN=FROM:TO for one run (its name or 1-based "
                                             "position) and \"steady\" (or RUN=steady) for the steady state found in CPU busy "
                                             "and the workload metric, the reason on stderr. Repeatable."),
                                    Text::tr("[RUN=]FROM:TO|steady"));
    const QCommandLineOption pid(QStringLiteral("pid"), Text::tr("Append the process id to the process name (comm-PID)."));
    const QCommandLineOption tid(QStringLiteral("tid"), Text::tr("Append process and thread id (comm-PID/TID)."));
    const QCommandLineOption kernel(QStringLiteral("kernel"), Text::tr("Mark kernel frames with _[k]."));
    const QCommandLineOption jit(QStringLiteral("jit"), Text::tr("Mark JIT frames with _[j]."));
    const QCommandLineOption all(QStringLiteral("all"), Text::tr("Both --kernel and --jit."));
    const QCommandLineOption addrs(QStringLiteral("addrs"), Text::tr("Show the address of frames without a symbol."));
    const QCommandLineOption samples(QStringLiteral("samples"),
                                     Text::tr("Count samples instead of adding up their periods (event counts), "
                                              "which is what stackcollapse-perf.pl does."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    Text::tr("Write to this file instead of the standard output."), Text::tr("file"));
    const QCommandLineOption baselineRuns(QStringLiteral("baseline"),
                                          Text::tr("With diff-folded: a run of the baseline variant (repeatable)."), Text::tr("file"));
    const QCommandLineOption comparedRuns(QStringLiteral("vs"), Text::tr("With diff-folded: a run of the variant compared (repeatable)."),
                                          Text::tr("file"));
    const QCommandLineOption perSecond(QStringLiteral("per-second"),
                                       Text::tr("With diff-folded: compare samples per second instead of shares of samples."));
    const ProfileFilterOptions filterOptions;
    parser.addOptions({to, metric, window, pid, tid, kernel, jit, all, addrs, samples, output, baselineRuns, comparedRuns, perSecond});
    parser.addOptions(filterOptions.options());
    parser.addPositionalArgument(QStringLiteral("FILE"), Text::tr("The profile to convert (folded), or the runs (csv, json)."));

    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        return 0;
    }
    const QString format = parser.value(to);
    if (format == QLatin1String("csv") || format == QLatin1String("json")) {
        SeriesExport::Selection selection;
        selection.metrics = parser.values(metric);
        QString error;
        const std::optional<WindowOptions> windows = WindowOptions::parse(parser.values(window), &error);
        if (!windows) {
            printError(error);
            return 2;
        }
        return writeSeries(parser.positionalArguments(), format, selection, *windows,
                           parser.isSet(output) ? parser.value(output) : QString());
    }
    if (format == QLatin1String("diff-folded")) {
        FlameGraphRequest request;
        request.normalisation = parser.isSet(perSecond) ? DiffNormalisation::PerSecond : DiffNormalisation::TotalSamples;
        ProfileFilterChoice choice;
        if (QString filterError; !filterOptions.read(parser, choice, filterError)) {
            printError(filterError);
            return 2;
        }
        request.cpus = choice.cpus;
        request.pids = choice.pids;
        request.tids = choice.tids;
        if (parser.isSet(window)) {
            const auto range = parseWindowOption(parser.value(window));
            if (!range) {
                printError(Text::tr("--window %1 is not FROM:TO in seconds (for example 30s:2m)").arg(parser.value(window)));
                return 2;
            }
            // Open to the right: to the end of any run (a billion seconds is beyond every one).
            request.range = std::pair{range->first, std::min(range->second, 1e9)};
        }
        return writeVariantDiff(parser.values(baselineRuns), parser.values(comparedRuns), request,
                                parser.isSet(output) ? parser.value(output) : QString());
    }
    if (format != QLatin1String("folded")) {
        printError(Text::tr("say which format to write: --to folded, diff-folded, csv or json"));
        return 2;
    }
    if (parser.positionalArguments().size() != 1) {
        printError(Text::tr("give exactly one FILE to convert"));
        return 2;
    }
    const QString path = parser.positionalArguments().constFirst();

    FoldedOptions options;
    options.pid = parser.isSet(pid);
    options.tid = parser.isSet(tid);
    options.kernel = parser.isSet(kernel) || parser.isSet(all);
    options.jit = parser.isSet(jit) || parser.isSet(all);
    options.addrs = parser.isSet(addrs);
    options.samples = parser.isSet(samples);
    ProfileFilterChoice choice;
    QString filterError;
    if (!filterOptions.read(parser, choice, filterError)) {
        printError(filterError);
        return 2;
    }
    options.filter.cpus = choice.cpus;
    options.filter.pids = choice.pids;
    options.filter.tids = choice.tids;
    if (parser.isSet(window)) {
        const auto range = parseWindowOption(parser.value(window));
        if (!range) {
            printError(Text::tr("--window %1 is not FROM:TO in seconds (for example 30s:2m)").arg(parser.value(window)));
            return 2;
        }
        // Open to the right: to the last sample, whatever its time.
        const std::int64_t end = std::isinf(range->second) ? std::numeric_limits<std::int64_t>::max()
                                                            : std::int64_t(std::llround(range->second * 1e9));
        options.filter.timeNs = std::pair<std::int64_t, std::int64_t>{std::int64_t(std::llround(range->first * 1e9)), end};
    }

    std::string folded;
    try {
        const runlens::format::ProfileTables profile = loadProfile(path.toStdString());
        reportLeftOut(profile.info);
        folded = writeFolded(profile, options);
    } catch (const runlens::format::FormatError& error) {
        printError(QString::fromStdString(error.what()));
        return 1;
    } catch (const std::bad_alloc&) {
        printError(Text::tr("%1 is too large to convert: not enough memory.").arg(path));
        return 1;
    }

    if (parser.isSet(output)) {
        QSaveFile file(parser.value(output));
        if (!file.open(QIODevice::WriteOnly) || file.write(folded.data(), qint64(folded.size())) != qint64(folded.size())
            || !file.commit()) {
            printError(Text::tr("cannot write %1: %2").arg(parser.value(output), file.errorString()));
            return 1;
        }
        return 0;
    }
    if (std::fwrite(folded.data(), 1, folded.size(), stdout) != folded.size() || std::fflush(stdout) != 0) {
        printError(Text::tr("cannot write to the standard output"));
        return 1;
    }
    return 0;
}
