// The parser of the kernel's per-CPU counter tables (/proc/interrupts, /proc/softirqs): CPU
// columns from the header, rows with fewer values than columns, descriptions, skipped lines.
#include "PerCpuTable.h"

#include <QTest>

#include <string>
#include <vector>

using runlens::collect::PerCpuTable;

namespace {

struct ParsedRow {
    std::string label;
    std::vector<std::uint64_t> values;
    std::string description;
};

std::vector<ParsedRow> allRows(PerCpuTable& table)
{
    std::vector<ParsedRow> rows;
    PerCpuTable::Row row;
    while (table.next(row))
        rows.push_back({std::string(row.label), std::vector<std::uint64_t>(row.values.begin(), row.values.end()),
                        std::string(row.description)});
    return rows;
}

// An x86 /proc/interrupts with cpu2 offline, as kernel/irq/proc.c prints it.
constexpr std::string_view kInterrupts =
    "           CPU0       CPU1       CPU3       \n"
    "  0:         44          0          0   IO-APIC   2-edge      timer\n"
    "  8:          0          1          2   IO-APIC   8-edge      rtc0\n"
    "NMI:          5          6          7   Non-maskable interrupts\n"
    "ERR:          3\n"
    "this line has no colon\n"
    "   :          9          9          9   no label\n"
    "XYZ:   not a number\n";

} // namespace

class TestPerCpuTable : public QObject
{
    Q_OBJECT

private slots:
    void headerNamesTheColumnCpus()
    {
        PerCpuTable table;
        QVERIFY(table.start(kInterrupts));
        QCOMPARE(table.columnCpus(), (std::vector<int>{0, 1, 3}));
    }

    void rowsWithValuesAndDescriptions()
    {
        PerCpuTable table;
        table.start(kInterrupts);
        const std::vector<ParsedRow> rows = allRows(table);
        QCOMPARE(rows.size(), std::size_t(4));
        QCOMPARE(rows[0].label, std::string("0"));
        QCOMPARE(rows[0].values, (std::vector<std::uint64_t>{44, 0, 0}));
        QCOMPARE(rows[0].description, std::string("IO-APIC   2-edge      timer"));
        QCOMPARE(rows[1].label, std::string("8"));
        QCOMPARE(rows[1].values, (std::vector<std::uint64_t>{0, 1, 2}));
        QCOMPARE(rows[2].label, std::string("NMI"));
        QCOMPARE(rows[2].values, (std::vector<std::uint64_t>{5, 6, 7}));
        QCOMPARE(rows[2].description, std::string("Non-maskable interrupts"));
        // A system-wide count: one value however many columns.
        QCOMPARE(rows[3].label, std::string("ERR"));
        QCOMPARE(rows[3].values, (std::vector<std::uint64_t>{3}));
        QCOMPARE(rows[3].description, std::string());
    }

    // /proc/softirqs: no descriptions, no trailing newline; extra values beyond the columns are
    // not read as values.
    void softirqsWithoutDescriptions()
    {
        PerCpuTable table;
        QVERIFY(table.start("                    CPU0       CPU1\n"
                            "          HI:          1          2\n"
                            "      NET_RX:         10         20         30"));
        const std::vector<ParsedRow> rows = allRows(table);
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(rows[0].label, std::string("HI"));
        QCOMPARE(rows[0].values, (std::vector<std::uint64_t>{1, 2}));
        QCOMPARE(rows[1].label, std::string("NET_RX"));
        QCOMPARE(rows[1].values, (std::vector<std::uint64_t>{10, 20}));
        QCOMPARE(rows[1].description, std::string("30"));
    }

    void headerChangeIsReported()
    {
        PerCpuTable table;
        QVERIFY(table.start("   CPU0 CPU1\nA: 1 2\n"));
        QVERIFY(!table.start("   CPU0 CPU1\nA: 3 4\n"));
        QVERIFY(table.start("   CPU0\nA: 5\n"));
        QCOMPARE(table.columnCpus(), (std::vector<int>{0}));
        const std::vector<ParsedRow> rows = allRows(table);
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(rows[0].values, (std::vector<std::uint64_t>{5}));
    }

    void emptyTextHasNoColumnsAndNoRows()
    {
        PerCpuTable table;
        table.start("");
        QVERIFY(table.columnCpus().empty());
        PerCpuTable::Row row;
        QVERIFY(!table.next(row));
    }

    void headerWordsOtherThanCpusAreIgnored()
    {
        std::vector<int> cpus;
        PerCpuTable::parseHeader("  CPU0 CPU12 node0 CPU CPUx CPU99999 CPU7", cpus);
        QCOMPARE(cpus, (std::vector<int>{0, 12, 7}));
    }
};

QTEST_GUILESS_MAIN(TestPerCpuTable)
#include "tst_percputable.moc"
