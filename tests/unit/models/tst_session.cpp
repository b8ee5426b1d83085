// A session keeps what the user set up, including the price-performance inputs typed per run.
#include "RunFactory.h"
#include "RunLoader.h"
#include "RunSet.h"
#include "Session.h"
#include "SessionFile.h"
#include "TimeController.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

namespace {

RunPtr run(const std::string& name)
{
    return makeRun(QString::fromStdString("/runs/" + name + ".tar.gz"), name, 10, 1.0,
                   {{"cpu.user", "%", {"all"}, [](std::size_t r, std::size_t) { return double(r); }}});
}

} // namespace

class TestSession : public QObject
{
    Q_OBJECT

private slots:
    void pricePerformanceInputsRoundTrip()
    {
        RunSet runs;
        TimeController time;
        runs.add(run("baseline"));
        runs.add(run("tuned"));
        runs.setDisplayName(1, QStringLiteral("THP on"));
        // Keyed by the summary's names: the display name where there is one.
        PricePerformanceEntry baseline;
        baseline.throughput = 40000;
        PricePerformanceEntry tuned;
        tuned.throughput = 1200;
        tuned.unit = QStringLiteral("req/s");
        tuned.hourlyPrice = 0.357;
        const Session saved = Session::capture(runs, time, {},
                                               {{QStringLiteral("baseline"), baseline}, {QStringLiteral("THP on"), tuned},
                                                {QStringLiteral("gone"), tuned}});
        QCOMPARE(saved.runs.size(), std::size_t(2));
        QCOMPARE(saved.runs[1].price.hourlyPrice, std::optional<double>(0.357));

        const QJsonObject json = saved.toJson();
        const QJsonArray runArray = json.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runArray[0].toObject().value(QStringLiteral("price_performance")).toObject(),
                 (QJsonObject{{QStringLiteral("throughput"), 40000}}));
        QCOMPARE(runArray[1].toObject().value(QStringLiteral("price_performance")).toObject(),
                 (QJsonObject{{QStringLiteral("throughput"), 1200}, {QStringLiteral("unit"), QStringLiteral("req/s")},
                              {QStringLiteral("hourly_price"), 0.357}}));

        // Through the file's bytes, into a new set of runs opened in the other order.
        QString error;
        const auto reopened = Session::fromJson(QJsonDocument::fromJson(QJsonDocument(json).toJson()).object(), &error);
        QVERIFY2(reopened, qPrintable(error));
        RunSet other;
        other.add(run("tuned"));
        other.add(run("baseline"));
        reopened->applyTo(other);
        const auto inputs = reopened->priceInputs(other);
        QCOMPARE(inputs.size(), std::size_t(2));
        QCOMPARE(inputs.at(QStringLiteral("baseline")).throughput, 40000.0);
        QVERIFY(inputs.at(QStringLiteral("baseline")).unit.isEmpty());
        QVERIFY(!inputs.at(QStringLiteral("baseline")).hourlyPrice);
        QCOMPARE(inputs.at(QStringLiteral("THP on")).throughput, 1200.0);
        QCOMPARE(inputs.at(QStringLiteral("THP on")).unit, QStringLiteral("req/s"));
        QCOMPARE(inputs.at(QStringLiteral("THP on")).hourlyPrice, std::optional<double>(0.357));
    }

    void aFileOfSeveralRunsLoadsOnce()
    {
        // The runs of an APerf report share its file: reopening the session loads it once.
        Session session;
        for (const char* path : {"/runs/report.tar.gz", "/runs/report.tar.gz", "/runs/ours.tar.gz"}) {
            Session::RunState state;
            state.filePath = QString::fromLatin1(path);
            session.runs.push_back(state);
        }
        QCOMPARE(session.filePaths(), (QStringList{QStringLiteral("/runs/report.tar.gz"), QStringLiteral("/runs/ours.tar.gz")}));
    }

    void theRunsOfOneFileKeepTheirOwnNamesAndColours()
    {
        // An APerf report is one file and two runs: both open (not the first twice), and a
        // session gives each its own name and colour back.
        const QString report = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/aperf/test_report.tar.gz");
        const std::vector<RunPtr> loaded = RunLoader::loadAllNow(report);
        QCOMPARE(loaded.size(), std::size_t(2));
        QCOMPARE(loaded[1]->runInFile(), QStringLiteral("test_run_2"));
        RunSet runs;
        TimeController time;
        for (const RunPtr& run : loaded)
            runs.add(run);
        runs.add(loaded[0]); // the same run again is the one already open
        QCOMPARE(runs.count(), 2);
        runs.setDisplayName(0, QStringLiteral("before"));
        runs.setDisplayName(1, QStringLiteral("after"));
        runs.setColour(1, 0x123456);
        runs.setBaseline(1);
        const QJsonObject json = Session::capture(runs, time, {}).toJson();
        QCOMPARE(json.value(QStringLiteral("runs")).toArray()[1].toObject().value(QStringLiteral("run_in_file")).toString(),
                 QStringLiteral("test_run_2"));

        QString error;
        const auto reopened = Session::fromJson(QJsonDocument::fromJson(QJsonDocument(json).toJson()).object(), &error);
        QVERIFY2(reopened, qPrintable(error));
        QCOMPARE(reopened->filePaths(), QStringList{report});
        RunSet other;
        const std::vector<RunPtr> again = RunLoader::loadAllNow(report);
        other.add(again[1]);
        other.add(again[0]);
        reopened->applyTo(other);
        QCOMPARE(other.at(0).run->runInFile(), QStringLiteral("test_run_1"));
        QCOMPARE(other.at(0).displayName, QStringLiteral("before"));
        QCOMPARE(other.at(1).displayName, QStringLiteral("after"));
        QCOMPARE(other.at(1).colour, RunColour(0x123456));
        QCOMPARE(other.baselineIndex(), 1);
    }

    void sessionsWithoutPricesStillOpen()
    {
        QString error;
        const auto session = Session::fromJson(
            QJsonDocument::fromJson(R"({"runlens_session": 1, "runs": [{"file": "/runs/a.tar.gz", "name": "",
                                        "price_performance": {"throughput": "fast", "hourly_price": -1}},
                                       {"file": "/runs/b.tar.gz"}]})")
                .object(),
            &error);
        QVERIFY2(session, qPrintable(error));
        QCOMPARE(session->runs.size(), std::size_t(2));
        QVERIFY(session->runs[0].price.isEmpty()); // nonsense is dropped, not turned into zeros
        QVERIFY(session->runs[1].price.isEmpty());
        QVERIFY(!session->toJson().value(QStringLiteral("runs")).toArray()[0].toObject().contains(QStringLiteral("price_performance")));
    }

    void hostileSessionFilesAreRefusedWithASentence_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("because");
        QTest::newRow("not JSON") << QByteArray("{\"runlens_session\": 1,") << QStringLiteral("is not valid JSON (at byte 23)"); // one past its 22 bytes: the end
        QTest::newRow("deep") << QByteArray(100, '[') + QByteArray(100, ']') << QStringLiteral("nests deeper than the limit of 64 levels");
        QTest::newRow("1e400") << QByteArray("{\"runlens_session\": 1, \"runs\": [{\"offset_s\": 1e400}]}")
                               << QStringLiteral("holds a number out of the range of a double (such as 1e400)");
        QTest::newRow("huge") << QByteArray("{\"pad\": \"") + QByteArray(17 << 20, 'x') + QByteArray("\"}")
                              << QStringLiteral("is larger than the limit of 16 MiB for a JSON document");
    }

    void hostileSessionFilesAreRefusedWithASentence()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, because);
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("hostile.runlens"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        file.close();
        QString error;
        QVERIFY(!SessionFile::read(path, &error));
        QCOMPARE(error, QStringLiteral("%1 is not a usable session: the file %2.").arg(path, because));
    }

    void aSavedSessionReadsBack()
    {
        RunSet runs;
        TimeController time;
        runs.add(run("baseline"));
        const Session saved = Session::capture(runs, time, {});
        QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("saved.runlens"));
        QString error;
        QVERIFY2(SessionFile::write(saved, path, &error), qPrintable(error));
        const std::optional<Session> read = SessionFile::read(path, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(QJsonDocument(read->toJson()).toJson(), QJsonDocument(saved.toJson()).toJson());
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
