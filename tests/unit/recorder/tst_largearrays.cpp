// Huge pages for the large arrays (LargeArrays.h): which pages are advised, read back from the
// kernel's own account of this process's mappings (/proc/self/smaps, "hg" in VmFlags), and that
// the vectors keep their contents and sizes.
#include "Emulation.h"
#include "LargeArrays.h"

#include <QFile>
#include <QTest>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

using runlens::format::adviseHugePages;
using runlens::format::largeVector;
using runlens::format::reserveLarge;

namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

// The VmFlags of the mapping that holds `address`, from /proc/self/smaps.
std::optional<QStringList> flagsAt(const void* address)
{
    QFile smaps(QStringLiteral("/proc/self/smaps"));
    if (!smaps.open(QIODevice::ReadOnly | QIODevice::Text))
        return std::nullopt;
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    bool inside = false;
    for (const QByteArray& line : smaps.readAll().split('\n')) {
        // A mapping's first line: "start-end perms offset device inode [path]", in hex.
        const qsizetype dash = line.indexOf('-');
        const qsizetype space = line.indexOf(' ');
        if (dash > 0 && space > dash) {
            bool startOk = false;
            bool endOk = false;
            const std::uintptr_t start = line.left(dash).toULongLong(&startOk, 16);
            const std::uintptr_t end = line.mid(dash + 1, space - dash - 1).toULongLong(&endOk, 16);
            if (startOk && endOk) {
                inside = start <= at && at < end;
                continue;
            }
        }
        if (inside && line.startsWith("VmFlags:"))
            return QString::fromLatin1(line.mid(8)).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    }
    return std::nullopt;
}

bool advised(const void* address)
{
    const std::optional<QStringList> flags = flagsAt(address);
    return flags && flags->contains(QStringLiteral("hg"));
}

// Whether the kernel keeps the advice where smaps shows it: not under qemu's user-mode emulation
// (the arm64 test run), which answers madvise without passing it on, nor on a kernel without
// transparent huge pages, which refuses it.
bool adviceIsVisible()
{
    return !qEnvironmentVariableIsSet("RUNLENS_EMULATOR") && QFile::exists(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
}

// A fresh anonymous mapping, unmapped when it goes.
class Mapping
{
public:
    explicit Mapping(std::size_t bytes)
        : m_bytes(bytes)
        , m_data(static_cast<char*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)))
    {
    }
    ~Mapping()
    {
        if (m_data != MAP_FAILED)
            munmap(m_data, m_bytes);
    }
    Mapping(const Mapping&) = delete;
    Mapping& operator=(const Mapping&) = delete;
    bool ok() const { return m_data != MAP_FAILED; }
    char* data() const { return m_data; }

private:
    std::size_t m_bytes;
    char* m_data;
};

} // namespace

class TestLargeArrays : public QObject
{
    Q_OBJECT

private:
    static void skipWithoutAdvice()
    {
        RUNLENS_SKIP_UNDER_EMULATION("qemu answers madvise without passing it on");
        if (!adviceIsVisible())
            QSKIP("this kernel has no transparent huge pages: the advice is refused and changes nothing");
    }

private slots:
    // The whole pages inside the range are advised; the partial page before them and the range's
    // neighbours are not.
    void advisesTheWholePagesOfALargeRange()
    {
        skipWithoutAdvice();
        const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
        Mapping mapping(16 * kMiB);
        QVERIFY(mapping.ok());
        QVERIFY(flagsAt(mapping.data()).has_value());
        QVERIFY(!advised(mapping.data()));
        // From 100 bytes into the second page to the middle of the map.
        char* from = mapping.data() + page + 100;
        adviseHugePages(from, 8 * kMiB);
        QVERIFY2(!advised(mapping.data()), "the page before the range");
        QVERIFY2(!advised(mapping.data() + page), "the partial first page of the range");
        QVERIFY(advised(mapping.data() + 2 * page));
        QVERIFY(advised(from + 4 * kMiB));
        QVERIFY(advised(from + 8 * kMiB - page - 100 - 1)); // the last whole page
        QVERIFY2(!advised(from + 8 * kMiB), "past the range");
        QVERIFY(!advised(mapping.data() + 16 * kMiB - 1));
    }

    void leavesSmallRangesAlone()
    {
        skipWithoutAdvice();
        Mapping mapping(4 * kMiB);
        QVERIFY(mapping.ok());
        adviseHugePages(mapping.data(), 4 * kMiB - 1);
        QVERIFY(!advised(mapping.data()));
        adviseHugePages(nullptr, 64 * kMiB); // nothing to advise: no crash, no error
        adviseHugePages(mapping.data(), 4 * kMiB);
        QVERIFY(advised(mapping.data()));
    }

    void reservesWithoutSizing()
    {
        std::vector<std::uint64_t> values = {1, 2, 3};
        const std::size_t count = 8 * kMiB / sizeof(std::uint64_t);
        reserveLarge(values, count);
        QCOMPARE(values.size(), std::size_t(3));
        QVERIFY(values.capacity() >= count);
        QCOMPARE(values, (std::vector<std::uint64_t>{1, 2, 3}));
        if (adviceIsVisible()) {
            QVERIFY(advised(values.data() + count / 2));
            QVERIFY(advised(values.data() + count - 1 - sysconf(_SC_PAGESIZE) / 8));
        }
        // Filled up to its reservation, the vector is not moved.
        const std::uint64_t* before = values.data();
        values.resize(count, 7);
        QCOMPARE(values.data(), before);
        QCOMPARE(values[3], std::uint64_t(7));
        QCOMPARE(values.back(), std::uint64_t(7));
        // A reservation it already has changes nothing.
        reserveLarge(values, count / 2);
        QCOMPARE(values.data(), before);
        QCOMPARE(values.size(), count);
    }

    void makesFilledVectors()
    {
        const std::vector<std::uint32_t> large = largeVector<std::uint32_t>(3 * kMiB, 9);
        QCOMPARE(large.size(), 3 * kMiB);
        QCOMPARE(large.front(), 9u);
        QCOMPARE(large.back(), 9u);
        if (adviceIsVisible())
            QVERIFY(advised(large.data() + kMiB));
        const std::vector<std::uint32_t> small = largeVector<std::uint32_t>(5, 4);
        QCOMPARE(small, (std::vector<std::uint32_t>{4, 4, 4, 4, 4}));
        QVERIFY(largeVector<std::uint32_t>(0).empty());
    }
};

QTEST_GUILESS_MAIN(TestLargeArrays)
#include "tst_largearrays.moc"
