// `runlens convert --to folded`: its output byte for byte against the expected files, and its
// exit codes for usage errors and unreadable files.
#include "cli/HeadlessCommands.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <tuple>

namespace {

QString fixture(const QString& name)
{
    return QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/profile/") + name;
}

int runConvert(const QStringList& arguments)
{
    const HeadlessCommand* command = findHeadlessCommand("convert");
    if (!command)
        return -1;
    QList<QByteArray> storage{QByteArrayLiteral("runlens"), QByteArrayLiteral("convert")};
    for (const QString& argument : arguments)
        storage.append(argument.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& argument : storage)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    return command->run(int(storage.size()), argv.data());
}

QString referenceFixture(const QString& name)
{
    return QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/perf-script/") + name;
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestConvertCommand : public QObject
{
    Q_OBJECT

private slots:
    void isRegistered() { QVERIFY(findHeadlessCommand("convert")); }

    void seriesAsCsvAndJson()
    {
        // The demo baseline's busy CPU over its first 5 s, long format, byte for byte against
        // tests/fixtures/export/demo-cpu-busy-0-5.csv (RUNLENS_UPDATE_CSV_FIXTURES=1 rewrites it).
        const QString run = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-baseline.tar.gz");
        const QString expected = QStringLiteral(RUNLENS_SOURCE_DIR "/tests/fixtures/export/demo-cpu-busy-0-5.csv");
        QTemporaryDir directory;
        const QString csv = directory.filePath(QStringLiteral("busy.csv"));
        QCOMPARE(runConvert({QStringLiteral("--to"), QStringLiteral("csv"), QStringLiteral("--metric"), QStringLiteral("cpu.busy"),
                             QStringLiteral("--window"), QStringLiteral("0:5s"), QStringLiteral("-o"), csv, run}),
                 0);
        if (qEnvironmentVariableIsSet("RUNLENS_UPDATE_CSV_FIXTURES")) {
            QFile::remove(expected);
            QVERIFY(QFile::copy(csv, expected));
        }
        const QByteArray bytes = readAll(csv);
        QCOMPARE(bytes, readAll(expected));
        const QList<QByteArray> lines = bytes.trimmed().split('\n');
        QCOMPARE(lines.first(), QByteArrayLiteral("time_s,run,metric,instance,value"));
        QVERIFY(lines.size() > 6);
        QVERIFY(lines[1].startsWith("0") || lines[1].startsWith("1"));
        QVERIFY(lines[1].contains(",demo-baseline,cpu.busy,all,"));

        // JSON: the same points as records.
        const QString json = directory.filePath(QStringLiteral("busy.json"));
        QCOMPARE(runConvert({QStringLiteral("--to"), QStringLiteral("json"), QStringLiteral("--metric"), QStringLiteral("cpu.busy"),
                             QStringLiteral("--window"), QStringLiteral("0:5s"), QStringLiteral("-o"), json, run}),
                 0);
        const QJsonArray records = QJsonDocument::fromJson(readAll(json)).array();
        QCOMPARE(records.size(), lines.size() - 1);
        const QList<QByteArray> first = lines[1].split(',');
        QCOMPARE(records[0].toObject().value(QStringLiteral("instance")).toString(), QString::fromUtf8(first[3]));
        QCOMPARE(records[0].toObject().value(QStringLiteral("value")).toDouble(), first[4].toDouble());

        // A window for the second run only: the first keeps all of its points.
        const QString tuned = QStringLiteral(RUNLENS_SOURCE_DIR "/resources/demo/demo-tuned.tar.gz");
        const QString both = directory.filePath(QStringLiteral("both.csv"));
        QCOMPARE(runConvert({QStringLiteral("--to"), QStringLiteral("csv"), QStringLiteral("--metric"), QStringLiteral("cpu.busy"),
                             QStringLiteral("--window"), QStringLiteral("2=0:5s"), QStringLiteral("-o"), both, run, tuned}),
                 0);
        double lastBaseline = 0;
        double lastTuned = 0;
        for (const QByteArray& line : readAll(both).trimmed().split('\n').mid(1)) {
            const QList<QByteArray> fields = line.split(',');
            double& last = fields[1] == "demo-tuned" ? lastTuned : lastBaseline;
            last = std::max(last, fields[0].toDouble());
        }
        QVERIFY(lastBaseline > 15);
        QVERIFY(lastTuned > 4.5 && lastTuned <= 5);
        QCOMPARE(runConvert({QStringLiteral("--to"), QStringLiteral("csv"), QStringLiteral("--window"), QStringLiteral("3=0:5s"), run, tuned}), 2);

        // Usage errors and a metric no run has.
        QCOMPARE(runConvert({QStringLiteral("--to"), QStringLiteral("csv"), QStringLiteral("--window"), QStringLiteral("soon"), run}), 2);
        QCOMPARE(runConvert({QStringLiteral("--to"), QStringLiteral("csv"), QStringLiteral("--metric"), QStringLiteral("no.such"), run}), 1);
        QCOMPARE(runConvert({QStringLiteral("--to"), QStringLiteral("csv")}), 2);
    }

    void folded_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("expected");
        QTest::newRow("perf script") << "perf-mixed.txt" << QStringList{} << "perf-mixed.folded";
        QTest::newRow("perf script gzip") << "perf-mixed.txt.gz" << QStringList{} << "perf-mixed.folded";
        QTest::newRow("--pid") << "perf-mixed.txt" << QStringList{"--pid"} << "perf-mixed.pid.folded";
        QTest::newRow("--tid --kernel --jit")
            << "perf-mixed.txt.gz" << QStringList{"--tid", "--kernel", "--jit"} << "perf-mixed.tid-kernel-jit.folded";
        QTest::newRow("--tid --all") << "perf-mixed.txt" << QStringList{"--tid", "--all"} << "perf-mixed.tid-kernel-jit.folded";
        QTest::newRow("--addrs") << "perf-mixed.txt" << QStringList{"--addrs"} << "perf-mixed.addrs.folded";
        QTest::newRow("tid only") << "perf-tid-only.txt" << QStringList{} << "perf-tid-only.folded";
        QTest::newRow("tid only --tid --kernel --jit")
            << "perf-tid-only.txt" << QStringList{"--tid", "--kernel", "--jit"} << "perf-tid-only.tid-kernel-jit.folded";
        QTest::newRow("folded") << "folded-simple.txt" << QStringList{} << "folded-simple.folded";
        // The flame graph's filters: the reference's output for the text cut down by hand.
        QTest::newRow("--pid --cpus 0") << "perf-mixed.txt" << QStringList{"--pid", "--cpus", "0"} << "perf-mixed.cpu0.pid.folded";
        QTest::newRow("--tid --threads 1202 --processes 2000")
            << "perf-mixed.txt.gz" << QStringList{"--tid", "--threads", "1202", "--processes", "2000"}
            << "perf-mixed.tid1202-pid2000.tid.folded";
        QTest::newRow("folded --kernel --jit")
            << "folded-simple.txt" << QStringList{"--kernel", "--jit"} << "folded-simple.kernel-jit.folded";
    }
    void folded()
    {
        QFETCH(QString, input);
        QFETCH(QStringList, options);
        QFETCH(QString, expected);
        QTemporaryDir directory;
        const QString output = directory.filePath(QStringLiteral("out.folded"));
        QCOMPARE(runConvert(QStringList{"--to", "folded"} + options + QStringList{"-o", output, fixture(input)}), 0);
        QCOMPARE(readAll(output), readAll(fixture(expected)));
    }

    // Every input of tests/fixtures/perf-script (real recordings of this machine's perf and
    // hand-written header and frame forms) with every option set, against what
    // stackcollapse-perf.pl printed for it (make-expected.sh), byte for byte.
    void sameBytesAsTheReference_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("expected");
        const QList<QPair<QString, QStringList>> optionSets{
            {"none", {}},
            {"pid", {"--pid"}},
            {"tid", {"--tid"}},
            {"kernel", {"--kernel"}},
            {"jit", {"--jit"}},
            {"all", {"--all"}},
            {"addrs", {"--addrs"}},
            {"tid-all-addrs", {"--tid", "--all", "--addrs"}},
        };
        const QDir directory(referenceFixture({}));
        const QStringList inputs = directory.entryList({QStringLiteral("*.txt"), QStringLiteral("*.txt.gz")}, QDir::Files, QDir::Name);
        QVERIFY(inputs.size() >= 14);
        for (const QString& input : inputs) {
            QString name = input;
            name.chop(input.endsWith(QLatin1String(".gz")) ? 7 : 4);
            for (const auto& [suffix, options] : optionSets) {
                QTest::addRow("%s %s", qPrintable(input), qPrintable(suffix))
                    << input << options << name + QLatin1Char('.') + suffix + QStringLiteral(".folded");
            }
        }
    }
    void sameBytesAsTheReference()
    {
        QFETCH(QString, input);
        QFETCH(QStringList, options);
        QFETCH(QString, expected);
        const QByteArray reference = readAll(referenceFixture(expected));
        QVERIFY2(!reference.isEmpty(), qPrintable(expected));
        QTemporaryDir directory;
        const QString output = directory.filePath(QStringLiteral("out.folded"));
        QCOMPARE(runConvert(QStringList{"--to", "folded"} + options + QStringList{"-o", output, referenceFixture(input)}), 0);
        const QByteArray ours = readAll(output);
        if (ours != reference) {
            // The first line that differs says more than two truncated blobs.
            const QList<QByteArray> oursLines = ours.split('\n');
            const QList<QByteArray> referenceLines = reference.split('\n');
            for (qsizetype i = 0; i < std::min(oursLines.size(), referenceLines.size()); ++i)
                QCOMPARE(oursLines[i], referenceLines[i]);
            QCOMPARE(oursLines.size(), referenceLines.size());
        }
    }

    void samplesInsteadOfPeriods()
    {
        // --samples: the same stacks as the reference prints, each counted once per sample (the
        // 14 samples of the file).
        QTemporaryDir directory;
        const QString output = directory.filePath(QStringLiteral("out.folded"));
        QCOMPARE(runConvert({"--to", "folded", "--samples", "-o", output, referenceFixture(QStringLiteral("frequency.txt"))}), 0);
        QCOMPARE(readAll(output), QByteArray("app;app_main;compute 1\n"
                                             "app;app_main;compute;inner_loop 3\n"
                                             "app;app_main;compute;vector_add 3\n"
                                             "app;app_main;io_wait 4\n"
                                             "app;app_main;parse_args;strlen 3\n"));
    }

    void diffFoldedOfVariants()
    {
        // Three runs a side: work's share goes from 59-61 % to 79-81 %, a change far beyond the
        // one-point spread of each side's runs.
        QTemporaryDir directory;
        QStringList arguments{"--to", "diff-folded"};
        for (int r = 0; r < 3; ++r) {
            const int jitter = (r - 1) * 10;
            for (const auto& [side, option, work] : {std::tuple{"a", "--baseline", 600}, std::tuple{"b", "--vs", 800}}) {
                const QString path = directory.filePath(QStringLiteral("%1%2.folded").arg(QLatin1String(side)).arg(r + 1));
                QFile file(path);
                QVERIFY(file.open(QIODevice::WriteOnly));
                file.write(QStringLiteral("main;work %1\nmain;idle %2\n").arg(work + jitter).arg(1000 - work - jitter).toUtf8());
                file.close();
                arguments << QLatin1String(option) << path;
            }
        }
        const QString output = directory.filePath(QStringLiteral("out.txt"));
        QCOMPARE(runConvert(arguments + QStringList{"-o", output}), 0);
        QCOMPARE(readAll(output),
                 QByteArray("# baseline: a1.folded, a2.folded, a3.folded; compared: b1.folded, b2.folded, b3.folded; shares of "
                            "each variant's samples; columns: baseline compared change baseline_spread compared_spread verdict\n"
                            "main 1.000000 1.000000 +0.000000 0.000000 0.000000 noise\n"
                            "main;idle 0.400000 0.200000 -0.200000 0.010000 0.010000 real\n"
                            "main;work 0.600000 0.800000 +0.200000 0.010000 0.010000 real\n"));
        // One run a side: the plain difference, untested.
        QCOMPARE(runConvert({"--to", "diff-folded", "--baseline", arguments[3], "--vs", arguments[5], "-o", output}), 0);
        QVERIFY(readAll(output).contains("main;work 0.590000 0.790000 +0.200000 0.000000 0.000000 untested\n"));
        QCOMPARE(runConvert({"--to", "diff-folded", "--baseline", arguments[3]}), 2); // no --vs
    }

    void usageErrors()
    {
        QCOMPARE(runConvert({fixture(QStringLiteral("perf-mixed.txt"))}), 2);                          // no --to
        QCOMPARE(runConvert({"--to", "svg", fixture(QStringLiteral("perf-mixed.txt"))}), 2);            // unknown format
        QCOMPARE(runConvert({"--to", "folded"}), 2);                                                     // no file
        QCOMPARE(runConvert({"--to", "folded", "--bogus", fixture(QStringLiteral("perf-mixed.txt"))}), 2);
        QCOMPARE(runConvert({"--to", "folded", "--cpus", "0-", fixture(QStringLiteral("perf-mixed.txt"))}), 2);
        QCOMPARE(runConvert({"--to", "folded", "--window", "later", fixture(QStringLiteral("perf-mixed.txt"))}), 2);
    }

    void unreadableFile()
    {
        QTemporaryDir directory;
        QCOMPARE(runConvert({"--to", "folded", directory.filePath(QStringLiteral("missing.txt"))}), 1);
        const QString notes = directory.filePath(QStringLiteral("notes.txt"));
        QFile file(notes);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("hello\n");
        file.close();
        QCOMPARE(runConvert({"--to", "folded", notes}), 1);
    }
};

QTEST_GUILESS_MAIN(TestConvertCommand)
#include "tst_convertcommand.moc"
