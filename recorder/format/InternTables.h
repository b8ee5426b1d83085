// Open-addressing hash tables for interning profiles: std::unordered_map allocates a node per entry
// and chases a pointer per lookup, which a parser of hundreds of megabytes per second cannot afford.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::format {

// 64-bit keys (all bits set is reserved) to 32-bit values.
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
        const std::size_t mask = m_slots.size() - 1;
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
        key ^= key >> 33; // ids are small and dense: spread them over the table
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

// Byte strings to 32-bit values, the keys copied into one arena.
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

// For std::unordered_map<std::string, ...> looked up by string_view without a copy.
struct StringViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

} // namespace runlens::format
