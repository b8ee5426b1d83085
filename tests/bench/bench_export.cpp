// What an export costs: the chart grid of the redraw benchmark (12 charts × 4 runs × 3,600
// points) written as PNG at 1× and 2×, SVG and PDF at 1920×1080, and a 600-row table as a
// multi-page PDF; wall and CPU time, file size and the process's peak memory, per format.
//
//   bench_export [--quick]   (--quick: one repetition, for CTest)
#include "RunSet.h"
#include "SyntheticRun.h"
#include "export/ChartFigure.h"
#include "export/ExportFonts.h"
#include "export/FigureWriter.h"
#include "export/TableFigure.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QStandardItemModel>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

namespace {

double processCpuMilliseconds()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

long peakResidentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').first().toLong();
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication application(argc, argv);
    const bool quick = QCoreApplication::arguments().contains(QStringLiteral("--quick"));
    const int repetitions = quick ? 1 : 5;

    RunSet runs;
    for (int r = 0; r < 4; ++r)
        runs.add(syntheticRun(QStringLiteral("run%1").arg(r), 12, 3600, 1.0, r + 1));
    std::vector<ChartFigureMetric> metrics;
    for (int m = 0; m < 12; ++m)
        metrics.push_back({QStringLiteral("cpu.metric%1").arg(m), QStringLiteral("all")});
    ChartFigure charts(runs, metrics, runs.timeExtent());
    charts.setText({QStringLiteral("Twelve metrics of four runs"), QStringLiteral("Whole run"), QString()});

    QStandardItemModel table(600, 5);
    for (int row = 0; row < 600; ++row) {
        for (int column = 0; column < 5; ++column)
            table.setItem(row, column, new QStandardItem(QStringLiteral("metric %1 value %2").arg(row).arg(column)));
    }
    TableFigure tableFigure(table);

    QTemporaryDir directory;
    const QString family = ExportFonts::family();
    std::printf("export benchmark: 12 charts x 4 runs x 3600 points at 1920x1080, font %s, %d repetition(s)\n",
                qPrintable(family), repetitions);
    std::printf("%-22s %10s %10s %12s\n", "export", "wall ms", "CPU ms", "file bytes");
    struct Case {
        const char* name;
        ExportFormat format;
        double scale;
        const Figure* figure;
    };
    const Case cases[] = {{"charts PNG 1x", ExportFormat::Png, 1, &charts}, {"charts PNG 2x", ExportFormat::Png, 2, &charts},
                          {"charts SVG", ExportFormat::Svg, 1, &charts},    {"charts PDF", ExportFormat::Pdf, 1, &charts},
                          {"table 600 rows PDF", ExportFormat::Pdf, 1, &tableFigure}};
    for (const Case& c : cases) {
        ExportTarget target;
        target.format = c.format;
        target.scale = c.scale;
        target.style = ExportStyle::presentation(target.size, family);
        const QString path = directory.filePath(QStringLiteral("out.") + FigureWriter::suffixOf(c.format));
        QElapsedTimer wall;
        const double cpuStart = processCpuMilliseconds();
        wall.start();
        for (int i = 0; i < repetitions; ++i) {
            QString error;
            if (!FigureWriter::write({c.figure}, path, target, &error)) {
                std::fprintf(stderr, "%s\n", qPrintable(error));
                return 1;
            }
        }
        std::printf("%-22s %10.1f %10.1f %12lld\n", c.name, double(wall.nsecsElapsed()) / 1e6 / repetitions,
                    (processCpuMilliseconds() - cpuStart) / repetitions, QFileInfo(path).size());
    }
    std::printf("peak memory            %ld KiB\n", peakResidentKiB());
    return 0;
}
