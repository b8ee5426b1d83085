// Open-addressing hash tables for interning profiles: std::unordered_map allocates a node per entry
// and chases a pointer per lookup, which a parser of hundreds of megabytes per second cannot afford.
#pragma once

#include "LargeArrays.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace runlens::format {

__extension__ typedef unsigned __int128 HashProduct; // GCC and Clang, on x86-64 and arm64

// A fast hash of bytes for these tables (not for anything stored or compared across runs): 32
// bytes per step in two independent lanes of 64x64->128-bit multiplications; on the text the perf
// script parser interns about 1.4 times as fast as std::hash on frame lines (80 bytes) and 2.4
// times on blocks of them (2 KB). Keys are always compared in full after a hash match, so a
// collision costs time, never a wrong result.
inline std::uint64_t hashBytes(std::string_view bytes)
{
    constexpr std::uint64_t k0 = 0xa0761d6478bd642fULL;
    constexpr std::uint64_t k1 = 0xe7037ed1a0b428dbULL;
    constexpr std::uint64_t k2 = 0x8ebc6af09c88c6e3ULL;
    constexpr std::uint64_t k3 = 0x589965cc75374cc3ULL;
    const auto mum = [](std::uint64_t a, std::uint64_t b) {
        const HashProduct product = static_cast<HashProduct>(a) * b;
        return std::uint64_t(product) ^ std::uint64_t(product >> 64);
    };
    const auto load64 = [](const char* at) {
        std::uint64_t value = 0;
        std::memcpy(&value, at, sizeof value);
        return value;
    };
    const auto load32 = [](const char* at) {
        std::uint32_t value = 0;
        std::memcpy(&value, at, sizeof value);
        return std::uint64_t(value);
    };
    const char* p = bytes.data();
    std::size_t left = bytes.size();
    std::uint64_t a = k0 ^ bytes.size();
    std::uint64_t b = k1;
    for (; left > 32; p += 32, left -= 32) {
        a = mum(load64(p) ^ k1, load64(p + 8) ^ a);
        b = mum(load64(p + 16) ^ k2, load64(p + 24) ^ b);
    }
    // The last 0 to 32 bytes, read as overlapping words.
    std::uint64_t x = 0, y = 0, z = 0, w = 0;
    if (left > 16) {
        x = load64(p);
        y = load64(p + 8);
        z = load64(p + left - 16);
        w = load64(p + left - 8);
    } else if (left >= 8) {
        x = load64(p);
        y = load64(p + left - 8);
    } else if (left >= 4) {
        x = load32(p);
        y = load32(p + left - 4);
    } else if (left > 0) {
        x = (std::uint64_t(static_cast<unsigned char>(p[0])) << 16) | (std::uint64_t(static_cast<unsigned char>(p[left / 2])) << 8)
          | std::uint64_t(static_cast<unsigned char>(p[left - 1]));
    }
    a = mum(x ^ k1, y ^ a);
    b = mum(z ^ k2, w ^ b);
    return mum(a ^ k3, b ^ k0 ^ bytes.size());
}

// Spreads small, dense 64-bit keys (pairs of ids) over a table's slots (MurmurHash3's finaliser).
inline std::uint64_t mixKey(std::uint64_t key)
{
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    return key;
}

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
        std::size_t size = m_slots.size();
        while (count * 4 > size * 3)
            size *= 2;
        if (size > m_slots.size())
            rehash(size); // once, not once a doubling
    }

private:
    struct Slot {
        std::uint64_t key;
        std::uint32_t value;
    };
    static std::size_t mix(std::uint64_t key) { return std::size_t(mixKey(key)); }
    void grow() { rehash(m_slots.size() * 2); }
    void rehash(std::size_t size)
    {
        std::vector<Slot> old = std::move(m_slots);
        m_slots = largeVector(size, Slot{kEmpty, 0});
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

// 32-bit ids whose keys the caller keeps, in the table the ids index: 4 bytes a slot, where a
// map that holds its keys takes 16 or more. A recording of an hour with 200,000 distinct stacks
// interns about a million (parent, frame) pairs, and its memory budget is 30 MB. The caller passes
// a key's hash and a test `isKey(id)` to look up, and `hashOf(id)` to insert (which rehashes the
// kept keys when the table grows).
//
// The slots are split into 64 shards by the hash's top bits, each grown on its own: growing holds
// the old and the new slots of one shard at once, a 64th of the table, where one table held both
// of everything (for the recorder's million pairs, about 4 MB old and 6 MB new at once: the
// largest single item of its peak, measured with heaptrack). A shard grows by a quarter, not
// double, at a load of 0.8, and a hash picks its slot by its next bits scaled to the shard's size
// (Lemire's fastrange), so the size need not be a power of two: a load of 0.64 to 0.8, where
// doubling at 0.75 gives 0.375 to 0.75. Lookups mostly find their key (a stack seen before), which
// linear probing reaches in 3 probes at most on average at 0.8; the table is 40 % smaller.
class IdTable
{
public:
    static constexpr std::uint32_t kNone = 0xffffffffu;
    IdTable()
    {
        for (Shard& shard : m_shards)
            shard.cells.assign(kFirstShardSlots, kNone);
    }

    // The id whose key this is, or kNone.
    template <typename IsKey>
    std::uint32_t find(std::uint64_t hash, IsKey isKey) const
    {
        const Shard& shard = m_shards[shardOf(hash)];
        const std::size_t size = shard.cells.size();
        for (std::size_t i = slotOf(shard, hash);; i = i + 1 == size ? 0 : i + 1) {
            const std::uint32_t id = shard.cells[i];
            if (id == kNone || isKey(id))
                return id;
        }
    }
    // `id`'s key must be absent.
    template <typename HashOf>
    void insert(std::uint64_t hash, std::uint32_t id, HashOf hashOf)
    {
        Shard& shard = m_shards[shardOf(hash)];
        if ((shard.size + 1) * 5 > shard.cells.size() * 4) {
            std::vector<std::uint32_t> old = std::move(shard.cells);
            shard.cells.assign(old.size() + old.size() / 4, kNone);
            for (const std::uint32_t kept : old) {
                if (kept != kNone)
                    place(shard, hashOf(kept), kept);
            }
        }
        place(shard, hash, id);
        ++shard.size;
    }
    // Room for about `count` ids before any shard grows (the hash spreads them evenly).
    void reserve(std::size_t count)
    {
        const std::size_t perShard = count / kShards + 1;
        for (Shard& shard : m_shards) {
            std::size_t wanted = shard.cells.size();
            while (perShard * 5 > wanted * 4)
                wanted += wanted / 4;
            if (shard.size == 0 && wanted != shard.cells.size())
                shard.cells.assign(wanted, kNone);
        }
    }

private:
    static constexpr std::size_t kShardBits = 6;
    static constexpr std::size_t kShards = std::size_t(1) << kShardBits;
    static constexpr std::size_t kFirstShardSlots = 16; // 1,024 in all, as one table had
    struct Shard {
        std::vector<std::uint32_t> cells; // not "slots": Qt defines that word away
        std::size_t size = 0;
    };
    static std::size_t shardOf(std::uint64_t hash) { return std::size_t(hash >> (64 - kShardBits)); }
    // The bits below the shard's pick the slot.
    static std::size_t slotOf(const Shard& shard, std::uint64_t hash)
    {
        return std::size_t((static_cast<HashProduct>(hash << kShardBits) * shard.cells.size()) >> 64);
    }
    static void place(Shard& shard, std::uint64_t hash, std::uint32_t id)
    {
        const std::size_t size = shard.cells.size();
        std::size_t i = slotOf(shard, hash);
        while (shard.cells[i] != kNone)
            i = i + 1 == size ? 0 : i + 1;
        shard.cells[i] = id;
    }
    Shard m_shards[kShards];
};

// Bytes copied into chunks that never move, so that views of them stay valid while more are
// added. Growing copies nothing, unlike a std::string or std::vector of all the bytes, which holds
// twice its size while it grows. Chunks start at 4 KiB and double up to 1 MiB (or a longer
// string's size): a small table (the builder of one chunk of a text read in parallel, a batch)
// does not map and fault in a megabyte it never fills.
class ByteArena
{
public:
    std::string_view store(std::string_view bytes)
    {
        if (m_chunks.empty() || m_chunkSize - m_chunkUsed < bytes.size()) {
            const std::size_t grown = m_chunks.empty() ? kFirstChunkBytes : std::min(kChunkBytes, 2 * m_chunkSize);
            m_chunkSize = std::max(grown, bytes.size());
            m_chunks.push_back(std::make_unique_for_overwrite<char[]>(m_chunkSize));
            m_chunkUsed = 0;
        }
        char* at = m_chunks.back().get() + m_chunkUsed;
        if (!bytes.empty())
            std::memcpy(at, bytes.data(), bytes.size());
        m_chunkUsed += bytes.size();
        m_bytes += bytes.size();
        return {at, bytes.size()};
    }
    void clear()
    {
        m_chunks.clear();
        m_chunkUsed = m_chunkSize = m_bytes = 0;
    }
    // The bytes stored.
    std::size_t bytes() const { return m_bytes; }

private:
    static constexpr std::size_t kFirstChunkBytes = std::size_t(1) << 12;
    static constexpr std::size_t kChunkBytes = std::size_t(1) << 20;
    std::vector<std::unique_ptr<char[]>> m_chunks;
    std::size_t m_chunkUsed = 0;
    std::size_t m_chunkSize = 0;
    std::size_t m_bytes = 0;
};

// Byte strings to 32-bit values, the keys copied into an arena of chunks (which never move: the
// slots point at the keys, and growing copies nothing) or, with insertBorrowed(), not copied.
class StringTable
{
public:
    StringTable() { m_slots.assign(1024, Slot{}); }
    static std::uint64_t hash(std::string_view key) { return hashBytes(key); }

    const std::uint32_t* find(std::string_view key, std::uint64_t hash) const
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = std::size_t(hash) & mask;; i = (i + 1) & mask) {
            const Slot& slot = m_slots[i];
            if (slot.length == kEmpty)
                return nullptr;
            if (slot.hash == hash && slot.length == key.size() && (key.empty() || std::memcmp(slot.key, key.data(), key.size()) == 0))
                return &slot.value;
        }
    }
    // The key must be absent.
    void insert(std::string_view key, std::uint64_t hash, std::uint32_t value)
    {
        add(m_arena.store(key).data(), key.size(), hash, value);
    }
    // The key must be absent, and its bytes stay where they are until clear() or the table's end.
    void insertBorrowed(std::string_view key, std::uint64_t hash, std::uint32_t value)
    {
        add(key.data(), key.size(), hash, value);
    }
    // Forgets every key, keeping the slots' memory.
    void clear()
    {
        std::fill(m_slots.begin(), m_slots.end(), Slot{});
        m_arena.clear();
        m_size = 0;
    }
    std::size_t size() const { return m_size; }
    // The bytes of the keys copied.
    std::size_t arenaBytes() const { return m_arena.bytes(); }

private:
    static constexpr std::uint32_t kEmpty = 0xffffffffu;
    struct Slot {
        std::uint64_t hash = 0;
        const char* key = nullptr;
        std::uint32_t length = kEmpty;
        std::uint32_t value = 0;
    };
    void add(const char* key, std::size_t length, std::uint64_t hash, std::uint32_t value)
    {
        if ((m_size + 1) * 4 > m_slots.size() * 3)
            grow();
        place({hash, key, std::uint32_t(length), value});
        ++m_size;
    }
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
    ByteArena m_arena;
    std::size_t m_size = 0;
};

// For std::unordered_map<std::string, ...> looked up by string_view without a copy.
struct StringViewHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

} // namespace runlens::format
