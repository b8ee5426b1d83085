// Host facts on a fixture tree (exact values) and on this machine (every fact present or explained).
#include "HostFacts.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

using runlens::collect::collectHostFacts;
using runlens::collect::HostFacts;
using runlens::collect::HostFactsOptions;
using runlens::collect::HostPaths;

namespace {

const char* const kReleaseInFixture = "6.1.102-111.182.amzn2023.aarch64";

// Every key collectHostFacts promises: each is either a fact or listed as unavailable.
const char* const kAllKeys[] = {
    "hostname",
    "kernel_release",
    "kernel_version",
    "architecture",
    "os_release",
    "os_id",
    "os_version_id",
    "cpu_vendor",
    "cpu_model",
    "cpus_online",
    "cpus_online_list",
    "cpus_possible",
    "sockets",
    "cores_per_socket",
    "threads_per_core",
    "numa_nodes",
    "memory_total_bytes",
    "page_size_bytes",
    "kernel_cmdline",
    "clocksource",
    "clocksources_available",
    "cpu_governor",
    "cpu_frequency_driver",
    "thp_enabled",
    "thp_defrag",
    "sysctl",
    "kernel_config",
};

QString str(const nlohmann::json& value)
{
    return QString::fromStdString(value.get<std::string>());
}

// The fixture host copied where the test may change it.
class FixtureHost {
public:
    FixtureHost()
    {
        const QString source = QStringLiteral(RUNLENS_FIXTURES "/hostfacts");
        QDirIterator it(source, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            const QString target = m_dir.filePath(QDir(source).relativeFilePath(file));
            QDir().mkpath(QFileInfo(target).absolutePath());
            QFile::copy(file, target);
        }
        QDir(m_dir.path()).mkpath(QStringLiteral("boot"));
        paths.procRoot = (m_dir.path() + QStringLiteral("/proc")).toStdString();
        paths.sysRoot = (m_dir.path() + QStringLiteral("/sys")).toStdString();
        paths.bootRoot = (m_dir.path() + QStringLiteral("/boot")).toStdString();
        options.etcRoot = (m_dir.path() + QStringLiteral("/etc")).toStdString();
    }

    void write(const QString& relative, const QByteArray& content, int mode = -1)
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(content);
        file.close();
        if (mode >= 0)
            QCOMPARE(::chmod(QFile::encodeName(path).constData(), mode_t(mode)), 0);
    }

    QString path(const QString& relative) const { return m_dir.filePath(relative); }

    HostPaths paths;
    HostFactsOptions options;

private:
    QTemporaryDir m_dir;
};

} // namespace

class TestHostFacts : public QObject {
    Q_OBJECT

private slots:
    void fixtureValues()
    {
        FixtureHost host;
        // Files git cannot carry: write-only (the kernel refuses reads even to root) and no access.
        host.write(QStringLiteral("proc/sys/vm/drop_caches"), "0\n", 0200);
        host.write(QStringLiteral("proc/sys/vm/unreadable"), "1\n", 0);

        const HostFacts result = collectHostFacts(host.paths, host.options);
        const nlohmann::json& f = result.facts;
        QCOMPARE(str(f["hostname"]), QStringLiteral("ip-10-0-1-23.eu-west-1.compute.internal"));
        QCOMPARE(str(f["kernel_release"]), QLatin1String(kReleaseInFixture));
        QCOMPARE(str(f["kernel_version"]), QStringLiteral("#1 SMP Tue Jul 30 20:34:02 UTC 2024"));
        QCOMPARE(str(f["architecture"]), QStringLiteral("aarch64"));
        QCOMPARE(str(f["os_release"]), QStringLiteral("Amazon Linux 2023.5.20240805"));
        QCOMPARE(str(f["os_id"]), QStringLiteral("amzn"));
        QCOMPARE(str(f["os_version_id"]), QStringLiteral("2023"));
        QCOMPARE(str(f["cpu_vendor"]), QStringLiteral("ARM"));
        QCOMPARE(str(f["cpu_model"]), QStringLiteral("Neoverse-V1"));
        QCOMPARE(f["cpus_online"].get<int>(), 4);
        QCOMPARE(str(f["cpus_online_list"]), QStringLiteral("0-3"));
        QCOMPARE(f["cpus_possible"].get<int>(), 4);
        QCOMPARE(f["sockets"].get<int>(), 1);
        QCOMPARE(f["cores_per_socket"].get<int>(), 4);
        QCOMPARE(f["threads_per_core"].get<int>(), 1);
        QCOMPARE(f["numa_nodes"].get<int>(), 1);
        QVERIFY2(f["numa_node_cpus"] == nlohmann::json({ { "0", "0-3" } }), f["numa_node_cpus"].dump().c_str());
        QCOMPARE(f["memory_total_bytes"].get<std::uint64_t>(), std::uint64_t(16044676) * 1024);
        QCOMPARE(f["page_size_bytes"].get<long>(), ::sysconf(_SC_PAGESIZE));
        QVERIFY(str(f["kernel_cmdline"]).startsWith(QStringLiteral("BOOT_IMAGE=(hd0,gpt1)/boot/vmlinuz-6.1.102")));
        QVERIFY(str(f["kernel_cmdline"]).endsWith(QStringLiteral("security=selinux quiet")));
        QCOMPARE(str(f["clocksource"]), QStringLiteral("arch_sys_counter"));
        QCOMPARE(str(f["clocksources_available"]), QStringLiteral("arch_sys_counter"));
        QCOMPARE(str(f["thp_enabled"]), QStringLiteral("madvise"));
        QCOMPARE(str(f["thp_defrag"]), QStringLiteral("madvise"));

        // No cpufreq in the fixture, as in most VMs: explained, not missing.
        QVERIFY(!f.contains("cpu_governor"));
        const QString governor = str(f["unavailable"]["cpu_governor"]);
        QVERIFY2(governor.contains(QStringLiteral("cpu0/cpufreq/scaling_governor: No such file or directory")),
            qPrintable(governor));
        QVERIFY(governor.contains(QStringLiteral("cpufreq driver")));
        QVERIFY(f["unavailable"].contains("cpu_frequency_driver"));
        QCOMPARE(f["unavailable"].size(), std::size_t(2));
        for (const char* key : kAllKeys)
            QVERIFY2(f.contains(key) != f["unavailable"].contains(key), key);

        const std::map<std::string, std::string> expected = {
            { "kernel.arch", "aarch64" },
            { "kernel.hostname", "ip-10-0-1-23.eu-west-1.compute.internal" },
            { "kernel.osrelease", kReleaseInFixture },
            { "kernel.ostype", "Linux" },
            { "kernel.pid_max", "4194304" },
            { "kernel.random.entropy_avail", "256" },
            { "kernel.version", "#1 SMP Tue Jul 30 20:34:02 UTC 2024" },
            { "net.core.somaxconn", "4096" },
            { "net.ipv4.conf.eth0/100.forwarding", "1" }, // a dot in a name becomes '/', as in sysctl(8)
            { "net.ipv4.tcp_rmem", "4096\t131072\t6291456" },
            { "vm.swappiness", "60" },
        };
        QCOMPARE(result.sysctl, expected); // boot_id, uuid, rss key, fastopen key, stable_secret: skipped
        const nlohmann::json& sysctl = f["sysctl"];
        QCOMPARE(sysctl["entries"].get<int>(), 11);
        QCOMPARE(sysctl["skipped_secret"].get<int>(), 5);
        QCOMPARE(sysctl["skipped_unreadable"].get<int>(), 2);
        QCOMPARE(sysctl["truncated_values"].get<int>(), 0);
        QCOMPARE(sysctl["capped"].get<bool>(), false);
        for (const auto& [key, value] : result.sysctl) {
            QVERIFY(value.find("00:11:22") == std::string::npos);
            QVERIFY(value.find("9b7c1f0e") == std::string::npos);
        }

        // /boot has no config for this kernel: /proc/config.gz is decompressed.
        QCOMPARE(str(f["kernel_config"]["source"]), host.path(QStringLiteral("proc/config.gz")));
        QCOMPARE(f["kernel_config"]["bytes"].get<std::size_t>(), result.kernelConfig.size());
        QCOMPARE(result.kernelConfig.size(), std::size_t(262));
        QVERIFY(QByteArray::fromStdString(result.kernelConfig).startsWith("#\n# Automatically generated file"));
        QVERIFY(result.kernelConfig.find("\nCONFIG_IKCONFIG_PROC=y\n") != std::string::npos);
        QVERIFY(QByteArray::fromStdString(result.kernelConfig).endsWith("CONFIG_HZ=250\n"));

        // The whole result serialises (the manifest writer dumps it).
        QVERIFY(!f.dump().empty());
    }

    void bootConfigPreferred()
    {
        FixtureHost host;
        host.write(QStringLiteral("boot/config-") + QLatin1String(kReleaseInFixture), "CONFIG_FROM_BOOT=y\n");
        const HostFacts result = collectHostFacts(host.paths, host.options);
        QCOMPARE(result.kernelConfig, std::string("CONFIG_FROM_BOOT=y\n"));
        QCOMPARE(str(result.facts["kernel_config"]["source"]),
            host.path(QStringLiteral("boot/config-") + QLatin1String(kReleaseInFixture)));
    }

    void brokenConfigGz()
    {
        FixtureHost host;
        host.write(QStringLiteral("proc/config.gz"), "CONFIG_PLAIN=y\n");
        HostFacts result = collectHostFacts(host.paths, host.options);
        QVERIFY(result.kernelConfig.empty());
        QVERIFY(!result.facts.contains("kernel_config"));
        QString reason = str(result.facts["unavailable"]["kernel_config"]);
        QVERIFY2(reason.contains(QStringLiteral("config.gz: not gzip-compressed")), qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral("config-6.1.102-111.182.amzn2023.aarch64: No such file")),
            qPrintable(reason));

        // A gzip stream cut short.
        QFile original(QStringLiteral(RUNLENS_FIXTURES "/hostfacts/proc/config.gz"));
        QVERIFY(original.open(QIODevice::ReadOnly));
        host.write(QStringLiteral("proc/config.gz"), original.readAll().left(40));
        result = collectHostFacts(host.paths, host.options);
        QVERIFY(result.kernelConfig.empty());
        reason = str(result.facts["unavailable"]["kernel_config"]);
        QVERIFY2(reason.contains(QStringLiteral("config.gz: ")), qPrintable(reason));

        // Larger than the cap.
        host.options.maxKernelConfigBytes = 100;
        QFile::remove(host.path(QStringLiteral("proc/config.gz")));
        QVERIFY(QFile::copy(original.fileName(), host.path(QStringLiteral("proc/config.gz"))));
        result = collectHostFacts(host.paths, host.options);
        QVERIFY(result.kernelConfig.empty());
        reason = str(result.facts["unavailable"]["kernel_config"]);
        QVERIFY2(reason.contains(QStringLiteral("larger than 100 bytes")), qPrintable(reason));
    }

    void sysctlValuesAreCapped()
    {
        FixtureHost host;
        host.options.maxSysctlValueBytes = 4;
        host.options.maxSysctlEntries = 3;
        const HostFacts result = collectHostFacts(host.paths, host.options);
        QCOMPARE(result.sysctl.size(), std::size_t(3));
        for (const auto& [key, value] : result.sysctl)
            QVERIFY2(value.size() <= 4, key.c_str());
        QCOMPARE(result.facts["sysctl"]["capped"].get<bool>(), true);
        QVERIFY(result.facts["sysctl"]["truncated_values"].get<int>() >= 1);
    }

    void smtTopologyAndX86Model()
    {
        FixtureHost host;
        QVERIFY(QDir(host.path(QStringLiteral("sys/devices/system/cpu"))).removeRecursively());
        QVERIFY(QDir(host.path(QStringLiteral("sys/devices/system/node"))).removeRecursively());
        // 2 sockets x 2 cores x 2 threads; cpu n and n+4 are siblings; cpu7 is offline.
        host.write(QStringLiteral("sys/devices/system/cpu/online"), "0-6\n");
        host.write(QStringLiteral("sys/devices/system/cpu/possible"), "0-7\n");
        for (int cpu = 0; cpu < 7; ++cpu) {
            const QString base = QStringLiteral("sys/devices/system/cpu/cpu%1/topology/").arg(cpu);
            const int core = cpu % 4;
            host.write(base + QStringLiteral("physical_package_id"), QByteArray::number(core / 2) + "\n");
            host.write(base + QStringLiteral("core_cpus_list"),
                core == 3 ? QByteArray("3\n") : QByteArray::number(core) + "," + QByteArray::number(core + 4) + "\n");
        }
        for (int node = 0; node < 2; ++node)
            host.write(QStringLiteral("sys/devices/system/node/node%1/cpulist").arg(node),
                node == 0 ? "0-1,4-5\n" : "2-3,6\n");
        host.write(QStringLiteral("proc/cpuinfo"),
            "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 143\n"
            "model name\t: Intel(R) Xeon(R) Platinum 8488C\nflags\t\t: fpu vme hypervisor\n\n"
            "processor\t: 1\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Platinum 8488C\n");

        const nlohmann::json f = collectHostFacts(host.paths, host.options).facts;
        QCOMPARE(f["cpus_online"].get<int>(), 7);
        QCOMPARE(f["cpus_possible"].get<int>(), 8);
        QCOMPARE(f["sockets"].get<int>(), 2);
        QCOMPARE(f["cores_per_socket"].get<int>(), 2);
        QCOMPARE(f["threads_per_core"].get<int>(), 2);
        QCOMPARE(f["numa_nodes"].get<int>(), 2);
        QVERIFY2(f["numa_node_cpus"] == nlohmann::json({ { "0", "0-1,4-5" }, { "1", "2-3,6" } }),
            f["numa_node_cpus"].dump().c_str());
        QCOMPARE(str(f["cpu_vendor"]), QStringLiteral("GenuineIntel"));
        QCOMPARE(str(f["cpu_model"]), QStringLiteral("Intel(R) Xeon(R) Platinum 8488C"));
    }

    void emptyTreeExplainsEverything()
    {
        QTemporaryDir empty;
        HostPaths paths;
        paths.procRoot = (empty.path() + QStringLiteral("/proc")).toStdString();
        paths.sysRoot = (empty.path() + QStringLiteral("/sys")).toStdString();
        paths.bootRoot = (empty.path() + QStringLiteral("/boot")).toStdString();
        HostFactsOptions options;
        options.etcRoot = (empty.path() + QStringLiteral("/etc")).toStdString();
        const HostFacts result = collectHostFacts(paths, options);
        const nlohmann::json& f = result.facts;
        for (const char* key : kAllKeys)
            QVERIFY2(f.contains(key) != f["unavailable"].contains(key), key);
        // uname answers for the kernel when the tree cannot.
        utsname names {};
        QCOMPARE(::uname(&names), 0);
        QCOMPARE(str(f["kernel_release"]), QString::fromUtf8(names.release));
        QCOMPARE(str(f["hostname"]), QString::fromUtf8(names.nodename));
        const QString osRelease = str(f["unavailable"]["os_release"]);
        QVERIFY2(
            osRelease.endsWith(QStringLiteral("/etc/os-release: No such file or directory")), qPrintable(osRelease));
        QVERIFY(str(f["unavailable"]["memory_total_bytes"]).contains(QStringLiteral("meminfo: No such file")));
        QVERIFY(str(f["unavailable"]["sysctl"]).contains(QStringLiteral("/proc/sys")));
        QVERIFY(str(f["unavailable"]["kernel_config"]).contains(QStringLiteral("CONFIG_IKCONFIG_PROC")));
        QVERIFY(result.sysctl.empty());
        QVERIFY(result.kernelConfig.empty());
    }

    void thisMachine()
    {
        const HostFacts result = collectHostFacts(HostPaths {});
        const nlohmann::json& f = result.facts;
        for (const char* key : kAllKeys)
            QVERIFY2(f.contains(key) != f["unavailable"].contains(key), key);
        // These exist on every Linux host this test runs on.
        for (const char* key : { "hostname", "kernel_release", "kernel_version", "architecture", "cpu_model",
                 "cpus_online", "cpus_possible", "memory_total_bytes", "page_size_bytes", "kernel_cmdline", "sysctl",
                 "sockets", "threads_per_core" })
            QVERIFY2(
                f.contains(key), qPrintable(QString::fromStdString(key + std::string(": ") + f["unavailable"].dump())));

        utsname names {};
        QCOMPARE(::uname(&names), 0);
        QCOMPARE(str(f["kernel_release"]), QString::fromUtf8(names.release));
        // The kernel's own answer; under user-mode emulation uname() is qemu's (aarch64) while /proc
        // is this machine's kernel (x86_64), and the facts rightly follow the kernel.
        QFile arch(QStringLiteral("/proc/sys/kernel/arch"));
        const QString kernelArchitecture = qEnvironmentVariableIsSet("RUNLENS_EMULATOR") && arch.open(QIODevice::ReadOnly)
                                               ? QString::fromLatin1(arch.readAll()).trimmed()
                                               : QString::fromUtf8(names.machine);
        QCOMPARE(str(f["architecture"]), kernelArchitecture);
        QCOMPARE(f["cpus_online"].get<long>(), ::sysconf(_SC_NPROCESSORS_ONLN));
        QCOMPARE(f["page_size_bytes"].get<long>(), ::sysconf(_SC_PAGESIZE));
        QVERIFY(f["memory_total_bytes"].get<std::uint64_t>() > 64u * 1024 * 1024);
        QVERIFY(f["sockets"].get<int>() >= 1);
        if (f.contains("thp_enabled"))
            QVERIFY(QStringList({ "always", "madvise", "never" }).contains(str(f["thp_enabled"])));

        QCOMPARE(result.sysctl.at("kernel.ostype"), std::string("Linux"));
        QCOMPARE(result.sysctl.at("kernel.osrelease"), std::string(names.release));
        QVERIFY(!result.sysctl.contains("vm.drop_caches")); // write-only
        QVERIFY(!result.sysctl.contains("kernel.random.boot_id"));
        for (const auto& [key, value] : result.sysctl) {
            QVERIFY2(key.find("secret") == std::string::npos && key.find("key") == std::string::npos, key.c_str());
            QVERIFY(value.size() <= HostFactsOptions().maxSysctlValueBytes);
        }
        QVERIFY(f["sysctl"]["entries"].get<std::size_t>() > 100);
        if (f.contains("kernel_config"))
            QVERIFY(result.kernelConfig.find("CONFIG_") != std::string::npos);
        QVERIFY(!f.dump().empty());
    }
};

QTEST_GUILESS_MAIN(TestHostFacts)
#include "tst_hostfacts.moc"
