// Arrays of hundreds of megabytes that are filled once and then read (an hour's sample columns,
// the profile index's entries) are asked to be backed by huge pages. Filling them costs a page
// fault for every 4 KiB page otherwise, and page faults are slow under virtual machines: on one
// such machine, zeroing the gigabyte of an hour's columns of cycles took 2 s on two cores with
// small pages and a tenth of that with huge ones. A hint only: where the kernel has no
// transparent huge pages, or they are off, nothing changes.
#pragma once

#include <cstddef>
#include <vector>

namespace runlens::format {

// Asks for huge pages over the whole pages within [data, data + bytes), which should not have been
// touched yet (a page already faulted in stays as it is until the kernel's background merge).
// Nothing for less than a few megabytes, where a huge page would mostly be waste.
void adviseHugePages(const void* data, std::size_t bytes);

// Reserves `count` elements, in huge pages where the reservation is new and large. Reserved, not
// sized: the pages are faulted in as the vector is filled, so what is never written is never
// resident (less than one huge page of it).
template<typename T>
void reserveLarge(std::vector<T>& vector, std::size_t count)
{
    if (count <= vector.capacity())
        return;
    vector.reserve(count);
    adviseHugePages(vector.data() + vector.size(), (vector.capacity() - vector.size()) * sizeof(T));
}

// A vector of `count` copies of `value`, in huge pages where it is large: for the tables of
// hundreds of thousands of entries that a pass fills at random (sums by stack, hash tables).
template<typename T>
std::vector<T> largeVector(std::size_t count, const T& value = T())
{
    std::vector<T> vector;
    reserveLarge(vector, count);
    vector.assign(count, value);
    return vector;
}

} // namespace runlens::format
