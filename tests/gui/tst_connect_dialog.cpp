// The Connect dialog offscreen: host completion from an ssh config (aliases, not patterns, Include
// followed), the form as the job receives it, a failed connection reported in the dialog, and the
// recent host remembered without secrets; the remote runs browser against a real sshd on 127.0.0.1.
#include "SshdFixture.h"

#include "RunLoader.h"
#include "remote/ConnectDialog.h"
#include "remote/RemoteRunsBrowser.h"

#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QThread>
#include <QTreeWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QComboBox>
#include <QFileInfo>
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
        QCOMPARE(settings.recorders.value(QStringLiteral("x86_64")), QFileInfo(QStringLiteral(RUNLENS_REC_PATH)).absoluteFilePath());

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

    // The workload to run under the recorder: typed as a shell command, its preset chosen from
    // the list; no command means no preset, whatever the list shows.
    void takesTheWorkloadCommandAndItsPreset()
    {
        ConnectDialog dialog(nullptr, QStringLiteral("/nonexistent/config"));
        dialog.resize(560, 720);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* command = dialog.findChild<QLineEdit*>(QStringLiteral("workloadCommand"));
        auto* preset = dialog.findChild<QComboBox*>(QStringLiteral("workloadPreset"));
        QVERIFY(command && preset);
        QCOMPARE(preset->count(), 5);
        preset->setCurrentIndex(preset->findData(QStringLiteral("sysbench")));
        QVERIFY(dialog.settingsFromForm().request.workloadPreset.isEmpty());
        QTest::keyClicks(command, QStringLiteral("sysbench cpu --time=60 --report-interval=1 run"));
        const RemoteJobSettings settings = dialog.settingsFromForm();
        QCOMPARE(settings.request.workloadCommand, QStringLiteral("sysbench cpu --time=60 --report-interval=1 run"));
        QCOMPARE(settings.request.workloadPreset, QStringLiteral("sysbench"));
        QVERIFY(dialog.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/connect-dialog-workload.png")));
    }

    void browsesFetchesAndDeletesRunsOnTheHost()
    {
        qunsetenv("SSH_AUTH_SOCK");
        SshdFixture sshd;
        QVERIFY2(sshd.start(), qPrintable(sshd.why()));
        QTemporaryDir work;
        QVERIFY(work.isValid());
        // The "host" is this machine: record a run there with the recorder of this tree.
        const QString remoteDir = work.filePath(QStringLiteral("remote"));
        const QString runs = remoteDir + QStringLiteral("/runs");
        QVERIFY(QDir().mkpath(runs));
        QProcess recorder;
        recorder.start(QStringLiteral(RUNLENS_REC_PATH),
                       {QStringLiteral("record"), QStringLiteral("--quiet"), QStringLiteral("--out"), runs, QStringLiteral("--name"),
                        QStringLiteral("browsed run"), QStringLiteral("--duration"), QStringLiteral("2s"), QStringLiteral("--interval"),
                        QStringLiteral("500ms"), QStringLiteral("--imds-endpoint"), QStringLiteral("off")});
        QVERIFY(recorder.waitForFinished(60000));
        QVERIFY2(recorder.exitCode() == 0, recorder.readAllStandardError().constData());
        const QString remoteArchive = runs + QStringLiteral("/browsed run.tar.gz");
        QVERIFY(QFile::exists(remoteArchive));
        const qint64 remoteBytes = QFileInfo(remoteArchive).size();

        const SshTarget target = sshd.clientTarget(work.filePath(QStringLiteral("known_hosts")));
        QStringList shownKeys;
        RemoteRunsBrowser browser(
            target, remoteDir,
            [&shownKeys](const QString&, const QString&, const QString& fingerprint) {
                shownKeys.append(fingerprint); // asked on the GUI thread, as the message box would be
                return QThread::currentThread() == qApp->thread();
            },
            {});
        const QString fetchDir = work.filePath(QStringLiteral("fetched"));
        browser.setFetchDirectory(fetchDir);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));

        browser.refresh();
        QVERIFY(browser.isBusy()); // the listing runs on the worker; the GUI thread goes on
        QTRY_VERIFY_WITH_TIMEOUT(!browser.isBusy(), 60000);
        QCOMPARE(shownKeys, QStringList{sshd.hostKeyFingerprint()});
        QTreeWidget* view = browser.runsView();
        QCOMPARE(view->topLevelItemCount(), 1);
        QTreeWidgetItem* item = view->topLevelItem(0);
        QCOMPARE(item->text(0), QStringLiteral("browsed run"));
        QCOMPARE(item->data(1, Qt::UserRole).toLongLong(), remoteBytes);
        QCOMPARE(item->text(1), QLocale().formattedDataSize(remoteBytes));
        QCOMPARE(item->data(2, Qt::UserRole).toLongLong(), QFileInfo(remoteArchive).lastModified().toSecsSinceEpoch());
        QVERIFY(!item->text(2).isEmpty());
        QVERIFY2(browser.stateLabel()->text().contains(QLatin1String("1 run")), qPrintable(browser.stateLabel()->text()));

        // Fetch: a byte-identical archive that opens, reported through runFetched.
        QSignalSpy fetched(&browser, &RemoteRunsBrowser::runFetched);
        item->setSelected(true);
        browser.fetchSelected();
        QTRY_VERIFY_WITH_TIMEOUT(!browser.isBusy(), 60000);
        QCOMPARE(fetched.size(), 1);
        const QString local = fetched.constFirst().constFirst().toString();
        QCOMPARE(local, QDir(fetchDir).filePath(QStringLiteral("browsed run.tar.gz")));
        QFile localFile(local), remoteFile(remoteArchive);
        QVERIFY(localFile.open(QIODevice::ReadOnly) && remoteFile.open(QIODevice::ReadOnly));
        QCOMPARE(localFile.readAll(), remoteFile.readAll());
        QVERIFY(!QFile::exists(local + QStringLiteral(".part")));
        QVERIFY(RunLoader::loadNow(local)->hasMetric(QStringLiteral("cpu.busy")));
        QCOMPARE(shownKeys.size(), 1); // the key was recorded; the same connection was used
        item = view->topLevelItem(0);
        item->setSelected(true);
        QVERIFY(QDir().mkpath(QStringLiteral(RUNLENS_TEST_ARTIFACTS)));
        QVERIFY(browser.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/remote-runs-browser.png")));

        // Delete on the host (the button asks first; here the confirmation is skipped).
        browser.deleteSelected(false);
        QTRY_VERIFY_WITH_TIMEOUT(!browser.isBusy(), 60000);
        QVERIFY(!QFile::exists(remoteArchive));
        QCOMPARE(view->topLevelItemCount(), 0);
        QVERIFY(QFile::exists(local));
    }

    void connectDialogOpensTheBrowserForItsHost()
    {
        ConnectDialog dialog(nullptr, QStringLiteral("/nonexistent/config"));
        dialog.hostEdit()->setText(QString());
        QVERIFY(!dialog.openRunsBrowser());
        QVERIFY(dialog.findChild<QPushButton*>(QStringLiteral("runsOnHostButton")));
        dialog.hostEdit()->setText(QStringLiteral("127.0.0.1"));
        dialog.findChild<QSpinBox*>()->setValue(1); // refused at once
        QSignalSpy forwarded(&dialog, &ConnectDialog::runFetched);
        RemoteRunsBrowser* browser = dialog.openRunsBrowser();
        QVERIFY(browser);
        QVERIFY2(browser->windowTitle().endsWith(QLatin1String("127.0.0.1:1")), qPrintable(browser->windowTitle()));
        QTRY_VERIFY_WITH_TIMEOUT(!browser->isBusy(), 60000);
        QVERIFY2(browser->stateLabel()->text().contains(QLatin1String("Could not connect")), qPrintable(browser->stateLabel()->text()));
        emit browser->runFetched(QStringLiteral("/tmp/x.tar.gz"));
        QCOMPARE(forwarded.size(), 1);
    }

    void recordsOnSeveralHostsSideBySide()
    {
        ConnectDialog dialog(nullptr, QStringLiteral("/nonexistent/config"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.hostEdit()->setText(QStringLiteral(" 127.0.0.1, localhost  127.0.0.1 "));
        dialog.nameEdit()->setText(QStringLiteral("ab"));
        const QList<RemoteJobSettings> each = dialog.settingsForEachHost();
        QCOMPARE(each.size(), 2);
        QCOMPARE(each.at(0).target.host, QStringLiteral("127.0.0.1"));
        QCOMPARE(each.at(1).target.host, QStringLiteral("localhost"));
        QCOMPARE(each.at(0).request.name, QStringLiteral("ab-127_0_0_1"));
        QCOMPARE(each.at(1).request.name, QStringLiteral("ab-localhost"));
        QCOMPARE(each.at(1).target.user, dialog.userEdit()->text());

        // Both jobs run at once and each reports under its host (port 1 refuses at once).
        dialog.findChild<QSpinBox*>()->setValue(1);
        QMetaObject::invokeMethod(&dialog, [&dialog] {
            for (QPushButton* button : dialog.findChildren<QPushButton*>())
                if (button->isDefault())
                    button->click();
        });
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isBusy(), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isBusy(), 60000);
        const QString state = dialog.stateLabel()->text();
        QVERIFY2(state.contains(QLatin1String("127.0.0.1: Could not connect")) && state.contains(QLatin1String("localhost: Could not connect")),
                 qPrintable(state));
        QVERIFY(dialog.grab().toImage().save(QStringLiteral(RUNLENS_TEST_ARTIFACTS "/connect-dialog-two-hosts.png")));
    }
};

QTEST_MAIN(TestConnectDialog)
#include "tst_connect_dialog.moc"
