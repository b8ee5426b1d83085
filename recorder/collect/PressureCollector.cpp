#include "PressureCollector.h"

#include "CounterDelta.h"
#include "TextCursor.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace runlens::collect {

namespace {

using format::BetterDirection;
using format::MetricKind;

constexpr std::size_t kSome = 0;
constexpr std::size_t kFull = 1;

struct StallTotals {
    std::array<std::uint64_t, 2> microseconds{};
    std::array<bool, 2> found{};
};

// "some avg10=0.00 avg60=0.00 avg300=0.00 total=5779532" and a "full" line. Only total= is used:
// the averages are the kernel's own exponential smoothing over fixed windows, while the total's
// change gives the exact stall time of our interval.
StallTotals parseTotals(std::string_view text)
{
    StallTotals totals;
    TextCursor cursor(text);
    while (!cursor.atEnd()) {
        const std::string_view kind = cursor.word();
        const std::size_t index = kind == "some" ? kSome : kind == "full" ? kFull : 2;
        if (index < 2) {
            for (std::string_view field = cursor.word(); !field.empty(); field = cursor.word()) {
                if (field.substr(0, 6) == "total=") {
                    TextCursor number(field.substr(6));
                    totals.found[index] = number.u64(totals.microseconds[index]);
                    break;
                }
            }
        }
        cursor.nextLine();
    }
    return totals;
}

format::MetricDescriptor describe(const char* id, const char* title, const char* description)
{
    return {id, title, "%", MetricKind::Percent, BetterDirection::Lower, "", "Pressure", description};
}

format::MetricDescriptor descriptorFor(std::string_view id)
{
    if (id == "psi.cpu.some")
        return describe("psi.cpu.some", "CPU pressure (some)",
                        "Share of time at least one task was ready to run but had to wait for a CPU.");
    if (id == "psi.cpu.full")
        return describe("psi.cpu.full", "CPU pressure (full)",
                        "Share of time every non-idle task waited for a CPU at once; the kernel reports 0 for the "
                        "whole host, it means something only inside a container.");
    if (id == "psi.memory.some")
        return describe("psi.memory.some", "Memory pressure (some)",
                        "Share of time at least one task was stalled on memory (reclaiming, swapping in, refaulting).");
    if (id == "psi.memory.full")
        return describe("psi.memory.full", "Memory pressure (full)",
                        "Share of time all non-idle tasks were stalled on memory at once: time lost for any work.");
    if (id == "psi.io.some")
        return describe("psi.io.some", "I/O pressure (some)",
                        "Share of time at least one task was stalled waiting for disk or other I/O.");
    if (id == "psi.io.full")
        return describe("psi.io.full", "I/O pressure (full)",
                        "Share of time all non-idle tasks were stalled on I/O at once: time lost for any work.");
    if (id == "psi.irq.some")
        return describe("psi.irq.some", "Interrupt pressure (some)",
                        "Share of time at least one task could not run because a CPU was handling interrupts.");
    return describe("psi.irq.full", "Interrupt pressure (full)",
                    "Share of time tasks could not run because the CPU was busy handling interrupts.");
}

} // namespace

std::string_view PressureCollector::summary() const
{
    return "Share of time tasks stalled waiting for CPU, memory, I/O and interrupts (/proc/pressure)";
}

std::string PressureCollector::open(const HostPaths& paths, MetricCatalog& catalog)
{
    static constexpr std::array<const char*, 4> kNames = {"cpu", "memory", "io", "irq"};
    static constexpr std::array<std::array<const char*, 2>, 4> kIds = {{
        {"psi.cpu.some", "psi.cpu.full"},
        {"psi.memory.some", "psi.memory.full"},
        {"psi.io.some", "psi.io.full"},
        {"psi.irq.some", "psi.irq.full"},
    }};
    m_sampleNumber = 0;

    // Without the directory nothing below can work; say why that usually is.
    const std::string directory = paths.proc("pressure");
    struct stat info {};
    if (::stat(directory.c_str(), &info) != 0) {
        const int error = errno;
        std::string reason = directory + ": " + std::strerror(error);
        if (error == ENOENT)
            reason += " (kernels before 4.20, such as Amazon Linux 2's 4.14, have no PSI; newer ones may be built without CONFIG_PSI or booted with psi=0)";
        return reason;
    }

    bool any = false;
    std::string reasons;
    for (std::size_t r = 0; r < m_resources.size(); ++r) {
        Resource& resource = m_resources[r];
        resource.name = kNames[r];
        resource.ids = kIds[r];
        resource.lines = {};
        resource.problem.clear();
        if (!resource.file.open(paths.proc(std::string("pressure/") + kNames[r]))) {
            resource.problem = resource.file.error();
        } else {
            // Reading can fail even when opening worked: a kernel with PSI compiled in but
            // disabled answers EOPNOTSUPP here.
            const std::string_view text = resource.file.read();
            const StallTotals totals = parseTotals(text);
            if (!resource.file.error().empty())
                resource.problem = resource.file.error();
            else if (!totals.found[kSome] && !totals.found[kFull])
                resource.problem = resource.file.path() + ": no \"some\" or \"full\" line with a total=";
            for (std::size_t line = 0; line < 2 && resource.problem.empty(); ++line)
                resource.lines[line].present = totals.found[line];
        }
        if (!resource.problem.empty()) {
            resource.file.close();
            // irq pressure only exists on newer kernels with CONFIG_IRQ_TIME_ACCOUNTING; its
            // absence alone is no reason to give up.
            if (r < 3)
                reasons += (reasons.empty() ? "" : "; ") + resource.problem;
            continue;
        }
        any = true;
        for (std::size_t line = 0; line < 2; ++line) {
            if (resource.lines[line].present)
                catalog.add(descriptorFor(resource.ids[line]));
        }
    }
    if (!any)
        return reasons.empty() ? directory + ": no pressure file could be read" : reasons;
    return {};
}

void PressureCollector::sample(SampleContext& context, MetricGroup& group)
{
    ++m_sampleNumber;
    const double seconds = context.elapsedSeconds;
    for (Resource& resource : m_resources) {
        if (!resource.file.isOpen())
            continue;
        const std::string_view text = resource.file.read();
        if (!resource.file.error().empty())
            throw CollectorError(resource.file.error());
        const StallTotals totals = parseTotals(text);
        for (std::size_t index = 0; index < 2; ++index) {
            StallLine& line = resource.lines[index];
            if (!line.present || !totals.found[index])
                continue;
            if (line.column < 0)
                line.column = group.column(resource.ids[index]);
            if (seconds > 0 && line.seenAt != 0 && line.seenAt + 1 == m_sampleNumber) {
                const double stalled = counterDelta(line.previous, totals.microseconds[index]);
                // The kernel's clock and the recorder's interval differ by a few microseconds,
                // which can push a fully stalled interval a hair past 100 %: a stall cannot be
                // longer than the interval, so clamp.
                const double share = 100.0 * stalled / (seconds * 1e6);
                group.set(line.column, std::isnan(share) ? share : std::clamp(share, 0.0, 100.0));
            }
            line.previous = totals.microseconds[index];
            line.seenAt = m_sampleNumber;
        }
    }
}

nlohmann::json PressureCollector::details() const
{
    nlohmann::json json = nlohmann::json::object();
    nlohmann::json collected = nlohmann::json::array();
    nlohmann::json missing = nlohmann::json::object();
    for (const Resource& resource : m_resources) {
        if (resource.file.isOpen())
            collected.push_back(resource.name);
        else if (!resource.problem.empty())
            missing[resource.name] = resource.problem;
    }
    json["collected"] = std::move(collected);
    if (!missing.empty())
        json["missing"] = std::move(missing);
    return json;
}

} // namespace runlens::collect
