// The stack sampler's record handling and symbolization, fed synthetic perf records (no
// perf_event_open needed): exec/mmap/fork/exit bookkeeping, ELF symbols of a real file, kernel
// symbols from a kallsyms file (and hidden ones), JIT maps, interning, and no allocations per
// sample once warm.
#include "AllocationCounter.h"
#include "DrainThread.h"
#include "ElfSymbolizer.h"
#include "KernelSymbols.h"
#include "PerfMapFile.h"
#include "PerfScriptParser.h"
#include "ProfileJournal.h"
#include "ProcessImage.h"
#include "ProfileEncoding.h"
#include "RingSize.h"
#include "StackSampler.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>

#include <random>
#include <set>

#include <linux/perf_event.h>
#include <unistd.h>

#include <bit>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using namespace runlens;
using namespace runlens::profile;

extern "C" __attribute__((noinline)) int runlens_test_known_function(int x)
{
    volatile int y = x;
    return y * 3 + 1;
}

namespace {

constexpr std::uint32_t kPid = 4242;
constexpr std::uint64_t kFakeBase = 0x10000000;
constexpr std::uint64_t kJitBase = 0x20000000;
constexpr std::uint64_t kKernelSyscall = 0xffffffff81000150; // inside do_syscall_64 of the fixture
constexpr std::uint64_t kKernelModule = 0xffffffffc0001010;  // inside helper [mymod]

class RecordBuilder
{
public:
    template<typename T>
    RecordBuilder& put(T value)
    {
        const auto* bytes = reinterpret_cast<const unsigned char*>(&value);
        m_payload.insert(m_payload.end(), bytes, bytes + sizeof(T));
        return *this;
    }
    RecordBuilder& text(const std::string& value)
    {
        m_payload.insert(m_payload.end(), value.begin(), value.end());
        m_payload.push_back(0);
        while (m_payload.size() % 8)
            m_payload.push_back(0);
        return *this;
    }
    std::vector<unsigned char> build(std::uint32_t type, std::uint16_t misc = 0) const
    {
        perf_event_header header{type, misc, std::uint16_t(sizeof(perf_event_header) + m_payload.size())};
        // Sized once and filled with memcpy: GCC 12 at -O3 warns falsely about vector::insert here.
        std::vector<unsigned char> record(sizeof header + m_payload.size());
        std::memcpy(record.data(), &header, sizeof header);
        if (!m_payload.empty())
            std::memcpy(record.data() + sizeof header, m_payload.data(), m_payload.size());
        return record;
    }

private:
    std::vector<unsigned char> m_payload;
};

std::vector<unsigned char> mmap2(std::uint32_t pid, std::uint64_t address, std::uint64_t length, std::uint64_t offset,
                                 const std::string& path)
{
    return RecordBuilder()
        .put(pid).put(pid).put(address).put(length).put(offset)
        .put<std::uint32_t>(0).put<std::uint32_t>(0).put<std::uint64_t>(0).put<std::uint64_t>(0)
        .put<std::uint32_t>(5).put<std::uint32_t>(2)
        .text(path)
        .build(PERF_RECORD_MMAP2);
}

std::vector<unsigned char> comm(std::uint32_t pid, std::uint32_t tid, const std::string& name, bool exec)
{
    return RecordBuilder().put(pid).put(tid).text(name).build(PERF_RECORD_COMM, exec ? PERF_RECORD_MISC_COMM_EXEC : 0);
}

std::vector<unsigned char> task(std::uint32_t type, std::uint32_t pid, std::uint32_t ppid, std::uint32_t tid)
{
    return RecordBuilder().put(pid).put(ppid).put(tid).put(ppid).put<std::uint64_t>(0).build(type);
}

std::vector<unsigned char> sample(std::uint32_t pid, std::uint32_t tid, std::uint64_t time, std::uint32_t cpu,
                                  const std::vector<std::uint64_t>& chain, std::uint64_t period = 20'408'163)
{
    RecordBuilder builder;
    builder.put(pid).put(tid).put(time).put(cpu).put<std::uint32_t>(0).put(period).put<std::uint64_t>(chain.size());
    for (const std::uint64_t address : chain)
        builder.put(address);
    return builder.build(PERF_RECORD_SAMPLE);
}

// Where this test binary's code is mapped: the mapping holding runlens_test_known_function.
struct OwnMapping {
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    std::uint64_t offset = 0;
    std::string path;
};

OwnMapping ownMapping()
{
    const auto address = reinterpret_cast<std::uint64_t>(&runlens_test_known_function);
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        OwnMapping mapping;
        char perms[8] = {};
        char path[4096] = {};
        unsigned long long start = 0, end = 0, offset = 0;
        if (std::sscanf(line.c_str(), "%llx-%llx %7s %llx %*s %*s %4095s", &start, &end, perms, &offset, path) == 5
            && address >= start && address < end) {
            return {start, end, offset, path};
        }
    }
    return {};
}

std::vector<std::string> framesOf(const format::ProfileBuilder& builder, std::uint32_t stack)
{
    const format::ProfileTables& tables = builder.tables();
    std::vector<std::string> names; // outermost first
    while (stack != format::kNoStack) {
        const format::FrameTable::Frame frame = builder.frameAt(tables.stacks[stack].frame);
        names.insert(names.begin(), std::string(frame.symbol) + " (" + std::string(frame.module) + ")");
        stack = tables.stacks[stack].parent;
    }
    return names;
}

} // namespace

class TestProfileSampler : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_kallsyms;
    OwnMapping m_own;

    QString writeFile(const char* name, const QByteArray& content)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(content);
        return path;
    }

    std::unique_ptr<StackSampler> makeSampler(bool hardwareEvent = false)
    {
        ProfileOptions options;
        options.simulatedHardwareEvent = hardwareEvent;
        options.kallsymsPath = m_kallsyms.toStdString();
        options.perfMapDirectory = m_dir.path().toStdString();
        collect::HostPaths paths;
        paths.procRoot = m_dir.filePath(QStringLiteral("no-proc")).toStdString(); // processes known only from records
        auto sampler = std::make_unique<StackSampler>(options, paths);
        sampler->loadKernelSymbols();
        return sampler;
    }

    std::uint64_t fakeAddressOfKnownFunction() const
    {
        return kFakeBase + (reinterpret_cast<std::uint64_t>(&runlens_test_known_function) - m_own.start);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_kallsyms = writeFile("kallsyms", "ffffffff81000000 T _stext\n"
                                           "ffffffff81000100 T do_syscall_64\n"
                                           "ffffffff81000180 D some_data\n"
                                           "ffffffff81000200 t read_zero\n"
                                           "ffffffffc0001000 t helper\t[mymod]\n");
        m_own = ownMapping();
        QVERIFY(!m_own.path.empty());
        QVERIFY(QFile::exists(QString::fromStdString(m_own.path)));
        writeFile("perf-4242.map", "20000100 80 LambdaForm$DMH.invokeStatic\n20000200 40 Interpreter\n");
    }

    void kernelSymbolsFromKallsyms()
    {
        KernelSymbols symbols;
        symbols.load(m_kallsyms.toStdString(), "/nonexistent");
        QVERIFY(symbols.available());
        QCOMPARE(symbols.size(), std::size_t(4)); // the data symbol is not a function
        KernelSymbols::Match match;
        QVERIFY(symbols.find(kKernelSyscall, match));
        QCOMPARE(match.symbol, std::string_view("do_syscall_64"));
        QCOMPARE(match.module, std::string_view("[kernel.kallsyms]"));
        QVERIFY(symbols.find(0xffffffff810001a0, match)); // past the data symbol: still do_syscall_64
        QCOMPARE(match.symbol, std::string_view("do_syscall_64"));
        QVERIFY(symbols.find(kKernelModule, match));
        QCOMPARE(match.symbol, std::string_view("helper"));
        QCOMPARE(match.module, std::string_view("[mymod]"));
        QVERIFY(!symbols.find(0x1000, match));
        QVERIFY(!symbols.namesOnDisk());

        // The recorder's way: the names in an unlinked file, read back when asked for.
        const QString namesFile = m_dir.filePath(QStringLiteral("kernel-symbols.names"));
        KernelSymbols onDisk;
        onDisk.load(m_kallsyms.toStdString(), "/nonexistent", namesFile.toStdString());
        QVERIFY(onDisk.namesOnDisk());
        QVERIFY(!QFile::exists(namesFile)); // nothing left behind
        QCOMPARE(onDisk.size(), std::size_t(4));
        for (const auto& [address, name, module] : {std::tuple {kKernelSyscall, "do_syscall_64", "[kernel.kallsyms]"},
                                                    std::tuple {kKernelModule, "helper", "[mymod]"},
                                                    std::tuple {std::uint64_t(0xffffffff81000000), "_stext", "[kernel.kallsyms]"},
                                                    std::tuple {std::uint64_t(0xffffffff81000210), "read_zero", "[kernel.kallsyms]"}}) {
            QVERIFY(onDisk.find(address, match));
            QCOMPARE(match.symbol, std::string_view(name));
            QCOMPARE(match.module, std::string_view(module));
        }
        // A directory that cannot hold the file: the names stay in memory.
        KernelSymbols inMemory;
        inMemory.load(m_kallsyms.toStdString(), "/nonexistent", "/nonexistent/dir/kernel-symbols.names");
        QVERIFY(!inMemory.namesOnDisk());
        QVERIFY(inMemory.find(kKernelModule, match));
        QCOMPARE(match.symbol, std::string_view("helper"));
    }

    void hiddenKernelSymbolsSayWhy()
    {
        const QString hidden = writeFile("kallsyms-hidden", "0000000000000000 T _stext\n0000000000000000 T do_syscall_64\n");
        const QString restrict = writeFile("kptr_restrict", "1\n");
        KernelSymbols symbols;
        symbols.load(hidden.toStdString(), restrict.toStdString());
        QVERIFY(!symbols.available());
        const QString why = QString::fromStdString(symbols.whyUnavailable());
        QVERIFY2(why.contains(QStringLiteral("every kernel address as 0 (kernel.kptr_restrict is 1)")), qPrintable(why));
        symbols.load("/nonexistent/kallsyms", "/nonexistent");
        QVERIFY(QString::fromStdString(symbols.whyUnavailable()).contains(QStringLiteral("cannot read /nonexistent/kallsyms")));
    }

    // Where ELF names come from on real hosts: the program's own .symtab, a separate debug file
    // (debuglink, as Debian's -dbgsym and RHEL's -debuginfo install them) and MiniDebugInfo
    // (.gnu_debugdata: Fedora, RHEL, Amazon Linux 2023). Names in files are read when first
    // needed, so a debug file replaced after the program was opened names nothing and says so.
    void elfNamesFromTheSymbolTableADebugFileAndMiniDebugInfo()
    {
        const std::uint64_t offset = reinterpret_cast<std::uint64_t>(&runlens_test_known_function) - m_own.start + m_own.offset;
        const auto tool = [](const QString& program, const QStringList& arguments) {
            QProcess process;
            process.start(program, arguments);
            return process.waitForFinished(60000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
        };
        const QString own = QString::fromStdString(m_own.path);
        const QString debug = m_dir.filePath(QStringLiteral("stripped.debug"));
        const QString stripped = m_dir.filePath(QStringLiteral("stripped"));
        if (!tool(QStringLiteral("objcopy"), {QStringLiteral("--only-keep-debug"), own, debug}))
            QSKIP("objcopy cannot read this test's own binary (a foreign architecture): nothing to strip");
        QVERIFY(tool(QStringLiteral("objcopy"), {QStringLiteral("--strip-all"), QStringLiteral("--add-gnu-debuglink=") + debug, own, stripped}));

        ElfSymbolizer symbolizer;
        const int full = symbolizer.open(m_own.path);
        QVERIFY(full >= 0);
        QCOMPARE(symbolizer.symbolize(full, offset), std::string_view("runlens_test_known_function"));
        const int viaDebugFile = symbolizer.open(stripped.toStdString());
        QVERIFY(viaDebugFile >= 0);
        QCOMPARE(symbolizer.modulesWithDebugInfo(), std::size_t(1));
        QCOMPARE(symbolizer.symbolize(viaDebugFile, offset), std::string_view("runlens_test_known_function"));
        QCOMPARE(symbolizer.symbolize(viaDebugFile, offset), std::string_view("runlens_test_known_function")); // read again
        QVERIFY(symbolizer.failures().empty());

        // MiniDebugInfo: the function symbols in an xz-compressed ELF inside the stripped program.
        const QString mini = m_dir.filePath(QStringLiteral("mini"));
        QVERIFY(tool(QStringLiteral("objcopy"), {QStringLiteral("--strip-debug"), QStringLiteral("--remove-section=.comment"),
                                                 QStringLiteral("--keep-symbol=runlens_test_known_function"),
                                                 QStringLiteral("--strip-unneeded"), debug, mini}));
        if (!tool(QStringLiteral("xz"), {QStringLiteral("-f"), mini}))
            QSKIP("xz is missing: no MiniDebugInfo to make");
        const QString miniProgram = m_dir.filePath(QStringLiteral("minidebuginfo"));
        QVERIFY(tool(QStringLiteral("objcopy"), {QStringLiteral("--strip-all"), QStringLiteral("--add-section"),
                                                 QStringLiteral(".gnu_debugdata=") + mini + QStringLiteral(".xz"), own, miniProgram}));
        const int viaMini = symbolizer.open(miniProgram.toStdString());
        QVERIFY(viaMini >= 0);
        // Its names are copied: the program may go away (a container's image) and they stay.
        QVERIFY(QFile::remove(miniProgram));
        QCOMPARE(symbolizer.symbolize(viaMini, offset), std::string_view("runlens_test_known_function"));

        // A debug file replaced during the run (a package upgrade) is not read for names.
        QVERIFY(QFile::remove(debug));
        QVERIFY(!writeFile("stripped.debug", QByteArray(4096, 'x')).isEmpty());
        const int again = symbolizer.open(stripped.toStdString()); // known: not read again
        QCOMPARE(again, viaDebugFile);
        QCOMPARE(symbolizer.symbolize(viaDebugFile, offset + 1), std::string_view());
        QCOMPARE(symbolizer.failures().size(), std::size_t(1));
        const QString why = QString::fromStdString(symbolizer.failures().front());
        QVERIFY2(why.contains(debug + QStringLiteral(": changed during the run")), qPrintable(why));
        QCOMPARE(symbolizer.symbolize(full, offset), std::string_view("runlens_test_known_function")); // the others still name
    }

    void perfMapFindsJitFunctions()
    {
        PerfMapFile map;
        QVERIFY(!map.refresh(m_dir.filePath(QStringLiteral("perf-1.map")).toStdString()));
        const QString path = writeFile("perf-7.map", "1000 10 first\nnot a line\n2000 20 second with spaces\n");
        QVERIFY(map.refresh(path.toStdString()));
        QCOMPARE(map.size(), std::size_t(2));
        QCOMPARE(map.find(0x1008), std::string_view("first"));
        QCOMPARE(map.find(0x1010), std::string_view());
        QCOMPARE(map.find(0x201f), std::string_view("second with spaces"));
        // The runtime appends as it compiles: a grown file is read again.
        QFile file(path);
        QVERIFY(file.open(QIODevice::Append));
        file.write("3000 8 third\n");
        file.close();
        QVERIFY(map.refresh(path.toStdString()));
        QCOMPARE(map.find(0x3004), std::string_view("third"));
    }

    void procMapsKeepExecutableMappings()
    {
        ProcessImage image;
        std::vector<std::string> files;
        const auto index = [&files](std::string_view path) {
            files.emplace_back(path);
            return std::uint32_t(files.size() - 1);
        };
        parseProcMaps("55d0c8a00000-55d0c8a21000 r--p 00000000 fd:01 1234   /usr/bin/cat\n"
                      "55d0c8a21000-55d0c8a40000 r-xp 00021000 fd:01 1234   /usr/bin/cat\n"
                      "7f0000000000-7f0000001000 r-xp 00000000 00:00 0 \n"
                      "7f0000010000-7f0000020000 r-xp 00002000 fd:01 99   /opt/my app/lib x.so (deleted)\n"
                      "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]\n",
                      image, index);
        QVERIFY(image.mapsRead);
        QCOMPARE(image.mappings().size(), std::size_t(4));
        const Mapping* cat = image.find(0x55d0c8a21010);
        QVERIFY(cat);
        QCOMPARE(cat->fileOffset, std::uint64_t(0x21000));
        QCOMPARE(files[cat->file], std::string("/usr/bin/cat"));
        QVERIFY(!image.find(0x55d0c8a00010)); // not executable
        QCOMPARE(files[image.find(0x7f0000000010)->file], std::string());
        QCOMPARE(files[image.find(0x7f0000010010)->file], std::string("/opt/my app/lib x.so (deleted)"));
        // A new mapping over the same addresses replaces the old one.
        image.map({0x7f0000000000, 0x7f0000002000, 0, 0});
        QCOMPARE(image.find(0x7f0000001800)->end, std::uint64_t(0x7f0000002000));
        QCOMPARE(image.mappings().size(), std::size_t(4));
    }

    void recordsBecomeNamedStacks()
    {
        auto sampler = makeSampler();
        const std::uint64_t known = fakeAddressOfKnownFunction();
        sampler->handleRecord(comm(kPid, kPid, "fake-proc", true).data());
        sampler->handleRecord(mmap2(kPid, kFakeBase, m_own.end - m_own.start, m_own.offset, m_own.path).data());
        sampler->handleRecord(mmap2(kPid, kJitBase, 0x1000, 0, "//anon").data());
        sampler->handleRecord(sample(kPid, kPid, 1'000'000'000, 1,
                                     {PERF_CONTEXT_KERNEL, kKernelSyscall, kKernelModule + 1, PERF_CONTEXT_USER, known + 2,
                                      known + 1, kJitBase + 0x111, 0x5})
                                  .data());
        const format::ProfileTables& tables = sampler->builder().tables();
        QCOMPARE(tables.samples.size(), std::size_t(1));
        QCOMPARE(tables.samples.pid[0], kPid);
        QCOMPARE(tables.samples.cpu[0], 1u);
        QCOMPARE(tables.samples.timeNs[0], std::int64_t(1'000'000'000)); // not started: zero is 0
        const std::string module = m_own.path.substr(m_own.path.rfind('/') + 1);
        const std::vector<std::string> expected{
            "[unknown] ()", "LambdaForm$DMH.invokeStatic (perf-4242.map)",
            "runlens_test_known_function (" + module + ")", "runlens_test_known_function (" + module + ")",
            "helper ([mymod])", "do_syscall_64 ([kernel.kallsyms])"};
        QCOMPARE(framesOf(sampler->builder(), tables.samples.stack[0]), expected);
        QCOMPARE(tables.tasks.size(), std::size_t(1));
        QCOMPARE(tables.tasks[0].command, std::string("fake-proc"));

        // Frames are per function and shared; a second sample in the same code adds no frame or stack.
        const std::size_t frames = sampler->builder().frameCount();
        const std::size_t stacks = tables.stacks.size();
        sampler->handleRecord(sample(kPid, kPid, 2'000'000'000, 0,
                                     {PERF_CONTEXT_KERNEL, kKernelSyscall + 3, kKernelModule + 5, PERF_CONTEXT_USER, known + 3,
                                      known + 1, kJitBase + 0x111, 0x5})
                                  .data());
        QCOMPARE(sampler->builder().frameCount(), frames);
        QCOMPARE(tables.stacks.size(), stacks);
        QCOMPARE(tables.samples.stack[1], tables.samples.stack[0]);
        QVERIFY(sampler->info()["jit_frames"].get<int>() >= 1);
    }

    void forkExecAndExit()
    {
        auto sampler = makeSampler();
        const std::uint64_t known = fakeAddressOfKnownFunction();
        sampler->handleRecord(comm(kPid, kPid, "parent", true).data());
        sampler->handleRecord(mmap2(kPid, kFakeBase, m_own.end - m_own.start, m_own.offset, m_own.path).data());
        // The child is a copy of its parent until it calls exec.
        sampler->handleRecord(task(PERF_RECORD_FORK, 5000, kPid, 5000).data());
        sampler->handleRecord(sample(5000, 5000, 1, 0, {PERF_CONTEXT_USER, known}).data());
        // A new thread of the child.
        sampler->handleRecord(task(PERF_RECORD_FORK, 5000, 5000, 5001).data());
        sampler->handleRecord(comm(5000, 5001, "worker", false).data());
        // The child execs another program: the old mappings are gone.
        sampler->handleRecord(comm(5000, 5000, "other", true).data());
        sampler->handleRecord(sample(5000, 5000, 2, 0, {PERF_CONTEXT_USER, known}).data());
        // The parent exits; a sample read later from another CPU's buffer is still named.
        sampler->handleRecord(task(PERF_RECORD_EXIT, kPid, 1, kPid).data());
        sampler->handleRecord(sample(kPid, kPid, 3, 1, {PERF_CONTEXT_USER, known}).data());

        const format::ProfileTables& tables = sampler->builder().tables();
        QCOMPARE(tables.samples.size(), std::size_t(3));
        QCOMPARE(framesOf(sampler->builder(), tables.samples.stack[0]).front().substr(0, 28), std::string("runlens_test_known_function "));
        QCOMPARE(framesOf(sampler->builder(), tables.samples.stack[1]), std::vector<std::string>{"[unknown] ()"});
        QCOMPARE(framesOf(sampler->builder(), tables.samples.stack[2]).front().substr(0, 28), std::string("runlens_test_known_function "));
        std::map<std::uint32_t, std::pair<std::uint32_t, std::string>> tasks;
        for (const auto& t : tables.tasks)
            tasks[t.tid] = {t.pid, t.command};
        QCOMPARE(tasks[5000], std::make_pair(5000u, std::string("other")));
        QCOMPARE(tasks[5001], std::make_pair(5000u, std::string("worker")));
        QCOMPARE(tasks[kPid], std::make_pair(kPid, std::string("parent")));
    }

    void noAllocationsPerSampleOnceWarm()
    {
        auto sampler = makeSampler();
        const std::uint64_t known = fakeAddressOfKnownFunction();
        sampler->handleRecord(comm(kPid, kPid, "fake-proc", true).data());
        sampler->handleRecord(mmap2(kPid, kFakeBase, m_own.end - m_own.start, m_own.offset, m_own.path).data());
        const std::vector<unsigned char> records[] = {
            sample(kPid, kPid, 1, 0, {PERF_CONTEXT_KERNEL, kKernelSyscall, PERF_CONTEXT_USER, known + 2, known + 1}),
            sample(kPid, kPid + 1, 2, 1, {PERF_CONTEXT_USER, known + 4}),
            sample(0, 0, 3, 1, {PERF_CONTEXT_KERNEL, kKernelModule}),
        };
        for (int i = 0; i < 300; ++i)
            sampler->handleRecord(records[i % 3].data());
        sampler->builder().clearBatch();

        g_allocations = 0;
        g_countAllocations = true;
        for (int i = 0; i < 300; ++i)
            sampler->handleRecord(records[i % 3].data());
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        QCOMPARE(sampler->builder().tables().samples.size(), std::size_t(300));

        // The counter does see allocations: a new stack allocates.
        g_countAllocations = true;
        sampler->handleRecord(sample(kPid, kPid, 4, 0, {PERF_CONTEXT_KERNEL, kKernelSyscall + 0x100}).data());
        g_countAllocations = false;
        QVERIFY(g_allocations > 0);
    }

    void internsFramesAndStacksThroughTheirOwnTables()
    {
        // The intern tables hold ids only and compare against the frames and stacks themselves:
        // every key found again gives its id, through many growths of the table, and nothing that
        // differs in one field (kind, module, symbol, address) is taken for another.
        using runlens::format::FrameKind;
        format::ProfileBuilder builder;
        const std::uint32_t plain = builder.frame("f", "m", FrameKind::User);
        QCOMPARE(builder.frame("f", "m", FrameKind::User), plain);
        const std::uint32_t kernel = builder.frame("f", "m", FrameKind::Kernel);
        const std::uint32_t otherModule = builder.frame("f", "m2", FrameKind::User);
        const std::uint32_t at1 = builder.frame("f", "m", FrameKind::User, "0x1");
        const std::uint32_t at2 = builder.frame("f", "m", FrameKind::User, "0x2");
        QCOMPARE(std::set<std::uint32_t>({plain, kernel, otherModule, at1, at2}).size(), std::size_t(5));
        QCOMPARE(builder.frame("f", "m", FrameKind::User, "0x2"), at2);
        QCOMPARE(builder.frame("f", "m", FrameKind::User), plain);
        // "f" + "m2" must not meet "fm" + "2", whatever the hash does with the bytes.
        QVERIFY(builder.frame("fm", "2", FrameKind::User) != otherModule);

        std::mt19937 random{7};
        std::vector<std::pair<std::uint32_t, std::uint32_t>> keys;
        std::vector<std::uint32_t> ids;
        for (std::uint32_t i = 0; i < 200'000; ++i) {
            const std::uint32_t parent = ids.empty() || random() % 8 == 0 ? runlens::format::kNoStack : ids[random() % ids.size()];
            const std::uint32_t frame = builder.frame("fn" + std::to_string(random() % 5000), "lib", FrameKind::User);
            const std::uint32_t id = builder.stack(parent, frame);
            keys.emplace_back(parent, frame);
            ids.push_back(id);
        }
        const auto& stacks = builder.tables().stacks;
        std::set<std::pair<std::uint32_t, std::uint32_t>> distinct(keys.begin(), keys.end());
        QCOMPARE(stacks.size(), distinct.size());
        for (std::size_t i = 0; i < keys.size(); ++i) {
            QCOMPARE(builder.stack(keys[i].first, keys[i].second), ids[i]);
            QCOMPARE(stacks[ids[i]].parent, keys[i].first);
            QCOMPARE(stacks[ids[i]].frame, keys[i].second);
        }
        QCOMPARE(stacks.size(), distinct.size()); // nothing added by looking up again

        // The addresses of unresolved frames reach the tables' info, by frame id.
        const auto tables = builder.take(false);
        const nlohmann::json expected = {{std::to_string(at1), "0x1"}, {std::to_string(at2), "0x2"}};
        QVERIFY(tables.info.at(runlens::format::kFrameAddressesKey) == expected);
    }

    void compactFramesReachTheJournalAndTheTablesWhole()
    {
        // The builder keeps frames in a FrameTable (an arena of symbols, interned modules), not
        // as ProfileFrame rows: what it journals batch by batch, and what take() gives, must be
        // the frames as given, in id order, whatever their module, kind and length.
        using runlens::format::FrameKind;
        QTemporaryDir directory;
        const std::string path = (directory.path() + "/profile.journal").toStdString();
        format::ProfileBuilder builder;
        format::ProfileJournalWriter journal(path);
        std::vector<format::ProfileFrame> given;
        std::mt19937 random{22};
        for (int batch = 0; batch < 5; ++batch) {
            std::uint32_t stack = format::kNoStack;
            for (int i = 0; i < 3000; ++i) {
                // Symbols up to 3 kB (past the arena's chunk as the run goes on), 40 modules.
                const std::string symbol = "fn" + std::to_string(batch) + "_" + std::to_string(i) + std::string(random() % 3000, 'x');
                const std::string module = i % 7 == 0 ? std::string() : "lib" + std::to_string(i % 40) + ".so";
                const auto kind = FrameKind(i % 4);
                const std::uint32_t frame = builder.frame(symbol, module, kind);
                QCOMPARE(frame, std::uint32_t(given.size()));
                given.push_back({symbol, module, kind});
                stack = builder.stack(i % 30 == 0 ? format::kNoStack : stack, frame);
            }
            builder.sample(batch, 0, 1, 1, stack);
            journal.append(builder, 0);
            builder.clearBatch();
        }
        QCOMPARE(builder.frameCount(), given.size());
        const format::ProfileTables journaled = format::readProfileJournal(path).profile;
        const format::ProfileTables taken = builder.take(false);
        for (const auto* frames : {&journaled.frames, &taken.frames}) {
            QCOMPARE(frames->size(), given.size());
            for (std::size_t i = 0; i < given.size(); ++i) {
                QCOMPARE((*frames)[i].symbol, given[i].symbol);
                QCOMPARE((*frames)[i].module, given[i].module);
                QCOMPARE(int((*frames)[i].kind), int(given[i].kind));
            }
        }
        QCOMPARE(journaled.stacks.size(), taken.stacks.size());
        QCOMPARE(journaled.samples.size(), std::size_t(5));
    }

    void anUnknownThreadKeepsItsTimeAndCpu()
    {
        // perf script prints a sample of a thread it never saw as ":-1 PID/-1". The reference's
        // pattern then takes everything up to the period for the command and the period for the
        // thread; the name stays that (convert's output is the reference's), but the time and
        // CPU must be those printed: the recorder's perf backend once archived such a sample at
        // the clock's zero, 84,000 s before the run (tst_profile_recording on a busy machine).
        format::ProfileBuilder builder;
        format::PerfScriptParser parser(builder, 84277'000'000'000);
        for (const char* line : {":-1 27992/-1    [003] 84277.228879:   20408163 cpu-clock:pppH: ",
                                 "\tffffffff816e9030 setattr_should_drop_suidgid ([kernel.kallsyms])", ""})
            parser.addLine(line);
        const format::ProfileTables& tables = builder.tables();
        QCOMPARE(tables.samples.size(), std::size_t(1));
        QCOMPARE(tables.samples.timeNs[0], std::int64_t(228'879'000));
        QCOMPARE(tables.samples.cpu[0], 3u);
        QCOMPARE(tables.samples.tid[0], 20408163u);
        QCOMPARE(tables.tasks.at(0).command, std::string(":-1 27992/-1    [003] 84277.228879:"));
    }

    void hugeNamesAreClippedToWhatReadersAccept()
    {
        // A demangled template symbol of 20 kB: the frame keeps the first 4093 bytes and says it
        // was cut, and the tables still pass the reader's validation (they failed it before, and
        // the whole profile of the run was dropped at pack time).
        format::ProfileBuilder builder;
        const std::string huge = "std::vector<" + std::string(20000, 'T') + ">::push_back";
        const std::uint32_t frame = builder.frame(huge, "libhuge.so", runlens::format::FrameKind::User);
        QCOMPARE(builder.frame(huge, "libhuge.so", runlens::format::FrameKind::User), frame); // interned
        const std::string_view symbol = builder.frameAt(frame).symbol;
        QCOMPARE(symbol.size(), std::size_t(4096));
        QVERIFY(symbol.starts_with("std::vector<TTT"));
        QVERIFY(symbol.ends_with("TTT..."));
        // A multi-byte character at the cut is not split.
        const std::string accented = std::string(4092, 'a') + "\xc3\xa9\xc3\xa9\xc3\xa9";
        const std::string_view clippedAccent = builder.frameAt(builder.frame(accented, "m", runlens::format::FrameKind::User)).symbol;
        QCOMPARE(std::string(clippedAccent), std::string(4092, 'a') + "...");
        builder.task(7, 7, std::string(5000, 'c'));
        QCOMPARE(builder.tables().tasks.back().command.size(), std::size_t(4096));
        builder.sample(1, 0, 7, 7, builder.stack(runlens::format::kNoStack, frame));
        runlens::format::validateProfile(builder.take(false), "clipped");
    }

    void perfScriptTextBecomesTheSameTables()
    {
        // The perf backend's path: perf script's text through the parser the app imports with,
        // into the tables the native sampler fills, times counted from the run's start.
        format::ProfileBuilder builder;
        format::PerfScriptParser parser(builder, 12954'000'000'000);
        const char* text =
            "cc1plus  3065/3065  [000] 12954.660562:     250000 cpu-clock:\n"
            "\t          818c95 lra_clear_live_ranges (/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus)\n"
            "\t    7f171a8092a0 [unknown] ([unknown])\n"
            "\n"
            "Web Content  77/78  [001] 12954.700001:     250000 cpu-clock:\n"
            "\tffffffff81604a94 __handle_mm_fault+0x1a4 ([kernel.kallsyms])\n"
            "\t          152cc6 std::vector<int, std::allocator<int> >::push_back(int const&) (/usr/lib/libxul.so)\n"
            "\t    7f0000000100 LambdaForm$DMH (/tmp/perf-77.map)\n"
            "\n"
            "garbage line without brackets\n"
            "swapper     0/0     [001] 12954.800000:     250000 cpu-clock:\n"
            "\n"
            "swapper     0/0     [001] 12954.900000:     250000 cpu-clock:\n"; // no empty line: not a sample
        for (const char* line = text; *line;) {
            const char* end = std::strchr(line, '\n');
            parser.addLine(std::string_view(line, std::size_t(end - line)));
            line = end + 1;
        }
        const format::ProfileTables& tables = builder.tables();
        QCOMPARE(parser.statistics().samples, std::uint64_t(3));
        QCOMPARE(parser.statistics().unrecognizedLines, std::uint64_t(1));
        QCOMPARE(parser.statistics().event, std::string("cpu-clock"));
        QCOMPARE(tables.samples.timeNs, (std::vector<std::int64_t>{660'562'000, 700'001'000, 800'000'000}));
        QCOMPARE(tables.samples.cpu, (std::vector<std::uint32_t>{0, 1, 1}));
        QCOMPARE(tables.samples.pid, (std::vector<std::uint32_t>{3065, 77, format::kUnknownPid})); // "0/0": pid "?"
        QCOMPARE(tables.samples.tid, (std::vector<std::uint32_t>{3065, 78, 0}));
        QCOMPARE(tables.samples.period, (std::vector<std::uint64_t>{250000, 250000, 250000}));
        QCOMPARE(framesOf(builder, tables.samples.stack[0]),
                 (std::vector<std::string>{"[unknown] ([unknown])", "lra_clear_live_ranges (/usr/lib/gcc/x86_64-linux-gnu/12/cc1plus)"}));
        QCOMPARE(framesOf(builder, tables.samples.stack[1]),
                 (std::vector<std::string>{"LambdaForm$DMH (/tmp/perf-77.map)",
                                           "std::vector<int, std::allocator<int> >::push_back(int const&) (/usr/lib/libxul.so)",
                                           "__handle_mm_fault ([kernel.kallsyms])"}));
        QCOMPARE(tables.samples.stack[2], format::kNoStack);
        QCOMPARE(int(builder.frameAt(tables.stacks[tables.samples.stack[1]].frame).kind), int(format::FrameKind::Kernel));
        QCOMPARE(tables.tasks.size(), std::size_t(3));
        QCOMPARE(tables.tasks[1].command, std::string("Web Content")); // a command with a space
        QCOMPARE(tables.tasks[1].pid, 77u);
    }

    void periodsAreKeptOnlyWhereTheyVary()
    {
        // cpu-clock: the kernel samples at a fixed period; the tables count samples.
        auto clock = makeSampler();
        clock->handleRecord(comm(kPid, kPid, "fake-proc", true).data());
        clock->handleRecord(sample(kPid, kPid, 1, 0, {PERF_CONTEXT_USER, 1}).data());
        QCOMPARE(clock->builder().tables().samples.size(), std::size_t(1));
        QVERIFY(clock->builder().tables().samples.period.empty());
        // cycles in frequency mode (replayed: this machine has no PMU): each sample its period.
        auto cycles = makeSampler(true);
        cycles->handleRecord(comm(kPid, kPid, "fake-proc", true).data());
        cycles->handleRecord(sample(kPid, kPid, 1, 0, {PERF_CONTEXT_USER, 1}, 1).data());
        cycles->handleRecord(sample(kPid, kPid, 2, 0, {PERF_CONTEXT_USER, 1}, 2'500'003).data());
        QCOMPARE(cycles->builder().tables().samples.period, (std::vector<std::uint64_t>{1, 2'500'003}));
    }

    // Each ring holds half a second of deep stacks (the drain thread empties it when half full), a
    // power of two of pages, within 512 KiB and a share of 4 MiB for all rings: 192 CPUs take 3 MiB
    // of data pages with 4 KiB pages, and one page each (12 MiB, not 1.5 GiB) with 64 KiB pages.
    void ringsHoldHalfASecondWithinTheBudget()
    {
        using runlens::profile::ringDataPages;
        QCOMPARE(ringDataPages(2, 4096, 49), std::size_t(8));        // 25 KB wanted: 32 KiB
        QCOMPARE(ringDataPages(192, 4096, 49), std::size_t(4));      // 4 MiB / 192: 16 KiB
        QCOMPARE(ringDataPages(192, 65536, 49), std::size_t(1));     // one 64 KiB page each
        QCOMPARE(ringDataPages(2, 65536, 49), std::size_t(1));       // 25 KB in 64 KiB pages
        QCOMPARE(ringDataPages(2, 4096, 999), std::size_t(128));     // at most 512 KiB
        QCOMPARE(ringDataPages(16, 4096, 1000), std::size_t(64));    // 4 MiB / 16: 256 KiB
        QCOMPARE(ringDataPages(8192, 4096, 49), std::size_t(1));     // never none
        QCOMPARE(ringDataPages(2, 4096, 1), std::size_t(1));
        for (const std::size_t rings : {1u, 3u, 96u, 192u, 448u})
            for (const std::size_t page : {4096u, 16384u, 65536u}) {
                const std::size_t pages = ringDataPages(rings, page, 49);
                QVERIFY(std::has_single_bit(pages));
                QVERIFY(pages == 1 || rings * pages * page <= runlens::profile::kRingBudgetBytes);
            }
        QCOMPARE(runlens::profile::ringWakeupBytes(16384), std::size_t(8192));
        QCOMPARE(runlens::profile::ringWakeupBytes(1), std::size_t(1));
    }

    // The drain thread calls drain when a descriptor it waits on becomes readable (a pipe stands in
    // for a ring here), goes on with the others when one hangs up, and stops when asked.
    void drainThreadDrainsWhenARingSignals()
    {
        int first[2];
        int second[2];
        QCOMPARE(::pipe(first), 0);
        QCOMPARE(::pipe(second), 0);
        std::atomic<int> drains {0};
        DrainThread thread({first[0], second[0]}, [&] {
            char buffer[64];
            [[maybe_unused]] const ssize_t read = ::read(first[0], buffer, sizeof buffer);
            ++drains;
        });
        QCOMPARE(thread.start(), std::string());
        QThread::msleep(50);
        QCOMPARE(drains.load(), 0);
        QCOMPARE(::write(first[1], "x", 1), ssize_t(1));
        QTRY_COMPARE_WITH_TIMEOUT(drains.load(), 1, 10000);
        QCOMPARE(thread.wakeups(), std::uint64_t(1));
        // A hung-up descriptor would wake poll() for ever; the thread stops listening to it.
        ::close(second[1]);
        QThread::msleep(100);
        QCOMPARE(drains.load(), 1);
        QCOMPARE(::write(first[1], "y", 1), ssize_t(1));
        QTRY_COMPARE_WITH_TIMEOUT(drains.load(), 2, 10000);
        thread.stop();
        thread.stop();
        QCOMPARE(thread.wakeups(), std::uint64_t(2));
        for (const int fd : {first[0], first[1], second[0]})
            ::close(fd);
    }

    void truncatedRecordsAreIgnored()
    {
        auto sampler = makeSampler();
        std::vector<unsigned char> record = sample(kPid, kPid, 1, 0, {PERF_CONTEXT_USER, 1, 2, 3});
        // Claims 1000 frames but holds 4.
        const std::uint64_t depth = 1000;
        std::memcpy(record.data() + 40, &depth, sizeof depth);
        sampler->handleRecord(record.data());
        QCOMPARE(sampler->builder().tables().samples.size(), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestProfileSampler)
#include "tst_profilesampler.moc"
