#include "NetworkCollector.h"

#include "CounterDelta.h"
#include "CounterRow.h"
#include "TextCursor.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricDescriptor;
using format::MetricKind;

constexpr const char* kRetransPct = "net.tcp.retrans_pct";

struct InterfaceMetric {
    const char* id;
    const char* title;
    const char* unit;
    BetterDirection better;
    std::size_t field; // index into the 16 numbers of a /proc/net/dev line
    const char* description;
};

// In the order of NetworkCollector::Metric.
constexpr InterfaceMetric kInterfaceMetrics[] = {
    {"net.rx_bytes", "Received", "bytes/s", BetterDirection::Neutral, 0,
     "Bytes received per second by the interface; 'all' is every interface but loopback."},
    {"net.tx_bytes", "Sent", "bytes/s", BetterDirection::Neutral, 8,
     "Bytes sent per second by the interface; 'all' is every interface but loopback."},
    {"net.rx_packets", "Packets received", "/s", BetterDirection::Neutral, 1,
     "Packets received per second by the interface."},
    {"net.tx_packets", "Packets sent", "/s", BetterDirection::Neutral, 9, "Packets sent per second by the interface."},
    {"net.rx_drops", "Receive drops", "/s", BetterDirection::Lower, 3,
     "Received packets per second the host dropped (no buffer space, a full queue, an unwanted protocol)."},
    {"net.tx_drops", "Send drops", "/s", BetterDirection::Lower, 11,
     "Packets per second dropped on the way out (a full transmit queue)."},
    {"net.rx_errors", "Receive errors", "/s", BetterDirection::Lower, 2,
     "Received packets per second that arrived damaged (bad checksum, wrong length, overruns)."},
    {"net.tx_errors", "Send errors", "/s", BetterDirection::Lower, 10,
     "Packets per second the interface failed to send (carrier lost, aborted, collisions)."},
};
static_assert(std::size(kInterfaceMetrics) == 8);

struct KnownCounter {
    std::string_view key; // "Prefix.Name" as the kernel spells it
    const char* title;
    BetterDirection better;
    const char* description;
};

// The counters people look for first, described for someone who does not know the RFCs.
constexpr KnownCounter kKnownCounters[] = {
    {"Ip.InReceives", "IP packets received", BetterDirection::Neutral, "IP packets received per second, errors included."},
    {"Ip.InDelivers", "IP packets delivered", BetterDirection::Neutral,
     "IP packets per second handed to TCP, UDP, ICMP and the other protocols."},
    {"Ip.OutRequests", "IP packets sent", BetterDirection::Neutral,
     "IP packets per second the host's protocols asked to send (forwarded packets not included)."},
    {"Ip.InDiscards", "IP receive discards", BetterDirection::Lower,
     "Received IP packets per second thrown away for lack of resources (memory), with nothing wrong in them."},
    {"Ip.OutDiscards", "IP send discards", BetterDirection::Lower,
     "Outgoing IP packets per second thrown away for lack of resources."},
    {"Ip.InHdrErrors", "IP header errors", BetterDirection::Lower,
     "Received IP packets per second discarded for a bad header (checksum, version, TTL exceeded)."},
    {"Ip.InAddrErrors", "IP address errors", BetterDirection::Lower,
     "Received IP packets per second discarded because their destination address is not valid here."},
    {"Ip.OutNoRoutes", "IP packets without route", BetterDirection::Lower,
     "IP packets per second that could not be sent because no route leads to their destination."},
    {"Ip.ReasmFails", "IP reassembly failures", BetterDirection::Lower,
     "Fragmented IP packets per second that could not be put back together (a fragment lost or timed out)."},
    {"Ip.Forwarding", "IP forwarding", BetterDirection::Neutral,
     "1 when the host routes packets between interfaces, 2 when it does not."},
    {"Ip.DefaultTTL", "IP default TTL", BetterDirection::Neutral,
     "Hop limit given to the IP packets this host sends."},
    {"Tcp.ActiveOpens", "TCP connections opened", BetterDirection::Neutral,
     "TCP connections per second this host started (connect calls)."},
    {"Tcp.PassiveOpens", "TCP connections accepted", BetterDirection::Neutral,
     "TCP connections per second this host accepted from remote clients."},
    {"Tcp.AttemptFails", "TCP connection failures", BetterDirection::Lower,
     "TCP connection attempts per second that failed before being established (refused, reset or timed out)."},
    {"Tcp.EstabResets", "TCP connections reset", BetterDirection::Lower,
     "Established TCP connections per second that ended with a reset instead of a normal close."},
    {"Tcp.CurrEstab", "TCP connections established", BetterDirection::Neutral,
     "TCP connections currently established (or waiting for the application to close them)."},
    {"Tcp.InSegs", "TCP segments received", BetterDirection::Neutral,
     "TCP segments received per second, including those with errors."},
    {"Tcp.OutSegs", "TCP segments sent", BetterDirection::Neutral,
     "TCP segments sent per second (Linux counts retransmissions here too)."},
    {"Tcp.RetransSegs", "TCP retransmissions", BetterDirection::Lower,
     "TCP segments sent again per second because the first copy was lost or not acknowledged in time."},
    {"Tcp.InErrs", "TCP receive errors", BetterDirection::Lower,
     "TCP segments received per second that were malformed or had a bad checksum."},
    {"Tcp.OutRsts", "TCP resets sent", BetterDirection::Lower,
     "TCP resets (RST) sent per second, refusing a connection or aborting one."},
    {"Tcp.InCsumErrors", "TCP checksum errors", BetterDirection::Lower,
     "TCP segments received per second with a bad checksum."},
    {"Tcp.RtoAlgorithm", "TCP RTO algorithm", BetterDirection::Neutral,
     "How TCP computes its retransmission timeout (1 = other, the Linux value)."},
    {"Tcp.RtoMin", "TCP minimum RTO", BetterDirection::Neutral,
     "Shortest time TCP waits for an acknowledgement before retransmitting, in milliseconds."},
    {"Tcp.RtoMax", "TCP maximum RTO", BetterDirection::Neutral,
     "Longest time TCP waits for an acknowledgement before retransmitting, in milliseconds."},
    {"Tcp.MaxConn", "TCP connection limit", BetterDirection::Neutral,
     "Maximum number of TCP connections; -1 means no fixed limit."},
    {"TcpExt.ListenOverflows", "Listen queue overflows", BetterDirection::Lower,
     "Connections dropped per second because an application's accept queue was full (the server accepts too "
     "slowly or its backlog is too small)."},
    {"TcpExt.ListenDrops", "Listen drops", BetterDirection::Lower,
     "Incoming connection requests dropped per second at a listening socket for any reason, overflows included."},
    {"TcpExt.TCPTimeouts", "TCP retransmission timeouts", BetterDirection::Lower,
     "Times per second TCP waited a whole retransmission timeout without an acknowledgement: stalls of 200 ms "
     "or more."},
    {"TcpExt.TCPLostRetransmit", "TCP retransmissions lost", BetterDirection::Lower,
     "Retransmitted TCP segments per second that were lost again."},
    {"TcpExt.TCPFastRetrans", "TCP fast retransmits", BetterDirection::Lower,
     "TCP segments resent per second as soon as a loss was detected, without waiting for a timeout."},
    {"TcpExt.TCPSlowStartRetrans", "TCP slow-start retransmits", BetterDirection::Lower,
     "TCP segments resent per second after a timeout, while the connection restarts slowly."},
    {"TcpExt.TCPSynRetrans", "TCP SYN retransmits", BetterDirection::Lower,
     "Connection requests (SYN) sent again per second because no answer came in time."},
    {"TcpExt.SyncookiesSent", "SYN cookies sent", BetterDirection::Lower,
     "SYN cookies sent per second: the queue of half-open connections overflowed (a connection flood or a slow "
     "server)."},
    {"TcpExt.TCPBacklogDrop", "TCP backlog drops", BetterDirection::Lower,
     "TCP segments dropped per second because a busy socket's backlog was full."},
    {"TcpExt.TCPRcvQDrop", "TCP receive queue drops", BetterDirection::Lower,
     "TCP segments dropped per second because the receiving socket had no memory left."},
    {"TcpExt.PruneCalled", "TCP receive buffer pruning", BetterDirection::Lower,
     "Times per second a socket's receive queue had to be squeezed because the application read too slowly."},
    {"TcpExt.TCPAbortOnTimeout", "TCP aborts on timeout", BetterDirection::Lower,
     "TCP connections aborted per second after too many retransmission timeouts."},
    {"TcpExt.TCPAbortOnMemory", "TCP aborts on memory", BetterDirection::Lower,
     "TCP connections aborted per second because TCP ran out of memory."},
    {"TcpExt.TCPMemoryPressures", "TCP memory pressure", BetterDirection::Lower,
     "Times per second TCP entered memory pressure (tcp_mem limits reached)."},
    {"TcpExt.TW", "TIME-WAIT finished", BetterDirection::Neutral,
     "Closed TCP connections per second that finished their TIME-WAIT period."},
    {"TcpExt.DelayedACKs", "Delayed ACKs", BetterDirection::Neutral,
     "Acknowledgements per second that TCP held back hoping to send them with data."},
    {"Udp.InDatagrams", "UDP datagrams received", BetterDirection::Neutral,
     "UDP datagrams per second delivered to applications."},
    {"Udp.OutDatagrams", "UDP datagrams sent", BetterDirection::Neutral, "UDP datagrams sent per second."},
    {"Udp.NoPorts", "UDP to closed ports", BetterDirection::Lower,
     "UDP datagrams received per second for a port nobody listens on."},
    {"Udp.InErrors", "UDP receive errors", BetterDirection::Lower,
     "UDP datagrams received per second that could not be delivered, mostly because a socket buffer was full."},
    {"Udp.RcvbufErrors", "UDP receive buffer full", BetterDirection::Lower,
     "UDP datagrams dropped per second because a socket's receive buffer was full (the application reads too "
     "slowly)."},
    {"Udp.SndbufErrors", "UDP send buffer full", BetterDirection::Lower,
     "UDP datagrams dropped per second because a socket's send buffer was full."},
    {"IpExt.InOctets", "IP bytes received", BetterDirection::Neutral, "IP bytes received per second, all interfaces."},
    {"IpExt.OutOctets", "IP bytes sent", BetterDirection::Neutral, "IP bytes sent per second, all interfaces."},
};

// Counters that are levels, not totals: recorded as they are, not as rates.
constexpr std::string_view kGauges[] = {
    "Ip.Forwarding", "Ip.DefaultTTL", "Tcp.RtoAlgorithm", "Tcp.RtoMin", "Tcp.RtoMax", "Tcp.MaxConn",
    "Tcp.CurrEstab", "MPTcpExt.MPCurrEstab",
};

// For the counters without a hand-written entry: names that say something went wrong.
constexpr std::string_view kBadWords[] = {
    "Err", "Drop", "Fail", "Retrans", "Overflow", "Timeout", "Lost", "Discard", "Reset", "Rst", "Prune", "Abort",
    "Pressure",
};

std::string lowered(std::string_view text)
{
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return result;
}

MetricDescriptor counterDescriptor(std::string_view prefix, std::string_view name, const std::string& id,
                                   bool gauge, const std::string& source)
{
    const std::string key = std::string(prefix) + "." + std::string(name);
    MetricDescriptor descriptor;
    descriptor.id = id;
    descriptor.title = std::string(prefix) + " " + std::string(name);
    descriptor.kind = gauge ? MetricKind::Gauge : MetricKind::Rate;
    descriptor.unit = gauge ? "count" : "/s";
    if (name.ends_with("Octets"))
        descriptor.unit = "bytes/s";
    if (key == "Tcp.RtoMin" || key == "Tcp.RtoMax")
        descriptor.unit = "ms";
    descriptor.dimension = "";
    descriptor.category = "Network";
    descriptor.better = BetterDirection::Neutral;
    for (const std::string_view word : kBadWords) {
        if (name.find(word) != std::string_view::npos)
            descriptor.better = BetterDirection::Lower;
    }
    if (name.ends_with("Chrono")) {
        descriptor.unit = "ms";
        descriptor.description = "Milliseconds per second spent in the state the kernel counter " + key +
                                 " tracks (" + source + ").";
    } else {
        descriptor.description = std::string(gauge ? "Current value" : "Per-second rate") + " of the kernel counter " +
                                 key + " (" + source + ").";
    }
    for (const KnownCounter& known : kKnownCounters) {
        if (known.key == key) {
            descriptor.title = known.title;
            descriptor.better = known.better;
            descriptor.description = known.description;
        }
    }
    return descriptor;
}

} // namespace

std::string_view NetworkCollector::summary() const
{
    return "Network interfaces and TCP/UDP/IP counters (/proc/net/dev, /proc/net/snmp, /proc/net/netstat)";
}

std::string NetworkCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    if (!m_dev.open(paths.proc("net/dev")))
        return m_dev.error();
    // The protocol counters are a bonus: without them the interfaces are still recorded.
    for (CounterFile* source : {&m_snmp, &m_netstat}) {
        const char* relative = source == &m_snmp ? "net/snmp" : "net/netstat";
        source->available = source->file.open(paths.proc(relative));
        if (!source->available)
            source->unavailableReason = source->file.error();
    }

    m_allColumns.fill(-1);
    for (const InterfaceMetric& metric : kInterfaceMetrics) {
        catalog.add(MetricDescriptor{metric.id, metric.title, metric.unit, MetricKind::Rate, metric.better, "nic",
                                     "Network", metric.description});
    }
    if (m_snmp.available) {
        catalog.add(MetricDescriptor{kRetransPct, "TCP retransmitted share", "%", MetricKind::Percent,
                                     BetterDirection::Lower, "", "Network",
                                     "Share of sent TCP segments that were retransmissions; above about 1% usually "
                                     "means packet loss or congestion on the path."});
    }
    return {};
}

NetworkCollector::Interface& NetworkCollector::interfaceAt(std::size_t position, std::string_view name,
                                                           MetricGroup& group)
{
    if (position < m_order.size() && m_interfaces[m_order[position]].name == name)
        return m_interfaces[m_order[position]];
    std::size_t index = 0;
    if (const auto it = m_interfaceIndex.find(name); it != m_interfaceIndex.end()) {
        index = it->second;
    } else {
        // A new interface (a container's veth, a VPN tunnel): its columns start now.
        index = m_interfaces.size();
        Interface interface;
        interface.name.assign(name);
        interface.inAggregate = name != kLoopback;
        for (std::size_t metric = 0; metric < MetricCount; ++metric)
            interface.columns[metric] = group.column(kInterfaceMetrics[metric].id, name);
        m_interfaces.push_back(std::move(interface));
        m_interfaceIndex.emplace(std::string(name), index);
    }
    if (position < m_order.size())
        m_order[position] = index;
    else
        m_order.push_back(index);
    return m_interfaces[index];
}

void NetworkCollector::sampleInterfaces(std::string_view text, double seconds, MetricGroup& group)
{
    const bool rates = seconds > 0;
    std::array<double, MetricCount> totals{};
    bool anyTotal = false;
    DevFields current{};
    TextCursor cursor(text);
    std::size_t position = 0;
    while (!cursor.atEnd()) {
        // The two header lines have no ':'.
        CounterRow row;
        if (!readCounterRow(cursor.line(), current, row) || row.count < kDevFields)
            continue;
        const std::string_view name = row.label;

        Interface& interface = interfaceAt(position++, name, group);
        const bool comparable = interface.lastRead != 0 && interface.lastRead + 1 == m_reads;
        interface.lastRead = m_reads;
        const DevFields previous = interface.previous;
        interface.previous = current;
        if (!comparable || !rates)
            continue;
        bool reset = false;
        std::array<double, MetricCount> deltas{};
        for (std::size_t metric = 0; metric < MetricCount; ++metric) {
            const std::size_t field = kInterfaceMetrics[metric].field;
            deltas[metric] = counterDelta(previous[field], current[field]);
            reset = reset || std::isnan(deltas[metric]);
            group.set(interface.columns[metric], deltas[metric] / seconds);
        }
        // An interface re-created between two reads (counters went back) sits out this interval of "all".
        if (!interface.inAggregate || reset)
            continue;
        anyTotal = true;
        for (std::size_t metric = 0; metric < MetricCount; ++metric)
            totals[metric] += deltas[metric];
    }
    if (!anyTotal)
        return;
    for (std::size_t metric = 0; metric < MetricCount; ++metric)
        group.set(m_allColumns[metric], totals[metric] / seconds);
}

NetworkCollector::Section& NetworkCollector::sectionAt(CounterFile& source, std::size_t position,
                                                       std::string_view prefix)
{
    if (position < source.sections.size() && source.sections[position].prefix == prefix)
        return source.sections[position];
    for (Section& section : source.sections) {
        if (section.prefix == prefix)
            return section;
    }
    Section section;
    section.prefix.assign(prefix);
    source.sections.push_back(std::move(section));
    return source.sections.back();
}

void NetworkCollector::rebuildSection(Section& section, std::string_view header, const std::string& source,
                                      MetricCatalog& catalog, MetricGroup& group)
{
    // Happens at the first read and when the kernel adds a counter (IcmpMsg grows a column per
    // ICMP type seen); counters already known keep their previous value, so their rates go on.
    std::vector<Counter> counters;
    TextCursor cursor(header.substr(header.find(':') + 1));
    for (std::string_view name = cursor.word(); !name.empty(); name = cursor.word()) {
        Counter counter;
        const auto known = std::find_if(section.counters.begin(), section.counters.end(),
                                        [&](const Counter& old) { return old.name == name; });
        if (known != section.counters.end()) {
            counter = *known;
        } else {
            const std::string key = section.prefix + "." + std::string(name);
            const std::string id = "net." + lowered(section.prefix) + "." + lowered(name);
            counter.name.assign(name);
            counter.gauge = std::find(std::begin(kGauges), std::end(kGauges), key) != std::end(kGauges);
            counter.role = key == "Tcp.RetransSegs" ? Role::RetransSegs
                         : key == "Tcp.OutSegs"     ? Role::OutSegs
                                                    : Role::Plain;
            catalog.add(counterDescriptor(section.prefix, name, id, counter.gauge, source));
            counter.column = group.column(id);
        }
        counters.push_back(std::move(counter));
    }
    section.counters = std::move(counters);
    section.header.assign(header);
}

void NetworkCollector::sampleCounters(CounterFile& source, double seconds, SampleContext& context,
                                      MetricGroup& group)
{
    if (!source.available)
        return;
    const std::string_view text = source.file.read();
    if (!source.file.error().empty()) {
        context.warnings.add(source.file.error());
        return;
    }
    const bool rates = seconds > 0;
    TextCursor cursor(text);
    std::size_t position = 0;
    while (!cursor.atEnd()) {
        const std::string_view header = cursor.line();
        const std::string_view values = cursor.line();
        const std::size_t colon = header.find(':');
        if (colon == std::string_view::npos || values.substr(0, colon + 1) != header.substr(0, colon + 1))
            continue; // not a header/value pair
        Section& section = sectionAt(source, position++, header.substr(0, colon));
        if (section.header != header)
            rebuildSection(section, header, source.file.path(), context.catalog, group);

        TextCursor fields(values.substr(colon + 1));
        for (Counter& counter : section.counters) {
            fields.skipBlanks();
            const bool negative = fields.consume('-');
            std::uint64_t value = 0;
            if (!fields.u64(value))
                break;
            const bool comparable = counter.lastRead != 0 && counter.lastRead + 1 == m_reads;
            counter.lastRead = m_reads;
            const std::uint64_t previous = counter.previous;
            counter.previous = value;
            if (counter.gauge) {
                group.set(counter.column, negative ? -double(value) : double(value));
                continue;
            }
            if (!comparable || !rates)
                continue;
            const double delta = counterDelta(previous, value);
            group.set(counter.column, delta / seconds);
            if (counter.role == Role::RetransSegs) {
                m_retransDelta = delta;
                m_haveRetrans = true;
            } else if (counter.role == Role::OutSegs) {
                m_outSegsDelta = delta;
                m_haveOutSegs = true;
            }
        }
    }
}

void NetworkCollector::sample(SampleContext& context, MetricGroup& group)
{
    const std::string_view text = m_dev.read();
    if (!m_dev.error().empty())
        throw CollectorError(m_dev.error());
    ++m_reads;
    if (m_allColumns[0] < 0) {
        for (std::size_t metric = 0; metric < MetricCount; ++metric)
            m_allColumns[metric] = group.column(kInterfaceMetrics[metric].id, format::kAggregateInstance);
        if (m_snmp.available)
            m_retransPctColumn = group.column(kRetransPct);
    }
    const double seconds = context.elapsedSeconds;
    sampleInterfaces(text, seconds, group);

    m_haveRetrans = false;
    m_haveOutSegs = false;
    sampleCounters(m_snmp, seconds, context, group);
    sampleCounters(m_netstat, seconds, context, group);
    // Retransmitted segments over all segments sent: NaN for an interval that sent nothing.
    if (m_haveRetrans && m_haveOutSegs && m_outSegsDelta > 0)
        group.set(m_retransPctColumn, m_retransDelta / m_outSegsDelta * 100);
}

nlohmann::json NetworkCollector::details() const
{
    nlohmann::json interfaces = nlohmann::json::array();
    nlohmann::json aggregate = nlohmann::json::array();
    for (const Interface& interface : m_interfaces) {
        interfaces.push_back(interface.name);
        if (interface.inAggregate)
            aggregate.push_back(interface.name);
    }
    nlohmann::json details = nlohmann::json::object();
    details["interfaces"] = std::move(interfaces);
    details["all_sums"] = std::move(aggregate);
    details["all_rule"] = "'all' sums every interface except loopback (lo), whose traffic never leaves the host. "
                          "Virtual interfaces (bridges, bonds, veth, tunnels) are included, so traffic that "
                          "crosses one and a physical NIC is counted on both.";
    std::size_t counters = 0;
    for (const CounterFile* source : {&m_snmp, &m_netstat}) {
        for (const Section& section : source->sections)
            counters += section.counters.size();
    }
    details["protocol_counters"] = counters;
    nlohmann::json unavailable = nlohmann::json::object();
    if (!m_snmp.available)
        unavailable["snmp"] = m_snmp.unavailableReason;
    if (!m_netstat.available)
        unavailable["netstat"] = m_netstat.unavailableReason;
    if (!unavailable.empty())
        details["unavailable"] = std::move(unavailable);
    return details;
}

} // namespace runlens::collect
