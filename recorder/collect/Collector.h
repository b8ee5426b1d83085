// One data source of the recorder (/proc/stat, /proc/diskstats, ...): opened once, sampled every
// interval into its own metric group.
#pragma once

#include "HostPaths.h"
#include "MetricCatalog.h"
#include "MetricGroup.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::collect {

// Thrown by sample() when the source broke mid-run; the recorder marks the collector failed
// with this message and goes on with the others.
class CollectorError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Problems worth telling the user that do not stop a collector ("cpu7 went offline").
// Repeats of a message are counted, not stored again.
class Warnings
{
public:
    void add(std::string message)
    {
        ++m_total;
        for (const std::string& known : m_messages) {
            if (known == message)
                return;
        }
        if (m_messages.size() < kMaxDistinct)
            m_messages.push_back(std::move(message));
    }
    const std::vector<std::string>& messages() const { return m_messages; }
    std::uint64_t total() const { return m_total; }

private:
    static constexpr std::size_t kMaxDistinct = 100;
    std::vector<std::string> m_messages;
    std::uint64_t m_total = 0;
};

struct SampleContext {
    std::int64_t timestampNs = 0; // since the run's monotonic start
    // Seconds since this collector's previous sample; 0 at its first sample, where rates are NaN.
    double elapsedSeconds = 0;
    MetricCatalog& catalog;
    Warnings& warnings;
};

class Collector
{
public:
    virtual ~Collector() = default;

    // Stable, short, lower-case: used by --collect/--skip, as the metric group name and in the manifest.
    virtual std::string_view name() const = 0;
    // One line for `runlens-rec list-collectors`.
    virtual std::string_view summary() const = 0;

    // Opens the sources and registers the descriptors known up front. Returns an empty string when
    // the collector can run, or the reason it cannot ("/proc/pressure/cpu: No such file or
    // directory (the kernel was built without CONFIG_PSI or booted with psi=0)").
    virtual std::string open(const HostPaths& paths, MetricCatalog& catalog) = 0;

    // Reads the sources once and sets this interval's values in group (already started as a row
    // of NaN). Throws CollectorError when the source broke for good.
    virtual void sample(SampleContext& context, MetricGroup& group) = 0;

    // How many base intervals lie between two samples. A collector may raise it after its first
    // samples (a huge /proc/interrupts on a 192-CPU host); the recorder reads it after each sample.
    virtual int cadence() const { return 1; }

    // What the manifest should say about this collector beyond ok/failed (cadence and why, counts).
    virtual nlohmann::json details() const { return nlohmann::json::object(); }

    // Called once when the recording ends, before the final manifest is written: a collector that
    // holds data outside the spool (an external profiler's output) writes it now. Throws
    // CollectorError; the recorder then marks the collector failed and still writes the archive.
    virtual void finish() {}
    // CPU seconds the collector spent on threads of its own since it opened (the profile's drain
    // thread); the recorder adds them to the collector's cost, which it measures around sample().
    virtual double backgroundCpuSeconds() const { return 0.0; }
};

using CollectorList = std::vector<std::unique_ptr<Collector>>;

} // namespace runlens::collect
