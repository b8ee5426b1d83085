#include "FormatVersion.h"

#include <QTest>

using runlens::format::FormatVersion;

class TestFormatVersion : public QObject
{
    Q_OBJECT

private slots:
    void parsesMajorDotMinor()
    {
        const auto version = FormatVersion::parse("1.7");
        QVERIFY(version.has_value());
        QCOMPARE(version->major, 1);
        QCOMPARE(version->minor, 7);
        QCOMPARE(version->toString(), std::string("1.7"));
    }

    void rejectsMalformedVersions_data()
    {
        QTest::addColumn<QString>("text");
        for (const char* text : {"", "1", "1.", ".1", "1.2.3", "a.b", "1.x", "-1.0", " 1.0", "1.0 "})
            QTest::newRow(text[0] ? text : "empty") << QString::fromLatin1(text);
    }
    void rejectsMalformedVersions()
    {
        QFETCH(QString, text);
        QVERIFY(!FormatVersion::parse(text.toStdString()).has_value());
    }

    void readsCurrentAndOlderMinorVersions()
    {
        QCOMPARE(runlens::format::whyUnreadable({runlens::format::kFormatMajor, 0}), std::string());
        QCOMPARE(runlens::format::whyUnreadable({runlens::format::kFormatMajor, 99}), std::string());
    }

    void refusesNewerMajorVersionWithAReason()
    {
        const std::string why = runlens::format::whyUnreadable({runlens::format::kFormatMajor + 1, 0});
        QVERIFY(why.find("newer") != std::string::npos);
        QVERIFY(why.find("update Runlens") != std::string::npos);
        QVERIFY(!runlens::format::whyUnreadable({0, 9}).empty());
    }
};

QTEST_GUILESS_MAIN(TestFormatVersion)
#include "tst_formatversion.moc"
