// Fills ProfileTables from an importer's stream of samples: interns frames and stacks (the stack
// prefix tree) and tasks through hash maps, so that a profile of millions of samples costs one
// lookup per frame and no string copies for frames seen before.
#pragma once

#include "ProfileTables.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

// The pid of a task whose process is unknown: `perf script` prints only the thread id by default
// (stackcollapse-perf.pl writes "?" for it).
inline constexpr std::uint32_t kUnknownPid = 0xffffffffu;

// Key under ProfileTables::info holding the raw addresses of unresolved frames, as an object
// {"<frame id>": "<address as printed>"}: `runlens convert --addrs` prints them.
inline constexpr const char* kFrameAddressesKey = "frame_addresses";

// Open addressing for 64-bit keys: std::unordered_map allocates a node per entry, which is what
// the stack interning of a 150 MB/s parser cannot afford.
class U64Map
{
public:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);
    U64Map() { m_slots.assign(1024, Slot{kEmpty, 0}); }

    // The value for key, inserting `value` when absent; `inserted` says which happened.
    std::uint32_t findOrInsert(std::uint64_t key, std::uint32_t value, bool& inserted)
    {
        if ((m_size + 1) * 4 > m_slots.size() * 3)
            grow();
        std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) {
            Slot& slot = m_slots[i];
            if (slot.key == key) {
                inserted = false;
                return slot.value;
            }
            if (slot.key == kEmpty) {
                slot = {key, value};
                ++m_size;
                inserted = true;
                return value;
            }
        }
    }
    const std::uint32_t* find(std::uint64_t key) const
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = mix(key) & mask;; i = (i + 1) & mask) {
            const Slot& slot = m_slots[i];
            if (slot.key == key)
                return &slot.value;
            if (slot.key == kEmpty)
                return nullptr;
        }
    }
    void reserve(std::size_t count)
    {
        while (count * 4 > m_slots.size() * 3)
            grow();
    }

private:
    struct Slot {
        std::uint64_t key;
        std::uint32_t value;
    };
    static std::size_t mix(std::uint64_t key)
    {
        key ^= key >> 33;
        key *= 0xff51afd7ed558ccdULL;
        key ^= key >> 33;
        return std::size_t(key);
    }
    void grow()
    {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(old.size() * 2, Slot{kEmpty, 0});
        m_size = 0;
        bool inserted = false;
        for (const Slot& slot : old) {
            if (slot.key != kEmpty)
                findOrInsert(slot.key, slot.value, inserted);
        }
    }
    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

// Open addressing from byte strings to 32-bit values, the keys copied into one arena: the
// importers look up every frame line, and a node-based map costs a pointer chase and a division
// per lookup.
class StringTable
{
public:
    StringTable() { m_slots.assign(1024, Slot{}); }
    static std::uint64_t hash(std::string_view key) { return std::hash<std::string_view>{}(key); }

    const std::uint32_t* find(std::string_view key, std::uint64_t hash) const
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = std::size_t(hash) & mask;; i = (i + 1) & mask) {
            const Slot& slot = m_slots[i];
            if (slot.length == kEmpty)
                return nullptr;
            if (slot.hash == hash && slot.length == key.size()
                && std::string_view(m_arena.data() + slot.offset, slot.length) == key)
                return &slot.value;
        }
    }
    // The key must be absent.
    void insert(std::string_view key, std::uint64_t hash, std::uint32_t value)
    {
        if ((m_size + 1) * 4 > m_slots.size() * 3)
            grow();
        const std::size_t offset = m_arena.size();
        m_arena.append(key);
        place({hash, offset, std::uint32_t(key.size()), value});
        ++m_size;
    }
    std::size_t size() const { return m_size; }
    std::size_t arenaBytes() const { return m_arena.size(); }

private:
    static constexpr std::uint32_t kEmpty = 0xffffffffu;
    struct Slot {
        std::uint64_t hash = 0;
        std::size_t offset = 0;
        std::uint32_t length = kEmpty;
        std::uint32_t value = 0;
    };
    void place(const Slot& entry)
    {
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = std::size_t(entry.hash) & mask;
        while (m_slots[i].length != kEmpty)
            i = (i + 1) & mask;
        m_slots[i] = entry;
    }
    void grow()
    {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(old.size() * 2, Slot{});
        for (const Slot& slot : old) {
            if (slot.length != kEmpty)
                place(slot);
        }
    }
    std::vector<Slot> m_slots;
    std::string m_arena;
    std::size_t m_size = 0;
};

struct StringViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

class ProfileBuilder
{
public:
    ProfileBuilder();

    // Same symbol and module (and address, for unresolved frames) = same frame.
    std::uint32_t frame(std::string_view symbol, std::string_view module, runlens::format::FrameKind kind,
                        std::string_view address = {});
    // The stack `frame` called from `parent` (kNoStack for an outermost frame).
    std::uint32_t stack(std::uint32_t parent, std::uint32_t frame)
    {
        const std::uint64_t key = (std::uint64_t(parent) << 32) | frame;
        bool inserted = false;
        const auto id = m_stackIds.findOrInsert(key, std::uint32_t(m_tables.stacks.size()), inserted);
        if (inserted)
            m_tables.stacks.push_back({parent, frame});
        return id;
    }
    // Records the thread's process and command (the last one reported wins).
    void task(std::uint32_t tid, std::uint32_t pid, std::string_view command)
    {
        // Consecutive samples mostly come from the same thread.
        if (m_lastTask < m_tables.tasks.size() && m_tables.tasks[m_lastTask].tid == tid
            && m_tables.tasks[m_lastTask].pid == pid && m_tables.tasks[m_lastTask].command == command)
            return;
        updateTask(tid, pid, command);
    }
    void sample(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack)
    {
        auto& samples = m_tables.samples;
        samples.timeNs.push_back(timeNs);
        samples.cpu.push_back(cpu);
        samples.pid.push_back(pid);
        samples.tid.push_back(tid);
        samples.stack.push_back(stack);
    }
    std::size_t sampleCount() const { return m_tables.samples.size(); }
    runlens::format::ProfileTables& tables() { return m_tables; }
    // The tables, with sample times made relative to the first sample.
    runlens::format::ProfileTables take(bool rebaseTimes);

private:
    runlens::format::ProfileTables m_tables;
    std::unordered_map<std::string, std::uint32_t, StringViewHash, std::equal_to<>> m_frameIds;
    std::string m_key;
    U64Map m_stackIds;
    void updateTask(std::uint32_t tid, std::uint32_t pid, std::string_view command);

    std::unordered_map<std::uint32_t, std::uint32_t> m_taskIndex; // tid -> index in tasks
    std::size_t m_lastTask = std::size_t(-1);
    nlohmann::json m_addresses = nlohmann::json::object();
};
