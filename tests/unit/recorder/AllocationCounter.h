// Counts the heap allocations this thread makes while g_countAllocations is set, so that a test
// can show a collector's sample() allocates nothing once it has seen its files. Replaces the
// global operator new: include it in exactly one file of a test executable.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <new>

// With optimisation GCC inlines these into std::allocator and then sees free() on memory from
// operator new: here both are this file's malloc and free, so the warning does not apply.
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"

inline thread_local bool g_countAllocations = false;
inline thread_local std::size_t g_allocations = 0;

void* operator new(std::size_t size)
{
    if (g_countAllocations)
        ++g_allocations;
    if (void* memory = std::malloc(size ? size : 1)) // NOLINT: the replacement allocator itself
        return memory;
    throw std::bad_alloc();
}

// std::stable_sort and friends use the nothrow form; it must come from the same allocator as the
// delete below, or AddressSanitizer reports a mismatch.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept
{
    if (g_countAllocations)
        ++g_allocations;
    return std::malloc(size ? size : 1); // NOLINT: the replacement allocator itself
}

void operator delete(void* memory) noexcept
{
    std::free(memory); // NOLINT
}

void operator delete(void* memory, std::size_t) noexcept
{
    std::free(memory); // NOLINT
}
