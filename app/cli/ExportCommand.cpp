// `runlens export`: the app's figures for slides and reports, from scripts and CI, without a
// display (the offscreen platform is used when none is chosen).
//
//   runlens export --runs A.tar.gz B.tar.gz --metric cpu.user --metric pmu.ipc [--window [RUN=]30s:210s|steady]…
//                  [--format svg|png|pdf] [--size 1920x1080] [--scale 2] -o out.svg
//   runlens export --runs A B --flamegraph [--diff] -o flame.svg
//   runlens export --runs A B --heatmap cpu.user -o cpus.png
//   runlens export --runs A B --summary md|csv|png|svg|pdf [-o summary.md]
//
// The first run is the baseline. Exit 0 on success, 1 when an input cannot be read or the output
// cannot be written, 2 on a usage error.
#include "FormatError.h"
#include "HeadlessCommands.h"
#include "FlameGraphRequest.h"
#include "IdList.h"
#include "ProfileFilterOptions.h"
#include "RunLoader.h"
#include "RunSet.h"
#include "SummaryResources.h"
#include "WindowOption.h"
#include "export/ExportFonts.h"
#include "export/FigureRequest.h"
#include "export/FigureTexts.h"
#include "export/FigureWriter.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryRequest.h"
#include "summary/SummaryTableModel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QRegularExpression>
#include <QSaveFile>

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>

#include <unistd.h>

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ExportCommand)
};

void printError(const QString& message)
{
    std::fprintf(stderr, "runlens export: %s\n", qPrintable(message));
}

// "cpu.user" or "cpu.user[cpu3]" (one instance, as the summary names per-instance rows).
ChartFigureMetric parseMetric(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^([^\\[\\]]+)\\[([^\\[\\]]+)\\]$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    if (match.hasMatch())
        return {match.captured(1), match.captured(2)};
    return {text.trimmed(), QString()};
}

// Text output (Markdown, CSV) to a file through QSaveFile, or to the standard output for "-".
bool writeText(const QByteArray& bytes, const QString& path, QString* error)
{
    if (path.isEmpty() || path == QLatin1String("-")) {
        if (std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout) != std::size_t(bytes.size())
            || std::fflush(stdout) != 0) {
            *error = Text::tr("cannot write to the standard output");
            return false;
        }
        return true;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        *error = Text::tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

// Over SSH or in CI there is often no XDG_RUNTIME_DIR, and the platform plugin then warns on
// stderr, which scripts read. A private directory of our own, as Qt would pick, says nothing.
void ensureRuntimeDirectory()
{
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR"))
        return;
    const QString path = QDir::temp().filePath(QStringLiteral("runtime-%1").arg(getuid()));
    // Ours alone (0700), as the XDG specification requires; otherwise leave it to Qt.
    if (QDir().mkpath(path) && QFileInfo(path).ownerId() == getuid()
        && QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner))
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(path));
}

// The flags of `runlens export`.
struct ExportOptions {
    const QCommandLineOption runs{QStringLiteral("runs"), Text::tr("The runs, the baseline first (the option takes every following file)."), Text::tr("archive")};
    const QCommandLineOption metric{QStringLiteral("metric"), Text::tr("A metric to chart, e.g. cpu.user or cpu.user[cpu3]. Repeatable: one chart each."), Text::tr("id")};
    const QCommandLineOption flamegraph{QStringLiteral("flamegraph"), Text::tr("Export the flame graph of the last run.")};
    const QCommandLineOption diff{QStringLiteral("diff"), Text::tr("With --flamegraph: the differential flame graph of the last run against the baseline.")};
    const QCommandLineOption perSecond{QStringLiteral("per-second"), Text::tr("With --diff: compare samples per second instead of shares of each run's samples.")};
    const QCommandLineOption eventCount{QStringLiteral("event-count"), Text::tr("With --flamegraph: widths by the samples' summed periods (event counts) instead of sample counts, where every run shown has periods.")};
    const QCommandLineOption heatmap{QStringLiteral("heatmap"), Text::tr("Export the per-instance heat map of a metric (each CPU over time)."), Text::tr("id")};
    const QCommandLineOption summary{QStringLiteral("summary"), Text::tr("Export the summary table: md, csv, png, svg or pdf."), Text::tr("format")};
    const QCommandLineOption window{QStringLiteral("window"), Text::tr("Only FROM to TO after each run's start, e.g. 30s:210s or 1m:5m (either side may be left out); RUN=FROM:TO for one run (its name or 1-based position); \"steady\" (or RUN=steady) for the steady state found in CPU busy and the workload metric, the reason on stderr. Repeatable."), Text::tr("[RUN=]FROM:TO|steady")};
    const QCommandLineOption format{QStringLiteral("format"), Text::tr("png, svg or pdf (default: from the output file's suffix)."), Text::tr("format")};
    const QCommandLineOption size{QStringLiteral("size"), Text::tr("WIDTHxHEIGHT in pixels, or 1920x1080, 1280x720, 4:3 (default 1920x1080)."), Text::tr("size"), QStringLiteral("1920x1080")};
    const QCommandLineOption scale{QStringLiteral("scale"), Text::tr("PNG pixels per target pixel: 1, 2 or 3 (default 1)."), Text::tr("scale"), QStringLiteral("1")};
    const QCommandLineOption style{QStringLiteral("style"), Text::tr("presentation (default: large type, thick lines) or screen."), Text::tr("style"), QStringLiteral("presentation")};
    const QCommandLineOption title{QStringLiteral("title"), Text::tr("The title (default: the runs compared)."), Text::tr("text")};
    const QCommandLineOption subtitle{QStringLiteral("subtitle"), Text::tr("The subtitle (default: the window)."), Text::tr("text")};
    const QCommandLineOption footnote{QStringLiteral("footnote"), Text::tr("A footnote under the figure."), Text::tr("text")};
    const QCommandLineOption hostFacts{QStringLiteral("host-facts"), Text::tr("A footnote with each run's host: instance type, CPU, CPUs, memory, kernel.")};
    const QCommandLineOption significant{QStringLiteral("significant"), Text::tr("With --summary: only the metrics whose change is beyond noise.")};
    const QCommandLineOption pages{QStringLiteral("pages"), Text::tr("One page per metric instead of a grid on one page (PDF).")};
    const QCommandLineOption columns{QStringLiteral("columns"), Text::tr("Charts across in the grid (default: by count)."), Text::tr("n")};
    const QCommandLineOption output{QStringList{QStringLiteral("o"), QStringLiteral("output")}, Text::tr("The file to write (- for the standard output, text formats only)."), Text::tr("file")};
    // With --flamegraph: --cpus, --processes, --threads.
    const ProfileFilterOptions profileFilter;

    void addTo(QCommandLineParser& parser) const
    {
        parser.addOptions({runs, metric, flamegraph, diff, perSecond, eventCount, heatmap, summary, window, format, size, scale, style,
                           title, subtitle, footnote, hostFacts, significant, pages, columns, output});
        parser.addOptions(profileFilter.options());
    }
};

// A usage mistake: said on stderr; the caller exits with 2.
std::nullopt_t usageError(const QString& message)
{
    printError(message);
    return std::nullopt;
}

// The file's format, size, scale and style from the flags; nullopt after a usage message.
std::optional<ExportTarget> targetFrom(const QCommandLineParser& parser, const ExportOptions& flags, const QString& outputPath)
{
    const QString summaryFormat = parser.value(flags.summary).toLower();
    const bool textSummary = summaryFormat == QLatin1String("md") || summaryFormat == QLatin1String("csv");
    ExportTarget target;
    if (parser.isSet(flags.summary) && !textSummary) {
        target.format = *FigureWriter::formatFromName(summaryFormat);
    } else if (parser.isSet(flags.format)) {
        const auto chosen = FigureWriter::formatFromName(parser.value(flags.format));
        if (!chosen)
            return usageError(Text::tr("unknown format \"%1\": use png, svg or pdf").arg(parser.value(flags.format)));
        target.format = *chosen;
    } else if (!textSummary) {
        const auto fromSuffix = FigureWriter::formatFromPath(outputPath);
        if (!fromSuffix)
            return usageError(Text::tr("cannot tell the format from \"%1\": name it .png, .svg or .pdf, or give --format").arg(outputPath));
        target.format = *fromSuffix;
    }
    target.size = parseExportSize(parser.value(flags.size));
    if (!target.size.isValid())
        return usageError(Text::tr("the size \"%1\" is not WIDTHxHEIGHT (100 to 10000 pixels each) or a preset: 1920x1080, 1280x720, 4:3").arg(parser.value(flags.size)));
    bool scaleOk = false;
    target.scale = parser.value(flags.scale).toDouble(&scaleOk);
    if (!scaleOk || (target.scale != 1 && target.scale != 2 && target.scale != 3))
        return usageError(Text::tr("the scale must be 1, 2 or 3"));
    if (parser.value(flags.style) != QLatin1String("presentation") && parser.value(flags.style) != QLatin1String("screen"))
        return usageError(Text::tr("unknown style \"%1\": use presentation or screen").arg(parser.value(flags.style)));
    const QString fontFamily = ExportFonts::family();
    target.style = parser.value(flags.style) == QLatin1String("screen") ? ExportStyle::screen(target.size, fontFamily)
                                                                   : ExportStyle::presentation(target.size, fontFamily);
    return target;
}

} // namespace

int runExportCommand(int argc, char** argv)
{
    // Figures are drawn by widgets (the flame graph, the heat map), which need a QApplication; no
    // window is ever shown, so without a choice of platform the offscreen one serves, display or not.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    ensureRuntimeDirectory();
    std::optional<QApplication> application;
    if (!QCoreApplication::instance())
        application.emplace(argc, argv);

    QCommandLineParser parser;
    parser.setApplicationDescription(Text::tr(
        "Exports charts, flame graphs, heat maps and the summary of runs for presentations: PNG (at 1×, 2× or 3×), "
        "SVG or PDF, drawn fresh at the target size in the presentation style. The first run is the baseline."));
    parser.addHelpOption();
    const ExportOptions flags;
    flags.addTo(parser);
    parser.addPositionalArgument(QStringLiteral("RUN"), Text::tr("More runs (after --runs A)."), Text::tr("RUN…"));

    if (!parser.parse(headlessArguments(argc, argv))) {
        printError(parser.errorText());
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        return 0;
    }
    const auto usage = [](const QString& message) {
        printError(message);
        return 2;
    };

    // --runs A B C: QCommandLineParser takes one value per option; the rest arrive as positionals.
    const QStringList runPaths = parser.values(flags.runs) + parser.positionalArguments();
    if (runPaths.isEmpty())
        return usage(Text::tr("give the runs: runlens export --runs A.tar.gz B.tar.gz --metric cpu.user -o out.svg"));
    const int modes = int(parser.isSet(flags.metric)) + int(parser.isSet(flags.flamegraph)) + int(parser.isSet(flags.heatmap)) + int(parser.isSet(flags.summary));
    if (modes != 1)
        return usage(Text::tr("choose one of --metric (repeatable), --flamegraph, --heatmap or --summary"));
    if (parser.isSet(flags.diff) && !parser.isSet(flags.flamegraph))
        return usage(Text::tr("--diff goes with --flamegraph"));

    const QString summaryFormat = parser.value(flags.summary).toLower();
    const bool textSummary = summaryFormat == QLatin1String("md") || summaryFormat == QLatin1String("csv");
    if (parser.isSet(flags.summary) && !textSummary && !FigureWriter::formatFromName(summaryFormat))
        return usage(Text::tr("unknown summary format \"%1\": use md, csv, png, svg or pdf").arg(summaryFormat));
    const QString outputPath = parser.value(flags.output);
    if (outputPath.isEmpty() && !textSummary)
        return usage(Text::tr("give the file to write with -o, e.g. -o chart.svg"));

    const std::optional<ExportTarget> chosenTarget = targetFrom(parser, flags, outputPath);
    if (!chosenTarget)
        return 2;
    ExportTarget target = *chosenTarget;
    int columnCount = 0;
    if (parser.isSet(flags.columns)) {
        bool ok = false;
        columnCount = parser.value(flags.columns).toInt(&ok);
        if (!ok || columnCount < 1 || columnCount > 6)
            return usage(Text::tr("--columns takes 1 to 6"));
    }
    if (parser.isSet(flags.pages) && target.format != ExportFormat::Pdf)
        return usage(Text::tr("--pages needs PDF: PNG and SVG hold one page"));

    RunSet runSet;
    for (const QString& path : runPaths) {
        try {
            for (const RunPtr& run : RunLoader::loadAllNow(path))
                runSet.add(run);
        } catch (const runlens::format::FormatError& failure) {
            printError(QString::fromUtf8(failure.what()));
            return 1;
        }
    }
    const std::pair<double, double> extent = runSet.timeExtent();
    FigureRequest request;
    request.range = extent;
    QString windowError;
    const std::optional<WindowOptions> windows = WindowOptions::parse(parser.values(flags.window), &windowError);
    if (!windows)
        return usage(windowError);
    // One window for every run is the range of the figure, as it always was; windows per run (or
    // steady states) are the runs' trims, which the summary and the charts' shading follow.
    std::optional<std::pair<double, double>> chosenWindow;
    bool trimmed = false;
    if (const auto common = windows->commonWindow()) {
        // A window open to the right ends where the runs do.
        request.range = {common->first, std::min(common->second, extent.second)};
        chosenWindow = request.range;
    } else if (!windows->isEmpty()) {
        std::vector<RunPtr> runs;
        QStringList names;
        for (int r = 0; r < runSet.count(); ++r) {
            runs.push_back(runSet.at(r).run);
            names.append(runSet.at(r).name());
        }
        const auto runWindows = windows->resolve(runs, names, &windowError, [](const QString& name, const QString& reason) {
            printError(Text::tr("steady state of %1: %2").arg(name, reason));
        });
        if (!runWindows)
            return usage(windowError);
        std::optional<std::pair<double, double>> span;
        for (int r = 0; r < runSet.count(); ++r) {
            const auto& window = (*runWindows)[std::size_t(r)];
            const std::pair<double, double> shown =
                window ? std::make_pair(window->first, std::min(window->second, extent.second)) : extent;
            if (window) {
                runSet.setTrim(r, shown);
                trimmed = true;
            }
            span = span ? std::make_pair(std::min(span->first, shown.first), std::max(span->second, shown.second)) : shown;
        }
        request.range = *span;
        // The charts span every window; each run's line is cut to its own.
        request.linesCutToTrims = trimmed;
    }
    request.pagePerChart = parser.isSet(flags.pages);
    request.columns = columnCount;
    request.hostFacts = parser.isSet(flags.hostFacts);
    request.text.title = parser.isSet(flags.title) ? parser.value(flags.title) : FigureTexts::runsTitle(runSet);
    // With windows per run a chart's axis spans them all and each run's line is cut to its own
    // window, so it is named as such (a heat map, not cut, by the span); the summary and the flame
    // graph say below what they use.
    const bool linesCut = trimmed && !parser.isSet(flags.heatmap);
    request.text.subtitle = parser.isSet(flags.subtitle) ? parser.value(flags.subtitle)
                          : linesCut                     ? FigureTexts::trimSubtitle()
                                                         : FigureTexts::windowSubtitle(request.range, !chosenWindow && !trimmed);
    request.text.footnote = parser.value(flags.footnote);
    target.title = request.text.title;
    // Without --title, a flame graph or summary says what it is before naming the runs.
    const auto defaultTitle = [&](const QString& text) {
        if (!parser.isSet(flags.title))
            request.text.title = text;
        target.title = request.text.title;
    };

    // The summary's models outlive the table figure that shows them.
    std::unique_ptr<SummaryTableModel> summaryModel;
    std::unique_ptr<SummaryFilterModel> summaryFilter;
    QString error;
    if (parser.isSet(flags.metric)) {
        request.subject = ExportSubject::Charts;
        for (const QString& value : parser.values(flags.metric)) {
            ChartFigureMetric chosen = parseMetric(value);
            bool found = false;
            for (int r = 0; r < runSet.count(); ++r) {
                const Run& run = *runSet.at(r).run;
                // Without an instance, the metric's default one (its aggregate), as the app shows it.
                if (chosen.instance.isEmpty())
                    chosen.instance = run.defaultInstance(chosen.metricId);
                found = found || !run.series(chosen.metricId, chosen.instance).isEmpty();
            }
            if (!found)
                return usage(Text::tr("no run has the metric \"%1\" (runlens-rec info RUN lists them)").arg(value));
            request.charts.push_back(chosen);
        }
    } else if (parser.isSet(flags.heatmap)) {
        request.subject = ExportSubject::HeatMap;
        bool perInstance = false;
        for (int r = 0; r < runSet.count(); ++r)
            perInstance = perInstance || runSet.at(r).run->instances(parser.value(flags.heatmap)).size() > 1;
        if (!perInstance)
            return usage(Text::tr("no run has instances of \"%1\" to draw a heat map of").arg(parser.value(flags.heatmap)));
        request.charts.push_back({parser.value(flags.heatmap), QString()});
        request.text.title = runSet.chartTitle(parser.value(flags.heatmap), QString()) + QStringLiteral(" — ") + request.text.title;
    } else if (parser.isSet(flags.flamegraph)) {
        request.subject = ExportSubject::FlameGraph;
        FlameGraphRequest flameGraph;
        const int selected = runSet.count() - 1;
        const int baseline = runSet.baselineIndex();
        if (parser.isSet(flags.diff) && selected == baseline)
            return usage(Text::tr("--diff needs two runs: the baseline and the run to compare"));
        for (const int index : {baseline, selected}) {
            if ((index == selected || parser.isSet(flags.diff)) && !runSet.at(index).run->hasProfile()) {
                printError(Text::tr("%1 has no stack samples (record with runlens-rec record --profile)").arg(runSet.at(index).run->filePath()));
                return 1;
            }
        }
        flameGraph.selected = runSet.at(selected);
        if (parser.isSet(flags.diff))
            flameGraph.baseline = runSet.at(baseline);
        // Per-run windows: the flame graph's one range is the shown run's trim (the shared axis
        // is the runs' own seconds here, no run being offset).
        flameGraph.range = chosenWindow ? chosenWindow : runSet.at(selected).trim;
        if (!chosenWindow && parser.isSet(flags.diff) && runSet.at(baseline).trim != runSet.at(selected).trim)
            printError(Text::tr("the differential flame graph uses %1's window for %2 too: a flame graph has one time range")
                           .arg(runSet.at(selected).name(), runSet.at(baseline).name()));
        if (trimmed && !parser.isSet(flags.subtitle))
            request.text.subtitle = FigureTexts::windowSubtitle(flameGraph.range.value_or(extent), !flameGraph.range);
        flameGraph.normalisation = parser.isSet(flags.perSecond) ? DiffNormalisation::PerSecond : DiffNormalisation::TotalSamples;
        flameGraph.weight = parser.isSet(flags.eventCount) ? runlens::format::SampleWeight::EventCount
                                                           : runlens::format::SampleWeight::Samples;
        ProfileFilterChoice choice;
        if (QString filterError; !flags.profileFilter.read(parser, choice, filterError))
            return usage(filterError);
        flameGraph.cpus = choice.cpus;
        flameGraph.pids = choice.pids;
        flameGraph.tids = choice.tids;
        if (!parser.isSet(flags.subtitle)) {
            QStringList only;
            if (!choice.cpus.empty())
                only.append(Text::tr("CPUs %1").arg(formatIdList(choice.cpus)));
            if (!choice.pids.empty())
                only.append(Text::tr("processes %1").arg(formatIdList(choice.pids)));
            if (!choice.tids.empty())
                only.append(Text::tr("threads %1").arg(formatIdList(choice.tids)));
            if (!only.isEmpty())
                request.text.subtitle += Text::tr(" · only %1").arg(only.join(QStringLiteral(", ")));
        }
        request.flameGraph = flameGraph.run();
        const FlameGraph& shown = request.flameGraph;
        defaultTitle(parser.isSet(flags.diff) ? Text::tr("Flame graph: %1 against %2").arg(shown.selectedName, shown.baselineName)
                                              : Text::tr("Flame graph: %1").arg(shown.selectedName));
    } else {
        request.subject = ExportSubject::Summary;
        SummaryRequest summaryRequest;
        summaryRequest.rules = SummaryResources::findingRules(SummaryResources::kFindingRules, &error);
        summaryRequest.comparability = summaryRequest.rules ? SummaryResources::comparability(&error) : nullptr;
        if (!summaryRequest.rules || !summaryRequest.comparability) {
            printError(error);
            return 1;
        }
        for (int r = 0; r < runSet.count(); ++r)
            summaryRequest.runs.push_back(
                SummaryRequest::input(runSet.at(r).run, runSet.at(r).displayName, chosenWindow ? chosenWindow : runSet.at(r).trim));
        auto report = std::make_shared<const SummaryReport>(summaryRequest.run());
        summaryModel = std::make_unique<SummaryTableModel>();
        summaryModel->setReport(report);
        summaryFilter = std::make_unique<SummaryFilterModel>();
        summaryFilter->setSourceModel(summaryModel.get());
        summaryFilter->setOnlySignificant(parser.isSet(flags.significant));
        if (textSummary) {
            // Without --significant, the same bytes as `runlens summary --format md|csv`.
            const bool csv = summaryFormat == QLatin1String("csv");
            QByteArray bytes;
            if (parser.isSet(flags.significant)) {
                const std::vector<int> rows = summaryFilter->visibleReportRows();
                bytes = csv ? SummaryExport::toCsv(*report, rows) : SummaryExport::toMarkdown(*report, rows);
            } else {
                bytes = csv ? SummaryExport::toCsv(*report) : SummaryExport::toMarkdown(*report);
            }
            if (!writeText(bytes, outputPath, &error)) {
                printError(error);
                return 1;
            }
            return 0;
        }
        request.summaryTable = summaryFilter.get();
        if (trimmed && !parser.isSet(flags.subtitle))
            request.text.subtitle = FigureTexts::trimSubtitle();
        defaultTitle(Text::tr("Summary: %1").arg(request.text.title));
    }

    const std::vector<std::unique_ptr<Figure>> figures = buildFigures(runSet, request);
    std::vector<const Figure*> pointers;
    for (const auto& figure : figures)
        pointers.push_back(figure.get());
    if (!FigureWriter::write(pointers, outputPath, target, &error)) {
        printError(error);
        return 1;
    }
    return 0;
}
