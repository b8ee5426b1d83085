// The use-case requests both front ends share: SummaryRequest (windows from a RunSet, repeat
// groups from tags, price-performance as the summary view's table computes it) and
// FlameGraphRequest (the range on the shared axis in each run's own clock, differential trees).
#include "ProfileBuilder.h"
#include "RunFactory.h"
#include "RunSet.h"
#include "profile/FlameGraphRequest.h"
#include "summary/SummaryRequest.h"

#include <QFile>
#include <QTest>

namespace {

std::vector<MetricSpec> metrics(double level)
{
    return {{"cpu.user", "%", {"all", "cpu0"}, [level](std::size_t r, std::size_t) { return level + double(r % 3); }}};
}

// A run on an EC2 instance type, tagged into a repeat group; samples of "main;work" every 100 ms
// (and "main;idle" in its second half) when `profiled`.
RunPtr makeTaggedRun(const QString& path, const std::string& name, double level, const std::string& instanceType,
                     const std::string& group, bool profiled = false)
{
    return makeRun(path, name, 60, 1.0, metrics(level), 1'700'000'000'000LL, [&](runlens::format::RunArchive& archive) {
        archive.manifest["run"]["tags"] = {{"variant", "ignored-when-group-is-set"}, {"group", group}};
        archive.manifest["ec2"] = {{"available", true}, {"instance_type", instanceType}};
        if (!profiled)
            return;
        runlens::format::ProfileBuilder builder;
        const std::uint32_t main = builder.stack(runlens::format::kNoStack,
                                                 builder.frame("main", "app", runlens::format::FrameKind::User));
        const std::uint32_t work = builder.stack(main, builder.frame("work", "app", runlens::format::FrameKind::User));
        const std::uint32_t idle = builder.stack(main, builder.frame("idle", "app", runlens::format::FrameKind::User));
        for (int i = 0; i < 600; ++i)
            builder.sample(std::int64_t(i) * 100'000'000, 0, 1, 1, i >= 300 && i % 2 ? idle : work);
        archive.profile = builder.take(false);
    });
}

} // namespace

class TestRequests : public QObject
{
    Q_OBJECT

private slots:
    void summaryInputsFollowTheRunSet()
    {
        RunSet runs;
        runs.add(makeTaggedRun(QStringLiteral("/a.tar.gz"), "a", 10, "m7i.xlarge", "g1"));
        runs.add(makeTaggedRun(QStringLiteral("/b.tar.gz"), "b", 20, "m7g.xlarge", "g1"));
        runs.setDisplayName(1, QStringLiteral("tuned"));
        runs.setOffset(1, 5.0);
        runs.setTrim(0, std::pair{2.0, 40.0});

        // No selection: each run's trim window, else all of it.
        SummaryRequest request = SummaryRequest::forRunSet(runs, std::nullopt);
        QCOMPARE(request.runs.size(), std::size_t(2));
        QCOMPARE(request.runs[0].name, QStringLiteral("a"));
        QCOMPARE(request.runs[1].name, QStringLiteral("tuned"));
        QVERIFY(request.runs[0].window == (TimeWindow{std::pair{2.0, 40.0}}));
        QVERIFY(!request.runs[1].window);
        QCOMPARE(request.runs[0].repeatGroup, QStringLiteral("g1"));
        QCOMPARE(request.baseline, 0);

        // A selection on the shared axis is each run's own time minus its offset, trim or not.
        request = SummaryRequest::forRunSet(runs, std::pair{10.0, 30.0});
        QVERIFY(request.runs[0].window == (TimeWindow{std::pair{10.0, 30.0}}));
        QVERIFY(request.runs[1].window == (TimeWindow{std::pair{5.0, 25.0}}));
        const SummaryReport report = request.run();
        QCOMPARE(report.runs.size(), std::size_t(2));
        QVERIFY(report.row(QStringLiteral("cpu.user")));
        QVERIFY(report.pricePerformance.isEmpty()); // not asked for
    }

    void pricePerformanceAsTheTableComputesIt()
    {
        QFile file(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/ec2-prices.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        auto table = std::make_shared<PriceTable>();
        QVERIFY(table->load(file.readAll(), nullptr));

        SummaryRequest request;
        const RunPtr base = makeTaggedRun(QStringLiteral("/a.tar.gz"), "base", 10, "m7i.xlarge", "");
        const RunPtr tuned = makeTaggedRun(QStringLiteral("/b.tar.gz"), "tuned", 20, "m7g.xlarge", "");
        request.runs = {SummaryRequest::input(base, QStringLiteral("base"), std::nullopt),
                        SummaryRequest::input(tuned, QStringLiteral("tuned"), std::nullopt)};
        PricePerformanceEntry first;
        first.throughput = 40000;
        PricePerformanceEntry second;
        second.throughput = 48000;
        request.prices = SummaryRequest::PriceInputs{{first, second}, table};
        const PricePerformanceReport fromRequest = request.run().pricePerformance;

        PricePerformanceModel model;
        QVERIFY(model.setPriceTable(file.seek(0) ? file.readAll() : QByteArray(), nullptr));
        model.setRuns({QStringLiteral("base"), QStringLiteral("tuned")},
                      {QStringLiteral("m7i.xlarge"), QStringLiteral("m7g.xlarge")}, 0);
        QVERIFY(model.setData(model.index(0, PricePerformanceModel::ThroughputColumn), QStringLiteral("40000")));
        QVERIFY(model.setData(model.index(1, PricePerformanceModel::ThroughputColumn), QStringLiteral("48000")));
        const PricePerformanceReport& fromModel = model.report();

        QCOMPARE(fromRequest.runs.size(), std::size_t(2));
        for (std::size_t r = 0; r < 2; ++r) {
            QCOMPARE(fromRequest.runs[r].instanceType, fromModel.runs[r].instanceType);
            QCOMPARE(fromRequest.runs[r].hourlyPrice, fromModel.runs[r].hourlyPrice);
            QVERIFY(fromRequest.runs[r].source == PriceSource::Table);
            QCOMPARE(fromRequest.runs[r].result.costPer100k, fromModel.runs[r].result.costPer100k);
        }
        // 0.2016 × 100,000 / 40,000 = 0.504; 0.1632 × 100,000 / 48,000 = 0.34.
        QCOMPARE(PricePerformance::costText(fromRequest.runs[0]), QStringLiteral("0.5040"));
        QCOMPARE(PricePerformance::costText(fromRequest.runs[1]), QStringLiteral("0.3400"));
        QCOMPARE(fromRequest.tableDate, table->date());
    }

    void flameGraphOfTheSelectedRange()
    {
        RunSet runs;
        runs.add(makeTaggedRun(QStringLiteral("/a.tar.gz"), "base", 10, "", "", true));
        runs.add(makeTaggedRun(QStringLiteral("/b.tar.gz"), "tuned", 10, "", "", true));
        runs.setOffset(1, 10.0);

        FlameGraphRequest request;
        request.selected = runs.at(1);
        QCOMPARE(request.run().selectedSamples, std::uint64_t(600));
        QCOMPARE(request.run().selectedName, QStringLiteral("tuned"));

        // 40 s..50 s on the shared axis is 30 s..40 s of the tuned run: its second half, 100 samples.
        request.range = std::pair{40.0, 50.0};
        const StackTreeFilter filter = FlameGraphRequest::filterFor(request.selected, request.range);
        QVERIFY(filter.timeNs == (std::pair<std::int64_t, std::int64_t>{30'000'000'000LL, 40'000'000'000LL}));
        const FlameGraph graph = request.run();
        QCOMPARE(graph.selectedSamples, std::uint64_t(100));
        QVERIFY(!graph.tree->isDiff());
        QCOMPARE(graph.tree->node(*graph.tree->find({"main", "idle"})).total, std::uint64_t(50));

        // Against the baseline over the same shared range (its own 40 s..50 s): a differential tree.
        request.baseline = runs.at(0);
        const FlameGraph diff = request.run();
        QVERIFY(diff.tree->isDiff());
        QCOMPARE(diff.baselineName, QStringLiteral("base"));
        QCOMPARE(diff.tree->baselineSamples(), std::uint64_t(100));
    }
};

QTEST_GUILESS_MAIN(TestRequests)
#include "tst_requests.moc"
