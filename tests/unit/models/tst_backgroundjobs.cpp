// The one background-job helper: latest request wins (stale answers dropped, and the newest job
// waits for the running one instead of piling onto the pool), all in order
// (answers in the order asked, whatever finishes first), cancel, progress and busy signals, and
// an owner that waits for its workers.
#include "BackgroundJobs.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>

#include <thread>

class TestBackgroundJobs : public QObject
{
    Q_OBJECT

private slots:
    void latestWinsDropsSupersededAnswers()
    {
        BackgroundJobs jobs(BackgroundJobs::Policy::LatestWins);
        QSemaphore release;
        QList<int> delivered;
        QSignalSpy busy(&jobs, &BackgroundJobs::busyChanged);
        bool firstSawCancel = false;
        // The first job blocks until the second has been started, so it finishes last.
        jobs.start(
            [&](JobControl& control) {
                release.acquire();
                firstSawCancel = control.isCancelled();
                return 1;
            },
            [&](int value) { delivered.append(value); });
        bool thirdRan = false;
        jobs.start(
            [&](JobControl&) {
                thirdRan = true;
                return 3;
            },
            [&](int value) { delivered.append(value); });
        jobs.start([](JobControl&) { return 2; }, [&](int value) { delivered.append(value); });
        QVERIFY(jobs.isBusy());
        // The newest waits for the running job; the one asked for in between never runs.
        QTest::qWait(50);
        QVERIFY(delivered.isEmpty());
        release.release();
        QTRY_COMPARE(delivered, QList<int>{2});
        QTRY_VERIFY(!jobs.isBusy());
        QVERIFY(!thirdRan);
        QCOMPARE(delivered, QList<int>{2}); // the superseded answer never arrives
        QVERIFY(firstSawCancel);
        QCOMPARE(busy.count(), 2); // busy once, idle once
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QCOMPARE(busy.at(1).at(0).toBool(), false);
    }

    void allInOrderDeliversInStartOrder()
    {
        BackgroundJobs jobs(BackgroundJobs::Policy::AllInOrder);
        QSemaphore release;
        QList<int> delivered;
        jobs.start(
            [&](JobControl&) {
                release.acquire(); // finishes after the second
                return 1;
            },
            [&](int value) { delivered.append(value); });
        jobs.start([](JobControl&) { return 2; }, [&](int value) { delivered.append(value); });
        QTest::qWait(50);
        QVERIFY(delivered.isEmpty()); // the second waits for the first
        release.release();
        QTRY_COMPARE(delivered, (QList<int>{1, 2}));
        QVERIFY(!jobs.isBusy());
    }

    void cancelledJobsStillDeliverInOrder()
    {
        BackgroundJobs jobs(BackgroundJobs::Policy::AllInOrder);
        QSemaphore started;
        QList<bool> cancelled;
        jobs.start(
            [&](JobControl& control) {
                started.release();
                while (!control.isCancelled())
                    std::this_thread::yield();
                return true;
            },
            [&](bool value) { cancelled.append(value); });
        started.acquire();
        jobs.cancelAll();
        QTRY_COMPARE(cancelled, QList<bool>{true});
    }

    void cancelAndWaitLeavesNothingInFlight()
    {
        BackgroundJobs jobs(BackgroundJobs::Policy::LatestWins);
        QSemaphore started;
        int delivered = 0;
        jobs.start(
            [&](JobControl& control) {
                started.release();
                while (!control.isCancelled())
                    std::this_thread::yield();
                return 0;
            },
            [&](int) { ++delivered; });
        started.acquire();
        jobs.cancelAndWait();
        QVERIFY(!jobs.isBusy());
        QTest::qWait(20);
        QCOMPARE(delivered, 0);
    }

    void reportsProgress()
    {
        BackgroundJobs jobs(BackgroundJobs::Policy::AllInOrder);
        QSemaphore halfway;
        QSemaphore release;
        QSignalSpy progress(&jobs, &BackgroundJobs::progressChanged);
        jobs.start(
            [&](JobControl& control) {
                control.setProgress(0.5);
                halfway.release();
                release.acquire();
                return 0;
            },
            [](int) {});
        halfway.acquire();
        QCOMPARE(jobs.progress(), 0.5);
        QTRY_VERIFY(!progress.isEmpty() && progress.last().at(0).toDouble() == 0.5); // polled
        release.release();
        QTRY_VERIFY(!jobs.isBusy());
        QCOMPARE(progress.last().at(0).toDouble(), 1.0);
    }

    void anExceptionDropsTheAnswer()
    {
        BackgroundJobs jobs(BackgroundJobs::Policy::AllInOrder);
        QList<int> delivered;
        QTest::ignoreMessage(QtWarningMsg, "A background job failed with an exception; its result is dropped.");
        jobs.start([](JobControl&) -> int { throw std::runtime_error("broken"); }, [&](int value) { delivered.append(value); });
        jobs.start([](JobControl&) { return 2; }, [&](int value) { delivered.append(value); });
        QTRY_VERIFY(!jobs.isBusy());
        QCOMPARE(delivered, QList<int>{2});
    }

    void theOwnerWaitsForItsWorkers()
    {
        std::atomic<bool> finished{false};
        {
            BackgroundJobs jobs(BackgroundJobs::Policy::LatestWins);
            QSemaphore started;
            jobs.start(
                [&](JobControl& control) {
                    started.release();
                    while (!control.isCancelled())
                        std::this_thread::yield();
                    finished = true;
                    return 0;
                },
                [](int) {});
            started.acquire();
        } // the destructor cancels and waits
        QVERIFY(finished.load());
    }
};

QTEST_GUILESS_MAIN(TestBackgroundJobs)
#include "tst_backgroundjobs.moc"
