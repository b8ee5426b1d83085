// Network interfaces (/proc/net/dev) and the kernel's protocol counters (/proc/net/snmp,
// /proc/net/netstat: TCP retransmits, resets, listen drops, UDP buffer errors ...).
#pragma once

#include "Collector.h"
#include "ProcFile.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

class NetworkCollector final : public Collector
{
public:
    std::string_view name() const override { return "net"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

    // The loopback interface, left out of "all": its traffic never leaves the host and would be
    // counted twice (once sent, once received).
    static constexpr std::string_view kLoopback = "lo";

private:
    // The /proc/net/dev columns recorded, as indexes into its 16 numbers per interface.
    enum Metric : std::size_t { RxBytes, TxBytes, RxPackets, TxPackets, RxDrops, TxDrops, RxErrors, TxErrors, MetricCount };
    static constexpr std::size_t kDevFields = 16;
    using DevFields = std::array<std::uint64_t, kDevFields>;

    struct Interface {
        std::string name;
        bool inAggregate = true;
        std::uint64_t lastRead = 0; // m_reads of the read that last listed it
        DevFields previous{};
        std::array<int, MetricCount> columns{};
    };

    enum class Role { Plain, RetransSegs, OutSegs };

    struct Counter {
        std::string name;
        bool gauge = false;
        Role role = Role::Plain;
        std::uint64_t lastRead = 0;
        std::uint64_t previous = 0;
        int column = -1;
    };

    // One header-line/value-line pair ("Tcp: RtoAlgorithm ..." / "Tcp: 1 200 ...").
    struct Section {
        std::string prefix;
        std::string header; // as last read: a different header (a new ICMP type) rebuilds counters
        std::vector<Counter> counters;
    };

    struct CounterFile {
        ProcFile file;
        bool available = false;
        std::string unavailableReason;
        std::vector<Section> sections;
    };

    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };

    void sampleInterfaces(std::string_view text, double seconds, MetricGroup& group);
    Interface& interfaceAt(std::size_t position, std::string_view name, MetricGroup& group);
    void sampleCounters(CounterFile& source, double seconds, SampleContext& context, MetricGroup& group);
    Section& sectionAt(CounterFile& source, std::size_t position, std::string_view prefix);
    void rebuildSection(Section& section, std::string_view header, const std::string& source, MetricCatalog& catalog,
                        MetricGroup& group);

    ProcFile m_dev;
    std::vector<Interface> m_interfaces;
    std::unordered_map<std::string, std::size_t, Hash, std::equal_to<>> m_interfaceIndex;
    std::vector<std::size_t> m_order; // interface index at each line of the last read
    std::array<int, MetricCount> m_allColumns{};

    CounterFile m_snmp;
    CounterFile m_netstat;
    int m_retransPctColumn = -1;
    double m_retransDelta = 0;
    double m_outSegsDelta = 0;
    bool m_haveRetrans = false;
    bool m_haveOutSegs = false;

    std::uint64_t m_reads = 0;
};

} // namespace runlens::collect
