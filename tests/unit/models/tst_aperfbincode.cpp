// The bincode decoders of APerf's .bin files, on the real APerf 1.2.0 record archive of
// tests/fixtures/aperf (16 CPUs, 5 s at 1 s) and on hostile bytes built here: each damage must
// give its own sentence, never a crash or an allocation sized by a length prefix.
#include "aperf/AperfArchive.h"
#include "aperf/AperfBincode.h"

#include <QTest>

#include <cstring>

using aperf::BincodeError;
using aperf::BincodeReader;

namespace {

std::string fixture(const char* name)
{
    return std::string(RUNLENS_SOURCE_DIR "/tests/fixtures/aperf/") + name;
}

const aperf::AperfEntries& testRun1()
{
    static const aperf::AperfEntries entries = aperf::readAperfEntries(fixture("test_run_1.tar.gz"));
    return entries;
}

// The bytes of a data file of test_run_1, found by APerf's rule; its file name in *fileName.
std::string_view dataFile(const char* name, std::string* fileName = nullptr)
{
    const auto file = aperf::findDataFile(testRun1(), name);
    if (!file)
        return {};
    if (fileName)
        *fileName = *file;
    return testRun1().files.at(*file);
}

// Little bincode writers for the hostile inputs.
std::string u32le(std::uint32_t v)
{
    std::string out(4, '\0');
    for (int i = 0; i < 4; ++i)
        out[std::size_t(i)] = char((v >> (8 * i)) & 0xff);
    return out;
}
std::string u64le(std::uint64_t v)
{
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[std::size_t(i)] = char((v >> (8 * i)) & 0xff);
    return out;
}
std::string str(std::string_view s)
{
    return u64le(s.size()) + std::string(s);
}
// One `Data::<X>Raw { time: TimeEnum::DateTime, data: String }` record.
std::string timedRecord(std::uint32_t variant, std::string_view time, std::string_view text)
{
    return u32le(variant) + u32le(0) + str(time) + str(text);
}

// Runs f, which must throw BincodeError of the given kind; returns its message ("" if it did not).
template<typename F>
QString errorOf(F&& f, BincodeError::Kind kind)
{
    try {
        f();
    } catch (const BincodeError& error) {
        if (error.kind() != kind)
            return QStringLiteral("wrong kind %1: %2").arg(int(error.kind())).arg(QString::fromUtf8(error.what()));
        return QString::fromUtf8(error.what());
    } catch (const std::exception& error) {
        return QStringLiteral("not a BincodeError: ") + QString::fromUtf8(error.what());
    }
    return {};
}

constexpr std::int64_t kSecond = 1'000'000'000;

} // namespace

class TestAperfBincode : public QObject
{
    Q_OBJECT

private slots:
    void timeSeriesFilesOfTestRun1_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<uint>("variant"); // APerf 1.2.0's Data enum index (data.rs data! order)
        QTest::addColumn<QString>("textStart");
        QTest::newRow("cpu_utilization") << "cpu_utilization" << 0u << "cpu ";
        QTest::newRow("vmstat") << "vmstat" << 1u << "nr_free_pages ";
        QTest::newRow("diskstats") << "diskstats" << 2u << "";
        QTest::newRow("interrupts") << "interrupts" << 5u << "";
        QTest::newRow("perf_stat") << "perf_stat" << 7u << "";
        QTest::newRow("meminfo") << "meminfo" << 9u << "MemTotal:";
        QTest::newRow("netstat") << "netstat" << 10u << "TcpExt:";
        QTest::newRow("numastat") << "numastat" << 11u << "node0:";
    }
    void timeSeriesFilesOfTestRun1()
    {
        QFETCH(QString, name);
        QFETCH(uint, variant);
        QFETCH(QString, textStart);
        std::string fileName;
        const std::string_view bytes = dataFile(name.toUtf8().constData(), &fileName);
        QVERIFY2(!bytes.empty(), qPrintable(name));
        QVERIFY(fileName.ends_with("_2026-01-30_08_25_32.bin"));

        const std::vector<aperf::TimedText> records = aperf::readTimedTexts(bytes, fileName);
        // period 5 s at 1 s: period + 1 samples.
        QCOMPARE(records.size(), std::size_t(6));
        bool anyFraction = false;
        for (std::size_t i = 0; i < records.size(); ++i) {
            QCOMPARE(records[i].variant, variant);
            QVERIFY(!records[i].text.empty());
            QVERIFY(QString::fromUtf8(records[i].text.data(), qsizetype(records[i].text.size())).startsWith(textStart));
            anyFraction = anyFraction || records[i].timeNs % kSecond != 0;
            // 2026-01-30T08:25:4x…5x, about one second apart.
            QVERIFY(records[i].timeNs > 1769761545 * kSecond && records[i].timeNs < 1769761553 * kSecond);
            if (i > 0) {
                QVERIFY(records[i].timeNs > records[i - 1].timeNs);
                const std::int64_t step = records[i].timeNs - records[i - 1].timeNs;
                QVERIFY2(step > 900'000'000 && step < 1'100'000'000, qPrintable(QString::number(step)));
            }
        }
        QVERIFY(anyFraction); // nanosecond fractions were parsed, not dropped
    }

    void piecesOfAnySizeDecodeAsTheWhole()
    {
        // An archive entry arrives block by block: records cut anywhere decode the same, and a cut
        // file fails with the whole-file reader's sentence.
        std::string fileName;
        const std::string_view bytes = dataFile("interrupts", &fileName);
        const std::vector<aperf::TimedText> whole = aperf::readTimedTexts(bytes, fileName);
        for (const std::size_t pieceSize : {std::size_t(1), std::size_t(7), std::size_t(16), std::size_t(4095), bytes.size()}) {
            aperf::TimedTextDecoder decoder(fileName);
            std::vector<std::pair<std::int64_t, std::string>> decoded;
            for (std::size_t at = 0; at < bytes.size(); at += pieceSize)
                decoder.feed(bytes.substr(at, pieceSize), [&decoded](const aperf::TimedText& record) {
                    decoded.emplace_back(record.timeNs, std::string(record.text));
                });
            decoder.finish();
            QCOMPARE(decoded.size(), whole.size());
            for (std::size_t i = 0; i < whole.size(); ++i) {
                QCOMPARE(decoded[i].first, whole[i].timeNs);
                QVERIFY(decoded[i].second == whole[i].text);
            }
            QCOMPARE(decoder.records(), whole.size());
        }

        const std::string cut(bytes.substr(0, bytes.size() - 5));
        const QString wholeMessage = errorOf([&] { aperf::readTimedTexts(cut, fileName); }, BincodeError::Kind::LengthPastEnd);
        aperf::TimedTextDecoder decoder(fileName);
        for (std::size_t at = 0; at < cut.size(); at += 1000)
            decoder.feed(std::string_view(cut).substr(at, 1000), [](const aperf::TimedText&) {});
        QCOMPARE(errorOf([&] { decoder.finish(); }, BincodeError::Kind::LengthPastEnd), wholeMessage);
        QVERIFY2(wholeMessage.contains(QStringLiteral("in record 5")), qPrintable(wholeMessage));

        // A huge length is refused at once, not after waiting for 2^63 bytes.
        aperf::TimedTextDecoder huge("vmstat.bin");
        const std::string hostile = u32le(1) + u32le(0) + u64le(std::uint64_t(1) << 63);
        QCOMPARE(errorOf([&] { huge.feed(hostile, [](const aperf::TimedText&) {}); }, BincodeError::Kind::HugeLength),
                 QStringLiteral("vmstat.bin is damaged in record 0: the string length at offset 8 declares 9223372036854775808 "
                                "bytes, more than the limit of 256 MiB."));
    }

    void cpuUtilizationRecordExactly()
    {
        std::string fileName;
        const auto records = aperf::readTimedTexts(dataFile("cpu_utilization", &fileName), fileName);
        QCOMPARE(records.size(), std::size_t(6));
        // "2026-01-30T08:25:46.947091447Z": 9 fraction digits, as chrono's AutoSi writes them.
        QCOMPARE(records.front().timeNs, 1769761546 * kSecond + 947'091'447);
        QCOMPARE(records.back().timeNs, 1769761551 * kSecond + 946'815'843);
        QVERIFY(records.front().text.starts_with("cpu  "));
        // /proc/stat of 16 CPUs: cpu0 … cpu15.
        QVERIFY(records.front().text.find("\ncpu15 ") != std::string_view::npos);
        QVERIFY(records.front().text.find("\ncpu16 ") == std::string_view::npos);
    }

    void processesRecords()
    {
        std::string fileName;
        const auto records = aperf::readProcessesRecords(dataFile("processes", &fileName), fileName);
        QCOMPARE(records.size(), std::size_t(6));
        for (std::size_t i = 0; i < records.size(); ++i) {
            QCOMPARE(records[i].variant, 8u);
            QCOMPARE(records[i].ticksPerSecond, std::uint64_t(100));
            QVERIFY(records[i].text.starts_with("1 (systemd) S "));
            if (i > 0)
                QVERIFY(records[i].timeNs > records[i - 1].timeNs);
        }
        QCOMPARE(records.front().timeNs, 1769761546 * kSecond + 935'425'908);
    }

    void aperfStats()
    {
        std::string fileName;
        const auto records = aperf::readAperfStats(dataFile("aperf_stats", &fileName), fileName);
        QCOMPARE(fileName, std::string("aperf_stats.bin"));
        // One record per collection round: the static round at 08:25:45 and five of the periodic
        // ones (the last sample's stats are not written before the run stops).
        QCOMPARE(records.size(), std::size_t(6));
        QCOMPARE(records.front().timeNs, 1769761545 * kSecond + 931'425'376);
        QCOMPARE(records.front().values.size(), std::size_t(19));
        QCOMPARE(records.front().values.at("meminfo-print"), std::uint64_t(105));
        QVERIFY(records[1].values.count("cpu_utilization-collect") == 1);
        for (std::size_t i = 1; i < records.size(); ++i)
            QVERIFY(records[i].timeNs > records[i - 1].timeNs);
    }

    void sysctl()
    {
        std::string fileName;
        const aperf::SysctlData data = aperf::readSysctl(dataFile("sysctl", &fileName), fileName);
        QVERIFY(data.values.size() > 100);
        QCOMPARE(data.values.begin()->first, std::string("abi.cp15_barrier"));
        QCOMPARE(data.timeNs, 1769761532 * kSecond + 537'491'378);
        QVERIFY(data.values.count("kernel.pid_max") == 1);
    }

    void kernelConfig()
    {
        std::string fileName;
        const aperf::KernelConfig config = aperf::readKernelConfig(dataFile("kernel_config", &fileName), fileName);
        QVERIFY(config.groups.size() > 1);
        QCOMPARE(config.timeNs, 1769761545 * kSecond + 577'627'493);
        const auto flat = aperf::flattenKernelConfig(config);
        QVERIFY(flat.size() > 1000);
        QCOMPARE(flat.at("CONFIG_CC_VERSION_TEXT"), std::string("\"gcc10-gcc (GCC) 10.2.1 20210130 (Red Hat 10.2.1-11)\""));
        bool anySubgroup = false;
        for (const auto& group : config.groups) {
            for (const auto& entry : group.entries)
                anySubgroup = anySubgroup || entry.isGroup;
        }
        QVERIFY(anySubgroup);
    }

    void metaData120()
    {
        const aperf::MetaData meta = aperf::readMetaData(dataFile("meta_data"), "meta_data.bin");
        QCOMPARE(meta.layout, aperf::MetaData::Layout::V0_1_18);
        QCOMPARE(meta.period, std::uint64_t(5));
        QCOMPARE(meta.interval, std::uint64_t(1));
        QCOMPARE(meta.runName, std::string("test_run_1"));
        QCOMPARE(meta.dirName, std::string("test_run_1"));
        QCOMPARE(meta.collectorVersion, std::string("1.2.0"));
        QCOMPARE(meta.commitSha, std::string("6f0e5d9"));
        QCOMPARE(meta.timeStr, std::string("2026-01-30_08_25_32"));
        QCOMPARE(*meta.timeNowNs, 1769761532 * kSecond + 537'395'460);
        QVERIFY(meta.profile.empty());
        QVERIFY(!meta.pmuConfig);
        QCOMPARE(meta.perfFrequency, 99u);
        QCOMPARE(*meta.hotlineFrequency, 1000u);
        QCOMPARE(*meta.numToReport, 5000u);
        QCOMPARE(meta.runlog, std::string("/tmp/aperf-tmp-XCocn2/aperf_runlog"));

        // Cut short, it says where, in the layout its first field announced.
        const std::string_view cut = dataFile("meta_data").substr(0, 100);
        QCOMPARE(errorOf([&] { aperf::readMetaData(cut, "meta_data.bin"); }, BincodeError::Kind::Truncated),
                 QStringLiteral("meta_data.bin is truncated: a u64 needs 8 bytes at offset 100 but has 0."));
    }

    void metaData123Layout()
    {
        // 1.2.3: no time_now/time_str; save_profile_events; collection window as Option<TimeEnum>.
        const std::string bytes = str("run") + u64le(10) + u64le(1) + str("perf_profile") + str("")
            + std::string(1, '\0') + u64le(2) + str("run") + str("1.2.3") + str("abcdef0") + str("/tmp/a")
            + str("/tmp/a/aperf_runlog") + u32le(99) + std::string(1, '\1') + u32le(1000) + u32le(5000)
            + std::string(1, '\1') + u32le(0) + str("2025-05-01T10:00:00.5Z") + std::string(1, '\0');
        const aperf::MetaData meta = aperf::readMetaData(bytes, "meta_data.bin");
        QCOMPARE(meta.layout, aperf::MetaData::Layout::V1_2_3);
        QCOMPARE(meta.period, std::uint64_t(10));
        QCOMPARE(meta.interval, std::uint64_t(2));
        QCOMPARE(meta.profile.at("perf_profile"), std::string());
        QCOMPARE(meta.collectorVersion, std::string("1.2.3"));
        QCOMPARE(*meta.saveProfileEvents, true);
        QVERIFY(!meta.timeNowNs);
        QCOMPARE(*meta.collectionStartNs, std::int64_t(1746093600) * kSecond + 500'000'000);
        QVERIFY(!meta.collectionEndNs);
    }

    void theHandEditedSystemInfoFailsWithASentence()
    {
        std::string fileName;
        const std::string_view bytes = dataFile("system_info", &fileName); // the alias finds systeminfo_…
        QCOMPARE(fileName, std::string("systeminfo_2026-01-30_08_25_32.bin"));
        // host_name's length says 48 where 31 bytes were left after anonymising: the next length
        // prefix is then read from text and points far past the end.
        // That is instance_id's: its prefix is the bytes "89\x1c\0\0\0\0\0" of the text around it.
        QCOMPARE(errorOf([&] { aperf::readSystemInfo(bytes, fileName); }, BincodeError::Kind::LengthPastEnd),
                 QStringLiteral("systeminfo_2026-01-30_08_25_32.bin is damaged: the string length at offset 180 declares "
                                "1849656 bytes but only 86 remain."));
        // The caller skips that one file; a well-formed SystemInfo of the same shape reads fine.
        const std::string good = u32le(3) + u32le(0) + str("2026-01-30T08:25:32.537477807Z") + str("Amazon Linux")
            + str("6.1.0") + str("2") + str("host") + u64le(16) + str("i-1") + str("ip-1") + str("ami-1") + str("us-west-2")
            + str("m6g.4xlarge");
        const aperf::SystemInfo info = aperf::readSystemInfo(good, fileName);
        QCOMPARE(info.totalCpus, std::uint64_t(16));
        QCOMPARE(info.instance.instanceType, std::string("m6g.4xlarge"));
        QCOMPARE(info.timeNs, 1769761532 * kSecond + 537'477'807);
    }

    void aRecordCutShort()
    {
        const std::string whole = timedRecord(0, "2026-01-30T08:25:46.1Z", "cpu 1 2 3\n");
        std::string bytes = whole + whole;
        bytes.resize(whole.size() + 6); // the second record: its variant and 2 bytes of the time kind
        const QString message = errorOf([&] { aperf::readTimedTexts(bytes, "cpu_utilization.bin"); },
                                        BincodeError::Kind::Truncated);
        QCOMPARE(message, QStringLiteral("cpu_utilization.bin is truncated in record 1: an enum variant needs 4 bytes at offset %1 but has 2.")
                              .arg(whole.size() + 4));

        // Cut inside the text: the length prefix is past the end.
        bytes = whole + whole.substr(0, whole.size() - 3);
        const QString cutText = errorOf([&] { aperf::readTimedTexts(bytes, "cpu_utilization.bin"); },
                                        BincodeError::Kind::LengthPastEnd);
        QVERIFY2(cutText.startsWith(QStringLiteral("cpu_utilization.bin is damaged in record 1: the string length at offset ")),
                 qPrintable(cutText));
        QVERIFY2(cutText.contains(QStringLiteral("declares 10 bytes but only 7 remain.")), qPrintable(cutText));

        // Whole records read fine.
        QCOMPARE(aperf::readTimedTexts(whole + whole, "x.bin").size(), std::size_t(2));
        QCOMPARE(aperf::readTimedTexts(std::string(), "x.bin").size(), std::size_t(0));
    }

    void aLengthPrefixPastTheEnd()
    {
        const std::string bytes = u64le(100) + "0123456789";
        BincodeReader reader(bytes, "vmstat.bin");
        QCOMPARE(errorOf([&] { reader.string(); }, BincodeError::Kind::LengthPastEnd),
                 QStringLiteral("vmstat.bin is damaged: the string length at offset 0 declares 100 bytes but only 10 remain."));
        QCOMPARE(reader.offset(), std::size_t(8));
    }

    void aHugeLength()
    {
        const std::string bytes = u32le(0) + u32le(0) + u64le(std::uint64_t(1) << 63) + "2026";
        const QString message = errorOf([&] { aperf::readTimedTexts(bytes, "meminfo.bin"); }, BincodeError::Kind::HugeLength);
        QCOMPARE(message, QStringLiteral("meminfo.bin is damaged in record 0: the string length at offset 8 declares "
                                         "9223372036854775808 bytes, more than the limit of 256 MiB."));

        // A sequence count too large for what remains is refused before any allocation.
        const std::string groups = u32le(4) + u32le(0) + str("2026-01-30T08:25:45Z") + u64le(std::uint64_t(1) << 63);
        const QString groupsMessage = errorOf([&] { aperf::readKernelConfig(groups, "kernel_config.bin"); },
                                              BincodeError::Kind::HugeLength);
        QVERIFY2(groupsMessage.startsWith(QStringLiteral("kernel_config.bin is damaged: the length prefix at offset 36 declares "
                                                         "9223372036854775808 elements")),
                 qPrintable(groupsMessage));
        const std::string map = u32le(6) + u32le(0) + str("2026-01-30T08:25:45Z") + u64le(1000) + str("a") + str("b");
        const QString mapMessage = errorOf([&] { aperf::readSysctl(map, "sysctl.bin"); }, BincodeError::Kind::LengthPastEnd);
        QVERIFY2(mapMessage.contains(QStringLiteral("declares 1000 elements")), qPrintable(mapMessage));
    }

    void aStringThatIsNotUtf8_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("badAt"); // offset of the bad byte in the text
        QTest::newRow("0xff") << QByteArray("cpu \xff 1") << 4;
        QTest::newRow("lone continuation") << QByteArray("ab\x80") << 2;
        QTest::newRow("overlong NUL") << QByteArray("\xc0\x80", 2) << 0;
        QTest::newRow("overlong 3-byte") << QByteArray("x\xe0\x80\xaf") << 1;
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << 0;
        QTest::newRow("beyond U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << 0;
        QTest::newRow("cut sequence") << QByteArray("12345678\xe2\x82") << 8;
    }
    void aStringThatIsNotUtf8()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, badAt);
        const std::string bytes = str(std::string_view(text.constData(), std::size_t(text.size())));
        BincodeReader reader(bytes, "interrupts.bin");
        const QString message = errorOf([&] { reader.string(); }, BincodeError::Kind::NotUtf8);
        QVERIFY2(message.startsWith(QStringLiteral("interrupts.bin is damaged: the string at offset 0 is not valid UTF-8 (byte 0x")),
                 qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral(" at offset %1).").arg(8 + badAt)), qPrintable(message));
    }
    void validUtf8IsAccepted()
    {
        const std::string text = "Größe ✓ 😀 \x7f end of a longer ASCII tail";
        const std::string bytes = str(text);
        BincodeReader reader(bytes, "x.bin");
        QCOMPARE(reader.string(), std::string_view(text));
        QVERIFY(reader.atEnd());
        QVERIFY(aperf::isValidUtf8("\xef\xbf\xbf\xf0\x90\x80\x80\xf4\x8f\xbf\xbf"));
        QVERIFY(aperf::isValidUtf8(std::string_view("\0", 1)));
    }

    void aTimeThatDoesNotParse_data()
    {
        QTest::addColumn<QByteArray>("time");
        QTest::newRow("month 13") << QByteArray("2026-13-30T08:25:46.947091447Z");
        QTest::newRow("30 February") << QByteArray("2026-02-30T08:25:46Z");
        QTest::newRow("no zone") << QByteArray("2026-01-30T08:25:46.947");
        QTest::newRow("other zone") << QByteArray("2026-01-30T08:25:46+01:00");
        QTest::newRow("lower-case z") << QByteArray("2026-01-30T08:25:46z");
        QTest::newRow("space for T") << QByteArray("2026-01-30 08:25:46Z");
        QTest::newRow("empty fraction") << QByteArray("2026-01-30T08:25:46.Z");
        QTest::newRow("10 fraction digits") << QByteArray("2026-01-30T08:25:46.0123456789Z");
        QTest::newRow("hour 24") << QByteArray("2026-01-30T24:00:00Z");
        QTest::newRow("words") << QByteArray("yesterday");
        QTest::newRow("empty") << QByteArray("");
        QTest::newRow("year 3000") << QByteArray("3000-01-01T00:00:00Z"); // past what int64 ns hold
        // Years int64 nanoseconds hold, but two such times differ by more than 2^63 ns (a fuzzed
        // archive's 1726 after 2026 overflowed the importer's subtraction).
        QTest::newRow("year 1726") << QByteArray("1726-01-30T08:25:46Z");
        QTest::newRow("year 1969") << QByteArray("1969-12-31T23:59:59Z");
        QTest::newRow("year 2201") << QByteArray("2201-01-01T00:00:00Z");
    }
    void aTimeThatDoesNotParse()
    {
        QFETCH(QByteArray, time);
        const std::string bytes = timedRecord(0, time.toStdString(), "x");
        const QString message = errorOf([&] { aperf::readTimedTexts(bytes, "netstat.bin"); }, BincodeError::Kind::BadTime);
        QCOMPARE(message, QStringLiteral("netstat.bin is damaged in record 0: the time at offset 8, \"%1\", is not an "
                                         "RFC 3339 UTC time (YYYY-MM-DDTHH:MM:SS[.fraction]Z) between the years 1970 and 2200.")
                              .arg(QString::fromUtf8(time)));
    }
    void aLongBadTimeIsClippedInTheMessage()
    {
        const std::string garbage(5000, 'x');
        const std::string bytes = str(garbage + "\n");
        BincodeReader reader(bytes, "numastat.bin");
        const QString message = errorOf([&] { reader.time(); }, BincodeError::Kind::BadTime);
        QVERIFY2(message.contains(QStringLiteral("\"") + QString(48, QLatin1Char('x')) + QStringLiteral("…\"")),
                 qPrintable(message));
        QVERIFY(message.size() < 200);
    }

    void fractionDigits_data()
    {
        QTest::addColumn<QString>("time");
        QTest::addColumn<qint64>("ns");
        constexpr qint64 base = 1769761546 * kSecond; // 2026-01-30T08:25:46Z
        QTest::newRow("0 digits") << "2026-01-30T08:25:46Z" << base;
        QTest::newRow("1 digit") << "2026-01-30T08:25:46.9Z" << base + 900'000'000;
        QTest::newRow("3 digits") << "2026-01-30T08:25:46.947Z" << base + 947'000'000;
        QTest::newRow("6 digits") << "2026-01-30T08:25:46.092696Z" << base + 92'696'000;
        QTest::newRow("9 digits") << "2026-01-30T08:25:46.947091447Z" << base + 947'091'447;
        QTest::newRow("+00:00") << "2026-01-30T08:25:46.5+00:00" << base + 500'000'000;
        QTest::newRow("epoch") << "1970-01-01T00:00:00Z" << qint64(0);
        QTest::newRow("the last year") << "2200-12-31T23:59:59Z" << qint64(7'289'654'399) * kSecond; // 1969 is refused
        QTest::newRow("leap day") << "2024-02-29T00:00:00Z" << qint64(1709164800) * kSecond;
        QTest::newRow("leap second") << "2016-12-31T23:59:60.5Z" << qint64(1483228800) * kSecond + 500'000'000;
    }
    void fractionDigits()
    {
        QFETCH(QString, time);
        QFETCH(qint64, ns);
        const std::string bytes = str(time.toStdString());
        BincodeReader reader(bytes, "x.bin");
        QCOMPARE(reader.time(), std::int64_t(ns));
        QVERIFY(reader.atEnd());
    }

    void timeEnumKinds()
    {
        const std::string diff = u32le(1) + u64le(5);
        BincodeReader reader(diff, "vmstat.bin");
        const QString message = errorOf([&] { reader.timeEnum(); }, BincodeError::Kind::BadValue);
        QCOMPARE(message, QStringLiteral("vmstat.bin is damaged: the time at offset 0 is of kind 1 (a relative TimeDiff, which raw "
                                         "data never holds) instead of an absolute DateTime (0)."));
    }

    void primitives()
    {
        const std::string bytes = std::string("\x07\x01", 2) + u32le(0xdeadbeef) + u32le(std::uint32_t(-42))
            + u64le(0x0123456789abcdefull) + u64le(0x400921fb54442d18ull) + u32le(3) + std::string(1, '\x02');
        BincodeReader reader(bytes, "x.bin");
        QCOMPARE(reader.u8(), std::uint8_t(7));
        QCOMPARE(reader.boolean(), true);
        QCOMPARE(reader.u32(), 0xdeadbeefu);
        QCOMPARE(reader.i32(), -42);
        QCOMPARE(reader.u64(), std::uint64_t(0x0123456789abcdefull));
        QCOMPARE(reader.f64(), 3.141592653589793);
        QCOMPARE(reader.variant(), 3u);
        QCOMPARE(reader.offset(), bytes.size() - 1);
        QCOMPARE(errorOf([&] { reader.boolean(); }, BincodeError::Kind::BadValue),
                 QStringLiteral("x.bin is damaged: the bool at offset %1 is 2, not 0 or 1.").arg(bytes.size() - 1));
        QVERIFY(reader.atEnd());
        QCOMPARE(errorOf([&] { reader.u64(); }, BincodeError::Kind::Truncated),
                 QStringLiteral("x.bin is truncated: a u64 needs 8 bytes at offset %1 but has 0.").arg(bytes.size()));
    }

    void recordsOfOneFileAreOfOneKind()
    {
        const std::string bytes = timedRecord(0, "2026-01-30T08:25:46Z", "a") + timedRecord(1, "2026-01-30T08:25:47Z", "b");
        QCOMPARE(errorOf([&] { aperf::readTimedTexts(bytes, "cpu_utilization.bin"); }, BincodeError::Kind::BadValue),
                 QStringLiteral("cpu_utilization.bin is damaged: record 1 is of data kind 1 but record 0 of kind 0."));
    }

    void singleRecordFilesRefuseTrailingBytes()
    {
        const std::string sysctl = u32le(6) + u32le(0) + str("2026-01-30T08:25:45Z") + u64le(1) + str("a.b") + str("1");
        QCOMPARE(aperf::readSysctl(sysctl, "sysctl.bin").values.at("a.b"), std::string("1"));
        const std::string twice = sysctl + sysctl;
        QCOMPARE(errorOf([&] { aperf::readSysctl(twice, "sysctl.bin"); }, BincodeError::Kind::TrailingBytes),
                 QStringLiteral("sysctl.bin is damaged: %1 bytes follow its one record at offset %1.").arg(sysctl.size()));
    }

    void kernelConfigNestingIsBounded()
    {
        // Groups inside groups, 40 deep: refused with a sentence instead of recursing without end.
        std::string bytes = u32le(4) + u32le(0) + str("2026-01-30T08:25:45Z") + u64le(1) + str("top") + u64le(1);
        for (int i = 0; i < 40; ++i)
            bytes += u32le(1) + str("g") + u64le(1);
        bytes += u32le(0) + str("CONFIG_X") + str("y");
        const QString message = errorOf([&] { aperf::readKernelConfig(bytes, "kernel_config.bin"); }, BincodeError::Kind::TooDeep);
        QVERIFY2(message.startsWith(QStringLiteral("kernel_config.bin is damaged: its kernel config groups nest deeper than 32")),
                 qPrintable(message));

        // An unknown entry kind.
        const std::string badEntry = u32le(4) + u32le(0) + str("2026-01-30T08:25:45Z") + u64le(1) + str("top") + u64le(1)
            + u32le(7) + str("a") + str("b");
        QVERIFY(errorOf([&] { aperf::readKernelConfig(badEntry, "kernel_config.bin"); }, BincodeError::Kind::BadValue)
                    .contains(QStringLiteral("is of kind 7, not an entry (0) or a group (1)")));

        // A small nested one reads back with its structure.
        const std::string nested = u32le(4) + u32le(0) + str("2026-01-30T08:25:45Z") + u64le(1) + str("General") + u64le(2)
            + u32le(0) + str("CONFIG_A") + str("y") + u32le(1) + str("Sub") + u64le(1) + u32le(0) + str("CONFIG_B") + str("m");
        const aperf::KernelConfig config = aperf::readKernelConfig(nested, "kernel_config.bin");
        QCOMPARE(config.groups.size(), std::size_t(1));
        QCOMPARE(config.groups[0].entries.size(), std::size_t(2));
        QVERIFY(config.groups[0].entries[1].isGroup);
        QCOMPARE(config.groups[0].entries[1].name, std::string("Sub"));
        QCOMPARE(aperf::flattenKernelConfig(config).at("CONFIG_B"), std::string("m"));
    }
};

QTEST_GUILESS_MAIN(TestAperfBincode)
#include "tst_aperfbincode.moc"
