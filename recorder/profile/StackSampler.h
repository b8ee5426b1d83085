// Samples the call stacks of every CPU with perf_event_open and turns them into named frames.
//
// One sampling event per online CPU (cycles when the PMU offers it, else the cpu-clock software
// event, which works on VMs and small EC2 sizes), in frequency mode, with kernel and user
// callchains from frame pointers. Each CPU has its own ring buffer; drain() reads them all, first
// the side-band records (exec, mmap, fork, exit) so that every sample meets the mappings of its
// process, then the samples. Times come from CLOCK_MONOTONIC (use_clockid) and are counted from
// the run's start, the clock of the metric series.
#pragma once

#include "ElfSymbolizer.h"
#include "HostPaths.h"
#include "KernelSymbols.h"
#include "ProcessImage.h"
#include "ProfileBuilder.h"
#include "ProfileOptions.h"

#include <linux/perf_event.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace runlens::profile {

class StackSampler
{
public:
    StackSampler(ProfileOptions options, collect::HostPaths paths);
    ~StackSampler();
    StackSampler(const StackSampler&) = delete;
    StackSampler& operator=(const StackSampler&) = delete;

    // Opens the events (disabled), maps the rings, reads kallsyms and the running processes.
    // Returns "" or why the host cannot be profiled (permission, no perf_event_open ...).
    std::string open();
    // Reads the kernel's symbol table (open() does this; tests call it alone).
    void loadKernelSymbols();
    // Handles one ring record (a sample or a side-band record) as drain() does. Lets tests feed
    // synthetic records without perf_event_open.
    void handleRecord(const unsigned char* record);

    // Starts sampling; sample times count from zeroMonotonicNs.
    void start(std::int64_t zeroMonotonicNs);
    // Reads every ring and adds its samples to builder(). Cheap when little happened.
    void drain();
    void stop();

    format::ProfileBuilder& builder() { return m_builder; }
    // What was sampled and how, for ProfileTables::info (FORMAT.md lists the keys).
    nlohmann::json info() const;
    std::uint64_t lostSamples() const { return m_lost; }
    // The rings' file descriptors, for the drain thread to wait on (each signals when half full).
    std::vector<int> ringDescriptors() const;
    // CPU time spent in open() and drain() (reading, parsing, symbolizing), in seconds.
    double cpuSeconds() const { return m_cpuSeconds; }

private:
    struct Ring;

    std::string openRing(perf_event_attr attr, int cpu, std::size_t dataPages, int paranoid, bool& offline);
    void readRunningProcesses();
    ProcessImage& process(std::uint32_t pid);
    std::uint32_t fileIndex(std::string_view path);
    void handleSideBand(const unsigned char* record, std::uint32_t type, std::uint16_t misc);
    void handleSample(const unsigned char* record, std::size_t size);
    std::uint32_t userFrame(std::uint32_t pid, ProcessImage& image, std::uint64_t address);
    std::uint32_t kernelFrame(std::uint64_t address);
    void ensureTask(std::uint32_t pid, std::uint32_t tid, const ProcessImage* image);

    ProfileOptions m_options;
    collect::HostPaths m_paths;
    std::vector<std::unique_ptr<Ring>> m_rings;
    std::string m_event; // "cycles" or "cpu-clock"
    bool m_keepPeriods = false; // the samples' periods vary (a hardware event in frequency mode)
    KernelSymbols m_kernel;
    ElfSymbolizer m_elf;
    format::ProfileBuilder m_builder;
    std::unordered_map<std::uint32_t, std::unique_ptr<ProcessImage>> m_processes;
    std::vector<std::string> m_files;                       // mapping paths, by index
    std::vector<int> m_fileModules;                          // ElfSymbolizer id, -2 until tried
    std::vector<std::string> m_fileModuleNames;              // basename shown as the frame's module
    std::unordered_map<std::string, std::uint32_t> m_fileIndex;
    std::unordered_map<std::uint64_t, std::uint32_t> m_kernelFrames;
    std::unordered_map<std::uint64_t, std::uint32_t> m_fileFrames; // (file index << 40) ^ file offset -> frame
    std::vector<std::uint32_t> m_frames;     // reused: the frames of one sample, innermost first
    std::vector<unsigned char> m_scratch;    // reused: a record that wraps around the ring's end
    std::string m_text;                      // reused for names built on a cache miss
    std::int64_t m_zeroNs = 0;
    std::uint64_t m_drains = 1; // never 0: 0 marks a live process in ProcessImage::exitedAtDrain
    std::uint64_t m_perfMapEpoch = 1; // advances at most once a second: JIT maps are reread once per epoch
    std::int64_t m_perfMapEpochStartNs = 0;
    std::uint64_t m_lost = 0;
    std::uint64_t m_sideBandRecords = 0;
    std::uint64_t m_processesSeen = 0;
    std::uint64_t m_jitFrames = 0;
    std::size_t m_ringBytes = 0;
    std::size_t m_cpuCount = 0; // CPUs sampled (each has ProfileOptions::ringsPerCpu rings)
    double m_cpuSeconds = 0;
    bool m_started = false;
};

} // namespace runlens::profile
