// The recording engine on the real /proc and /sys of this machine: what it writes to the spool is
// what the archive reader gives back, value for value.
#include "ArchiveReader.h"
#include "AllCollectors.h"
#include "RecordingSession.h"
#include "Spool.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cstring>
#include <thread>

using namespace runlens;

namespace {

recorder::RecordOptions optionsIn(const QTemporaryDir& dir, const char* name)
{
    recorder::RecordOptions options;
    options.name = name;
    options.outDirectory = dir.path().toStdString();
    options.imdsEndpoint = "off"; // tests never contact anything but 127.0.0.1
    options.quiet = true;
    return options;
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

} // namespace

class TestRecordingSession : public QObject
{
    Q_OBJECT

private slots:
    void fiveSecondsOfRealProcRoundTripValueForValue()
    {
        QTemporaryDir dir;
        recorder::RecordOptions options = optionsIn(dir, "roundtrip");
        options.keepSpool = true;
        options.note = "five seconds";
        options.tags = {{"variant", "baseline"}};
        recorder::RecordingSession session(options, collect::createAllCollectors());
        session.start();
        const auto start = std::chrono::steady_clock::now();
        for (int second = 0; second <= 5; ++second) {
            std::this_thread::sleep_until(start + std::chrono::seconds(second));
            session.tick(std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
        }
        const std::string archivePath = session.finish(recorder::EndReason::Duration);
        QCOMPARE(QString::fromStdString(archivePath), dir.filePath(QStringLiteral("roundtrip.tar.gz")));

        const format::RunArchive run = format::readRunArchive(archivePath);
        QCOMPARE(run.runName, std::string("roundtrip"));
        QCOMPARE(run.manifest["run"]["note"].get<std::string>(), std::string("five seconds"));
        QCOMPARE(run.manifest["run"]["tags"]["variant"].get<std::string>(), std::string("baseline"));
        QCOMPARE(run.manifest["end"]["reason"].get<std::string>(), std::string("duration"));
        QCOMPARE(run.manifest["end"]["samples"].get<int>(), 6);
        QVERIFY(run.manifest["host"].contains("hostname"));
        QVERIFY(run.attachments.count("host/sysctl.json") == 1);

        // Every journal in the spool is in the archive with the same columns and the same bits.
        const QDir series(dir.filePath(QStringLiteral("roundtrip.spool/series")));
        const QStringList journals = series.entryList({QStringLiteral("*.spool")}, QDir::Files);
        QVERIFY(journals.contains(QStringLiteral("cpu.spool")));
        QVERIFY(journals.contains(QStringLiteral("mem.spool")));
        QCOMPARE(std::size_t(journals.size()), run.series.size());
        std::size_t valuesCompared = 0;
        for (const QString& journal : journals) {
            const std::string group = QFileInfo(journal).completeBaseName().toStdString();
            const format::SeriesTable* table = run.group(group);
            QVERIFY2(table, group.c_str());
            format::SpoolReader reader(series.filePath(journal).toStdString());
            std::int64_t timestamp = 0;
            std::vector<double> row;
            std::size_t r = 0;
            while (reader.next(timestamp, row)) {
                QVERIFY(r < table->rowCount());
                QCOMPARE(table->timestampsNs[r], timestamp);
                for (std::size_t c = 0; c < table->keys.size(); ++c) {
                    const double expected = c < row.size() ? row[c] : std::nan("");
                    QVERIFY2(sameBits(table->columns[c][r], expected),
                             qPrintable(QStringLiteral("%1 %2 [%3] row %4").arg(QString::fromStdString(group),
                                  QString::fromStdString(table->keys[c].metric), QString::fromStdString(table->keys[c].instance)).arg(r)));
                    ++valuesCompared;
                }
                ++r;
            }
            QCOMPARE(r, table->rowCount());
            QCOMPARE(reader.keys(), table->keys);
        }
        QVERIFY(valuesCompared > 1000);

        // The real machine was measured: two CPUs and a busy aggregate in 0..100.
        const format::SeriesTable* cpu = run.group("cpu");
        const int busy = cpu->find("cpu.busy", "all");
        QVERIFY(busy >= 0);
        QVERIFY(std::isnan(cpu->columns[busy][0])); // no interval before the first sample
        for (std::size_t r = 1; r < cpu->rowCount(); ++r)
            QVERIFY(cpu->columns[busy][r] >= 0 && cpu->columns[busy][r] <= 100);
        QVERIFY(cpu->find("cpu.user", "cpu1") >= 0);
        // Every column has a descriptor, so the app can label it.
        for (const auto& table : run.series)
            for (const auto& key : table.keys)
                QVERIFY2(run.metric(key.metric), key.metric.c_str());
    }

    void refusesAnExistingArchiveBeforeRecording()
    {
        QTemporaryDir dir;
        QFile existing(dir.filePath(QStringLiteral("taken.tar.gz")));
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.close();
        recorder::RecordingSession session(optionsIn(dir, "taken"), collect::createAllCollectors());
        try {
            session.start();
            QFAIL("start() accepted an existing archive name");
        } catch (const recorder::RecordError& error) {
            QVERIFY2(QString::fromLatin1(error.what()).contains(QStringLiteral("already exists")), error.what());
        }
        QVERIFY(!QDir(dir.filePath(QStringLiteral("taken.spool"))).exists());
    }

    void refusesBadNamesAndUnknownCollectors()
    {
        QTemporaryDir dir;
        for (const char* name : {"../escape", "a/b", "-rf", ".hidden", "tab\there"}) {
            recorder::RecordingSession session(optionsIn(dir, name), collect::createAllCollectors());
            QVERIFY_THROWS_EXCEPTION(recorder::RecordError, session.start());
        }
        recorder::RecordOptions options = optionsIn(dir, "ok");
        options.collect = {"cpu", "gpu"};
        recorder::RecordingSession session(options, collect::createAllCollectors());
        try {
            session.start();
            QFAIL("an unknown collector was accepted");
        } catch (const recorder::RecordError& error) {
            QVERIFY(QString::fromLatin1(error.what()).contains(QStringLiteral("no collector named \"gpu\"")));
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
    }

    void selectedCollectorsOnly()
    {
        QTemporaryDir dir;
        recorder::RecordOptions options = optionsIn(dir, "only-cpu");
        options.collect = {"cpu"};
        recorder::RecordingSession session(options, collect::createAllCollectors());
        session.start();
        session.tick(0);
        session.tick(1'000'000'000);
        const format::RunArchive run = format::readRunArchive(session.finish(recorder::EndReason::Interrupted));
        QVERIFY(run.group("cpu"));
        QVERIFY(!run.group("mem"));
        QVERIFY(run.group("recorder")); // the recorder's own cost is always there
        QCOMPARE(run.manifest["end"]["reason"].get<std::string>(), std::string("sigint"));
        for (const auto& collector : run.manifest["collectors"]) {
            const std::string status = collector["status"];
            QCOMPARE(status, std::string(collector["name"] == "cpu" ? "ok" : "skipped"));
        }
        QVERIFY(!QDir(dir.filePath(QStringLiteral("only-cpu.spool"))).exists());
    }
};

QTEST_GUILESS_MAIN(TestRecordingSession)
#include "tst_recordingsession.moc"
