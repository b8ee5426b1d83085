// TopFunctionsModel: self and total per function (recursion counted once), the baseline's
// columns and deltas for a differential tree, sorting; checked by QAbstractItemModelTester.
#include "ProfileBuilder.h"
#include "StackTreeDiff.h"
#include "TopFunctionsModel.h"

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

double cell(const TopFunctionsModel& model, const QString& function, int column)
{
    return model.data(model.index(model.rowOf(function), column), TopFunctionsModel::ValueRole).toDouble();
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
        // f recurses: its total is 4 (every sample under it), not 4 + 3.
        model.setTree(treeOf({{"main;f;f;g", 3}, {"main;f", 1}, {"main;h", 2}}));
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(TopFunctionsModel::TotalShare) + 1);
        QCOMPARE(cell(model, "f", TopFunctionsModel::Total), 4.0);
        QCOMPARE(cell(model, "f", TopFunctionsModel::Self), 1.0);
        QCOMPARE(cell(model, "g", TopFunctionsModel::Self), 3.0);
        QCOMPARE(cell(model, "main", TopFunctionsModel::Total), 6.0);
        QCOMPARE(cell(model, "h", TopFunctionsModel::TotalShare), 2.0 / 6.0);
        // Sorted by self, largest first, by default.
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("g"));
        model.sort(TopFunctionsModel::Function, Qt::AscendingOrder);
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("f"));
        QCOMPARE(model.data(model.index(3, TopFunctionsModel::Function)).toString(), QStringLiteral("main"));
        model.sort(TopFunctionsModel::Total, Qt::DescendingOrder);
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("main"));
    }

    void differentialColumns()
    {
        TopFunctionsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto baseline = treeOf({{"main;a", 3}, {"main;b", 1}});
        const auto selected = treeOf({{"main;a", 1}, {"main;c", 1}});
        model.setTree(StackTreeDiff::compute(*baseline, *selected));
        QCOMPARE(model.columnCount(), int(TopFunctionsModel::TotalDelta) + 1);
        QCOMPARE(model.rowCount(), 4); // main, a, b (only in the baseline), c
        QCOMPARE(cell(model, "a", TopFunctionsModel::BaselineSelf), 3.0);
        QCOMPARE(cell(model, "a", TopFunctionsModel::SelfDelta), 0.5 - 0.75);
        QCOMPARE(cell(model, "b", TopFunctionsModel::Total), 0.0);
        QCOMPARE(cell(model, "b", TopFunctionsModel::TotalDelta), -0.25);
        QCOMPARE(cell(model, "c", TopFunctionsModel::TotalDelta), 0.5);
        model.sort(TopFunctionsModel::TotalDelta, Qt::AscendingOrder);
        QCOMPARE(model.data(model.index(0, TopFunctionsModel::Function)).toString(), QStringLiteral("a"));
        model.setTree(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestTopFunctions)
#include "tst_topfunctions.moc"
