// `runlens export`: the app's figures for slides and reports, from scripts and CI, without a
// display (the offscreen platform is used when none is chosen).
//
//   runlens export --runs A.tar.gz B.tar.gz --metric cpu.user --metric pmu.ipc [--window 30s:210s]
//                  [--format svg|png|pdf] [--size 1920x1080] [--scale 2] -o out.svg
//   runlens export --runs A B --flamegraph [--diff] -o flame.svg
//   runlens export --runs A B --heatmap cpu.user -o cpus.png
//   runlens export --runs A B --summary md|csv|png|svg|pdf [-o summary.md]
//
// The first run is the baseline. Exit 0 on success, 1 when an input cannot be read or the output
// cannot be written, 2 on a usage error.
#include "FormatError.h"
#include "HeadlessCommands.h"
#include "SummaryData.h"
#include "WindowOption.h"
#include "RunLoader.h"
#include "RunSet.h"
#include "StackTree.h"
#include "StackTreeDiff.h"
#include "export/ChartFigure.h"
#include "export/ExportFonts.h"
#include "export/FigureTexts.h"
#include "export/FigureWriter.h"
#include "export/TableFigure.h"
#include "export/ViewFigures.h"
#include "summary/Comparability.h"
#include "summary/FindingRules.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTable.h"
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
    const QCommandLineOption runs(QStringLiteral("runs"), Text::tr("The runs, the baseline first (the option takes every following file)."), Text::tr("archive"));
    const QCommandLineOption metric(QStringLiteral("metric"), Text::tr("A metric to chart, e.g. cpu.user or cpu.user[cpu3]. Repeatable: one chart each."), Text::tr("id"));
    const QCommandLineOption flamegraph(QStringLiteral("flamegraph"), Text::tr("Export the flame graph of the last run."));
    const QCommandLineOption diff(QStringLiteral("diff"), Text::tr("With --flamegraph: the differential flame graph of the last run against the baseline."));
    const QCommandLineOption perSecond(QStringLiteral("per-second"), Text::tr("With --diff: compare samples per second instead of shares of each run's samples."));
    const QCommandLineOption heatmap(QStringLiteral("heatmap"), Text::tr("Export the per-instance heat map of a metric (each CPU over time)."), Text::tr("id"));
    const QCommandLineOption summary(QStringLiteral("summary"), Text::tr("Export the summary table: md, csv, png, svg or pdf."), Text::tr("format"));
    const QCommandLineOption window(QStringLiteral("window"), Text::tr("Only FROM to TO after each run's start, e.g. 30s:210s or 1m:5m (either side may be left out)."), Text::tr("FROM:TO"));
    const QCommandLineOption format(QStringLiteral("format"), Text::tr("png, svg or pdf (default: from the output file's suffix)."), Text::tr("format"));
    const QCommandLineOption size(QStringLiteral("size"), Text::tr("WIDTHxHEIGHT in pixels, or 1920x1080, 1280x720, 4:3 (default 1920x1080)."), Text::tr("size"), QStringLiteral("1920x1080"));
    const QCommandLineOption scale(QStringLiteral("scale"), Text::tr("PNG pixels per target pixel: 1, 2 or 3 (default 1)."), Text::tr("scale"), QStringLiteral("1"));
    const QCommandLineOption style(QStringLiteral("style"), Text::tr("presentation (default: large type, thick lines) or screen."), Text::tr("style"), QStringLiteral("presentation"));
    const QCommandLineOption title(QStringLiteral("title"), Text::tr("The title (default: the runs compared)."), Text::tr("text"));
    const QCommandLineOption subtitle(QStringLiteral("subtitle"), Text::tr("The subtitle (default: the window)."), Text::tr("text"));
    const QCommandLineOption footnote(QStringLiteral("footnote"), Text::tr("A footnote under the figure."), Text::tr("text"));
    const QCommandLineOption hostFacts(QStringLiteral("host-facts"), Text::tr("A footnote with each run's host: instance type, CPU, CPUs, memory, kernel."));
    const QCommandLineOption significant(QStringLiteral("significant"), Text::tr("With --summary: only the metrics whose change is beyond noise."));
    const QCommandLineOption pages(QStringLiteral("pages"), Text::tr("One page per metric instead of a grid on one page (PDF)."));
    const QCommandLineOption columns(QStringLiteral("columns"), Text::tr("Charts across in the grid (default: by count)."), Text::tr("n"));
    const QCommandLineOption output(QStringList{QStringLiteral("o"), QStringLiteral("output")}, Text::tr("The file to write (- for the standard output, text formats only)."), Text::tr("file"));
    parser.addOptions({runs, metric, flamegraph, diff, perSecond, heatmap, summary, window, format, size, scale, style,
                       title, subtitle, footnote, hostFacts, significant, pages, columns, output});
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
    const QStringList runPaths = parser.values(runs) + parser.positionalArguments();
    if (runPaths.isEmpty())
        return usage(Text::tr("give the runs: runlens export --runs A.tar.gz B.tar.gz --metric cpu.user -o out.svg"));
    const int modes = int(parser.isSet(metric)) + int(parser.isSet(flamegraph)) + int(parser.isSet(heatmap)) + int(parser.isSet(summary));
    if (modes != 1)
        return usage(Text::tr("choose one of --metric (repeatable), --flamegraph, --heatmap or --summary"));
    if (parser.isSet(diff) && !parser.isSet(flamegraph))
        return usage(Text::tr("--diff goes with --flamegraph"));

    const QString summaryFormat = parser.value(summary).toLower();
    const bool textSummary = summaryFormat == QLatin1String("md") || summaryFormat == QLatin1String("csv");
    if (parser.isSet(summary) && !textSummary && !FigureWriter::formatFromName(summaryFormat))
        return usage(Text::tr("unknown summary format \"%1\": use md, csv, png, svg or pdf").arg(summaryFormat));
    const QString outputPath = parser.value(output);
    if (outputPath.isEmpty() && !textSummary)
        return usage(Text::tr("give the file to write with -o, e.g. -o chart.svg"));

    ExportTarget target;
    if (parser.isSet(summary) && !textSummary) {
        target.format = *FigureWriter::formatFromName(summaryFormat);
    } else if (parser.isSet(format)) {
        const auto chosen = FigureWriter::formatFromName(parser.value(format));
        if (!chosen)
            return usage(Text::tr("unknown format \"%1\": use png, svg or pdf").arg(parser.value(format)));
        target.format = *chosen;
    } else if (!textSummary) {
        const auto fromSuffix = FigureWriter::formatFromPath(outputPath);
        if (!fromSuffix)
            return usage(Text::tr("cannot tell the format from \"%1\": name it .png, .svg or .pdf, or give --format").arg(outputPath));
        target.format = *fromSuffix;
    }
    target.size = parseExportSize(parser.value(size));
    if (!target.size.isValid())
        return usage(Text::tr("the size \"%1\" is not WIDTHxHEIGHT (100 to 10000 pixels each) or a preset: 1920x1080, 1280x720, 4:3").arg(parser.value(size)));
    bool scaleOk = false;
    target.scale = parser.value(scale).toDouble(&scaleOk);
    if (!scaleOk || (target.scale != 1 && target.scale != 2 && target.scale != 3))
        return usage(Text::tr("the scale must be 1, 2 or 3"));
    if (parser.value(style) != QLatin1String("presentation") && parser.value(style) != QLatin1String("screen"))
        return usage(Text::tr("unknown style \"%1\": use presentation or screen").arg(parser.value(style)));
    const QString fontFamily = ExportFonts::family();
    target.style = parser.value(style) == QLatin1String("screen") ? ExportStyle::screen(target.size, fontFamily)
                                                                   : ExportStyle::presentation(target.size, fontFamily);
    int columnCount = 0;
    if (parser.isSet(columns)) {
        bool ok = false;
        columnCount = parser.value(columns).toInt(&ok);
        if (!ok || columnCount < 1 || columnCount > 6)
            return usage(Text::tr("--columns takes 1 to 6"));
    }
    if (parser.isSet(pages) && target.format != ExportFormat::Pdf)
        return usage(Text::tr("--pages needs PDF: PNG and SVG hold one page"));

    RunSet runSet;
    for (const QString& path : runPaths) {
        try {
            runSet.add(RunLoader::loadNow(path));
        } catch (const runlens::format::FormatError& failure) {
            printError(QString::fromUtf8(failure.what()));
            return 1;
        }
    }
    const std::pair<double, double> extent = runSet.timeExtent();
    std::pair<double, double> range = extent;
    if (parser.isSet(window)) {
        const auto parsed = parseWindowOption(parser.value(window));
        if (!parsed)
            return usage(Text::tr("the window \"%1\" is not FROM:TO with FROM before TO, e.g. 30s:210s").arg(parser.value(window)));
        // A window open to the right ends where the runs do.
        range = {parsed->first, std::min(parsed->second, extent.second)};
    }

    FigureText texts;
    texts.title = parser.isSet(title) ? parser.value(title) : FigureTexts::runsTitle(runSet);
    texts.subtitle = parser.isSet(subtitle) ? parser.value(subtitle) : FigureTexts::windowSubtitle(range, !parser.isSet(window));
    texts.footnote = parser.value(footnote);
    if (parser.isSet(hostFacts))
        texts.footnote = texts.footnote.isEmpty() ? FigureTexts::hostFootnote(runSet)
                                                  : texts.footnote + QLatin1Char('\n') + FigureTexts::hostFootnote(runSet);
    target.title = texts.title;

    std::vector<std::unique_ptr<Figure>> figures;
    // The summary's models outlive the table figure that shows them.
    std::unique_ptr<SummaryTableModel> summaryModel;
    std::unique_ptr<SummaryFilterModel> summaryFilter;
    QString error;
    if (parser.isSet(metric)) {
        std::vector<ChartFigureMetric> metrics;
        for (const QString& value : parser.values(metric)) {
            ChartFigureMetric chosen = parseMetric(value);
            bool found = false;
            for (int r = 0; r < runSet.count(); ++r) {
                const Run& run = *runSet.at(r).run;
                // Without an instance, the metric's aggregate where it has one (as the app shows it).
                if (chosen.instance.isEmpty() && run.instances(chosen.metricId).contains(QStringLiteral("all")))
                    chosen.instance = QStringLiteral("all");
                found = found || !run.series(chosen.metricId, chosen.instance).isEmpty();
            }
            if (!found)
                return usage(Text::tr("no run has the metric \"%1\" (runlens-rec info RUN lists them)").arg(value));
            metrics.push_back(chosen);
        }
        if (parser.isSet(pages)) {
            for (const ChartFigureMetric& chosen : metrics) {
                auto figure = std::make_unique<ChartFigure>(runSet, std::vector<ChartFigureMetric>{chosen}, range);
                figure->setText(texts);
                figures.push_back(std::move(figure));
            }
        } else {
            auto figure = std::make_unique<ChartFigure>(runSet, metrics, range);
            figure->setColumns(columnCount);
            figure->setText(texts);
            figures.push_back(std::move(figure));
        }
    } else if (parser.isSet(heatmap)) {
        bool perInstance = false;
        for (int r = 0; r < runSet.count(); ++r)
            perInstance = perInstance || runSet.at(r).run->instances(parser.value(heatmap)).size() > 1;
        if (!perInstance)
            return usage(Text::tr("no run has instances of \"%1\" to draw a heat map of").arg(parser.value(heatmap)));
        auto figure = std::make_unique<HeatMapFigure>(&runSet, parser.value(heatmap), range);
        texts.title = runSet.chartTitle(parser.value(heatmap), QString()) + QStringLiteral(" — ") + texts.title;
        figure->setText(texts);
        figures.push_back(std::move(figure));
    } else if (parser.isSet(flamegraph)) {
        const int selected = runSet.count() - 1;
        const int baseline = runSet.baselineIndex();
        if (parser.isSet(diff) && selected == baseline)
            return usage(Text::tr("--diff needs two runs: the baseline and the run to compare"));
        const auto treeOf = [&](int index) -> StackTreePtr {
            const RunEntry& entry = runSet.at(index);
            StackTreeFilter filter;
            if (parser.isSet(window))
                filter.timeNs = std::pair<std::int64_t, std::int64_t>{std::llround((range.first - entry.offsetSeconds) * 1e9),
                                                                      std::llround((range.second - entry.offsetSeconds) * 1e9)};
            return StackTree::build(*entry.run->profile(), filter);
        };
        for (const int index : {baseline, selected}) {
            if ((index == selected || parser.isSet(diff)) && !runSet.at(index).run->profile()) {
                printError(Text::tr("%1 has no stack samples (record with runlens-rec record --profile)").arg(runSet.at(index).run->filePath()));
                return 1;
            }
        }
        StackTreePtr tree = treeOf(selected);
        QString baselineName;
        if (parser.isSet(diff)) {
            tree = StackTreeDiff::compute(*treeOf(baseline), *tree,
                                          parser.isSet(perSecond) ? DiffNormalisation::PerSecond : DiffNormalisation::TotalSamples);
            baselineName = runSet.at(baseline).displayName;
        }
        auto figure = std::make_unique<FlameGraphFigure>(tree, runSet.at(selected).displayName, baselineName);
        if (!parser.isSet(title))
            texts.title = parser.isSet(diff) ? Text::tr("Flame graph: %1 against %2").arg(runSet.at(selected).displayName, baselineName)
                                             : Text::tr("Flame graph: %1").arg(runSet.at(selected).displayName);
        figure->setText(texts);
        target.title = texts.title;
        figures.push_back(std::move(figure));
    } else {
        FindingRules rules;
        Comparability comparability;
        if (!SummaryData::loadFindingRules(SummaryData::kFindingRules, rules, &error) || !SummaryData::loadComparability(comparability, &error)) {
            printError(error);
            return 1;
        }
        std::vector<SummaryRunInput> inputs;
        const TimeWindow summaryWindow = parser.isSet(window) ? TimeWindow(range) : TimeWindow();
        for (int r = 0; r < runSet.count(); ++r)
            inputs.push_back({runSet.at(r).run, runSet.at(r).displayName, summaryWindow, SummaryBuilder::repeatGroupOf(*runSet.at(r).run)});
        SummaryBuilder::Options options;
        options.rules = &rules;
        options.comparability = &comparability;
        auto report = std::make_shared<SummaryReport>(SummaryBuilder::build(inputs, 0, options));
        summaryModel = std::make_unique<SummaryTableModel>();
        summaryModel->setReport(report);
        summaryFilter = std::make_unique<SummaryFilterModel>();
        summaryFilter->setSourceModel(summaryModel.get());
        summaryFilter->setOnlySignificant(parser.isSet(significant));
        if (textSummary) {
            // Without --significant, the same bytes as `runlens summary --format md|csv`.
            const bool csv = summaryFormat == QLatin1String("csv");
            QByteArray bytes;
            if (parser.isSet(significant)) {
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
        auto figure = std::make_unique<TableFigure>(*summaryFilter);
        figure->setCellColour(&SummaryTable::deltaColour);
        if (!parser.isSet(title))
            texts.title = Text::tr("Summary: %1").arg(texts.title);
        figure->setText(texts);
        target.title = texts.title;
        figures.push_back(std::move(figure));
    }

    std::vector<const Figure*> pointers;
    for (const auto& figure : figures)
        pointers.push_back(figure.get());
    if (!FigureWriter::write(pointers, outputPath, target, &error)) {
        printError(error);
        return 1;
    }
    return 0;
}
