// A synthetic /proc and /sys tree of a large host (192 CPUs, 64 disks, 16 NICs, 300 interrupt
// lines, 500 processes by default) for benchmarks and recorder-side tests.
//
// Qt-free on purpose: recorder tests and the recorder benchmark use it, and nothing under recorder/
// may depend on Qt. The files copy the kernel's formats (field order, padding, widths) closely
// enough that the recorder's parsers take the same paths they take on a real host; the values are
// generated from a seeded PRNG, so every run sees the same tree.
//
// advance() moves every counter on by a plausible, varying amount and lets gauges wander, then
// rewrites the files in place: the recorder keeps its descriptors open and re-preads them, so a file
// must keep its inode (no rename, no unlink-and-create) for the recorder to see the new content.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace runlens::bench {

struct SyntheticHostShape {
    int cpus = 192;
    int numaNodes = 2;
    int disks = 64;             // nvme0n1 ... : whole disks, recorded
    int partitions = 6;         // nvme0n1p1 ... on the first disks: a recorder must skip them
    int loopDevices = 4;        // idle loop devices, as most hosts list them
    int nics = 16;              // besides lo
    int interruptLines = 300;   // numbered lines of /proc/interrupts (the x86 lines come on top)
    int processes = 500;
    // Every this many samples a short-lived process exits and a new one (a new pid) starts, as on
    // any real host; 0 keeps the process set fixed.
    int processChurnEverySamples = 10;
    std::uint64_t seed = 1;
};

class SyntheticHost
{
public:
    // Builds the host's state at sample 0 in memory; nothing is written until create(), so the
    // accessors below can describe a tree without writing it. root/proc and root/sys are the trees.
    explicit SyntheticHost(std::string root, SyntheticHostShape shape = {});
    ~SyntheticHost();
    SyntheticHost(const SyntheticHost&) = delete;
    SyntheticHost& operator=(const SyntheticHost&) = delete;

    // Creates root/proc and root/sys (root/proc must not exist yet, so that no stale file of
    // another tree is left behind) and writes sample 0. Throws std::runtime_error naming the path.
    void create();

    // Moves the tree to sample (greater than sample()): each step in between is one simulated second
    // of the host, so the content at sample k does not depend on how advance() was called to get
    // there. Files whose content did not change are not rewritten. Throws std::runtime_error.
    void advance(std::uint64_t sample);

    std::uint64_t sample() const;
    std::string procRoot() const;
    std::string sysRoot() const;
    const SyntheticHostShape& shape() const;

    // What a recorder should find, for tests that check its output.
    std::vector<std::string> diskNames() const;      // whole disks, without loop devices
    std::vector<std::string> partitionNames() const;
    std::vector<std::string> loopDeviceNames() const;
    std::vector<std::string> nicNames() const;        // without lo
    std::vector<std::string> interruptLabels() const; // numbered and x86 lines, in file order
    std::size_t processCount() const;

    // Bytes written by the last create() or advance(), and how many files: what one step costs.
    std::size_t bytesWrittenLastStep() const;
    std::size_t filesWrittenLastStep() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace runlens::bench
