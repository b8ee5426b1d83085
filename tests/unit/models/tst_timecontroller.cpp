#include "TimeController.h"

#include <QSignalSpy>
#include <QTest>

class TestTimeController : public QObject
{
    Q_OBJECT

private slots:
    void zoomIsClampedToTheExtent()
    {
        TimeController time;
        time.setExtent({0, 100});
        QCOMPARE(time.viewRange(), TimeController::Range(0, 100));
        time.setViewRange({-50, 20});
        QCOMPARE(time.viewRange(), TimeController::Range(0, 70)); // width kept, moved inside
        time.setViewRange({30, 10});
        QCOMPARE(time.viewRange(), TimeController::Range(10, 30)); // reversed drag
        time.setViewRange({0, 1000});
        QCOMPARE(time.viewRange(), TimeController::Range(0, 100));
        QVERIFY(!time.isZoomed());
    }

    void wheelZoomKeepsTheAnchor()
    {
        TimeController time;
        time.setExtent({0, 100});
        time.zoomAt(25, 0.5);
        QCOMPARE(time.viewRange(), TimeController::Range(12.5, 62.5));
        time.pan(10);
        QCOMPARE(time.viewRange(), TimeController::Range(22.5, 72.5));
        time.resetZoom();
        QCOMPARE(time.viewRange(), time.extent());
    }

    void selectionAndZoomStayDistinct()
    {
        TimeController time;
        time.setExtent({0, 100});
        QSignalSpy viewChanges(&time, &TimeController::viewRangeChanged);
        QSignalSpy selectionChanges(&time, &TimeController::selectionChanged);
        time.setSelection(std::make_pair(40.0, 20.0));
        QCOMPARE(time.selection(), std::make_optional(TimeController::Range(20, 40)));
        QCOMPARE(viewChanges.count(), 0);
        time.setViewRange({10, 30});
        QCOMPARE(selectionChanges.count(), 1);
        QCOMPARE(time.selection(), std::make_optional(TimeController::Range(20, 40)));
        time.resetZoom();
        QVERIFY(time.selection().has_value());
        time.setSelection(std::nullopt);
        QCOMPARE(selectionChanges.count(), 2);
    }

    void aFullViewFollowsTheExtentAZoomedOneStays()
    {
        TimeController time;
        time.setExtent({0, 100});
        time.setExtent({0, 200});
        QCOMPARE(time.viewRange(), TimeController::Range(0, 200));
        time.setViewRange({50, 60});
        time.setExtent({0, 300});
        QCOMPARE(time.viewRange(), TimeController::Range(50, 60));
    }

    void signalsOnlyOnChange()
    {
        TimeController time;
        time.setExtent({0, 10});
        QSignalSpy cursor(&time, &TimeController::cursorChanged);
        time.setCursor(3.0);
        time.setCursor(3.0);
        time.setCursor(std::nullopt);
        QCOMPARE(cursor.count(), 2);
    }
};

QTEST_GUILESS_MAIN(TestTimeController)
#include "tst_timecontroller.moc"
