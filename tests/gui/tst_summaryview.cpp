#include "ChartGrid.h"
#include "MainWindow.h"
#include "RunFactory.h"
#include "RunLoader.h"
#include "RunSet.h"
#include "TimeController.h"
#include "summary/Comparability.h"
#include "summary/FindingRules.h"
#include "summary/HeadlinePanel.h"
#include "summary/HostFactsModel.h"
#include "summary/HostFactsView.h"
#include "summary/LiveSummary.h"
#include "summary/PricePerformance.h"
#include "summary/SummaryBuilder.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTable.h"
#include "summary/SummaryTableModel.h"
#include "summary/SummaryView.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

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
        view.resize(1100, 520);
        QString error;
        QVERIFY2(view.setPriceTable(resource("ec2-prices.json"), &error), qPrintable(error));
        view.setReport(syntheticReport());
        view.tabs()->setCurrentWidget(view.pricePerformance());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTableView* table = view.pricePerformance()->view();
        PricePerformanceModel* model = view.pricePerformance()->model();
        using M = PricePerformanceModel;
        QCOMPARE(model->rowCount(), 2);
        QCOMPARE(model->index(0, M::PriceColumn).data().toString(), QStringLiteral("0.2016"));
        const QString tip = model->index(1, M::PriceColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("2024-06-01")) && tip.contains(QLatin1String("m7g.xlarge")), qPrintable(tip));
        QCOMPARE(model->index(1, M::RelativeColumn).data().toString(), QStringLiteral("baseline has no throughput"));
        const auto type = [&](int row, int column, const QString& text) {
            const QModelIndex index = model->index(row, column);
            table->setCurrentIndex(index);
            table->edit(index);
            auto* editor = table->viewport()->findChild<QLineEdit*>();
            QVERIFY(editor);
            editor->selectAll();
            QTest::keyClicks(editor, text);
            QTest::keyClick(editor, Qt::Key_Return);
            QTRY_VERIFY(!table->viewport()->findChild<QLineEdit*>() || !table->viewport()->findChild<QLineEdit*>()->isVisible());
        };
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
        QVERIFY(window.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/mainwindow-summary-demo.png")));
    }
};

QTEST_MAIN(TestSummaryView)
#include "tst_summaryview.moc"
