// The metric browser's model: categories and metrics from the runs' descriptors, the workload's
// own results first, run-level results marked, and the default charts that open with them.
#include "DefaultCharts.h"
#include "MetricTreeModel.h"
#include "RunFactory.h"
#include "RunSet.h"
#include "WorkloadMetric.h"

#include <QAbstractItemModelTester>
#include <QTest>

using runlens::format::BetterDirection;
using runlens::format::MetricScope;

namespace {

// What a recording with a workload looks like: the collectors' groups first, the workload's last
// (the order runs-rec lists them in), one of its metrics a run-level result.
RunPtr recordedWithWorkload(const std::string& name)
{
    const auto constant = [](double value) { return [value](std::size_t, std::size_t) { return value; }; };
    return makeRun(QString::fromStdString("/" + name), name, 10, 1.0,
                   {{"cpu.busy", "%", {"all"}, constant(50)},
                    {"mem.available", "bytes", {""}, constant(4e9)},
                    {"disk.util", "%", {"all"}, constant(10)},
                    {"scrape.http_requests", "/s", {""}, constant(900)},
                    {"workload.ops", "ops/s", {""}, constant(1200), BetterDirection::Higher, MetricScope::Series, {}, "Operations"},
                    {"workload.rps", "req/s", {""}, constant(41234.5), BetterDirection::Higher, MetricScope::Run, {}, "Requests/sec"}},
                   1'700'000'000'000LL, [](runlens::format::RunArchive& archive) {
                       for (auto& descriptor : archive.metrics) {
                           if (descriptor.id == "scrape.http_requests")
                               descriptor.category = "Service";
                       }
                   });
}

QStringList categories(const MetricTreeModel& model)
{
    QStringList names;
    for (int c = 0; c < model.rowCount(); ++c)
        names.append(model.index(c, 0).data().toString());
    return names;
}

} // namespace

class TestMetricTreeModel : public QObject
{
    Q_OBJECT

private slots:
    void workloadCategoryFirst()
    {
        RunSet runs;
        MetricTreeModel model(&runs);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        runs.add(recordedWithWorkload("a"));
        // "Workload" before "CPU", though C sorts first; the other categories by name.
        QCOMPARE(categories(model), (QStringList{QStringLiteral("Workload"), QStringLiteral("CPU"), QStringLiteral("Memory"),
                                                 QStringLiteral("Service"), QStringLiteral("disk")}));
        QCOMPARE(model.metricIds().mid(0, 2), (QStringList{QStringLiteral("workload.ops"), QStringLiteral("workload.rps")}));

        const QModelIndex ops = model.indexOfMetric(QStringLiteral("workload.ops"));
        QCOMPARE(ops.data().toString(), QStringLiteral("Operations"));
        QVERIFY(!ops.data(MetricTreeModel::IsRunResultRole).toBool());
        // A run-level result says so: one value for the run, not a curve over time.
        const QModelIndex rps = model.indexOfMetric(QStringLiteral("workload.rps"));
        QCOMPARE(rps.data().toString(), QStringLiteral("Requests/sec (result)"));
        QVERIFY(rps.data(MetricTreeModel::IsRunResultRole).toBool());
        QVERIFY2(rps.data(Qt::ToolTipRole).toString().contains(QLatin1String("A result of the whole run")),
                 qPrintable(rps.data(Qt::ToolTipRole).toString()));
        QCOMPARE(rps.siblingAtColumn(1).data().toString(), QStringLiteral("workload.rps"));

        // A second run without the workload: the metric is partial, and both marks show.
        runs.add(makeRun(QStringLiteral("/b"), "b", 10, 1.0,
                         {{"cpu.busy", "%", {"all"}, [](std::size_t, std::size_t) { return 40.0; }}}));
        QCOMPARE(categories(model).front(), QStringLiteral("Workload"));
        const QModelIndex partial = model.indexOfMetric(QStringLiteral("workload.rps"));
        QCOMPARE(partial.data().toString(), QStringLiteral("Requests/sec (result) (1 of 2 runs)"));
        const QString tip = partial.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("A result of the whole run")) && tip.contains(QLatin1String("Only 1 of the 2 open runs")),
                 qPrintable(tip));
        QCOMPARE(model.indexOfMetric(QStringLiteral("cpu.busy")).data().toString(), QStringLiteral("cpu.busy"));
    }

    // Without a category in its descriptor, a metric of the workload group still counts as the workload's.
    void workloadGroupWithoutCategory()
    {
        RunSet runs;
        MetricTreeModel model(&runs);
        runs.add(makeRun(QStringLiteral("/c"), "c", 5, 1.0,
                         {{"cpu.busy", "%", {"all"}, [](std::size_t, std::size_t) { return 1.0; }},
                          {"workload.tps", "tps", {""}, [](std::size_t, std::size_t) { return 1.0; }}},
                         1'700'000'000'000LL, [](runlens::format::RunArchive& archive) {
                             for (auto& descriptor : archive.metrics)
                                 descriptor.category.clear();
                         }));
        QCOMPARE(categories(model), (QStringList{QStringLiteral("cpu"), QStringLiteral("workload")}));
        QVERIFY(WorkloadMetric::isWorkload(*runs.at(0).run->metric(QStringLiteral("workload.tps"))));
        QVERIFY(!WorkloadMetric::isWorkload(*runs.at(0).run->metric(QStringLiteral("cpu.busy"))));
        QCOMPARE(DefaultCharts::metrics(runs).front(), QStringLiteral("workload.tps"));
    }

    void defaultChartsOpenWithTheWorkload()
    {
        RunSet runs;
        runs.add(recordedWithWorkload("a"));
        QCOMPARE(DefaultCharts::metrics(runs),
                 (QStringList{QStringLiteral("workload.ops"), QStringLiteral("workload.rps"), QStringLiteral("cpu.busy"),
                              QStringLiteral("mem.available"), QStringLiteral("disk.util")}));
        // A preset with many metrics opens with its first three, the system charts still in sight.
        std::vector<MetricSpec> many{{"cpu.busy", "%", {"all"}, [](std::size_t, std::size_t) { return 1.0; }}};
        for (const char* id : {"workload.read_iops", "workload.write_iops", "workload.read_bw", "workload.write_bw", "workload.read_lat"})
            many.push_back({id, "ops/s", {""}, [](std::size_t, std::size_t) { return 1.0; }});
        RunSet fio;
        fio.add(makeRun(QStringLiteral("/fio"), "fio", 5, 1.0, many));
        QCOMPARE(DefaultCharts::metrics(fio),
                 (QStringList{QStringLiteral("workload.read_iops"), QStringLiteral("workload.write_iops"),
                              QStringLiteral("workload.read_bw"), QStringLiteral("cpu.busy")}));
    }

    void throughputUnits()
    {
        for (const char* unit : {"ops/s", "req/s", "tps", "qps", "TPS", "IOPS", "bytes/s", "queries/s"})
            QVERIFY2(WorkloadMetric::isThroughputUnit(QLatin1String(unit)), unit);
        for (const char* unit : {"ms", "us", "s", "", "/s", "ops", "%", "count"})
            QVERIFY2(!WorkloadMetric::isThroughputUnit(QLatin1String(unit)), unit);
    }
};

QTEST_GUILESS_MAIN(TestMetricTreeModel)
#include "tst_metrictreemodel.moc"
