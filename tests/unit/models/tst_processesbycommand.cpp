// Processes across runs: the same program in two runs has different PIDs, so runs show process
// series by command ("postgres", the sum of its processes), with the PIDs in a note, the busiest
// first, and the sum of all as the metric's aggregate the summary compares.
#include "DistinguishingArgument.h"
#include "RunFactory.h"
#include "summary/SummaryBuilder.h"

#include <QTest>

#include <cmath>
#include <limits>

namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// Runs whose proc.* columns are "pid/command", as runlens-rec writes them.
RunPtr processRun(const std::string& name, const std::vector<std::string>& instances, std::vector<std::vector<double>> values)
{
    return makeRun(QString::fromStdString("/runs/" + name + ".tar.gz"), name, values.front().size(), 1.0,
                   {{"proc.cpu", "%", instances, [values](std::size_t r, std::size_t i) { return values[i][r]; }},
                    {"cpu.user", "%", {"all"}, [](std::size_t r, std::size_t) { return double(r); }}},
                   1'700'000'000'000LL, [](runlens::format::RunArchive& archive) {
                       for (auto& metric : archive.metrics) {
                           if (metric.id == "proc.cpu")
                               metric.dimension = "process";
                       }
                   });
}

// The same, with the command lines runlens-rec keeps in the proc collector's details.
RunPtr processRunWithCommandLines(const std::string& name, const std::vector<std::string>& instances,
                                  std::vector<std::vector<double>> values, const nlohmann::json& commandLines)
{
    return makeRun(QString::fromStdString("/runs/" + name + ".tar.gz"), name, values.front().size(), 1.0,
                   {{"proc.cpu", "%", instances, [values](std::size_t r, std::size_t i) { return values[i][r]; }}},
                   1'700'000'000'000LL, [commandLines](runlens::format::RunArchive& archive) {
                       archive.metrics.front().dimension = "process";
                       archive.manifest["collectors"] = {{{"name", "proc"}, {"status", "ok"},
                                                          {"details", {{"command_lines", commandLines}}}}};
                   });
}

} // namespace

class TestProcessesByCommand : public QObject
{
    Q_OBJECT

private slots:
    void processesOfOneCommandAreSummed()
    {
        const RunPtr run = processRun("a", {"12/postgres", "13/postgres", "99/java", "7/cron"},
                                      {{10, 10, 10}, {kNoValue, 5, 5}, {50, 50, 50}, {kNoValue, kNoValue, kNoValue}});
        // The aggregate first, then the busiest: java (50) before postgres (15), cron (no value) last.
        QCOMPARE(run->instances(QStringLiteral("proc.cpu")),
                 (QStringList{QStringLiteral("all"), QStringLiteral("java"), QStringLiteral("postgres"), QStringLiteral("cron")}));
        const SeriesView postgres = run->series(QStringLiteral("proc.cpu"), QStringLiteral("postgres"));
        QCOMPARE(postgres.values[0], 10.0); // 13 had no value yet: not a NaN sum
        QCOMPARE(postgres.values[1], 15.0);
        const SeriesView all = run->series(QStringLiteral("proc.cpu"), QStringLiteral("all"));
        QCOMPARE(all.values[0], 60.0);
        QCOMPARE(all.values[2], 65.0);
        QVERIFY(std::isnan(run->series(QStringLiteral("proc.cpu"), QStringLiteral("cron")).values[0]));
        QCOMPARE(run->instanceNote(QStringLiteral("proc.cpu"), QStringLiteral("postgres")), QStringLiteral("2 processes: PIDs 12, 13"));
        QVERIFY(run->instanceNote(QStringLiteral("proc.cpu"), QStringLiteral("all")).isEmpty());
        // Other metrics are left as they were.
        QCOMPARE(run->instances(QStringLiteral("cpu.user")), QStringList{QStringLiteral("all")});
    }

    void theSameProgramInTwoRunsIsCompared()
    {
        const RunPtr baseline = processRun("baseline", {"12/postgres", "99/java"}, {{10, 10, 10, 10}, {50, 50, 50, 50}});
        const RunPtr tuned = processRun("tuned", {"4001/postgres", "4002/postgres", "5000/java"},
                                        {{4, 4, 4, 4}, {4, 4, 4, 4}, {30, 30, 30, 30}});
        SummaryBuilder::Options options;
        options.instanceMetrics = {QStringLiteral("proc.cpu")};
        const SummaryReport report = SummaryBuilder::build(
            {{baseline, QStringLiteral("baseline"), {}, {}}, {tuned, QStringLiteral("tuned"), {}, {}}}, 0, options);
        QHash<QString, const SummaryRow*> rows;
        for (const SummaryRow& row : report.rows) {
            if (row.metricId == QLatin1String("proc.cpu"))
                rows.insert(row.instance, &row);
        }
        QVERIFY(rows.contains(QStringLiteral("all")));
        QCOMPARE(rows.value(QStringLiteral("all"))->cells[1].stats.mean, 38.0);
        QCOMPARE(rows.value(QStringLiteral("all"))->instanceCount, 2);
        QVERIFY(rows.contains(QStringLiteral("postgres")));
        QCOMPARE(rows.value(QStringLiteral("postgres"))->cells[0].stats.mean, 10.0);
        QCOMPARE(rows.value(QStringLiteral("postgres"))->cells[1].stats.mean, 8.0);
        QCOMPARE(rows.value(QStringLiteral("java"))->cells[1].stats.mean, 30.0);
        QVERIFY(rows.value(QStringLiteral("java"))->cells[1].verdict != Verdict::NoData);
    }

    void programArgumentOfCommandLines()
    {
        using Argv = std::vector<std::string>;
        QCOMPARE(distinguishingArgument(Argv{"java", "-Xmx4g", "-jar", "/opt/app/a.jar", "--port", "80"}), std::string("a.jar"));
        QCOMPARE(distinguishingArgument(Argv{"java", "-cp", "lib/*:x.jar", "com.example.Server"}), std::string("com.example.Server"));
        QCOMPARE(distinguishingArgument(Argv{"/usr/bin/python3", "-u", "train.py", "--epochs", "3"}), std::string("train.py"));
        QCOMPARE(distinguishingArgument(Argv{"python3", "-m", "http.server"}), std::string("http.server"));
        QCOMPARE(distinguishingArgument(Argv{"python3", "-c", "print(1)"}), std::string());
        QCOMPARE(distinguishingArgument(Argv{"postgres: checkpointer "}), std::string());
        QCOMPARE(distinguishingArgument(Argv{"/usr/lib/postgresql/16/bin/postgres", "-D", "/var/lib/postgresql/16/main"}),
                 std::string());
        QCOMPARE(distinguishingArgument(Argv{"chrome", "--type=renderer", "--lang=en"}), std::string());
        QCOMPARE(distinguishingArgument(Argv{}), std::string());
        QCOMPARE(distinguishingArgument(Argv{"java", "-jar"}), std::string());
    }

    // Two JVMs in each run: a.jar in run 1 overlays a.jar in run 2, never b.jar, whatever the PIDs.
    void processesOfOneCommandAreMatchedByProgram()
    {
        const nlohmann::json baselineLines = {{"100/java", {"java", "-jar", "/opt/a.jar"}},
                                              {"200/java", {"java", "-jar", "/opt/b.jar"}},
                                              {"300/java", {"java", "-jar", "/opt/b.jar"}}};
        // In the second run the PIDs come the other way round: b.jar got the lower one.
        const nlohmann::json tunedLines = {{"900/java", {"java", "-jar", "/srv/b.jar"}},
                                           {"950/java", {"java", "-jar", "/srv/a.jar"}},
                                           {"960/python3", {"python3", "load.py"}}};
        const RunPtr baseline = processRunWithCommandLines("baseline", {"100/java", "200/java", "300/java"},
                                                           {{80, 80, 80, 80}, {10, 10, 10, 10}, {5, 5, 5, 5}}, baselineLines);
        const RunPtr tuned = processRunWithCommandLines("tuned", {"900/java", "950/java", "960/python3"},
                                                        {{12, 12, 12, 12}, {40, 40, 40, 40}, {1, 1, 1, 1}}, tunedLines);
        QCOMPARE(baseline->instances(QStringLiteral("proc.cpu")),
                 (QStringList{QStringLiteral("all"), QStringLiteral("java a.jar"), QStringLiteral("java b.jar")}));
        QCOMPARE(tuned->instances(QStringLiteral("proc.cpu")),
                 (QStringList{QStringLiteral("all"), QStringLiteral("java a.jar"), QStringLiteral("java b.jar"),
                              QStringLiteral("python3 load.py")}));
        QCOMPARE(baseline->series(QStringLiteral("proc.cpu"), QStringLiteral("java b.jar")).values[0], 15.0);
        // The PIDs and, as recorded, the command line the name stands for.
        QCOMPARE(baseline->instanceNote(QStringLiteral("proc.cpu"), QStringLiteral("java b.jar")),
                 QStringLiteral("2 processes: PIDs 200, 300\nThe first: java -jar /opt/b.jar"));
        QCOMPARE(tuned->instanceNote(QStringLiteral("proc.cpu"), QStringLiteral("java a.jar")),
                 QStringLiteral("PID 950\njava -jar /srv/a.jar"));
        QVERIFY(tuned->instanceNote(QStringLiteral("proc.cpu"), QStringLiteral("all")).isEmpty());

        SummaryBuilder::Options options;
        options.instanceMetrics = {QStringLiteral("proc.cpu")};
        const SummaryReport report = SummaryBuilder::build(
            {{baseline, QStringLiteral("baseline"), {}, {}}, {tuned, QStringLiteral("tuned"), {}, {}}}, 0, options);
        QHash<QString, const SummaryRow*> rows;
        for (const SummaryRow& row : report.rows)
            rows.insert(row.instance, &row);
        QVERIFY(rows.contains(QStringLiteral("java a.jar")));
        QCOMPARE(rows.value(QStringLiteral("java a.jar"))->cells[0].stats.mean, 80.0);
        QCOMPARE(rows.value(QStringLiteral("java a.jar"))->cells[1].stats.mean, 40.0);
        QCOMPARE(rows.value(QStringLiteral("java b.jar"))->cells[0].stats.mean, 15.0);
        QCOMPARE(rows.value(QStringLiteral("java b.jar"))->cells[1].stats.mean, 12.0);
    }

    // An archive without command lines (older recorder, APerf) or with a malformed list keeps the
    // command name: the run still compares with others by command.
    void withoutCommandLinesTheCommandNameIsKept()
    {
        const RunPtr malformed = processRunWithCommandLines("odd", {"100/java", "200/java"}, {{1, 1}, {2, 2}},
                                                            {{"100/java", "java -jar a.jar"}, {"200/java", {1, 2}}});
        QCOMPARE(malformed->instances(QStringLiteral("proc.cpu")), (QStringList{QStringLiteral("all"), QStringLiteral("java")}));
        QCOMPARE(malformed->series(QStringLiteral("proc.cpu"), QStringLiteral("java")).values[0], 3.0);
    }
};

QTEST_GUILESS_MAIN(TestProcessesByCommand)
#include "tst_processesbycommand.moc"
