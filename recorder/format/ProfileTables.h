// A CPU profile: the stack samples of a run, kept as three tables (frames, stacks, samples) so that
// a flame graph for any time range, CPU, process or thread is one pass over the sample rows.
//
// The recorder's stack sampler writes these tables into the archive; importers of folded stacks and
// `perf script` output fill the same structure, so every profile reaches the app through one path.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace runlens::format {

enum class FrameKind : std::uint8_t { Kernel, User, Jit, Unknown };

// One function (or an unresolved address) in one module. Frames are deduplicated: two samples in
// the same function share the frame id whatever the instruction address was.
struct ProfileFrame {
    std::string symbol; // "memcpy", "[unknown]" when it could not be resolved
    std::string module; // "libc.so.6", "[kernel.kallsyms]", "perf-1234.map", "" when unknown
    FrameKind kind = FrameKind::Unknown;
};

// "No stack": the parent of an outermost frame, and the stack of a sample without frames.
inline constexpr std::uint32_t kNoStack = std::numeric_limits<std::uint32_t>::max();

// Stacks form a prefix tree: stack id -> (the stack of its callers, its innermost frame). The
// frames of a stack, outermost first, are the frames met walking `parent` up to kNoStack, reversed.
// A parent's id is always smaller than its child's.
struct ProfileStack {
    std::uint32_t parent = kNoStack;
    std::uint32_t frame = 0;
};

// A thread seen by the profiler: the command name the kernel reported (comm) and its process. A
// thread that called exec has one row, with the new command, unless samples name their task.
struct ProfileTask {
    std::uint32_t tid = 0;
    std::uint32_t pid = 0;
    std::string command;
};

// One row per sample, columnar. `stack` is an index into ProfileTables::stacks or kNoStack.
//
// The last three columns are optional: each is either empty or has one value per row.
struct ProfileSamples {
    std::vector<std::int64_t> timeNs; // since the run's start (the same clock as the series)
    std::vector<std::uint32_t> cpu;
    std::vector<std::uint32_t> pid;
    std::vector<std::uint32_t> tid;
    std::vector<std::uint32_t> stack;
    // How many samples the row stands for: a folded line "a;b;c 42" is one row. Empty: one each.
    std::vector<std::uint64_t> count;
    // The event count the row stands for (perf's period: nanoseconds of cpu-clock, cycles): in
    // frequency mode the kernel changes the period from sample to sample, so samples of one event
    // weigh differently. Empty: not recorded (every sample of the profile has the same period).
    std::vector<std::uint64_t> period;
    // The row's task (index into ProfileTables::tasks) when a thread had more than one command
    // (it called exec) and each sample keeps the one it was taken under. Empty: the task of `tid`.
    std::vector<std::uint32_t> task;

    std::size_t size() const { return timeNs.size(); }
    std::uint64_t countAt(std::size_t row) const { return count.empty() ? 1 : count[row]; }
    // The period, or the count where no period was recorded.
    std::uint64_t periodAt(std::size_t row) const { return period.empty() ? countAt(row) : period[row]; }
};

// What a flame graph, a top-functions table or folded output adds up per stack.
enum class SampleWeight : std::uint8_t {
    Samples,     // how many samples
    EventCount,  // the summed period (falls back to samples where the profile has no period)
};

struct ProfileTables {
    // What was sampled and how: event, frequency, backend, kernel symbol availability, lost
    // samples, the sampler's own CPU cost ... (keys documented in FORMAT.md).
    nlohmann::json info = nlohmann::json::object();
    std::vector<ProfileFrame> frames;
    std::vector<ProfileStack> stacks;
    std::vector<ProfileTask> tasks;
    ProfileSamples samples;
    // How finely sample times were kept: 0 when exact (format 1.x archives, importers, the
    // journal); otherwise every timeNs is a multiple of it, the start of its quantum (format 2.0
    // archives keep 1 ms, FORMAT.md "Profile").
    std::int64_t timeQuantumNs = 0;
    // True when the rows are in non-decreasing timeNs order, which format 2.0 archives guarantee
    // (the decoder checks it): a reader may then find a time range by binary search, not by sorting.
    bool timeOrdered = false;

    bool empty() const { return samples.size() == 0; }
    bool hasPeriods() const { return !samples.period.empty(); }
};

} // namespace runlens::format
