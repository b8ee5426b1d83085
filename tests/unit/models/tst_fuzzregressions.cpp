// Every input that once crashed, hung or exhausted a reader (tests/fuzz/corpus/, found by fuzzing
// and by hand-made hostile files; issue 19), as a named test with what the reader now says. The
// fuzz targets replay the same files (fuzz_*_corpus); these tests pin the sentence each gives.
#include "FuzzTarget.h"

#include "AperfArchive.h"
#include "AperfImport.h"
#include "ArchiveReader.h"
#include "FoldedImporter.h"
#include "FormatError.h"
#include "PerfScriptParser.h"
#include "ProfileEncoding.h"
#include "ProfileImport.h"
#include "Run.h"
#include "StackTree.h"
#include "summary/Comparability.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <zlib.h>

using runlens::format::FormatError;

namespace {

QByteArray corpusFile(const QString& relative)
{
    QFile file(QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fuzz/corpus/") + relative);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(file.fileName()));
    return file.readAll();
}

template<typename Read>
QString formatErrorOf(Read read)
{
    try {
        read();
    } catch (const FormatError& error) {
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("(no error)");
}

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // A corpus archive written as NAME.tar.gz (a .tar is compressed first, as the fuzz target does).
    std::string archive(const QString& name)
    {
        const QByteArray bytes = corpusFile(QStringLiteral("run_archive/") + name);
        const std::string gz = fuzz::asGzip(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QString file = name;
        if (file.endsWith(QLatin1String(".tar")))
            file += QStringLiteral(".gz");
        const QString path = m_dir.filePath(file);
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(gz.data(), qint64(gz.size())) != qint64(gz.size()))
            qFatal("cannot write %s", qPrintable(path));
        return path.toStdString();
    }

    // What readRunArchive says, with the folder cut off so that it reads as for the user's file.
    QString archiveError(const QString& name)
    {
        const std::string path = archive(name);
        return formatErrorOf([&] { runlens::format::readRunArchive(path); }).remove(m_dir.path() + QLatin1Char('/'));
    }

    std::shared_ptr<Run> readRun(const QString& name)
    {
        return std::make_shared<Run>(name, runlens::format::readRunArchive(archive(name)));
    }

    static runlens::format::ProfileTables perfScript(const QString& name)
    {
        const QByteArray text = corpusFile(QStringLiteral("perf_script/") + name);
        return runlens::format::readPerfScript(std::string_view(text.constData(), std::size_t(text.size())));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // --- Run archives -------------------------------------------------------------------------

    // 32 + rows·8·(columns+1) wrapped to 32: readPlanes read out of bounds (ASan SEGV).
    void blockSizeThatWraps()
    {
        QCOMPARE(archiveError(QStringLiteral("block_size_overflow_oob_read.tar")),
                 QStringLiteral("block_size_overflow_oob_read.tar.gz is not a usable run archive: series/psi.000000.bin: "
                                "a series block declares 4294967295 columns, more than the 6 its index names"));
    }

    // rows = 0, columns = 2^32 - 1: columns.resize(2^32 - 1), abort.
    void blockOfNoRowsAndFourBillionColumns()
    {
        QCOMPARE(archiveError(QStringLiteral("min-block-0rows-4Gcolumns.tar")),
                 QStringLiteral("min-block-0rows-4Gcolumns.tar.gz is not a usable run archive: series/g.0.bin: "
                                "a series block declares 4294967295 columns, more than the 1 its index names"));
    }

    // 1.1 GB allocated from a header before the data was checked.
    void blockOfNoRowsAndFiftyMillionColumns()
    {
        QCOMPARE(archiveError(QStringLiteral("C11b_block_0rows_50M_columns.tar.gz")),
                 QStringLiteral("C11b_block_0rows_50M_columns.tar.gz is not a usable run archive: series/psi.000000.bin: "
                                "a series block declares 50000000 columns, more than the 6 its index names"));
    }

    // A million columns times 20,000 empty blocks (369 KB): 82 s of readGroup.
    void millionColumnsTimesTwentyThousandBlocks()
    {
        QCOMPARE(archiveError(QStringLiteral("C13_columns_x_blocks.tar.gz")),
                 QStringLiteral("C13_columns_x_blocks.tar.gz is not a usable run archive: series/dos.json holds more than "
                                "the limit of 1048576 JSON values"));
    }

    // nlohmann's out_of_range escaped parseJson, which caught only parse_error: abort in every reader.
    void numberBeyondDouble()
    {
        QCOMPARE(archiveError(QStringLiteral("json_number_overflow_1e400.tar")),
                 QStringLiteral("json_number_overflow_1e400.tar.gz is not a usable run archive: manifest.json holds a number "
                                "out of the range of a double (such as 1e400)"));
    }

    // type_error escaped readRunArchive.
    void columnInstanceThatIsANumber()
    {
        QCOMPARE(archiveError(QStringLiteral("min-type-error-instance-number.tar")),
                 QStringLiteral("min-type-error-instance-number.tar.gz is not a usable run archive: series/g.json lists a "
                                "column of m whose instance is not text"));
    }

    // type_error in decodeProfile.
    void profileEncodingThatIsANumber()
    {
        QCOMPARE(archiveError(QStringLiteral("min-type-error-profile-encoding-number.tar")),
                 QStringLiteral("min-type-error-profile-encoding-number.tar.gz is not a usable run archive: "
                                "profile/profile.json does not describe a profile in the encoding runlens-profile-1 or "
                                "runlens-profile-2"));
    }

    // Recursive copies of a 1e5-deep value overflowed the stack (SEGV) in every reader.
    void profileInfoNestedDeep()
    {
        QCOMPARE(archiveError(QStringLiteral("min-profile-info-deep-1e5-stack-overflow.tar.gz")),
                 QStringLiteral("min-profile-info-deep-1e5-stack-overflow.tar.gz is not a usable run archive: "
                                "profile/profile.json nests deeper than the limit of 64 levels"));
    }

    // SEGV in `info --json` and summary; a 1.9 GB dump.
    void manifestNestedDeep()
    {
        QCOMPARE(archiveError(QStringLiteral("B03b_manifest_deep_host_1e5.tar.gz")),
                 QStringLiteral("B03b_manifest_deep_host_1e5.tar.gz is not a usable run archive: manifest.json nests deeper "
                                "than the limit of 64 levels"));
        QCOMPARE(archiveError(QStringLiteral("B03_manifest_deep_array_1e5.tar.gz")),
                 QStringLiteral("B03_manifest_deep_array_1e5.tar.gz is not a usable run archive: manifest.json nests deeper "
                                "than the limit of 64 levels"));
    }

    // 133 KB archive, 63 MB manifest of empty arrays: 1.5–2.5 GB resident.
    void manifestOfMillionsOfEmptyArrays()
    {
        QCOMPARE(archiveError(QStringLiteral("B19_manifest_21M_empty_arrays.tar.gz")),
                 QStringLiteral("B19_manifest_21M_empty_arrays.tar.gz is not a usable run archive: manifest.json holds more "
                                "than the limit of 1048576 JSON values"));
    }

    // `tar x` extracts ok/./manifest.json and ok//metrics.json over the real files; the reader
    // took them for other entries.
    void entryNamesThatDifferOnlyInSpelling()
    {
        QCOMPARE(archiveError(QStringLiteral("regression-duplicate-dot.tar")),
                 QStringLiteral("regression-duplicate-dot.tar.gz is not a usable run archive: it contains ok/./manifest.json twice"));
        QCOMPARE(archiveError(QStringLiteral("regression-duplicate-slashes.tar")),
                 QStringLiteral("regression-duplicate-slashes.tar.gz is not a usable run archive: it contains ok//metrics.json twice"));
    }

    // run.name a number: Run::name threw, summary and export aborted.
    void runNameThatIsANumber()
    {
        const auto run = readRun(QStringLiteral("B08_run_name_number.tar.gz"));
        QCOMPARE(run->name(), QStringLiteral("ok")); // the run's directory, as for a manifest without a name
    }

    // ec2.available a string: Comparability::factsOf aborted the summary.
    void ec2AvailableThatIsText()
    {
        const auto run = readRun(QStringLiteral("B12_ec2_available_string.tar.gz"));
        const Comparability::Facts facts = Comparability::factsOf(*run);
        QVERIFY(!facts.contains(QStringLiteral("EC2")));
        QVERIFY(facts.contains(QStringLiteral("Host")));
    }

    // host/sysctl.json nested 1e5 deep: flatten() took 3.4 GB; the attachment is now left out.
    void sysctlNestedDeep()
    {
        const auto run = readRun(QStringLiteral("B17_sysctl_deep_1e5.tar.gz"));
        const Comparability::Facts facts = Comparability::factsOf(*run);
        QVERIFY(!facts.contains(QStringLiteral("sysctl")));
        QVERIFY(facts.contains(QStringLiteral("Host")));
    }

    // Profile info values of other types: `runlens-rec info` aborted (tst_recorder_cli runs it);
    // the archive itself is fine.
    void profileInfoOfOtherTypes()
    {
        const auto run = readRun(QStringLiteral("D13_info_value_types.tar.gz"));
        QVERIFY(run->profile());
        QVERIFY(run->profile()->info.is_object());
        QVERIFY(run->profile()->info.contains("lost_samples"));
    }

    // --- perf script and folded stacks ---------------------------------------------------------

    // Signed overflow (UBSan) in the time of a header.
    void perfScriptTimeOverflow()
    {
        const auto profile = perfScript(QStringLiteral("perf-script-time-overflow.txt"));
        QCOMPARE(profile.samples.size(), std::size_t(3));
    }

    // Found by the first bounded fuzz run: 99999999999.999999999 s overflowed the nanoseconds
    // (UBSan); such a number is no time (the header's sample stays, at time 0).
    void perfScriptSecondsBeyondNanoseconds()
    {
        const auto profile = perfScript(QStringLiteral("crash-time-seconds-overflow.txt"));
        QCOMPARE(profile.samples.size(), std::size_t(3));
    }

    // Signed overflow (UBSan) on a long number in a header.
    void perfScriptLongNumber()
    {
        const auto profile = perfScript(QStringLiteral("perf-script-signed-overflow.txt"));
        QCOMPARE(profile.samples.size(), std::size_t(1));
    }

    // 34 and 54 bytes that made the importer allocate more than 2 GB.
    void perfScriptTinyTexts()
    {
        for (const char* name : {"perf-script-oom-34-bytes.txt", "perf-script-oom-54-bytes.txt"}) {
            const auto profile = perfScript(QString::fromLatin1(name));
            QVERIFY2(profile.samples.size() <= 1, name);
            QVERIFY2(profile.stacks.size() <= 2, name);
        }
    }

    // Work proportional to a count in the text rather than to the text (> 10 s instrumented).
    void perfScriptCounts()
    {
        for (const char* name : {"perf-script-slow-28-bytes.txt", "perf-script-slow-40-bytes.txt"}) {
            const QByteArray text = corpusFile(QStringLiteral("perf_script/") + QString::fromLatin1(name));
            const std::string_view view(text.constData(), std::size_t(text.size()));
            QVERIFY2(runlens::format::readPerfScript(view).samples.size() <= 1, name);
            const auto lines = std::size_t(text.count('\n') + 1);
            QVERIFY2(importFolded(view).samples.size() <= lines, name); // one row per line at most, whatever the counts
        }
    }

    // parseHeader was quadratic in a run of blanks: 64 KB cost seconds, 1 MB hung.
    void perfScriptLineOfBlanks()
    {
        const auto profile = perfScript(QStringLiteral("E03b_perf_spaces_64KB_first_line.txt"));
        QCOMPARE(profile.samples.size(), std::size_t(1));
        std::string blanks(std::size_t(2) << 20, ' ');
        blanks += "\n";
        QCOMPARE(formatErrorOf([&] { runlens::format::readPerfScript(blanks); }),
                 QStringLiteral("line 1 is longer than the limit of 1048576 bytes"));
    }

    // 19 bytes, one line of count 199999999: 200 M sample rows, 3 GB, abort in summary and export.
    void foldedHugeCount()
    {
        const QByteArray text = corpusFile(QStringLiteral("folded/E13_folded_count_199999999.txt"));
        const auto profile = importFolded(std::string_view(text.constData(), std::size_t(text.size())));
        QCOMPARE(profile.samples.size(), std::size_t(1));
        QCOMPARE(profile.samples.count.at(0), std::uint64_t(199999999));
    }

    void foldedDeepStack()
    {
        const QByteArray text = corpusFile(QStringLiteral("folded/regression-deep-stack.txt"));
        QCOMPARE(formatErrorOf([&] { importFolded(std::string_view(text.constData(), std::size_t(text.size()))); }),
                 QStringLiteral("line 1 has a stack deeper than the limit of 4096 frames"));
    }

    // 140 gzip members of `main;foo 1` × 6 Mi (9 GB expanded): summary and export died with
    // std::bad_alloc. The same shape, five members (330 MB), past the limit of the gzip path.
    void foldedGzipBomb()
    {
        std::string lines;
        for (int i = 0; i < (6 << 20); ++i)
            lines += "main;foo 1\n";
        const std::string one = fuzz::asGzip(lines);
        lines.clear();
        lines.shrink_to_fit();
        const QString path = m_dir.filePath(QStringLiteral("bomb.folded.gz"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int i = 0; i < 5; ++i)
            file.write(one.data(), qint64(one.size()));
        file.close();
        QCOMPARE(formatErrorOf([&] { importProfileRun(path.toStdString()); }),
                 path + QStringLiteral(" decompresses to more than the limit of 256 MiB of text: decompress it (gunzip) and "
                                       "open the text file."));
    }

    // Found by the fuzz campaign (fuzz_profile_file): a gzip stream libarchive gives no reason
    // for, and `std::string + nullptr` (SEGV).
    void gzipThatLibarchiveGivesNoReasonFor()
    {
        const QByteArray bytes = corpusFile(QStringLiteral("profile_file/crash-gzip-without-reason.gz"));
        const QString path = m_dir.filePath(QStringLiteral("no-reason.gz"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        file.close();
        const QString error = formatErrorOf([&] { detectProfileFileKind(path.toStdString()); });
        QCOMPARE(error, path + QStringLiteral(" cannot be decompressed: it is not a complete gzip stream"));
    }

    // Found by the fuzz campaign (fuzz_profile_tables): sample times 8.8e18 and -1.6e18 ns, whose
    // difference overflowed 64 bits in the flame graph's duration (UBSan).
    void profileTimesSpanningMoreThan64Bits()
    {
        const QByteArray bytes = corpusFile(QStringLiteral("profile_tables/crash-times-span-beyond-64-bits.bin"));
        const auto entries = fuzz::parts(std::string_view(bytes.constData(), std::size_t(bytes.size())), 4);
        const auto profile = runlens::format::decodeProfile(entries[0], entries[1], entries[2], entries[3]);
        const auto tree = StackTree::build(profile);
        QVERIFY(tree->durationSeconds() > 1e9);
    }

    // A named pipe blocked the profile detector forever; a folder read as "not enough memory".
    void aperfTimesCenturiesApart()
    {
        // An APerf record (the long campaign, December 2026) whose time-series records run from
        // 2026 back to 1726: the seconds between two records overflowed 64 bits of nanoseconds
        // (UBSan). Times must fall in 1970 to 2200: the file is skipped with the reason, the rest
        // of the record imports.
        const QByteArray bytes = corpusFile(QStringLiteral("aperf_archive/crash-time-before-1970.tar.gz"));
        const std::string archive = fuzz::asGzip(std::string(bytes.constData(), std::size_t(bytes.size())));
        const aperf::AperfEntries entries = aperf::readAperfEntries(archive, "crash.tar.gz");
        const runlens::format::RunArchive run = aperf::importAperfRecord(entries, "crash.tar.gz");
        const std::string skipped = run.manifest["import"]["skipped"].dump();
        QVERIFY2(skipped.find("between the years 1970 and 2200") != std::string::npos, skipped.c_str());
        QVERIFY(!run.series.empty());
    }

    void profileThatIsNotAFile()
    {
        const QString fifo = m_dir.filePath(QStringLiteral("pipe.folded"));
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        QCOMPARE(formatErrorOf([&] { detectProfileFileKind(fifo.toStdString()); }),
                 fifo + QStringLiteral(" is not a regular file (a pipe or a device): save the profile to a file first."));
        QCOMPARE(formatErrorOf([&] { importProfileRun(m_dir.path().toStdString()); }),
                 m_dir.path() + QStringLiteral(" is a folder, not a profile file."));
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
