// Processes across runs: the same program in two runs has different PIDs, so runs show process
// series by command ("postgres", the sum of its processes), with the PIDs in a note, the busiest
// first, and the sum of all as the metric's aggregate the summary compares.
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
};

QTEST_GUILESS_MAIN(TestProcessesByCommand)
#include "tst_processesbycommand.moc"
