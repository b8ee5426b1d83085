// Work shared among a few threads that each take items from a common counter until none is left.
#pragma once

#include <algorithm>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace runlens::format {

// The threads worth starting for `items` independent items: one per core, no more than items.
inline unsigned threadsFor(std::size_t items)
{
    return unsigned(std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, std::max<std::size_t>(items, 1)));
}

// Runs `work` on the calling thread and on up to threads - 1 more, and returns when every call has
// returned. `work` must take its items from a shared counter (so that any number of threads does
// all of them) and must not throw on a helper thread: an exception there would end the program,
// so each item catches what it may throw. When no thread can be started (std::system_error, or
// std::bad_alloc for its state when memory is short), those started and the calling thread do
// the work.
template<typename Work>
void runOnThreads(unsigned threads, const Work& work)
{
    std::vector<std::jthread> helpers;
    try {
        helpers.reserve(threads > 1 ? threads - 1 : 0);
        for (unsigned i = 1; i < threads; ++i)
            helpers.emplace_back(work);
    } catch (const std::exception&) {
    }
    work();
    // The helpers are joined as they go out of scope.
}

} // namespace runlens::format
