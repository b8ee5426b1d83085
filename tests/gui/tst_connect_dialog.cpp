// The Connect dialog offscreen: host completion from an ssh config (aliases, not patterns, Include
// followed), the form as the job receives it, a failed connection reported in the dialog, and the
// recent host remembered without secrets.
#include "remote/ConnectDialog.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

class TestConnectDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("Runlens"));
        QCoreApplication::setApplicationName(QStringLiteral("runlens-test-connect"));
        QSettings().clear();
        qputenv("RUNLENS_REC", RUNLENS_REC_PATH);
    }

    void completesHostAliasesFromTheConfig()
    {
        QTemporaryDir dir;
        QFile extra(dir.filePath(QStringLiteral("extra.conf")));
        QVERIFY(extra.open(QIODevice::WriteOnly));
        extra.write("Host included-box\n  HostName 10.0.0.9\n");
        extra.close();
        QFile config(dir.filePath(QStringLiteral("config")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(QStringLiteral("# comment\nHost baseline candidate\n  User ec2-user\nHost *.internal !bad web?\n"
                                    "Host=gravi\nInclude %1\n").arg(extra.fileName()).toUtf8());
        config.close();
        ConnectDialog dialog(nullptr, config.fileName());
        QCOMPARE(dialog.hostCompletions(),
                 (QStringList{QStringLiteral("baseline"), QStringLiteral("candidate"), QStringLiteral("gravi"), QStringLiteral("included-box")}));
    }

    void failedConnectionIsReportedAndHostRemembered()
    {
        ConnectDialog dialog(nullptr, QStringLiteral("/nonexistent/config"));
        dialog.resize(560, 640);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.hostEdit()->setText(QStringLiteral("127.0.0.1"));
        dialog.userEdit()->setText(QStringLiteral("ec2-user"));
        dialog.identityEdit()->setText(QStringLiteral("/keys/lab.pem"));
        dialog.nameEdit()->setText(QStringLiteral("baseline run"));
        const RemoteJobSettings settings = dialog.settingsFromForm();
        QCOMPARE(settings.target.user, QStringLiteral("ec2-user"));
        QCOMPARE(settings.target.identityFile, QStringLiteral("/keys/lab.pem"));
        QCOMPARE(settings.request.name, QStringLiteral("baseline run"));
        QCOMPARE(settings.request.duration, QStringLiteral("60s"));
        QCOMPARE(settings.localRecorder, QStringLiteral(RUNLENS_REC_PATH));

        // Port 1 on loopback refuses at once: the dialog reports it and becomes editable again.
        auto* port = dialog.findChild<QSpinBox*>();
        QVERIFY(port);
        port->setValue(1);
        auto* start = dialog.findChild<QPushButton*>();
        QVERIFY(start);
        QMetaObject::invokeMethod(&dialog, [&dialog] {
            for (QPushButton* button : dialog.findChildren<QPushButton*>())
                if (button->isDefault())
                    button->click();
        });
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isBusy(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 60000);
        QVERIFY2(dialog.stateLabel()->text().contains(QLatin1String("Could not connect to ec2-user@127.0.0.1:1")),
                 qPrintable(dialog.stateLabel()->text()));
        QVERIFY(dialog.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/connect-dialog-refused.png")));

        const QVariantList recent = QSettings().value(QStringLiteral("remote/recentHosts")).toList();
        QCOMPARE(recent.size(), 1);
        const QVariantMap entry = recent.constFirst().toMap();
        QCOMPARE(entry.value(QStringLiteral("host")).toString(), QStringLiteral("127.0.0.1"));
        QCOMPARE(entry.value(QStringLiteral("identity")).toString(), QStringLiteral("/keys/lab.pem"));
        QCOMPARE(QSet<QString>(entry.keyBegin(), entry.keyEnd()),
                 (QSet<QString>{QStringLiteral("host"), QStringLiteral("user"), QStringLiteral("port"), QStringLiteral("identity"), QStringLiteral("agent")}));

        // A new dialog starts from the last host.
        ConnectDialog again(nullptr, QStringLiteral("/nonexistent/config"));
        QCOMPARE(again.hostEdit()->text(), QStringLiteral("127.0.0.1"));
        QCOMPARE(again.userEdit()->text(), QStringLiteral("ec2-user"));
        QVERIFY(again.hostCompletions().contains(QStringLiteral("127.0.0.1")));
    }
};

QTEST_MAIN(TestConnectDialog)
#include "tst_connect_dialog.moc"
