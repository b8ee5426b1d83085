// The profile's archive encoding and its journal: exact round trips, hostile tables refused with a
// sentence, a torn journal packed up to the tear, a damaged journal costing the profile only.
#include "ArchiveBuilder.h"
#include "ArchiveReader.h"
#include "ArchiveWriter.h"
#include "FormatError.h"
#include "ProfileEncoding.h"
#include "ProfileJournal.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <bit>
#include <limits>
#include <tuple>
#include <sys/stat.h>

using namespace runlens::format;

namespace {

ProfileTables sampleProfile()
{
    ProfileTables profile;
    profile.info = {{"backend", "native"}, {"event", "cpu-clock"}, {"frequency_hz", 49}, {"kernel_symbols", true}};
    profile.frames = {{"main", "app", FrameKind::User},
                      {"std::vector<int>::push_back(int const&)", "app", FrameKind::User},
                      {"do_syscall_64", "[kernel.kallsyms]", FrameKind::Kernel},
                      {"LambdaForm$MH.invoke", "perf-42.map", FrameKind::Jit},
                      {"[unknown]", "", FrameKind::Unknown},
                      {"caf\xc3\xa9 \xe2\x98\x95", "lib\xc3\xbc.so", FrameKind::User}};
    profile.stacks = {{kNoStack, 0}, {0, 1}, {1, 2}, {0, 3}, {kNoStack, 4}, {3, 5}};
    profile.tasks = {{42, 42, "java"}, {43, 42, "C2 CompilerThre"}, {0, 0, "swapper"}};
    ProfileSamples& s = profile.samples;
    s.timeNs = {-5, 0, 20'408'163, 40'816'326, 1'000'000'000'000ll, std::numeric_limits<std::int64_t>::max()};
    s.cpu = {0, 1, 0, 191, 7, 3};
    s.pid = {42, 42, 42, 0, 42, 4'000'000'000u};
    s.tid = {42, 43, 43, 0, 42, 4'000'000'001u};
    s.stack = {2, 5, kNoStack, 4, 3, 0};
    return profile;
}

void compareProfiles(const ProfileTables& a, const ProfileTables& b)
{
    QVERIFY2(a.info == b.info, (a.info.dump() + " != " + b.info.dump()).c_str());
    QCOMPARE(a.frames.size(), b.frames.size());
    for (std::size_t i = 0; i < a.frames.size(); ++i) {
        QCOMPARE(a.frames[i].symbol, b.frames[i].symbol);
        QCOMPARE(a.frames[i].module, b.frames[i].module);
        QCOMPARE(int(a.frames[i].kind), int(b.frames[i].kind));
    }
    QCOMPARE(a.stacks.size(), b.stacks.size());
    for (std::size_t i = 0; i < a.stacks.size(); ++i) {
        QCOMPARE(a.stacks[i].parent, b.stacks[i].parent);
        QCOMPARE(a.stacks[i].frame, b.stacks[i].frame);
    }
    QCOMPARE(a.tasks.size(), b.tasks.size());
    for (std::size_t i = 0; i < a.tasks.size(); ++i) {
        QCOMPARE(a.tasks[i].tid, b.tasks[i].tid);
        QCOMPARE(a.tasks[i].pid, b.tasks[i].pid);
        QCOMPARE(a.tasks[i].command, b.tasks[i].command);
    }
    QCOMPARE(a.samples.timeNs, b.samples.timeNs);
    QCOMPARE(a.samples.cpu, b.samples.cpu);
    QCOMPARE(a.samples.pid, b.samples.pid);
    QCOMPARE(a.samples.tid, b.samples.tid);
    QCOMPARE(a.samples.stack, b.samples.stack);
    QCOMPARE(a.samples.count, b.samples.count);
    QCOMPARE(a.samples.period, b.samples.period);
    QCOMPARE(a.samples.task, b.samples.task);
    QCOMPARE(a.timeQuantumNs, b.timeQuantumNs);
    QCOMPARE(a.timeOrdered, b.timeOrdered);
}

// What a format 2.0 archive holds of a profile, worked out the slow and obvious way: times rounded
// down to the millisecond, rows sorted by time and CPU, rows alike in all but their weight merged.
// periodBits: the significant bits `runlens-rec pack` keeps of each period (0: exact).
ProfileTables asPacked(ProfileTables profile, unsigned periodBits = 0)
{
    const auto round = [periodBits](std::uint64_t period) {
        const int width = std::bit_width(period);
        if (periodBits == 0 || width <= int(periodBits))
            return period;
        const int drop = width - int(periodBits);
        return ((period + (std::uint64_t(1) << (drop - 1))) >> drop) << drop;
    };
    struct Row {
        std::int64_t time;
        std::uint32_t cpu, pid, tid, task, stack;
        std::uint64_t count, period;
        auto key() const { return std::tie(time, cpu, pid, tid, task, stack); }
    };
    ProfileSamples& s = profile.samples;
    std::vector<Row> rows;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const std::int64_t ms = s.timeNs[i] >= 0 ? s.timeNs[i] / 1'000'000 : -((-s.timeNs[i] + 999'999) / 1'000'000);
        rows.push_back({ms * 1'000'000, s.cpu[i], s.pid[i], s.tid[i], s.task.empty() ? 0 : s.task[i], s.stack[i],
                        s.countAt(i), s.period.empty() ? 0 : round(s.period[i])});
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.key() < b.key(); });
    std::vector<Row> merged;
    for (const Row& row : rows) {
        if (!merged.empty() && merged.back().key() == row.key()) {
            merged.back().count += row.count;
            merged.back().period += row.period;
        } else {
            merged.push_back(row);
        }
    }
    const bool periods = !s.period.empty();
    const bool tasks = !s.task.empty();
    s = {};
    bool counts = false;
    for (const Row& row : merged) {
        s.timeNs.push_back(row.time);
        s.cpu.push_back(row.cpu);
        s.pid.push_back(row.pid);
        s.tid.push_back(row.tid);
        s.stack.push_back(row.stack);
        s.count.push_back(row.count);
        counts = counts || row.count != 1;
        if (periods)
            s.period.push_back(row.period);
        if (tasks)
            s.task.push_back(row.task);
    }
    if (!counts)
        s.count.clear();
    profile.timeQuantumNs = 1'000'000;
    profile.timeOrdered = true;
    return profile;
}

QString decodeError(const EncodedProfile& encoded, const ProfileLimits& limits = {})
{
    try {
        decodeProfile(encoded, limits);
    } catch (const FormatError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

template<typename T>
void poke(std::string& bytes, std::size_t offset, T value)
{
    std::memcpy(bytes.data() + offset, &value, sizeof value);
}

const QByteArray kManifest = R"({"format_version": "1.0", "run": {"name": "r"}})";

// An archive holding a minimal run plus the given profile entries.
QString archiveWith(const QTemporaryDir& dir, const char* name, const EncodedProfile& encoded)
{
    const QString file = dir.filePath(QString::fromLatin1(name));
    const bool ok = writeTarGz(file, {{"r/manifest.json", kManifest},
                                      {"r/metrics.json", "[]"},
                                      {"r/profile/profile.json", QByteArray::fromStdString(encoded.index)},
                                      {"r/profile/stacks.bin", QByteArray::fromStdString(encoded.stacks)},
                                      {"r/profile/samples.bin", QByteArray::fromStdString(encoded.samples)}});
    return ok ? file : QString();
}

std::string makeSpool(const QTemporaryDir& dir, const char* name)
{
    const std::string spool = dir.filePath(QString::fromLatin1(name)).toStdString();
    ::mkdir(spool.c_str(), 0755);
    spool::writeFileAtomically(spool, spool::kManifest,
                               R"({"format_version": "1.0", "run": {"name": ")" + std::string(name) + R"("}, "end": {"reason": "duration"}})");
    return spool;
}

} // namespace

class TestProfileFormat : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    // Format 1.x (samples.bin), as recorders before 2.0 wrote it: read back value for value.
    void format1EncodingRoundTripsExactly()
    {
        const ProfileTables profile = sampleProfile();
        const EncodedProfile encoded = encodeProfileFormat1(profile);
        QCOMPARE(QByteArray(encoded.stacks.data(), 8), QByteArray("RLSTACK1"));
        QCOMPARE(QByteArray(encoded.samples.data(), 8), QByteArray("RLSAMPL1"));
        QCOMPARE(encoded.stacks.size(), std::size_t(16 + 6 * 8));
        QCOMPARE(encoded.samples.size(), std::size_t(16 + 6 * 24));
        // Byte planes: the first plane of the time column holds byte 0 of each time.
        QCOMPARE(static_cast<unsigned char>(encoded.samples[16 + 2]), static_cast<unsigned char>(20'408'163 & 0xff));
        const nlohmann::json index = nlohmann::json::parse(encoded.index);
        QVERIFY(index["frames"][2] == nlohmann::json({"do_syscall_64", "[kernel.kallsyms]", "kernel"}));
        QVERIFY(index["tasks"][1] == nlohmann::json({43, 42, "C2 CompilerThre"}));
        compareProfiles(decodeProfile(encoded.index, encoded.stacks, encoded.samples), profile);
    }

    void optionalColumnsRoundTrip()
    {
        ProfileTables profile = sampleProfile();
        profile.samples.count = {1, 1, 42, 1, 1, 7};
        profile.samples.period = {10101010, 1, 0, 250003, ~std::uint64_t(0), 2503};
        profile.samples.task = {0, 1, 1, 2, 0, 2};
        const EncodedProfile encoded = encodeProfileFormat1(profile);
        QCOMPARE(QByteArray(encoded.sampleColumns.data(), 8), QByteArray("RLSCOLS1"));
        QCOMPARE(encoded.sampleColumns.size(), std::size_t(16 + 6 * (8 + 8 + 4)));
        const nlohmann::json index = nlohmann::json::parse(encoded.index);
        QVERIFY(index["sample_columns"]["columns"] == nlohmann::json::parse(R"([["count", 8], ["period", 8], ["task", 4]])"));
        compareProfiles(decodeProfile(encoded.index, encoded.stacks, encoded.samples, encoded.sampleColumns), profile);
        // A profile without them writes no entry, as before.
        QVERIFY(encodeProfileFormat1(sampleProfile()).sampleColumns.empty());

        // Through a real archive.
        const QString file = m_dir.filePath(QStringLiteral("columns.tar.gz"));
        QVERIFY(writeTarGz(file, {{"r/manifest.json", kManifest},
                                  {"r/metrics.json", "[]"},
                                  {"r/profile/profile.json", QByteArray::fromStdString(encoded.index)},
                                  {"r/profile/stacks.bin", QByteArray::fromStdString(encoded.stacks)},
                                  {"r/profile/samples.bin", QByteArray::fromStdString(encoded.samples)},
                                  {"r/profile/sample_columns.bin", QByteArray::fromStdString(encoded.sampleColumns)}}));
        const RunArchive run = readRunArchive(file.toStdString());
        QVERIFY(run.attachments.empty());
        compareProfiles(*run.profile, profile);

        // Damage is named.
        EncodedProfile damaged = encoded;
        damaged.sampleColumns.pop_back();
        QVERIFY(decodeError(damaged).contains(QLatin1String("sample_columns.bin has")));
        damaged = encoded;
        damaged.sampleColumns.clear();
        QVERIFY(decodeError(damaged).contains(QLatin1String("sample_columns.bin is missing")));
        damaged = encoded;
        poke<std::uint32_t>(damaged.sampleColumns, 16 + 6 * 16, 99u); // task 99 of 3 (byte plane 0, row 0)
        QVERIFY2(decodeError(damaged).contains(QLatin1String("pointing to task")), qPrintable(decodeError(damaged)));
        // A column a newer writer added is skipped by its width.
        nlohmann::json newer = index;
        newer["sample_columns"]["columns"].push_back({"future", 2});
        std::string bytes = encoded.sampleColumns + std::string(6 * 2, '\0');
        compareProfiles(decodeProfile(newer.dump(), encoded.stacks, encoded.samples, bytes), profile);
    }

    void journalKeepsPeriods()
    {
        const std::string spool = makeSpool(m_dir, "periods");
        ProfileTables whole = sampleProfile();
        whole.samples.period = {1, 1000003, 2503, 1, 250003, 7};
        {
            ProfileJournalWriter writer(spool + "/" + spool::kProfileJournal);
            writer.append(whole, {0, 1, 2}, 0);
        }
        const ProfileJournalContents read = readProfileJournal(spool + "/" + spool::kProfileJournal);
        compareProfiles(read.profile, whole);
        const std::string archive = spool + ".tar.gz";
        packSpool(spool, archive);
        // The packer keeps 12 significant bits of each period: 1000003 -> 999936, 250003 -> 249984.
        const ProfileTables packed = *readRunArchive(archive).profile;
        compareProfiles(packed, asPacked(whole, 12));
        QCOMPARE(packed.samples.period, (std::vector<std::uint64_t>{1, 999936, 2503, 1, 249984, 7}));
    }

    void emptyProfileRoundTrips()
    {
        const ProfileTables empty;
        const EncodedProfile encoded = encodeProfile(empty);
        QVERIFY(encoded.sampleChunks.empty());
        const ProfileTables decoded = decodeProfile(encoded);
        QVERIFY(decoded.timeOrdered);
        QVERIFY(decoded.empty());
        QVERIFY(decoded.frames.empty());
        QVERIFY(decoded.info.is_object());
    }

    void archiveReaderFillsTheProfile()
    {
        const QString file = archiveWith(m_dir, "ok.tar.gz", encodeProfileFormat1(sampleProfile()));
        QVERIFY(!file.isEmpty());
        const RunArchive run = readRunArchive(file.toStdString());
        QVERIFY(run.profile.has_value());
        compareProfiles(*run.profile, sampleProfile());
        // The entries are the profile, not attachments.
        QVERIFY(run.attachments.empty());

        const QString none = m_dir.filePath(QStringLiteral("none.tar.gz"));
        QVERIFY(writeTarGz(none, {{"r/manifest.json", kManifest}, {"r/metrics.json", "[]"}}));
        QVERIFY(!readRunArchive(none.toStdString()).profile.has_value());
    }

    void hostileTablesAreRefused_data()
    {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("parent not before child") << 0 << "whose parent 5 is not an earlier stack";
        QTest::newRow("self parent") << 1 << "whose parent 2 is not an earlier stack";
        QTest::newRow("frame out of range") << 2 << "pointing to frame 99 of 6";
        QTest::newRow("sample stack out of range") << 3 << "pointing to stack 6 of 6";
        QTest::newRow("stack count lies") << 4 << "holds 7 stacks but";
        QTest::newRow("sample count huge") << 5 << "more than the limit";
        QTest::newRow("truncated samples") << 6 << "bytes, not the";
        QTest::newRow("bad magic") << 7 << "does not start with RLSAMPL1";
        QTest::newRow("index not json") << 8 << "is not valid JSON";
        QTest::newRow("wrong encoding") << 9 << "does not describe a profile";
        QTest::newRow("frame not a triple") << 10 << "has a frame that is not [symbol, module, kind]";
        QTest::newRow("task tid negative") << 11 << "task tid that is not a 32-bit unsigned number";
        QTest::newRow("info not an object") << 12 << "info that is not a JSON object";
        QTest::newRow("symbol too long") << 13 << "longer than 4096 bytes";
        QTest::newRow("too many frames") << 14 << "lists more than 2 frames";
    }

    void hostileTablesAreRefused()
    {
        QFETCH(int, damage);
        QFETCH(QString, expected);
        EncodedProfile encoded = encodeProfileFormat1(sampleProfile());
        nlohmann::json index = nlohmann::json::parse(encoded.index);
        ProfileLimits limits;
        const std::size_t parents = 16;     // the parent column, one plane of 6 bytes per byte of u32
        const std::size_t frameColumn = 16 + 6 * 4;
        switch (damage) {
        case 0: // stack 1's parent = 5 (planes: byte 0 of row 1 is at parents + 1)
            encoded.stacks[parents + 1] = 5;
            break;
        case 1:
            encoded.stacks[parents + 2] = 2;
            break;
        case 2:
            encoded.stacks[frameColumn + 0] = 99;
            break;
        case 3: { // the stack column of the samples starts after time (8 planes) and three u32 columns
            const std::size_t stackColumn = 16 + 6 * 8 + 3 * 6 * 4;
            for (int b = 0; b < 4; ++b)
                encoded.samples[stackColumn + std::size_t(b) * 6 + 0] = b == 0 ? 6 : 0;
            break;
        }
        case 4:
            poke<std::uint64_t>(encoded.stacks, 8, 7);
            break;
        case 5:
            poke<std::uint64_t>(encoded.samples, 8, std::uint64_t(1) << 40);
            break;
        case 6:
            encoded.samples.resize(encoded.samples.size() - 3);
            break;
        case 7:
            encoded.samples[3] = 'X';
            break;
        case 8:
            encoded.index = "{\"encoding\": ";
            break;
        case 9:
            index["encoding"] = "something-else";
            break;
        case 10:
            index["frames"][1] = {"only a symbol"};
            break;
        case 11:
            index["tasks"][0][0] = -1;
            break;
        case 12:
            index["info"] = nlohmann::json::array();
            break;
        case 13:
            index["frames"][0][0] = std::string(5000, 'x');
            break;
        case 14:
            limits.maxFrames = 2;
            break;
        }
        if (damage >= 4 && damage != 5 && damage != 6 && damage != 7 && damage != 8 && damage != 14)
            encoded.index = index.dump();
        const QString error = decodeError(encoded, limits);
        QVERIFY2(error.contains(expected), qPrintable(error));

        // Through the archive reader: the file is refused with its name in the sentence.
        const QString file = archiveWith(m_dir, "hostile.tar.gz", encoded);
        if (damage != 14) {
            try {
                readRunArchive(file.toStdString());
                QFAIL("a hostile profile was accepted");
            } catch (const FormatError& failure) {
                const QString message = QString::fromStdString(failure.what());
                QVERIFY2(message.contains(QStringLiteral("is not a usable run archive")), qPrintable(message));
                QVERIFY2(message.contains(expected), qPrintable(message));
            }
        }
        QFile::remove(file);
    }

    void profileWithoutItsBinaryEntriesIsRefused()
    {
        const EncodedProfile encoded = encodeProfileFormat1(sampleProfile());
        const QString file = m_dir.filePath(QStringLiteral("half.tar.gz"));
        QVERIFY(writeTarGz(file, {{"r/manifest.json", kManifest},
                                  {"r/profile/profile.json", QByteArray::fromStdString(encoded.index)}}));
        try {
            readRunArchive(file.toStdString());
            QFAIL("a profile without samples.bin was accepted");
        } catch (const FormatError& failure) {
            QVERIFY(QString::fromStdString(failure.what()).contains(QStringLiteral("is missing")));
        }
    }

    void journalRoundTripsThroughThePacker()
    {
        const std::string spool = makeSpool(m_dir, "journal");
        const ProfileTables whole = sampleProfile();
        {
            ProfileJournalWriter writer(spool + "/" + spool::kProfileJournal);
            // Two batches, as two drains would write them: the first knows part of the tables.
            ProfileTables first = whole;
            first.frames.resize(4);
            first.stacks.resize(4);
            first.tasks.resize(2);
            for (auto* column : {&first.samples.cpu, &first.samples.pid, &first.samples.tid, &first.samples.stack})
                column->resize(3);
            first.samples.timeNs.resize(3);
            first.info = {{"samples", 3}};
            writer.append(first, {0, 1}, 0);
            ProfileTables second = whole;
            // The second batch holds only the new samples; frames and stacks grow.
            for (auto* column : {&second.samples.cpu, &second.samples.pid, &second.samples.tid, &second.samples.stack})
                column->erase(column->begin(), column->begin() + 3);
            second.samples.timeNs.erase(second.samples.timeNs.begin(), second.samples.timeNs.begin() + 3);
            second.tasks[0].command = "java-renamed"; // an exec: the task is written again
            writer.append(second, {0, 2}, 0);
        }
        const ProfileJournalContents read = readProfileJournal(spool + "/" + spool::kProfileJournal);
        QCOMPARE(read.ignoredTailBytes, std::uint64_t(0));
        ProfileTables expected = whole;
        expected.tasks[0].command = "java-renamed";
        compareProfiles(read.profile, expected);

        const std::string archive = spool + ".tar.gz";
        const PackResult packed = packSpool(spool, archive);
        QCOMPARE(packed.profileSamples, std::uint64_t(6));
        const RunArchive run = readRunArchive(archive);
        QVERIFY(run.profile.has_value());
        compareProfiles(*run.profile, asPacked(expected));
    }

    void tornJournalKeepsWholeBatches()
    {
        const std::string spool = makeSpool(m_dir, "torn");
        const std::string path = spool + "/" + spool::kProfileJournal;
        const ProfileTables whole = sampleProfile();
        std::uintmax_t afterFirst = 0;
        {
            ProfileJournalWriter writer(path);
            writer.append(whole, {0, 1, 2}, 0);
            afterFirst = std::filesystem::file_size(path);
            ProfileTables more;
            more.frames = whole.frames;
            more.frames.push_back({"late", "app", FrameKind::User});
            more.stacks = whole.stacks;
            more.samples.timeNs = {77};
            more.samples.cpu = {1};
            more.samples.pid = {42};
            more.samples.tid = {42};
            more.samples.stack = {1};
            writer.append(more, {}, 0);
        }
        // kill -9 in the middle of the second write.
        std::filesystem::resize_file(path, afterFirst + 20);
        const ProfileJournalContents read = readProfileJournal(path);
        QVERIFY(read.ignoredTailBytes > 0);
        compareProfiles(read.profile, whole);
    }

    void damagedJournalCostsOnlyTheProfile()
    {
        const std::string spool = makeSpool(m_dir, "damaged");
        {
            ProfileJournalWriter writer(spool + "/" + spool::kProfileJournal);
            ProfileTables bad = sampleProfile();
            bad.stacks[1].parent = 4; // a parent after its child: refused by the reader
            writer.append(bad, {}, 0);
        }
        const std::string archive = spool + ".tar.gz";
        packSpool(spool, archive);
        const RunArchive run = readRunArchive(archive);
        QVERIFY(!run.profile.has_value());
        const std::string why = run.manifest.value("/pack/profile_error"_json_pointer, std::string());
        QVERIFY2(QString::fromStdString(why).contains(QStringLiteral("is not an earlier stack")), why.c_str());
    }

    void journalRejectsAnotherFile()
    {
        const std::string path = m_dir.filePath(QStringLiteral("not-a-journal")).toStdString();
        std::ofstream(path) << "RLSPOOL1 something else";
        try {
            readProfileJournal(path);
            QFAIL("accepted a file that is not a profile journal");
        } catch (const FormatError& failure) {
            QVERIFY(QString::fromStdString(failure.what()).contains(QStringLiteral("is not a Runlens profile journal")));
        }
    }
};

QTEST_GUILESS_MAIN(TestProfileFormat)
#include "tst_profileformat.moc"
