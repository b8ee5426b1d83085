// APerf containers told apart by content, read into memory under the run-archive limits: the
// record archive and report tarball of tests/fixtures/aperf, a Runlens run, non-tar files, and
// archives built here with libarchive (a YAML-era run, a gzip bomb, escaping paths, links).
#include "aperf/AperfArchive.h"
#include "aperf/AperfBincode.h"

#include "FormatError.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

using aperf::AperfEntries;
using aperf::AperfKind;
using runlens::format::FormatError;
using runlens::format::ReadLimits;

namespace {

std::string fixture(const char* relative)
{
    return std::string(RUNLENS_SOURCE_DIR "/tests/fixtures/") + relative;
}

std::string readAll(const std::string& path)
{
    QFile input(QString::fromStdString(path));
    if (!input.open(QIODevice::ReadOnly))
        return {};
    return input.readAll().toStdString();
}

struct TarEntry {
    std::string path;
    std::string content;
    std::uint64_t zeros = 0;        // then this many zero bytes (a bomb's payload)
    mode_t type = AE_IFREG;
    std::string symlinkTarget;
};

TarEntry tarFile(std::string path, std::string content)
{
    TarEntry entry;
    entry.path = std::move(path);
    entry.content = std::move(content);
    return entry;
}
TarEntry tarZeros(std::string path, std::uint64_t zeros)
{
    TarEntry entry;
    entry.path = std::move(path);
    entry.zeros = zeros;
    return entry;
}
TarEntry tarDirectory(std::string path)
{
    TarEntry entry;
    entry.path = std::move(path);
    entry.type = AE_IFDIR;
    return entry;
}
TarEntry tarSymlink(std::string path, std::string target)
{
    TarEntry entry;
    entry.path = std::move(path);
    entry.type = AE_IFLNK;
    entry.symlinkTarget = std::move(target);
    return entry;
}

// A gzip'd tar written by libarchive, as APerf's Rust tar crate would lay it out.
void writeTarGz(const std::string& path, const std::vector<TarEntry>& entries)
{
    std::unique_ptr<archive, decltype(&archive_write_free)> writer(archive_write_new(), &archive_write_free);
    QCOMPARE(archive_write_add_filter_gzip(writer.get()), ARCHIVE_OK);
    QCOMPARE(archive_write_set_format_pax_restricted(writer.get()), ARCHIVE_OK);
    QCOMPARE(archive_write_open_filename(writer.get(), path.c_str()), ARCHIVE_OK);
    const std::string zeros(1 << 20, '\0');
    for (const TarEntry& item : entries) {
        std::unique_ptr<archive_entry, decltype(&archive_entry_free)> entry(archive_entry_new(), &archive_entry_free);
        archive_entry_set_pathname(entry.get(), item.path.c_str());
        archive_entry_set_filetype(entry.get(), item.type);
        archive_entry_set_perm(entry.get(), item.type == AE_IFDIR ? 0755 : 0644);
        if (!item.symlinkTarget.empty())
            archive_entry_set_symlink(entry.get(), item.symlinkTarget.c_str());
        archive_entry_set_size(entry.get(), item.type == AE_IFREG ? la_int64_t(item.content.size() + item.zeros) : 0);
        QCOMPARE(archive_write_header(writer.get(), entry.get()), ARCHIVE_OK);
        if (!item.content.empty())
            QCOMPARE(archive_write_data(writer.get(), item.content.data(), item.content.size()), la_ssize_t(item.content.size()));
        for (std::uint64_t left = item.zeros; left > 0;) {
            const std::size_t n = std::size_t(std::min<std::uint64_t>(left, zeros.size()));
            QCOMPARE(archive_write_data(writer.get(), zeros.data(), n), la_ssize_t(n));
            left -= n;
        }
    }
    QCOMPARE(archive_write_close(writer.get()), ARCHIVE_OK);
}

// The FormatError message of f ("" when it did not throw one).
template<typename F>
QString formatErrorOf(F&& f)
{
    try {
        f();
    } catch (const FormatError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

AperfEntries entriesWith(std::initializer_list<const char*> names)
{
    AperfEntries entries;
    entries.topDirectory = "run";
    for (const char* name : names)
        entries.files.emplace(name, std::string());
    return entries;
}

const std::string kTimestamped = "_2026-01-30_08_25_32.bin";

} // namespace

class TestAperfArchive : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    std::string temp(const char* name) const { return (m_dir.path() + QLatin1Char('/') + QLatin1String(name)).toStdString(); }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void detectsByContent()
    {
        QCOMPARE(aperf::detectAperf(fixture("aperf/test_run_1.tar.gz")), AperfKind::RecordArchive);
        QCOMPARE(aperf::detectAperf(fixture("aperf/test_report.tar.gz")), AperfKind::ReportTarball);
        // A Runlens run archive: one top directory too, but series/, manifest.json, metrics.json.
        QCOMPARE(aperf::detectAperf(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz"), AperfKind::NotAperf);
        // Folded stacks (text), perf script text gzip'd (gzip, not tar), a directory, nothing.
        QCOMPARE(aperf::detectAperf(fixture("profile/folded-simple.txt")), AperfKind::NotAperf);
        QCOMPARE(aperf::detectAperf(fixture("profile/perf-mixed.txt.gz")), AperfKind::NotAperf);
        QCOMPARE(aperf::detectAperf(fixture("aperf")), AperfKind::NotAperf);
        QCOMPARE(aperf::detectAperf(temp("no-such-file.tar.gz")), AperfKind::NotAperf);
    }

    void detectsTheOtherEras()
    {
        const std::string yaml = temp("yaml-era.tar.gz");
        writeTarGz(yaml, {tarDirectory("run/"), tarFile("run/cpu_utilization_2023-01-01_00_00_00.yaml", "---\nCpuUtilizationRaw: {}\n")});
        QCOMPARE(aperf::detectAperf(yaml), AperfKind::YamlEra);

        // 1.2.3 / nightly: `<name>.bin` without a time stamp, metadata.json.
        const std::string plain = temp("plain-names.tar.gz");
        writeTarGz(plain, {tarFile("run/aperf_runlog", "log"), tarFile("run/cpu_utilization.bin", "x")});
        QCOMPARE(aperf::detectAperf(plain), AperfKind::RecordArchive);
        const std::string nightly = temp("nightly.tar.gz");
        writeTarGz(nightly, {tarFile("run/metadata.json", "{}")});
        QCOMPARE(aperf::detectAperf(nightly), AperfKind::RecordArchive);

        // Any other tar of one directory, or of loose files, is not APerf's.
        const std::string other = temp("other.tar.gz");
        writeTarGz(other, {tarFile("docs/readme.txt", "hello"), tarFile("docs/data.bin", "x")});
        QCOMPARE(aperf::detectAperf(other), AperfKind::NotAperf);
        const std::string loose = temp("loose.tar.gz");
        writeTarGz(loose, {tarFile("meta_data.bin", "x")});
        QCOMPARE(aperf::detectAperf(loose), AperfKind::NotAperf);
    }

    void readsTheRecordArchive()
    {
        const AperfEntries entries = aperf::readAperfEntries(fixture("aperf/test_run_1.tar.gz"));
        QCOMPARE(entries.topDirectory, std::string("test_run_1"));
        QCOMPARE(entries.files.size(), std::size_t(16));
        QCOMPARE(entries.files.at("meta_data.bin").size(), std::size_t(237));
        QCOMPARE(entries.files.at("processes" + kTimestamped).size(), std::size_t(313395));
        QVERIFY(entries.files.at("pmu_config.json").starts_with("["));
        QVERIFY(entries.files.at("aperf_runlog").starts_with("[2026-01-30T08:25:32Z INFO  aperf::record]"));
    }

    void theReportEmbedsTheRecordArchive()
    {
        const auto runs = aperf::embeddedRunArchives(fixture("aperf/test_report.tar.gz"));
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0].first, std::string("test_run_1"));
        QCOMPARE(runs[1].first, std::string("test_run_2"));

        // Recompressed by `aperf report` (other gzip bytes), but the same files with the same bytes.
        const std::string original = readAll(fixture("aperf/test_run_1.tar.gz"));
        QVERIFY(runs[0].second != original);
        const AperfEntries embedded = aperf::readAperfEntries(runs[0].second, "test_report.tar.gz: test_run_1");
        const AperfEntries direct = aperf::readAperfEntries(original, "test_run_1.tar.gz");
        QCOMPARE(embedded.topDirectory, direct.topDirectory);
        QCOMPARE(embedded.files.size(), direct.files.size());
        for (const auto& [name, bytes] : direct.files) {
            QVERIFY2(embedded.files.count(name) == 1, name.c_str());
            QVERIFY2(embedded.files.at(name) == bytes, name.c_str());
        }

        const AperfEntries second = aperf::readAperfEntries(runs[1].second, "test_report.tar.gz: test_run_2");
        QCOMPARE(second.topDirectory, std::string("test_run_2"));
        const auto meta = aperf::findDataFile(second, "meta_data");
        QVERIFY(meta);
        QCOMPARE(aperf::readMetaData(second.files.at(*meta), *meta).runName, std::string("test_run_2"));

        // A record archive is not a report.
        const QString message = formatErrorOf([&] { aperf::embeddedRunArchives(fixture("aperf/test_run_1.tar.gz")); });
        QVERIFY2(message.endsWith(QStringLiteral("test_run_1.tar.gz is not a usable APerf report: it holds no run archive under "
                                                 "test_run_1/data/archive/ and no data/js/runs.js")),
                 qPrintable(message));
    }

    void findsDataFilesByApersRule()
    {
        const AperfEntries entries = aperf::readAperfEntries(fixture("aperf/test_run_1.tar.gz"));
        QCOMPARE(aperf::findDataFile(entries, "cpu_utilization").value_or(""), "cpu_utilization" + kTimestamped);
        QCOMPARE(aperf::findDataFile(entries, "meta_data").value_or(""), std::string("meta_data.bin"));
        QCOMPARE(aperf::findDataFile(entries, "aperf_stats").value_or(""), std::string("aperf_stats.bin"));
        // The aliases, both ways.
        QCOMPARE(aperf::findDataFile(entries, "disk_stats").value_or(""), "diskstats" + kTimestamped);
        QCOMPARE(aperf::findDataFile(entries, "system_info").value_or(""), "systeminfo" + kTimestamped);
        QCOMPARE(aperf::findDataFile(entries, "aperf_run_stats").value_or(""), std::string("aperf_stats.bin"));
        QVERIFY(!aperf::findDataFile(entries, "memalloc"));
        QVERIFY(!aperf::findDataFile(entries, "pmu_config")); // .json, not .bin
        QVERIFY(!aperf::findDataFile(entries, "cpu_util"));   // needs "_" after the name: cpu_util_… only

        const AperfEntries old = entriesWith({"disk_stats_2023-05-01_10_00_00.bin", "system_info_2023-05-01_10_00_00.bin",
                                              "aperf_run_stats.bin"});
        QCOMPARE(aperf::findDataFile(old, "diskstats").value_or(""), std::string("disk_stats_2023-05-01_10_00_00.bin"));
        QCOMPARE(aperf::findDataFile(old, "systeminfo").value_or(""), std::string("system_info_2023-05-01_10_00_00.bin"));
        QCOMPARE(aperf::findDataFile(old, "aperf_stats").value_or(""), std::string("aperf_run_stats.bin"));

        // Several matches: the plain name, then a time-stamped one (earliest), then any other.
        QCOMPARE(aperf::findDataFile(entriesWith({"vmstat_x.bin", "vmstat_2026-01-30_08_25_32.bin", "vmstat.bin"}), "vmstat")
                     .value_or(""),
                 std::string("vmstat.bin"));
        QCOMPARE(aperf::findDataFile(entriesWith({"vmstat_a.bin", "vmstat_2026-01-30_08_25_33.bin", "vmstat_2026-01-30_08_25_32.bin"}),
                                     "vmstat")
                     .value_or(""),
                 std::string("vmstat_2026-01-30_08_25_32.bin"));
        QCOMPARE(aperf::findDataFile(entriesWith({"vmstat_b.bin", "vmstat_a.bin", "vmstatx.bin"}), "vmstat").value_or(""),
                 std::string("vmstat_a.bin"));
        // The name asked for wins over its alias.
        QCOMPARE(aperf::findDataFile(entriesWith({"disk_stats.bin", "diskstats_2026-01-30_08_25_32.bin"}), "diskstats").value_or(""),
                 std::string("diskstats_2026-01-30_08_25_32.bin"));
        // APerf's regex is not anchored at a word: "perf" finds perf_stat_….bin as APerf would.
        QCOMPARE(aperf::findDataFile(entriesWith({"perf_stat_2026-01-30_08_25_32.bin"}), "perf").value_or(""),
                 std::string("perf_stat_2026-01-30_08_25_32.bin"));
    }

    void aGzipBombFailsWithASentence()
    {
        // 80 MiB of zeros compress to about 80 KiB: beyond the 64 MiB floor, the 200× ratio of
        // the run-archive reader stops it before the entry is all in memory.
        const std::string bomb = temp("bomb.tar.gz");
        writeTarGz(bomb, {tarFile("bomb/meta_data.bin", "m"), tarZeros("bomb/cpu_utilization" + kTimestamped, 80ull << 20)});
        const std::string bytes = readAll(bomb);
        QVERIFY(bytes.size() < (1u << 20));

        QCOMPARE(formatErrorOf([&] { aperf::readAperfEntries(bomb); }),
                 QString::fromStdString(bomb) + QStringLiteral(" is not a usable APerf run archive: it expands more than 150 times "
                                                               "(a decompression bomb?)"));
        QCOMPARE(formatErrorOf([&] { aperf::readAperfEntries(bytes, "report.tar.gz: bomb"); }),
                 QStringLiteral("report.tar.gz: bomb is not a usable APerf run archive: it expands more than 150 times "
                                "(a decompression bomb?)"));
        // Detection decided on the first entry and never reached the bomb.
        QCOMPARE(aperf::detectAperf(bomb), AperfKind::RecordArchive);

        // Smaller limits stop it earlier: on the header's claim, or on the bytes that came out.
        ReadLimits entryLimit;
        entryLimit.maxEntryBytes = 1 << 20;
        QCOMPARE(formatErrorOf([&] { aperf::readAperfEntries(bytes, "bomb.tar.gz", entryLimit); }),
                 QStringLiteral("bomb.tar.gz is not a usable APerf run archive: bomb/cpu_utilization_2026-01-30_08_25_32.bin "
                                "declares 83886080 bytes, more than the limit of 1048576"));
        ReadLimits totalLimit;
        totalLimit.maxTotalBytes = 4 << 20;
        QCOMPARE(formatErrorOf([&] { aperf::readAperfEntries(bytes, "bomb.tar.gz", totalLimit); }),
                 QStringLiteral("bomb.tar.gz is not a usable APerf run archive: it unpacks to more than 4 MiB"));

        // In a report, a bomb in an entry that is skipped (not kept) is stopped too.
        const std::string report = temp("bomb-report.tar.gz");
        writeTarGz(report, {tarZeros("rep/bundle.js", 80ull << 20), tarFile("rep/data/archive/r.tar.gz", "x")});
        QCOMPARE(formatErrorOf([&] { aperf::embeddedRunArchives(report); }),
                 QString::fromStdString(report) + QStringLiteral(" is not a usable APerf report: it expands more than 150 times "
                                                                 "(a decompression bomb?)"));
    }

    void hostileArchives_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("why"); // after "<file> is not a usable APerf run archive: "
        QTest::newRow("two directories") << "two-dirs" << "its entries are not all inside one run directory (a/ and b/)";
        QTest::newRow("dot-dot") << "dotdot" << "it contains the path run/../../etc/cron.d/x, which points outside the archive (\"..\")";
        QTest::newRow("absolute") << "absolute" << "it contains the absolute path /etc/x; APerf archives hold only relative paths";
        QTest::newRow("symlink") << "symlink" << "it contains a symbolic link (run/link); APerf archives hold only regular files";
        QTest::newRow("loose file") << "loose" << "it contains the file meta_data.bin outside the run directory";
        QTest::newRow("twice") << "twice" << "it contains run/meta_data.bin twice";
        QTest::newRow("no APerf data") << "no-data"
                                       << "its directory run/ holds no APerf data file (meta_data.bin, metadata.json or "
                                          "<name>_<time>.bin)";
        QTest::newRow("empty") << "empty" << "it is empty";
    }
    void hostileArchives()
    {
        QFETCH(QString, name);
        QFETCH(QString, why);
        static const std::map<QString, std::vector<TarEntry>> archives = {
            {"two-dirs", {tarFile("a/meta_data.bin", "m"), tarFile("b/vmstat.bin", "v")}},
            {"dotdot", {tarFile("run/meta_data.bin", "m"), tarFile("run/../../etc/cron.d/x", "evil")}},
            {"absolute", {tarFile("/etc/x", "evil")}},
            {"symlink", {tarFile("run/meta_data.bin", "m"), tarSymlink("run/link", "/etc/passwd")}},
            {"loose", {tarFile("meta_data.bin", "m")}},
            {"twice", {tarFile("run/meta_data.bin", "m"), tarFile("run/meta_data.bin", "m")}},
            {"no-data", {tarFile("run/readme.txt", "hello")}},
            {"empty", {}},
        };
        const std::string path = temp((name + QStringLiteral(".tar.gz")).toUtf8().constData());
        writeTarGz(path, archives.at(name));
        QCOMPARE(formatErrorOf([&] { aperf::readAperfEntries(path); }),
                 QString::fromStdString(path) + QStringLiteral(" is not a usable APerf run archive: ") + why);
    }

    void filesThatAreNotArchives()
    {
        const std::string folded = fixture("profile/folded-simple.txt");
        QCOMPARE(formatErrorOf([&] { aperf::readAperfEntries(folded); }),
                 QString::fromStdString(folded) + QStringLiteral(" is not a usable APerf run archive: it is not a gzip-compressed tar file"));
        const QString gzipText = formatErrorOf([&] { aperf::readAperfEntries(fixture("profile/perf-mixed.txt.gz")); });
        QVERIFY2(gzipText.endsWith(QStringLiteral("perf-mixed.txt.gz is not a usable APerf run archive: it is gzip-compressed but "
                                                  "not a tar file (Unrecognized archive format)")),
                 qPrintable(gzipText));
        // A Runlens run archive is a tar.gz of one directory, without APerf's files.
        QVERIFY(formatErrorOf([&] { aperf::readAperfEntries(std::string(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz")); })
                    .endsWith(QStringLiteral("its directory demo-baseline/ holds no APerf data file (meta_data.bin, metadata.json or "
                                             "<name>_<time>.bin)")));
        // Cut in half.
        const std::string whole = readAll(fixture("aperf/test_run_1.tar.gz"));
        const QString cut = formatErrorOf([&] { aperf::readAperfEntries(std::string_view(whole).substr(0, whole.size() / 2), "half.tar.gz"); });
        QVERIFY2(cut.startsWith(QStringLiteral("half.tar.gz is not a usable APerf run archive: it is damaged or truncated")),
                 qPrintable(cut));
        const QString start = formatErrorOf([&] { aperf::readAperfEntries(std::string_view(whole).substr(0, 40), "start.tar.gz"); });
        QVERIFY2(start.startsWith(QStringLiteral("start.tar.gz is not a usable APerf run archive: it is damaged or truncated")),
                 qPrintable(start));
        QCOMPARE(formatErrorOf([&] { aperf::readAperfEntries(std::string_view("\x1f"), "tiny.tar.gz"); }),
                 QStringLiteral("tiny.tar.gz is not a usable APerf run archive: it is not a gzip-compressed tar file"));
        const std::string missing = temp("missing.tar.gz");
        QVERIFY(formatErrorOf([&] { aperf::readAperfEntries(missing); })
                    .startsWith(QStringLiteral("cannot open ") + QString::fromStdString(missing) + QStringLiteral(": ")));
    }
};

QTEST_GUILESS_MAIN(TestAperfArchive)
#include "tst_aperfarchive.moc"
