// A process with a known profile, for the stack sampler's tests and benchmark. Built with frame
// pointers and without sanitizers, so that its stacks look like those of a normal program.
//
//   rl_prof_target hot SECONDS        spins in runlens_profile_hot_function
//   rl_prof_target syscalls SECONDS   reads /dev/zero in small pieces: time in the kernel
//   rl_prof_target short SECONDS      spins in runlens_profile_short_lived_function, then exits
//   rl_prof_target mixed SECONDS      a mix of call chains, system calls and sorting (benchmark load)
//   rl_prof_target distinct SECONDS STACKS SEED
//                                     walks STACKS distinct call paths, 30 frames deep through 64
//                                     functions, each in turn at random: a profile with that many
//                                     distinct stacks (the big-host benchmark's load)
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

double now()
{
    timespec t {};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

volatile unsigned long g_sink = 0;

} // namespace

// extern "C" and noinline: one stable symbol name the tests look for.
extern "C" __attribute__((noinline)) void runlens_profile_hot_function(unsigned long rounds)
{
    unsigned long x = g_sink;
    for (unsigned long i = 0; i < rounds; ++i)
        x = x * 6364136223846793005ul + 1442695040888963407ul;
    g_sink = x;
}

extern "C" __attribute__((noinline)) void runlens_profile_short_lived_function(unsigned long rounds)
{
    unsigned long x = g_sink;
    for (unsigned long i = 0; i < rounds; ++i)
        x = (x ^ (x >> 7)) * 0x9E3779B97F4A7C15ul + i;
    g_sink = x;
}

extern "C" __attribute__((noinline)) void runlens_profile_read_zero(int fd, char* buffer, int rounds)
{
    for (int i = 0; i < rounds; ++i) {
        if (::read(fd, buffer, 4096) < 0)
            std::abort();
    }
}

extern "C" __attribute__((noinline)) void runlens_profile_sort(std::vector<unsigned>& values)
{
    for (auto& value : values) {
        g_sink = g_sink * 1103515245u + 12345u;
        value = unsigned(g_sink);
    }
    std::sort(values.begin(), values.end());
}

extern "C" __attribute__((noinline)) void runlens_profile_depth(int depth, unsigned long rounds)
{
    if (depth == 0)
        runlens_profile_hot_function(rounds);
    else
        runlens_profile_depth(depth - 1, rounds);
    g_sink = g_sink + 1; // not a tail call: every level stays on the stack
}

namespace {

// The distinct mode's call paths: function indices, kPathDepth of them per path.
constexpr int kPathDepth = 30;
constexpr int kPathFunctions = 64;
// Paths of a group share their first kSharedDepth functions, as stacks of a real program share
// their outer frames: about 5 new stack-tree nodes per path, like the benchmark's synthetic hour.
constexpr int kSharedDepth = 25;
constexpr unsigned kPathsPerGroup = 64;

using PathStep = void (*)(const unsigned char* path, int depth);
extern PathStep g_pathSteps[kPathFunctions];

// 64 distinct functions (and symbols): runlens_path_step<0> ... <63>. Not a tail call, so that
// every level stays on the stack.
template<int N>
__attribute__((noinline)) void runlens_path_step(const unsigned char* path, int depth)
{
    if (depth + 1 < kPathDepth)
        g_pathSteps[path[depth + 1]](path, depth + 1);
    else
        runlens_profile_hot_function(3'000);
    g_sink = g_sink + N;
}

template<int... N>
constexpr std::array<PathStep, sizeof...(N)> pathSteps(std::integer_sequence<int, N...>)
{
    return {&runlens_path_step<N>...};
}

constexpr auto kPathStepArray = pathSteps(std::make_integer_sequence<int, kPathFunctions>());
PathStep g_pathSteps[kPathFunctions];

std::uint64_t splitMix(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void walkDistinctPaths(double end, unsigned pathCount, std::uint64_t seed)
{
    std::copy(kPathStepArray.begin(), kPathStepArray.end(), g_pathSteps);
    std::vector<unsigned char> paths(std::size_t(pathCount) * kPathDepth);
    for (unsigned path = 0; path < pathCount; ++path) {
        unsigned char* steps = &paths[std::size_t(path) * kPathDepth];
        std::uint64_t shared = 0x5eed0000ull + path / kPathsPerGroup;
        std::uint64_t own = 0xabcd00000000ull + path;
        for (int depth = 0; depth < kPathDepth; ++depth)
            steps[depth] = (unsigned char)(splitMix(depth < kSharedDepth ? shared : own) % kPathFunctions);
    }
    std::uint64_t pick = seed;
    while (now() < end) {
        for (int i = 0; i < 1000; ++i) {
            const unsigned path = unsigned(splitMix(pick) % pathCount);
            const unsigned char* steps = &paths[std::size_t(path) * kPathDepth];
            g_pathSteps[steps[0]](steps, 0);
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc >= 3 && std::strcmp(argv[1], "distinct") == 0) {
        const unsigned pathCount = argc > 3 ? unsigned(std::max(1L, std::atol(argv[3]))) : 200'000u;
        const std::uint64_t seed = argc > 4 ? std::uint64_t(std::atoll(argv[4])) : 1;
        walkDistinctPaths(now() + std::atof(argv[2]), pathCount, seed);
        return 0;
    }
    if (argc != 3) {
        std::fprintf(stderr, "usage: rl_prof_target hot|syscalls|short|mixed SECONDS\n"
                             "       rl_prof_target distinct SECONDS [STACKS [SEED]]\n");
        return 2;
    }
    const char* mode = argv[1];
    const double seconds = std::atof(argv[2]);
    const double end = now() + seconds;
    if (std::strcmp(mode, "hot") == 0) {
        while (now() < end)
            runlens_profile_hot_function(2'000'000);
    } else if (std::strcmp(mode, "short") == 0) {
        while (now() < end)
            runlens_profile_short_lived_function(2'000'000);
    } else if (std::strcmp(mode, "syscalls") == 0) {
        const int fd = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
        char buffer[4096];
        while (now() < end)
            runlens_profile_read_zero(fd, buffer, 1000);
        ::close(fd);
    } else if (std::strcmp(mode, "mixed") == 0) {
        const int fd = ::open("/dev/zero", O_RDONLY | O_CLOEXEC);
        char buffer[4096];
        std::vector<unsigned> values(20000);
        for (int round = 0; now() < end; ++round) {
            runlens_profile_depth(round % 24, 200'000);
            runlens_profile_read_zero(fd, buffer, 50);
            runlens_profile_sort(values);
        }
        ::close(fd);
    } else {
        std::fprintf(stderr, "rl_prof_target: unknown mode %s\n", mode);
        return 2;
    }
    return 0;
}
