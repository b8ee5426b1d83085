// `runlens summary` as scripts and CI use it: the output for the bundled demo pair must be exactly
// the checked-in files under tests/fixtures/summary/ (the bootstrap is seeded, so the verdicts are
// reproducible). After an intended change of the output, regenerate them with
// RUNLENS_UPDATE_SUMMARY_FIXTURES=1 ctest -R tst_summary_cli and review the diff.
#include "ProcessArchive.h"
#include "WorkloadArchive.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <tuple>

namespace {

struct Result {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Result runSummary(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(RUNLENS_APP_PATH), QStringList{QStringLiteral("summary")} + arguments);
    if (!process.waitForFinished(240000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

const QString kBaseline = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz");
const QString kTuned = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz");

} // namespace

class TestSummaryCli : public QObject
{
    Q_OBJECT

private slots:
    void demoPairIsExact_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("expected");
        QTest::newRow("markdown") << QStringList{} << "demo.md";
        QTest::newRow("csv") << QStringList{QStringLiteral("--format"), QStringLiteral("csv")} << "demo.csv";
        QTest::newRow("window") << QStringList{QStringLiteral("--window"), QStringLiteral("5:15")} << "demo-window-5-15.md";
        // A window per run, by position and by name.
        QTest::newRow("window per run") << QStringList{QStringLiteral("--window"), QStringLiteral("1=5:15"), QStringLiteral("--window"),
                                                       QStringLiteral("demo-tuned=6s:16s")}
                                        << "demo-window-per-run.md";
        // Price-performance only appears with a throughput; the other fixtures show the output without it.
        QTest::newRow("price-performance")
            << QStringList{QStringLiteral("--throughput"), QStringLiteral("1=50000"), QStringLiteral("--throughput"),
                           QStringLiteral("demo-tuned=60000ops/s"), QStringLiteral("--price"), QStringLiteral("1=0.34"),
                           QStringLiteral("--price"), QStringLiteral("demo-tuned=0.357")}
            << "demo-price-performance.md";
        // A row per CPU of cpu.user right after the metric's own row.
        QTest::newRow("instances-md") << QStringList{QStringLiteral("--instances"), QStringLiteral("cpu.user")}
                                      << "demo-instances-cpu-user.md";
        QTest::newRow("instances-csv") << QStringList{QStringLiteral("--instances"), QStringLiteral("cpu.user"),
                                                      QStringLiteral("--instances"), QStringLiteral("disk.read_bytes"),
                                                      QStringLiteral("--format"), QStringLiteral("csv")}
                                       << "demo-instances.csv";
    }
    void demoPairIsExact()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, expected);
        const Result result = runSummary(QStringList{QStringLiteral("--baseline"), kBaseline, kTuned} + options);
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QVERIFY(result.err.isEmpty());
        const QString path = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/summary/") + expected;
        if (qEnvironmentVariableIsSet("RUNLENS_UPDATE_SUMMARY_FIXTURES")) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(result.out);
        }
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray wanted = file.readAll();
        if (result.out != wanted) {
            // Point at the first differing line rather than dumping two large files.
            const QList<QByteArray> got = result.out.split('\n');
            const QList<QByteArray> want = wanted.split('\n');
            for (qsizetype i = 0; i < std::min(got.size(), want.size()); ++i) {
                if (got[i] != want[i])
                    QFAIL(qPrintable(QStringLiteral("line %1 differs:\n  got:      %2\n  expected: %3")
                                         .arg(i + 1)
                                         .arg(QString::fromUtf8(got[i]), QString::fromUtf8(want[i]))));
            }
            QFAIL(qPrintable(QStringLiteral("%1 lines, expected %2").arg(got.size()).arg(want.size())));
        }
    }

    // A window for one run overrides the one for every run, in either order.
    void runWindowOverridesTheCommonOne()
    {
        const Result perRun = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), QStringLiteral("1=5:15"),
                                          QStringLiteral("--window"), QStringLiteral("2=6:16")});
        QCOMPARE(perRun.exitCode, 0);
        QVERIFY(perRun.out.contains("- demo-baseline (baseline), 5.0 s – 15.0 s\n- demo-tuned, 6.0 s – 16.0 s\n"));
        for (const QStringList& order : {QStringList{QStringLiteral("2=6:16"), QStringLiteral("5:15")},
                                         QStringList{QStringLiteral("5:15"), QStringLiteral("demo-tuned=6:16")}}) {
            const Result mixed = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), order[0],
                                             QStringLiteral("--window"), order[1]});
            QCOMPARE(mixed.exitCode, 0);
            QCOMPARE(mixed.out, perRun.out);
        }
    }

    // --window steady: each run over the steady state SteadyState finds, the reason on stderr.
    // The demo runs are busy from the first sample and idle for their last two (the workload had
    // exited): the window ends at 15 s, and the summary is the one over 0–15 s.
    void steadyStateWindow()
    {
        const Result steady = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), QStringLiteral("steady")});
        QVERIFY2(steady.exitCode == 0, steady.err.constData());
        QCOMPARE(steady.err, QByteArrayLiteral("runlens summary: steady state of demo-baseline: Busy CPU falls at 15.0 s.\n"
                                               "runlens summary: steady state of demo-tuned: Busy CPU falls at 15.0 s.\n"));
        QVERIFY(steady.out.contains("- demo-baseline (baseline), 0.0 s – 15.0 s\n- demo-tuned, 0.0 s – 15.0 s\n"));
        // The same bytes as the windows typed by hand: to each run's last busy sample (15.00057 s
        // and 15.00074 s after the starts; the workload's own samples are stamped in between).
        const Result typed = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"),
                                         QStringLiteral("1=0:15.00057"), QStringLiteral("--window"), QStringLiteral("2=0:15.00074")});
        QCOMPARE(typed.exitCode, 0);
        QCOMPARE(steady.out, typed.out);
        const Result whole = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned});
        QVERIFY(whole.out.mid(whole.out.indexOf("\n## ")) != steady.out.mid(steady.out.indexOf("\n## ")));

        // For one run only: the other keeps all of itself.
        const Result one = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), QStringLiteral("2=steady")});
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(one.err, QByteArrayLiteral("runlens summary: steady state of demo-tuned: Busy CPU falls at 15.0 s.\n"));
        QVERIFY(one.out.contains("- demo-tuned, 0.0 s – 15.0 s\n"));
        QVERIFY(!one.out.contains("- demo-baseline (baseline), 0.0 s – 15.0 s"));
    }

    void windowErrorsNameTheRun()
    {
        Result result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), QStringLiteral("3=5:15")});
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.out.isEmpty());
        QVERIFY2(result.err.contains("\"3\"") && result.err.contains("demo-baseline, demo-tuned"), result.err.constData());
        result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), QStringLiteral("nosuch=steady")});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("nosuch"), result.err.constData());
        result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), QStringLiteral("2=9:3")});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("2=9:3"), result.err.constData());
    }

    // JSON carries the same numbers as the CSV (checked byte for byte above), with nesting for scripts.
    void jsonMatchesTheCsv()
    {
        const Result json = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(json.exitCode == 0, json.err.constData());
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(json.out, &error);
        QVERIFY2(!document.isNull(), qPrintable(error.errorString()));
        const QJsonObject root = document.object();
        QCOMPARE(root.value(QStringLiteral("baseline")).toInt(), 0);
        const QJsonArray runs = root.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("demo-baseline"));
        QCOMPARE(runs[1].toObject().value(QStringLiteral("file")).toString(), QStringLiteral("demo-tuned.tar.gz"));
        QFile csvFile(QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/summary/demo.csv"));
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QList<QByteArray> csv = csvFile.readAll().trimmed().split('\n');
        const QJsonArray metrics = root.value(QStringLiteral("metrics")).toArray();
        QCOMPARE(metrics.size(), csv.size() - 1);
        for (qsizetype i = 0; i < metrics.size(); ++i) {
            const QJsonObject metric = metrics[i].toObject();
            const QList<QByteArray> fields = csv[i + 1].split(',');
            QCOMPARE(metric.value(QStringLiteral("id")).toString(), QString::fromUtf8(fields[0]));
            const QJsonArray cells = metric.value(QStringLiteral("runs")).toArray();
            QCOMPARE(cells[1].toObject().value(QStringLiteral("verdict")).toString(), QString::fromUtf8(fields.last()));
        }
        // The demo's host is healthy: no finding (its one major fault a second used to be one).
        QVERIFY(root.value(QStringLiteral("findings")).isArray());
        QCOMPARE(root.value(QStringLiteral("findings")).toArray().size(), 0);
        QVERIFY(root.value(QStringLiteral("comparability")).toArray().isEmpty());
    }

    // --instances all: every per-instance metric gets its rows, named METRIC[INSTANCE], in JSON too.
    void instancesInJson()
    {
        const Result plain = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--format"), QStringLiteral("json")});
        const Result all = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--instances"),
                                       QStringLiteral("all"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(all.exitCode == 0, all.err.constData());
        const QJsonArray plainMetrics = QJsonDocument::fromJson(plain.out).object().value(QStringLiteral("metrics")).toArray();
        const QJsonArray metrics = QJsonDocument::fromJson(all.out).object().value(QStringLiteral("metrics")).toArray();
        QVERIFY(metrics.size() > plainMetrics.size());
        QStringList names;
        for (const QJsonValue& value : metrics) {
            const QJsonObject metric = value.toObject();
            const QString id = metric.value(QStringLiteral("id")).toString();
            const QString instance = metric.value(QStringLiteral("instance")).toString();
            const QString name = metric.value(QStringLiteral("name")).toString();
            QCOMPARE(name, instance.isEmpty() || instance == QLatin1String("all") ? id : id + QLatin1Char('[') + instance + QLatin1Char(']'));
            names.append(name);
        }
        const qsizetype user = names.indexOf(QStringLiteral("cpu.user"));
        QVERIFY(user >= 0);
        QCOMPARE(names.mid(user, 3), (QStringList{QStringLiteral("cpu.user"), QStringLiteral("cpu.user[cpu0]"), QStringLiteral("cpu.user[cpu1]")}));
        // Every metric's own row is still there, in the same order.
        QStringList own;
        for (const QJsonValue& value : metrics) {
            if (!value.toObject().value(QStringLiteral("name")).toString().contains(QLatin1Char('[')))
                own.append(value.toObject().value(QStringLiteral("name")).toString());
        }
        QCOMPARE(own.size(), plainMetrics.size());
        // An unknown metric is a usage error that names it.
        const Result unknown = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--instances"), QStringLiteral("cpu.nope")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("cpu.nope"), unknown.err.constData());
        QVERIFY(unknown.out.isEmpty());
    }

    // The bundled demo was recorded with its workload (resources/demo/record-demo-runs.sh): its
    // throughput is the summary's first line and the table's first row, and the change is real.
    void demoLeadsWithItsThroughput()
    {
        const Result result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QStringList lines = QString::fromUtf8(result.out).split(QLatin1Char('\n'));
        const qsizetype against = lines.indexOf(QStringLiteral("## demo-tuned against demo-baseline"));
        QVERIFY(against > 0);
        QVERIFY2(lines.value(against + 2).startsWith(QStringLiteral("- Workload: Throughput +")), qPrintable(lines.value(against + 2)));
        QVERIFY(lines.value(against + 2).endsWith(QStringLiteral(" %, beyond noise")));
        const qsizetype header = lines.indexOf(QStringLiteral("| Metric | Category | demo-baseline | demo-tuned |"));
        QVERIFY(header > 0);
        QVERIFY2(lines.value(header + 2).startsWith(QStringLiteral("| Throughput (`workload.throughput`) | Workload | ")),
                 qPrintable(lines.value(header + 2)));
        QVERIFY(lines.value(header + 2).endsWith(QStringLiteral(", improvement) |")));
    }

    void usageErrors()
    {
        Result result = runSummary({kTuned});
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.err.contains("--baseline"));
        result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--format"), QStringLiteral("xml")});
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.err.contains("xml"));
        result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--window"), QStringLiteral("9:3")});
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.out.isEmpty());
        result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--throughput"), QStringLiteral("3=100")});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("3=100"), result.err.constData());
        // A price for a run that is not there (the demo runs record their throughput, so a price
        // alone is enough for the others).
        result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--price"), QStringLiteral("3=0.3")});
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("3=0.3"), result.err.constData());
    }

    // Without a price and without an instance type (the demo runs were recorded off EC2) the
    // output says why there is no cost instead of inventing one.
    void priceMissingIsExplained()
    {
        const Result result = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--throughput"),
                                          QStringLiteral("2=60000"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QJsonObject price = QJsonDocument::fromJson(result.out).object().value(QStringLiteral("price_performance")).toObject();
        QCOMPARE(price.value(QStringLiteral("table_date")).toString(), QStringLiteral("2024-06-01"));
        const QJsonArray runs = price.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[1].toObject().value(QStringLiteral("throughput")).toDouble(), 60000.0);
        QCOMPARE(runs[1].toObject().value(QStringLiteral("price_source")).toString(), QStringLiteral("none"));
        QVERIFY(runs[1].toObject().value(QStringLiteral("cost_per_100k_units_per_s")).isNull());
        const Result markdown = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned, QStringLiteral("--throughput"),
                                            QStringLiteral("2=60000")});
        QVERIFY(markdown.out.contains("| demo-tuned | 60000 ops/s | – | none: no instance type in the run | no price | baseline has no price |"));
        // Without --throughput the output has no price-performance section at all.
        const Result plain = runSummary({QStringLiteral("--baseline"), kBaseline, kTuned});
        QVERIFY(!plain.out.contains("Price-performance"));
    }

    // Runs recorded with their workload (`runlens-rec record -- COMMAND`): the workload's metrics lead
    // every format, the headline judges them by the spread of the repeats, and the recorded
    // throughput fills price-performance when a price is known.
    void workloadMetricsLeadTheSummary()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        QStringList archives;
        // Three repeats of each variant: 1000/1040/960 tps (spread 8 %) against 1100/1110/1090 (+10 %).
        for (const auto& [name, group, tps] : std::vector<std::tuple<std::string, std::string, double>>{
                 {"base-1", "base", 1000}, {"base-2", "base", 1040}, {"base-3", "base", 960},
                 {"tuned-1", "tuned", 1100}, {"tuned-2", "tuned", 1110}, {"tuned-3", "tuned", 1090}})
            archives.append(writeWorkloadArchive(directory.path(), {name, group, tps, 10.0}));
        const QStringList arguments = QStringList{QStringLiteral("--baseline")} + archives;

        const Result markdown = runSummary(arguments);
        QVERIFY2(markdown.exitCode == 0, markdown.err.constData());
        const QString text = QString::fromUtf8(markdown.out);
        QVERIFY2(text.contains(QLatin1String("## tuned-1 against base-1\n\n- Workload: Throughput +10 %, beyond noise; p95 latency "
                                             "unchanged\n- Better: Throughput +10 %\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("## base-2 against base-1\n\n- Workload: Throughput +4.0 %, within noise;")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("## Noise across repeats\n\n")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("- Throughput: base 8 % (3 runs), tuned 1.82 % (3 runs)\n")));
        const qsizetype table = text.indexOf(QLatin1String("## Metrics"));
        QVERIFY(text.indexOf(QLatin1String("| Throughput (`workload.tps`) | Workload |"), table)
                < text.indexOf(QLatin1String("| Busy CPU (`cpu.busy`) | CPU |"), table));
        QVERIFY(!text.contains(QLatin1String("Price-performance"))); // not on EC2, no price given: nothing to say

        const Result csv = runSummary(arguments + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        const QList<QByteArray> lines = csv.out.split('\n');
        QVERIFY2(lines[1].startsWith("workload.tps,,Throughput,tps,Workload,higher,19,1000,"), lines[1].constData());
        QVERIFY2(lines[2].startsWith("workload.latency_p95,"), lines[2].constData());
        QVERIFY(csv.out.contains("\nworkload.tps,base,3,1000,1000,0.08,0.04\n"));

        const Result json = runSummary(arguments + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject root = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(root[QStringLiteral("runs")].toArray()[3].toObject()[QStringLiteral("repeat_group")].toString(), QStringLiteral("tuned"));
        const QJsonObject tps = root[QStringLiteral("metrics")].toArray()[0].toObject();
        QCOMPARE(tps[QStringLiteral("id")].toString(), QStringLiteral("workload.tps"));
        const QJsonObject tuned = tps[QStringLiteral("runs")].toArray()[3].toObject();
        QCOMPARE(tuned[QStringLiteral("verdict")].toString(), QStringLiteral("improvement"));
        QCOMPARE(tuned[QStringLiteral("compared_by")].toString(), QStringLiteral("repeats"));
        QCOMPARE(tuned[QStringLiteral("repeats")].toObject()[QStringLiteral("noise")].toDouble(), 0.08);

        // --price alone is enough when the runs recorded their throughput.
        const Result priced = runSummary({QStringLiteral("--baseline"), archives[0], archives[3], QStringLiteral("--price"),
                                          QStringLiteral("1=0.2"), QStringLiteral("--price"), QStringLiteral("2=0.2")});
        QVERIFY2(priced.exitCode == 0, priced.err.constData());
        QVERIFY2(priced.out.contains("| base-1 | 1000 tps (recorded: workload.tps) | 0.2 | given | 20.0000 | baseline |"),
                 priced.out.constData());
        QVERIFY2(priced.out.contains("| tuned-1 | 1100 tps (recorded: workload.tps) | 0.2 | given | 18.1818 | -9.1 % |"),
                 priced.out.constData());
    }

    // Two JVMs in each run, their PIDs the other way round in the second: per-process rows pair
    // java -jar a.jar with a.jar and b.jar with b.jar, by the command lines runlens-rec kept.
    void processesAreMatchedByTheirProgram()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const QString baseline = writeProcessArchive(directory.path(), "jvm-baseline",
                                                     {{"100/java", {"java", "-jar", "/opt/a.jar"}, 80},
                                                      {"200/java", {"java", "-Xmx2g", "-jar", "/opt/b.jar"}, 10},
                                                      {"300/cron", {}, 1}});
        const QString tuned = writeProcessArchive(directory.path(), "jvm-tuned",
                                                  {{"900/java", {"java", "-Xmx2g", "-jar", "/srv/b.jar"}, 12},
                                                   {"950/java", {"java", "-jar", "/srv/a.jar"}, 40},
                                                   {"960/cron", {}, 1}});
        const Result csv = runSummary({QStringLiteral("--baseline"), baseline, tuned, QStringLiteral("--instances"),
                                       QStringLiteral("proc.cpu"), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(csv.exitCode == 0, csv.err.constData());
        QHash<QByteArray, QList<QByteArray>> rows;
        for (const QByteArray& line : csv.out.split('\n')) {
            const QList<QByteArray> fields = line.split(',');
            if (fields.size() > 1)
                rows.insert(fields[0], fields);
        }
        // metric, instance, title, unit, category, better, then n, mean ... per run; the mean is field 7
        // for the baseline and 15 for the other run, its verdict the last field.
        const auto mean = [&](const QByteArray& row, int run) { return rows.value(row).value(run == 0 ? 7 : 15); };
        QVERIFY2(rows.contains("proc.cpu[java a.jar]"), csv.out.constData());
        QCOMPARE(mean("proc.cpu[java a.jar]", 0), QByteArray("80"));
        QCOMPARE(mean("proc.cpu[java a.jar]", 1), QByteArray("40"));
        QCOMPARE(rows.value("proc.cpu[java a.jar]").last(), QByteArray("improvement"));
        QCOMPARE(mean("proc.cpu[java b.jar]", 0), QByteArray("10"));
        QCOMPARE(mean("proc.cpu[java b.jar]", 1), QByteArray("12"));
        QCOMPARE(rows.value("proc.cpu[java b.jar]").last(), QByteArray("regression"));
        // No command line (a kernel thread, an older recorder): known by its command.
        QCOMPARE(mean("proc.cpu[cron]", 1), QByteArray("1"));
        QCOMPARE(mean("proc.cpu", 0), QByteArray("91"));
        QVERIFY(!rows.contains("proc.cpu[java]"));
    }

    // On EC2 the price comes from the table by instance type: with a recorded throughput,
    // price-performance needs nothing typed at all. A result printed at the end (scope "run") is
    // taken whatever the window.
    void recordedThroughputOnEc2NeedsNoOptions()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const QString baseline = writeWorkloadArchive(directory.path(), {"x86", "", 40000, 5.0, 41234.5, "m7i.xlarge"});
        const QString graviton = writeWorkloadArchive(directory.path(), {"graviton", "", 48000, 4.0, 49481.4, "m7g.xlarge"});
        const Result result = runSummary({QStringLiteral("--baseline"), baseline, graviton, QStringLiteral("--window"),
                                          QStringLiteral("2:8")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QString text = QString::fromUtf8(result.out);
        // 0.2016 × 100,000 / 40,000 = 0.504; 0.1632 × 100,000 / 48,000 = 0.34.
        QVERIFY2(text.contains(QLatin1String("| x86 | 40000 tps (recorded: workload.tps) | 0.2016 | EC2 price table of 2024-06-01")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("| 0.3400 | -32.5 % |")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Requests/sec +20 %, one result per run: repeat the runs to tell it from noise")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("| Requests/sec (`workload.rps`) | Workload | 41.2 kreq/s | 49.5 kreq/s (+20 %, too few samples) |")),
                 qPrintable(text));
        // A typed throughput wins over the recorded one.
        const Result typed = runSummary({QStringLiteral("--baseline"), baseline, graviton, QStringLiteral("--throughput"),
                                         QStringLiteral("2=60000"), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(typed.out.contains("\nx86,40000,tps,0.2016,USD,table,2024-06-01,m7i.xlarge,0.504,,recorded,workload.tps\n"),
                 typed.out.constData());
        QVERIFY2(typed.out.contains("\ngraviton,60000,ops/s,0.1632,USD,table,2024-06-01,m7g.xlarge,0.272,-46.03174603,given,\n"),
                 typed.out.constData());
    }

    void aperfRunAgainstARunlensRun()
    {
        // A colleague's APerf run (Graviton, 16 CPUs) as the baseline of one of ours (2 x86 CPUs):
        // the shared metrics are compared and the host differences said.
        const QString aperf = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/aperf/test_run_1.tar.gz");
        const Result result = runSummary({QStringLiteral("--baseline"), aperf, kTuned, QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QString text = QString::fromUtf8(result.out);
        QVERIFY2(text.contains(QStringLiteral("CPU count (16 in test_run_1, 2 in demo-tuned)")), qPrintable(text.left(3000)));
        QVERIFY(text.contains(QStringLiteral("The runs differ in kernel (5.10.")));
        QVERIFY(text.contains(QStringLiteral("| User CPU (`cpu.user`) | CPU | 0.26 % | 92.8 % (")));
        QVERIFY(text.contains(QStringLiteral("(`mem.available`)")));
    }

    void unreadableArchiveIsNamed()
    {
        const QString missing = QStringLiteral(RUNLENS_BINARY_DIR "/no-such-run.tar.gz");
        const Result result = runSummary({QStringLiteral("--baseline"), kBaseline, missing});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("no-such-run.tar.gz"), result.err.constData());
        QVERIFY(result.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSummaryCli)
#include "tst_summary_cli.moc"
