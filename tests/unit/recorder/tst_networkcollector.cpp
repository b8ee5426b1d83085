// The net collector on this machine's /proc/net files and on hand-written two-sample inputs with
// known rates: interfaces, "all" without loopback, protocol counters, gauges and retrans_pct.
#include "CollectorHarness.h"
#include "NetworkCollector.h"

#include <QTest>

#include <cstdlib>
#include <new>

using runlens::collect::NetworkCollector;
using runlens::format::BetterDirection;
using runlens::format::MetricKind;

#include "AllocationCounter.h"

namespace {

struct Nic {
    const char* name;
    // rx bytes, packets, errs, drop, fifo, frame, compressed, multicast,
    // tx bytes, packets, errs, drop, fifo, colls, carrier, compressed
    std::vector<std::uint64_t> fields;
};

// Formats the file as net/core/net-procfs.c does.
QByteArray netDev(const std::vector<Nic>& nics)
{
    QByteArray text = "Inter-|   Receive                                                |  Transmit\n"
                      " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n";
    for (const Nic& nic : nics) {
        text += QByteArray(nic.name).rightJustified(6) + ':';
        for (const std::uint64_t field : nic.fields)
            text += ' ' + QByteArray::number(qulonglong(field)).rightJustified(7);
        text += '\n';
    }
    return text;
}

std::vector<std::uint64_t> nicFields(std::uint64_t rxBytes, std::uint64_t rxPackets, std::uint64_t rxErrors,
                                     std::uint64_t rxDrops, std::uint64_t txBytes, std::uint64_t txPackets,
                                     std::uint64_t txErrors, std::uint64_t txDrops)
{
    return {rxBytes, rxPackets, rxErrors, rxDrops, 0, 0, 0, 0, txBytes, txPackets, txErrors, txDrops, 0, 0, 0, 0};
}

QByteArray snmp(int activeOpens, int currEstab, int outSegs, int retransSegs, int udpRcvbufErrors)
{
    return QByteArray("Ip: Forwarding DefaultTTL InReceives InDiscards\n"
                      "Ip: 1 64 1000 0\n"
                      "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens CurrEstab OutSegs RetransSegs\n"
                      "Tcp: 1 200 120000 -1 ")
        + QByteArray::number(activeOpens) + ' ' + QByteArray::number(currEstab) + ' ' + QByteArray::number(outSegs)
        + ' ' + QByteArray::number(retransSegs) + "\n"
        + "Udp: InDatagrams RcvbufErrors\n"
        + "Udp: 10 " + QByteArray::number(udpRcvbufErrors) + "\n";
}

QByteArray netstat(int listenDrops, std::uint64_t inOctets)
{
    return QByteArray("TcpExt: SyncookiesSent ListenOverflows ListenDrops TCPTimeouts\n"
                      "TcpExt: 0 0 ")
        + QByteArray::number(listenDrops) + " 5\n"
        + "IpExt: InNoRoutes InOctets\n"
        + "IpExt: 0 " + QByteArray::number(qulonglong(inOctets)) + "\n";
}

const runlens::format::MetricDescriptor* descriptorOf(const runlens::collect::MetricCatalog& catalog, const char* id)
{
    for (const auto& descriptor : catalog.descriptors()) {
        if (descriptor.id == id)
            return &descriptor;
    }
    return nullptr;
}

} // namespace

class TestNetworkCollector : public QObject
{
    Q_OBJECT

private slots:
    void missingFilesGiveReasons()
    {
        CollectorHarness harness;
        NetworkCollector collector;
        const std::string reason = harness.open(collector);
        QVERIFY2(reason.find("net/dev") != std::string::npos, reason.c_str());

        // Without the protocol counters the interfaces are still recorded.
        CollectorHarness devOnly;
        devOnly.write(QStringLiteral("proc/net/dev"), netDev({{"eth0", nicFields(0, 0, 0, 0, 0, 0, 0, 0)}}));
        NetworkCollector interfacesOnly;
        QCOMPARE(devOnly.open(interfacesOnly), std::string());
        devOnly.sample(interfacesOnly, 0);
        QVERIFY(devOnly.has("net.rx_bytes", "eth0"));
        QVERIFY(!devOnly.has("net.tcp.retrans_pct"));
        const nlohmann::json details = interfacesOnly.details();
        QVERIFY(details["unavailable"]["snmp"].get<std::string>().find("net/snmp") != std::string::npos);
        QVERIFY(details["unavailable"]["netstat"].get<std::string>().find("net/netstat") != std::string::npos);
    }

    void parsesThisHost()
    {
        CollectorHarness harness;
        for (const char* file : {"dev", "snmp", "netstat"}) {
            harness.copyFixture(QStringLiteral("proc/this-host/net/%1").arg(QLatin1String(file)),
                                QStringLiteral("proc/net/%1").arg(QLatin1String(file)));
        }
        NetworkCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        // Gauges have values from the first sample on; rates only from the second.
        QCOMPARE(harness.value("net.tcp.maxconn"), -1.0);
        QCOMPARE(harness.value("net.tcp.rtomin"), 200.0);
        QCOMPARE(harness.value("net.tcp.currestab"), 0.0);
        QCOMPARE(harness.value("net.ip.defaultttl"), 64.0);
        QVERIFY(std::isnan(harness.value("net.tcp.retranssegs")));
        harness.sample(collector, 1);

        for (const char* nic : {"lo", "eth0", "ifb0", "ifb1", "all"}) {
            QCOMPARE(harness.value("net.rx_bytes", nic), 0.0);
            QCOMPARE(harness.value("net.tx_packets", nic), 0.0);
        }
        QCOMPARE(harness.value("net.tcp.retranssegs"), 0.0);
        QCOMPARE(harness.value("net.tcpext.listendrops"), 0.0);
        QCOMPARE(harness.value("net.udp.rcvbuferrors"), 0.0);
        QCOMPARE(harness.value("net.ipext.inoctets"), 0.0);
        QCOMPARE(harness.value("net.icmpmsg.intype3"), 0.0);
        QCOMPARE(harness.value("net.mptcpext.mpcurrestab"), 0.0);
        QVERIFY(std::isnan(harness.value("net.tcp.retrans_pct"))); // nothing sent in the interval
        // Every counter of both files became a column: 15 Tcp, 129+ TcpExt, ...
        QVERIFY(collector.details()["protocol_counters"].get<int>() > 250);
        QCOMPARE(collector.details()["all_sums"].dump(), nlohmann::json::array({"ifb0", "ifb1", "eth0"}).dump());

        const auto* retrans = descriptorOf(harness.catalog, "net.tcp.retranssegs");
        QVERIFY(retrans);
        QVERIFY(retrans->kind == MetricKind::Rate);
        QVERIFY(retrans->better == BetterDirection::Lower);
        QCOMPARE(retrans->unit, std::string("/s"));
        QCOMPARE(retrans->category, std::string("Network"));
        const auto* established = descriptorOf(harness.catalog, "net.tcp.currestab");
        QVERIFY(established);
        QVERIFY(established->kind == MetricKind::Gauge);
        QVERIFY(descriptorOf(harness.catalog, "net.tcpext.listenoverflows")->better == BetterDirection::Lower);
        QVERIFY(descriptorOf(harness.catalog, "net.tcp.activeopens")->better == BetterDirection::Neutral);
        QCOMPARE(descriptorOf(harness.catalog, "net.ipext.inoctets")->unit, std::string("bytes/s"));
        QCOMPARE(descriptorOf(harness.catalog, "net.tcp.rtomax")->unit, std::string("ms"));
        // A counter without a hand-written entry gets its direction from its name.
        QVERIFY(descriptorOf(harness.catalog, "net.tcpext.tcpofodrop")->better == BetterDirection::Lower);
        QVERIFY(descriptorOf(harness.catalog, "net.tcpext.delayedacks")->better == BetterDirection::Neutral);
        QCOMPARE(descriptorOf(harness.catalog, "net.rx_bytes")->dimension, std::string("nic"));
    }

    void exactRates()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/net/dev"), netDev({
            {"lo", nicFields(5000, 50, 0, 0, 5000, 50, 0, 0)},
            {"eth0", nicFields(100000, 1000, 1, 2, 20000, 200, 0, 3)},
            {"eth1", nicFields(0, 0, 0, 0, 0, 0, 0, 0)},
        }));
        harness.write(QStringLiteral("proc/net/snmp"), snmp(10, 3, 1000, 10, 0));
        harness.write(QStringLiteral("proc/net/netstat"), netstat(0, 1000));
        NetworkCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QCOMPARE(harness.value("net.tcp.currestab"), 3.0);

        harness.write(QStringLiteral("proc/net/dev"), netDev({
            {"lo", nicFields(6000, 60, 0, 0, 6000, 60, 0, 0)},
            {"eth0", nicFields(300000, 3000, 5, 2, 60000, 600, 2, 7)},
            {"eth1", nicFields(1000, 10, 0, 4, 500, 5, 0, 0)},
        }));
        harness.write(QStringLiteral("proc/net/snmp"), snmp(30, 7, 5000, 110, 6));
        harness.write(QStringLiteral("proc/net/netstat"), netstat(8, 9000));
        harness.sample(collector, 2);

        COMPARE_NEAR(harness.value("net.rx_bytes", "eth0"), 100000, 1e-9);
        COMPARE_NEAR(harness.value("net.tx_bytes", "eth0"), 20000, 1e-9);
        COMPARE_NEAR(harness.value("net.rx_packets", "eth0"), 1000, 1e-9);
        COMPARE_NEAR(harness.value("net.tx_packets", "eth0"), 200, 1e-9);
        COMPARE_NEAR(harness.value("net.rx_errors", "eth0"), 2, 1e-9);
        COMPARE_NEAR(harness.value("net.rx_drops", "eth0"), 0, 1e-9);
        COMPARE_NEAR(harness.value("net.tx_errors", "eth0"), 1, 1e-9);
        COMPARE_NEAR(harness.value("net.tx_drops", "eth0"), 2, 1e-9);
        COMPARE_NEAR(harness.value("net.rx_bytes", "lo"), 500, 1e-9);
        // "all" leaves loopback out.
        COMPARE_NEAR(harness.value("net.rx_bytes", "all"), 100000 + 500, 1e-9);
        COMPARE_NEAR(harness.value("net.tx_bytes", "all"), 20000 + 250, 1e-9);
        COMPARE_NEAR(harness.value("net.rx_drops", "all"), 2, 1e-9);

        COMPARE_NEAR(harness.value("net.tcp.activeopens"), 10, 1e-9);
        COMPARE_NEAR(harness.value("net.tcp.outsegs"), 2000, 1e-9);
        COMPARE_NEAR(harness.value("net.tcp.retranssegs"), 50, 1e-9);
        QCOMPARE(harness.value("net.tcp.currestab"), 7.0);
        COMPARE_NEAR(harness.value("net.udp.rcvbuferrors"), 3, 1e-9);
        COMPARE_NEAR(harness.value("net.tcpext.listendrops"), 4, 1e-9);
        COMPARE_NEAR(harness.value("net.tcpext.tcptimeouts"), 0, 1e-9);
        COMPARE_NEAR(harness.value("net.ipext.inoctets"), 4000, 1e-9);
        // 100 of the 4000 segments sent were retransmissions.
        COMPARE_NEAR(harness.value("net.tcp.retrans_pct"), 2.5, 1e-9);

        // Known interfaces and counters: sampling allocates nothing.
        g_allocations = 0;
        g_countAllocations = true;
        harness.sample(collector, 1);
        g_countAllocations = false;
        QCOMPARE(g_allocations, std::size_t(0));
        COMPARE_NEAR(harness.value("net.rx_bytes", "all"), 0, 1e-9);
    }

    void nicAppearsAndCountersWrap()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/net/dev"), netDev({{"eth0", nicFields(4294967000u, 10, 0, 0, 0, 0, 0, 0)}}));
        NetworkCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        QVERIFY(!harness.has("net.rx_bytes", "veth1"));

        // A container starts: its veth appears, and eth0's 32-bit byte counter wraps.
        harness.write(QStringLiteral("proc/net/dev"), netDev({
            {"eth0", nicFields(100, 20, 0, 0, 0, 0, 0, 0)},
            {"veth1", nicFields(700, 7, 0, 0, 0, 0, 0, 0)},
        }));
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("net.rx_bytes", "eth0"), 296 + 100, 1e-9);
        QVERIFY(harness.has("net.rx_bytes", "veth1"));
        QVERIFY(std::isnan(harness.value("net.rx_bytes", "veth1")));
        COMPARE_NEAR(harness.value("net.rx_bytes", "all"), 396, 1e-9);

        harness.write(QStringLiteral("proc/net/dev"), netDev({
            {"eth0", nicFields(200, 30, 0, 0, 0, 0, 0, 0)},
            {"veth1", nicFields(900, 9, 0, 0, 0, 0, 0, 0)},
        }));
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("net.rx_bytes", "veth1"), 200, 1e-9);
        COMPARE_NEAR(harness.value("net.rx_bytes", "all"), 300, 1e-9);

        // The veth is re-created with fresh counters between two reads: a reset, not a negative rate.
        harness.write(QStringLiteral("proc/net/dev"), netDev({
            {"eth0", nicFields(300, 40, 0, 0, 0, 0, 0, 0)},
            {"veth1", nicFields(50, 1, 0, 0, 0, 0, 0, 0)},
        }));
        harness.sample(collector, 1);
        QVERIFY(std::isnan(harness.value("net.rx_bytes", "veth1")));
        COMPARE_NEAR(harness.value("net.rx_bytes", "all"), 100, 1e-9);
    }

    void gluedNameOfOldKernels()
    {
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/net/dev"),
                      "Inter-|   Receive                                                |  Transmit\n"
                      " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n"
                      "  eth0:1234567890 5 0 0 0 0 0 0 10 1 0 0 0 0 0 0\n");
        NetworkCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/net/dev"),
                      "Inter-|   Receive                                                |  Transmit\n"
                      " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n"
                      "  eth0:1234568890 5 0 0 0 0 0 0 10 1 0 0 0 0 0 0\n");
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("net.rx_bytes", "eth0"), 1000, 1e-9);
    }

    void counterAddedMidRun()
    {
        // /proc/net/snmp's IcmpMsg line gains a column for each ICMP type the host first sees.
        CollectorHarness harness;
        harness.write(QStringLiteral("proc/net/dev"), netDev({}));
        harness.write(QStringLiteral("proc/net/snmp"), "IcmpMsg: InType3\nIcmpMsg: 5\n");
        NetworkCollector collector;
        QCOMPARE(harness.open(collector), std::string());
        harness.sample(collector, 0);
        harness.write(QStringLiteral("proc/net/snmp"), "IcmpMsg: InType3 OutType3\nIcmpMsg: 9 2\n");
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("net.icmpmsg.intype3"), 4, 1e-9);
        QVERIFY(std::isnan(harness.value("net.icmpmsg.outtype3")));
        QVERIFY(harness.catalog.contains("net.icmpmsg.outtype3"));
        harness.write(QStringLiteral("proc/net/snmp"), "IcmpMsg: InType3 OutType3\nIcmpMsg: 9 5\n");
        harness.sample(collector, 1);
        COMPARE_NEAR(harness.value("net.icmpmsg.outtype3"), 3, 1e-9);
        // No segments counted: no retransmission share.
        QVERIFY(std::isnan(harness.value("net.tcp.retrans_pct")));
    }
};

QTEST_GUILESS_MAIN(TestNetworkCollector)
#include "tst_networkcollector.moc"
