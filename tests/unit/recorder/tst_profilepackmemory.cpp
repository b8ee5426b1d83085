// `runlens-rec pack` of a long profile journal stays within the recorder's 30 MB: the real binary
// packs 5 million samples (an hour of a 24-CPU host at 49 Hz; the packer before format 2.0 held
// them at 24 bytes each, twice over while encoding: some 250 MB) in a child process whose address
// space is limited with RLIMIT_AS, and the child's peak RSS (VmHWM, read at its exit) is checked
// against the budget. The archive then holds every sample, in time order.
//
// The limit applies to the real runlens-rec, which in the app's build is the release recorder of
// the native sub-build (unsanitized, static) also in a sanitizer build. Where runlens-rec itself
// is built with AddressSanitizer (a recorder-only sanitizer build) or runs under qemu (the arm64
// tests), the test skips: ASan reserves terabytes of shadow address space, so RLIMIT_AS cannot
// apply, and its shadow and quarantine would make ru_maxrss measure the sanitizer; qemu's own
// memory would count as the recorder's.
#include "ArchiveReader.h"
#include "ProfileJournal.h"
#include "SpoolDirectory.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>
#include <csignal>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace runlens::format;

namespace {

constexpr std::uint32_t kCpus = 24;
constexpr std::uint64_t kSamples = 5'000'000;
constexpr std::uint64_t kRssBudgetKiB = 30'000'000 / 1024; // the recorder's 30 MB
constexpr rlim_t kAddressSpaceLimit = 128ull << 20;

// A journal as the sampler writes it: one append per second of 24 CPUs x 49 samples, 2,000
// frames, 20,000 stacks of depth 10, 500 threads; each drain's rows CPU by CPU.
std::uint64_t writeJournal(const std::string& path)
{
    ProfileJournalWriter journal(path);
    ProfileTables tables;
    tables.info = {{"backend", "native"}, {"frequency_hz", 49}, {"cpus", kCpus}};
    for (std::uint32_t f = 0; f < 2000; ++f)
        tables.frames.push_back({"function_" + std::to_string(f) + "(int, char const*)", "libservice.so." + std::to_string(f % 7), FrameKind::User});
    for (std::uint32_t s = 0; s < 20000; ++s)
        tables.stacks.push_back({s % 10 == 0 ? kNoStack : s - 1, (s * 7919u) % 2000});
    std::vector<std::uint32_t> tasks;
    for (std::uint32_t t = 0; t < 500; ++t) {
        tables.tasks.push_back({1000 + t, 1000 + t / 20, "worker-" + std::to_string(t)});
        tasks.push_back(t);
    }
    std::uint64_t written = 0;
    std::uint32_t seed = 12345;
    for (std::int64_t second = 0; written < kSamples; ++second) {
        tables.samples = {};
        for (std::uint32_t cpu = 0; cpu < kCpus; ++cpu) {
            for (std::int64_t k = 0; k < 49 && written < kSamples; ++k, ++written) {
                seed = seed * 1664525u + 1013904223u;
                const std::uint32_t tid = 1000 + (cpu * 20 + (seed >> 28)) % 500;
                tables.samples.timeNs.push_back(second * 1'000'000'000 + k * 20'408'163 + cpu * 100'000 + 30'000'000);
                tables.samples.cpu.push_back(cpu);
                tables.samples.pid.push_back(1000 + (tid - 1000) / 20);
                tables.samples.tid.push_back(tid);
                tables.samples.stack.push_back((seed >> 8) % 20000);
            }
        }
        journal.append(tables, second == 0 ? tasks : std::vector<std::uint32_t>{}, 0);
    }
    return written;
}

// VmHWM: the peak resident set of the process's memory since its exec.
std::uint64_t peakRssKiB(pid_t pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').front().toULongLong();
    }
    return 0;
}

} // namespace

class TestProfilePackMemory : public QObject
{
    Q_OBJECT

private slots:
    void longJournalPacksWithinTheBudget()
    {
#if RUNLENS_REC_SANITIZED
        QSKIP("runlens-rec is built with AddressSanitizer here: RLIMIT_AS cannot apply to it (ASan reserves terabytes of "
              "shadow address space) and ru_maxrss would measure ASan's shadow and quarantine, not the packer");
#endif
        if (qEnvironmentVariableIsSet("RUNLENS_EMULATOR"))
            QSKIP("runlens-rec runs under qemu here: qemu's own memory would count as the packer's");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string spool = dir.filePath(QStringLiteral("long.spool")).toStdString();
        QCOMPARE(::mkdir(spool.c_str(), 0755), 0);
        spool::writeFileAtomically(spool, spool::kManifest,
                                   R"({"format_version": "1.2", "run": {"name": "long"}, "end": {"reason": "duration"}})");
        const std::uint64_t written = writeJournal(spool + "/" + spool::kProfileJournal);
        QCOMPARE(written, kSamples);
        const std::string archive = dir.filePath(QStringLiteral("long.tar.gz")).toStdString();

        // The peak is read from /proc/PID/status (VmHWM) while the finished recorder is held at its
        // exit by ptrace: wait4's ru_maxrss would also count the pages of this (sanitized, large)
        // test process that the child had before its exec.
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            const rlimit limit{kAddressSpaceLimit, kAddressSpaceLimit};
            ::setrlimit(RLIMIT_AS, &limit);
            ::ptrace(PTRACE_TRACEME, 0, nullptr, nullptr);
            ::execl(RUNLENS_REC_PATH, "runlens-rec", "pack", spool.c_str(), "-o", archive.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        if (!WIFSTOPPED(status))
            QSKIP("ptrace is not allowed here, so the recorder's own peak RSS cannot be read");
        QCOMPARE(::ptrace(PTRACE_SETOPTIONS, child, nullptr, reinterpret_cast<void*>(long(PTRACE_O_TRACEEXIT))), 0L);
        QCOMPARE(::ptrace(PTRACE_CONT, child, nullptr, nullptr), 0L);
        std::uint64_t peakKiB = 0;
        for (;;) {
            QCOMPARE(::waitpid(child, &status, 0), child);
            if (!WIFSTOPPED(status))
                break;
            int signal = WSTOPSIG(status);
            if ((status >> 8) == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) {
                peakKiB = peakRssKiB(child);
                signal = 0;
            }
            ::ptrace(PTRACE_CONT, child, nullptr, reinterpret_cast<void*>(long(signal)));
        }
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                 qPrintable(QStringLiteral("runlens-rec pack failed under a %1 MiB address space limit (status %2)")
                                .arg(kAddressSpaceLimit >> 20)
                                .arg(status)));
        qInfo("runlens-rec pack of %llu samples: peak RSS %llu KiB", static_cast<unsigned long long>(written),
              static_cast<unsigned long long>(peakKiB));
        QVERIFY(peakKiB > 0);
        QVERIFY2(peakKiB <= kRssBudgetKiB, qPrintable(QStringLiteral("peak RSS %1 KiB, over the 30 MB budget").arg(peakKiB)));

        const RunArchive run = readRunArchive(archive);
        QVERIFY(run.profile.has_value());
        const ProfileSamples& samples = run.profile->samples;
        std::uint64_t total = 0;
        for (std::size_t row = 0; row < samples.size(); ++row) {
            total += samples.countAt(row);
            if (row > 0 && samples.timeNs[row] < samples.timeNs[row - 1])
                QFAIL(qPrintable(QStringLiteral("row %1 is earlier than the row before it").arg(row)));
        }
        QCOMPARE(total, written);
        QCOMPARE(run.profile->stacks.size(), std::size_t(20000));
        QCOMPARE(run.profile->tasks.size(), std::size_t(500));
        QCOMPARE(run.manifest["format_version"].get<std::string>(), std::string("2.0"));
    }
};

QTEST_GUILESS_MAIN(TestProfilePackMemory)
#include "tst_profilepackmemory.moc"
