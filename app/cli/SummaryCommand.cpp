// `runlens summary --baseline A.tar.gz B.tar.gz [C…] [--window [RUN=]FROM:TO|steady]… [--format json|csv|md]`:
// the summary of the app for scripts and CI. Per metric and run the statistics over the window,
// the delta to the baseline and whether it is beyond noise; the findings; host differences.
// With --throughput (and --price, else the price table by instance type) also price-performance,
// which also comes by itself from the throughput the runs recorded (a workload metric in ops/s);
// with --instances METRIC (or all) also a row per CPU, disk or interface of that metric.
// The same archives always give the same bytes (the bootstrap is seeded).
#include "FormatError.h"
#include "HeadlessCommands.h"
#include "RunLoader.h"
#include "SummaryResources.h"
#include "WindowOption.h"
#include "summary/RecordedThroughput.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryRequest.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <optional>

namespace {

// The messages' translation context (lupdate reads Q_DECLARE_TR_FUNCTIONS; a free tr() it cannot).
struct Text {
    Q_DECLARE_TR_FUNCTIONS(SummaryCommand)
};

void printError(const QString& message)
{
    std::fprintf(stderr, "runlens summary: %s\n", qPrintable(message));
}

// The run a RUN=… value names: its name or its 1-based position; -1 when none.
int runIndex(const SummaryRequest& request, const QString& key)
{
    bool isNumber = false;
    const int position = key.toInt(&isNumber);
    if (isNumber)
        return position >= 1 && position <= int(request.runs.size()) ? position - 1 : -1;
    for (std::size_t r = 0; r < request.runs.size(); ++r) {
        if (request.runs[r].name == key)
            return int(r);
    }
    return -1;
}

// --throughput RUN=VALUE[UNIT] and --price RUN=USD_PER_HOUR into the request's price inputs; 0, or
// the exit code after a message. Price-performance is asked for by either option, and comes by
// itself when a run recorded its throughput and some run's price is in the price table: then it
// has something to say without anything typed.
int addPriceInputs(const QStringList& throughputs, const QStringList& prices, SummaryRequest& request)
{
    bool recorded = false;
    for (const SummaryRunInput& input : request.runs)
        recorded = recorded || recordsThroughput(*input.run);
    if (throughputs.isEmpty() && prices.isEmpty() && !recorded)
        return 0;
    if (throughputs.isEmpty() && !recorded) {
        printError(Text::tr("--price needs --throughput (or runs that recorded their throughput, a workload metric "
                            "in ops/s or req/s): the cost per 100,000 ops/s comes from both"));
        return 2;
    }
    QString error;
    SummaryRequest::PriceInputs inputs;
    inputs.table = SummaryResources::priceTable(&error);
    if (!inputs.table) {
        printError(error);
        return 1;
    }
    if (throughputs.isEmpty() && prices.isEmpty()) {
        bool priced = false;
        for (const SummaryRunInput& input : request.runs)
            priced = priced || inputs.table->hourlyPrice(PricePerformance::instanceTypeOf(Comparability::factsOf(*input.run)));
        if (!priced)
            return 0;
    }
    inputs.entered.resize(request.runs.size());
    for (const QString& value : throughputs) {
        const qsizetype equals = value.indexOf(QLatin1Char('='));
        const int index = equals > 0 ? runIndex(request, value.left(equals)) : -1;
        const auto parsed = equals > 0 ? PricePerformance::parseThroughput(value.mid(equals + 1)) : std::nullopt;
        if (index < 0 || !parsed) {
            printError(Text::tr("--throughput \"%1\" is not RUN=VALUE[UNIT] with RUN a run's name or 1-based position "
                          "and VALUE a positive number, e.g. 2=150000ops/s").arg(value));
            return 2;
        }
        inputs.entered[std::size_t(index)].throughput = parsed->first;
        inputs.entered[std::size_t(index)].unit = parsed->second;
    }
    for (const QString& value : prices) {
        const qsizetype equals = value.indexOf(QLatin1Char('='));
        const int index = equals > 0 ? runIndex(request, value.left(equals)) : -1;
        bool ok = false;
        const double hourly = equals > 0 ? value.mid(equals + 1).toDouble(&ok) : 0.0;
        if (index < 0 || !ok || !(hourly >= 0)) {
            printError(Text::tr("--price \"%1\" is not RUN=USD_PER_HOUR with RUN a run's name or 1-based position, "
                          "e.g. 2=0.34").arg(value));
            return 2;
        }
        inputs.entered[std::size_t(index)].hourlyPrice = hourly;
    }
    request.prices = std::move(inputs);
    return 0;
}

// --instances METRIC[,METRIC…]|all into the request; 0, or the exit code after a message.
int addInstanceMetrics(const QStringList& values, SummaryRequest& request)
{
    for (const QString& value : values) {
        for (const QString& listed : value.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString metricId = listed.trimmed();
            if (metricId == QLatin1String("all")) {
                request.allInstanceMetrics = true;
                continue;
            }
            bool known = false;
            for (const SummaryRunInput& input : request.runs)
                known = known || input.run->hasMetric(metricId);
            if (!known) {
                printError(Text::tr("--instances \"%1\": no run has the metric \"%2\" (see `runlens-rec info` for the "
                              "metric ids, or use --instances all)").arg(value, metricId));
                return 2;
            }
            request.instanceMetrics.append(metricId);
        }
    }
    return 0;
}

} // namespace

int runSummaryCommand(int argc, char** argv)
{
    std::optional<QCoreApplication> application;
    if (!QCoreApplication::instance())
        application.emplace(argc, argv);

    const QStringList arguments = headlessArguments(argc, argv);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        Text::tr("Compares runs with a baseline: for every metric the mean, spread and percentiles over the window, "
           "the change against the baseline and whether it is beyond noise (a block bootstrap of the difference "
           "of means), the findings of the rules, and the host facts that differ."));
    parser.addHelpOption();
    const QCommandLineOption baseline(QStringLiteral("baseline"), Text::tr("The run the others are compared with."), Text::tr("archive"));
    const QCommandLineOption window(QStringLiteral("window"),
                                    Text::tr("Only the samples from FROM to TO seconds after each run's start (either may be left out); "
                                             "RUN=FROM:TO for one run (its name or 1-based position); \"steady\" (or RUN=steady) for "
                                             "the steady state found in CPU busy and the workload metric, the reason on stderr. "
                                             "Repeatable."),
                                    Text::tr("[RUN=]FROM:TO|steady"));
    const QCommandLineOption format(QStringLiteral("format"), Text::tr("md (default), csv or json."), Text::tr("format"),
                                    QStringLiteral("md"));
    const QCommandLineOption rules(QStringLiteral("rules"), Text::tr("Findings rules to use instead of the built-in ones."),
                                   Text::tr("file"));
    const QCommandLineOption throughput(
        QStringLiteral("throughput"),
        Text::tr("A run's throughput for price-performance, e.g. 2=150000 or demo-tuned=1200req/s (ops/s when no unit is "
           "given); RUN is the run's name or its 1-based position, the baseline being 1. Repeatable. Without it, a run's "
           "throughput is the one it recorded (a workload metric in ops/s, req/s …), if any; price-performance then "
           "comes by itself when a price is known."),
        Text::tr("RUN=VALUE[UNIT]"));
    const QCommandLineOption price(
        QStringLiteral("price"),
        Text::tr("A run's hourly price in USD. Repeatable. Without it the price comes from the built-in EC2 on-demand "
           "price table by the run's instance type."),
        Text::tr("RUN=USD_PER_HOUR"));
    const QCommandLineOption instances(
        QStringLiteral("instances"),
        Text::tr("Also a row per instance (CPU, disk, interface) of METRIC, named e.g. cpu.user[cpu3], after the metric's "
           "own row; \"all\" for every per-instance metric. Repeatable."),
        Text::tr("METRIC"));
    parser.addOptions({baseline, window, format, rules, throughput, price, instances});
    parser.addPositionalArgument(QStringLiteral("RUN"), Text::tr("The runs to compare with the baseline."), Text::tr("RUN…"));

    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        return 0;
    }
    if (!parser.isSet(baseline) || parser.positionalArguments().isEmpty()) {
        printError(Text::tr("give the baseline and at least one run: runlens summary --baseline A.tar.gz B.tar.gz"));
        return 2;
    }
    const QString formatName = parser.value(format);
    if (formatName != QLatin1String("md") && formatName != QLatin1String("csv") && formatName != QLatin1String("json")) {
        printError(Text::tr("unknown format \"%1\": use md, csv or json").arg(formatName));
        return 2;
    }
    QString error;
    const std::optional<WindowOptions> windows = WindowOptions::parse(parser.values(window), &error);
    if (!windows) {
        printError(error);
        return 2;
    }

    SummaryRequest request;
    request.rules = SummaryResources::findingRules(parser.isSet(rules) ? parser.value(rules) : SummaryResources::kFindingRules, &error);
    request.comparability = request.rules ? SummaryResources::comparability(&error) : nullptr;
    if (!request.rules || !request.comparability) {
        printError(error);
        return 1;
    }
    std::vector<RunPtr> runs;
    QStringList names;
    for (const QString& path : QStringList{parser.value(baseline)} + parser.positionalArguments()) {
        try {
            for (const RunPtr& run : RunLoader::loadAllNow(path)) {
                runs.push_back(run);
                names.append(run->name());
            }
        } catch (const runlens::format::FormatError& failure) {
            printError(QString::fromUtf8(failure.what()));
            return 1;
        }
    }
    const auto runWindows = windows->resolve(runs, names, &error, [](const QString& name, const QString& reason) {
        printError(Text::tr("steady state of %1: %2").arg(name, reason));
    });
    if (!runWindows) {
        printError(error);
        return 2;
    }
    for (std::size_t r = 0; r < runs.size(); ++r)
        request.runs.push_back(SummaryRequest::input(runs[r], names[int(r)], (*runWindows)[r]));
    if (const int status = addPriceInputs(parser.values(throughput), parser.values(price), request); status != 0)
        return status;
    if (const int status = addInstanceMetrics(parser.values(instances), request); status != 0)
        return status;

    const SummaryReport report = request.run();
    const QByteArray output = formatName == QLatin1String("json") ? SummaryExport::toJson(report)
                              : formatName == QLatin1String("csv") ? SummaryExport::toCsv(report)
                                                                   : SummaryExport::toMarkdown(report);
    if (std::fwrite(output.constData(), 1, std::size_t(output.size()), stdout) != std::size_t(output.size())
        || std::fflush(stdout) != 0) {
        printError(Text::tr("cannot write the summary to the standard output"));
        return 1;
    }
    return 0;
}
