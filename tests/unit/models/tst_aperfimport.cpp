// APerf runs opened as Runlens runs: test_run_1 (APerf 1.2.0, 16 Graviton CPUs, 5 s) against the
// values APerf's own report shows for it (tests/fixtures/aperf/test_run_1.expected.json, made by
// make-expected.py from the report tarball: truncated to 2 decimals, hence within 0.01), its
// memory against the meminfo text, the report tarball as its two runs, host facts compared with
// a Runlens run, and what a damaged source costs.
#include "AperfArchive.h"
#include "AperfImport.h"
#include "AperfPmu.h"
#include "summary/Comparability.h"
#include "FormatError.h"
#include "ProfileImport.h"
#include "RunListModel.h"
#include "RunLoader.h"
#include "RunSet.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cmath>

namespace {

QString fixture(const QString& name)
{
    return QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/aperf/") + name;
}

nlohmann::json expected()
{
    QFile file(fixture(QStringLiteral("test_run_1.expected.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
}

// APerf's value for each sample but the first (APerf shows a made-up 0 where no change is known
// yet; Runlens shows nothing), against the run's series, within APerf's 2-decimal truncation.
void compareWithAperf(const Run& run, const char* metric, const char* instance, const nlohmann::json& item, int firstSample,
                      const char* key = "values")
{
    const SeriesView series = run.series(QString::fromLatin1(metric), QString::fromLatin1(instance));
    const auto& values = item[key];
    QVERIFY2(!series.isEmpty(), metric);
    QCOMPARE(series.size(), values.size() - std::size_t(firstSample));
    int compared = 0;
    for (std::size_t i = 1; i < values.size(); ++i) {
        const std::size_t row = i - std::size_t(firstSample);
        QVERIFY2(row < series.size(), metric);
        const double ours = series.values[row];
        const double theirs = values[i].get<double>();
        QVERIFY2(std::abs(ours - theirs) < 0.01,
                 qPrintable(QStringLiteral("%1[%2] sample %3: %4, APerf shows %5").arg(metric, instance).arg(i).arg(ours).arg(theirs)));
        ++compared;
    }
    QVERIFY(compared >= 5);
}

// A tar.gz built in memory: (path, bytes) entries.
QByteArray tarGz(const std::vector<std::pair<std::string, std::string>>& entries)
{
    std::string out(1 << 22, '\0');
    std::size_t used = 0;
    archive* writer = archive_write_new();
    archive_write_set_format_pax_restricted(writer);
    archive_write_add_filter_gzip(writer);
    archive_write_open_memory(writer, out.data(), out.size(), &used);
    for (const auto& [path, bytes] : entries) {
        archive_entry* entry = archive_entry_new();
        archive_entry_set_pathname(entry, path.c_str());
        archive_entry_set_size(entry, la_int64_t(bytes.size()));
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_write_header(writer, entry);
        archive_write_data(writer, bytes.data(), bytes.size());
        archive_entry_free(entry);
    }
    archive_write_close(writer);
    archive_write_free(writer);
    return QByteArray(out.data(), qsizetype(used));
}

// The (path, bytes) entries of a tar.gz file.
std::vector<std::pair<std::string, std::string>> readTarGz(const QString& path)
{
    std::vector<std::pair<std::string, std::string>> entries;
    archive* reader = archive_read_new();
    archive_read_support_filter_gzip(reader);
    archive_read_support_format_tar(reader);
    if (archive_read_open_filename(reader, path.toLocal8Bit().constData(), 1 << 16) == ARCHIVE_OK) {
        archive_entry* entry = nullptr;
        while (archive_read_next_header(reader, &entry) == ARCHIVE_OK) {
            if (archive_entry_filetype(entry) != AE_IFREG)
                continue;
            std::string bytes(std::size_t(archive_entry_size(entry)), '\0');
            archive_read_data(reader, bytes.data(), bytes.size());
            entries.emplace_back(archive_entry_pathname(entry), std::move(bytes));
        }
    }
    archive_read_free(reader);
    return entries;
}

QString writeFile(const QTemporaryDir& directory, const QString& name, const QByteArray& bytes)
{
    const QString path = directory.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(bytes);
    return path;
}

// One APerf 1.3 time-series record: Data variant, TimeEnum::DateTime, the time, the text.
std::string record(std::uint32_t variant, const std::string& time, const std::string& text)
{
    std::string bytes;
    const auto put = [&bytes](const void* data, std::size_t size) { bytes.append(static_cast<const char*>(data), size); };
    const std::uint32_t dateTime = 0;
    put(&variant, 4);
    put(&dateTime, 4);
    for (const std::string* part : {&time, &text}) {
        const std::uint64_t length = part->size();
        put(&length, 8);
        bytes += *part;
    }
    return bytes;
}

// A record of APerf ≥ 1.2.2's memalloc: Data variant, TimeEnum::DateTime, the time, three texts.
std::string memallocRecord(const std::string& time, const std::string& buddyinfo, const std::string& slabinfo)
{
    std::string bytes = record(13, time, buddyinfo);
    const std::string pagetypeinfo;
    for (const std::string* part : {&pagetypeinfo, &slabinfo}) {
        const std::uint64_t length = part->size();
        bytes.append(reinterpret_cast<const char*>(&length), 8);
        bytes += *part;
    }
    return bytes;
}

// A run of APerf 1.3 (plain file names, metadata.json, pmu_config.json with formulas) whose
// perf_stat holds `lines` per sample, 1 s apart.
// `perfStatFirst`: perf_stat.bin before the configuration in the tar (APerf's order is readdir's).
QString nightlyRun(const QTemporaryDir& directory, const char* mode, const std::vector<std::string>& samples,
                   bool perfStatFirst = false)
{
    std::string perfStat;
    for (std::size_t i = 0; i < samples.size(); ++i)
        perfStat += record(7, "2026-11-30T10:00:0" + std::to_string(i) + ".500000000Z", samples[i]);
    const std::string metadata = std::string(R"({"run_name": "nightly", "period": 2, "interval": 1, "collector_version": "1.3.0",
        "collector_commit_sha": "abc1234", "pmu_counter_mode": ")") + mode + R"(",
        "collection_start": {"DateTime": "2026-11-30T10:00:00.000000000Z"}, "collection_end": {"DateTime": "2026-11-30T10:00:02.600000000Z"}})";
    const std::string config = R"({"events": {"Instructions": "armv8_pmuv3_0/event=0x8/", "Cycles": "armv8_pmuv3_0/event=0x11/",
        "Stalls": "armv8_pmuv3_0/event=0x24/"}, "metrics": {"ipc": "Instructions / Cycles", "stall-backend-pkc": "Stalls / Cycles * 1000"}})";
    std::vector<std::pair<std::string, std::string>> files = {
        {"nightly/metadata.json", metadata}, {"nightly/pmu_config.json", config}, {"nightly/perf_stat.bin", perfStat}};
    if (perfStatFirst)
        std::rotate(files.begin(), files.begin() + 2, files.end());
    return writeFile(directory, QString::fromLatin1(mode) + (perfStatFirst ? QStringLiteral("-first") : QString())
                         + QStringLiteral(".tar.gz"),
                     tarGz(files));
}

double valueAt(const Run& run, const char* metric, const char* instance, std::size_t row)
{
    const SeriesView series = run.series(QString::fromLatin1(metric), QString::fromLatin1(instance));
    return row < series.size() ? series.values[row] : -1.0;
}

} // namespace

class TestAperfImport : public QObject
{
    Q_OBJECT

private slots:
    void recordArchiveValuesAreApersOwn()
    {
        const nlohmann::json values = expected();
        QVERIFY(values.is_object());
        const RunPtr run = RunLoader::loadNow(fixture(QStringLiteral("test_run_1.tar.gz")));
        QCOMPARE(run->name(), QStringLiteral("test_run_1"));
        QCOMPARE(run->manifest()["imported_from"].get<std::string>(), std::string("APerf 1.2.0"));
        // The run list says where the run came from.
        RunSet runs;
        runs.add(run);
        RunListModel list(&runs);
        const QString tip = list.index(0, 0).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("\nfrom APerf 1.2.0\n")), qPrintable(tip));
        // And what was left out, with the reader's sentence.
        QVERIFY2(tip.contains(QStringLiteral("Not imported: systeminfo_2026-01-30_08_25_32.bin is damaged: the string length at offset 180")),
                 qPrintable(tip));

        compareWithAperf(*run, "cpu.user", "all", values["cpu_utilization"]["user_all"], 0);
        compareWithAperf(*run, "cpu.system", "all", values["cpu_utilization"]["system_all"], 0);
        compareWithAperf(*run, "cpu.user", "cpu0", values["cpu_utilization"]["user_cpu0"], 0);
        // cpu.busy is 100 - idle - iowait, as runlens-rec counts it (APerf's "total" counts iowait as
        // busy): against the raw text's values (make-expected.py checked the rest against APerf's).
        compareWithAperf(*run, "cpu.busy", "cpu0", values["cpu_utilization"]["busy_cpu0"], 0, "raw_runlens_busy");
        // The first PMU sample counts from before the recording started: left out.
        compareWithAperf(*run, "pmu.ipc", "all", values["perf_stat"]["ipc_all"], 1);
        compareWithAperf(*run, "pmu.ipc", "cpu0", values["perf_stat"]["ipc_cpu0"], 1);
        QCOMPARE(run->instances(QStringLiteral("cpu.user")).size(), 17); // 16 CPUs and "all"

        // Memory: the meminfo text's kB in bytes, every sample.
        for (const auto& [key, id] : std::vector<std::pair<const char*, const char*>>{
                 {"MemTotal", "mem.total"}, {"MemFree", "mem.free"}, {"MemAvailable", "mem.available"}, {"Cached", "mem.cached"}, {"Dirty", "mem.dirty"}}) {
            const SeriesView series = run->series(QString::fromLatin1(id), QString());
            const auto& aperf = values["meminfo"][key]["values"];
            QCOMPARE(series.size(), aperf.size());
            for (std::size_t i = 0; i < series.size(); ++i)
                QCOMPARE(series.values[i], aperf[i].get<double>());
        }
        // Host facts where runlens-rec puts them: the hand-edited systeminfo is skipped (and said),
        // the rest comes from sysctl, the kernel config and the kernel texts.
        const nlohmann::json& host = run->manifest()["host"];
        QCOMPARE(host["cpus_online"].get<int>(), 16);
        QCOMPARE(host["architecture"].get<std::string>(), std::string("aarch64"));
        QVERIFY(host["kernel_release"].get<std::string>().starts_with("5.10."));
        QVERIFY(run->attachments().contains("host/sysctl.json"));
        QVERIFY(run->attachments().at("host/kernel-config.txt").find("CONFIG_ARM64=y") != std::string::npos);
        const nlohmann::json& skipped = run->manifest()["import"]["skipped"];
        QCOMPARE(skipped.size(), std::size_t(1));
        QVERIFY(skipped[0]["file"].get<std::string>().starts_with("systeminfo"));
        QVERIFY(!skipped[0]["reason"].get<std::string>().empty());
        // Interrupts per line, all CPUs, per second (APerf shows their mean delta per sample).
        const auto& ipi = values["interrupts"]["ipi1_all"]["raw_sum_rate_per_s"];
        const SeriesView ipiRate = run->series(QStringLiteral("irq.rate"), QStringLiteral("IPI1"));
        QCOMPARE(ipiRate.size(), ipi.size());
        for (std::size_t i = 1; i < ipi.size(); ++i)
            QVERIFY2(std::abs(ipiRate.values[i] - ipi[i].get<double>()) < 1e-3, qPrintable(QString::number(ipiRate.values[i])));
        // Interrupts, disks, network and APerf's own numastat and overhead are there too.
        QVERIFY(run->hasMetric(QStringLiteral("irq.ipi_cpu_rate")));
        QVERIFY(run->hasMetric(QStringLiteral("disk.read_iops")));
        QVERIFY(run->hasMetric(QStringLiteral("net.tcpext.tcptimeouts")));
        QVERIFY(run->hasMetric(QStringLiteral("numa.numa_hit")));
        QVERIFY(run->hasMetric(QStringLiteral("aperf.collector_time")));
    }

    void processesAsRunlensRecShowsThem()
    {
        // APerf 1.2.0's report (data/js/processes.js of test_report.tar.gz) shows for
        // 3638_remote-dev-serv: kernel_space_time [0, 2, 3, 1, 2, 1] and user_space_time
        // [0, 2, 1, 2, 4, 2] (clock ticks per interval, 100 a second), resident_set_size
        // [1233670, 1233697, 1233697, 1233697, 1233697, 1233722] pages, number_threads
        // [109, 108, 108, 108, 108, 107]. Runlens shows ticks per second as % of one CPU (the
        // same numbers over ~1 s intervals), RSS in bytes (4 KiB pages: the kernel config says so).
        const RunPtr run = RunLoader::loadNow(fixture(QStringLiteral("test_run_1.tar.gz")));
        // Shown by command, as every run's processes are (ProcessesByCommand): one process here.
        const QString instance = QStringLiteral("remote-dev-serv");
        QCOMPARE(run->instanceNote(QStringLiteral("proc.cpu"), instance), QStringLiteral("PID 3638"));
        const SeriesView system = run->series(QStringLiteral("proc.cpu_system"), instance);
        const SeriesView user = run->series(QStringLiteral("proc.cpu_user"), instance);
        const SeriesView rss = run->series(QStringLiteral("proc.rss"), instance);
        const SeriesView threads = run->series(QStringLiteral("proc.threads"), instance);
        const double aperfSystem[] = {2, 3, 1, 2, 1};
        const double aperfUser[] = {2, 1, 2, 4, 2};
        const double aperfRss[] = {1233670, 1233697, 1233697, 1233697, 1233697, 1233722};
        const double aperfThreads[] = {109, 108, 108, 108, 108, 107};
        QCOMPARE(rss.size(), std::size_t(6));
        QCOMPARE(system.size(), std::size_t(6));
        QVERIFY(std::isnan(system.values[0])); // no interval yet
        for (std::size_t i = 1; i < 6; ++i) {
            QVERIFY2(std::abs(system.values[i] - aperfSystem[i - 1]) < 0.05, qPrintable(QString::number(system.values[i])));
            QVERIFY2(std::abs(user.values[i] - aperfUser[i - 1]) < 0.1, qPrintable(QString::number(user.values[i])));
        }
        for (std::size_t i = 0; i < 6; ++i) {
            QCOMPARE(rss.values[i], aperfRss[i] * 4096);
            QCOMPARE(threads.values[i], aperfThreads[i]);
        }
        QCOMPARE(run->manifest()["host"]["page_size_bytes"].get<int>(), 4096);
        // Every process is counted; the busiest 16 of each interval have series.
        QVERIFY(run->series(QStringLiteral("proc.count"), QString()).values[0] > 100);
        QVERIFY(run->instances(QStringLiteral("proc.cpu")).size() >= 10);
        QCOMPARE(run->instances(QStringLiteral("proc.cpu")).first(), QStringLiteral("all"));
        // What the 1.2.0 archive does not have is not claimed as missing.
        QVERIFY(run->manifest()["import"]["notes"].empty());
    }

    void memallocAndNetworkDeviceCounters()
    {
        // APerf 1.2.2 added memalloc (buddyinfo, pagetypeinfo, slabinfo) and the ENA and EFA
        // counters ("component:" then "counter value" lines, cumulative).
        const std::string buddy0 = "Node 0, zone      DMA      3      2      1\nNode 0, zone   Normal    100     50     25\n";
        const std::string buddy1 = "Node 0, zone      DMA      3      2      1\nNode 0, zone   Normal     80     40     20\n";
        const std::string slab = "slabinfo - version: 2.1\n# name <active_objs> <num_objs> <objsize> <objperslab> ...\n"
                                 "dentry 1000 1200 192 21 1 : tunables 0 0 0 : slabdata 57 57 0\n"
                                 "kmalloc-64 500 512 64 64 1 : tunables 0 0 0 : slabdata 8 8 0\n";
        const std::string memalloc = memallocRecord("2026-06-01T10:00:00Z", buddy0, slab)
                                   + memallocRecord("2026-06-01T10:00:02Z", buddy1, slab);
        const std::string ena = record(14, "2026-06-01T10:00:00Z", "eth0:\nbw_in_allowance_exceeded 10\nqueue_0_tx_cnt 100\nqueue_1_tx_cnt 7\n")
                              + record(14, "2026-06-01T10:00:02Z", "eth0:\nbw_in_allowance_exceeded 30\nqueue_0_tx_cnt 300\nqueue_1_tx_cnt 7\n");
        const std::string efa = record(15, "2026-06-01T10:00:00Z", "rdmap0s6/1:\nrdma_read_bytes 1000\n")
                              + record(15, "2026-06-01T10:00:02Z", "rdmap0s6/1:\nrdma_read_bytes 5000\n");
        QTemporaryDir directory;
        const QString path = writeFile(directory, QStringLiteral("newer.tar.gz"),
                                       tarGz({{"newer/memalloc.bin", memalloc}, {"newer/ena_stat.bin", ena}, {"newer/efa_stat.bin", efa}}));
        const RunPtr run = RunLoader::loadNow(path);
        QCOMPARE(valueAt(*run, "memalloc.free_blocks.order0", "node0/Normal", 1), 80.0);
        QCOMPARE(valueAt(*run, "memalloc.free_blocks.order2", "node0/DMA", 0), 1.0);
        QCOMPARE(valueAt(*run, "memalloc.slab_bytes", "dentry", 0), 1200.0 * 192);
        QCOMPARE(valueAt(*run, "memalloc.slab_bytes", "all", 0), 1200.0 * 192 + 512.0 * 64);
        // Counters per second; the first sample has no rate.
        QVERIFY(std::isnan(valueAt(*run, "ena.bw_in_allowance_exceeded", "eth0", 0)));
        QCOMPARE(valueAt(*run, "ena.bw_in_allowance_exceeded", "eth0", 1), 10.0);
        QCOMPARE(valueAt(*run, "ena.tx_cnt", "eth0 queue 0", 1), 100.0);
        QCOMPARE(valueAt(*run, "ena.tx_cnt", "eth0 queue 1", 1), 0.0);
        QCOMPARE(valueAt(*run, "efa.rdma_read_bytes", "rdmap0s6/1", 1), 2000.0);
        QVERIFY(run->manifest()["import"]["skipped"].empty());
    }

    void reportOpensAsItsRuns()
    {
        const std::vector<RunPtr> runs = RunLoader::loadAllNow(fixture(QStringLiteral("test_report.tar.gz")));
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0]->name(), QStringLiteral("test_run_1"));
        QCOMPARE(runs[1]->name(), QStringLiteral("test_run_2"));
        // The embedded copy of test_run_1 is the record archive: the same values.
        const RunPtr record = RunLoader::loadNow(fixture(QStringLiteral("test_run_1.tar.gz")));
        const SeriesView a = runs[0]->series(QStringLiteral("cpu.user"), QStringLiteral("all"));
        const SeriesView b = record->series(QStringLiteral("cpu.user"), QStringLiteral("all"));
        QCOMPARE(a.size(), b.size());
        for (std::size_t i = 0; i < a.size(); ++i)
            QCOMPARE(a.values[i], b.values[i]);
    }

    void aReportWithoutARunsArchiveShowsItsReportValues()
    {
        // test_report.tar.gz without data/archive/test_run_2.tar.gz: test_run_2 comes from the
        // report's data/js, as APerf shows it (2 decimals, whole seconds), and says so.
        std::vector<std::pair<std::string, std::string>> entries = readTarGz(fixture(QStringLiteral("test_report.tar.gz")));
        const auto removed = std::erase_if(entries, [](const auto& entry) { return entry.first.ends_with("data/archive/test_run_2.tar.gz"); });
        QCOMPARE(removed, std::size_t(1));
        QTemporaryDir directory;
        const QString path = writeFile(directory, QStringLiteral("partial-report.tar.gz"), tarGz(entries));
        const std::vector<RunPtr> runs = RunLoader::loadAllNow(path);
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[1]->name(), QStringLiteral("test_run_2"));
        QCOMPARE(runs[1]->source(), QStringLiteral("APerf 1.2.0"));
        QVERIFY2(runs[1]->importNotes().join(QLatin1Char(' ')).contains(QStringLiteral("truncated to 2 decimals")),
                 qPrintable(runs[1]->importNotes().join(QLatin1Char(' '))));
        // test_run_1 still comes from its record.
        QVERIFY(!runs[0]->importNotes().join(QLatin1Char(' ')).contains(QStringLiteral("truncated")));

        // Against the same run read from its record in the whole report: within APerf's truncation.
        const std::vector<RunPtr> whole = RunLoader::loadAllNow(fixture(QStringLiteral("test_report.tar.gz")));
        int compared = 0;
        for (const auto& [metric, instance] : {std::pair{"cpu.user", "all"}, {"cpu.system", "cpu0"}, {"cpu.idle", "cpu3"},
                                               {"mem.available", ""}, {"mem.free", ""}}) {
            const SeriesView fromReport = runs[1]->series(QString::fromLatin1(metric), QString::fromLatin1(instance));
            const SeriesView fromRecord = whole[1]->series(QString::fromLatin1(metric), QString::fromLatin1(instance));
            QCOMPARE(fromReport.size(), fromRecord.size());
            for (std::size_t i = 0; i < fromReport.size(); ++i) {
                if (std::isnan(fromRecord.values[i])) {
                    QVERIFY(std::isnan(fromReport.values[i]));
                    continue;
                }
                QVERIFY2(std::abs(fromReport.values[i] - fromRecord.values[i]) < 0.01 * std::max(1.0, std::abs(fromRecord.values[i]) * 1e-9),
                         qPrintable(QStringLiteral("%1[%2] %3: %4 vs %5").arg(QString::fromLatin1(metric), QString::fromLatin1(instance))
                                        .arg(i).arg(fromReport.values[i]).arg(fromRecord.values[i])));
                ++compared;
            }
        }
        QVERIFY(compared >= 20);
        // What only APerf's report has, under its own ids.
        QVERIFY(runs[1]->hasMetric(QStringLiteral("aperf.vmstat.pgfault")));
    }

    void comparedWithARunlensRun()
    {
        // The comparability rules see the same facts in both: CPU count and kernel differ.
        QFile rules(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/comparability.json"));
        QVERIFY(rules.open(QIODevice::ReadOnly));
        Comparability comparability;
        QString error;
        QVERIFY2(comparability.load(rules.readAll(), &error), qPrintable(error));
        const RunPtr aperf = RunLoader::loadNow(fixture(QStringLiteral("test_run_1.tar.gz")));
        const RunPtr ours = RunLoader::loadNow(QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz"));
        const ComparabilityReport report = comparability.compare({Comparability::factsOf(*aperf), Comparability::factsOf(*ours)},
                                                                 {aperf->name(), ours->name()});
        QStringList keys;
        for (const auto& warning : report.warnings)
            keys << warning.key;
        QVERIFY2(keys.contains(QStringLiteral("cpus_online")), qPrintable(keys.join(QLatin1Char(','))));
        QVERIFY(keys.contains(QStringLiteral("kernel_release")));
        // Metrics the two share overlay under one id.
        for (const char* id : {"cpu.user", "cpu.busy", "mem.available", "mem.vm.pgfault", "irq.cpu_rate", "disk.read_bytes"})
            QVERIFY2(aperf->hasMetric(QString::fromLatin1(id)) && ours->hasMetric(QString::fromLatin1(id)), id);
    }

    void damagedSourceCostsOnlyItself()
    {
        // test_run_1 with its cpu_utilization cut in the middle of a record and a vmstat whose
        // first length prefix points past the end.
        const aperf::AperfEntries entries = aperf::readAperfEntries(fixture(QStringLiteral("test_run_1.tar.gz")).toStdString());
        std::vector<std::pair<std::string, std::string>> files;
        for (const auto& [name, bytes] : entries.files) {
            std::string content = bytes;
            if (name.starts_with("cpu_utilization"))
                content.resize(content.size() / 2 - 7); // the records are of equal size: not on a boundary
            if (name.starts_with("vmstat"))
                content.replace(8 + 4, 8, std::string("\xff\xff\xff\xff\xff\xff\xff\x7f", 8));
            files.emplace_back("damaged/" + name, std::move(content));
        }
        QTemporaryDir directory;
        const QString path = writeFile(directory, QStringLiteral("damaged.tar.gz"), tarGz(files));
        const RunPtr run = RunLoader::loadNow(path);
        QVERIFY(!run->hasMetric(QStringLiteral("cpu.user")));
        QVERIFY(!run->hasMetric(QStringLiteral("mem.vm.pgfault")));
        QVERIFY(run->hasMetric(QStringLiteral("mem.available")));
        QVERIFY(run->hasMetric(QStringLiteral("pmu.ipc")));
        QStringList skipped;
        for (const auto& item : run->manifest()["import"]["skipped"])
            skipped << QString::fromStdString(item["file"].get<std::string>() + ": " + item["reason"].get<std::string>());
        QCOMPARE(skipped.size(), 3); // systeminfo (hand-edited upstream), cpu_utilization, vmstat
        QVERIFY2(skipped.filter(QStringLiteral("cpu_utilization")).size() == 1, qPrintable(skipped.join(QLatin1Char('\n'))));
        QVERIFY2(skipped.filter(QStringLiteral("vmstat")).size() == 1, qPrintable(skipped.join(QLatin1Char('\n'))));
    }

    void pmuFormulas()
    {
        const aperf::PmuFormula formula = aperf::PmuFormula::parse("(Stalls + Other) / Cycles * 1000 - -2");
        QCOMPARE(formula.variables(), (std::vector<std::string>{"Cycles", "Other", "Stalls"}));
        QCOMPARE(formula.evaluate({{"Stalls", 30}, {"Other", 20}, {"Cycles", 1000}}), 52.0);
        QVERIFY(std::isnan(formula.evaluate({{"Stalls", 30}, {"Other", 20}, {"Cycles", 0}}))); // no division by zero
        QVERIFY(std::isnan(formula.evaluate({{"Stalls", 30}})));                                  // a missing count
        for (const char* bad : {"Instructions / (Cycles", "Instructions / ", "Instructions $ Cycles", ""}) {
            try {
                aperf::PmuFormula::parse(bad);
                QFAIL(bad);
            } catch (const runlens::format::FormatError& error) {
                QVERIFY2(QString::fromUtf8(error.what()).startsWith(QStringLiteral("The PMU formula")), error.what());
            }
        }
        // Nesting is bounded: a hostile config cannot exhaust the stack.
        QVERIFY_THROWS_EXCEPTION(runlens::format::FormatError, aperf::PmuFormula::parse(std::string(10000, '(') + "x"));
    }

    void nightlyGroupedCountersAreScaledByTheirRunningTime()
    {
        // Counts per interval, enabled/running seconds cumulative; counts ordered as the formula's
        // variables sorted (Cycles, Instructions). CPU 1 ran half of the second interval: its
        // counts are doubled before the formula. The first sample is left out.
        QTemporaryDir directory;
        const QString path = nightlyRun(directory, "grouped",
                                        {"0;ipc;100;200;0.5;0.5\n1;ipc;100;300;0.5;0.5\n0;stall-backend-pkc;100;7;0.5;0.5\n",
                                         "0;ipc;1000;2000;1.5;1.5\n1;ipc;1000;3000;1.5;1.0\n0;stall-backend-pkc;1000;250;1.5;1.5\n"});
        const RunPtr run = RunLoader::loadNow(path);
        QCOMPARE(run->name(), QStringLiteral("nightly"));
        QCOMPARE(run->source(), QStringLiteral("APerf 1.3.0"));
        QCOMPARE(valueAt(*run, "pmu.ipc", "cpu0", 0), 2.0);
        QCOMPARE(valueAt(*run, "pmu.ipc", "cpu1", 0), 3.0);
        QCOMPARE(valueAt(*run, "pmu.ipc", "all", 0), 8000.0 / 3000.0); // the formula on the sums of scaled counts
        QCOMPARE(valueAt(*run, "pmu.stall_backend_pkc", "cpu0", 0), 250.0);
        QCOMPARE(valueAt(*run, "pmu.counter_schedule_rate", "cpu1", 0), 50.0);
        // The run starts at metadata.json's collection_start: the sample 1.5 s after it.
        QCOMPARE(run->series(QStringLiteral("pmu.ipc"), QStringLiteral("all")).times[0], 1.5);
    }

    void pmuConfigurationAfterPerfStatInTheArchive()
    {
        // The newer lines need pmu_config.json's formulas: when the archive has perf_stat first,
        // its records wait for them, and the values are the same.
        QTemporaryDir directory;
        const std::vector<std::string> samples = {"0;ipc;100;200;0.5;0.5\n1;ipc;100;300;0.5;0.5\n",
                                                  "0;ipc;1000;2000;1.5;1.5\n1;ipc;1000;3000;1.5;1.0\n"};
        const RunPtr first = RunLoader::loadNow(nightlyRun(directory, "grouped", samples, true));
        const RunPtr last = RunLoader::loadNow(nightlyRun(directory, "grouped", samples, false));
        QCOMPARE(valueAt(*first, "pmu.ipc", "cpu1", 0), 3.0);
        QCOMPARE(valueAt(*first, "pmu.ipc", "all", 0), 8000.0 / 3000.0);
        QCOMPARE(valueAt(*first, "pmu.ipc", "all", 0), valueAt(*last, "pmu.ipc", "all", 0));
        QVERIFY(first->manifest()["import"]["skipped"].empty());
    }

    void streamedImportEqualsTheImportFromMemory()
    {
        // The file path streams the archive through a second thread; importAperfRecord replays
        // entries already in memory. Both must give the same run, value for value.
        const std::string path = fixture(QStringLiteral("test_run_1.tar.gz")).toStdString();
        const std::vector<runlens::format::RunArchive> streamed = aperf::importAperfRuns(path);
        const runlens::format::RunArchive inMemory = aperf::importAperfRecord(aperf::readAperfEntries(path), path);
        QCOMPARE(streamed.size(), std::size_t(1));
        const runlens::format::RunArchive& run = streamed.front();
        QCOMPARE(run.series.size(), inMemory.series.size());
        std::size_t values = 0;
        for (std::size_t g = 0; g < run.series.size(); ++g) {
            const auto& a = run.series[g];
            const auto& b = inMemory.series[g];
            QCOMPARE(a.group, b.group);
            QVERIFY(a.timestampsNs == b.timestampsNs);
            QVERIFY(a.keys == b.keys);
            for (std::size_t c = 0; c < a.columns.size(); ++c) {
                for (std::size_t r = 0; r < a.columns[c].size(); ++r) {
                    const double x = a.columns[c][r];
                    const double y = b.columns[c][r];
                    QVERIFY2((std::isnan(x) && std::isnan(y)) || x == y, qPrintable(QString::fromStdString(a.keys[c].metric)));
                    ++values;
                }
            }
        }
        QVERIFY(values > 5000); // 16 CPUs × 6 samples of every source
        QCOMPARE(run.manifest.dump(), inMemory.manifest.dump());
    }

    void nightlyUngroupedEventsFeedEveryFormula()
    {
        QTemporaryDir directory;
        const QString path = nightlyRun(directory, "ungrouped",
                                        {"0;Cycles;10;0.5;0.5\n0;Instructions;10;0.5;0.5\n0;Stalls;1;0.5;0.5\n",
                                         "0;Cycles;2000;1.5;1.5\n0;Instructions;3000;1.5;1.5\n0;Stalls;40;1.5;1.0\n"});
        const RunPtr run = RunLoader::loadNow(path);
        QCOMPARE(valueAt(*run, "pmu.ipc", "cpu0", 0), 1.5);
        QCOMPARE(valueAt(*run, "pmu.stall_backend_pkc", "cpu0", 0), 80.0 / 2000.0 * 1000.0); // Stalls ran half the time
        QCOMPARE(valueAt(*run, "pmu.ipc", "all", 0), 1.5);
    }

    void yamlEraSaysSoInOneSentence()
    {
        QTemporaryDir directory;
        const QString path = writeFile(directory, QStringLiteral("old.tar.gz"),
                                       tarGz({{"old/cpu_utilization_2023-01-01_00_00_00.yaml", "---\ntime: x\n"}}));
        try {
            RunLoader::loadNow(path);
            QFAIL("a YAML-era archive opened");
        } catch (const runlens::format::FormatError& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("YAML era")), error.what());
        }
    }

    void convertReadsTheProfileOrSaysThereIsNone()
    {
        try {
            loadProfile(fixture(QStringLiteral("test_run_1.tar.gz")).toStdString());
            QFAIL("test_run_1 has no folded stacks");
        } catch (const runlens::format::FormatError& error) {
            QVERIFY2(QString::fromUtf8(error.what()).contains(QStringLiteral("collapse.out")), error.what());
        }
        // With a collapse.out, the run has a profile.
        const aperf::AperfEntries entries = aperf::readAperfEntries(fixture(QStringLiteral("test_run_1.tar.gz")).toStdString());
        std::vector<std::pair<std::string, std::string>> files;
        for (const auto& [name, bytes] : entries.files)
            files.emplace_back("withprofile/" + name, bytes);
        files.emplace_back("withprofile/collapse.out", "java;main;work 30\njava;main;idle 10\n");
        QTemporaryDir directory;
        const QString path = writeFile(directory, QStringLiteral("withprofile.tar.gz"), tarGz(files));
        const RunPtr run = RunLoader::loadNow(path);
        QVERIFY(run->profile());
        QCOMPARE(run->profile()->samples.countAt(0) + run->profile()->samples.countAt(1), std::uint64_t(40));
        QCOMPARE(loadProfile(path.toStdString()).samples.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestAperfImport)
#include "tst_aperfimport.moc"
