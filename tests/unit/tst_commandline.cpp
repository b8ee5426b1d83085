#include "CommandLine.h"

#include <QCoreApplication>
#include <QTest>

class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setApplicationName(QStringLiteral("runlens"));
        QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
    }

    void filesAndDemo()
    {
        const CommandLine line = CommandLine::parse(
            {QStringLiteral("runlens"), QStringLiteral("a.tar.gz"), QStringLiteral("--demo"), QStringLiteral("b.tgz")});
        QCOMPARE(line.outcome, CommandLine::Outcome::Run);
        QCOMPARE(line.files, QStringList({QStringLiteral("a.tar.gz"), QStringLiteral("b.tgz")}));
        QVERIFY(line.openDemo);
    }

    void nothingGiven()
    {
        const CommandLine line = CommandLine::parse({QStringLiteral("runlens")});
        QCOMPARE(line.outcome, CommandLine::Outcome::Run);
        QVERIFY(line.files.isEmpty());
        QVERIFY(!line.openDemo);
    }

    void helpAndVersion()
    {
        const CommandLine help = CommandLine::parse({QStringLiteral("runlens"), QStringLiteral("--help")});
        QCOMPARE(help.outcome, CommandLine::Outcome::ExitOk);
        QVERIFY(help.message.contains(QStringLiteral("--demo")));
        QVERIFY(help.message.contains(QStringLiteral("[FILE...]")));

        const CommandLine version = CommandLine::parse({QStringLiteral("runlens"), QStringLiteral("--version")});
        QCOMPARE(version.outcome, CommandLine::Outcome::ExitOk);
        QCOMPARE(version.message, QStringLiteral("runlens 9.8.7\n"));
    }

    void qtsOwnOptionsAreAccepted()
    {
        // As in every Qt application: QApplication takes these, the parser must let them through.
        const CommandLine line = CommandLine::parse(
            {QStringLiteral("runlens"), QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("-style=fusion"),
             QStringLiteral("--reverse"), QStringLiteral("-qwindowgeometry"), QStringLiteral("1280x720+0+0"),
             QStringLiteral("run.tar.gz"), QStringLiteral("--demo")});
        QCOMPARE(line.outcome, CommandLine::Outcome::Run);
        QCOMPARE(line.files, QStringList{QStringLiteral("run.tar.gz")});
        QVERIFY(line.openDemo);
        // An unknown option next to them is still an error.
        QCOMPARE(CommandLine::parse({QStringLiteral("runlens"), QStringLiteral("-style"), QStringLiteral("fusion"),
                                     QStringLiteral("--frobnicate")})
                     .outcome,
                 CommandLine::Outcome::ExitError);
    }

    void unknownOptionIsAnError()
    {
        const CommandLine line = CommandLine::parse({QStringLiteral("runlens"), QStringLiteral("--frobnicate")});
        QCOMPARE(line.outcome, CommandLine::Outcome::ExitError);
        QVERIFY(line.message.contains(QStringLiteral("frobnicate")));
        QVERIFY(line.message.contains(QStringLiteral("--help")));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
