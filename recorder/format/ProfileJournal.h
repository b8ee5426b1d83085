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
//   'P' samples: u32 count, then per sample: i64 time, u32 cpu, u32 pid, u32 tid, u32 stack
//   'W' periods: u32 count, then per sample of the 'P' record before it: u64 period (only for
//                profiles whose samples weigh differently; samples without one weigh 1)
//   'I' info:    the info JSON object as text; the last one wins
// All integers little-endian. Kinds: 0 kernel, 1 user, 2 jit, 3 unknown.
#pragma once

#include "ProfileTables.h"

#include <cstdint>
#include <string>

namespace runlens::format {

namespace spool {
inline constexpr const char* kProfileJournal = "profile.journal";
} // namespace spool

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
    void sync();

    const std::string& path() const { return m_path; }

private:
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

// Reads a journal into tables and validates them. Throws FormatError when the file is not a
// profile journal or its records contradict each other.
ProfileJournalContents readProfileJournal(const std::string& path);

} // namespace runlens::format
