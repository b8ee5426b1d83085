// The run-archive format: block codec, spool journals, the archive writer, the packer, and the
// hardened reader against hostile archives.
#include "ArchiveBuilder.h"
#include "ArchiveReader.h"
#include "ArchiveWriter.h"
#include "ColumnBlock.h"
#include "FormatError.h"
#include "MetricDescriptor.h"
#include "Spool.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"
#include "ValuePrecision.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

using namespace runlens::format;

namespace {

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

std::string path(const QTemporaryDir& dir, const char* name)
{
    return dir.filePath(QString::fromLatin1(name)).toStdString();
}

QString readError(const std::string& file)
{
    try {
        readRunArchive(file);
    } catch (const FormatError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

const QByteArray kManifest = R"({"format_version": "1.0", "run": {"name": "r"}})";

// A minimal valid run archive, plus extra entries.
std::vector<ArchiveEntrySpec> validEntries()
{
    return {{"r/manifest.json", kManifest}, {"r/metrics.json", "[]"}};
}

} // namespace

class TestFormat : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void blockRoundTripsEveryBit()
    {
        const std::vector<std::int64_t> timestamps{0, 1'000'000'000, 2'000'000'123};
        const std::vector<std::vector<double>> columns{
            {1.5, std::nan(""), -0.0},
            {std::numeric_limits<double>::denorm_min(), 1e300, 12345.678901234},
        };
        std::string bytes;
        encodeBlock(timestamps, columns, bytes);
        QCOMPARE(bytes.size(), encodedBlockSize(3, 2));
        QCOMPARE(QByteArray(bytes.data(), 8), QByteArray("RLBLOCK1"));
        // Byte planes: the first plane of the timestamp column holds byte 0 of each timestamp.
        QCOMPARE(static_cast<unsigned char>(bytes[kBlockHeaderSize + 2]), static_cast<unsigned char>(2'000'000'123 & 0xff));

        const DecodedBlock decoded = decodeBlock(bytes);
        QCOMPARE(decoded.timestampsNs, timestamps);
        QCOMPARE(decoded.columns.size(), std::size_t(2));
        for (std::size_t c = 0; c < 2; ++c)
            for (std::size_t r = 0; r < 3; ++r)
                QVERIFY2(sameBits(decoded.columns[c][r], columns[c][r]), qPrintable(QStringLiteral("column %1 row %2").arg(c).arg(r)));
    }

    void blockDecoderRefusesBadBytes()
    {
        std::string bytes;
        encodeBlock(std::vector<std::int64_t>{1, 2}, std::vector<std::vector<double>>{{1, 2}}, bytes);
        QVERIFY_THROWS_EXCEPTION(FormatError, decodeBlock(bytes.substr(0, bytes.size() - 1)));
        std::string wrongMagic = bytes;
        wrongMagic[0] = 'X';
        QVERIFY_THROWS_EXCEPTION(FormatError, decodeBlock(wrongMagic));
        std::string hugeRows = bytes;
        const std::uint32_t rows = 0xffffffffu;
        std::memcpy(hugeRows.data() + 8, &rows, 4); // must not allocate 32 GiB before checking
        QVERIFY_THROWS_EXCEPTION(FormatError, decodeBlock(hugeRows));
        std::string unknownEncoding = bytes;
        unknownEncoding[16] = 9;
        QVERIFY_THROWS_EXCEPTION(FormatError, decodeBlock(unknownEncoding));
    }

    void valuesAreStoredAtTheDocumentedPrecision()
    {
        QCOMPARE(storedValue(12.3456789, MetricKind::Percent), std::round(12.3456789 * 128) / 128);
        QCOMPARE(storedValue(100.0, MetricKind::Percent), 100.0);
        QVERIFY(std::fabs(storedValue(33.333333, MetricKind::Percent) - 33.333333) <= 1.0 / 256);
        // 24 significant bits: integers below 2^24 stay exact, larger values are within 6e-8.
        QCOMPARE(storedValue(16777215.0, MetricKind::Rate), 16777215.0);
        const double big = 25769803776.0 + 12345.0; // 24 GiB and change
        QVERIFY(std::fabs(storedValue(big, MetricKind::Gauge) - big) / big <= 6e-8);
        const double noisy = 1234.56789012345;
        const std::uint64_t bits = std::bit_cast<std::uint64_t>(storedValue(noisy, MetricKind::Rate));
        QCOMPARE(bits & ((std::uint64_t(1) << 28) - 1), std::uint64_t(0)); // the noise bits are zero
        QVERIFY(std::isnan(storedValue(std::nan(""), MetricKind::Rate)));
        QCOMPARE(storedValue(-0.0, MetricKind::Gauge), -0.0);
        QCOMPARE(storedValue(std::numeric_limits<double>::max(), MetricKind::Gauge), std::numeric_limits<double>::max());
    }

    void spoolRoundTripsWithGrowingColumns()
    {
        const std::string file = path(m_dir, "grow.spool");
        {
            SpoolWriter writer(file);
            std::vector<ColumnKey> keys{{"cpu.user", "all"}};
            writer.append(keys, 0, std::vector<double>{1.0});
            keys.push_back({"cpu.user", "cpu0"});
            writer.append(keys, 1000, std::vector<double>{2.0, 3.0});
            writer.append(keys, 2000, std::vector<double>{4.0, std::nan("")});
        }
        SpoolReader reader(file);
        std::int64_t t = 0;
        std::vector<double> row;
        QVERIFY(reader.next(t, row));
        QCOMPARE(t, 0);
        QCOMPARE(row, std::vector<double>{1.0});
        QVERIFY(reader.next(t, row));
        QCOMPARE(t, 1000);
        QCOMPARE(row, (std::vector<double>{2.0, 3.0}));
        QVERIFY(reader.next(t, row));
        QVERIFY(std::isnan(row[1]));
        QVERIFY(!reader.next(t, row));
        QCOMPARE(reader.keys().size(), std::size_t(2));
        QCOMPARE(reader.keys()[1].instance, std::string("cpu0"));
        QCOMPARE(reader.ignoredTailBytes(), std::uint64_t(0));
    }

    void spoolIgnoresATornLastRecord()
    {
        const std::string file = path(m_dir, "torn.spool");
        {
            SpoolWriter writer(file);
            const std::vector<ColumnKey> keys{{"m", ""}};
            for (int i = 0; i < 3; ++i)
                writer.append(keys, i, std::vector<double>{double(i)});
        }
        struct stat info {};
        ::stat(file.c_str(), &info);
        QCOMPARE(::truncate(file.c_str(), info.st_size - 3), 0); // the recorder died inside the last write
        SpoolReader reader(file);
        std::int64_t t = 0;
        std::vector<double> row;
        int rows = 0;
        while (reader.next(t, row))
            ++rows;
        QCOMPARE(rows, 2);
        QCOMPARE(reader.ignoredTailBytes(), std::uint64_t(8 + 8 + 4 + 8 - 3));
    }

    void spoolWriterRefusesToOverwrite()
    {
        const std::string file = path(m_dir, "exists.spool");
        { SpoolWriter first(file); }
        QVERIFY_THROWS_EXCEPTION(FormatError, SpoolWriter{file});
    }

    void archiveWriterNeverShowsAPartialFile()
    {
        const std::string target = path(m_dir, "w.tar.gz");
        {
            ArchiveWriter writer(target, "w");
            writer.open();
            writer.addFile("manifest.json", kManifest.toStdString());
            QVERIFY(!QFile::exists(QString::fromStdString(target)));
            QVERIFY(QFile::exists(QString::fromStdString(writer.temporaryPath())));
            QVERIFY(QString::fromStdString(writer.temporaryPath()).contains(QStringLiteral("/.w.tar.gz.partial-")));
            // Destroyed without commit: the temporary file goes away, nothing is left behind.
        }
        QVERIFY(!QFile::exists(QString::fromStdString(target)));
        QCOMPARE(QDir(m_dir.path()).entryList(QStringList{QStringLiteral(".w.tar.gz*")}, QDir::Hidden | QDir::Files).size(), 0);

        ArchiveWriter writer(target, "w");
        writer.open();
        writer.addFile("manifest.json", kManifest.toStdString());
        writer.addFile("metrics.json", "[]");
        writer.commit();
        const RunArchive run = readRunArchive(target);
        QCOMPARE(run.runName, std::string("w"));
        QCOMPARE(run.manifest["format_version"].get<std::string>(), std::string("1.0"));
    }

    void archiveWriterNeverOverwrites()
    {
        const std::string target = path(m_dir, "keep.tar.gz");
        QFile existing(QString::fromStdString(target));
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("precious");
        existing.close();
        ArchiveWriter writer(target, "keep");
        try {
            writer.open();
            QFAIL("open() accepted an existing archive");
        } catch (const FormatError& error) {
            QVERIFY(QString::fromLatin1(error.what()).contains(QStringLiteral("already exists")));
        }
        QVERIFY(existing.open(QIODevice::ReadOnly));
        QCOMPARE(existing.readAll(), QByteArray("precious"));
    }

    void packerTransposesJournalsAndMarksRecoveredRuns()
    {
        const QString spool = m_dir.filePath(QStringLiteral("p.spool"));
        QVERIFY(QDir().mkpath(spool + QStringLiteral("/series")));
        QVERIFY(QDir().mkpath(spool + QStringLiteral("/host")));
        spool::writeFileAtomically(spool.toStdString(), "manifest.json", R"({"format_version":"1.0","run":{"name":"p"}})");
        spool::writeFileAtomically(spool.toStdString(), "metrics.json",
                                   R"([{"id":"cpu.user","kind":"percent","unit":"%"}])");
        spool::writeFileAtomically((spool + QStringLiteral("/host")).toStdString(), "sysctl.json", R"({"vm.swappiness":"60"})");
        {
            SpoolWriter writer((spool + QStringLiteral("/series/cpu.spool")).toStdString());
            std::vector<ColumnKey> keys{{"cpu.user", "all"}};
            for (int i = 0; i < 1000; ++i) {
                if (i == 600)
                    keys.push_back({"cpu.user", "cpu1"}); // a CPU that came online mid-run
                std::vector<double> row(keys.size(), double(i));
                writer.append(keys, std::int64_t(i) * 1'000'000'000, row);
            }
        }
        const std::string archive = path(m_dir, "p.tar.gz");
        QCOMPARE(defaultArchivePath(spool.toStdString()), archive);
        const PackResult result = packSpool(spool.toStdString(), archive);
        QCOMPARE(result.rows, std::uint64_t(1000));
        QVERIFY(result.recovered);

        const RunArchive run = readRunArchive(archive);
        QCOMPARE(run.manifest["end"]["reason"].get<std::string>(), std::string("recovered"));
        QCOMPARE(run.metrics.size(), std::size_t(1));
        QCOMPARE(run.attachments.at("host/sysctl.json"), std::string(R"({"vm.swappiness":"60"})"));
        const SeriesTable* cpu = run.group("cpu");
        QVERIFY(cpu);
        QCOMPARE(cpu->rowCount(), std::size_t(1000));
        QCOMPARE(cpu->keys.size(), std::size_t(2));
        QCOMPARE(cpu->columns[0][999], 999.0);
        QVERIFY(std::isnan(cpu->columns[1][599]));
        QCOMPARE(cpu->columns[1][600], 600.0);
        QCOMPARE(cpu->timestampsNs[999], std::int64_t(999) * 1'000'000'000);
        // Packing again never replaces the first archive.
        QVERIFY_THROWS_EXCEPTION(FormatError, packSpool(spool.toStdString(), archive));
    }

    // Format 1.2: the run scope round-trips, is left out for series metrics (so 1.1 archives stay
    // byte-identical), and a kind from a newer recorder reads as a gauge instead of failing.
    void descriptorScopeAndUnknownKinds()
    {
        MetricDescriptor result{"workload.rps", "Requests", "req/s", MetricKind::Gauge, BetterDirection::Higher, {}, "Workload", "d"};
        result.scope = MetricScope::Run;
        const nlohmann::json json = toJson(result);
        QCOMPARE(QString::fromStdString(json.at("scope").get<std::string>()), QStringLiteral("run"));
        QVERIFY(descriptorFromJson(json) == result);
        result.scope = MetricScope::Series;
        QVERIFY(!toJson(result).contains("scope"));
        QVERIFY(descriptorFromJson(toJson(result)) == result);
        const MetricDescriptor future = descriptorFromJson(nlohmann::json::parse(R"({"id": "x.y", "kind": "histogram", "scope": "later"})"));
        QVERIFY(future.kind == MetricKind::Gauge);
        QVERIFY(future.scope == MetricScope::Series);
    }

    void readerRefusesHostileArchives_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("path traversal") << 0 << QStringLiteral("outside the archive");
        QTest::newRow("absolute path") << 1 << QStringLiteral("absolute path");
        QTest::newRow("symbolic link") << 2 << QStringLiteral("symbolic link");
        QTest::newRow("hard link") << 3 << QStringLiteral("hard link");
        QTest::newRow("device node") << 4 << QStringLiteral("character device");
        QTest::newRow("duplicate entry") << 5 << QStringLiteral("twice");
        QTest::newRow("two run directories") << 6 << QStringLiteral("not all inside one run directory");
        QTest::newRow("malformed manifest") << 7 << QStringLiteral("manifest.json is not valid JSON");
        QTest::newRow("newer major version") << 8 << QStringLiteral("newer than the 2.x this Runlens reads");
        QTest::newRow("no manifest") << 9 << QStringLiteral("has no manifest.json");
        QTest::newRow("block shorter than declared") << 10 << QStringLiteral("holds");
        QTest::newRow("infinite value") << 11 << QStringLiteral("infinite value");
        QTest::newRow("bad descriptor") << 12 << QStringLiteral("has no text field \"kind\"");
    }
    void readerRefusesHostileArchives()
    {
        QFETCH(int, kind);
        QFETCH(QString, expected);
        std::vector<ArchiveEntrySpec> entries = validEntries();
        std::string encoded;
        switch (kind) {
        case 0: entries.push_back({"r/../../etc/passwd", "x"}); break;
        case 1: entries.push_back({"/etc/cron.d/evil", "x"}); break;
        case 2: entries.push_back({"r/link", {}, AE_IFLNK, "/etc/shadow"}); break;
        case 3: entries.push_back({"r/hard", {}, AE_IFREG, "r/manifest.json", true}); break;
        case 4: entries.push_back({"r/dev", {}, AE_IFCHR}); break;
        case 5: entries.push_back({"r/metrics.json", "[]"}); break;
        case 6: entries.push_back({"other/manifest.json", kManifest}); break;
        case 7: entries[0].content = "{\"format_version\": \"1.0\", "; break;
        case 8: entries[0].content = R"({"format_version": "3.0", "run": {"name": "r"}})"; break;
        case 9: entries.erase(entries.begin()); break;
        case 10:
            encodeBlock(std::vector<std::int64_t>{0, 1}, std::vector<std::vector<double>>{{1, 2}}, encoded);
            encoded.resize(encoded.size() - 8); // one value missing: the column is shorter than its timestamps
            entries.push_back({"r/series/g.000000.bin", QByteArray::fromStdString(encoded)});
            entries.push_back({"r/series/g.json", R"({"group":"g","columns":[{"metric":"m"}],"blocks":[{"file":"g.000000.bin","rows":2}]})"});
            break;
        case 11:
            encodeBlock(std::vector<std::int64_t>{0, 1}, std::vector<std::vector<double>>{{1, HUGE_VAL}}, encoded);
            entries.push_back({"r/series/g.000000.bin", QByteArray::fromStdString(encoded)});
            entries.push_back({"r/series/g.json", R"({"group":"g","columns":[{"metric":"m"}],"blocks":[{"file":"g.000000.bin"}]})"});
            break;
        case 12: entries[1].content = R"([{"id": "x", "kind": 3}])"; break;
        }
        const QString file = m_dir.filePath(QStringLiteral("hostile-%1.tar.gz").arg(kind));
        QVERIFY(writeTarGz(file, entries));
        const QString error = readError(file.toStdString());
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains(file), qPrintable(QStringLiteral("the message does not name the file: ") + error));
    }

    void readerRefusesAHugeDeclaredSize()
    {
        QByteArray raw = ustarHeader("r/manifest.json", 0777777777777ull); // 64 GiB claimed
        raw += QByteArray(1024, '\0');
        const QString file = m_dir.filePath(QStringLiteral("huge.tar.gz"));
        QVERIFY(writeGzipOf(file, raw));
        const QString error = readError(file.toStdString());
        QVERIFY2(error.contains(QStringLiteral("declares")) && error.contains(QStringLiteral("more than the limit")), qPrintable(error));
    }

    void readerStopsADecompressionBomb()
    {
        std::vector<ArchiveEntrySpec> entries = validEntries();
        entries.push_back({"r/host/zeros.bin", QByteArray(200 << 20, '\0')});
        const QString file = m_dir.filePath(QStringLiteral("bomb.tar.gz"));
        QVERIFY(writeTarGz(file, entries));
        QVERIFY(QFileInfo(file).size() < (1 << 20));
        const QString error = readError(file.toStdString());
        QVERIFY2(error.contains(QStringLiteral("decompression bomb")), qPrintable(error));
    }

    // What a small archive may cost in memory is bounded by its size (bench_readermemory): a
    // series block is at most 64 MiB, and a group whose blocks carry few of its columns (the
    // others are padded with NaN) may not decode to more than the ratio limit allows.
    void readerBoundsWhatSeriesTakeInMemory()
    {
        std::vector<std::int64_t> timestamps(2000);
        for (std::size_t r = 0; r < timestamps.size(); ++r)
            timestamps[r] = std::int64_t(r) * 1'000'000'000;
        std::string block;
        encodeBlock(timestamps, std::vector<std::vector<double>>{std::vector<double>(2000, 1.0)}, block);
        const auto groupOf = [&](int columns) {
            std::string index = "{\"group\": \"g\", \"blocks\": [{\"file\": \"g/0.bin\"}], \"columns\": [";
            for (int c = 0; c < columns; ++c)
                index += std::string(c ? "," : "") + "{\"metric\": \"m\", \"instance\": \"" + std::to_string(c) + "\"}";
            index += "]}";
            std::vector<ArchiveEntrySpec> entries = validEntries();
            entries.push_back({"r/series/g.json", QByteArray::fromStdString(index)});
            entries.push_back({"r/series/g/0.bin", QByteArray::fromStdString(block)});
            return entries;
        };
        // 2^17 columns of 2,000 rows would be 2 GB from an archive of a few hundred KB.
        const QString sparse = m_dir.filePath(QStringLiteral("sparse.tar.gz"));
        QVERIFY(writeTarGz(sparse, groupOf(1 << 17)));
        QVERIFY(QFileInfo(sparse).size() < (1 << 20));
        const QString error = readError(sparse.toStdString());
        QVERIFY2(error.contains(QStringLiteral("series/g.json describes 2000 rows of 131072 columns (2000 MiB in memory), more than the ")),
                 qPrintable(error));
        // The same group with 1,000 columns is an ordinary one: padded, not refused.
        const QString fine = m_dir.filePath(QStringLiteral("fine.tar.gz"));
        QVERIFY(writeTarGz(fine, groupOf(1000)));
        const RunArchive run = readRunArchive(fine.toStdString());
        QCOMPARE(run.series.size(), std::size_t(1));
        QCOMPARE(run.series[0].columns.size(), std::size_t(1000));
        QCOMPARE(run.series[0].columns[999].size(), std::size_t(2000));
        QVERIFY(std::isnan(run.series[0].columns[999][0]));
        QCOMPARE(run.series[0].columns[0][1999], 1.0);

        // A block larger than any runlens-rec writes.
        std::vector<ArchiveEntrySpec> entries = validEntries();
        entries.push_back({"r/series/g.json", "{\"group\": \"g\", \"blocks\": [{\"file\": \"g/0.bin\"}], \"columns\": [{\"metric\": \"m\"}]}"});
        entries.push_back({"r/series/g/0.bin", QByteArray((64 << 20) + 1, '\0')});
        const QString big = m_dir.filePath(QStringLiteral("bigblock.tar.gz"));
        QVERIFY(writeTarGz(big, entries));
        const QString bigError = readError(big.toStdString());
        QVERIFY2(bigError.contains(QStringLiteral("r/series/g/0.bin declares 67108865 bytes, more than the limit of 67108864")), qPrintable(bigError));
    }

    void readerReportsTruncatedAndNonArchives()
    {
        std::vector<ArchiveEntrySpec> entries = validEntries();
        entries.push_back({"r/host/noise.bin", QByteArray(300000, 'x') + QByteArray::number(12345)});
        const QString whole = m_dir.filePath(QStringLiteral("whole.tar.gz"));
        QVERIFY(writeTarGz(whole, entries));
        QFile source(whole);
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QByteArray bytes = source.readAll();
        const QString cut = m_dir.filePath(QStringLiteral("cut.tar.gz"));
        QFile target(cut);
        QVERIFY(target.open(QIODevice::WriteOnly));
        target.write(bytes.left(bytes.size() / 2));
        target.close();
        QString error = readError(cut.toStdString());
        QVERIFY2(error.contains(QStringLiteral("damaged or truncated")), qPrintable(error));

        const QString text = m_dir.filePath(QStringLiteral("notes.tar.gz"));
        QFile notes(text);
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("these are not the runs you are looking for\n");
        notes.close();
        error = readError(text.toStdString());
        QVERIFY2(error.contains(QStringLiteral("not a gzip-compressed tar file")), qPrintable(error));

        error = readError(m_dir.filePath(QStringLiteral("missing.tar.gz")).toStdString());
        QVERIFY2(error.contains(QStringLiteral("cannot open")), qPrintable(error));
    }

    void readerCanBeCancelled()
    {
        const QString file = m_dir.filePath(QStringLiteral("cancel.tar.gz"));
        std::vector<ArchiveEntrySpec> entries = validEntries();
        entries.push_back({"r/host/a.bin", QByteArray(2 << 20, 'a')});
        QVERIFY(writeTarGz(file, entries));
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(ReadCancelled, readRunArchive(file.toStdString(), {}, [&calls](std::uint64_t, std::uint64_t) {
                                     return ++calls < 2;
                                 }));
        QCOMPARE(calls, 2);
    }
};

QTEST_GUILESS_MAIN(TestFormat)
#include "tst_format.moc"
