#include "ChartGrid.h"
#include "MainWindow.h"
#include "RunFactory.h"
#include "RunLoader.h"
#include "RunSet.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"
#include "MetricBrowser.h"
#include "UnitFormat.h"
#include "WorkloadArchive.h"
#include "summary/Comparability.h"
#include "summary/FindingRules.h"
#include "summary/HeadlinePanel.h"
#include "summary/HostFactsModel.h"
#include "summary/HostFactsView.h"
#include "summary/LiveSummary.h"
#include "summary/PricePerformance.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryExport.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTable.h"
#include "summary/SummaryTableModel.h"
#include "summary/SummaryView.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QUrl>

#include <algorithm>
#include <functional>
#include <tuple>

using runlens::format::BetterDirection;

namespace {

QByteArray resource(const char* name)
{
    QFile file(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/") + QLatin1String(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", name);
    return file.readAll();
}

// Three runs on "different hosts": IPC up (higher is better), latency up (lower is better), a
// metric that only moves within its noise, with findings and comparability warnings.
SummaryReportPtr syntheticReport()
{
    const auto make = [](const std::string& name, double ipc, double await, double shift) {
        return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                       {{"cpu.idle", "%", {"all"}, [](std::size_t r, std::size_t) { return 60.0 + double(r % 5); }},
                        {"pmu.ipc", "ratio", {"all"}, [ipc](std::size_t r, std::size_t) { return ipc + 0.01 * double(r % 3); },
                         BetterDirection::Higher},
                        {"disk.await", "ms", {"all"}, [await](std::size_t r, std::size_t) { return await + 0.1 * double(r % 2); },
                         BetterDirection::Lower},
                        {"net.rx_drops", "/s", {"all"},
                         [shift](std::size_t r, std::size_t) { return 100.0 + shift + 30.0 * std::sin(double(r) * 2.1); },
                         BetterDirection::Lower}});
    };
    std::vector<SummaryRunInput> runs;
    for (const RunPtr& run : {make("baseline", 1.0, 2.0, 0), make("tuned", 1.25, 3.0, 1)})
        runs.push_back({run, run->name(), std::nullopt, {}});
    FindingRules rules;
    rules.load(resource("findings.json"), nullptr);
    SummaryBuilder::Options options;
    options.rules = &rules;
    SummaryReport report = SummaryBuilder::build(runs, 0, options);
    Comparability comparability;
    comparability.load(resource("comparability.json"), nullptr);
    Comparability::Facts a{{QStringLiteral("EC2"), {{QStringLiteral("instance_type"), QStringLiteral("m7i.xlarge")}}},
                           {QStringLiteral("Host"), {{QStringLiteral("cpus_online"), QStringLiteral("4")},
                                                     {QStringLiteral("sockets"), QStringLiteral("1")}}}};
    Comparability::Facts b{{QStringLiteral("EC2"), {{QStringLiteral("instance_type"), QStringLiteral("m7g.xlarge")}}},
                           {QStringLiteral("Host"), {{QStringLiteral("cpus_online"), QStringLiteral("4")},
                                                     {QStringLiteral("sockets"), QStringLiteral("1")}}}};
    report.comparability = comparability.compare({a, b}, {QStringLiteral("baseline"), QStringLiteral("tuned")});
    return std::make_shared<const SummaryReport>(std::move(report));
}

// One run of a benchmark recorded with its workload: throughput, p95 latency, IPC and disk latency.
RunPtr workloadRun(const std::string& name, double tps, double latency, double ipc, double await)
{
    std::vector<double> printed;
    for (int s = 0; s < 59; ++s)
        printed.push_back(0.7 + s);
    return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                   {{"pmu.ipc", "ratio", {"all"}, [ipc](std::size_t r, std::size_t) { return ipc + 0.001 * double(r % 3); },
                     BetterDirection::Higher},
                    {"disk.await", "ms", {"all"}, [await](std::size_t r, std::size_t) { return await + 0.01 * double(r % 2); },
                     BetterDirection::Lower},
                    {"workload.tps", "tps", {""}, [tps](std::size_t r, std::size_t) { return tps + double(r % 3); },
                     BetterDirection::Higher, runlens::format::MetricScope::Series, printed, "Throughput"},
                    {"workload.latency_p95", "ms", {""}, [latency](std::size_t r, std::size_t) { return latency + 0.01 * double(r % 2); },
                     BetterDirection::Lower, runlens::format::MetricScope::Series, printed, "p95 latency"}});
}

// A benchmark recorded with its workload on two Graviton hosts: throughput 40,000 → 48,000 tps
// (+20 %), p95 latency 10 → 8 ms (−20 %), IPC 1.0 → 1.1 (+10 %) and disk latency 2 → 3 ms (+50 %).
SummaryReportPtr workloadReport()
{
    const auto make = workloadRun;
    std::vector<SummaryRunInput> runs;
    for (const RunPtr& run : {make("baseline", 40000, 10, 1.0, 2.0), make("tuned", 48000, 8, 1.1, 3.0)})
        runs.push_back({run, run->name(), std::nullopt, {}});
    SummaryReport report = SummaryBuilder::build(runs, 0, {});
    Comparability comparability;
    comparability.load(resource("comparability.json"), nullptr);
    const Comparability::Facts graviton{{QStringLiteral("EC2"), {{QStringLiteral("instance_type"), QStringLiteral("m7g.xlarge")}}}};
    report.comparability = comparability.compare({graviton, graviton}, {QStringLiteral("baseline"), QStringLiteral("tuned")});
    return std::make_shared<const SummaryReport>(std::move(report));
}

// The colour the headline shows `text` in.
QColor headlineColourOf(QTextBrowser* headline, const QString& text)
{
    const QTextCursor found = headline->document()->find(text);
    return found.isNull() ? QColor() : found.charFormat().foreground().color();
}

// Shows `report` on the price-performance tab, prices from the bundled EC2 table.
void showPricePerformance(SummaryView& view, SummaryReportPtr report)
{
    view.resize(1100, 520);
    QString error;
    if (!view.setPriceTable(resource("ec2-prices.json"), &error))
        qFatal("%s", qPrintable(error));
    view.setReport(std::move(report));
    view.tabs()->setCurrentWidget(view.pricePerformance());
    view.show();
}

// Types into a cell as a user does: edit, select all, type, Return. The delegate commits on the
// next turn of the event loop, when it closes the editor: this waits for that.
void typeInto(QTableView* table, const QModelIndex& index, const QString& text)
{
    table->setCurrentIndex(index);
    table->edit(index);
    auto* editor = table->viewport()->findChild<QLineEdit*>();
    QVERIFY(editor);
    editor->selectAll();
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_VERIFY(!table->viewport()->findChild<QLineEdit*>() || !table->viewport()->findChild<QLineEdit*>()->isVisible());
}

// Opens the demo pair in a main window and waits until it is loaded.
bool openDemo(MainWindow& window)
{
    QSignalSpy finished(&window, &MainWindow::loadingFinished);
    window.openRuns({QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz"),
                     QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz")});
    return finished.wait(120000) && window.runSet()->count() == 2;
}

int chartIndexOf(const ChartGrid& grid, const QString& metricId)
{
    const auto charts = grid.charts();
    for (int i = 0; i < int(charts.size()); ++i) {
        if (charts[std::size_t(i)].first == metricId)
            return i;
    }
    return -1;
}

// Four CPUs and one busy thread hopping between them, 15 s on each (baseline, 80 %), or 12 s on
// cpu0 and 16 s on each other CPU (tuned, 48 %): the aggregate falls 40 %, cpu0 48 % within its noise.
SummaryReportPtr hoppingThreadReport()
{
    const auto make = [](const std::string& name, double idle, double busy, std::function<std::size_t(std::size_t)> onCpu) {
        const auto cpu = [=](std::size_t r, std::size_t c) {
            return idle + 0.2 * (double((r * 7 + c * 3) % 5) - 2.0) + (onCpu(r) == c ? busy : 0.0);
        };
        return makeRun(QString::fromStdString("/" + name), name, 60, 1.0,
                       {{"cpu.busy", "%", {"all", "cpu0", "cpu1", "cpu2", "cpu3"},
                         [cpu](std::size_t r, std::size_t i) {
                             return i > 0 ? cpu(r, i - 1) : (cpu(r, 0) + cpu(r, 1) + cpu(r, 2) + cpu(r, 3)) / 4.0;
                         },
                         BetterDirection::Lower, runlens::format::MetricScope::Series, {}, "Busy CPU"}});
    };
    const RunPtr baseline = make("baseline", 10, 80, [](std::size_t r) { return r / 15; });
    const RunPtr tuned = make("tuned", 6, 48, [](std::size_t r) { return r < 48 ? 1 + r / 16 : 0; });
    SummaryBuilder::Options options;
    options.instanceMetrics = {QStringLiteral("cpu.busy")};
    return std::make_shared<const SummaryReport>(SummaryBuilder::build(
        {{baseline, QStringLiteral("baseline"), {}, {}}, {tuned, QStringLiteral("tuned"), {}, {}}}, 0, options));
}

int viewRowOf(const SummaryTable& table, const QString& metricId)
{
    for (int r = 0; r < table.filterModel()->rowCount(); ++r) {
        if (table.filterModel()->index(r, 0).data(SummaryTableModel::MetricIdRole).toString() == metricId)
            return r;
    }
    return -1;
}

} // namespace

class TestSummaryView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Saving a session records it in the recent files: keep that out of the user's settings.
        QCoreApplication::setOrganizationName(QStringLiteral("RunlensTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_summaryview"));
        QSettings().clear();
    }

    void coloursFollowTheBetterDirection()
    {
        SummaryView view;
        view.setReport(syntheticReport());
        SummaryTable* table = view.table();
        QAbstractItemModelTester tester(table->filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int deltaColumn = 4; // Metric, Category, baseline, tuned, Δ tuned
        QCOMPARE(table->tableModel()->columnKind(deltaColumn), SummaryTableModel::ColumnKind::Delta);
        const auto colourOf = [&](const char* metric) {
            return table->cellColour(table->filterModel()->index(viewRowOf(*table, QLatin1String(metric)), deltaColumn));
        };
        // IPC rose: higher is better, green. Latency rose: lower is better, red. Drops moved within noise: grey.
        QCOMPARE(colourOf("pmu.ipc"), SummaryTable::verdictColour(Verdict::Improvement));
        QCOMPARE(colourOf("disk.await"), SummaryTable::verdictColour(Verdict::Regression));
        QCOMPARE(colourOf("net.rx_drops"), SummaryTable::verdictColour(Verdict::WithinNoise));
        QVERIFY(SummaryTable::verdictColour(Verdict::Improvement).green() > SummaryTable::verdictColour(Verdict::Improvement).red());
        QVERIFY(SummaryTable::verdictColour(Verdict::Regression).red() > SummaryTable::verdictColour(Verdict::Regression).green());
        // A value column keeps the text colour.
        QCOMPARE(table->cellColour(table->filterModel()->index(0, 3)), table->view()->palette().color(QPalette::Text));
    }

    // Type throughputs into the price-performance table: the prices come from the EC2 table by
    // instance type (m7i.xlarge 0.2016 $/h, m7g.xlarge 0.1632 $/h), the costs follow.
    void pricePerformanceTypedAndScreenshot()
    {
        SummaryView view;
        showPricePerformance(view, syntheticReport());
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView* table = view.pricePerformance()->view();
        PricePerformanceModel* model = view.pricePerformance()->model();
        using M = PricePerformanceModel;
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->index(0, M::PriceColumn).data().toString(), QStringLiteral("0.2016"));
        const QString tip = model->index(1, M::PriceColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("2024-06-01")) && tip.contains(QLatin1String("m7g.xlarge")), qPrintable(tip));
        QCOMPARE(model->index(1, M::RelativeColumn).data().toString(), QStringLiteral("baseline has no throughput"));
        const auto type = [&](int row, int column, const QString& text) { typeInto(table, model->index(row, column), text); };
        type(0, M::ThroughputColumn, QStringLiteral("40000"));
        type(1, M::ThroughputColumn, QStringLiteral("48000"));
        // 0.2016 × 100,000 / 40,000 = 0.504; 0.1632 × 100,000 / 48,000 = 0.34: 32.5 % cheaper, green.
        QCOMPARE(model->index(0, M::CostColumn).data().toString(), QStringLiteral("0.5040"));
        QCOMPARE(model->index(1, M::CostColumn).data().toString(), QStringLiteral("0.3400"));
        QCOMPARE(model->index(1, M::RelativeColumn).data().toString(), QStringLiteral("-32.5 %"));
        QCOMPARE(PricePerformancePanel::costColour(model->index(1, M::RelativeColumn)),
                 SummaryTable::verdictColour(Verdict::Improvement));
        QVERIFY(!PricePerformancePanel::costColour(model->index(0, M::RelativeColumn)).isValid());
        QVERIFY(view.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-price-performance.png")));
        // A typed price overrides the table: dearer than the baseline now, red.
        type(1, M::PriceColumn, QStringLiteral("0.4"));
        QCOMPARE(model->index(1, M::CostColumn).data().toString(), QStringLiteral("0.8333"));
        QCOMPARE(model->index(1, M::RelativeColumn).data().toString(), QStringLiteral("+65.3 %"));
        QCOMPARE(PricePerformancePanel::costColour(model->index(1, M::RelativeColumn)),
                 SummaryTable::verdictColour(Verdict::Regression));
        QVERIFY(model->index(1, M::PriceColumn).data(Qt::ToolTipRole).toString().contains(QLatin1String("given")));
    }

    void headlineWarningsFindingsAndScreenshot()
    {
        SummaryView view;
        view.resize(1100, 720);
        view.setReport(syntheticReport());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString text = view.headline()->plainText();
        QVERIFY2(text.startsWith(QLatin1String("These runs may not be comparable")), qPrintable(text));
        QVERIFY(text.indexOf(QLatin1String("instance type")) < text.indexOf(QLatin1String("tuned against baseline")));
        QVERIFY2(text.contains(QLatin1String("Better: pmu.ipc +25 %")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Worse: disk.await +49 %")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("CPUs were idle")));
        QCOMPARE(view.tabs()->tabText(1), QStringLiteral("Hosts (1 warning(s))"));
        QVERIFY(view.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-view-synthetic.png")));
        view.tabs()->setCurrentIndex(1);
        QCOMPARE(view.hostFacts()->model()->rowCount(), 1); // only the instance type differs
        view.hostFacts()->onlyDifferencesBox()->setChecked(false);
        QCOMPARE(view.hostFacts()->model()->rowCount(), 3);
    }

    // The headline and its findings are shown whole without scrolling: at the page's size, after a
    // resize, and for a new report; a very long list leaves the table half of the page or twelve
    // lines; once the user has dragged the divider, their height stays.
    void headlineIsShownWholeWithoutScrolling()
    {
        SummaryView view;
        view.resize(900, 520);
        view.setReport(syntheticReport());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto* splitter = view.findChild<QSplitter*>();
        QVERIFY(splitter);
        QScrollBar* scroll = view.headline()->verticalScrollBar();
        QVERIFY2(view.headline()->plainText().contains(QLatin1String("CPUs were idle")), qPrintable(view.headline()->plainText()));
        QCOMPARE(scroll->maximum(), 0);
        QVERIFY(view.tabs()->height() > view.headline()->height());

        // Narrower: the text wraps onto more lines, and the headline grows with it.
        const int wide = view.headline()->height();
        view.resize(420, 520);
        QTRY_COMPARE(scroll->maximum(), 0);
        QVERIFY2(view.headline()->height() > wide, qPrintable(QStringLiteral("%1 <= %2").arg(view.headline()->height()).arg(wide)));
        QVERIFY(view.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-headline-narrow.png")));

        // Forty findings do not fit: the headline stops where the table would get less than half of
        // the page or twelve lines, whichever is less, and scrolls.
        SummaryReport crowded = *syntheticReport();
        for (int i = 0; i < 40; ++i)
            crowded.findings.push_back(crowded.findings.front());
        view.resize(900, 520);
        view.setReport(std::make_shared<const SummaryReport>(crowded));
        QTRY_VERIFY(scroll->maximum() > 0);
        const int total = splitter->height() - splitter->handleWidth();
        const int tableShare = std::min(total / 2, 12 * view.headline()->fontMetrics().lineSpacing());
        QVERIFY2(std::abs(view.headline()->height() - (total - tableShare)) <= 2,
                 qPrintable(QStringLiteral("headline %1 of %2").arg(view.headline()->height()).arg(total)));

        // The user's divider wins over the fit.
        splitter->setSizes({100, total - 100});
        emit splitter->splitterMoved(100, 1);
        view.setReport(syntheticReport());
        view.resize(900, 560);
        QCOMPARE(view.headline()->height(), 100);
    }

    // Hosts tab: each run's column fits its values (a CPU model is not cut to "Intel(R) Xeon(R..."),
    // the section and fact names too, with the filter on and off; a very long value stops at a cap.
    void hostColumnsFitTheirContents()
    {
        Comparability comparability;
        comparability.load(resource("comparability.json"), nullptr);
        const QString cpuModel = QStringLiteral("Intel(R) Xeon(R) Platinum 8488C CPU @ 2.40GHz");
        const QString commandLine = QStringLiteral("BOOT_IMAGE=/vmlinuz-6.1.0-18-cloud-amd64 root=PARTUUID=0f1c2e3d-01 ro "
                                                   "console=tty0 console=ttyS0,115200 earlyprintk=ttyS0,115200 "
                                                   "consoleblank=0 transparent_hugepage=madvise");
        const auto facts = [&](const QString& model, const QString& kernel, const QString& cmdline) {
            return Comparability::Facts{{QStringLiteral("Host"), {{QStringLiteral("cpu_model"), model},
                                                                  {QStringLiteral("kernel"), kernel},
                                                                  {QStringLiteral("kernel_command_line"), cmdline},
                                                                  {QStringLiteral("sockets"), QStringLiteral("1")}}}};
        };
        const QStringList names{QStringLiteral("baseline-x86"), QStringLiteral("tuned-graviton"), QStringLiteral("tuned-graviton-2")};
        const ComparabilityReport report = comparability.compare(
            {facts(cpuModel, QStringLiteral("6.1.0-18-cloud-amd64"), commandLine),
             facts(QStringLiteral("Neoverse-V1"), QStringLiteral("6.1.0-18-cloud-arm64"), QStringLiteral("ro")),
             facts(QStringLiteral("Neoverse-V1"), QStringLiteral("6.1.0-18-cloud-arm64"), QStringLiteral("ro quiet"))},
            names);
        HostFactsView view;
        view.resize(1280, 260);
        view.setFacts(report, names);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView* table = view.view();
        const auto checkFitted = [&](const char* when) {
            QCOMPARE(table->model()->columnCount(), 5);
            // Every column but the last, which stretches over what is left.
            for (int column = 0; column < 4; ++column) {
                const int wanted = std::min(std::max(static_cast<QAbstractItemView*>(table)->sizeHintForColumn(column),
                                                     table->horizontalHeader()->sectionSizeHint(column)),
                                            view.maximumColumnWidth());
                QVERIFY2(table->columnWidth(column) == wanted,
                         qPrintable(QStringLiteral("%1: column %2 is %3 px, its contents %4 px")
                                        .arg(when)
                                        .arg(column)
                                        .arg(table->columnWidth(column))
                                        .arg(wanted)));
            }
        };
        checkFitted("only differences");
        if (QTest::currentTestFailed())
            return; // a failure inside the check above
        // The CPU model is whole; the command line stops at the cap, whole in its tooltip.
        QVERIFY(table->columnWidth(2) > table->fontMetrics().horizontalAdvance(cpuModel));
        QCOMPARE(table->columnWidth(2), std::min(static_cast<QAbstractItemView*>(table)->sizeHintForColumn(2), view.maximumColumnWidth()));
        QVERIFY(static_cast<QAbstractItemView*>(table)->sizeHintForColumn(2) > view.maximumColumnWidth());
        QVERIFY(view.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-hosts-columns.png")));
        view.onlyDifferencesBox()->setChecked(false);
        checkFitted("all facts");
        if (QTest::currentTestFailed())
            return; // a failure inside the check above
    }

    // One CPU's −48 % within noise under the aggregate's real −40 %: the table shows how large a
    // change that CPU's variation hides, greys it, and the headline names the aggregate's change.
    void instanceNoiseUnderARealAggregateIsExplained()
    {
        SummaryView view;
        view.resize(1100, 560);
        view.setReport(hoppingThreadReport());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        SummaryTable* table = view.table();
        const int deltaColumn = 4;
        QCOMPARE(table->tableModel()->columnKind(deltaColumn), SummaryTableModel::ColumnKind::Delta);
        int aggregate = -1;
        int cpu0 = -1;
        for (int r = 0; r < table->filterModel()->rowCount(); ++r) {
            const QString name = table->filterModel()->index(r, 0).data().toString();
            if (name == QLatin1String("Busy CPU"))
                aggregate = r;
            if (name == QStringLiteral("↳ Busy CPU [cpu0]"))
                cpu0 = r;
        }
        QVERIFY2(aggregate >= 0 && cpu0 >= 0, qPrintable(QString::number(table->filterModel()->rowCount())));
        const QModelIndex noise = table->filterModel()->index(cpu0, deltaColumn);
        QVERIFY2(noise.data().toString().startsWith(QStringLiteral("-48 % (noise, ±")), qPrintable(noise.data().toString()));
        QCOMPARE(table->cellColour(noise), SummaryTable::verdictColour(Verdict::WithinNoise));
        const QModelIndex real = table->filterModel()->index(aggregate, deltaColumn);
        QCOMPARE(real.data().toString(), QStringLiteral("-40 %"));
        QCOMPARE(table->cellColour(real), SummaryTable::verdictColour(Verdict::Improvement));
        const QString tip = noise.data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("The aggregate (all) changed by -40 %, a real change")), qPrintable(tip));
        const QString headline = view.headline()->plainText();
        QVERIFY2(headline.contains(QLatin1String("Better: Busy CPU -40 %")), qPrintable(headline));
        QVERIFY2(!headline.contains(QLatin1String("-48")), qPrintable(headline));
        QVERIFY(view.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-view-instance-noise.png")));
    }

    void filtersSearchAndClicks()
    {
        SummaryView view;
        view.resize(900, 600);
        view.setReport(syntheticReport());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        SummaryTable* table = view.table();
        QCOMPARE(table->filterModel()->rowCount(), 4);
        table->onlySignificantBox()->setChecked(true);
        QCOMPARE(table->filterModel()->rowCount(), 2); // IPC and latency; idle is unchanged, drops are noise
        table->onlySignificantBox()->setChecked(false);
        QTest::keyClicks(table->searchField(), QStringLiteral("await"));
        QCOMPARE(table->filterModel()->rowCount(), 1);

        QSignalSpy activated(&view, &SummaryView::metricActivated);
        const QRect cell = table->view()->visualRect(table->filterModel()->index(0, 0));
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), QStringLiteral("disk.await"));

        const QByteArray csv = table->visibleRowsAsCsv();
        QCOMPARE(csv.count('\n'), 2);
        QVERIFY(csv.contains("\ndisk.await,all,"));
        table->copyMarkdownAction()->trigger();
        QVERIFY2(QApplication::clipboard()->text().contains(QLatin1String("| disk.await (`disk.await`) |")),
                 qPrintable(QApplication::clipboard()->text()));
    }

    void mainWindowShowsTheSummaryOfTheDemo()
    {
        MainWindow window;
        window.resize(1400, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openRuns({QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz"),
                         QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz")});
        QVERIFY(finished.wait(120000));
        QCOMPARE(window.runSet()->count(), 2);
        QVERIFY(window.summaryDock()->isVisible());
        // A selection is the window the summary uses.
        window.timeController()->setSelection(std::make_pair(5.0, 15.0));
        window.liveSummary()->rebuildNow();
        const SummaryReportPtr report = window.liveSummary()->report();
        QVERIFY(report);
        QCOMPARE(report->runs.size(), std::size_t(2));
        QCOMPARE(report->runs[0].window, TimeWindow(std::make_pair(5.0, 15.0)));
        QVERIFY(report->rows.size() > 300);
        QVERIFY(report->comparability.warnings.empty());
        SummaryTable* table = window.summaryView()->table();
        QCOMPARE(table->tableModel()->rowCount(), int(report->rows.size()));

        // A click on a metric's row shows its chart.
        table->searchField()->setText(QStringLiteral("psi.cpu.some"));
        QCOMPARE(table->filterModel()->rowCount(), 1);
        const auto before = window.chartGrid()->charts();
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {},
                          table->view()->visualRect(table->filterModel()->index(0, 0)).center());
        const auto after = window.chartGrid()->charts();
        bool shown = false;
        for (const auto& chart : after)
            shown = shown || chart.first == QLatin1String("psi.cpu.some");
        QVERIFY(shown);
        QVERIFY(after.size() >= before.size());
        table->searchField()->clear();
        QTest::qWait(50);
        // At the default layout the headline is read whole, down to its findings, without scrolling.
        HeadlinePanel* headline = window.summaryView()->headline();
        QVERIFY2(headline->plainText().contains(QLatin1String("findings"), Qt::CaseInsensitive), qPrintable(headline->plainText()));
        QTRY_COMPARE(headline->verticalScrollBar()->maximum(), 0);
        QVERIFY(window.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-summary-demo.png")));
        // And on a laptop's screen, where the table needs every row the headline does not.
        window.resize(1280, 720);
        QTRY_COMPARE(headline->verticalScrollBar()->maximum(), 0);
        QVERIFY2(headline->height() <= headline->contentHeight() + 2,
                 qPrintable(QStringLiteral("%1 px for %2 px of text").arg(headline->height()).arg(headline->contentHeight())));
        QVERIFY(window.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-summary-demo-1280x720.png")));
    }

    // Double-click on a metric with instances: the report is rebuilt in the background with a row per
    // CPU under the metric's own row; the context menu's checked action takes them away again.
    void perInstanceRowsOnDemand()
    {
        MainWindow window;
        window.resize(1400, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openDemo(window));
        LiveSummary* live = window.liveSummary();
        live->rebuildNow();
        SummaryTable* table = window.summaryView()->table();
        const int before = table->tableModel()->rowCount();
        const int row = viewRowOf(*table, QStringLiteral("cpu.user"));
        QVERIFY(row >= 0);
        const QModelIndex metric = table->filterModel()->index(row, 0);
        QCOMPARE(metric.data(SummaryTableModel::InstanceCountRole).toInt(), 2); // the demo host has two CPUs
        QVERIFY(metric.data(Qt::ToolTipRole).toString().contains(QLatin1String("2 instance(s)")));
        table->view()->scrollTo(metric, QAbstractItemView::PositionAtTop);

        QSignalSpy changed(live, &LiveSummary::reportChanged);
        QSignalSpy asked(window.summaryView(), &SummaryView::instanceMetricsChanged);
        // What a mouse sends for a double-click: press, release, double-click, release.
        const QPoint centre = table->view()->visualRect(metric).center();
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseDClick(table->view()->viewport(), Qt::LeftButton, {}, centre);
        QTest::mouseRelease(table->view()->viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(asked.size(), 1);
        QCOMPARE(live->instanceMetrics(), QStringList{QStringLiteral("cpu.user")});
        QVERIFY(live->isBusy()); // computed off the GUI thread, after the usual short delay
        QVERIFY(changed.wait(120000));
        QCOMPARE(table->tableModel()->rowCount(), before + 2);

        // The two rows right under cpu.user, with the statistics of each CPU alone.
        const SummaryReport& report = *live->report();
        const std::vector<SummaryRunInput> inputs = live->inputs();
        const int viewRow = viewRowOf(*table, QStringLiteral("cpu.user"));
        const QString title = report.row(QStringLiteral("cpu.user"))->title;
        for (int cpu = 0; cpu < 2; ++cpu) {
            const QString instance = QStringLiteral("cpu%1").arg(cpu);
            const QModelIndex name = table->filterModel()->index(viewRow + 1 + cpu, 0);
            QCOMPARE(name.data().toString(), QStringLiteral("↳ %1 [%2]").arg(title, instance));
            QCOMPARE(name.data(SummaryTableModel::InstanceRole).toString(), instance);
            const SummaryRow& shown = report.rows[std::size_t(name.data(SummaryTableModel::ReportRowRole).toInt())];
            QCOMPARE(shown.name(), QStringLiteral("cpu.user[%1]").arg(instance));
            const SummaryRow expected = SummaryBuilder::buildRow(inputs, 0, QStringLiteral("cpu.user"), instance, {});
            for (int run = 0; run < 2; ++run) {
                QCOMPARE(shown.cells[std::size_t(run)].stats.count, expected.cells[std::size_t(run)].stats.count);
                QCOMPARE(shown.cells[std::size_t(run)].stats.mean, expected.cells[std::size_t(run)].stats.mean);
                QCOMPARE(shown.cells[std::size_t(run)].stats.p99, expected.cells[std::size_t(run)].stats.p99);
            }
            QCOMPARE(shown.cells[1].verdict, expected.cells[1].verdict);
            QCOMPARE(table->filterModel()->index(viewRow + 1 + cpu, 2).data().toString(),
                     UnitFormat::format(expected.cells[0].stats.mean, expected.unit));
        }
        // A click on an instance row shows that instance's chart (added next to the aggregate's).
        const QModelIndex cpu1 = table->filterModel()->index(viewRow + 2, 0);
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {}, table->view()->visualRect(cpu1).center());
        const auto charts = window.chartGrid()->charts();
        const auto shownChart = std::find(charts.begin(), charts.end(), std::pair{QStringLiteral("cpu.user"), QStringLiteral("cpu1")});
        QVERIFY(shownChart != charts.end());
        const QString chartTitle = window.chartGrid()->chart(int(shownChart - charts.begin()))->title();
        QVERIFY2(chartTitle.contains(QStringLiteral(" — cpu1")), qPrintable(chartTitle));

        // The headline still speaks of metrics only, and the copy names the instance rows.
        QVERIFY(!window.summaryView()->headline()->toPlainText().contains(QLatin1String("[cpu")));
        QVERIFY(table->visibleRowsAsCsv().contains("\ncpu.user[cpu1],cpu1,"));
        QTest::qWait(50);
        QVERIFY(window.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-per-instance-rows.png")));

        // On the metric's row the context menu action is checked; unchecking it hides the rows.
        table->view()->setCurrentIndex(table->filterModel()->index(viewRow, 0));
        QVERIFY(table->instanceRowsAction()->isEnabled());
        QVERIFY(table->instanceRowsAction()->isChecked());
        QCOMPARE(table->instanceRowsAction()->text(), QStringLiteral("Show &Per-Instance Rows (2)"));
        QVERIFY(table->view()->actions().contains(table->instanceRowsAction()));
        table->instanceRowsAction()->trigger();
        QVERIFY(live->instanceMetrics().isEmpty());
        QVERIFY(changed.wait(120000));
        QCOMPARE(table->tableModel()->rowCount(), before);
        // A metric without instances offers nothing.
        table->view()->setCurrentIndex(table->filterModel()->index(viewRowOf(*table, QStringLiteral("psi.cpu.some")), 0));
        QVERIFY(!table->instanceRowsAction()->isEnabled());
    }

    // Without a selection the summary uses each run's trim window: the chart a row click shows
    // highlights it, in the run's colour; with a selection, the selection.
    void trimWindowIsHighlightedInTheChart()
    {
        MainWindow window;
        window.resize(1400, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openDemo(window));
        RunSet* runs = window.runSet();
        runs->setTrim(0, std::make_pair(4.0, 12.0));
        runs->setTrim(1, std::make_pair(6.0, 16.0));
        window.timeController()->setSelection(std::nullopt);
        window.liveSummary()->rebuildNow();
        QCOMPARE(window.liveSummary()->report()->runs[0].window, TimeWindow(std::make_pair(4.0, 12.0)));

        SummaryTable* table = window.summaryView()->table();
        table->searchField()->setText(QStringLiteral("psi.cpu.some"));
        QCOMPARE(table->filterModel()->rowCount(), 1);
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {},
                          table->view()->visualRect(table->filterModel()->index(0, 0)).center());
        const int index = chartIndexOf(*window.chartGrid(), QStringLiteral("psi.cpu.some"));
        QVERIFY(index >= 0);
        TimeSeriesChart* chart = window.chartGrid()->chart(index);
        QVERIFY(chart);
        const auto windows = chart->highlightedWindows();
        QCOMPARE(windows.size(), std::size_t(2));
        QCOMPARE(windows[0].run, 0);
        QCOMPARE(windows[0].from, 4.0 + runs->at(0).offsetSeconds);
        QCOMPARE(windows[0].to, 12.0 + runs->at(0).offsetSeconds);
        QCOMPARE(windows[1].run, 1);
        QCOMPARE(windows[1].from, 6.0 + runs->at(1).offsetSeconds);
        QCOMPARE(windows[1].to, 16.0 + runs->at(1).offsetSeconds);
        // Painted: inside the baseline's trim window and outside every window the plot's top row differs.
        QTest::qWait(100);
        const QImage image = chart->grab().toImage();
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/chart-trim-window.png")));
        const int y = 32; // just inside the plot area (kPlotTop is 30)
        const QColor inside = image.pixelColor(int(chart->xOf(5.0)), y);
        const QColor outside = image.pixelColor(int(chart->xOf(2.0)), y);
        QVERIFY2(inside != outside, qPrintable(inside.name() + QLatin1Char(' ') + outside.name()));
        // A hidden run's window is not drawn; a selection replaces the trim windows.
        runs->setVisible(1, false);
        QCOMPARE(chart->highlightedWindows().size(), std::size_t(1));
        window.timeController()->setSelection(std::make_pair(1.0, 3.0));
        QCOMPARE(chart->highlightedWindows().size(), std::size_t(1));
        QCOMPARE(chart->highlightedWindows()[0].run, -1);
        QCOMPARE(chart->highlightedWindows()[0].from, 1.0);
    }

    // The headline opens with the workload's own numbers, in the table's colours, before the system
    // metrics; the workload's rows head the table.
    void workloadOpensTheHeadline()
    {
        SummaryView view;
        view.resize(1100, 560);
        view.setReport(workloadReport());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString text = view.headline()->plainText();
        QVERIFY2(text.startsWith(QLatin1String("tuned against baseline\n"
                                               "Workload: Throughput +20 %, beyond noise; p95 latency -20 %, beyond noise\n"
                                               "Better: Throughput +20 %, p95 latency -20 %, pmu.ipc +10.0 %\n"
                                               "Worse: disk.await +50 %")),
                 qPrintable(text));
        QCOMPARE(headlineColourOf(view.headline(), QStringLiteral("Throughput +20 %, beyond noise")),
                 SummaryTable::verdictColour(Verdict::Improvement));
        SummaryTable* table = view.table();
        QCOMPARE(table->filterModel()->index(0, 0).data().toString(), QStringLiteral("Throughput"));
        QCOMPARE(table->filterModel()->index(1, 0).data().toString(), QStringLiteral("p95 latency"));
        QCOMPARE(table->cellColour(table->filterModel()->index(0, 4)), SummaryTable::verdictColour(Verdict::Improvement));
        QCOMPARE(table->categoryChooser()->itemText(1), QStringLiteral("Workload"));
        QSignalSpy activated(&view, &SummaryView::metricActivated);
        emit view.headline()->anchorClicked(QUrl(QStringLiteral("metric:workload.tps")));
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toString(), QStringLiteral("workload.tps"));
        QVERIFY(view.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-workload-headline.png")));
    }

    // Two repeats of each variant: the headline judges the workload by the repeats and says how
    // noisy each variant was, and by which rule.
    void repeatNoiseInTheHeadline()
    {
        std::vector<SummaryRunInput> runs;
        for (const auto& [name, group, tps, latency] : std::vector<std::tuple<std::string, QString, double, double>>{
                 {"base-1", QStringLiteral("base"), 40000, 10}, {"base-2", QStringLiteral("base"), 41600, 10},
                 {"tuned-1", QStringLiteral("tuned"), 48000, 8}, {"tuned-2", QStringLiteral("tuned"), 48480, 8}}) {
            const RunPtr run = workloadRun(name, tps, latency, 1.0, 2.0);
            runs.push_back({run, run->name(), std::nullopt, group});
        }
        SummaryView view;
        view.resize(1100, 560);
        view.setReport(std::make_shared<const SummaryReport>(SummaryBuilder::build(runs, 0, {})));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QString text = view.headline()->plainText();
        // base spreads (41600 − 40000) / 40801 = 3.92 %, tuned 480 / 48241 = 1.0 %: +18 % is beyond both.
        QVERIFY2(text.startsWith(QLatin1String("base-2 against base-1\nWorkload: Throughput +4.0 %, within noise; p95 latency unchanged\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("tuned-1 against base-1\nWorkload: Throughput +18 %, beyond noise; p95 latency -20 %, beyond noise\n")),
                 qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("Noise across repeats: Throughput: base 3.92 % (2 runs), tuned 1 % (2 runs); "
                                             "p95 latency: base 0 % (2 runs), tuned 0 % (2 runs)\n")
                               + SummaryExport::repeatNoiseRule()),
                 qPrintable(text));
        QCOMPARE(headlineColourOf(view.headline(), QStringLiteral("Throughput +4.0 %, within noise")),
                 SummaryTable::verdictColour(Verdict::WithinNoise));
        // The screenshot shows the noise: the headline scrolled down to it.
        QTextCursor rule = view.headline()->document()->find(SummaryExport::repeatNoiseRule());
        rule.clearSelection();
        view.headline()->setTextCursor(rule);
        view.headline()->ensureCursorVisible();
        QVERIFY(view.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-workload-repeats.png")));
    }

    // The throughput the runs recorded fills price-performance (in italics, its source in the note
    // and the tooltip); a typed one wins, and emptying it brings the recorded one back.
    void recordedThroughputFillsPricePerformance()
    {
        SummaryView view;
        showPricePerformance(view, workloadReport());
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        PricePerformanceModel* model = view.pricePerformance()->model();
        using M = PricePerformanceModel;
        // The mean of 40000, 40001, 40002 … over the window: 40000.98 tps (59 rows, r % 3).
        const SummaryReportPtr report = workloadReport();
        const double baselineMean = report->row(QStringLiteral("workload.tps"))->cells[0].stats.mean;
        QCOMPARE(model->report().runs[0].throughput, baselineMean);
        QCOMPARE(model->index(0, M::UnitColumn).data().toString(), QStringLiteral("tps"));
        QCOMPARE(ThroughputSource(model->index(0, M::ThroughputColumn).data(M::ThroughputSourceRole).toInt()), ThroughputSource::Recorded);
        QVERIFY2(view.pricePerformance()->noteText().contains(QLatin1String("what the runs recorded (workload.tps")),
                 qPrintable(view.pricePerformance()->noteText()));
        // 0.1632 × 100,000 / 48,001 against 0.1632 × 100,000 / 40,001: 16.7 % cheaper.
        QCOMPARE(model->index(1, M::RelativeColumn).data().toString(), QStringLiteral("-16.7 %"));
        QCOMPARE(PricePerformancePanel::costColour(model->index(1, M::RelativeColumn)), SummaryTable::verdictColour(Verdict::Improvement));
        QVERIFY(view.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/summary-workload-price-performance.png")));

        const QModelIndex tuned = model->index(1, M::ThroughputColumn);
        typeInto(view.pricePerformance()->view(), tuned, QStringLiteral("60000"));
        QCOMPARE(model->report().runs[1].throughput, 60000.0);
        QCOMPARE(model->report().runs[1].unit, QStringLiteral("tps"));
        QCOMPARE(ThroughputSource(tuned.data(M::ThroughputSourceRole).toInt()), ThroughputSource::Given);
        QCOMPARE(model->index(1, M::RelativeColumn).data().toString(), QStringLiteral("-33.3 %"));
        // What was typed survives a new report (a new selection); the recorded values follow the report.
        view.setReport(workloadReport());
        QCOMPARE(model->report().runs[1].throughput, 60000.0);
        QCOMPARE(model->report().runs[0].throughputSource, ThroughputSource::Recorded);
        QVERIFY(model->setData(model->index(1, M::ThroughputColumn), QString()));
        QCOMPARE(model->report().runs[1].throughputSource, ThroughputSource::Recorded);
    }

    // Real archives recorded with their workload, opened in the main window: the workload's charts
    // come first, the metric browser starts with its category, the summary with its numbers.
    void mainWindowOpensWithTheWorkload()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const QString baseline = writeWorkloadArchive(directory.path(), {"bench-baseline", "", 1000, 12.0, 41234.5});
        const QString tuned = writeWorkloadArchive(directory.path(), {"bench-tuned", "", 3120, 4.0, 49481.4});
        MainWindow window;
        window.resize(1400, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy finished(&window, &MainWindow::loadingFinished);
        window.openRuns({baseline, tuned});
        QVERIFY(finished.wait(120000));
        QCOMPARE(window.runSet()->count(), 2);
        const auto charts = window.chartGrid()->charts();
        QVERIFY(charts.size() >= 4);
        QCOMPARE(charts[0].first, QStringLiteral("workload.tps"));
        QCOMPARE(charts[1].first, QStringLiteral("workload.latency_p95"));
        QCOMPARE(charts[2].first, QStringLiteral("workload.rps"));
        QVERIFY(window.chartGrid()->chart(2)->isRunResult());
        QCOMPARE(window.metricBrowser()->visibleMetricIds().mid(0, 3),
                 (QStringList{QStringLiteral("workload.tps"), QStringLiteral("workload.latency_p95"), QStringLiteral("workload.rps")}));
        window.liveSummary()->rebuildNow();
        const QString headline = window.summaryView()->headline()->plainText();
        QVERIFY2(headline.startsWith(QLatin1String("bench-tuned against bench-baseline\nWorkload: Throughput +212 %, beyond noise; "
                                                   "p95 latency -67 %, beyond noise; Requests/sec +20 %, one result per run")),
                 qPrintable(headline));
        QTest::qWait(100);
        QVERIFY(window.grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-workload.png")));
    }

    void pricePerformanceInputsAreSavedWithTheSession()
    {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        const QString path = directory.filePath(QStringLiteral("prices.runlens"));
        using M = PricePerformanceModel;
        {
            MainWindow window;
            window.show();
            QVERIFY(openDemo(window));
            window.liveSummary()->rebuildNow();
            M* model = window.summaryView()->pricePerformance()->model();
            QCOMPARE(model->rowCount(), 2);
            QVERIFY(model->setData(model->index(0, M::ThroughputColumn), QStringLiteral("50000")));
            QVERIFY(model->setData(model->index(1, M::ThroughputColumn), QStringLiteral("1200 req/s")));
            QVERIFY(model->setData(model->index(1, M::PriceColumn), QStringLiteral("0.357")));
            QVERIFY(window.saveSession(path));
        }
        MainWindow reopened;
        reopened.show();
        QSignalSpy finished(&reopened, &MainWindow::loadingFinished);
        reopened.openSession(path);
        QVERIFY(finished.wait(120000));
        reopened.liveSummary()->rebuildNow(); // a new report keeps what was restored
        const PricePerformanceReport& report = reopened.summaryView()->pricePerformance()->model()->report();
        QCOMPARE(report.runs.size(), std::size_t(2));
        QCOMPARE(report.runs[0].name, QStringLiteral("demo-baseline"));
        QCOMPARE(report.runs[0].throughput, 50000.0);
        QCOMPARE(report.runs[0].unit, QStringLiteral("ops/s"));
        QCOMPARE(report.runs[0].source, PriceSource::None); // no price typed, none in the table for a non-EC2 host
        QCOMPARE(report.runs[1].throughput, 1200.0);
        QCOMPARE(report.runs[1].unit, QStringLiteral("req/s"));
        QCOMPARE(report.runs[1].hourlyPrice, 0.357);
        QCOMPARE(report.runs[1].source, PriceSource::Given);
        QCOMPARE(reopened.summaryView()->pricePerformance()->model()->index(1, M::CostColumn).data().toString(),
                 QStringLiteral("29.7500")); // 0.357 × 100,000 / 1200
    }
};

QTEST_MAIN(TestSummaryView)
#include "tst_summaryview.moc"
