// Memory use (/proc/meminfo, every field, in bytes) and the kernel's memory counters
// (/proc/vmstat: event counters as per-second rates, nr_* levels as gauges).
#pragma once

#include "Collector.h"
#include "ProcFile.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace runlens::collect {

class MemoryCollector final : public Collector
{
public:
    std::string_view name() const override { return "mem"; }
    std::string_view summary() const override;
    std::string open(const HostPaths& paths, MetricCatalog& catalog) override;
    void sample(SampleContext& context, MetricGroup& group) override;
    nlohmann::json details() const override;

    // The metric id of a /proc/meminfo key ("Active(anon)" -> "mem.active_anon", "MemTotal" ->
    // "mem.total") and of a /proc/vmstat key ("pgfault" -> "mem.vm.pgfault").
    static std::string meminfoMetricId(std::string_view key);
    static std::string vmstatMetricId(std::string_view key);

private:
    // One line of a file, known by its key. Fields are discovered from the files, so a kernel
    // with fields this code has never heard of still has all of them recorded.
    struct Field {
        std::string key;  // as the kernel prints it, without the ':'
        std::string id;
        bool rate = false;  // a cumulative counter, recorded as a per-second rate
        double scale = 1;   // 1024 for meminfo's kB values
        int column = -1;
        std::uint64_t previous = 0; // raw counter at the sample previousAt
        std::uint64_t previousAt = 0;
        double value = 0;           // the value recorded at the sample seenAt
        std::uint64_t seenAt = 0;
    };

    struct StringHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>()(text); }
    };

    // The fields of one file. The kernel prints them in a fixed order, so field i of the last
    // read is tried first and the hash map is only the fallback when the layout changed.
    struct Source {
        ProcFile file;
        bool vmstat = false;
        std::vector<Field> fields;
        std::vector<int> byLine;
        std::unordered_map<std::string, int, StringHash, std::equal_to<>> byKey;
    };

    void parse(Source& source, std::string_view text, MetricCatalog& catalog, MetricGroup* group, double seconds);
    int fieldIndex(Source& source, std::size_t line, std::string_view key, bool inKilobytes, MetricCatalog& catalog);
    const Field* fieldSeenNow(const Source& source, int index) const;
    void setDerived(int& column, const char* id, double value, MetricCatalog& catalog, MetricGroup& group);

    Source m_meminfo;
    Source m_vmstat;
    std::string m_vmstatProblem; // why /proc/vmstat is not collected, empty when it is
    std::uint64_t m_sampleNumber = 0;

    // Fields the derived metrics are computed from, -1 until seen.
    int m_memTotal = -1;
    int m_memAvailable = -1;
    int m_pgfault = -1;
    int m_pgmajfault = -1;
    int m_usedColumn = -1;
    int m_minorFaultColumn = -1;
};

} // namespace runlens::collect
