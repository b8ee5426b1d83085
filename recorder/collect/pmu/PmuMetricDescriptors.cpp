#include "PmuMetricDescriptors.h"

namespace runlens::collect::pmu {

namespace {

using format::BetterDirection;
using format::MetricKind;

struct Known {
    const char* id;
    const char* title;
    const char* unit;
    MetricKind kind;
    BetterDirection better;
    const char* description;
};

constexpr auto kGauge = MetricKind::Gauge;
constexpr auto kRate = MetricKind::Rate;
constexpr auto kPercent = MetricKind::Percent;
constexpr auto kHigher = BetterDirection::Higher;
constexpr auto kLower = BetterDirection::Lower;
constexpr auto kNeutral = BetterDirection::Neutral;

constexpr Known kKnown[] = {
    {"pmu.ipc", "Instructions per cycle", "ratio", kGauge, kHigher,
     "How many instructions the CPU finished per clock cycle; higher means the code runs more efficiently."},
    {"pmu.cpi", "Cycles per instruction", "ratio", kGauge, kLower,
     "Clock cycles spent per finished instruction; the inverse of IPC, lower is better."},
    {"pmu.branch_mpki", "Branch mispredictions", "/kinstr", kGauge, kLower,
     "Wrong guesses about which way the code branches, per 1000 instructions; each one throws away work."},
    {"pmu.l1i_mpki", "L1 instruction cache misses", "/kinstr", kGauge, kLower,
     "Times the code to run was not in the fastest instruction cache, per 1000 instructions."},
    {"pmu.l1d_mpki", "L1 data cache misses", "/kinstr", kGauge, kLower,
     "Times data was not in the fastest data cache, per 1000 instructions."},
    {"pmu.l2_mpki", "L2 cache misses", "/kinstr", kGauge, kLower,
     "Times data or code was not in the second-level cache either, per 1000 instructions."},
    {"pmu.llc_mpki", "Last-level cache misses", "/kinstr", kGauge, kLower,
     "Times the CPU had to go to main memory because even the last cache level missed, per 1000 instructions."},
    {"pmu.itlb_mpki", "Instruction TLB misses", "/kinstr", kGauge, kLower,
     "Code address translations not found in the first translation cache, per 1000 instructions."},
    {"pmu.itlb_walk_pki", "Instruction page walks", "/kinstr", kGauge, kLower,
     "Code address translations that needed a slow page-table walk, per 1000 instructions."},
    {"pmu.dtlb_mpki", "Data TLB misses", "/kinstr", kGauge, kLower,
     "Data address translations not found in the first translation cache, per 1000 instructions."},
    {"pmu.dtlb_walk_pki", "Data page walks", "/kinstr", kGauge, kLower,
     "Data address translations that needed a slow page-table walk, per 1000 instructions."},
    {"pmu.stall_frontend_pkc", "Front-end stalls", "/kcycle", kGauge, kLower,
     "Cycles per 1000 in which the CPU waited for instructions to be fetched and decoded."},
    {"pmu.stall_backend_pkc", "Back-end stalls", "/kcycle", kGauge, kLower,
     "Cycles per 1000 in which the CPU waited for data or for busy execution units."},
    {"pmu.code_sparsity", "Code sparsity", "/kinstr", kGauge, kLower,
     "How scattered the running code is in memory, per 1000 instructions; high values mean poor code locality."},
    {"pmu.topdown_retiring", "Top-down: retiring", "%", kPercent, kHigher,
     "Share of the CPU's issue slots that did useful, finished work."},
    {"pmu.topdown_bad_speculation", "Top-down: bad speculation", "%", kPercent, kLower,
     "Share of issue slots wasted on work thrown away after a wrong guess (mostly branch mispredictions)."},
    {"pmu.topdown_frontend_bound", "Top-down: front-end bound", "%", kPercent, kLower,
     "Share of issue slots left empty because instructions did not arrive in time."},
    {"pmu.topdown_backend_bound", "Top-down: back-end bound", "%", kPercent, kLower,
     "Share of issue slots lost waiting for memory or execution units."},
    {"pmu.effective_ghz", "Effective clock", "GHz", kGauge, kHigher,
     "Average clock speed while the CPU was busy (cycles counted over busy time)."},
    {"pmu.task_clock", "Task clock", "ms/s", kRate, kNeutral,
     "Milliseconds per second the kernel's task clock ran; about 1000 per CPU when every CPU is counted."},
    {"pmu.context_switches", "Context switches (perf)", "/s", kRate, kLower,
     "How often per second the CPU switched from one task to another; each switch costs time."},
    {"pmu.cpu_migrations", "CPU migrations", "/s", kRate, kLower,
     "How often per second a task was moved to another CPU, which loses its warm caches."},
    {"pmu.page_faults", "Page faults", "/s", kRate, kLower,
     "How often per second programs touched memory the kernel had to map in first."},
    {kMultiplexMetric, "Counter time share", "%", kPercent, kHigher,
     "Share of the interval each counter group was really counting; below 100 the values are estimates."},
};

} // namespace

format::MetricDescriptor PmuMetricDescriptors::describe(const std::string& id, const std::string& formula)
{
    for (const Known& known : kKnown) {
        if (id == known.id) {
            const bool perInstance = id != kMultiplexMetric;
            return {known.id, known.title, known.unit, known.kind, known.better,
                    perInstance ? "cpu" : "counter group", kPmuCategory, known.description};
        }
    }
    return {id, id.substr(4), "ratio", MetricKind::Gauge, BetterDirection::Neutral, "cpu", kPmuCategory,
            "A formula from the user's event file: " + formula};
}

} // namespace runlens::collect::pmu
