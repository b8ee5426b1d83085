// The crash-safe journal of a profile while it is recorded: NAME.spool/profile.journal.
//
// The sampler appends, once per drain and with one write(), the frames, stacks and tasks that are
// new since the last append, the samples of the drain and the current info. After kill -9 the
// journal holds every drain that reached the kernel; a torn last batch is detected and ignored,
// like a torn row of a metric journal.
//
// File: the 8-byte magic "RLPROF01", then records: u32 tag, u32 payload size, payload.
//   'F' frames:  u32 first id, u32 count, then per frame: u8 kind, u16 size + symbol, u16 size + module
//   'S' stacks:  u32 first id, u32 count, then per stack: u32 parent, u32 frame
//   'T' tasks:   u32 count, then per task: u32 tid, u32 pid, u16 size + command (a later record
//                for the same tid replaces the command: a thread that called exec)
//   'P' samples: u32 count (at most 2^20 a record), then per sample: i64 time, u32 cpu, u32 pid, u32 tid, u32 stack
//   'W' periods: u32 count, then per sample of the 'P' record right before it: u64 period (only
//                for profiles whose samples weigh differently; samples without one weigh 1)
//   'I' info:    the info JSON object as text; the last one wins
// All integers little-endian. Kinds: 0 kernel, 1 user, 2 jit, 3 unknown.
//
// Reading keeps memory bounded however long the run was (`runlens-rec pack` on the host):
// scanProfileJournal reads and checks the whole file but keeps only what grows with distinct
// stacks (frames, stacks, tasks, info) and where the sample records are; readJournalSamples then
// hands the samples over a block at a time. A journal that fails the scan costs the profile before
// any of it is written.
#pragma once

#include "FrameTable.h"
#include "ProfileTables.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace runlens::format {

class ProfileBuilder;

namespace spool {
inline constexpr const char* kProfileJournal = "profile.journal";
} // namespace spool

// Info key (a boolean) of a journal whose samples all carry the same period (perf's cpu-clock):
// its batches were written with periods before the last one was read, and pack keeps counts.
inline constexpr const char* kConstantPeriodsKey = "periods_constant";

class ProfileJournalWriter
{
public:
    // Creates the file (it must not exist). Throws FormatError naming the file and the reason.
    explicit ProfileJournalWriter(std::string path);
    ~ProfileJournalWriter();
    ProfileJournalWriter(const ProfileJournalWriter&) = delete;
    ProfileJournalWriter& operator=(const ProfileJournalWriter&) = delete;

    // Appends what `profile` holds beyond what earlier calls wrote: frames and stacks past the
    // ones written, the tasks listed in changedTasks (indexes into profile.tasks), samples from
    // firstSample on, and the info. One write(). Throws FormatError (a full disk).
    void append(const ProfileTables& profile, const std::vector<std::uint32_t>& changedTasks, std::size_t firstSample);
    // The same for what a builder holds: its frames (kept apart from its tables) and its changed tasks.
    void append(const ProfileBuilder& builder, std::size_t firstSample);
    void sync();

    const std::string& path() const { return m_path; }

private:
    template <typename FrameAt>
    void beginBatch(std::size_t frameCount, FrameAt frameAt);
    void finishBatch(std::size_t frameCount, const ProfileTables& profile, const std::vector<std::uint32_t>& changedTasks,
                     std::size_t firstSample);

    std::string m_path;
    int m_fd = -1;
    std::size_t m_framesWritten = 0;
    std::size_t m_stacksWritten = 0;
    std::string m_batch; // reused for every append
};

struct ProfileJournalContents {
    ProfileTables profile;
    std::uint64_t ignoredTailBytes = 0; // a torn batch at the end (a recorder that died mid-write)
};

// What a scan found: everything but the samples, and where the samples are.
struct ProfileJournalScan {
    ProfileTables tables;               // frames, stacks, tasks and info; no samples
    std::uint64_t samples = 0;          // in whole records before the tear
    bool hasPeriods = false;            // some samples have a 'W' record (the others weigh 1)
    std::uint64_t ignoredTailBytes = 0;
    struct SampleRecord {
        std::uint64_t offset = 0;        // of the first sample in the file
        std::uint32_t count = 0;
        std::uint64_t periodsOffset = 0; // of the first period, 0 when the record has none
    };
    std::vector<SampleRecord> sampleRecords;
};

// Reads the journal's tables and checks the whole file as readProfileJournal does (the samples'
// stacks against the final stack table too). Throws FormatError when the file is not a profile
// journal or its records contradict each other.
ProfileJournalScan scanProfileJournal(const std::string& path);

// A sample as the journal holds it, with its period (1 in a record without periods).
struct JournalSample {
    std::int64_t timeNs = 0;
    std::uint32_t cpu = 0;
    std::uint32_t pid = 0;
    std::uint32_t tid = 0;
    std::uint32_t stack = 0;
    std::uint64_t period = 1;
};

// Calls visit with the samples the scan found, in journal order, at most some thousands at a
// time; endOfRecord is true for the last block of each record (one drain of the sampler). Throws
// FormatError when the file cannot be read or changed since the scan.
void readJournalSamples(const std::string& path, const ProfileJournalScan& scan,
                        const std::function<void(std::span<const JournalSample> samples, bool endOfRecord)>& visit);

// Reads a journal into tables and validates them (scan, then every sample into memory: for tests
// and small journals; `pack` streams instead). Throws FormatError like scanProfileJournal.
ProfileJournalContents readProfileJournal(const std::string& path);

} // namespace runlens::format
