// Benchmarks of the app's data and drawing paths (issue targets in brackets):
//   - open a one-hour, 192-CPU archive               [<= 1 s, <= 2x its uncompressed column bytes]
//   - zoom/pan redraw, 12 charts x 4 runs x 3,600 pts [<= 16 ms]
//   - redraw of one 1,000,000-point series            [<= 30 ms]
// It prints figures and fails only when the data it reads back is wrong, never on time.
#include "ChartGrid.h"
#include "RunLoader.h"
#include "RunSet.h"
#include "SyntheticRun.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"
#include "Spool.h"
#include "TimeController.h"
#include "TimeSeriesChart.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QPixmap>
#include <QTemporaryDir>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <random>

namespace {

long residentKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLong();
    }
    return 0;
}

// A run archive written through the recorder's own format code: 192 CPUs x 11 CPU states and
// 40 memory fields, one sample a second for an hour. Values vary like a busy host's.
QString writeLargeArchive(const QString& directory, const QString& name, int cpus, int samples, std::size_t& columnBytes)
{
    using namespace runlens::format;
    const QString spool = directory + QLatin1Char('/') + name + QStringLiteral(".spool");
    QDir().mkpath(spool + QStringLiteral("/series"));
    spool::writeFileAtomically(spool.toStdString(), "manifest.json",
                               nlohmann::json{{"format_version", "1.0"}, {"run", {{"name", name.toStdString()}}},
                                              {"interval_ns", 1'000'000'000}, {"end", {{"reason", "duration"}}}}
                                   .dump());
    nlohmann::json metrics = nlohmann::json::array();
    static const char* const states[] = {"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal", "guest", "guest_nice", "busy"};
    for (const char* state : states)
        metrics.push_back({{"id", std::string("cpu.") + state}, {"kind", "percent"}, {"unit", "%"}, {"category", "CPU"}});
    for (int m = 0; m < 40; ++m)
        metrics.push_back({{"id", "mem.field" + std::to_string(m)}, {"kind", "gauge"}, {"unit", "bytes"}, {"category", "Memory"}});
    spool::writeFileAtomically(spool.toStdString(), "metrics.json", metrics.dump());

    std::mt19937 random(42);
    std::uniform_real_distribution<double> noise(0, 1);
    std::vector<ColumnKey> cpuKeys;
    for (const char* state : states) {
        cpuKeys.push_back({std::string("cpu.") + state, "all"});
        for (int c = 0; c < cpus; ++c)
            cpuKeys.push_back({std::string("cpu.") + state, "cpu" + std::to_string(c)});
    }
    std::vector<ColumnKey> memKeys;
    for (int m = 0; m < 40; ++m)
        memKeys.push_back({"mem.field" + std::to_string(m), ""});
    SpoolWriter cpu((spool + QStringLiteral("/series/cpu.spool")).toStdString());
    SpoolWriter mem((spool + QStringLiteral("/series/mem.spool")).toStdString());
    std::vector<double> cpuRow(cpuKeys.size());
    std::vector<double> memRow(memKeys.size());
    for (int s = 0; s < samples; ++s) {
        for (std::size_t k = 0; k < cpuRow.size(); ++k)
            cpuRow[k] = std::round((20 + 30 * std::sin(s / 60.0 + double(k)) + 10 * noise(random)) * 100) / 100;
        for (std::size_t k = 0; k < memRow.size(); ++k)
            memRow[k] = std::round(1e9 + 1e7 * std::sin(s / 300.0 + double(k)) + 4096 * noise(random));
        cpu.append(cpuKeys, std::int64_t(s) * 1'000'000'000, cpuRow);
        mem.append(memKeys, std::int64_t(s) * 1'000'000'000, memRow);
    }
    columnBytes = std::size_t(samples) * 8 * (cpuKeys.size() + memKeys.size() + 2);
    const QString archive = directory + QLatin1Char('/') + name + QStringLiteral(".tar.gz");
    packSpool(spool.toStdString(), archive.toStdString());
    return archive;
}

// Milliseconds per zoom/pan step: a new view range, re-decimation of every chart, and repainting
// the window with every chart in it.
struct RedrawCost {
    double totalMs = 0;
    double updateMs = 0; // view range, decimation, handing points to the chart
    double paintMs = 0;  // painting every chart
    double cpuMs = 0;    // CPU time of the whole step: what it costs on an otherwise idle machine
};

double processCpuMilliseconds()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

RedrawCost redrawMilliseconds(ChartGrid& grid, TimeController& time, int steps)
{
    const auto extent = time.extent();
    QElapsedTimer timer;
    RedrawCost cost;
    const double cpuStart = processCpuMilliseconds();
    for (int step = 0; step < steps; ++step) {
        const double width = (extent.second - extent.first) * (0.3 + 0.6 * (step % 5) / 4.0);
        const double start = extent.first + (extent.second - extent.first - width) * (step % 7) / 6.0;
        timer.start();
        time.setViewRange({start, start + width});
        grid.refreshNow();
        cost.updateMs += double(timer.nsecsElapsed()) / 1e6;
        timer.start();
        // What a frame costs on screen: the window repainted through its backing store (the
        // offscreen platform paints synchronously, like a compositor-less X11 session).
        grid.repaint();
        cost.paintMs += double(timer.nsecsElapsed()) / 1e6;
    }
    cost.cpuMs = (processCpuMilliseconds() - cpuStart) / steps;
    cost.updateMs /= steps;
    cost.paintMs /= steps;
    cost.totalMs = cost.updateMs + cost.paintMs;
    return cost;
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    const int samples = quick ? 600 : 3600;
    QTemporaryDir directory;

    std::printf("Runlens app benchmark (%s)\n\n", quick ? "quick: 10 simulated minutes, figures scale to an hour" : "full");

    // 1. Open a one-hour, 192-CPU archive.
    std::size_t columnBytes = 0;
    QElapsedTimer timer;
    timer.start();
    const QString archive = writeLargeArchive(directory.path(), QStringLiteral("large"), 192, samples, columnBytes);
    const double writeSeconds = double(timer.nsecsElapsed()) / 1e9;
    const long rssBefore = residentKiB();
    timer.restart();
    const RunPtr run = RunLoader::loadNow(archive);
    const double openSeconds = double(timer.nsecsElapsed()) / 1e9;
    const long rssAfter = residentKiB();
    const double memoryRatio = double(rssAfter - rssBefore) * 1024.0 / double(columnBytes);
    const SeriesView check = run->series(QStringLiteral("cpu.busy"), QStringLiteral("cpu191"));
    if (check.size() != std::size_t(samples) || run->instances(QStringLiteral("cpu.user")).size() != 193) {
        std::fprintf(stderr, "bench_app: the large archive read back wrong (%zu rows)\n", check.size());
        return 1;
    }
    std::printf("open archive: %d CPUs x %d samples, %.1f MB compressed, %.1f MB of columns\n", 192, samples,
                double(QFileInfo(archive).size()) / 1e6, double(columnBytes) / 1e6);
    std::printf("  written in %.2f s (format writer + pack)\n", writeSeconds);
    std::printf("  opened in  %.3f s                       target <= 1 s\n", openSeconds);
    std::printf("  memory     %.2f x the column bytes (%.1f MB)  target <= 2 x\n\n", memoryRatio,
                double(rssAfter - rssBefore) / 1024.0);

    // 2. 12 charts x 4 runs x 3,600 points.
    RunSet runs;
    TimeController time;
    for (int r = 0; r < 4; ++r)
        runs.add(syntheticRun(QStringLiteral("/runs/run%1").arg(r), 12, 3600, 1.0, r));
    time.setExtent(runs.timeExtent());
    ChartGrid grid(&runs, &time);
    grid.resize(1400, 12 * 240);
    for (int m = 0; m < 12; ++m)
        grid.addChart(QStringLiteral("cpu.metric%1").arg(m));
    grid.show();
    QCoreApplication::processEvents();
    redrawMilliseconds(grid, time, 3); // warm up caches and series objects
    const RedrawCost gridCost = redrawMilliseconds(grid, time, quick ? 10 : 40);
    int points = 0;
    for (int c = 0; c < grid.count(); ++c)
        points += grid.chart(c)->drawnPointCount();
    std::printf("zoom/pan redraw: 12 charts x 4 runs x 3,600 points\n");
    std::printf("  %.1f ms per step: %.1f ms decimate and update series, %.1f ms paint; %d points drawn   target <= 16 ms\n",
                gridCost.totalMs, gridCost.updateMs, gridCost.paintMs, points);
    std::printf("  %.1f ms of CPU per step (wall time on a busy machine exceeds it)\n\n", gridCost.cpuMs);

    // 3. One series of 1,000,000 points.
    RunSet bigRuns;
    TimeController bigTime;
    bigRuns.add(syntheticRun(QStringLiteral("/runs/big"), 1, 1'000'000, 0.01, 9));
    bigTime.setExtent(bigRuns.timeExtent());
    ChartGrid single(&bigRuns, &bigTime);
    single.resize(1400, 300);
    single.addChart(QStringLiteral("cpu.metric0"));
    single.show();
    QCoreApplication::processEvents();
    redrawMilliseconds(single, bigTime, 2);
    const RedrawCost bigCost = redrawMilliseconds(single, bigTime, quick ? 10 : 40);
    std::printf("1,000,000-point series\n");
    std::printf("  %.1f ms per zoom/pan step: %.1f ms decimate and update, %.1f ms paint; %d points drawn   target <= 30 ms\n",
                bigCost.totalMs, bigCost.updateMs, bigCost.paintMs, single.chart(0)->drawnPointCount());
    std::printf("  %.1f ms of CPU per step\n", bigCost.cpuMs);
    return 0;
}
