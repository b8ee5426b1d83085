// `runlens summary --baseline A.tar.gz B.tar.gz [C…] [--window FROM:TO] [--format json|csv|md]`:
// the summary of the app for scripts and CI. Per metric and run the statistics over the window,
// the delta to the baseline and whether it is beyond noise; the findings; host differences.
// The same archives always give the same bytes (the bootstrap is seeded).
#include "FormatError.h"
#include "RunLoader.h"
#include "summary/Comparability.h"
#include "summary/FindingRules.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryExport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

#include <cstdio>
#include <limits>
#include <optional>

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("SummaryCommand", text);
}

void printError(const QString& message)
{
    std::fprintf(stderr, "runlens summary: %s\n", qPrintable(message));
}

std::optional<QByteArray> readFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot read %1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    return file.readAll();
}

// "10:50", "10:" (to the end), ":50" (from the start), in seconds since each run's start.
std::optional<std::pair<double, double>> parseWindow(const QString& text)
{
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 2)
        return std::nullopt;
    bool fromOk = true;
    bool toOk = true;
    const double from = parts[0].trimmed().isEmpty() ? 0.0 : parts[0].toDouble(&fromOk);
    const double to = parts[1].trimmed().isEmpty() ? std::numeric_limits<double>::infinity() : parts[1].toDouble(&toOk);
    if (!fromOk || !toOk || from < 0 || to <= from)
        return std::nullopt;
    return std::make_pair(from, to);
}

} // namespace

int runSummaryCommand(int argc, char** argv)
{
    std::optional<QCoreApplication> application;
    if (!QCoreApplication::instance())
        application.emplace(argc, argv);

    QStringList arguments;
    for (int i = 0; i < argc; ++i) {
        if (i != 1) // argv[1] is the command's name
            arguments.append(QString::fromLocal8Bit(argv[i]));
    }

    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Compares runs with a baseline: for every metric the mean, spread and percentiles over the window, "
           "the change against the baseline and whether it is beyond noise (a block bootstrap of the difference "
           "of means), the findings of the rules, and the host facts that differ."));
    parser.addHelpOption();
    const QCommandLineOption baseline(QStringLiteral("baseline"), tr("The run the others are compared with."), tr("archive"));
    const QCommandLineOption window(QStringLiteral("window"),
                                    tr("Only the samples from FROM to TO seconds after each run's start (either may be left out)."),
                                    tr("FROM:TO"));
    const QCommandLineOption format(QStringLiteral("format"), tr("md (default), csv or json."), tr("format"),
                                    QStringLiteral("md"));
    const QCommandLineOption rules(QStringLiteral("rules"), tr("Findings rules to use instead of the built-in ones."),
                                   tr("file"));
    parser.addOptions({baseline, window, format, rules});
    parser.addPositionalArgument(QStringLiteral("RUN"), tr("The runs to compare with the baseline."), tr("RUN…"));

    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        return 0;
    }
    if (!parser.isSet(baseline) || parser.positionalArguments().isEmpty()) {
        printError(tr("give the baseline and at least one run: runlens summary --baseline A.tar.gz B.tar.gz"));
        return 2;
    }
    const QString formatName = parser.value(format);
    if (formatName != QLatin1String("md") && formatName != QLatin1String("csv") && formatName != QLatin1String("json")) {
        printError(tr("unknown format \"%1\": use md, csv or json").arg(formatName));
        return 2;
    }
    TimeWindow timeWindow;
    if (parser.isSet(window)) {
        timeWindow = parseWindow(parser.value(window));
        if (!timeWindow) {
            printError(tr("the window \"%1\" is not FROM:TO in seconds with FROM < TO, e.g. 10:50").arg(parser.value(window)));
            return 2;
        }
    }

    QString error;
    FindingRules findingRules;
    const QString rulesPath = parser.isSet(rules) ? parser.value(rules) : QStringLiteral(":/summary/findings.json");
    const auto rulesText = readFile(rulesPath, &error);
    if (!rulesText || !findingRules.load(*rulesText, &error)) {
        printError(QStringLiteral("%1: %2").arg(rulesPath, error));
        return 1;
    }
    Comparability comparability;
    const auto comparabilityText = readFile(QStringLiteral(":/summary/comparability.json"), &error);
    if (!comparabilityText || !comparability.load(*comparabilityText, &error)) {
        printError(error);
        return 1;
    }

    std::vector<SummaryRunInput> runs;
    for (const QString& path : QStringList{parser.value(baseline)} + parser.positionalArguments()) {
        try {
            const RunPtr run = RunLoader::loadNow(path);
            runs.push_back({run, run->name(), timeWindow, SummaryBuilder::repeatGroupOf(*run)});
        } catch (const runlens::format::FormatError& failure) {
            printError(QString::fromUtf8(failure.what()));
            return 1;
        }
    }

    SummaryBuilder::Options options;
    options.rules = &findingRules;
    options.comparability = &comparability;
    const SummaryReport report = SummaryBuilder::build(runs, 0, options);
    const QByteArray output = formatName == QLatin1String("json") ? SummaryExport::toJson(report)
                              : formatName == QLatin1String("csv") ? SummaryExport::toCsv(report)
                                                                   : SummaryExport::toMarkdown(report);
    if (std::fwrite(output.constData(), 1, std::size_t(output.size()), stdout) != std::size_t(output.size())
        || std::fflush(stdout) != 0) {
        printError(tr("cannot write the summary to the standard output"));
        return 1;
    }
    return 0;
}
