// `runlens export` as a script runs it, without a display: the files it writes are parsed and
// checked for what a slide needs — the SVG's viewBox, one path per run and chart, the legend's run
// names, the title; the PNG's size and resolution at 2×; the PDF's page size and count; the summary
// as Markdown and CSV byte for byte; and one chart against a golden image drawn with the bundled
// font (regenerate it with RUNLENS_UPDATE_EXPORT_GOLDEN=1 after an intended change, and look at it).
#include "SvgSeries.h"

#include <QFile>
#include <QImage>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>

namespace {

struct Result {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Result runApp(const QStringList& arguments)
{
    QProcess process;
    // No display, no platform chosen: the command must pick the offscreen platform itself.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(RUNLENS_APP_PATH), arguments);
    if (!process.waitForFinished(240000))
        return {};
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError()};
}

const QString kBaseline = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz");
const QString kTuned = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz");
// The Okabe & Ito palette's first two colours (RunSet::palette()): the baseline's and the tuned run's.
const QString kBaselineColour = QStringLiteral("#0072b2");
const QString kTunedColour = QStringLiteral("#e69f00");

QStringList exportArguments(const QStringList& more)
{
    return QStringList{QStringLiteral("export"), QStringLiteral("--runs"), kBaseline, kTuned} + more;
}

struct SvgContent {
    QString viewBox;
    QString title;
    QStringList texts;
    QMap<QString, int> seriesPaths; // unfilled paths (series lines) by stroke colour
    int rects = 0;
};

// QSvgGenerator writes each pen and brush as a <g> around what it draws.
SvgContent parseSvg(const QByteArray& bytes)
{
    SvgContent content;
    QXmlStreamReader xml(bytes);
    std::vector<std::pair<QString, QString>> groups; // fill, stroke of each open <g>
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto attributes = xml.attributes();
            if (xml.name() == QLatin1String("svg")) {
                content.viewBox = attributes.value(QStringLiteral("viewBox")).toString();
            } else if (xml.name() == QLatin1String("g")) {
                groups.emplace_back(attributes.value(QStringLiteral("fill")).toString(),
                                    attributes.value(QStringLiteral("stroke")).toString());
            } else if (xml.name() == QLatin1String("title")) {
                content.title = xml.readElementText();
            } else if (xml.name() == QLatin1String("text")) {
                content.texts.append(xml.readElementText());
            } else if (xml.name() == QLatin1String("rect")) {
                ++content.rects;
            } else if (xml.name() == QLatin1String("path") && !groups.empty() && groups.back().first == QLatin1String("none")) {
                ++content.seriesPaths[groups.back().second];
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("g")) {
            groups.pop_back();
        }
    }
    if (xml.hasError())
        qWarning() << "SVG parse error:" << xml.errorString();
    return content;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Page objects of a PDF (not the /Pages tree node) and their media boxes in points.
QStringList pdfMediaBoxes(const QByteArray& pdf)
{
    QStringList boxes;
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page[^s][^>]*?/MediaBox\\s*\\[([^\\]]*)\\]"),
                                         QRegularExpression::DotMatchesEverythingOption);
    for (auto it = page.globalMatch(QString::fromLatin1(pdf)); it.hasNext();) {
        QStringList numbers;
        for (const QString& number : it.next().captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts))
            numbers.append(QString::number(number.toDouble()));
        boxes.append(numbers.join(QLatin1Char(' ')));
    }
    return boxes;
}

int pdfPageCount(const QByteArray& pdf)
{
    int count = 0;
    for (auto it = QRegularExpression(QStringLiteral("/Type\\s*/Page[^s]")).globalMatch(QString::fromLatin1(pdf)); it.hasNext(); it.next())
        ++count;
    return count;
}

} // namespace

class TestExportCli : public QObject
{
    Q_OBJECT

private slots:
    void svgChartGrid()
    {
        const QString path = m_directory.filePath(QStringLiteral("grid.svg"));
        const Result result = runApp(exportArguments({QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--metric"),
                                                      QStringLiteral("cpu.context_switches"), QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QCOMPARE(result.err, QByteArray()); // nothing on stderr for a script to trip over
        const SvgContent svg = parseSvg(readAll(path));
        QCOMPARE(svg.viewBox, QStringLiteral("0 0 1920 1080"));
        QCOMPARE(svg.title, QStringLiteral("demo-baseline vs demo-tuned"));
        QVERIFY(svg.texts.contains(QStringLiteral("demo-baseline vs demo-tuned")));
        QVERIFY(svg.texts.contains(QStringLiteral("Whole run (0 s – 16 s)")));
        // The legend: the run names, each once.
        QCOMPARE(svg.texts.count(QStringLiteral("demo-baseline")), 1);
        QCOMPARE(svg.texts.count(QStringLiteral("demo-tuned")), 1);
        QVERIFY(svg.texts.contains(QStringLiteral("User CPU (%)")));
        // One path per run series: two charts, two runs, in the runs' colours.
        QMap<QString, int> expected{{kBaselineColour, 2}, {kTunedColour, 2}};
        QCOMPARE(svg.seriesPaths, expected);
    }

    void windowAndTexts()
    {
        const QString path = m_directory.filePath(QStringLiteral("window.svg"));
        const Result result = runApp(exportArguments({QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--window"),
                                                      QStringLiteral("5s:15s"), QStringLiteral("--title"), QStringLiteral("Padding the counters"),
                                                      QStringLiteral("--host-facts"), QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const SvgContent svg = parseSvg(readAll(path));
        QCOMPARE(svg.title, QStringLiteral("Padding the counters"));
        QVERIFY(svg.texts.contains(QStringLiteral("Window 5 s – 15 s")));
        // Time ticks only inside the window.
        QVERIFY(svg.texts.contains(QStringLiteral("10 s")));
        QVERIFY(!svg.texts.contains(QStringLiteral("20 s")));
        // The host facts footnote names both runs' hosts.
        const QString footnote = svg.texts.filter(QStringLiteral("CPUs")).join(QLatin1Char('\n'));
        QVERIFY2(footnote.contains(QStringLiteral("demo-baseline: ")) && footnote.contains(QStringLiteral("demo-tuned: ")), qPrintable(footnote));
    }

    // Windows per run: the axis spans them all, each run's line is cut to its own window, and the
    // subtitle says so.
    void chartLinesCutToEachRunsWindow()
    {
        const QString path = m_directory.filePath(QStringLiteral("cut.svg"));
        const Result result = runApp(exportArguments({QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--window"),
                                                      QStringLiteral("1=2:6"), QStringLiteral("--window"), QStringLiteral("2=8:14"),
                                                      QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QByteArray bytes = readAll(path);
        const SvgContent svg = parseSvg(bytes);
        QVERIFY(svg.texts.contains(QStringLiteral("Each run's trim window")));
        // Ticks of the span, 2–14 s.
        QVERIFY(svg.texts.contains(QStringLiteral("10 s")));
        QVERIFY(!svg.texts.contains(QStringLiteral("16 s")));
        const auto baseline = seriesXExtent(bytes, kBaselineColour);
        const auto tuned = seriesXExtent(bytes, kTunedColour);
        QVERIFY2(baseline.second < tuned.first,
                 qPrintable(QStringLiteral("baseline %1–%2, tuned %3–%4").arg(baseline.first).arg(baseline.second).arg(tuned.first).arg(tuned.second)));
        // 4 s against 6 s of the same axis.
        const double ratio = (baseline.second - baseline.first) / (tuned.second - tuned.first);
        QVERIFY2(std::abs(ratio - 4.0 / 6.0) < 0.05, qPrintable(QString::number(ratio)));
    }

    void pngSizeAndScale_data()
    {
        QTest::addColumn<QString>("size");
        QTest::addColumn<QString>("scale");
        QTest::addColumn<QSize>("pixels");
        QTest::addColumn<int>("dotsPerMeter");
        QTest::newRow("1920x1080 at 1x") << "1920x1080" << "1" << QSize(1920, 1080) << 3780;
        QTest::newRow("1280x720 at 2x") << "1280x720" << "2" << QSize(2560, 1440) << 7559;
        QTest::newRow("4:3 at 3x") << "4:3" << "3" << QSize(3072, 2304) << 11339;
    }
    void pngSizeAndScale()
    {
        QFETCH(QString, size);
        QFETCH(QString, scale);
        QFETCH(QSize, pixels);
        QFETCH(int, dotsPerMeter);
        const QString path = m_directory.filePath(QStringLiteral("chart-%1.png").arg(scale));
        const Result result = runApp(exportArguments({QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--size"), size,
                                                      QStringLiteral("--scale"), scale, QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QImage image(path);
        QCOMPARE(image.size(), pixels);
        // The device-pixel ratio travels as the resolution: 96 dpi times the scale.
        QCOMPARE(image.dotsPerMeterX(), dotsPerMeter);
        QCOMPARE(image.dotsPerMeterY(), dotsPerMeter);
        QCOMPARE(image.pixelColor(1, 1), QColor(Qt::white));
    }

    void pdfOnePagePerMetric()
    {
        const QString path = m_directory.filePath(QStringLiteral("pages.pdf"));
        const Result result = runApp(exportArguments({QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--metric"),
                                                      QStringLiteral("cpu.context_switches"), QStringLiteral("--metric"), QStringLiteral("mem.used"),
                                                      QStringLiteral("--pages"), QStringLiteral("--size"), QStringLiteral("1280x720"),
                                                      QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF-"));
        QCOMPARE(pdfPageCount(pdf), 3);
        // 1280×720 pixels at 96 dpi are 960×540 points.
        QCOMPARE(pdfMediaBoxes(pdf), QStringList(3, QStringLiteral("0 0 960 540")));

        const QString grid = m_directory.filePath(QStringLiteral("grid.pdf"));
        QCOMPARE(runApp(exportArguments({QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--metric"),
                                         QStringLiteral("mem.used"), QStringLiteral("-o"), grid})).exitCode, 0);
        QCOMPARE(pdfPageCount(readAll(grid)), 1);
        QCOMPARE(pdfMediaBoxes(readAll(grid)), QStringList{QStringLiteral("0 0 1440 810")});
    }

    void summaryTextIsExact_data()
    {
        QTest::addColumn<QString>("format");
        QTest::newRow("md") << "md";
        QTest::newRow("csv") << "csv";
    }
    void summaryTextIsExact()
    {
        QFETCH(QString, format);
        // The same bytes as `runlens summary`, whose output is checked against fixtures in tst_summary_cli.
        const Result summary = runApp({QStringLiteral("summary"), QStringLiteral("--baseline"), kBaseline, kTuned,
                                       QStringLiteral("--format"), format});
        QCOMPARE(summary.exitCode, 0);
        const QString path = m_directory.filePath(QStringLiteral("summary.") + format);
        const Result exported = runApp(exportArguments({QStringLiteral("--summary"), format, QStringLiteral("-o"), path}));
        QVERIFY2(exported.exitCode == 0, exported.err.constData());
        QCOMPARE(readAll(path), summary.out);
        // Without -o it goes to the standard output.
        const Result toStdout = runApp(exportArguments({QStringLiteral("--summary"), format}));
        QCOMPARE(toStdout.out, summary.out);
        if (format == QLatin1String("csv"))
            QVERIFY(summary.out.startsWith("metric,"));
        else
            QVERIFY(summary.out.startsWith("# Summary\n"));
    }

    // Windows per run and steady states are the runs' trims: the summary follows them, byte for
    // byte as `runlens summary` with the same windows, and says why on stderr.
    void summaryFollowsRunWindows_data()
    {
        QTest::addColumn<QStringList>("windows");
        QTest::newRow("per run") << QStringList{QStringLiteral("--window"), QStringLiteral("1=5:15"), QStringLiteral("--window"),
                                                QStringLiteral("demo-tuned=6:16")};
        QTest::newRow("steady") << QStringList{QStringLiteral("--window"), QStringLiteral("steady")};
    }
    void summaryFollowsRunWindows()
    {
        QFETCH(QStringList, windows);
        const Result summary = runApp(QStringList{QStringLiteral("summary"), QStringLiteral("--baseline"), kBaseline, kTuned} + windows);
        QCOMPARE(summary.exitCode, 0);
        const Result exported = runApp(exportArguments(QStringList{QStringLiteral("--summary"), QStringLiteral("md")} + windows));
        QVERIFY2(exported.exitCode == 0, exported.err.constData());
        QCOMPARE(exported.out, summary.out);
        const Result whole = runApp(exportArguments({QStringLiteral("--summary"), QStringLiteral("md")}));
        QVERIFY(whole.out != exported.out);
        QCOMPARE(exported.err, QByteArray(summary.err).replace("runlens summary:", "runlens export:"));
    }

    void summaryTableAsPdf()
    {
        const QString path = m_directory.filePath(QStringLiteral("summary.pdf"));
        const Result result = runApp(exportArguments({QStringLiteral("--summary"), QStringLiteral("pdf"), QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        // Hundreds of metrics: the table continues over several pages.
        QVERIFY(pdfPageCount(readAll(path)) > 1);
    }

    void flameGraphs()
    {
        const QString plain = m_directory.filePath(QStringLiteral("flame.svg"));
        Result result = runApp(exportArguments({QStringLiteral("--flamegraph"), QStringLiteral("-o"), plain}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        SvgContent svg = parseSvg(readAll(plain));
        QCOMPARE(svg.title, QStringLiteral("Flame graph: demo-tuned"));
        QVERIFY(svg.texts.contains(QStringLiteral("all")));
        QVERIFY2(svg.rects > 10, qPrintable(QString::number(svg.rects))); // frames are rectangles

        const QString diff = m_directory.filePath(QStringLiteral("flame-diff.png"));
        result = runApp(exportArguments({QStringLiteral("--flamegraph"), QStringLiteral("--diff"), QStringLiteral("-o"), diff}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QCOMPARE(QImage(diff).size(), QSize(1920, 1080));
        const QString diffSvg = m_directory.filePath(QStringLiteral("flame-diff.svg"));
        QCOMPARE(runApp(exportArguments({QStringLiteral("--flamegraph"), QStringLiteral("--diff"), QStringLiteral("-o"), diffSvg})).exitCode, 0);
        svg = parseSvg(readAll(diffSvg));
        // The differential legend says what is compared with what.
        QVERIFY(svg.texts.filter(QStringLiteral("Colour: change from the baseline, demo-baseline")).size() == 1);

        // A perf script profile of cycles in frequency mode, by summed periods: the legend gives
        // what stackcollapse-perf.pl adds up for the file (tests/fixtures/perf-script).
        const QString frequency = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/perf-script/frequency.txt");
        const QString events = m_directory.filePath(QStringLiteral("flame-events.svg"));
        result = runApp({QStringLiteral("export"), QStringLiteral("--runs"), frequency, QStringLiteral("--flamegraph"),
                         QStringLiteral("--event-count"), QStringLiteral("-o"), events});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        svg = parseSvg(readAll(events));
        QVERIFY2(svg.texts.contains(QStringLiteral("frequency.txt: 3505028 events (summed periods)")), qPrintable(svg.texts.join(QLatin1Char('|'))));
        const QString samples = m_directory.filePath(QStringLiteral("flame-samples.svg"));
        QCOMPARE(runApp({QStringLiteral("export"), QStringLiteral("--runs"), frequency, QStringLiteral("--flamegraph"),
                         QStringLiteral("-o"), samples}).exitCode, 0);
        QVERIFY(parseSvg(readAll(samples)).texts.contains(QStringLiteral("frequency.txt: 14 samples")));

        // The flame-graph panel's filters: CPU 0 has 7 of the 14 samples; thread 5002 has 5,
        // whose periods add up to 1 + 250003 + 1 + 1000003 + 1. The subtitle says what was left out.
        const QString cpu0 = m_directory.filePath(QStringLiteral("flame-cpu0.svg"));
        QCOMPARE(runApp({QStringLiteral("export"), QStringLiteral("--runs"), frequency, QStringLiteral("--flamegraph"),
                         QStringLiteral("--cpus"), QStringLiteral("0"), QStringLiteral("-o"), cpu0}).exitCode, 0);
        svg = parseSvg(readAll(cpu0));
        QVERIFY2(svg.texts.contains(QStringLiteral("frequency.txt: 7 samples")), qPrintable(svg.texts.join(QLatin1Char('|'))));
        QVERIFY2(!svg.texts.filter(QStringLiteral("only CPUs 0")).isEmpty(), qPrintable(svg.texts.join(QLatin1Char('|'))));
        const QString thread = m_directory.filePath(QStringLiteral("flame-thread.svg"));
        QCOMPARE(runApp({QStringLiteral("export"), QStringLiteral("--runs"), frequency, QStringLiteral("--flamegraph"),
                         QStringLiteral("--event-count"), QStringLiteral("--threads"), QStringLiteral("5002"),
                         QStringLiteral("-o"), thread}).exitCode, 0);
        svg = parseSvg(readAll(thread));
        QVERIFY2(svg.texts.contains(QStringLiteral("frequency.txt: 1250009 events (summed periods)")),
                 qPrintable(svg.texts.join(QLatin1Char('|'))));
        QCOMPARE(runApp({QStringLiteral("export"), QStringLiteral("--runs"), frequency, QStringLiteral("--flamegraph"),
                         QStringLiteral("--cpus"), QStringLiteral("zero"), QStringLiteral("-o"), thread}).exitCode, 2);
    }

    void heatMap()
    {
        const QString path = m_directory.filePath(QStringLiteral("heat.png"));
        const Result result = runApp(exportArguments({QStringLiteral("--heatmap"), QStringLiteral("cpu.user"), QStringLiteral("--size"),
                                                      QStringLiteral("1280x720"), QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QImage image(path);
        QCOMPARE(image.size(), QSize(1280, 720));
        // The busy CPUs are dark red somewhere in the bands.
        bool dark = false;
        for (int y = 0; y < image.height() && !dark; y += 2) {
            for (int x = 0; x < image.width() && !dark; x += 4)
                dark = image.pixelColor(x, y) == QColor(0x80, 0x00, 0x26);
        }
        QVERIFY(dark);

        // The heat map has its own time axis, and its rows are named by instance.
        const QString svgPath = m_directory.filePath(QStringLiteral("heat.svg"));
        QCOMPARE(runApp(exportArguments({QStringLiteral("--heatmap"), QStringLiteral("cpu.user"), QStringLiteral("--window"),
                                         QStringLiteral("4s:16s"), QStringLiteral("-o"), svgPath})).exitCode, 0);
        const SvgContent svg = parseSvg(readAll(svgPath));
        QVERIFY2(svg.texts.contains(QStringLiteral("4 s")) && svg.texts.contains(QStringLiteral("16 s")), qPrintable(svg.texts.join(QLatin1Char('|'))));
        QVERIFY(!svg.texts.contains(QStringLiteral("20 s")));
        QVERIFY(svg.texts.contains(QStringLiteral("cpu1")));
    }

    void goldenChart()
    {
        const QString path = m_directory.filePath(QStringLiteral("golden.png"));
        const Result result = runApp(exportArguments({QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--size"),
                                                      QStringLiteral("640x360"), QStringLiteral("-o"), path}));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        const QString golden = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/export/chart-cpu-user-640x360.png");
        const QImage actual = QImage(path).convertToFormat(QImage::Format_RGB32);
        if (qEnvironmentVariableIsSet("RUNLENS_UPDATE_EXPORT_GOLDEN")) {
            QFile::remove(golden);
            QVERIFY(QFile::copy(path, golden));
        }
        const QImage expected = QImage(golden).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(actual.size(), expected.size());
        // Antialiasing may differ by a shade between FreeType builds; a moved line or label may not.
        double totalDifference = 0;
        int differentPixels = 0;
        for (int y = 0; y < actual.height(); ++y) {
            for (int x = 0; x < actual.width(); ++x) {
                const QRgb a = actual.pixel(x, y);
                const QRgb b = expected.pixel(x, y);
                const int difference = std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
                totalDifference += difference;
                differentPixels += difference > 48 ? 1 : 0;
            }
        }
        const double pixels = double(actual.width()) * actual.height();
        const QString figures = QStringLiteral("mean difference %1, %2 pixels differ by more than 48").arg(totalDifference / pixels).arg(differentPixels);
        actual.save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/export-golden-actual.png"));
        QVERIFY2(totalDifference / pixels < 1.5, qPrintable(figures));
        QVERIFY2(differentPixels < pixels * 0.002, qPrintable(figures));
    }

    void errorsAreClear_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown metric") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.nonsense"), QStringLiteral("-o"), QStringLiteral("x.svg")}
                                        << 2 << "no run has the metric \"cpu.nonsense\"";
        QTest::newRow("pages need pdf") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--pages"), QStringLiteral("-o"), QStringLiteral("x.svg")}
                                        << 2 << "--pages needs PDF";
        QTest::newRow("no output") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user")} << 2 << "-o";
        QTest::newRow("unknown suffix") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("-o"), QStringLiteral("x.gif")}
                                        << 2 << "cannot tell the format";
        QTest::newRow("bad size") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--size"), QStringLiteral("5x5"), QStringLiteral("-o"), QStringLiteral("x.png")}
                                  << 2 << "the size \"5x5\"";
        QTest::newRow("bad scale") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--scale"), QStringLiteral("7"), QStringLiteral("-o"), QStringLiteral("x.png")}
                                   << 2 << "the scale must be 1, 2 or 3";
        QTest::newRow("two subjects") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--flamegraph"), QStringLiteral("-o"), QStringLiteral("x.png")}
                                      << 2 << "choose one of";
        QTest::newRow("bad window") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("--window"), QStringLiteral("20s:10s"), QStringLiteral("-o"), QStringLiteral("x.png")}
                                    << 2 << "the window \"20s:10s\"";
        QTest::newRow("unwritable") << QStringList{QStringLiteral("--metric"), QStringLiteral("cpu.user"), QStringLiteral("-o"), QStringLiteral("/nonexistent-directory/x.png")}
                                    << 1 << "Cannot export to /nonexistent-directory/x.png";
    }
    void errorsAreClear()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Result result = runApp(exportArguments(arguments));
        QCOMPARE(result.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(result.err).startsWith(QStringLiteral("runlens export: ")), result.err.constData());
        QVERIFY2(QString::fromUtf8(result.err).contains(message), result.err.constData());
    }

    void unreadableRunIsNamed()
    {
        const QString bad = m_directory.filePath(QStringLiteral("broken.tar.gz"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not a gzip stream");
        file.close();
        const Result result = runApp({QStringLiteral("export"), QStringLiteral("--runs"), kBaseline, bad, QStringLiteral("--metric"),
                                      QStringLiteral("cpu.user"), QStringLiteral("-o"), m_directory.filePath(QStringLiteral("x.png"))});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("broken.tar.gz"), result.err.constData());
        QVERIFY(!QFile::exists(m_directory.filePath(QStringLiteral("x.png"))));
    }

private:
    QTemporaryDir m_directory;
};

QTEST_GUILESS_MAIN(TestExportCli)
#include "tst_export_cli.moc"
