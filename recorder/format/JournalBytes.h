// Little helpers shared by the recorder's append-only journals (Spool, ProfileJournal): values
// appended as their host bytes, texts with a 16-bit length, and bounds-checked reads back.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace runlens::format::journal {

template<typename T>
void put(std::string& out, T value)
{
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

// Texts longer than 64 KiB - 1 are cut: journals carry names, not documents.
inline void putText(std::string& out, std::string_view text)
{
    const std::size_t size = std::min<std::size_t>(text.size(), 0xffff);
    put<std::uint16_t>(out, std::uint16_t(size));
    out.append(text.substr(0, size));
}

// Reads a value at `at` and advances; false when fewer bytes remain (a torn or corrupt record).
template<typename T>
bool take(const std::string& in, std::size_t& at, T& value)
{
    if (in.size() - at < sizeof(T))
        return false;
    std::memcpy(&value, in.data() + at, sizeof(T));
    at += sizeof(T);
    return true;
}

inline bool takeText(const std::string& in, std::size_t& at, std::string& text)
{
    std::uint16_t size = 0;
    if (!take(in, at, size) || in.size() - at < size)
        return false;
    text.assign(in, at, size);
    at += size;
    return true;
}

} // namespace runlens::format::journal
