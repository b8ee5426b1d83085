// TopFunctionsModel: self and total per function (recursion counted once), the baseline's
// columns and deltas for a differential tree, sorting; for variants of repeated runs each side's
// spread across its runs and the verdict, per function (not per frame); checked by
// QAbstractItemModelTester.
#include "ProfileBuilder.h"
#include "StackTreeDiff.h"
#include "TopFunctionsModel.h"
#include "VariantDiff.h"

#include <QAbstractItemModelTester>
#include <QTest>

using runlens::format::FrameKind;
using runlens::format::kNoStack;

namespace {

StackTreePtr treeOf(const std::vector<std::pair<const char*, int>>& stacks)
{
    runlens::format::ProfileBuilder builder;
    for (const auto& [text, count] : stacks) {
        std::uint32_t stack = kNoStack;
        for (const QString& frame : QString::fromLatin1(text).split(QLatin1Char(';'), Qt::SkipEmptyParts))
            stack = builder.stack(stack, builder.frame(frame.toStdString(), "app", FrameKind::User));
        for (int i = 0; i < count; ++i)
            builder.sample(0, 0, 1, 1, stack);
    }
    return StackTree::build(builder.take(false));
}

QModelIndex indexOf(const TopFunctionsModel& model, const QString& function, TopFunctionsModel::Column column)
{
    return model.index(model.rowOf(function), model.sectionOf(column));
}

double cell(const TopFunctionsModel& model, const QString& function, TopFunctionsModel::Column column, int role = TopFunctionsModel::ValueRole)
{
    return model.data(indexOf(model, function, column), role).toDouble();
}

// A run of 100 samples: f called from a and from b, h, and g for the rest.
StackTreePtr repeatOf(int fFromA, int fFromB, int h)
{
    return treeOf({{"main;a;f", fFromA}, {"main;b;f", fFromB}, {"main;h", h}, {"main;g", 100 - fFromA - fFromB - h}});
}

} // namespace

class TestTopFunctions : public QObject
{
    Q_OBJECT

private slots:
    void selfAndTotalWithRecursion()
    {
        TopFunctionsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // A view sorts before it has a tree (QTableView::setSortingEnabled): the order is kept.
        model.sort(model.sectionOf(TopFunctionsModel::Self), Qt::DescendingOrder);
        QCOMPARE(model.sortColumn(), TopFunctionsModel::Self);
        // f recurses: its total is 4 (every sample under it), not 4 + 3.
        model.setTree(treeOf({{"main;f;f;g", 3}, {"main;f", 1}, {"main;h", 2}}));
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(TopFunctionsModel::TotalShare) + 1);
        // The module comes last: the name and the shares are what a narrow view keeps in sight.
        QCOMPARE(model.sectionOf(TopFunctionsModel::Module), model.columnCount() - 1);
        QCOMPARE(model.leadingSections(), 3); // the name, self % and total %
        QCOMPARE(cell(model, "f", TopFunctionsModel::Total), 4.0);
        QCOMPARE(cell(model, "f", TopFunctionsModel::Self), 1.0);
        QCOMPARE(cell(model, "g", TopFunctionsModel::Self), 3.0);
        QCOMPARE(cell(model, "main", TopFunctionsModel::Total), 6.0);
        QCOMPARE(cell(model, "h", TopFunctionsModel::TotalShare), 2.0 / 6.0);
        // Sorted by self, largest first, by default.
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("g"));
        model.sort(model.sectionOf(TopFunctionsModel::Function), Qt::AscendingOrder);
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("f"));
        QCOMPARE(model.data(model.index(3, TopFunctionsModel::Function)).toString(), QStringLiteral("main"));
        model.sort(model.sectionOf(TopFunctionsModel::Total), Qt::DescendingOrder);
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("main"));
    }

    void differentialColumns()
    {
        TopFunctionsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto baseline = treeOf({{"main;a", 3}, {"main;b", 1}});
        const auto selected = treeOf({{"main;a", 1}, {"main;c", 1}});
        model.setTree(StackTreeDiff::compute(*baseline, *selected));
        // The comparison first: function, each side's share, the change; no verdict for single runs.
        QCOMPARE(model.columnCount(), 10);
        QCOMPARE(model.sectionOf(TopFunctionsModel::SelectedValue), 1);
        QCOMPARE(model.sectionOf(TopFunctionsModel::BaselineValue), 2);
        QCOMPARE(model.sectionOf(TopFunctionsModel::TotalDelta), 3);
        QCOMPARE(model.sectionOf(TopFunctionsModel::Verdict), -1);
        QCOMPARE(model.leadingSections(), 4);
        QCOMPARE(model.rowCount(), 4); // main, a, b (only in the baseline), c
        QCOMPARE(cell(model, "a", TopFunctionsModel::BaselineValue), 0.75);
        QCOMPARE(cell(model, "a", TopFunctionsModel::SelectedValue), 0.5);
        QCOMPARE(cell(model, "a", TopFunctionsModel::BaselineSelf), 3.0);
        QCOMPARE(cell(model, "a", TopFunctionsModel::SelfDelta), 0.5 - 0.75);
        QCOMPARE(cell(model, "b", TopFunctionsModel::Total), 0.0);
        QCOMPARE(cell(model, "b", TopFunctionsModel::TotalDelta), -0.25);
        QCOMPARE(cell(model, "c", TopFunctionsModel::TotalDelta), 0.5);
        model.sort(model.sectionOf(TopFunctionsModel::TotalDelta), Qt::AscendingOrder);
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("a"));
        model.setTree(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void variantsShowSpreadAndVerdictPerFunction()
    {
        TopFunctionsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // f's share (from a and from b together) is 20, 22, 24 % in the baseline's runs and 40, 41,
        // 42 % in the tuned ones; h wobbles around 5 % in both. Per frame, main;a;f spreads by only
        // 1 point in the baseline: the table must show the function's spread, 2 points.
        const std::vector<StackTreePtr> baseline{repeatOf(10, 10, 5), repeatOf(12, 10, 7), repeatOf(11, 13, 3)};
        const std::vector<StackTreePtr> tuned{repeatOf(20, 20, 4), repeatOf(21, 20, 6), repeatOf(22, 20, 5)};
        model.setTree(VariantDiff::compute(baseline, tuned));
        QCOMPARE(model.sectionOf(TopFunctionsModel::Verdict), 4);
        QCOMPARE(model.leadingSections(), 5);
        QCOMPARE(model.headerData(model.sectionOf(TopFunctionsModel::BaselineValue), Qt::Horizontal).toString(),
                 QStringLiteral("Baseline %"));
        QCOMPARE(cell(model, "f", TopFunctionsModel::SelectedValue), 123.0 / 300.0);
        QCOMPARE(cell(model, "f", TopFunctionsModel::BaselineValue), 66.0 / 300.0);
        QVERIFY(qAbs(cell(model, "f", TopFunctionsModel::BaselineValue, TopFunctionsModel::SpreadRole) - 0.02) < 1e-9);
        QVERIFY(qAbs(cell(model, "f", TopFunctionsModel::SelectedValue, TopFunctionsModel::SpreadRole) - 0.01) < 1e-9);
        QVERIFY(qAbs(cell(model, "h", TopFunctionsModel::BaselineValue, TopFunctionsModel::SpreadRole) - 0.02) < 1e-9);
        QCOMPARE(indexOf(model, "f", TopFunctionsModel::SelectedValue).data().toString(), QStringLiteral("41.0% ± 1.0"));
        QCOMPARE(indexOf(model, "f", TopFunctionsModel::BaselineValue).data().toString(), QStringLiteral("22.0% ± 2.0"));
        QCOMPARE(indexOf(model, "f", TopFunctionsModel::Verdict).data().toString(), QStringLiteral("real"));
        QCOMPARE(indexOf(model, "g", TopFunctionsModel::Verdict).data().toString(), QStringLiteral("real"));
        QCOMPARE(indexOf(model, "h", TopFunctionsModel::Verdict).data().toString(), QStringLiteral("within noise"));
        QCOMPARE(cell(model, "h", TopFunctionsModel::Verdict), double(int(FrameVerdict::WithinNoise)));
        // Sorting by the verdict puts the real changes first.
        model.sort(model.sectionOf(TopFunctionsModel::Verdict), Qt::DescendingOrder);
        QCOMPARE(model.index(0, model.sectionOf(TopFunctionsModel::Verdict)).data().toString(), QStringLiteral("real"));

        // Two runs a side: the verdict column says untested and no spread is claimed.
        model.setTree(VariantDiff::compute({baseline[0], baseline[1]}, {tuned[0], tuned[1]}));
        QCOMPARE(model.sectionOf(TopFunctionsModel::Verdict), 4);
        QCOMPARE(indexOf(model, "f", TopFunctionsModel::Verdict).data().toString(), QStringLiteral("untested"));
        QVERIFY(!indexOf(model, "f", TopFunctionsModel::BaselineValue).data(TopFunctionsModel::SpreadRole).isValid());
        QCOMPARE(indexOf(model, "f", TopFunctionsModel::SelectedValue).data().toString(), QStringLiteral("40.5%"));
    }
};

QTEST_GUILESS_MAIN(TestTopFunctions)
#include "tst_topfunctions.moc"
