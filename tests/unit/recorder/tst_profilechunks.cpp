// Format 2.0's sample chunks (profile/samples/NNNNNN.bin): rows merged per millisecond, CPU,
// thread and stack, the count, period and task columns, the time order that readers rely on
// (also after packing a journal whose drains overlap), hostile chunk tables refused with a
// sentence, and format 1.2 archives still read value for value.
#include "ArchiveBuilder.h"
#include "ArchiveReader.h"
#include "ArchiveWriter.h"
#include "FormatError.h"
#include "ProfileEncoding.h"
#include "ProfileJournal.h"
#include "ProfileStreamWriter.h"
#include "SpoolDirectory.h"
#include "SpoolPacker.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <cstring>
#include <limits>
#include <map>
#include <sys/stat.h>
#include <tuple>

using namespace runlens::format;

namespace {

ProfileTables tablesOnly()
{
    ProfileTables profile;
    profile.info = {{"backend", "native"}, {"frequency_hz", 49}};
    profile.frames = {{"main", "app", FrameKind::User},
                      {"work", "app", FrameKind::User},
                      {"do_syscall_64", "[kernel.kallsyms]", FrameKind::Kernel},
                      {"LambdaForm$MH.invoke", "perf-42.map", FrameKind::Jit},
                      {"[unknown]", "", FrameKind::Unknown},
                      {"caf\xc3\xa9", "lib\xc3\xbc.so", FrameKind::User}};
    profile.stacks = {{kNoStack, 0}, {0, 1}, {1, 2}, {0, 3}, {kNoStack, 4}, {3, 5}};
    profile.tasks = {{42, 42, "java"}, {43, 42, "C2 CompilerThre"}, {0, 0, "swapper"}};
    return profile;
}

void addRow(ProfileSamples& s, std::int64_t time, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack)
{
    s.timeNs.push_back(time);
    s.cpu.push_back(cpu);
    s.pid.push_back(pid);
    s.tid.push_back(tid);
    s.stack.push_back(stack);
}

// Six samples in no particular order; two of them (5.1 ms and 5.9 ms, CPU 1, thread 43, stack 5)
// fall into one millisecond and become one row.
ProfileTables mergeableProfile()
{
    ProfileTables profile = tablesOnly();
    ProfileSamples& s = profile.samples;
    addRow(s, 5'100'000, 1, 42, 43, 5);
    addRow(s, 5'900'000, 1, 42, 43, 5);
    addRow(s, 5'500'000, 0, 42, 42, 2);
    addRow(s, 2'000'000, 3, 0, 0, kNoStack);
    addRow(s, 7'999'999, 1, 42, 43, 5);
    addRow(s, 5'700'000, 1, 42, 43, 1);
    s.period = {100, 200, 300, 400, 500, 600};
    s.task = {1, 1, 0, 2, 1, 1};
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

// The byte offset of a column in a chunk (of its bitmap, for a per-CPU column), and its width
// (SampleChunkCodec.h).
std::pair<std::size_t, int> columnOf(const std::string& chunk, int id)
{
    std::uint32_t rows = 0;
    std::memcpy(&rows, chunk.data() + 8, 4);
    const int columns = static_cast<unsigned char>(chunk[12]);
    std::size_t at = 13 + std::size_t(columns) * 2 + 8 + 4;
    for (int c = 0; c < columns; ++c) {
        const int columnId = static_cast<unsigned char>(chunk[13 + 2 * c]);
        const int width = static_cast<unsigned char>(chunk[14 + 2 * c]);
        if (columnId == id)
            return {at, width};
        std::size_t values = rows;
        if (columnId == 2 || columnId == 3 || columnId == 4 || columnId == 7) {
            values = 0;
            for (std::uint32_t row = 0; row < rows; ++row)
                values += (static_cast<unsigned char>(chunk[at + row / 8]) >> (row % 8)) & 1u;
            at += (rows + 7) / 8;
        }
        at += values * std::size_t(width);
    }
    return {0, 0};
}

// A profile written through the real writer with chunks of two rows: three chunks for six samples.
EncodedProfile smallChunks(const ProfileTables& profile)
{
    EncodedProfile encoded;
    ProfileStreamWriter::Options options;
    options.chunkRows = 2;
    options.tasks = !profile.samples.task.empty();
    EncodedProfileSink sink(encoded);
    ProfileStreamWriter writer(sink, options);
    const ProfileSamples& s = profile.samples;
    for (std::size_t row = 0; row < s.size(); ++row)
        writer.addSample(s.timeNs[row], s.cpu[row], s.pid[row], s.tid[row], s.stack[row], s.task.empty() ? 0 : s.task[row]);
    writer.finish(profile);
    return encoded;
}

ProfileTables sixInOrder()
{
    ProfileTables profile = tablesOnly();
    ProfileSamples& s = profile.samples;
    addRow(s, 1'000'000, 0, 42, 42, 2);
    addRow(s, 2'000'000, 1, 42, 43, 5);
    addRow(s, 3'000'000, 0, 42, 42, 2);
    addRow(s, 4'000'000, 1, 42, 43, 1);
    addRow(s, 5'000'000, 2, 0, 0, kNoStack);
    addRow(s, 6'000'000, 2, 0, 0, 4);
    return profile;
}

const QByteArray kManifest = R"({"format_version": "2.0", "run": {"name": "r"}})";

QString writeArchive(const QTemporaryDir& dir, const QString& name, const EncodedProfile& encoded)
{
    std::vector<ArchiveEntrySpec> entries = {{"r/manifest.json", kManifest},
                                             {"r/metrics.json", "[]"},
                                             {"r/profile/profile.json", QByteArray::fromStdString(encoded.index)},
                                             {"r/profile/stacks.bin", QByteArray::fromStdString(encoded.stacks)}};
    for (const SampleChunkEntry& chunk : encoded.sampleChunks)
        entries.push_back({"r/" + chunk.path, QByteArray::fromStdString(chunk.bytes)});
    const QString file = dir.filePath(name);
    return writeTarGz(file, entries) ? file : QString();
}

std::string makeSpool(const QTemporaryDir& dir, const char* name)
{
    const std::string spool = dir.filePath(QString::fromLatin1(name)).toStdString();
    ::mkdir(spool.c_str(), 0755);
    spool::writeFileAtomically(spool, spool::kManifest,
                               R"({"format_version": "1.2", "run": {"name": ")" + std::string(name) + R"("}, "end": {"reason": "duration"}})");
    return spool;
}

} // namespace

class TestProfileChunks : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void rowsAreMergedPerMillisecondAndOrdered()
    {
        const ProfileTables profile = mergeableProfile();
        const EncodedProfile encoded = encodeProfile(profile);
        QVERIFY(encoded.samples.empty());
        QVERIFY(encoded.sampleColumns.empty());
        QCOMPARE(encoded.sampleChunks.size(), std::size_t(1));
        QCOMPARE(encoded.sampleChunks[0].path, std::string("profile/samples/000000.bin"));
        QCOMPARE(encoded.sampleChunks[0].bytes.substr(0, 8), std::string("RLSMPCK2"));
        const nlohmann::json index = nlohmann::json::parse(encoded.index);
        QCOMPARE(index["encoding"].get<std::string>(), std::string("runlens-profile-2"));
        QCOMPARE(index["samples"]["count"].get<int>(), 5);
        QCOMPARE(index["samples"]["samples"].get<int>(), 6);
        QCOMPARE(index["samples"]["cpus"].get<int>(), 4);
        QVERIFY(index["samples"]["columns"] == nlohmann::json::parse(R"(["period", "task"])"));
        QVERIFY(index["samples"]["chunks"][0] == nlohmann::json::parse(
                    R"({"file": "samples/000000.bin", "rows": 5, "first_ns": 2000000, "last_ns": 7000000})"));

        const ProfileTables decoded = decodeProfile(encoded);
        QVERIFY(decoded.timeOrdered);
        QCOMPARE(decoded.timeQuantumNs, std::int64_t(1'000'000));
        const ProfileSamples& s = decoded.samples;
        // Time, then CPU, then process, thread, task, stack.
        QCOMPARE(s.timeNs, (std::vector<std::int64_t>{2'000'000, 5'000'000, 5'000'000, 5'000'000, 7'000'000}));
        QCOMPARE(s.cpu, (std::vector<std::uint32_t>{3, 0, 1, 1, 1}));
        QCOMPARE(s.pid, (std::vector<std::uint32_t>{0, 42, 42, 42, 42}));
        QCOMPARE(s.tid, (std::vector<std::uint32_t>{0, 42, 43, 43, 43}));
        QCOMPARE(s.stack, (std::vector<std::uint32_t>{kNoStack, 2, 1, 5, 5}));
        QCOMPARE(s.count, (std::vector<std::uint64_t>{1, 1, 1, 2, 1}));
        QCOMPARE(s.period, (std::vector<std::uint64_t>{400, 300, 600, 300, 500}));
        QCOMPARE(s.task, (std::vector<std::uint32_t>{2, 0, 1, 1, 1}));
        QCOMPARE(decoded.frames.size(), std::size_t(6));
        QCOMPARE(decoded.frames[5].symbol, std::string("caf\xc3\xa9"));
        QCOMPARE(decoded.tasks[1].command, std::string("C2 CompilerThre"));
        QVERIFY(decoded.info == profile.info);

        // Without periods and tasks: no such columns, and rows that merge nothing have no count.
        ProfileTables plain = sixInOrder();
        const ProfileTables plainDecoded = decodeProfile(encodeProfile(plain));
        QVERIFY(plainDecoded.samples.count.empty());
        QVERIFY(plainDecoded.samples.period.empty());
        QVERIFY(plainDecoded.samples.task.empty());
        QCOMPARE(plainDecoded.samples.timeNs, plain.samples.timeNs);
        QCOMPARE(plainDecoded.samples.stack, plain.samples.stack);
        QCOMPARE(plainDecoded.samples.tid, plain.samples.tid);
    }

    void countsAndExtremesRoundTrip()
    {
        // Counts of imported folded lines, 32-bit extremes, times before the start and at the end of 64 bits.
        ProfileTables profile = tablesOnly();
        ProfileSamples& s = profile.samples;
        addRow(s, -5, 0, 4'000'000'000u, 4'000'000'001u, 0);
        addRow(s, 0, 0xfffffffeu, 0xffffffffu, 0xffffffffu, kNoStack);
        addRow(s, std::numeric_limits<std::int64_t>::max(), 7, 1, 1, 5);
        s.count = {1, 42, std::uint64_t(1) << 62};
        const ProfileTables decoded = decodeProfile(encodeProfile(profile));
        QCOMPARE(decoded.samples.timeNs, (std::vector<std::int64_t>{-1'000'000, 0, 9'223'372'036'854'000'000}));
        QCOMPARE(decoded.samples.cpu, (std::vector<std::uint32_t>{0, 0xfffffffeu, 7}));
        QCOMPARE(decoded.samples.pid, (std::vector<std::uint32_t>{4'000'000'000u, 0xffffffffu, 1}));
        QCOMPARE(decoded.samples.tid, (std::vector<std::uint32_t>{4'000'000'001u, 0xffffffffu, 1}));
        QCOMPARE(decoded.samples.stack, (std::vector<std::uint32_t>{0, kNoStack, 5}));
        QCOMPARE(decoded.samples.count, (std::vector<std::uint64_t>{1, 42, std::uint64_t(1) << 62}));
    }

    void manyChunksThroughARealArchive()
    {
        // 300,000 rows (four CPUs, four samples a millisecond each): five chunks of at most 64 Ki rows.
        ProfileTables profile = tablesOnly();
        ProfileSamples& s = profile.samples;
        const std::uint32_t stacks[] = {0, 1, 2, 3, 5, kNoStack};
        for (std::uint32_t i = 0; i < 300'000; ++i)
            addRow(s, std::int64_t(i / 4) * 1'000'000 + 17, i % 4, 42, 42 + (i / 40) % 2, stacks[(i * 7) % 6]);
        const std::string path = m_dir.filePath(QStringLiteral("many.tar.gz")).toStdString();
        {
            ArchiveWriter writer(path, "many");
            writer.open();
            writer.addFile("manifest.json", kManifest.toStdString());
            writeProfile(writer, profile);
            writer.commit();
        }
        const RunArchive run = readRunArchive(path);
        QVERIFY(run.profile.has_value());
        const ProfileSamples& d = run.profile->samples;
        QCOMPARE(d.size(), std::size_t(300'000));
        QVERIFY(run.attachments.empty());
        for (std::uint32_t i = 0; i < 300'000; ++i) {
            // Already in order: the same rows, times rounded down to the millisecond.
            if (d.timeNs[i] != std::int64_t(i / 4) * 1'000'000 || d.cpu[i] != i % 4 || d.tid[i] != 42 + (i / 40) % 2
                || d.stack[i] != stacks[(i * 7) % 6] || d.pid[i] != 42)
                QFAIL(qPrintable(QStringLiteral("row %1 differs").arg(i)));
        }
        QVERIFY(d.count.empty());
    }

    void format12ArchiveReadsValueForValue()
    {
        // Written by the format 1.x encoder before format 2.0 (tests/fixtures/profile/README.md).
        const RunArchive run = readRunArchive(RUNLENS_FIXTURES "/profile/format-1.2-profile.tar.gz");
        QVERIFY(run.profile.has_value());
        const ProfileTables& p = *run.profile;
        QVERIFY(!p.timeOrdered);
        QCOMPARE(p.timeQuantumNs, std::int64_t(0));
        QCOMPARE(p.samples.timeNs, (std::vector<std::int64_t>{-5, 0, 20'408'163, 40'816'326, 1'000'000'000'000ll,
                                                               std::numeric_limits<std::int64_t>::max()}));
        QCOMPARE(p.samples.cpu, (std::vector<std::uint32_t>{0, 1, 0, 191, 7, 3}));
        QCOMPARE(p.samples.pid, (std::vector<std::uint32_t>{42, 42, 42, 0, 42, 4'000'000'000u}));
        QCOMPARE(p.samples.tid, (std::vector<std::uint32_t>{42, 43, 43, 0, 42, 4'000'000'001u}));
        QCOMPARE(p.samples.stack, (std::vector<std::uint32_t>{2, 5, kNoStack, 4, 3, 0}));
        QCOMPARE(p.samples.count, (std::vector<std::uint64_t>{1, 1, 42, 1, 1, 7}));
        QCOMPARE(p.samples.period, (std::vector<std::uint64_t>{10101010, 1, 0, 250003, ~std::uint64_t(0), 2503}));
        QCOMPARE(p.samples.task, (std::vector<std::uint32_t>{0, 1, 1, 2, 0, 2}));
        QCOMPARE(p.stacks.size(), std::size_t(6));
        QCOMPARE(p.stacks[5].parent, std::uint32_t(3));
        QCOMPARE(p.frames[1].symbol, std::string("std::vector<int>::push_back(int const&)"));
        QCOMPARE(p.tasks[1].command, std::string("C2 CompilerThre"));
        QCOMPARE(run.manifest["format_version"].get<std::string>(), std::string("1.2"));
        QVERIFY(run.attachments.empty());
        // And the 1.x encoder still writes what this reader reads, as it did.
        const EncodedProfile again = encodeProfileFormat1(p);
        QCOMPARE(again.samples.substr(0, 8), std::string("RLSAMPL1"));
        const ProfileTables reread = decodeProfile(again);
        QCOMPARE(reread.samples.timeNs, p.samples.timeNs);
        QCOMPARE(reread.samples.period, p.samples.period);
    }

    void hostileChunkTablesAreRefused_data()
    {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("expected");
        QTest::newRow("rows disagree with the index") << 0 << "profile/samples/000000.bin holds 2 rows but profile/profile.json says 3";
        QTest::newRow("bytes disagree with the rows") << 1 << "profile/samples/000001.bin has 47 bytes, fewer than its 2 rows and columns need";
        QTest::newRow("chunks out of order") << 2 << "lists sample chunk 0 as \"samples/000001.bin\", not samples/000000.bin";
        QTest::newRow("duplicate chunk name") << 3 << "lists sample chunk 1 as \"samples/000000.bin\", not samples/000001.bin";
        QTest::newRow("rows out of time order") << 4 << "profile/samples/000001.bin starts at 1000000 ns, before the previous chunk ends (4000000 ns): rows out of time order";
        QTest::newRow("stack out of range") << 5 << "profile/samples/000000.bin has row 0 with stack 9 beyond its range";
        QTest::newRow("task out of range") << 6 << "profile/samples/000000.bin has row 0 with task 3 beyond its range";
        QTest::newRow("cpu out of range") << 7 << "profile/samples/000002.bin has row 0 on a cpu beyond the 2 profile/profile.json declares";
        QTest::newRow("chunk count huge") << 8 << "lists 3 sample chunks, more than the limit of 2";
        QTest::newRow("rows beyond the limit") << 9 << "lists sample chunk samples/000000.bin without rows between 0 and 1048576";
        QTest::newRow("width overflow") << 10 << "profile/samples/000000.bin has column 0 of 9 bytes per value, not 1 to 8";
        QTest::newRow("time overflow") << 11 << "profile/samples/000000.bin has a time beyond 64 bits of nanoseconds at row 0";
        QTest::newRow("chunk not listed") << 12 << "profile/samples/000003.bin is not a sample chunk that profile/profile.json lists";
        QTest::newRow("chunk missing") << 13 << "profile/profile.json lists profile/samples/000001.bin but it is missing";
        QTest::newRow("sample total lies") << 14 << "says its rows stand for 7 samples but they stand for 6";
        QTest::newRow("bad magic") << 15 << "profile/samples/000002.bin does not start with RLSMPCK2";
        QTest::newRow("index span lies") << 16 << "profile/samples/000000.bin spans 1000000 to 2000000 ns but profile/profile.json says 1000000 to 9";
        QTest::newRow("repeat without an earlier row") << 17 << "profile/samples/000002.bin has row 0 repeating the tid of a cpu without an earlier row";
        QTest::newRow("bytes beyond the rows") << 20 << "profile/samples/000001.bin has 49 bytes, more than the 48 its 2 rows and columns need";
        QTest::newRow("cpu step beyond the modulus") << 21 << "profile/samples/000000.bin has row 1 stepping 200 CPUs, beyond its 2";
        QTest::newRow("chunk count lies") << 18 << "says samples.count is 5 but its chunks hold 6 rows";
        QTest::newRow("samples.bin beside chunks") << 19 << "describes a profile in chunks (runlens-profile-2), but the archive also has profile/samples.bin";
    }

    void hostileChunkTablesAreRefused()
    {
        QFETCH(int, damage);
        QFETCH(QString, expected);
        ProfileTables profile = sixInOrder();
        if (damage == 5)
            profile.samples.stack[0] = 9;
        if (damage == 6) {
            profile.samples.task = {3, 0, 0, 0, 0, 0};
        }
        EncodedProfile encoded = smallChunks(profile);
        QCOMPARE(encoded.sampleChunks.size(), std::size_t(3));
        QVERIFY2(decodeError(smallChunks(sixInOrder())).isEmpty(), qPrintable(decodeError(smallChunks(sixInOrder()))));
        nlohmann::json index = nlohmann::json::parse(encoded.index);
        nlohmann::json& chunks = index["samples"]["chunks"];
        ProfileLimits limits;
        bool rewriteIndex = true;
        switch (damage) {
        case 0:
            chunks[0]["rows"] = 3;
            index["samples"]["count"] = 7;
            break;
        case 1:
            encoded.sampleChunks[1].bytes.pop_back();
            rewriteIndex = false;
            break;
        case 2:
            std::swap(chunks[0]["file"], chunks[1]["file"]);
            break;
        case 3:
            chunks[1]["file"] = chunks[0]["file"];
            break;
        case 4:
            // Chunk 0 gets the rows of chunk 1 and the other way round, index and all: each chunk
            // is fine, their order is not.
            std::swap(encoded.sampleChunks[0].bytes, encoded.sampleChunks[1].bytes);
            std::swap(chunks[0]["first_ns"], chunks[1]["first_ns"]);
            std::swap(chunks[0]["last_ns"], chunks[1]["last_ns"]);
            break;
        case 5:
        case 6:
            rewriteIndex = false;
            break;
        case 7:
            index["samples"]["cpus"] = 2;
            break;
        case 8:
            limits.maxChunks = 2;
            rewriteIndex = false;
            break;
        case 9:
            chunks[0]["rows"] = 0xffffffffu;
            break;
        case 10: {
            std::string& bytes = encoded.sampleChunks[0].bytes;
            bytes[14] = 9; // column 0 (time): width 9
            rewriteIndex = false;
            break;
        }
        case 11: {
            std::string& bytes = encoded.sampleChunks[0].bytes;
            const int columns = static_cast<unsigned char>(bytes[12]);
            const std::int64_t huge = std::numeric_limits<std::int64_t>::max() / 2;
            std::memcpy(bytes.data() + 13 + 2 * columns, &huge, 8);
            rewriteIndex = false;
            break;
        }
        case 12:
            encoded.sampleChunks.push_back({"profile/samples/000003.bin", encoded.sampleChunks[2].bytes});
            rewriteIndex = false;
            break;
        case 13:
            encoded.sampleChunks.erase(encoded.sampleChunks.begin() + 1);
            rewriteIndex = false;
            break;
        case 14:
            index["samples"]["samples"] = 7;
            break;
        case 15:
            encoded.sampleChunks[2].bytes[7] = 'X';
            rewriteIndex = false;
            break;
        case 16:
            chunks[0]["last_ns"] = 9;
            break;
        case 17: {
            // Chunk 2 (CPU 2, thread 0 twice): its own tid in row 0, the same in row 1; swapped,
            // row 0 repeats a tid that no earlier row of its CPU had.
            std::string& bytes = encoded.sampleChunks[2].bytes;
            const auto [at, width] = columnOf(bytes, 3); // tid
            QVERIFY(width > 0);
            QCOMPARE(int(bytes[at]), 1);
            bytes[at] = 2;
            rewriteIndex = false;
            break;
        }
        case 18:
            chunks[2]["rows"] = 2;
            index["samples"]["count"] = 5;
            break;
        case 19:
            encoded.samples = encodeProfileFormat1(profile).samples;
            rewriteIndex = false;
            break;
        case 20:
            encoded.sampleChunks[1].bytes.push_back('\0');
            rewriteIndex = false;
            break;
        case 21: {
            std::string& bytes = encoded.sampleChunks[0].bytes;
            const auto [at, width] = columnOf(bytes, 1); // cpu: rows 0 and 1
            QCOMPARE(width, 1);
            bytes[at + 1] = char(200);
            rewriteIndex = false;
            break;
        }
        }
        if (rewriteIndex)
            encoded.index = index.dump();
        const QString error = decodeError(encoded, limits);
        QVERIFY2(error.contains(expected), qPrintable(error));

        // Through the archive reader: the file is refused with the entry and the reason.
        if (damage != 8 && damage != 19) {
            const QString file = writeArchive(m_dir, QStringLiteral("hostile-%1.tar.gz").arg(damage), encoded);
            QVERIFY(!file.isEmpty());
            try {
                readRunArchive(file.toStdString());
                QFAIL("a hostile chunk table was accepted");
            } catch (const FormatError& failure) {
                const QString message = QString::fromStdString(failure.what());
                QVERIFY2(message.contains(QStringLiteral("is not a usable run archive")), qPrintable(message));
                QVERIFY2(message.contains(expected), qPrintable(message));
            }
        }
    }

    void manyChunksDecodeOnEveryCoreAsInOrder()
    {
        // 200 chunks of 64 rows, decoded side by side (one thread per core): the rows come back
        // where one thread would put them; the count column exists because of the first chunks
        // only (two samples a row there), and the later chunks read as one sample a row.
        ProfileTables profile = tablesOnly();
        EncodedProfile encoded;
        {
            ProfileStreamWriter::Options options;
            options.chunkRows = 64;
            options.periods = true;
            options.tasks = true;
            EncodedProfileSink sink(encoded);
            ProfileStreamWriter writer(sink, options);
            for (std::uint32_t row = 0; row < 200 * 64; ++row) {
                const std::int64_t time = std::int64_t(row) * 1'000'000;
                const int samples = row < 3 * 64 ? 2 : 1;
                for (int k = 0; k < samples; ++k)
                    writer.addSample(time, row % 4, 42, 42 + row % 2, row % 6, row % 3, 1, 1000 + row);
            }
            writer.finish(profile);
        }
        QCOMPARE(encoded.sampleChunks.size(), std::size_t(200));
        std::vector<double> fractions;
        const ProfileTables decoded = decodeProfile(encoded, {}, [&fractions](double fraction) {
            fractions.push_back(fraction);
            return true;
        });
        const ProfileSamples& d = decoded.samples;
        QCOMPARE(d.size(), std::size_t(200 * 64));
        QCOMPARE(d.count.size(), d.size());
        for (std::uint32_t row = 0; row < 200 * 64; ++row) {
            const std::uint64_t samples = row < 3 * 64 ? 2 : 1;
            if (d.timeNs[row] != std::int64_t(row) * 1'000'000 || d.cpu[row] != row % 4 || d.pid[row] != 42
                || d.tid[row] != 42 + row % 2 || d.stack[row] != row % 6 || d.task[row] != row % 3 || d.count[row] != samples
                || d.period[row] != samples * (1000 + row))
                QFAIL(qPrintable(QStringLiteral("row %1 differs").arg(row)));
        }
        // Progress on the calling thread: rising, and 1 at the end.
        QVERIFY(!fractions.empty());
        QVERIFY(std::is_sorted(fractions.begin(), fractions.end()));
        QCOMPARE(fractions.back(), 1.0);

        // Two broken chunks: the error is the first one's, every time, whichever thread reaches
        // which first.
        EncodedProfile broken = encoded;
        broken.sampleChunks[150].bytes[0] = 'X';
        const auto [at, width] = columnOf(broken.sampleChunks[30].bytes, 1); // cpu steps
        QCOMPARE(width, 1);
        broken.sampleChunks[30].bytes[at + 5] = char(200);
        for (int attempt = 0; attempt < 20; ++attempt)
            QCOMPARE(decodeError(broken), QStringLiteral("profile/samples/000030.bin has row 5 stepping 200 CPUs, beyond its 4"));

        // Cancelled from the progress callback: nothing is returned.
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(ReadCancelled, decodeProfile(encoded, {}, [&calls](double) { return ++calls < 3; }));
        QCOMPARE(calls, 3);
    }

    void chunksWithoutTheirIndexAreRefused()
    {
        const EncodedProfile encoded = smallChunks(sixInOrder());
        const QString file = m_dir.filePath(QStringLiteral("orphans.tar.gz"));
        QVERIFY(writeTarGz(file, {{"r/manifest.json", kManifest},
                                  {"r/profile/samples/000000.bin", QByteArray::fromStdString(encoded.sampleChunks[0].bytes)}}));
        try {
            readRunArchive(file.toStdString());
            QFAIL("sample chunks without profile.json were accepted");
        } catch (const FormatError& failure) {
            QVERIFY2(QString::fromStdString(failure.what()).contains(QStringLiteral("profile/samples/000000.bin is there but profile/profile.json is missing")),
                     failure.what());
        }
    }

    void aWholeRunInOneAppendIsSplitIntoRecords()
    {
        // The perf backend appends a whole run at once: more than 2^20 samples become several
        // records (one beyond 256 MiB would read as garbage), each with its periods.
        const std::string path = m_dir.filePath(QStringLiteral("split.journal")).toStdString();
        ProfileTables whole = tablesOnly();
        constexpr std::uint32_t kCount = (1u << 20) + 1000;
        for (std::uint32_t i = 0; i < kCount; ++i) {
            addRow(whole.samples, std::int64_t(i) * 1000, i % 8, 42, 42, i % 6);
            whole.samples.period.push_back(1000 + i % 7);
        }
        {
            ProfileJournalWriter journal(path);
            journal.append(whole, {0, 1, 2}, 0);
        }
        const ProfileJournalScan scan = scanProfileJournal(path);
        QCOMPARE(scan.sampleRecords.size(), std::size_t(2));
        QCOMPARE(scan.sampleRecords[0].count, 1u << 20);
        QCOMPARE(scan.sampleRecords[1].count, 1000u);
        QVERIFY(scan.sampleRecords[1].periodsOffset != 0);
        QCOMPARE(scan.samples, std::uint64_t(kCount));
        const ProfileJournalContents read = readProfileJournal(path);
        QCOMPARE(read.profile.samples.size(), std::size_t(kCount));
        QVERIFY(read.profile.samples.timeNs == whole.samples.timeNs);
        QVERIFY(read.profile.samples.stack == whole.samples.stack);
        QVERIFY(read.profile.samples.period == whole.samples.period);
    }

    void packedJournalIsInTimeOrder()
    {
        // Drains as the sampler writes them: CPU by CPU, each CPU up to the moment its buffer was
        // read, so CPU 3's samples of one drain reach past CPU 0's of the next. A last drain comes
        // 10 s late with a sample from before the window (a stalled drain): it is kept, moved to
        // the last millisecond already written, and counted.
        const std::string spool = makeSpool(m_dir, "overlap");
        ProfileTables whole = tablesOnly();
        ProfileSamples expectedRows;
        std::uint64_t written = 0;
        {
            ProfileJournalWriter journal(spool + "/" + spool::kProfileJournal);
            ProfileTables drain = tablesOnly();
            for (int d = 0; d < 20; ++d) {
                drain.samples = {};
                for (std::uint32_t cpu = 0; cpu < 4; ++cpu) {
                    // CPU c's buffer is read 40 ms after CPU c-1's: it holds 40 ms more.
                    const std::int64_t from = std::int64_t(d) * 1'000'000'000 + (cpu == 0 ? 0 : 40'000'000 * cpu);
                    const std::int64_t to = std::int64_t(d + 1) * 1'000'000'000 + 40'000'000 * cpu;
                    for (std::int64_t t = from + cpu * 3'000'000; t < to; t += 20'408'163)
                        addRow(drain.samples, t, cpu, 42, cpu == 3 ? 0 : 42 + cpu, cpu == 3 ? kNoStack : cpu);
                }
                for (std::size_t row = 0; row < drain.samples.size(); ++row)
                    addRow(whole.samples, drain.samples.timeNs[row], drain.samples.cpu[row], drain.samples.pid[row],
                           drain.samples.tid[row], drain.samples.stack[row]);
                written += drain.samples.size();
                journal.append(drain, d == 0 ? std::vector<std::uint32_t>{0, 1, 2} : std::vector<std::uint32_t>{}, 0);
            }
            drain.samples = {};
            addRow(drain.samples, 30'000'000'000, 0, 42, 42, 1);
            addRow(drain.samples, 5'000'000'000, 1, 42, 77, 4); // 15 s after the window passed it
            journal.append(drain, {}, 0);
            written += 2;
        }
        const std::string archive = spool + ".tar.gz";
        const PackResult result = packSpool(spool, archive);
        QCOMPARE(result.profileSamples, written);
        QCOMPARE(result.profileLateSamples, std::uint64_t(1));
        const RunArchive run = readRunArchive(archive);
        QCOMPARE(run.manifest["format_version"].get<std::string>(), std::string("2.0"));
        QVERIFY(run.profile.has_value());
        const ProfileSamples& s = run.profile->samples;
        QVERIFY(run.profile->timeOrdered);
        std::uint64_t total = 0;
        for (std::size_t row = 0; row < s.size(); ++row) {
            total += s.countAt(row);
            if (row > 0 && s.timeNs[row] < s.timeNs[row - 1])
                QFAIL(qPrintable(QStringLiteral("row %1 is earlier than row %2").arg(row).arg(row - 1)));
        }
        QCOMPARE(total, written);
        // Every sample is there with its millisecond, CPU, thread and stack, but the late one,
        // which sits at the end with the last time written before it arrived.
        std::map<std::tuple<std::int64_t, std::uint32_t, std::uint32_t, std::uint32_t>, std::uint64_t> expected, got;
        for (std::size_t row = 0; row < whole.samples.size(); ++row)
            ++expected[{whole.samples.timeNs[row] / 1'000'000 * 1'000'000, whole.samples.cpu[row], whole.samples.tid[row], whole.samples.stack[row]}];
        expected[{30'000'000'000, 0, 42, 1}] += 1;
        for (std::size_t row = 0; row < s.size(); ++row)
            got[{s.timeNs[row], s.cpu[row], s.tid[row], s.stack[row]}] += s.countAt(row);
        QCOMPARE(got.size(), expected.size() + 1);
        for (const auto& [key, count] : expected)
            QCOMPARE(got[key], count);
        const auto late = std::find(s.tid.begin(), s.tid.end(), 77u);
        QVERIFY(late != s.tid.end());
        const std::int64_t lateTime = s.timeNs[std::size_t(late - s.tid.begin())];
        QCOMPARE(s.stack[std::size_t(late - s.tid.begin())], std::uint32_t(4));
        QVERIFY2(lateTime > 15'000'000'000, qPrintable(QString::number(lateTime)));
        QVERIFY(lateTime <= 30'000'000'000);
    }
};

QTEST_GUILESS_MAIN(TestProfileChunks)
#include "tst_profilechunks.moc"
