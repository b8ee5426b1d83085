// Verdicts of a metric and of its instances must tell one story. The case users met: a program's
// thread hops between CPUs, so each CPU's series jumps between idle and busy while the aggregate
// stays level; after a change that cuts the work by 40 %, the aggregate's −40 % is real and one
// CPU's −48 % is "noise". Both verdicts are right (one CPU's series varies far more than the
// sum), but the table must say why, with the size of change the CPU's own variation hides, and
// point to the aggregate; the headline lists the aggregate's change, as the table judges it.
#include "RunFactory.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryTableModel.h"

#include <QTest>

namespace {

constexpr std::size_t kSeconds = 60;
constexpr std::size_t kCpus = 4;

// Every CPU idles at `idle` %; one busy thread adds `busy` % to the CPU it runs on. `onCpu(r)`
// says where the thread is in second r. A small deterministic jitter (of mean 0 over the minute)
// keeps the series from being flat.
RunPtr hoppingThreadRun(const std::string& name, double idle, double busy, std::function<std::size_t(std::size_t)> onCpu)
{
    const auto cpuValue = [=](std::size_t r, std::size_t cpu) {
        const double jitter = 0.2 * (double((r * 7 + cpu * 3) % 5) - 2.0);
        return idle + jitter + (onCpu(r) == cpu ? busy : 0.0);
    };
    return makeRun(QString::fromStdString("/runs/" + name + ".tar.gz"), name, kSeconds, 1.0,
                   {{"cpu.busy", "%", {"all", "cpu0", "cpu1", "cpu2", "cpu3"},
                     [cpuValue](std::size_t r, std::size_t i) {
                         if (i > 0)
                             return cpuValue(r, i - 1);
                         double sum = 0;
                         for (std::size_t cpu = 0; cpu < kCpus; ++cpu)
                             sum += cpuValue(r, cpu);
                         return sum / double(kCpus);
                     },
                     runlens::format::BetterDirection::Lower}});
}

SummaryReportPtr hoppingThreadReport()
{
    // Baseline: an 80 % thread, 15 s on each CPU in turn. Tuned: a 48 % thread (−40 % of the
    // work), 12 s on cpu0 at the end and 16 s on each of the others.
    const RunPtr baseline = hoppingThreadRun("baseline", 10, 80, [](std::size_t r) { return r / 15; });
    const RunPtr tuned = hoppingThreadRun("tuned", 6, 48, [](std::size_t r) { return r < 48 ? 1 + r / 16 : 0; });
    SummaryBuilder::Options options;
    options.instanceMetrics = {QStringLiteral("cpu.busy")};
    return std::make_shared<const SummaryReport>(SummaryBuilder::build(
        {{baseline, QStringLiteral("baseline"), {}, {}}, {tuned, QStringLiteral("tuned"), {}, {}}}, 0, options));
}

int rowOf(const SummaryReport& report, const QString& instance)
{
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        if (report.rows[i].instance == instance)
            return int(i);
    }
    return -1;
}

} // namespace

class TestVerdictConsistency : public QObject
{
    Q_OBJECT

private slots:
    void aggregateRealInstanceNoiseAndTheTableSaysWhy()
    {
        const SummaryReportPtr report = hoppingThreadReport();
        const int all = rowOf(*report, QStringLiteral("all"));
        const int cpu0 = rowOf(*report, QStringLiteral("cpu0"));
        QVERIFY(all >= 0 && cpu0 >= 0);
        const SummaryCell& aggregate = report->rows[std::size_t(all)].cells[1];
        const SummaryCell& instance = report->rows[std::size_t(cpu0)].cells[1];
        QVERIFY2(std::fabs(aggregate.deltaPercent + 40.0) < 1.0, qPrintable(QString::number(aggregate.deltaPercent)));
        QVERIFY2(instance.deltaPercent < -45.0, qPrintable(QString::number(instance.deltaPercent)));
        QCOMPARE(aggregate.verdict, Verdict::Improvement);
        // The same test and floor: one CPU's series varies between 10 % and 90 % in stretches of
        // 15 s, so a minute of it cannot show a change of this size.
        QCOMPARE(instance.verdict, Verdict::WithinNoise);
        QVERIFY(instance.estimate.tested);

        SummaryTableModel model;
        model.setReport(report);
        const QModelIndex delta = model.index(cpu0, 4);
        QCOMPARE(model.columnKind(4), SummaryTableModel::ColumnKind::Delta);
        // The Δ says how large a change this series' variation hides, not a bare "(noise)".
        const QString text = delta.data().toString();
        QVERIFY2(text.startsWith(QStringLiteral("-48 % (noise, ±")) && text.endsWith(QLatin1String(" %)")), qPrintable(text));
        const double band = text.mid(text.indexOf(QChar(0x00b1)) + 1).section(QLatin1Char(' '), 0, 0).toDouble();
        QVERIFY2(band > 48.0, qPrintable(text)); // wider than the change: that is why it is noise
        const QString tip = delta.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("varies too much")), qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("The aggregate (all) changed by -40 %, a real change")), qPrintable(tip));
        // A real change's Δ stays as it was.
        QCOMPARE(model.index(all, 4).data().toString(), QStringLiteral("-40 %"));

        // The Markdown of `runlens summary` carries the same band as the table.
        const QString markdown = QString::fromUtf8(SummaryExport::toMarkdown(*report));
        const QString noiseCell = QStringLiteral("(-48 %, within noise, ±%1 %)").arg(text.mid(text.indexOf(QChar(0x00b1)) + 1).section(QLatin1Char(' '), 0, 0));
        QVERIFY2(markdown.contains(noiseCell), qPrintable(noiseCell + QLatin1Char('\n') + markdown));
        QVERIFY2(markdown.contains(QLatin1String("(-40 %, improvement) |")), qPrintable(markdown));

        // The headline speaks of the metric, with the table's verdict: Better lists the aggregate.
        const std::vector<SummaryExport::HeadlineItem> better
            = SummaryExport::biggestChanges(*report, 1, Verdict::Improvement, 5);
        QCOMPARE(int(better.size()), 1);
        QCOMPARE(better.front().row, all);
        QCOMPARE(better.front().text, QStringLiteral("cpu.busy -40 %"));
        QVERIFY(SummaryExport::biggestChanges(*report, 1, Verdict::Regression, 5).empty());
    }

    // A change below the practical floor is unchanged on every row, and the tooltip names the floor.
    void belowTheFloorIsUnchangedAndSaysSo()
    {
        const RunPtr baseline = hoppingThreadRun("baseline", 10, 80, [](std::size_t) { return 0; });
        const RunPtr same = hoppingThreadRun("same", 10.05, 80, [](std::size_t) { return 0; });
        SummaryBuilder::Options options;
        options.instanceMetrics = {QStringLiteral("cpu.busy")};
        const auto report = std::make_shared<const SummaryReport>(SummaryBuilder::build(
            {{baseline, QStringLiteral("baseline"), {}, {}}, {same, QStringLiteral("same"), {}, {}}}, 0, options));
        const int cpu1 = rowOf(*report, QStringLiteral("cpu1"));
        QCOMPARE(report->rows[std::size_t(cpu1)].cells[1].verdict, Verdict::Unchanged);
        SummaryTableModel model;
        model.setReport(report);
        const QString tip = model.index(cpu1, 4).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("below the practical floor")), qPrintable(tip));
    }
};

QTEST_GUILESS_MAIN(TestVerdictConsistency)
#include "tst_verdictconsistency.moc"
