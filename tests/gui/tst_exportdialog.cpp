// File › Export in the real main window on the demo comparison: the dialog offers the grid's
// charts, the heat maps, the flame graph and the summary; what it writes is parsed (SVG paths per
// chart and run, PNG size at 2×, PDF pages), its preview is the figure at the target's proportions,
// and Copy puts the image on the clipboard. The preview is saved for a person to look at.
#include "SvgSeries.h"
#include "ChartGrid.h"
#include "FlameGraphPanel.h"
#include "FlameGraphView.h"
#include "MainWindow.h"
#include "RunSet.h"
#include "summary/SummaryFilterModel.h"
#include "summary/SummaryTable.h"
#include "summary/SummaryView.h"
#include "export/ExportDialog.h"
#include "export/ExportSources.h"
#include "export/FigureTexts.h"
#include "TimeController.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

namespace {

// Unfilled paths are series lines (QSvgGenerator writes the pen and brush on a <g> around each).
int seriesPaths(const QByteArray& svg, const QString& colour)
{
    const QRegularExpression group(QStringLiteral("<g fill=\"none\" stroke=\"%1\"[^>]*>\\s*<path").arg(colour));
    int count = 0;
    for (auto it = group.globalMatch(QString::fromUtf8(svg)); it.hasNext(); it.next())
        ++count;
    return count;
}

int pdfPages(const QByteArray& pdf)
{
    // Page objects, not the /Pages tree node.
    int count = 0;
    for (auto it = QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]")).globalMatch(QString::fromLatin1(pdf)); it.hasNext(); it.next())
        ++count;
    return count;
}

} // namespace

class TestExportDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_window.resize(1400, 900);
        m_window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&m_window));
        QSignalSpy finished(&m_window, &MainWindow::loadingFinished);
        m_window.openDemoRuns();
        QVERIFY(finished.wait(30000));
        QCOMPARE(m_window.runSet()->count(), 2);
        QVERIFY(m_window.chartGrid()->count() >= 2);
    }

    void exportActionIsInTheFileMenu()
    {
        QVERIFY(m_window.fileMenu()->actions().contains(m_window.exportAction()));
        QCOMPARE(m_window.exportAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
        QVERIFY(m_window.fileMenu()->actions().contains(m_window.copyImageAction()));
    }

    void chosenChartsToSvg()
    {
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Charts);
        QVERIFY(dialog);
        const int charts = m_window.chartGrid()->count();
        QCOMPARE(dialog->chartList()->count(), charts);
        // Leave out the first chart: the file has the others only.
        dialog->chartList()->item(0)->setCheckState(Qt::Unchecked);
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Svg)));
        dialog->titleField()->setText(QStringLiteral("False sharing, padded"));
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("charts.svg"));
        QString error;
        QVERIFY2(dialog->exportTo(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(svg.contains("viewBox=\"0 0 1920 1080\""));
        QVERIFY(svg.contains("<title>False sharing, padded</title>"));
        QVERIFY(svg.contains(">False sharing, padded</text>"));
        // One path per run in each chart that has data for it.
        const auto colourOf = [&](int run) { return QColor::fromRgb(m_window.runSet()->at(run).colour).name(); };
        QCOMPARE(seriesPaths(svg, colourOf(0)), charts - 1);
        QCOMPARE(seriesPaths(svg, colourOf(1)), charts - 1);
        QVERIFY(svg.contains(">demo-baseline</text>"));
        QVERIFY(svg.contains(">demo-tuned</text>"));
        dialog->close();
    }

    void pngAtTwiceTheSize()
    {
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Charts);
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Png)));
        dialog->sizeBox()->setCurrentIndex(dialog->sizeBox()->findText(QStringLiteral("1280×720")));
        dialog->scaleBox()->setCurrentIndex(dialog->scaleBox()->findData(2));
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("charts.png"));
        QString error;
        QVERIFY2(dialog->exportTo(path, &error), qPrintable(error));
        const QImage image(path);
        QCOMPARE(image.size(), QSize(2560, 1440));
        QCOMPARE(image.dotsPerMeterX(), 7559); // 96 dpi × 2
        // The preview is the same figure at the target size; saved for a person to look at.
        // The preview follows the choices (after a short pause, so typing does not re-render per key).
        QTRY_VERIFY(!dialog->preview()->pixmap().isNull());
        const auto previewDescribed = [dialog] {
            const QList<QLabel*> labels = dialog->findChildren<QLabel*>();
            return std::any_of(labels.cbegin(), labels.cend(), [](const QLabel* label) {
                return label->text().contains(QStringLiteral("1280 × 720 px (written at 2560 × 1440)"));
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(previewDescribed(), 30000);
        const QImage first = dialog->renderFirstPage();
        QCOMPARE(first.size(), QSize(1280, 720));
        QVERIFY(first.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-charts-1280x720.png")));
        QVERIFY(dialog->grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-dialog.png")));
        dialog->close();
    }

    void onePagePerChartInPdf()
    {
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Charts);
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Pdf)));
        dialog->findChild<QCheckBox*>()->setChecked(true); // "One page per chart"
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("charts.pdf"));
        QString error;
        QVERIFY2(dialog->exportTo(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray pdf = file.readAll();
        QCOMPARE(pdfPages(pdf), m_window.chartGrid()->count());
        QVERIFY(QRegularExpression(QStringLiteral("/MediaBox \\[0 0 1440(\\.0+)? 810(\\.0+)?\\]")).match(QString::fromLatin1(pdf)).hasMatch());
        dialog->close();
    }

    void flameGraphAndSummaryAndHeatMap()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window.flameGraphPanel()->view()->tree() && !m_window.flameGraphPanel()->isBusy(), 20000);
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::FlameGraph);
        QCOMPARE(dialog->subjectBox()->currentData().toInt(), int(ExportSubject::FlameGraph));
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Png)));
        const QImage flame = dialog->renderFirstPage();
        QCOMPARE(flame.size(), QSize(1920, 1080));
        QVERIFY(flame.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-flamegraph.png")));
        // Many colours: frames, not an empty page (the demo's one hot function is a single wide
        // frame, so the whole page is sampled, not one row).
        QSet<QRgb> colours;
        for (int y = 0; y < flame.height(); y += 11) {
            for (int x = 0; x < flame.width(); x += 7)
                colours.insert(flame.pixel(x, y));
        }
        QVERIFY2(colours.size() > 5, qPrintable(QString::number(colours.size())));

        const int heatMap = dialog->subjectBox()->findData(int(ExportSubject::HeatMap));
        QVERIFY(heatMap >= 0); // the demo's CPU metrics have one series per CPU
        dialog->subjectBox()->setCurrentIndex(heatMap);
        QVERIFY(dialog->renderFirstPage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-heatmap.png")));
        dialog->close();
    }

    void summaryTableAsFiltered()
    {
        // The summary is computed in the background once the runs are open.
        SummaryTable* table = m_window.summaryView()->table();
        QTRY_VERIFY_WITH_TIMEOUT(table->filterModel()->rowCount() > 0, 30000);
        table->searchField()->setText(QStringLiteral("memory"));
        const int shown = table->filterModel()->rowCount();
        QVERIFY(shown > 0);
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Summary);
        QCOMPARE(dialog->subjectBox()->currentData().toInt(), int(ExportSubject::Summary));
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Svg)));
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("summary.svg"));
        QString error;
        QVERIFY2(dialog->exportTo(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        // The rows the filter shows (what fits on the page), and no row it hides.
        const QString first = table->filterModel()->index(0, 0).data().toString();
        QVERIFY2(svg.contains(QStringLiteral(">%1</text>").arg(first.toHtmlEscaped())), qPrintable(first));
        QVERIFY(!svg.contains(QStringLiteral(">Load average (1 min)</text>")));
        QVERIFY(dialog->renderFirstPage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-summary.png")));
        dialog->close();
        table->searchField()->clear();
    }

    void copyImagePutsTheChartsOnTheClipboard()
    {
        QApplication::clipboard()->clear();
        m_window.copyImageAction()->trigger();
        const QImage image = QApplication::clipboard()->image();
        QCOMPARE(image.size(), QSize(1920, 1080));
        QCOMPARE(image.pixelColor(2, 2), QColor(Qt::white));
    }

    void chartContextMenuExportsOneChart()
    {
        // What "Export Chart…" in the second chart's context menu asks for. (Dialogs closed by
        // earlier tests are deleted first, so that the one found is the new one.)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QVERIFY(!m_window.findChild<ExportDialog*>());
        emit m_window.chartGrid()->exportRequested(1, false);
        ExportDialog* dialog = m_window.findChild<ExportDialog*>();
        QVERIFY(dialog);
        const ExportRequest request = dialog->request();
        QCOMPARE(request.subject, ExportSubject::Charts);
        QCOMPARE(request.charts, std::vector<int>{1});
        dialog->close();
        QTRY_VERIFY(!m_window.findChild<ExportDialog*>());

        // "Copy Chart as Image": that chart alone, at the slide size.
        QApplication::clipboard()->clear();
        emit m_window.chartGrid()->copyRequested(1, false);
        QCOMPARE(QApplication::clipboard()->image().size(), QSize(1920, 1080));
    }

    void theFileNameChoosesTheFormat()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window.flameGraphPanel()->view()->tree() && !m_window.flameGraphPanel()->isBusy(), 20000);
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::FlameGraph);
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Svg)));
        QTemporaryDir directory;
        // "flame.png" with SVG chosen: a PNG, as its name says, and the box says so too.
        QString error;
        QVERIFY2(dialog->exportTo(directory.filePath(QStringLiteral("flame.png")), &error), qPrintable(error));
        QFile png(directory.filePath(QStringLiteral("flame.png")));
        QVERIFY(png.open(QIODevice::ReadOnly));
        QVERIFY2(png.read(8) == QByteArray("\x89PNG\r\n\x1a\n", 8), "flame.png does not hold a PNG");
        const QImage image(directory.filePath(QStringLiteral("flame.png")));
        QCOMPARE(image.size(), QSize(1920, 1080));
        QCOMPARE(dialog->formatBox()->currentData().toInt(), int(ExportFormat::Png));
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-flame-named-png.png")));
        // "flame.pdf" while PNG shows: a PDF.
        QVERIFY2(dialog->exportTo(directory.filePath(QStringLiteral("flame.pdf")), &error), qPrintable(error));
        QFile pdf(directory.filePath(QStringLiteral("flame.pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        // A name without an extension gets the chosen format's.
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Svg)));
        QVERIFY2(dialog->exportTo(directory.filePath(QStringLiteral("flame")), &error), qPrintable(error));
        QFile svg(directory.filePath(QStringLiteral("flame.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QVERIFY(!QFile::exists(directory.filePath(QStringLiteral("flame"))));
        dialog->close();
    }

    void flameGraphAndSummaryNameTheWindowTheyShow()
    {
        // Zoomed to 2–9 s with 3–5 s selected: the flame graph and the summary are computed for
        // the selection, so their subtitle names it, not the zoom.
        TimeController* time = m_window.timeController();
        time->setViewRange({2, 9});
        time->setSelection(TimeController::Range{3.0, 5.0});
        QTRY_VERIFY_WITH_TIMEOUT(!m_window.flameGraphPanel()->isBusy(), 20000);
        const QString selection = FigureTexts::windowSubtitle({3.0, 5.0}, false);
        const QString zoom = FigureTexts::windowSubtitle({2.0, 9.0}, false);
        QVERIFY(selection != zoom);
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::FlameGraph);
        QCOMPARE(dialog->subtitleField()->text(), selection);
        QVERIFY(dialog->renderFirstPage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-flamegraph-selection.png")));
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Svg)));
        QTemporaryDir directory;
        QString error;
        QVERIFY2(dialog->exportTo(directory.filePath(QStringLiteral("flame.svg")), &error), qPrintable(error));
        QFile file(directory.filePath(QStringLiteral("flame.svg")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        QVERIFY2(svg.contains(QStringLiteral(">%1</text>").arg(selection.toHtmlEscaped())), qPrintable(selection));
        QVERIFY(!svg.contains(zoom.toHtmlEscaped()));
        dialog->subjectBox()->setCurrentIndex(dialog->subjectBox()->findData(int(ExportSubject::Summary)));
        QCOMPARE(dialog->subtitleField()->text(), selection);
        // The charts follow the window choice: the zoom by default.
        dialog->subjectBox()->setCurrentIndex(dialog->subjectBox()->findData(int(ExportSubject::Charts)));
        QCOMPARE(dialog->subtitleField()->text(), zoom);
        dialog->close();

        // Without a selection the flame graph is the whole run's.
        time->setSelection(std::nullopt);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window.flameGraphPanel()->isBusy(), 20000);
        dialog = m_window.showExportDialog(ExportSubject::FlameGraph);
        QCOMPARE(dialog->subtitleField()->text(), FigureTexts::windowSubtitle(m_window.runSet()->timeExtent(), true));
        dialog->close();
        // Nor is the summary, but for trimmed runs: each over its own trim window.
        m_window.runSet()->setTrim(0, std::make_pair(4.0, 12.0));
        dialog = m_window.showExportDialog(ExportSubject::Summary);
        QCOMPARE(dialog->subtitleField()->text(), QStringLiteral("Each run's trim window"));
        dialog->close();
        m_window.runSet()->setTrim(0, std::nullopt);
        time->resetZoom();
    }

    // Runs trimmed to different windows: "Each run's trim window" spans them all and draws each
    // run's line over its own window only; the zoom's window draws the lines whole.
    void linesCutToEachRunsTrimWindow()
    {
        RunSet* runs = m_window.runSet();
        m_window.timeController()->resetZoom();
        m_window.timeController()->setSelection(std::nullopt);
        runs->setTrim(0, std::make_pair(2.0, 6.0));
        runs->setTrim(1, std::make_pair(8.0, 14.0));
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Charts);
        dialog->focusChart(0);
        const int trimWindows = dialog->windowBox()->findData(int(ExportWindow::TrimWindows));
        QVERIFY(trimWindows >= 0);
        QCOMPARE(dialog->windowBox()->itemText(trimWindows), QStringLiteral("Each run's trim window"));
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Svg)));
        const auto colourOf = [runs](int run) { return QColor::fromRgb(runs->at(run).colour).name(); };
        QTemporaryDir directory;
        const auto exported = [&](const QString& name) {
            QString error;
            const QString path = directory.filePath(name);
            if (!dialog->exportTo(path, &error))
                qWarning("%s", qPrintable(error));
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        // The zoom (the whole runs here): both lines cross the middle of the axis.
        const QByteArray whole = exported(QStringLiteral("whole.svg"));
        const auto wholeBaseline = seriesXExtent(whole, colourOf(0));
        const auto wholeTuned = seriesXExtent(whole, colourOf(1));
        QVERIFY(wholeBaseline.second > wholeTuned.first);

        dialog->windowBox()->setCurrentIndex(trimWindows);
        QCOMPARE(dialog->subtitleField()->text(), QStringLiteral("Each run's trim window"));
        const QByteArray cut = exported(QStringLiteral("cut.svg"));
        QVERIFY(cut.contains(">Each run's trim window</text>") || cut.contains(">Each run&apos;s trim window</text>")
                || cut.contains(">Each run&#39;s trim window</text>"));
        const auto baseline = seriesXExtent(cut, colourOf(0));
        const auto tuned = seriesXExtent(cut, colourOf(1));
        // The axis spans 2–14 s: the baseline's line 2–6 s ends before the tuned one's 8–14 s starts.
        QVERIFY2(baseline.second < tuned.first,
                 qPrintable(QStringLiteral("baseline %1–%2, tuned %3–%4").arg(baseline.first).arg(baseline.second).arg(tuned.first).arg(tuned.second)));
        // 4 s against 6 s of the same axis.
        const double ratio = (baseline.second - baseline.first) / (tuned.second - tuned.first);
        QVERIFY2(std::abs(ratio - 4.0 / 6.0) < 0.05, qPrintable(QString::number(ratio)));
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Png)));
        dialog->sizeBox()->setCurrentIndex(dialog->sizeBox()->findText(QStringLiteral("1280×720")));
        QVERIFY(dialog->renderFirstPage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-trim-windows.png")));
        dialog->close();
        runs->setTrim(0, std::nullopt);
        runs->setTrim(1, std::nullopt);
    }

    void zeroLabelSitsOnTheZeroLine()
    {
        // The first chart (CPU busy, from 0 %) of the whole run alone on a 1280×720 slide.
        m_window.timeController()->resetZoom();
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Charts);
        dialog->focusChart(0);
        dialog->sizeBox()->setCurrentIndex(dialog->sizeBox()->findText(QStringLiteral("1280×720")));
        const QImage image = dialog->renderFirstPage().convertToFormat(QImage::Format_RGB32);
        dialog->close();
        QVERIFY(image.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-chart-zero-label.png")));
        // The axis lines are the longest straight runs of grey darker than the grid (the series
        // are coloured): the x axis (here the zero line) along a row, the y axis down a column.
        const auto isAxis = [&image](int x, int y) {
            const QRgb p = image.pixel(x, y);
            return qGray(p) < 200 && std::abs(qRed(p) - qGreen(p)) < 8 && std::abs(qGreen(p) - qBlue(p)) < 8;
        };
        const auto longestRun = [](int length, const std::function<bool(int)>& on) {
            int longest = 0;
            for (int i = 0, run = 0; i < length; ++i) {
                run = on(i) ? run + 1 : 0;
                longest = std::max(longest, run);
            }
            return longest;
        };
        int axisY = -1;
        for (int y = 0, best = 0; y < image.height(); ++y) {
            if (const int run = longestRun(image.width(), [&](int x) { return isAxis(x, y); }); run > best)
                std::tie(best, axisY) = std::make_pair(run, y);
        }
        int axisX = -1;
        for (int x = 0, best = 0; x < image.width(); ++x) {
            if (const int run = longestRun(image.height(), [&](int y) { return isAxis(x, y); }); run > best)
                std::tie(best, axisX) = std::make_pair(run, x);
        }
        QVERIFY(axisY > 0 && axisX > 0);
        // The value labels' ink left of the y axis, near the zero line, as runs of rows.
        const int reach = 40;
        std::vector<std::pair<int, int>> blocks; // first and last row of each
        for (int y = axisY - reach; y <= axisY + reach; ++y) {
            bool ink = false;
            for (int x = 0; x < axisX - 2 && !ink; ++x)
                ink = qGray(image.pixel(x, y)) < 160;
            if (ink && !blocks.empty() && blocks.back().second == y - 1)
                blocks.back().second = y;
            else if (ink)
                blocks.emplace_back(y, y);
        }
        QVERIFY(!blocks.empty());
        const auto nearest = *std::min_element(blocks.begin(), blocks.end(), [axisY](const auto& a, const auto& b) {
            return std::abs((a.first + a.second) / 2.0 - axisY) < std::abs((b.first + b.second) / 2.0 - axisY);
        });
        const double centre = (nearest.first + nearest.second) / 2.0;
        QVERIFY2(std::abs(centre - axisY) <= 2.5,
                 qPrintable(QStringLiteral("the lowest value label spans rows %1–%2, the zero line is row %3")
                                .arg(nearest.first).arg(nearest.second).arg(axisY)));
    }

    void pagesSaidAreThePagesWritten()
    {
        SummaryTable* table = m_window.summaryView()->table();
        QTRY_VERIFY_WITH_TIMEOUT(table->filterModel()->rowCount() > 0, 30000);
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Summary);
        QLabel* pages = nullptr;
        for (QLabel* label : dialog->findChildren<QLabel*>()) {
            if (label->text().startsWith(QStringLiteral("Page")))
                pages = label;
        }
        QVERIFY(pages);
        // PDF: every page of the table, as many as the dialog says; pages of a report's small type
        // and a banner's height, so that the table needs several.
        dialog->styleBox()->setCurrentIndex(dialog->styleBox()->findData(int(ExportStyle::Kind::Screen)));
        dialog->sizeBox()->setCurrentIndex(dialog->sizeBox()->findText(QStringLiteral("Custom")));
        const QList<QSpinBox*> size = dialog->findChildren<QSpinBox*>(); // width, height
        QCOMPARE(size.size(), 2);
        size.at(1)->setValue(300);
        dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(ExportFormat::Pdf)));
        const QRegularExpression pagesSaid(QStringLiteral("^Pages: (\\d+),"));
        QTRY_VERIFY(pages->text().contains(QStringLiteral(" × 300 px")) && pagesSaid.match(pages->text()).hasMatch());
        const int count = pagesSaid.match(pages->text()).captured(1).toInt();
        QVERIFY2(count > 1, qPrintable(pages->text()));
        QTemporaryDir directory;
        QString error;
        QVERIFY2(dialog->exportTo(directory.filePath(QStringLiteral("summary.pdf")), &error), qPrintable(error));
        QFile pdf(directory.filePath(QStringLiteral("summary.pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QCOMPARE(pdfPages(pdf.readAll()), count);
        // SVG and PNG hold one page: the dialog says that one of them is written.
        for (const ExportFormat format : {ExportFormat::Svg, ExportFormat::Png}) {
            dialog->formatBox()->setCurrentIndex(dialog->formatBox()->findData(int(format)));
            QTRY_VERIFY2(pages->text().startsWith(QStringLiteral("Page 1 of %1").arg(count)), qPrintable(pages->text()));
        }
        QVERIFY(dialog->grab().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-dialog-summary-one-page.png")));
        dialog->close();
    }

    void flameGraphExportHasNoStrayBreadcrumb()
    {
        QTRY_VERIFY_WITH_TIMEOUT(m_window.flameGraphPanel()->view()->tree() && !m_window.flameGraphPanel()->isBusy(), 20000);
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::FlameGraph);
        QTemporaryDir directory;
        QString error;
        QVERIFY2(dialog->exportTo(directory.filePath(QStringLiteral("flame.svg")), &error), qPrintable(error));
        dialog->close();
        QFile file(directory.filePath(QStringLiteral("flame.svg")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        // "all" once: the root frame's name, not also a breadcrumb above a graph that is not zoomed.
        QCOMPARE(file.readAll().count(">all</text>"), 1);
    }

    void aFailedExportSaysWhyAndKeepsTheDialog()
    {
        ExportDialog* dialog = m_window.showExportDialog(ExportSubject::Charts);
        QString error;
        QVERIFY(!dialog->exportTo(QStringLiteral("/nonexistent-directory/charts.png"), &error));
        QVERIFY2(error.contains(QStringLiteral("/nonexistent-directory/charts.png")), qPrintable(error));
        QVERIFY(dialog->isVisible());
        dialog->close();
    }

private:
    MainWindow m_window;
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
